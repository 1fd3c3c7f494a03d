// The page's Web Workers (src/bin/lab_worker.rs): this file starts and stops them and moves
// messages; what to run, in which order, and what the answers mean are decided by the
// page's WebAssembly (src/ui/pool.rs).
//
// poolStart(size, next, answer): makes the pool `size` workers (starting new ones, stopping
// extra ones) and keeps each worker holding up to DEPTH requests from `next()` (what to
// post, or undefined when there is nothing to do), so that a worker never waits for the
// page's thread between two tasks. Each answer, and each progress message of a long job
// ({ progress }), goes to `answer(data)`. When a worker fails, every
// worker is stopped and `answer` gets the failure's text instead.
// poolWake(): asks `next()` again for every worker with room (after a pause ends, or when new
// work is queued).
const SCRIPT = 'lab_worker_loader.js';
const DEPTH = 2;
let workers = [];
let nextRequest = () => undefined;
let deliver = () => {};

function feed() {
  for (let round = 0; round < DEPTH; round++) {
    for (const entry of workers) {
      if (!entry.ready || entry.held > round) continue;
      const request = nextRequest();
      if (request === undefined) return;
      entry.held += 1;
      entry.worker.postMessage(request);
    }
  }
}

function fail(event) {
  event.preventDefault();
  for (const entry of workers) entry.worker.terminate();
  workers = [];
  deliver(String(event.message || SCRIPT));
}

function start() {
  const entry = { worker: new Worker(SCRIPT, { type: 'module' }), ready: false, held: 0 };
  entry.worker.onmessage = (event) => {
    if (typeof event.data === 'string') {
      entry.ready = true;
    } else if (event.data.progress) {
      deliver(event.data.progress);
    } else {
      entry.held -= 1;
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
