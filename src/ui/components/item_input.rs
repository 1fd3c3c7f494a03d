//! The item field with its Add and Query actions, the buttons that fill the filter and
//! offer a word to try, and the first visit's hint.

use crate::state::FilterAction;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

use crate::i18n::Text;
use crate::state::Action;
use crate::ui::shared::send;

/// Props of [`item_input`].
pub struct ItemInputProps {
    /// The text in the field.
    pub draft: String,
    /// The embedding page locked the items: only queries are offered.
    pub items_locked: bool,
    /// The first visit's hint, when it is shown.
    pub hint: Option<Html>,
    /// Tools shown in the row rather than in the "More" area (removal, walks), if any.
    pub tools: Html,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// A button that sends one action; disabled when the items are locked and it changes them.
pub fn action_button(
    label: &'static str,
    id: &'static str,
    action: Action,
    items_locked: bool,
    ondispatch: &Callback<Action>,
) -> Html {
    let disabled = items_locked
        && action
            .needs_unlocked()
            .contains(&crate::state::url::Lockable::Items);
    html! {
        <button id={id} type="button" {disabled} onclick={send::<MouseEvent>(ondispatch, action)}>
            { label }
        </button>
    }
}

/// The item field: typing shows the positions and the filter's answer at once, Enter adds
/// (and empties the field for the next word), Shift+Enter queries.
pub fn item_input(text: &'static Text, props: &ItemInputProps) -> Html {
    let oninput = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let _ = input.remove_attribute("data-just-focused");
                d.emit(Action::Filter(FilterAction::SetDraft(input.value())));
            }
        })
    };
    let onkeydown = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && !e.is_composing() {
                e.prevent_default();
                d.emit(if e.shift_key() {
                    Action::Filter(FilterAction::QueryDraft)
                } else {
                    Action::Filter(FilterAction::AddDraft)
                });
            }
        })
    };
    // Focusing the field selects its word (one a lesson, a query or "Try a word" put
    // there), so that typing replaces it; the click that focused it keeps the selection.
    let onfocus = Callback::from(|e: FocusEvent| {
        if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
            input.select();
            let _ = input.set_attribute("data-just-focused", "");
        }
    });
    let onmouseup = Callback::from(|e: MouseEvent| {
        if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
            if input.has_attribute("data-just-focused") {
                e.prevent_default();
                let _ = input.remove_attribute("data-just-focused");
            }
        }
    });
    let button =
        |label, id, action| action_button(label, id, action, props.items_locked, &props.ondispatch);
    html! {
        <section class="panel item-input">
            <label for="item-field" class="item-label">{ text.item }</label>
            <div class="item-row">
                <input id="item-field" type="text" value={props.draft.clone()}
                       placeholder={text.item_placeholder} {oninput} {onkeydown} {onfocus} {onmouseup}
                       autocomplete="off" spellcheck="false" aria-describedby="item-keys" />
                { button(text.add, "add-button", Action::Filter(FilterAction::AddDraft)) }
                { button(text.query, "query-button", Action::Filter(FilterAction::QueryDraft)) }
                { button(text.add_random, "random-button", Action::Filter(FilterAction::AddRandomWords(5))) }
                { button(text.try_word, "try-button", Action::Filter(FilterAction::TryWord)) }
                { props.tools.clone() }
            </div>
            <p id="item-keys" class="hint">{ text.keys_hint }</p>
            { props.hint.clone().unwrap_or_default() }
        </section>
    }
}
