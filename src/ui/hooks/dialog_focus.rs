//! A modal dialog's focus: it moves to the dialog's first control when the dialog opens, and
//! back to where it was when the dialog closes.

use wasm_bindgen::JsCast;
use yew::prelude::*;

fn active_element() -> Option<web_sys::HtmlElement> {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element())
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
}

/// While a dialog is open (`control`: the id of its first control), that control has the
/// focus it took on opening; the page has one dialog open at most.
#[hook]
pub fn use_dialog_focus(control: Option<&'static str>) {
    let before = use_mut_ref(|| None::<web_sys::HtmlElement>);
    use_effect_with(control, move |&control| {
        if let Some(control) = control {
            *before.borrow_mut() = active_element();
            crate::ui::browser::focus(control);
        } else if let Some(element) = before.borrow_mut().take().filter(|el| el.is_connected()) {
            let _ = element.focus();
        }
    });
}
