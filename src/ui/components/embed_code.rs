//! The Embed button, and the place its dialog is drawn. The dialog (the `<bloom-lab>`
//! widget of the current view, the plain `<iframe>`, the script that reads results, each
//! with its Copy button) is a module of its own, loaded when the button is first pressed
//! (`crate::ui::hooks::embed_dialog`); the page draws the element it draws into, or why it
//! could not be loaded.

use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::lang::Lang;
use crate::protocol::embed_dialog::EmbedInput;
use crate::state::{Action, PageAction};
use crate::ui::hooks::embed_dialog::EMBED_ROOT;
use crate::ui::shared::{send, Links};

/// The header's Embed button: it opens the dialog with the snippets of the view as the
/// link has it now.
pub fn embed_button(
    text: &'static Text,
    lang: Lang,
    links: &Links,
    dispatch: &Callback<Action>,
) -> Html {
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
            let input = EmbedInput {
                lang,
                page: format!("{origin}{path}"),
                query: query.clone(),
                title: text.title.to_owned(),
            };
            d.emit(Action::Page(PageAction::ShowEmbedCode(input)));
        })
    };
    html! {
        <button id="embed-button" {onclick} title={text.embed_copy} aria-haspopup="dialog">
            { text.embed_short }
        </button>
    }
}

/// Where the dialog is drawn; when its module could not be loaded (`failure`), a dialog
/// that says why, with a Close button.
pub fn embed_host(text: &'static Text, failure: Option<&str>, dispatch: &Callback<Action>) -> Html {
    let Some(problem) = failure else {
        return html! { <div id={EMBED_ROOT}></div> };
    };
    let close = send::<MouseEvent>(dispatch, Action::Page(PageAction::CloseEmbedCode));
    html! {
        <div class="help-overlay embed-overlay" id="embed">
            <div class="help-box embed-box" role="dialog" aria-modal="true" aria-labelledby="embed-failed">
                <p class="error" role="alert" id="embed-failed">
                    { fill(text.view_failed, &[&text.embed_short, &problem]) }
                </p>
                <button type="button" id="embed-close" onclick={close}>{ text.help_close }</button>
            </div>
        </div>
    }
}
