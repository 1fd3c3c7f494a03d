//! The files view's module (`src/bin/files_view.rs`, built by Trunk beside the page as
//! `files_view.js`), imported by `static/workers.js` the first time the view is shown, so
//! that neither its code nor its texts are part of the first visit; the module starts the
//! Parquet worker when a file is opened. While the view is shown, the page sends it a
//! [`FilesViewInput`] (the language and what the link says of the view) whenever one of
//! them changes; the module draws into `#files-root` and answers with
//! [`FilesViewOutput`]s: a file of one's own opened or a value typed go to the link.

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use yew::Callback;

use super::module_channel::{self, answer_function};
use crate::protocol::files_view::{FilesViewInput, FilesViewOutput};
use crate::state::url::View;
use crate::state::{Action, AppState, PageAction};

/// The element the module draws into (`src/ui/views/files.rs` draws it).
pub const FILES_ROOT: &str = "files-root";

#[wasm_bindgen(module = "/static/workers.js")]
extern "C" {
    /// Imports the module (once) and has it draw `message` into `root`; its messages go to
    /// `answer`, or the failure's text when it cannot be loaded.
    #[wasm_bindgen(js_name = filesViewShow)]
    fn files_view_show(root: &web_sys::Element, message: &Uint8Array, answer: &js_sys::Function);
}

thread_local! {
    /// The JavaScript function that takes the module's answers, made once.
    static ANSWER: js_sys::Function = answer_function(read);
}

/// The page's action for one answer of the module, or for its failure to load.
fn read(answer: Result<Vec<u8>, String>) -> Option<Action> {
    let action = match answer {
        Err(problem) => PageAction::FilesFailed(problem),
        Ok(bytes) => match FilesViewOutput::decode(&bytes).ok()? {
            FilesViewOutput::Params { params } => PageAction::SetFiles(params),
        },
    };
    Some(Action::Page(action))
}

/// Sends the module the page's language and the view's parameters after each render that
/// changed one of them while the view is shown
/// (`drawn`: the page has drawn the view, which a start draws last).
#[yew::hook]
pub fn use_files_view(state: &AppState, drawn: bool, dispatch: Callback<Action>) {
    let shown = drawn && state.view() == View::Files;
    let deps = (shown, state.lang(), state.page().files.clone());
    yew::use_effect_with(deps, move |(shown, lang, params)| {
        if !*shown {
            return;
        }
        let input = FilesViewInput {
            lang: *lang,
            params: params.clone(),
        };
        let message = input.encode();
        ANSWER.with(|answer| {
            module_channel::send(files_view_show, FILES_ROOT, &message, answer, dispatch)
        });
    });
}
