//! The web page: Yew components that render [`crate::state::AppState`] and turn user events
//! into [`crate::state::Action`]s. Compiled for wasm32 only.
#![allow(missing_docs)]

pub mod app;
pub mod browser;
pub mod bulk;
pub mod components;
pub mod header;
pub mod hooks;
pub mod links;
pub mod marks;
pub mod panic_screen;
pub mod picture;
pub mod shared;
pub mod tabs;
pub mod views;

use std::cell::Cell;
use std::rc::Rc;

use crate::state::Action;

/// Mounts the app on the page's body.
pub fn start() {
    panic_screen::install();
    // A page opening in Chinese or Japanese first fetches that language's texts, so that it
    // never shows English first; after 3 s without them it opens in English, with a notice
    // (a late answer still installs the texts for the menu).
    let state = app::initial_state();
    let lang = state.lang();
    let mount = Rc::new(Cell::new(Some(state)));
    let opened = mount.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let loaded = browser::load_language(lang).await;
        if let Some(state) = opened.take() {
            match loaded {
                Ok(()) => open(state),
                Err(problem) => open(state.apply(Action::LanguageFailed(lang, problem))),
            }
        }
    });
    browser::after_ms(LANGUAGE_WAIT_MS, move || {
        if let Some(state) = mount.take() {
            let problem = format!("{}: no answer within {LANGUAGE_WAIT_MS} ms", lang.file());
            open(state.apply(Action::LanguageFailed(lang, problem)));
        }
    });
}

/// How long a page opening in Chinese or Japanese waits for its texts.
const LANGUAGE_WAIT_MS: i32 = 3000;

/// Mounts the app with this state.
fn open(state: crate::state::AppState) {
    app::set_initial_state(state);
    yew::Renderer::<app::App>::new().render();
}
