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
    yew::Renderer::<app::App>::new().render();
}
