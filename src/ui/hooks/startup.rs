//! What the page does once it is up: note when it became ready, report its height to an
//! embedding page, fetch the lessons (at once when the link opens one, else when the
//! browser is idle, so the bit array never waits for them), add a long link's entries, and
//! follow the page's language in `<html lang>` and the panic screen.

use crate::decimal::fixed;
use yew::prelude::*;

use crate::lang::Lang;
use crate::state::AppState;
use crate::ui::shared::dispatch_to;
use crate::ui::{browser, bulk, opening, panic_screen};

/// Once the page is drawn whole (`whole`): fetches the lessons (when idle, unless the link
/// opens a lesson), reports the page's height to an embedding page, notes the time from
/// navigation to the whole page (for the benchmark), and starts adding a long link's
/// entries (in slices).
#[hook]
pub fn use_startup(state: &UseReducerHandle<AppState>, whole: bool) {
    let dispatch = dispatch_to(state);
    let lesson_now = state.lesson_requested();
    use_effect_with(whole, move |whole| {
        if !*whole {
            return;
        }
        if let Some(body) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
        {
            let _ = body.set_attribute("data-ready-ms", &fixed(browser::now_ms(), 1));
        }
        browser::report_height_to_parent();
        let fetch_lessons = {
            let dispatch = dispatch.clone();
            move || {
                wasm_bindgen_futures::spawn_local(async move {
                    dispatch.emit(browser::fetch_lessons().await);
                })
            }
        };
        if lesson_now {
            fetch_lessons();
        } else {
            browser::when_idle(fetch_lessons);
        }
        if let Some(builder) = opening::take_opening() {
            bulk::feed_link(builder, dispatch);
        }
    });
}

/// Keeps `<html lang>` and the panic screen's language on the page's language. Called as
/// the App renders; the document is written only when the language changed (the page
/// starts as `<html lang="en">`), so it needs no effect of its own.
pub fn follow_language(lang: Lang) {
    if panic_screen::set_lang(lang) {
        browser::set_document_lang(lang.key());
    }
}
