//! The union, intersection and folding view.

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};
use crate::ui::components::sets_panel::{sets_panel, SetsPanelProps};
use crate::ui::shared::Shared;

/// The sets view.
pub fn sets_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let props = SetsPanelProps {
        shape: state.settings().shape(),
        sets: Shared(state.sets()),
        texts: [state.sets_text(0), state.sets_text(1)],
        members: Shared(Rc::clone(state.members())),
        folds: state.folds(),
        figures: state.sets_figures(),
        ondispatch: dispatch.clone(),
    };
    html! { <main class="single">{ sets_panel(text, &props) }</main> }
}
