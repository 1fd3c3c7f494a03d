//! The page-wide keyboard shortcuts: → ← (and a clicker's Page Down / Page Up) step a walk
//! or a lesson while one is open, Escape cancels a walk, Ctrl+Z / Ctrl+Y undo and redo, 1-8
//! open the views, P presentation mode, ? the list of shortcuts and / the item field.
//!
//! A clicker never gets stuck in a text field: Page Down and Page Up step a walk or a lesson
//! from any one-line field, → and ← from the item field while it is empty (after Enter has
//! added its word) or holds the word the step put there, and Escape leaves the item field.

use crate::state::FilterAction;
use crate::state::PageAction;
use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::state::url::View;
use crate::state::{Action, AppState};
use crate::ui::browser;

/// What the shortcuts depend on, updated by each render.
#[derive(Default)]
struct ShortcutContext {
    /// A walk or a lesson is open: the arrows and Page Down / Page Up step it.
    stepping: bool,
    /// The compact view a course page embeds: it has no tabs and no presentation button,
    /// so their keys do nothing.
    compact: bool,
    /// The shortcut list is open: it is modal, so only `?` and Escape (which close it) act.
    dialog: bool,
    /// The item field is empty, or holds the word the lesson's step put there: the arrows
    /// then step the lesson from the field rather than move its caret.
    field_untouched: bool,
}

/// The element a key event was sent to.
fn target_element(event: &KeyboardEvent) -> Option<web_sys::Element> {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
}

/// True when keyboard focus is in a text field (shortcuts then leave keys alone).
fn typing_in_field(event: &KeyboardEvent) -> bool {
    target_element(event)
        .map(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
        .unwrap_or(false)
}

/// The item field, when a key event was sent to it.
fn item_field(event: &KeyboardEvent) -> Option<web_sys::HtmlInputElement> {
    target_element(event)
        .filter(|el| el.id() == "item-field")
        .and_then(|el| el.dyn_into::<web_sys::HtmlInputElement>().ok())
}

/// The keys of a clicker that act from inside a text field while a walk or lesson is open:
/// Page Down and Page Up from a one-line field, → and ← from the item field while it is
/// empty or holds the step's own word.
fn clicker_in_field(event: &KeyboardEvent, context: &ShortcutContext) -> Option<Action> {
    let one_line = target_element(event).is_some_and(|el| el.tag_name() == "INPUT");
    let untouched_item_field = item_field(event).is_some() && context.field_untouched;
    let plain = !(event.ctrl_key() || event.meta_key() || event.shift_key() || event.alt_key());
    if !context.stepping || context.dialog || !plain {
        return None;
    }
    match event.key().as_str() {
        "PageDown" if one_line => Some(Action::Forward),
        "PageUp" if one_line => Some(Action::Backward),
        "ArrowRight" if untouched_item_field => Some(Action::Forward),
        "ArrowLeft" if untouched_item_field => Some(Action::Backward),
        _ => None,
    }
}

/// The action a key asks for, if any.
fn shortcut(event: &KeyboardEvent, context: &ShortcutContext) -> Option<Action> {
    if typing_in_field(event) {
        return clicker_in_field(event, context);
    }
    let ctrl = event.ctrl_key() || event.meta_key();
    let stepping = context.stepping;
    let full = !context.compact;
    let view = View::for_shortcut(&event.key())
        .filter(|_| full && !ctrl)
        .map(|view| Action::Page(PageAction::SetView(view)));
    if context.dialog && !matches!(event.key().as_str(), "?" | "Escape") {
        return None;
    }
    if view.is_some() {
        return view;
    }
    match (event.key().as_str(), ctrl, event.shift_key()) {
        ("?", false, _) => Some(Action::Page(PageAction::ToggleHelp)),
        ("p" | "P", false, _) if full => Some(Action::Page(PageAction::TogglePresentation)),
        ("ArrowRight" | "PageDown", false, _) if stepping => Some(Action::Forward),
        ("ArrowLeft" | "PageUp", false, _) if stepping => Some(Action::Backward),
        ("Escape", false, _) => Some(Action::Filter(FilterAction::CancelWalk)),
        ("z" | "Z", true, false) => Some(Action::Filter(FilterAction::Undo)),
        ("z" | "Z", true, true) | ("y" | "Y", true, _) => Some(Action::Filter(FilterAction::Redo)),
        _ => None,
    }
}

/// Moves keyboard focus to the item field with its text selected, so that typing replaces
/// the last item rather than running on from it.
fn focus_item_field() {
    let field = browser::focus("item-field");
    if let Some(field) = field.and_then(|el| el.dyn_into::<web_sys::HtmlInputElement>().ok()) {
        field.select();
    }
}

/// Listens for the shortcuts on the document. The listener outlives renders, so it reads
/// what they depend on (a walk or lesson open, the compact view, the dialog) from a cell
/// each render updates.
#[hook]
pub fn use_shortcuts(state: &UseReducerHandle<AppState>) {
    let context: Rc<RefCell<ShortcutContext>> = use_mut_ref(ShortcutContext::default);
    *context.borrow_mut() = ShortcutContext {
        stepping: state.walk().is_some() || state.lesson().is_some(),
        compact: state.embedding().compact,
        dialog: state.help_open() || state.embed_code().is_some(),
        field_untouched: state.draft().is_empty()
            || state
                .lesson()
                .and_then(|progress| progress.current().named_item())
                == Some(state.draft()),
    };
    let dispatcher = state.dispatcher();
    use_effect_with((), move |_| {
        let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            if e.key() == "/" && !typing_in_field(&e) {
                e.prevent_default();
                focus_item_field();
            } else if let Some(field) = item_field(&e).filter(|_| e.key() == "Escape") {
                // Escape leaves the item field, so that every key works again.
                e.prevent_default();
                let _ = field.blur();
            } else if let Some(action) = shortcut(&e, &context.borrow()) {
                e.prevent_default();
                dispatcher.dispatch(action);
            }
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(doc) = &document {
            doc.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref())
                .ok();
        }
        move || {
            if let Some(doc) = document {
                doc.remove_event_listener_with_callback(
                    "keydown",
                    listener.as_ref().unchecked_ref(),
                )
                .ok();
            }
        }
    });
}
