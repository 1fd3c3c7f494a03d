//! The Parquet worker (`src/bin/parquet_worker.rs`, built by Trunk beside the page as
//! `parquet_worker_loader.js`): started the first time a file is opened, so that neither
//! the `parquet` crate nor the code that lays out a file's filters is part of the first
//! visit. Each request is an array `[file, name, value, filter, language]`: the file a
//! `Blob` (a chosen or dropped `File`), the address of the bundled example, or `null` to
//! show the last file again with another value, filter or language. The worker answers
//! `[top, bottom]`, the markup of [`FilesContent`], which becomes a [`FilesAction::Shown`].

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Array;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::Callback;

use crate::files_markup::FilesContent;
use crate::state::files_view::FilesAction;
use crate::state::Action;

/// The worker's loader, beside the page (a relative address works wherever the page is).
const SCRIPT: &str = "parquet_worker_loader.js";

/// The worker and what waits for it.
#[derive(Default)]
struct Reader {
    /// The worker, once started.
    worker: Option<Worker>,
    /// Whether it has said "ready" (messages posted before are lost).
    ready: bool,
    /// The request posted before it was ready.
    waiting: Option<Array>,
}

/// One request to the worker.
pub struct FilesRequest {
    /// A `Blob`, the example's address, or `None` to show the last file again.
    pub file: Option<JsValue>,
    /// The file's name.
    pub name: String,
    /// The value typed.
    pub value: String,
    /// The filter drawn.
    pub filter: usize,
    /// The page's language key.
    pub lang: &'static str,
}

thread_local! {
    /// The page's one Parquet worker.
    static READER: Rc<RefCell<Reader>> = Rc::default();
}

/// Sends a request to the Parquet worker. A request with a file starts the worker if it is
/// not running; one without is dropped until a file has been sent. The answer is
/// dispatched as [`FilesAction::Shown`]; a worker that cannot start or fails shows its
/// reason as the view's error.
pub fn send(request: FilesRequest, dispatch: &Callback<Action>) {
    let reader = READER.with(Rc::clone);
    if reader.borrow().worker.is_none() {
        if request.file.is_none() {
            return;
        }
        match start(&reader, dispatch.clone()) {
            Ok(worker) => reader.borrow_mut().worker = Some(worker),
            Err(detail) => return failed(dispatch, &detail),
        }
    }
    let message = Array::of5(
        &request.file.unwrap_or(JsValue::NULL),
        &request.name.into(),
        &request.value.into(),
        &JsValue::from(request.filter as u32),
        &request.lang.into(),
    );
    let mut state = reader.borrow_mut();
    match (&state.worker, state.ready) {
        (Some(worker), true) => {
            let _ = worker.post_message(&message);
        }
        _ => state.waiting = Some(message),
    }
}

/// Shows why the worker gave no answer, where a file's problem is shown.
fn failed(dispatch: &Callback<Action>, detail: &str) {
    let mut top = crate::markup::Markup::default();
    top.push(
        "<p id=\"parquet-file-error\" class=\"field-error\" role=\"alert\" data-file-error=\"unreadable\">{}</p>",
        &[&detail],
    );
    let content = FilesContent {
        top: top.into_string(),
        ..FilesContent::default()
    };
    dispatch.emit(Action::Files(FilesAction::Shown(Rc::new(content))));
}

/// Starts the worker: its answers and its failure go to `dispatch`.
fn start(reader: &Rc<RefCell<Reader>>, dispatch: Callback<Action>) -> Result<Worker, String> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(SCRIPT, &options).map_err(|e| format!("{e:?}"))?;
    let on_message = {
        let (reader, dispatch) = (Rc::clone(reader), dispatch.clone());
        Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            let data = event.data();
            if data.as_string().is_some() {
                let mut state = reader.borrow_mut();
                state.ready = true;
                let waiting = state.waiting.take();
                if let (Some(worker), Some(message)) = (&state.worker, waiting) {
                    let _ = worker.post_message(&message);
                }
                return;
            }
            let parts = Array::from(&data);
            let text = |i: u32| parts.get(i).as_string().unwrap_or_default();
            let content = FilesContent {
                top: text(0),
                bottom: text(1),
            };
            dispatch.emit(Action::Files(FilesAction::Shown(Rc::new(content))));
        })
    };
    let on_error = {
        let reader = Rc::clone(reader);
        Closure::<dyn Fn(web_sys::ErrorEvent)>::new(move |event: web_sys::ErrorEvent| {
            event.prevent_default();
            // A worker that failed is dropped, so the next file starts a new one.
            *reader.borrow_mut() = Reader::default();
            failed(&dispatch, &event.message());
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_message.forget();
    on_error.forget();
    Ok(worker)
}
