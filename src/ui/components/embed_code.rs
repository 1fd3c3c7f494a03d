//! "Copy embed code": a ready `<iframe>` of the current view for a course page.

use crate::markup;
use crate::state::PageAction;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::i18n::Text;
use crate::state::Action;
use crate::ui::raw::Markup;
use crate::ui::shared::Links;

/// The `<iframe>` snippet for `query` served from `origin` + `path`, titled `title` (what a
/// screen reader announces for the frame, in the page's language).
pub fn iframe_snippet(origin: &str, path: &str, query: &str, title: &str) -> String {
    let separator = if query.is_empty() { "" } else { "&" };
    let src = format!("{origin}{path}?{query}{separator}embed=1");
    let mut snippet = Markup::default();
    markup!(
        snippet,
        concat!(
            "<iframe src=\"{src}\" title=\"{title}\" width=\"100%\" ",
            "height=\"720\" loading=\"lazy\" style=\"border:0\"></iframe>"
        ),
        src,
        title
    );
    snippet.into_string()
}

/// The button and, once pressed, the snippet (also copied to the clipboard).
pub fn embed_code(
    text: &'static Text,
    links: &Links,
    shown: Option<&(String, bool)>,
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
            let snippet = iframe_snippet(&origin, &path, &query, text.title);
            let promise = window.navigator().clipboard().write_text(&snippet);
            d.emit(Action::Page(PageAction::ShowEmbedCode(snippet)));
            let d = d.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if JsFuture::from(promise).await.is_ok() {
                    d.emit(Action::Page(PageAction::EmbedCopied));
                }
            });
        })
    };
    // The button stays among the page's tools; the snippet opens on a line of its own.
    html! {
        <>
            <button id="embed-button" {onclick} title={text.embed_copy}>{ text.embed_short }</button>
            if let Some((snippet, copied)) = shown {
                <div class="embed-code">
                    <label for="embed-snippet">{ if *copied { text.embed_copied } else { text.embed_hint } }</label>
                    <textarea id="embed-snippet" readonly=true rows="3" value={snippet.clone()} />
                </div>
            }
        </>
    }
}
