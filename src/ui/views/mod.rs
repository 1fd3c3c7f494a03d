//! The page's views, one file each: the visualizer, the false-positive lab, the calculator,
//! union and folding, hash quality, growing filters, the count-min sketch, use cases, a
//! Parquet file and filters beyond Bloom (a module loaded on use), and [`draw`], which
//! picks a view's drawing.

use yew::{html, Callback, Html};

use crate::i18n::{fill, Text};
use crate::state::{Action, AppState, View};

pub mod apps;
pub mod calculator;
pub mod cms;
pub mod files;
pub mod filters;
pub mod grow;
pub mod hashes;
pub mod lab;
pub mod sets;
pub mod visualizer;

/// Draws `view` (the visualizer is kept mounted while another view is shown, so its entry
/// here draws nothing of its own: the app draws it).
pub fn draw(
    view: View,
    text: &'static Text,
    state: &AppState,
    dispatch: &Callback<Action>,
) -> Html {
    match view {
        View::Visualizer => visualizer::drawn_by_the_app(text, state, dispatch),
        View::Lab => lab::lab_view(text, state, dispatch),
        View::Calculator => calculator::calculator_view(text, state, dispatch),
        View::Sets => sets::sets_view(text, state, dispatch),
        View::Hashes => hashes::hashes_view(text, state, dispatch),
        View::Grow => grow::grow_view(text, state, dispatch),
        View::Cms => cms::cms_view(text, state, dispatch),
        View::Apps => apps::apps_view(text, state, dispatch),
        View::Files => files::files_view(text, state, dispatch),
        View::Filters => filters::filters_view(text, state, dispatch),
    }
}

/// The element a view that is a module of its own (loaded on use) draws into, with the
/// class `main_class` on the page's `main`, and below it a note while the module loads
/// (hidden by the style sheet once the module has drawn) or why it could not (`failure`).
/// `name` is the view's tab.
pub fn module_host(
    text: &'static Text,
    root: &'static str,
    main_class: &'static str,
    name: &'static str,
    failure: Option<&str>,
) -> Html {
    html! {
        <main class={main_class}>
            <div class="module-root" id={root}></div>
            if let Some(problem) = failure {
                <p class="error" role="alert">{ fill(text.view_failed, &[&name, &problem]) }</p>
            } else {
                <p class="module-loading">{ fill(text.view_loading, &[&name]) }</p>
            }
        </main>
    }
}
