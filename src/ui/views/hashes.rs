//! The hash-quality view.

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};
use crate::ui::components::hash_lab::HashLab;
use crate::ui::shared::Shared;

/// The hash-quality view.
pub fn hashes_view(_text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    html! {
        <main class="single">
            <HashLab view={Shared(Rc::clone(state.hash_quality()))} ondispatch={dispatch.clone()} />
        </main>
    }
}
