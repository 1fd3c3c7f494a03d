//! Results a course page can collect: in an embedded page (`embed=1` in a frame), each
//! finished exercise is posted to the parent window as `bloomlab:result`, and the end of a
//! set as `bloomlab:summary` ([`crate::state::practice::Practice::messages`]). The page
//! posts nothing else about practice and listens to no message.

use yew::prelude::*;

use crate::state::AppState;
use crate::ui::browser;

/// Posts each message of the practice set not posted yet.
#[hook]
pub fn use_practice_messages(state: &AppState) {
    let practice = state.practice().filter(|_| state.embedding().compact);
    let seed = practice.map(|p| p.seed);
    let messages = practice.map(|p| p.messages()).unwrap_or_default();
    // The seed whose messages were posted, and how many.
    let posted = use_mut_ref(|| (None, 0));
    use_effect_with((seed, messages), move |(seed, messages)| {
        let mut posted = posted.borrow_mut();
        if posted.0 != *seed || posted.1 > messages.len() {
            *posted = (*seed, 0);
        }
        for message in &messages[posted.1..] {
            if let Ok(value) = js_sys::JSON::parse(message) {
                browser::post_to_parent(&value);
            }
        }
        posted.1 = messages.len();
    });
}
