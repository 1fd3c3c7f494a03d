//! The Embed dialog's module (`src/bin/embed_dialog.rs`, built by Trunk beside the page as
//! `embed_dialog.js`), imported by `static/workers.js` the first time the Embed button is
//! pressed, so that neither the snippets' writer nor the dialog's drawing and texts are
//! part of the first visit. When the dialog opens, the page sends it an `EmbedInput` (the
//! page's address, the view's link, its title and language); the module draws into
//! `#embed-root` and answers [`EmbedOutput::Closed`] when it is closed.

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use yew::Callback;

use super::module_channel::{self, answer_function};
use crate::protocol::embed_dialog::EmbedOutput;
use crate::state::{Action, AppState, PageAction};

/// The element the module draws into (`src/ui/components/embed_code.rs` draws it).
pub const EMBED_ROOT: &str = "embed-root";

#[wasm_bindgen(module = "/static/workers.js")]
extern "C" {
    /// Imports the module (once) and has it draw `message` into `root`; its messages go to
    /// `answer`, or the failure's text when it cannot be loaded.
    #[wasm_bindgen(js_name = embedDialogShow)]
    fn embed_dialog_show(root: &web_sys::Element, message: &Uint8Array, answer: &js_sys::Function);
}

thread_local! {
    /// The JavaScript function that takes the module's answers, made once.
    static ANSWER: js_sys::Function = answer_function(read);
}

/// The page's action for one answer of the module, or for its failure to load.
fn read(answer: Result<Vec<u8>, String>) -> Option<Action> {
    let action = match answer {
        Err(problem) => PageAction::EmbedFailed(problem),
        Ok(bytes) => match EmbedOutput::decode(&bytes).ok()? {
            EmbedOutput::Closed {} => PageAction::CloseEmbedCode,
        },
    };
    Some(Action::Page(action))
}

/// Sends the module what the dialog was opened for, after the render that opened it.
#[yew::hook]
pub fn use_embed_dialog(state: &AppState, dispatch: Callback<Action>) {
    let opened = state.embed_code().map(|(input, _)| input.clone());
    yew::use_effect_with(opened, move |opened| {
        if let Some(input) = opened {
            let message = input.encode();
            ANSWER.with(|answer| {
                module_channel::send(embed_dialog_show, EMBED_ROOT, &message, answer, dispatch)
            });
        }
    });
}
