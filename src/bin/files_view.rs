//! The files view (the Bloom filters inside a Parquet file), built by Trunk beside the page
//! as an ES module (`files_view.js` and `files_view_bg.wasm`) that `static/workers.js`
//! imports the first time the view is shown, so that neither its code nor its texts are
//! part of the first visit. The page calls [`show`] with the bytes of a
//! [`bloomlab::protocol::files_view::FilesViewInput`] whenever its language or the view's
//! parameters change; the view answers through `answer` with the bytes of each
//! `FilesViewOutput`. The module starts the Parquet worker itself.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// Draws the view into `root` from the page's message; the view's messages go to `answer`.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn show(root: web_sys::Element, message: js_sys::Uint8Array, answer: js_sys::Function) {
    bloomlab::ui::files_view::show(root, &message.to_vec(), answer);
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("files_view is the page's files view; build it with trunk");
}
