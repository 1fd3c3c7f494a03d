//! Deletion: three one-click demonstrations and the same delete done two ways side by side.

use crate::state::FilterAction;
use crate::state::VisualizerAction;
use crate::ui::shared::{on_details_toggle, send};
use std::rc::Rc;
use web_sys::HtmlSelectElement;

use yew::prelude::*;

use crate::i18n::labels;
use crate::i18n::{fill, quoted_list, Text};
use crate::state::demos::{compare_delete, DeleteComparison, Demo};
use crate::state::{Action, FilterModel, Members, Settings};
use crate::ui::components::bit_grid::BitGrid;
use crate::ui::components::item_list::LISTED;
use crate::ui::marks::{Mark, MarkKind};
use crate::ui::shared::Shared;

/// What [`deletion_panel`] shows.
pub struct DeletionPanelProps {
    /// Current settings.
    pub settings: Settings,
    /// The items in the set.
    pub members: Shared<Members>,
    /// The section is open.
    pub open: bool,
    /// The member the comparison deletes.
    pub compared: Option<String>,
    /// The comparison, made while the section is open (see [`comparison_of`]).
    pub comparison: Option<Rc<DeleteComparison>>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The comparison the section shows: both filters rebuilt from the members, with
/// `compared` deleted from each; none while the section is closed, during a long paste
/// (which would rebuild it at every slice) or above [`COMPARE_MAX_ITEMS`] members.
pub fn comparison_of(
    settings: &Settings,
    members: &Members,
    compared: Option<&str>,
    open: bool,
    busy: bool,
) -> Option<DeleteComparison> {
    let item = compared.filter(|_| open && !busy && members.len() <= COMPARE_MAX_ITEMS)?;
    Some(compare_delete(settings, members, item))
}

fn demo_key(demo: Demo) -> &'static str {
    match demo {
        Demo::NaiveDelete => "naive-delete",
        Demo::CountingDelete => "counting-delete",
        Demo::Saturation => "saturation",
    }
}

/// The comparison draws its two filters up to this m; above, it names the lost items only
/// (two more grids of thousands of cells would double the page's work on every add).
const COMPARE_GRID_MAX: u64 = 1024;

/// The comparison rebuilds both filters from every member; above this many it is not made.
const COMPARE_MAX_ITEMS: usize = 5_000;

/// The panel, closed until it is opened: its demonstrations and its comparison (which
/// rebuilds two filters from every member) are made only while it is open.
pub fn deletion_panel(text: &'static Text, props: &DeletionPanelProps) -> Html {
    let members = props.members.list();
    let item = props.compared.clone();
    let comparison = props.comparison.clone();
    let on_choose = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                d.emit(Action::Visualizer(VisualizerAction::ChooseCompared(
                    select.value(),
                )));
            }
        })
    };
    let shape = props.settings.shape();
    let marks: Vec<Mark> = item
        .as_ref()
        .map(|it| {
            shape
                .steps(it.as_bytes())
                .iter()
                .map(|s| Mark {
                    position: s.position,
                    hash_index: s.index,
                    kind: MarkKind::Probe,
                    adding: false,
                    decides: false,
                })
                .collect()
        })
        .unwrap_or_default();
    let side = |title: &'static str,
                filter: &Rc<FilterModel>,
                misses: &[String],
                key: &'static str| {
        let grid = (shape.m() <= COMPARE_GRID_MAX).then(|| {
            html! {
                <BitGrid filter={Shared(Rc::clone(filter))} marks={marks.clone()}
                         ondispatch={Callback::noop()} />
            }
        });
        let verdict = if misses.is_empty() {
            text.compare_no_false_negatives.to_owned()
        } else {
            let template = match misses.len() {
                1 => text.compare_false_negative_one,
                _ => text.compare_false_negatives,
            };
            fill(template, &[&quoted_list(text, misses)])
        };
        html! {
            <div class="compare-side" data-compare={key} data-false-negatives={misses.len().to_string()}>
                <h3>{ title }</h3>
                <div class="slot">{ grid }</div>
                <p class={crate::class_list!(if misses.is_empty() { "ok" } else { "bad" })}>{ verdict }</p>
            </div>
        }
    };
    let ontoggle = on_details_toggle(&props.ondispatch, props.open, |now| {
        Action::Visualizer(VisualizerAction::ShowDeletion(now))
    });
    html! {
        <details class="panel deletion on-demand" id="deleting" open={props.open} {ontoggle}>
            <summary><h2 id="deletion-title">{ text.deletion }</h2></summary>
            if props.open {
                <div class="toolbar">
                    { for Demo::ALL.iter().map(|&demo| {
                        html! {
                            <button data-demo={demo_key(demo)}
                                    onclick={send::<MouseEvent>(
                                        &props.ondispatch,
                                        Action::Filter(FilterAction::LoadDemo(demo)),
                                    )}>
                                { labels::demo(text, demo) }
                            </button>
                        }
                    }) }
                </div>
                <p class="hint">{ text.deletion_hint }</p>
                if let (Some(item), Some(cmp)) = (item.clone(), comparison.as_deref()) {
                    <div class="compare">
                        <label for="compare-item">{ text.compare_item }</label>
                        <select id="compare-item" onchange={on_choose}>
                            { for members.iter().take(LISTED).map(|m| html! {
                                <option value={m.item.clone()} selected={m.item == item}>{ m.item.clone() }</option>
                            }) }
                        </select>
                        if shape.m() > COMPARE_GRID_MAX {
                            <p class="hint" id="compare-grids-hidden">
                                { fill(text.compare_grids_hidden, &[&COMPARE_GRID_MAX]) }
                            </p>
                        }
                        <div class="compare-sides">
                            { side(text.compare_plain, &cmp.plain, &cmp.plain_false_negatives, "plain") }
                            { side(text.compare_counting, &cmp.counting, &cmp.counting_false_negatives, "counting") }
                        </div>
                    </div>
                } else if props.members.len() > COMPARE_MAX_ITEMS {
                    <p class="hint">{ fill(text.compare_too_many, &[&COMPARE_MAX_ITEMS]) }</p>
                } else {
                    <p class="hint">{ text.compare_empty }</p>
                }
            }
        </details>
    }
}
