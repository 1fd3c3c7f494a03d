// The page's Web Workers (the lab's pool, src/bin/lab_worker.rs) and the views that are
// modules of their own. This file starts and stops the workers and moves messages; what to
// run, in which order, and what the answers mean are decided by the page's WebAssembly
// (src/ui/pool.rs). Requests and answers are the bytes of
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

// filtersViewShow, filesViewShow and embedDialogShow(root, message, answer): the filters
// view, the files view and the Embed dialog, each a WebAssembly module of its own
// (src/bin/filters_view.rs, files_view.rs and embed_dialog.rs, built by Trunk as <name>.js
// and <name>_bg.wasm), imported the first time the view (or dialog) is shown. The module's
// `show(root, message, answer)` draws the view into `root` from `message` (bytes); the
// view's messages to the page (bytes) go to `answer`, or the failure's text when the module
// cannot be loaded.
const views = new Map();

function viewShow(name, root, message, answer) {
  if (!views.has(name)) {
    views.set(name, import(new URL(`${name}.js`, document.baseURI).href).then(async (module) => {
      await module.default();
      return module;
    }));
  }
  views.get(name).then((module) => module.show(root, message, answer), (error) => {
    views.delete(name);
    answer(String(error?.message || error));
  });
}

export function filtersViewShow(root, message, answer) {
  viewShow('filters_view', root, message, answer);
}

export function filesViewShow(root, message, answer) {
  viewShow('files_view', root, message, answer);
}

export function embedDialogShow(root, message, answer) {
  viewShow('embed_dialog', root, message, answer);
}
