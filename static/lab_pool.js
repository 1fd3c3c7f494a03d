// The lab's Web Workers (src/bin/lab_worker.rs): this file starts and stops them and moves
// messages; what to measure, in which order, and what the answers mean are decided by the
// page's WebAssembly (src/ui/lab_pool.rs, src/filter/lab_tasks.rs).
//
// poolStart(size, next, answer): makes the pool `size` workers (starting new ones, stopping
// extra ones) and hands each idle worker `next()`, a Float64Array request or undefined when
// there is nothing to do. Each answer goes to `answer(data)`. When a worker fails, every
// worker is stopped and `answer` gets the failure's text instead.
// poolWake(): asks `next()` again for every idle worker (after a pause ends, or when new
// work is queued).
const SCRIPT = 'lab_worker_loader.js';
let workers = [];
let nextRequest = () => undefined;
let deliver = () => {};

function feed() {
  for (const entry of workers) {
    if (!entry.ready || entry.busy) continue;
    const request = nextRequest();
    if (request === undefined) return;
    entry.busy = true;
    entry.worker.postMessage(request);
  }
}

function fail(event) {
  event.preventDefault();
  for (const entry of workers) entry.worker.terminate();
  workers = [];
  deliver(String(event.message || SCRIPT));
}

function start() {
  const entry = { worker: new Worker(SCRIPT, { type: 'module' }), ready: false, busy: false };
  entry.worker.onmessage = (event) => {
    if (typeof event.data === 'string') {
      entry.ready = true;
    } else {
      entry.busy = false;
      deliver(event.data);
    }
    feed();
  };
  entry.worker.onerror = fail;
  return entry;
}

export function poolStart(size, next, answer) {
  nextRequest = next;
  deliver = answer;
  while (workers.length > size) workers.pop().worker.terminate();
  while (workers.length < size) workers.push(start());
  feed();
}

export function poolWake() {
  feed();
}
