//! The Embed dialog, built by Trunk beside the page as an ES module (`embed_dialog.js` and
//! `embed_dialog_bg.wasm`) that `static/workers.js` imports the first time the Embed button
//! is pressed, so that neither its code nor its texts are part of the first visit. The page
//! calls [`show`] with the bytes of a [`bloomlab::protocol::embed_dialog::EmbedInput`] each
//! time the dialog opens; the dialog answers through `answer` with the bytes of an
//! `EmbedOutput` when it is closed.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// Draws the dialog into `root` from the page's message; its messages go to `answer`.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn show(root: web_sys::Element, message: js_sys::Uint8Array, answer: js_sys::Function) {
    bloomlab::ui::embed_dialog::show(root, &message.to_vec(), answer);
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("embed_dialog is the page's Embed dialog; build it with trunk");
}
