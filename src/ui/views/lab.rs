//! The false-positive lab view: the lab, with the visualizer's own filter as one more point.

use yew::prelude::*;

use crate::filter::{ItemKind, ItemSource, MeasuredPoint, ITEM_LEN};
use crate::i18n::Text;
use crate::state::{Action, AppState, FilterModel};
use crate::ui::components::lab_panel::LabPanel;
use crate::ui::shared::Shared;

/// Probes used to measure the visualizer's own filter for the lab.
pub const USER_PROBES: u64 = 20_000;

/// The visualizer's filter as a lab point: n members, and how many of [`USER_PROBES`]
/// generated non-members it reports as present.
pub fn user_point(filter: &FilterModel, n: u64) -> MeasuredPoint {
    let source = ItemSource::new(0xC1A55);
    let mut buf = [0u8; ITEM_LEN];
    let false_positives = (0..USER_PROBES)
        .filter(|&i| filter.contains(source.write(ItemKind::NonMember, i, &mut buf)))
        .count() as u64;
    MeasuredPoint::single(n, false_positives, USER_PROBES, filter.count_set())
}

/// The lab view.
pub fn lab_view(_text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    html! {
        <main class="single">
            <LabPanel shape={state.settings().shape()} filter={Shared(state.shared_filter())}
                      n={state.members().len() as u64} lab={Shared(state.shared_lab())}
                      ondispatch={dispatch.clone()} />
        </main>
    }
}
