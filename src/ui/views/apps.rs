//! The use-case view.

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};

/// The use-case view.
pub fn apps_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let _ = (state, dispatch);
    html! {
        <main class="single" id="apps-view">
            <h2>{ text.tab_apps }</h2>
        </main>
    }
}
