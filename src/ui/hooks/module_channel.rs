//! What the page's hooks for its modules (the filters view, the files view, the Embed
//! dialog) share: the page's dispatch that every module's answers go to, the JavaScript
//! function that turns one module's answers into the page's actions, and the sending of a
//! message to a module that draws into an element of the page.

use std::cell::RefCell;

use js_sys::{Function, Uint8Array};
use wasm_bindgen::prelude::*;
use web_sys::Element;
use yew::Callback;

use crate::state::Action;

/// How `static/workers.js` has a module draw: it imports the module (once) and has it draw
/// the message into the element; the module's messages go to the function, or the text of
/// its failure to load.
pub type Show = fn(&Element, &Uint8Array, &Function);

thread_local! {
    /// Where the modules' answers go: the page's dispatch, set by each message sent.
    static DISPATCH: RefCell<Option<Callback<Action>>> = const { RefCell::new(None) };
}

/// The JavaScript function a module's answers go to: `read` makes each answer (its bytes,
/// or `Err` with the text of the module's failure to load) into the page's action, or none
/// for bytes that are no answer of that module.
pub fn answer_function(read: fn(Result<Vec<u8>, String>) -> Option<Action>) -> Function {
    Closure::<dyn Fn(JsValue)>::new(move |data: JsValue| {
        let answer = match data.as_string() {
            Some(problem) => Err(problem),
            None => Ok(Uint8Array::new(&data).to_vec()),
        };
        let Some(action) = read(answer) else {
            return;
        };
        let dispatch = DISPATCH.with(|d| d.borrow().clone());
        if let Some(dispatch) = dispatch {
            dispatch.emit(action);
        }
    })
    .into_js_value()
    .unchecked_into()
}

/// Has a module draw `message` into the page's element with id `root` (nothing when the
/// page has none): `show` is its function in `static/workers.js`, its answers go to
/// `answer` and on to `dispatch`.
pub fn send(show: Show, root: &str, message: &[u8], answer: &Function, dispatch: Callback<Action>) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(root));
    let Some(root) = root else {
        return;
    };
    DISPATCH.with(|d| *d.borrow_mut() = Some(dispatch));
    show(&root, &Uint8Array::from(message), answer);
}
