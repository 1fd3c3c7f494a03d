//! The Embed dialog's module (`src/bin/embed_dialog.rs`, built by Trunk beside the page as
//! `embed_dialog.js`), imported by `static/workers.js` the first time the Embed button is
//! pressed, so that neither the snippets' writer nor the dialog's drawing and texts are
//! part of the first visit. When the dialog opens, the page sends it an `EmbedInput` (the
//! page's address, the view's link, its title and language); the module draws into
//! `#embed-root` and answers [`EmbedOutput::Closed`] when it is closed.

use std::cell::RefCell;

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use yew::Callback;

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
    /// Where the module's answers go: the page's dispatch, set by each message.
    static DISPATCH: RefCell<Option<Callback<Action>>> = const { RefCell::new(None) };
    /// The JavaScript function that takes the module's answers, made once.
    static ANSWER: js_sys::Function = Closure::<dyn Fn(JsValue)>::new(answer)
        .into_js_value()
        .unchecked_into();
}

/// Takes one answer of the module (bytes), or the text of its failure to load.
fn answer(data: JsValue) {
    let action = match data.as_string() {
        Some(problem) => PageAction::EmbedFailed(problem),
        None => match EmbedOutput::decode(&Uint8Array::new(&data).to_vec()) {
            Ok(EmbedOutput::Closed {}) => PageAction::CloseEmbedCode,
            Err(_) => return,
        },
    };
    let dispatch = DISPATCH.with(|d| d.borrow().clone());
    if let Some(dispatch) = dispatch {
        dispatch.emit(Action::Page(action));
    }
}

/// Sends the module what the dialog was opened for, after the render that opened it.
#[yew::hook]
pub fn use_embed_dialog(state: &AppState, dispatch: Callback<Action>) {
    let opened = state.embed_code().map(|(input, _)| input.clone());
    yew::use_effect_with(opened, move |opened| {
        let Some(input) = opened else {
            return;
        };
        let root = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(EMBED_ROOT));
        let Some(root) = root else {
            return;
        };
        DISPATCH.with(|d| *d.borrow_mut() = Some(dispatch));
        let bytes = Uint8Array::from(&input.encode()[..]);
        ANSWER.with(|answer| embed_dialog_show(&root, &bytes, answer));
    });
}
