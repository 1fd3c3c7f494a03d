//! Where the focus goes after a practice action: the button or field that had it may be
//! gone once the panel is drawn again, so it moves to the first of a list of elements.

use yew::prelude::*;

use crate::state::practice::PracticeAction;
use crate::state::Action;
use crate::ui::browser;

/// After an action, the focus goes to the first of these elements that the page then has
/// (the button or field that had it may be gone). The page may draw the new form a frame or
/// two later (Yew's scheduler yields to the browser during a long render), and the element
/// focused first may be the old form's, with the same id, which the new form then replaces:
/// so for [`FOCUS_FRAMES`] frames this looks again, focusing the first of them while the
/// focus is nowhere (on the page's body), and stops once the reader has moved the focus
/// elsewhere.
pub fn focus_after(ids: &'static [&'static str]) {
    if !ids.is_empty() {
        focus_within(ids, FOCUS_FRAMES, false);
    }
}

/// How many frames [`focus_after`] watches the focus (about half a second).
const FOCUS_FRAMES: u32 = 30;

fn focus_within(ids: &'static [&'static str], frames: u32, placed: bool) {
    browser::next_frame(move || {
        let placed = match browser::focused_id() {
            Some(id) if placed && !ids.contains(&id.as_str()) => return,
            Some(_) if placed => true,
            _ => ids.iter().any(|id| browser::focus(id).is_some()) || placed,
        };
        if frames > 1 {
            focus_within(ids, frames - 1, placed);
        }
    });
}

/// A button's click: sends a practice action, then puts the focus on the first of `focus`.
pub fn on_click(
    dispatch: &Callback<Action>,
    action: PracticeAction,
    focus: &'static [&'static str],
) -> Callback<MouseEvent> {
    let dispatch = dispatch.clone();
    Callback::from(move |_: MouseEvent| {
        dispatch.emit(Action::Practice(action.clone()));
        focus_after(focus);
    })
}
