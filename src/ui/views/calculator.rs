//! The calculator view.

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};
use crate::ui::components::calculator::{calculator, CalculatorProps};
use crate::ui::shared::Shared;

/// The calculator view.
pub fn calculator_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let props = CalculatorProps {
        calculator: Shared(Rc::clone(state.calculator())),
        ondispatch: dispatch.clone(),
    };
    html! { <main class="single">{ calculator(text, &props) }</main> }
}
