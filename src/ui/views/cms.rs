//! The count-min sketch view.

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};

/// The count-min sketch view.
pub fn cms_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let _ = (state, dispatch);
    html! {
        <main class="single" id="cms-view">
            <h2>{ text.tab_cms }</h2>
        </main>
    }
}
