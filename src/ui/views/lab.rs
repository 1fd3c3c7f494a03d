//! The false-positive lab view: the lab, with the visualizer's own filter as one more point.

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};
use crate::ui::components::lab_panel::LabPanel;
use crate::ui::shared::Shared;

/// The lab view.
pub fn lab_view(_text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    html! {
        <main class="single">
            <LabPanel shape={state.settings().shape()} filter={Shared(Rc::clone(state.filter()))}
                      n={state.members().len() as u64} lab={Shared(Rc::clone(state.lab()))}
                      ondispatch={dispatch.clone()} />
        </main>
    }
}
