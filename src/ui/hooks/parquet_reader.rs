//! The Parquet worker (`src/bin/parquet_worker.rs`, built by Trunk beside the page as
//! `parquet_worker_loader.js`), started by `static/workers.js` the first time a file
//! is opened, so that neither the `parquet` crate nor the code that lays out a file's
//! filters is part of the first visit. Each request is an array `[file, name, value,
//! filter, language]`: the file a `Blob` (a chosen or dropped `File`), the address of the
//! bundled example, or `null` to show the last file again with another value, filter or
//! language. The worker answers `[top, bottom]`, the markup of [`FilesContent`], which
//! becomes a [`FilesAction::Shown`].

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Array;
use wasm_bindgen::prelude::*;
use yew::Callback;

use crate::state::files_view::{FilesAction, FilesContent, EXAMPLE_FILE, EXAMPLE_NAME};
use crate::state::Action;

#[wasm_bindgen(module = "/static/workers.js")]
extern "C" {
    /// Posts a request to the worker (starting it for a file); answers go to `answer`.
    #[wasm_bindgen(js_name = parquetSend)]
    fn parquet_send(request: &Array, answer: &js_sys::Function);
}

thread_local! {
    /// Where the worker's answers go: the page's dispatch, set by each request.
    static DISPATCH: RefCell<Option<Callback<Action>>> = const { RefCell::new(None) };
    /// The JavaScript function that takes the worker's answers, made once.
    static ANSWER: js_sys::Function = Closure::<dyn Fn(String, String)>::new(answer)
        .into_js_value()
        .unchecked_into();
}

/// Sends the Parquet worker a request for `file` (a `Blob` or the example's address, with
/// its name; `None` shows the last file again) with the value, filter and language given.
/// The answer (or, from a worker that fails, its message as the file's problem) is
/// dispatched as [`FilesAction::Shown`].
pub fn send(
    dispatch: &Callback<Action>,
    lang: &'static str,
    file: Option<(JsValue, String)>,
    value: String,
    filter: usize,
) {
    DISPATCH.with(|d| *d.borrow_mut() = Some(dispatch.clone()));
    let (file, name) = file.unwrap_or((JsValue::NULL, String::new()));
    let message = Array::of5(
        &file,
        &name.into(),
        &value.into(),
        &JsValue::from(filter as u32),
        &lang.into(),
    );
    ANSWER.with(|answer| parquet_send(&message, answer));
}

/// Takes one answer: the content's two parts.
fn answer(top: String, bottom: String) {
    let content = FilesContent { top, bottom };
    let dispatch = DISPATCH.with(|d| d.borrow().clone());
    if let Some(dispatch) = dispatch {
        dispatch.emit(Action::Files(FilesAction::Shown(Rc::new(content))));
    }
}

/// Opens the bundled example when the files view is shown and the link (or a lesson) asks
/// for it, and has the worker write the content again when the page's language changes.
#[yew::hook]
pub fn use_files_worker(state: &crate::state::AppState, dispatch: Callback<Action>) {
    use crate::state::url::View;
    let files = state.files();
    let lang = state.lang().key();
    let wanted = files.wants_example() && state.view() == View::Files;
    let (value, filter) = (files.query.clone(), files.selected);
    yew::use_effect_with((lang, wanted), move |&(lang, wanted)| {
        if wanted {
            open_example(&dispatch, lang, value, filter);
        } else {
            send(&dispatch, lang, None, value, filter);
        }
    });
}

/// Asks the worker for the bundled example, with the value and filter given.
pub fn open_example(dispatch: &Callback<Action>, lang: &'static str, value: String, filter: usize) {
    dispatch.emit(Action::Files(FilesAction::OpeningExample));
    let example = (JsValue::from_str(EXAMPLE_FILE), EXAMPLE_NAME.to_owned());
    send(dispatch, lang, Some(example), value, filter);
}
