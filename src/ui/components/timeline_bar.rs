//! The timeline under the bit array: a slider over the item log. Moving it shows the filter
//! as it was after the first t operations (the operation at t is the item shown); "Now"
//! returns. The slider's arrow keys, Home and End are the browser's own.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::i18n::{fill, shown_item, Text};
use crate::state::{Action, FilterAction, LogEntry};
use crate::ui::shared::send;

/// An operation of the log in words: `add “apple”`.
pub fn operation(text: &'static Text, entry: &LogEntry) -> String {
    let template = match entry {
        LogEntry::Add(_) => text.op_add,
        LogEntry::Remove(_) => text.op_remove,
        LogEntry::ForceRemove(_) => text.op_force,
        LogEntry::NaiveDelete(_) => text.op_naive,
    };
    fill(template, &[&shown_item(entry.item())])
}

/// The slider over a log of `log.len()` operations, at `t`.
pub fn timeline_bar(
    text: &'static Text,
    log: &[LogEntry],
    t: usize,
    ondispatch: &Callback<Action>,
) -> Html {
    let total = log.len();
    let oninput = {
        let d = ondispatch.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let t = input.value().parse::<usize>().ok().filter(|&t| t < total);
                d.emit(Action::Filter(FilterAction::Seek(t)));
            }
        })
    };
    let at = if t < total {
        let done = t
            .checked_sub(1)
            .and_then(|i| log.get(i))
            .map(|e| operation(text, e));
        let mut line = fill(text.timeline_at, &[&t, &total]);
        if let Some(done) = done {
            line.push_str(": ");
            line.push_str(&done);
        }
        line
    } else {
        fill(text.timeline_now_at, &[&total])
    };
    html! {
        <div class="timeline" data-t={t.to_string()} data-t-max={total.to_string()}>
            <label for="timeline">{ text.timeline_label }</label>
            <input id="timeline" type="range" min="0" max={total.to_string()} step="1" value={t.to_string()}
                   aria-valuetext={at.clone()} {oninput} />
            <span class="timeline-at" aria-hidden="true">{ at }</span>
            if t < total {
                <button id="timeline-now" class="small"
                        onclick={send::<MouseEvent>(ondispatch, Action::Filter(FilterAction::Seek(None)))}>
                    { text.timeline_now }
                </button>
            }
        </div>
    }
}
