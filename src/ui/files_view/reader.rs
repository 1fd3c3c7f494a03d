//! The Parquet worker (`src/bin/parquet_worker.rs`, built by Trunk beside the page as
//! `parquet_worker_loader.js`), started the first time a file is opened, so that neither
//! the `parquet` crate nor the code that lays out a file's filters is loaded before. Each
//! message to it is `[request, file]`: the bytes of a [`Request::ShowFile`] and beside them
//! the chosen file's `Blob` (or null). The request names the file to open (that `Blob`, or
//! the bundled example's address) or none, to show the last file again with another value,
//! filter or page. The worker answers [`Answer::FileShown`], a report of what it found,
//! which becomes a [`FilesAction::Shown`]; a worker that fails (a trap, no memory) is
//! stopped and becomes a [`FilesAction::Failed`], and the next request starts another,
//! which opens the last file shown again, so that the view and the value carry on.
//!
//! The worker says `"ready"` once it can take messages; those posted before would be lost,
//! so they wait: the last that opens a file and those after it, in order.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::protocol::{Answer, FileToOpen, Request};
use crate::state::files_view::{FilesAction, FilesShown, EXAMPLE_FILE, EXAMPLE_NAME};

/// The worker's script, built by Trunk beside the page.
const SCRIPT: &str = "parquet_worker_loader.js";

/// A file as the worker is asked to open it: a `Blob` or the example's address, and its name.
type FileAsked = (JsValue, String);

/// The running worker and its handlers (dropping them with it).
struct Running {
    worker: Worker,
    /// Whether the worker said it is ready.
    ready: bool,
    /// Messages posted before it was.
    waiting: Vec<Array>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

thread_local! {
    static WORKER: RefCell<Option<Running>> = const { RefCell::new(None) };
    /// The file the worker showed last: a worker started after one that stopped is asked
    /// for it again.
    static SHOWN_FILE: RefCell<Option<FileAsked>> = const { RefCell::new(None) };
    /// The file asked for and not shown yet.
    static ASKED_FILE: RefCell<Option<FileAsked>> = const { RefCell::new(None) };
    /// Whether the worker stopped since it last answered: it holds no file any more.
    static STOPPED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Asks the worker for `file` (a `Blob` or the example's address, with its name; `None`
/// shows the last file again) with the value, filter and page given.
pub fn send(file: Option<FileAsked>, value: String, filter: usize, page: usize) {
    // A worker that stopped held the file shown: its successor opens it again.
    let file = file.or_else(|| {
        STOPPED
            .get()
            .then(|| SHOWN_FILE.with(|f| f.borrow().clone()))
            .flatten()
    });
    STOPPED.set(false);
    if file.is_some() {
        ASKED_FILE.with(|f| *f.borrow_mut() = file.clone());
    }
    let (open, blob) = match file {
        Some((file, name)) => {
            let address = file.as_string();
            let blob = if address.is_some() {
                JsValue::NULL
            } else {
                file
            };
            (Some(FileToOpen { name, address }), blob)
        }
        None => (None, JsValue::NULL),
    };
    let opens = open.is_some();
    let request = Request::ShowFile {
        open,
        value,
        filter,
        page,
    };
    let message = Array::of2(&Uint8Array::from(&request.encode()[..]), &blob);
    post(message, opens);
}

/// Asks the worker for the bundled example, with the model's value, filter and page.
pub fn open_example() {
    let state = super::model();
    super::apply(FilesAction::OpeningExample);
    super::tell_page(true, state.query.clone());
    let example = (JsValue::from_str(EXAMPLE_FILE), EXAMPLE_NAME.to_owned());
    send(
        Some(example),
        state.query.clone(),
        state.selected,
        state.page,
    );
}

/// Opens a file chosen or dropped on this computer, with the model's value, filter and page.
pub fn open_file(file: web_sys::File) {
    let state = super::model();
    super::apply(FilesAction::Opening);
    super::tell_page(false, state.query.clone());
    let name = file.name();
    send(
        Some((file.into(), name)),
        state.query.clone(),
        state.selected,
        state.page,
    );
}

/// Posts `message` to the worker, starting one when the message `opens` a file (a message
/// that opens none before any worker is dropped: there is nothing to show again).
fn post(message: Array, opens: bool) {
    let started = WORKER.with(|worker| {
        let mut worker = worker.borrow_mut();
        if worker.is_none() {
            if !opens {
                return true;
            }
            *worker = start();
        }
        let Some(running) = worker.as_mut() else {
            return false;
        };
        if running.ready {
            let _ = running.worker.post_message(&message);
        } else {
            if opens {
                running.waiting.clear();
            }
            running.waiting.push(message);
        }
        true
    });
    if !started {
        failed();
    }
}

/// A new worker, or `None` when the browser starts none.
fn start() -> Option<Running> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(SCRIPT, &options).ok()?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
        let data = event.data();
        if data.is_string() {
            ready();
        } else {
            answer(&data);
        }
    });
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(|event: ErrorEvent| {
        event.prevent_default();
        stop();
        failed();
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Running {
        worker,
        ready: false,
        waiting: Vec::new(),
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// The worker said it is ready: the messages that waited go to it.
fn ready() {
    WORKER.with(|worker| {
        if let Some(running) = worker.borrow_mut().as_mut() {
            running.ready = true;
            for message in running.waiting.drain(..) {
                let _ = running.worker.post_message(&message);
            }
        }
    });
}

/// Stops the worker (after it failed). Its handlers are dropped after this event, not in
/// it: the worker is taken out now and dropped once the event has run.
fn stop() {
    let running = WORKER.with(|worker| worker.borrow_mut().take());
    if let Some(running) = running {
        running.worker.terminate();
        wasm_bindgen_futures::spawn_local(async move {
            drop(running);
        });
    }
}

/// The worker stopped (a trap, no memory) or could not be started: the view says so in
/// its own words (the browser's text is in English).
fn failed() {
    ASKED_FILE.with(|f| f.borrow_mut().take());
    STOPPED.set(true);
    super::apply(FilesAction::Failed);
}

/// Takes one answer: the worker's [`Answer::FileShown`]. Any other answer changes nothing.
fn answer(data: &JsValue) {
    let Ok(Answer::FileShown { report }) = Answer::decode(&Uint8Array::new(data).to_vec()) else {
        return;
    };
    // A file the worker could not read leaves it holding the one before.
    let asked = ASKED_FILE.with(|f| f.borrow_mut().take());
    if let Some(asked) = asked.filter(|_| report.error.is_none()) {
        SHOWN_FILE.with(|f| *f.borrow_mut() = Some(asked));
    }
    super::apply(FilesAction::Shown(Rc::new(FilesShown::new(report))));
}
