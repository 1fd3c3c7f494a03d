// The page's Web Workers: the lab's pool (src/bin/lab_worker.rs) and the Parquet worker
// (src/bin/parquet_worker.rs). This file starts and stops them and moves messages; what to
// run, in which order, and what the answers mean are decided by the page's WebAssembly
// (src/ui/pool.rs, src/ui/hooks/parquet_reader.rs). A worker says "ready" once it can take
// messages; those posted before would be lost, so they wait.
//
// poolStart(size, next, answer): makes the pool `size` workers (starting new ones, stopping
// extra ones) and keeps each worker holding up to DEPTH requests from `next()` (what to
// post, or undefined when there is nothing to do), so that a worker never waits for the
// page's thread between two tasks. Each answer, and each progress message of a long job
// ({ progress }), goes to `answer(data)`. When a worker fails, every
// worker is stopped and `answer` gets the failure's text instead.
// poolWake(): asks `next()` again for every worker with room (after a pause ends, or when new
// work is queued).
// parquetSend(request, answer): posts `request` ([file, name, value, filter, language]) to
// the Parquet worker, starting it if `request[0]` (the file) is not null; a request without
// a file before any worker is dropped. Until the worker is ready one request waits: the
// latest, which keeps the file of the one it replaces if it has none of its own. Each
// answer ([top, bottom], the view's markup) goes to `answer(top, bottom)`; a failure stops
// the worker and is answered as the file's problem (`data-file-error="unreadable"`).
const DEPTH = 2;
let workers = [];
let nextRequest = () => undefined;
let deliver = () => {};

/** A module worker of `script`: `onReady()` once it is ready, `onAnswer(data)` for the
 * rest, `onFail(text)` when it fails. */
function spawn(script, onReady, onAnswer, onFail) {
  const worker = new Worker(script, { type: 'module' });
  worker.onmessage = (event) => (typeof event.data === 'string' ? onReady() : onAnswer(event.data));
  worker.onerror = (event) => {
    event.preventDefault();
    onFail(String(event.message || script));
  };
  return worker;
}

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

function start() {
  const entry = { ready: false, held: 0 };
  entry.worker = spawn('lab_worker_loader.js', () => {
    entry.ready = true;
    feed();
  }, (data) => {
    if (data.progress) {
      deliver(data.progress);
    } else {
      entry.held -= 1;
      deliver(data);
    }
    feed();
  }, (text) => {
    for (const other of workers) other.worker.terminate();
    workers = [];
    deliver(text);
  });
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

let parquet = null;
let parquetReady = false;
let parquetWaiting = null;
let parquetAnswer = () => {};

export function parquetSend(request, answer) {
  parquetAnswer = answer;
  if (!parquet) {
    if (request[0] === null) return;
    parquetReady = false;
    parquet = spawn('parquet_worker_loader.js', () => {
      parquetReady = true;
      if (parquetWaiting) parquet.postMessage(parquetWaiting);
      parquetWaiting = null;
    }, (data) => parquetAnswer(data[0], data[1]), (text) => {
      parquet.terminate();
      parquet = null;
      parquetWaiting = null;
      const escaped = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      parquetAnswer(`<p id="parquet-file-error" class="field-error" role="alert" data-file-error="unreadable">${escaped}</p>`, '');
    });
  }
  if (parquetReady) {
    parquet.postMessage(request);
  } else {
    if (request[0] === null && parquetWaiting) request = [parquetWaiting[0], parquetWaiting[1], ...request.slice(2)];
    parquetWaiting = request;
  }
}
