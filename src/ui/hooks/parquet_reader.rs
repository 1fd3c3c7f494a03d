//! The Parquet worker (`src/bin/parquet_worker.rs`, built by Trunk beside the page as
//! `parquet_worker_loader.js`), started by `static/workers.js` the first time a file
//! is opened, so that neither the `parquet` crate nor the code that lays out a file's
//! filters is part of the first visit. Each request is a [`Request::ShowFile`]: the file
//! to open (a chosen or dropped `File`, whose `Blob` travels beside the request, or the
//! bundled example's address), or none to show the last file again with another value
//! or filter. The worker answers [`Answer::FileShown`], a report of what it found (data,
//! drawn by the files view), which becomes a [`FilesAction::Shown`].

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use yew::Callback;

use crate::protocol::{Answer, FileToOpen, Request};
use crate::state::files_view::{FilesAction, FilesShown, EXAMPLE_FILE, EXAMPLE_NAME};
use crate::state::Action;

#[wasm_bindgen(module = "/static/workers.js")]
extern "C" {
    /// Posts a request's bytes, with the chosen file's `Blob` (or null) beside them, to the
    /// worker, starting it when the request `opens` a file; answers go to `answer`.
    #[wasm_bindgen(js_name = parquetSend)]
    fn parquet_send(request: &Uint8Array, opens: bool, file: &JsValue, answer: &js_sys::Function);
}

/// A file as the worker is asked to open it: a `Blob` or the example's address, and its name.
type FileAsked = (JsValue, String);

thread_local! {
    /// The file the worker showed last: a worker started after one that stopped is asked
    /// for it again, so that the view and the value typed carry on.
    static SHOWN_FILE: RefCell<Option<FileAsked>> = const { RefCell::new(None) };
    /// The file asked for and not shown yet.
    static ASKED_FILE: RefCell<Option<FileAsked>> = const { RefCell::new(None) };
    /// Whether the worker stopped since it last answered: it holds no file any more.
    static STOPPED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Where the worker's answers go: the page's dispatch, set by each request.
    static DISPATCH: RefCell<Option<Callback<Action>>> = const { RefCell::new(None) };
    /// The JavaScript function that takes the worker's answers, made once.
    static ANSWER: js_sys::Function = Closure::<dyn Fn(JsValue)>::new(answer)
        .into_js_value()
        .unchecked_into();
}

/// Sends the Parquet worker a request for `file` (a `Blob` or the example's address, with
/// its name; `None` shows the last file again) with the value, filter and page given. The
/// answer is dispatched as [`FilesAction::Shown`] (or, from a worker that fails, its
/// stopping as [`FilesAction::Failed`]).
pub fn send(
    dispatch: &Callback<Action>,
    file: Option<(JsValue, String)>,
    value: String,
    filter: usize,
    page: usize,
) {
    DISPATCH.with(|d| *d.borrow_mut() = Some(dispatch.clone()));
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
    let bytes = Uint8Array::from(&request.encode()[..]);
    ANSWER.with(|answer| parquet_send(&bytes, opens, &blob, answer));
}

/// Takes one answer: the worker's [`Answer::FileShown`], or the text `workers.js` passes
/// on when the worker stops (a trap, no memory; the text is the browser's, in English, and
/// the page says it in its own words). Any other answer changes nothing.
fn answer(data: JsValue) {
    let action = if data.is_string() {
        ASKED_FILE.with(|f| f.borrow_mut().take());
        STOPPED.set(true);
        FilesAction::Failed
    } else {
        match Answer::decode(&Uint8Array::new(&data).to_vec()) {
            Ok(Answer::FileShown { report }) => {
                // A file the worker could not read leaves it holding the one before.
                let asked = ASKED_FILE.with(|f| f.borrow_mut().take());
                if let Some(asked) = asked.filter(|_| report.error.is_none()) {
                    SHOWN_FILE.with(|f| *f.borrow_mut() = Some(asked));
                }
                FilesAction::Shown(Rc::new(FilesShown::new(report)))
            }
            _ => return,
        }
    };
    let dispatch = DISPATCH.with(|d| d.borrow().clone());
    if let Some(dispatch) = dispatch {
        dispatch.emit(Action::Files(action));
    }
}

/// Opens the bundled example when the files view is shown and the link (or a lesson) asks
/// for it.
#[yew::hook]
pub fn use_files_worker(state: &crate::state::AppState, dispatch: Callback<Action>) {
    use crate::state::url::View;
    let files = state.files();
    let wanted = files.wants_example() && state.view() == View::Files;
    let (value, filter, page) = (files.query.clone(), files.selected, files.page);
    yew::use_effect_with(wanted, move |&wanted| {
        if wanted {
            open_example(&dispatch, value, filter, page);
        }
    });
}

/// Asks the worker for the bundled example, with the value, filter and page given.
pub fn open_example(dispatch: &Callback<Action>, value: String, filter: usize, page: usize) {
    dispatch.emit(Action::Files(FilesAction::OpeningExample));
    let example = (JsValue::from_str(EXAMPLE_FILE), EXAMPLE_NAME.to_owned());
    send(dispatch, Some(example), value, filter, page);
}
