//! Where the focus goes after a practice action: the button or field that had it may be
//! gone once the panel is drawn again, so it moves to the first of a list of elements.

use yew::prelude::*;

use crate::state::practice::PracticeAction;
use crate::state::Action;
use crate::ui::browser;

/// After an action, the focus goes to the first of these elements that the page then has
/// (the button or field that had it may be gone). The page may draw the new form a frame or
/// two later (Yew's scheduler yields to the browser during a long render), so this looks
/// again on each of the next [`FOCUS_FRAMES`] frames until one is there.
pub fn focus_after(ids: &'static [&'static str]) {
    if !ids.is_empty() {
        focus_within(ids, FOCUS_FRAMES);
    }
}

/// How many frames [`focus_after`] waits at most for its elements (about half a second).
const FOCUS_FRAMES: u32 = 30;

fn focus_within(ids: &'static [&'static str], frames: u32) {
    browser::next_frame(move || {
        if !ids.iter().any(|id| browser::focus(id).is_some()) && frames > 1 {
            focus_within(ids, frames - 1);
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
