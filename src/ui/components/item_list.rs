//! The items in the set, with undo, redo, reset, bulk and random adds.

use crate::state::FilterAction;
use crate::ui::shared::send;
use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::i18n::{fill, shown_item, Text};
use crate::state::{Action, BulkProgress, Member, Members, Mode};
use crate::ui::browser;
use crate::ui::bulk::{self, PastedText};
use crate::ui::shared::Shared;

/// Props of [`ItemList`].
#[derive(Properties, PartialEq)]
pub struct ItemListProps {
    /// The members.
    pub members: Shared<Members>,
    /// Plain or counting.
    pub mode: Mode,
    /// Undo possible.
    pub can_undo: bool,
    /// Redo possible.
    pub can_redo: bool,
    /// A long paste being added.
    #[prop_or_default]
    pub bulk: Option<BulkProgress>,
    /// Adds a pasted text (sliced when long).
    pub onpaste: Callback<PastedText>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// At most this many items are listed; the count says how many there are.
pub const LISTED: usize = 100;

/// The first [`LISTED`] members, each with Query and its removal (Remove in counting mode,
/// Naive delete in a plain filter).
fn member_list(text: &Text, members: &[Member], mode: Mode, dispatch: &Callback<Action>) -> Html {
    let (removal, class, label) = match mode {
        Mode::Counting => ("remove", "small", text.remove),
        Mode::Bloom => ("naive-delete", "small demo", text.naive_delete),
    };
    let row = |member: &Member| {
        let item = member.item.clone();
        let name = if item.is_empty() {
            text.empty_item_label.to_owned()
        } else {
            shown_item(&item)
        };
        let removed = match mode {
            Mode::Counting => FilterAction::Remove(item.clone()),
            Mode::Bloom => FilterAction::NaiveDelete(item.clone()),
        };
        let query = send::<MouseEvent>(
            dispatch,
            Action::Filter(FilterAction::QueryItem(item.clone())),
        );
        html! {
            <li data-item={item}>
                <span class="member-name">{ name }</span>
                if member.copies > 1 {
                    <span class="copies">{ format!("×{}", member.copies) }</span>
                }
                <button class="small" data-member="query" onclick={query}>{ text.query }</button>
                <button {class} data-member={removal}
                        onclick={send::<MouseEvent>(dispatch, Action::Filter(removed))}>
                    { label }
                </button>
            </li>
        }
    };
    html! {
        <ul class="members">
            { for members.iter().take(LISTED).map(row) }
            if members.len() > LISTED {
                <li class="hint">{ fill(text.more_items, &[&(members.len() - LISTED)]) }</li>
            }
        </ul>
    }
}

/// The list panel.
#[component]
pub fn ItemList(props: &ItemListProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let bulk_ref = use_node_ref();
    let act = |action: Action| send::<MouseEvent>(&props.ondispatch, action);
    let add_lines = {
        let onpaste = props.onpaste.clone();
        let bulk_ref = bulk_ref.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = bulk_ref.cast::<HtmlTextAreaElement>() {
                onpaste.emit(PastedText::Typed(area.value()));
                area.set_value("");
            }
        })
    };
    let stop_bulk = Callback::from(|_: MouseEvent| bulk::request_stop());
    // A long paste goes straight to the set: a browser text field holding 10^5 lines takes
    // hundreds of milliseconds to lay out and to clear.
    let on_paste = {
        let onpaste = props.onpaste.clone();
        Callback::from(move |e: Event| {
            let Some(e) = e.dyn_ref::<web_sys::ClipboardEvent>() else {
                return;
            };
            let Some(text) = e
                .clipboard_data()
                .and_then(|data| browser::clipboard_text(&data))
            else {
                return;
            };
            if text.length() > bulk::DIRECT_PASTE_CHARS {
                e.prevent_default();
                onpaste.emit(PastedText::Clipboard(text));
            }
        })
    };
    let members = props.members.list();
    html! {
        <section class="panel item-list" aria-labelledby="items-title">
            <h2 id="items-title">{ text.items }{ format!(" ({})", members.len()) }</h2>
            <div class="toolbar">
                <button id="undo-button" onclick={act(Action::Filter(FilterAction::Undo))}
                        disabled={!props.can_undo}>{ text.undo }</button>
                <button id="redo-button" onclick={act(Action::Filter(FilterAction::Redo))}
                        disabled={!props.can_redo}>{ text.redo }</button>
                <button id="reset-button" onclick={act(Action::Filter(FilterAction::Reset))}>{ text.reset }</button>
            </div>
            if members.is_empty() {
                <p class="hint">{ text.no_items }</p>
            } else {
                <div class="slot">{ member_list(text, members, props.mode, &props.ondispatch) }</div>
            }
            if let Some(bulk) = props.bulk {
                <div class="bulk-progress" role="status" data-bulk-done={bulk.done.to_string()}
                     data-bulk-total={bulk.total.to_string()}>
                    <progress max={bulk.total.to_string()} value={bulk.done.to_string()} />
                    <span>{ fill(text.bulk_progress, &[&bulk.done, &bulk.total]) }</span>
                    if !bulk.opening_link {
                        <button id="bulk-stop" class="small" onclick={stop_bulk}>{ text.bulk_cancel }</button>
                    }
                </div>
            }
            <details class="bulk">
                <summary>{ text.bulk_add }</summary>
                <textarea ref={bulk_ref} id="bulk-field" rows="4" placeholder={text.bulk_placeholder} onpaste={on_paste}
                          disabled={props.bulk.is_some()} />
                <button id="bulk-button" onclick={add_lines} disabled={props.bulk.is_some()}>{ text.add_lines }</button>
            </details>
        </section>
    }
}
