// The page's Web Workers: the lab's pool (src/bin/lab_worker.rs) and the Parquet worker
// (src/bin/parquet_worker.rs). This file starts and stops them and moves messages; what to
// run, in which order, and what the answers mean are decided by the page's WebAssembly
// (src/ui/pool.rs, src/ui/hooks/parquet_reader.rs). Requests and answers are the bytes of
// the protocol's messages (src/protocol/), which this file passes on without reading. A
// worker says "ready" once it can take messages; those posted before would be lost, so
// they wait.
//
// poolStart(size, next, answer): makes the pool `size` workers (starting new ones, stopping
// extra ones) and keeps each worker holding up to DEPTH requests from `next()` (what to
// post, or undefined when there is nothing to do), so that a worker never waits for the
// page's thread between two tasks. Each answer, and each progress message of a long job
// ({ progress }), goes to `answer(data)`. When a worker fails, every
// worker is stopped and `answer` gets the failure's text instead.
// poolWake(): asks `next()` again for every worker with room (after a pause ends, or when new
// work is queued).
// parquetSend(request, opens, file, answer): posts [request, file] (a request's bytes and
// the chosen file's Blob, or null) to the Parquet worker, starting it if the request
// `opens` a file; a request that opens none before any worker is dropped. Until the worker
// is ready the requests wait: the last that opens a file and those after it, in order.
// Each answer (bytes) goes to `answer(data)`; a failure stops the worker and `answer` gets
// the failure's text instead.
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
let parquetWaiting = [];
let parquetAnswer = () => {};

export function parquetSend(request, opens, file, answer) {
  parquetAnswer = answer;
  if (!parquet) {
    if (!opens) return;
    parquetReady = false;
    parquet = spawn('parquet_worker_loader.js', () => {
      parquetReady = true;
      for (const message of parquetWaiting) parquet.postMessage(message);
      parquetWaiting = [];
    }, (data) => parquetAnswer(data), (text) => {
      parquet.terminate();
      parquet = null;
      parquetWaiting = [];
      parquetAnswer(text);
    });
  }
  if (parquetReady) {
    parquet.postMessage([request, file]);
  } else {
    if (opens) parquetWaiting = [];
    parquetWaiting.push([request, file]);
  }
}

// filtersViewShow(root, message, answer): the filters view, a WebAssembly module of its own
// (src/bin/filters_view.rs, built by Trunk as filters_view.js and filters_view_bg.wasm),
// imported the first time the view is shown. Its `show(root, message, answer)` draws the
// view into `root` from `message` (bytes); the view's messages to the page (bytes) go to
// `answer`, or the failure's text when the module cannot be loaded.
let filtersView = null;

export function filtersViewShow(root, message, answer) {
  filtersView ??= import(new URL('filters_view.js', document.baseURI).href).then(async (module) => {
    await module.default();
    return module;
  });
  filtersView.then((module) => module.show(root, message, answer), (error) => {
    filtersView = null;
    answer(String(error?.message || error));
  });
}
