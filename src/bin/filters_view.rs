//! The filters view (the cuckoo filter and the quotient filter, step by step), built by
//! Trunk beside the page as an ES module (`filters_view.js` and `filters_view_bg.wasm`)
//! that `static/workers.js` imports the first time the view is shown, so that neither its
//! code nor its texts are part of the first visit. The page calls [`show`] with the bytes
//! of a [`bloomlab::protocol::filters_view::FiltersViewInput`] whenever its items,
//! language, seed or the view's parameters change; the view answers through `answer` with
//! the bytes of each `FiltersViewOutput`.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// Draws the view into `root` from the page's message; the view's messages go to `answer`.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn show(root: web_sys::Element, message: js_sys::Uint8Array, answer: js_sys::Function) {
    bloomlab::ui::filters_view::show(root, &message.to_vec(), answer);
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("filters_view is the page's filters view; build it with trunk");
}
