//! The panic screen survives the app's start: Yew installs its own panic hook when it
//! renders, and the page's screen must still be the one a panic shows. Its own test binary,
//! because a panic leaves the WebAssembly instance unusable for further tests.
#![cfg(target_arch = "wasm32")]

use bloomlab::ui::{app::App, panic_screen};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn a_panic_after_the_app_has_rendered_shows_the_screen_with_a_reload_link() {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    panic_screen::install();
    yew::Renderer::<App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    assert!(
        root.query_selector(".app").unwrap().is_some(),
        "the app rendered"
    );
    // The screen is there from the start, hidden, so that a trap can show it without the
    // WebAssembly.
    assert!(document
        .query_selector(".panic-screen[hidden]")
        .unwrap()
        .is_some());

    // A panic in a callback the browser runs, as an event handler's would be; the call is
    // made through JavaScript so that the trap it ends in is caught there.
    let panicking = Closure::<dyn Fn()>::new(|| panic!("a test panic"));
    let function: &js_sys::Function = panicking.as_ref().unchecked_ref();
    assert!(function.call0(&JsValue::NULL).is_err(), "the panic traps");

    let screen = document
        .query_selector(".panic-screen[role='alert']:not([hidden])")
        .unwrap()
        .expect("the panic screen is shown");
    assert!(screen.text_content().unwrap().contains("a test panic"));
    let reload = document.get_element_by_id("panic-reload").unwrap();
    let href = reload.get_attribute("href").unwrap();
    let here = web_sys::window().unwrap().location().href().unwrap();
    assert_eq!(href, here, "the link reloads the page as it is");
    let saved = document.get_element_by_id("panic-saved").unwrap();
    let path = web_sys::window().unwrap().location().pathname().unwrap();
    assert_eq!(
        saved.get_attribute("href").unwrap(),
        path,
        "the saved session: no query"
    );
}
