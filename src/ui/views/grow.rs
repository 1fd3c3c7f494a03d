//! The growing-filters view.

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};

/// The growing-filters view.
pub fn grow_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let _ = (state, dispatch);
    html! {
        <main class="single" id="grow-view">
            <h2>{ text.tab_grow }</h2>
        </main>
    }
}
