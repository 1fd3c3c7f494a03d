//! The item field with its Add and Query actions.

use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, Mode, WalkKind};

/// Props of [`ItemInput`].
pub struct ItemInputProps {
    /// The text in the field.
    pub draft: String,
    /// Plain or counting (which delete the Remove button performs).
    pub mode: Mode,
    /// The embedding page locked the items: only queries are offered.
    pub items_locked: bool,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The item field: typing previews positions, Enter adds, Shift+Enter queries.
pub fn item_input(text: &'static Text, props: &ItemInputProps) -> Html {
    let oninput = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                d.emit(Action::SetDraft(input.value()));
            }
        })
    };
    let onkeydown = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && !e.is_composing() {
                e.prevent_default();
                d.emit(if e.shift_key() {
                    Action::QueryDraft
                } else {
                    Action::AddDraft
                });
            }
        })
    };
    let button = |label: &'static str, action: Action, id: &'static str| {
        let d = props.ondispatch.clone();
        let changes_items = !matches!(
            action,
            Action::QueryDraft | Action::StartWalk(WalkKind::Query)
        );
        let disabled = props.items_locked && changes_items;
        html! {
            <button id={id} type="button" {disabled} onclick={Callback::from(move |_| d.emit(action.clone()))}>
                { label }
            </button>
        }
    };
    html! {
        <section class="panel item-input">
            <label for="item-field" class="item-label">{ text.item }</label>
            <div class="item-row">
                <input id="item-field" type="text" value={props.draft.clone()}
                       placeholder={text.item_placeholder} {oninput} {onkeydown}
                       autocomplete="off" spellcheck="false" aria-describedby="item-keys" />
                { button(text.add, Action::AddDraft, "add-button") }
                { button(text.query, Action::QueryDraft, "query-button") }
                if props.mode == Mode::Counting {
                    { button(text.remove_typed, Action::RemoveDraft, "remove-button") }
                } else {
                    { button(text.naive_delete_typed, Action::NaiveDelete(props.draft.clone()), "naive-delete-button") }
                }
                { button(text.step_add, Action::StartWalk(WalkKind::Add), "walk-add-button") }
                { button(text.step_query, Action::StartWalk(WalkKind::Query), "walk-query-button") }
            </div>
            <p id="item-keys" class="hint">{ text.keys_hint }</p>
        </section>
    }
}
