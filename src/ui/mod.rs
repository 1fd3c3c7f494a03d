//! The web page: Yew components that render [`crate::state::AppState`] and turn user events
//! into [`crate::state::Action`]s. Compiled for wasm32 only.
#![allow(missing_docs)]

pub mod app;
pub mod browser;
pub mod bulk;
pub mod components;
pub mod marks;
pub mod shared;

/// Mounts the app on the page's body.
pub fn start() {
    browser::install_panic_screen();
    // A page opening in Chinese or Japanese first fetches that language's texts, so that it
    // never shows English first.
    let state = app::initial_state();
    let lang = state.lang();
    wasm_bindgen_futures::spawn_local(async move {
        let state = match browser::load_language(lang).await {
            Ok(()) => state,
            Err(problem) => state.apply(crate::state::Action::LanguageFailed(lang, problem)),
        };
        app::set_initial_state(state);
        yew::Renderer::<app::App>::new().render();
    });
}
