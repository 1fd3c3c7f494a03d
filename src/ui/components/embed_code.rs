//! The Embed button and its dialog: the `<bloom-lab>` widget of the current view, the plain
//! `<iframe>`, and the script that reads results, each with its Copy button
//! ([`crate::state::embed_code`] writes them). Modal, over the page (the header does not
//! move): its focus is managed by [`crate::ui::hooks::use_dialog_focus`], Tab stays inside,
//! and Escape or Close closes it.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::i18n::Text;
use crate::state::embed_code::{EmbedCode, EmbedPart};
use crate::state::{Action, PageAction};
use crate::ui::browser;
use crate::ui::shared::{send, Links};

/// The control that has the focus when the dialog opens: the widget's Copy button.
pub const EMBED_FIRST_CONTROL: &str = "embed-copy-element";
/// The dialog's controls in Tab order; Tab from the last goes to the first, and back.
const CONTROLS: [&str; 7] = [
    "embed-snippet",
    EMBED_FIRST_CONTROL,
    "embed-iframe",
    "embed-copy-iframe",
    "embed-listener",
    "embed-copy-listener",
    "embed-close",
];

/// The header's Embed button: it opens the dialog with the snippets of the view as the
/// link has it now.
pub fn embed_button(text: &'static Text, links: &Links, dispatch: &Callback<Action>) -> Html {
    let onclick = {
        let d = dispatch.clone();
        let query = links.query.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(window) = web_sys::window() else {
                return;
            };
            let location = window.location();
            let origin = location.origin().unwrap_or_default();
            let path = location.pathname().unwrap_or_else(|_| "/".into());
            let code = EmbedCode::new(&format!("{origin}{path}"), &query, text.title);
            d.emit(Action::Page(PageAction::ShowEmbedCode(code)));
        })
    };
    html! {
        <button id="embed-button" {onclick} title={text.embed_copy} aria-haspopup="dialog">
            { text.embed_short }
        </button>
    }
}

/// Copies one snippet; once it is on the clipboard the dialog says so beside it. Where the
/// browser refuses, the snippet's text is selected for Ctrl+C.
fn copy(
    code: &EmbedCode,
    part: EmbedPart,
    field: &'static str,
    dispatch: &Callback<Action>,
) -> Callback<MouseEvent> {
    let snippet = code.text(part).to_owned();
    let d = dispatch.clone();
    Callback::from(move |_: MouseEvent| {
        let Some(window) = web_sys::window() else {
            return;
        };
        let promise = window.navigator().clipboard().write_text(&snippet);
        let d = d.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if JsFuture::from(promise).await.is_ok() {
                d.emit(Action::Page(PageAction::EmbedCopied(part)));
            } else if let Some(area) = browser::focus(field)
                .and_then(|el| el.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                area.select();
            }
        });
    })
}

/// The id of the element that has the focus.
fn focused_id() -> Option<String> {
    let document = web_sys::window()?.document()?;
    Some(document.active_element()?.id())
}

/// One snippet: what it is for, its text, its Copy button and, once copied, a note.
fn snippet(
    text: &'static Text,
    code: &EmbedCode,
    (part, field, button): (EmbedPart, &'static str, &'static str),
    (about, copy_name): (&'static str, &'static str),
    dispatch: &Callback<Action>,
) -> Html {
    let value = code.text(part).to_owned();
    // A row per 80 characters of each line, as the dialog's width wraps them.
    let wrapped: usize = value
        .lines()
        .map(|line| line.chars().count().div_ceil(80).max(1))
        .sum();
    let rows = wrapped.clamp(2, 9).to_string();
    let copied = code.copied == Some(part);
    html! {
        <div class="embed-part" data-embed-part={field}>
            <label for={field}>{ about }</label>
            <textarea id={field} readonly=true rows={rows} spellcheck="false" {value} />
            <div class="embed-copy">
                <button type="button" id={button} aria-label={copy_name}
                        onclick={copy(code, part, field, dispatch)}>{ text.embed_copy_button }</button>
                <span role="status">{ if copied { text.embed_copied } else { "" } }</span>
            </div>
        </div>
    }
}

/// The dialog.
pub fn embed_dialog(text: &'static Text, code: &EmbedCode, dispatch: &Callback<Action>) -> Html {
    let close = send::<MouseEvent>(dispatch, Action::Page(PageAction::CloseEmbedCode));
    let onkeydown = {
        let d = dispatch.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "Escape" => {
                e.prevent_default();
                e.stop_propagation();
                d.emit(Action::Page(PageAction::CloseEmbedCode));
            }
            "Tab" => {
                let at = focused_id();
                let (edge, other) = if e.shift_key() {
                    (CONTROLS[0], CONTROLS[CONTROLS.len() - 1])
                } else {
                    (CONTROLS[CONTROLS.len() - 1], CONTROLS[0])
                };
                if at.as_deref() == Some(edge)
                    || !at.is_some_and(|id| CONTROLS.contains(&id.as_str()))
                {
                    e.prevent_default();
                    browser::focus(other);
                }
            }
            _ => {}
        })
    };
    html! {
        <div class="help-overlay embed-overlay" id="embed" {onkeydown}>
            <div class="help-box embed-box" role="dialog" aria-modal="true" aria-labelledby="embed-title">
                <h2 id="embed-title">{ text.embed_title }</h2>
                { snippet(text, code, (EmbedPart::Element, "embed-snippet", EMBED_FIRST_CONTROL),
                          (text.embed_element, text.embed_copy_element), dispatch) }
                { snippet(text, code, (EmbedPart::Iframe, "embed-iframe", "embed-copy-iframe"),
                          (text.embed_iframe, text.embed_copy_iframe), dispatch) }
                { snippet(text, code, (EmbedPart::Listener, "embed-listener", "embed-copy-listener"),
                          (text.embed_results, text.embed_copy_listener), dispatch) }
                <button type="button" id="embed-close" onclick={close}>{ text.embed_close }</button>
            </div>
        </div>
    }
}
