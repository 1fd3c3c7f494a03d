//! The step-by-step walk: one sentence per step, with Next, Back and Cancel.

use crate::state::FilterAction;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::filter::HashStep;
use crate::i18n::sentences;
use crate::i18n::{fill, shown_item, Text};
use crate::state::{Action, Walk, WalkKind};
use crate::ui::marks::hash_class;

/// Props of [`WalkPanel`].
pub struct WalkPanelProps {
    /// The walk.
    pub walk: Walk,
    /// The item's steps.
    pub steps: Vec<HashStep>,
    /// The filter's m, written into each step's arithmetic.
    pub m: u64,
    /// Whether each step's position is set in the filter now.
    pub set: Vec<bool>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The panel.
pub fn walk_panel(text: &'static Text, props: &WalkPanelProps) -> Html {
    let walk = &props.walk;
    let title = match walk.kind {
        WalkKind::Add => fill(text.walk_title_add, &[&shown_item(&walk.item)]),
        WalkKind::Query => fill(text.walk_title_query, &[&shown_item(&walk.item)]),
    };
    let act = |action: Action| send::<MouseEvent>(&props.ondispatch, action);
    let total = props.steps.len() as u32 + 2;
    // Steps 1 to k are hash i = step - 1, shown in its colour.
    let hash = (1..total - 1)
        .contains(&walk.step)
        .then(|| walk.step - 1)
        .map(|i| html! { <span class={crate::class_list!("chip", hash_class(i))}>{ i }</span> });
    html! {
        <section class={crate::class_list!("panel", "walk", hash.is_some().then(|| hash_class(walk.step - 1)))}
                 aria-labelledby="walk-title" data-walk-step={walk.step.to_string()}>
            <h2 id="walk-title">{ title }</h2>
            <p class="walk-progress">{ format!("{} / {}", walk.step + 1, total) }</p>
            <p class="walk-sentence" aria-live="polite" id="walk-sentence">
                { hash }{ " " }
                { sentences::walk_step(text, walk, &props.steps, &props.set, props.m) }
            </p>
            <div class="toolbar">
                <button id="walk-back" onclick={act(Action::Filter(FilterAction::StepBackWalk))} disabled={walk.step == 0}>{ text.walk_back }</button>
                <button id="walk-next" class="primary" onclick={act(Action::Filter(FilterAction::StepWalk))}>{ text.walk_next }</button>
                <button id="walk-cancel" onclick={act(Action::Filter(FilterAction::CancelWalk))}>{ text.walk_cancel }</button>
            </div>
            <p class="hint">{ text.walk_keys }</p>
        </section>
    }
}
