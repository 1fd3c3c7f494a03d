//! The panic screen: if the page ever panics, it is replaced by a readable error in the
//! page's language and a link that reloads it with the state in its URL.
//!
//! Installed through Yew's `set_custom_panic_hook`: a hook set with `std::panic::set_hook`
//! would be replaced by Yew's own when the app is rendered.

use std::cell::Cell;

use crate::i18n::fill;
use crate::lang::Lang;

thread_local! {
    static PANIC_LANG: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The language the panic screen uses (the page's current language); true when it changed.
pub fn set_lang(lang: Lang) -> bool {
    PANIC_LANG.with(|l| l.replace(lang) != lang)
}

/// Installs the hook: it logs the panic and appends the screen (`.panic-screen`, with a
/// heading, the panic's text and a link to the page's current address) to the body.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        let detail = info.to_string();
        web_sys::console::error_1(&format!("bloomlab panicked: {detail}").into());
        show(&detail);
    }));
}

fn show(detail: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let href = document.location()?.href().ok()?;
    let words = PANIC_LANG.with(Cell::get).text();
    let panel = document.create_element("div").ok()?;
    panel.set_class_name("panic-screen");
    panel.set_attribute("role", "alert").ok()?;
    let heading = document.create_element("h1").ok()?;
    heading.set_text_content(Some(words.panic_title));
    let body = document.create_element("p").ok()?;
    body.set_text_content(Some(&fill(words.panic_body, &[&detail])));
    let link = document.create_element("a").ok()?;
    link.set_text_content(Some(words.panic_reload));
    link.set_attribute("href", &href).ok()?;
    link.set_id("panic-reload");
    for child in [&heading, &body, &link] {
        panel.append_child(child).ok()?;
    }
    document.body()?.append_child(&panel).ok()?;
    Some(())
}
