//! The page's views, one file each: the visualizer, the false-positive lab, the calculator,
//! union and folding, hash quality, growing filters, the count-min sketch, use cases, a
//! Parquet file and filters beyond Bloom (a module loaded on use), and [`draw`], which
//! picks a view's drawing.

use yew::{Callback, Html};

use crate::i18n::Text;
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
