//! The panic screen: if the page ever panics, or its WebAssembly traps (out of memory, an
//! `unreachable`), it is covered by a readable error in the page's language, a link that
//! reloads it with the state in its URL and a link to the last saved session.
//!
//! The screen is made, hidden, when the app starts, and kept in the page's language: a trap
//! leaves the WebAssembly unable to run, so `boot.js` shows the screen without it. A panic
//! shows it through Yew's `set_custom_panic_hook` (a hook set with `std::panic::set_hook`
//! would be replaced by Yew's own when the app is rendered).

use std::cell::Cell;

use crate::i18n::fill;
use crate::lang::Lang;

thread_local! {
    static PANIC_LANG: Cell<Lang> = const { Cell::new(Lang::En) };
    /// Whether the screen is in the page (the App renders often: it is looked up once).
    static BUILT: Cell<bool> = const { Cell::new(false) };
}

/// The language the panic screen uses (the page's current language); true when it changed.
/// The screen is added to the page here if it is not there yet (mounting the app empties
/// the body, so the screen is made once the app has rendered).
pub fn set_lang(lang: Lang) -> bool {
    let changed = PANIC_LANG.with(|l| l.replace(lang) != lang);
    if build().is_some() || changed {
        write_texts(lang);
    }
    changed
}

/// Installs the hook: it logs the panic and shows the screen with the panic's text.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let detail = info.to_string();
        web_sys::console::error_1(&format!("bloomlab panicked: {detail}").into());
        if build().is_some() {
            write_texts(PANIC_LANG.with(Cell::get));
        }
        show(&detail);
    }));
}

/// Adds the hidden screen to the body unless it is there (`Some` when it was added): a
/// heading (`h2`: the page keeps one `h1`), a paragraph whose `data-template` gives the
/// sentence around the error's text, the link `#panic-reload` to the page's current address
/// and `#panic-saved` to the last saved session (the page's address without its query).
fn build() -> Option<()> {
    if BUILT.with(Cell::get) {
        return None;
    }
    let document = web_sys::window()?.document()?;
    if document.get_element_by_id("panic-title").is_some() {
        BUILT.with(|b| b.set(true));
        return None;
    }
    let screen = concat!(
        r#"<div class="panic-screen" role="alert" hidden><h2 id="panic-title"></h2>"#,
        r#"<p id="panic-detail"></p><a id="panic-reload"></a><a id="panic-saved"></a></div>"#
    );
    document
        .body()?
        .insert_adjacent_html("beforeend", screen)
        .ok()?;
    BUILT.with(|b| b.set(true));
    Some(())
}

/// Writes the screen's sentences in `lang`.
fn write_texts(lang: Lang) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let words = lang.text();
    for (id, sentence) in [
        ("panic-title", words.panic_title),
        ("panic-reload", words.panic_reload),
        ("panic-saved", words.panic_saved),
    ] {
        document
            .get_element_by_id(id)?
            .set_text_content(Some(sentence));
    }
    let detail = document.get_element_by_id("panic-detail")?;
    detail.set_attribute("data-template", words.panic_body).ok()
}

fn show(detail: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let location = document.location()?;
    let words = PANIC_LANG.with(Cell::get).text();
    let field = document.get_element_by_id("panic-detail")?;
    field.set_text_content(Some(&fill(words.panic_body, &[&detail])));
    let link = |id: &str, href: &str| {
        document
            .get_element_by_id(id)?
            .set_attribute("href", href)
            .ok()
    };
    link("panic-reload", &location.href().ok()?);
    link("panic-saved", &location.pathname().ok()?);
    document
        .query_selector(".panic-screen")
        .ok()??
        .remove_attribute("hidden")
        .ok()
}
