//! The step-by-step walk: one sentence per step, with Next, Back and Cancel.

use crate::markup;
use crate::state::FilterAction;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::filter::{HashStep, Layout};
use crate::i18n::sentences::{self, StepCounts};
use crate::i18n::{fill, shown_item, Text};
use crate::state::{Action, Walk, WalkKind};
use crate::ui::marks::hash_class;
use crate::ui::raw::{IntoHtml, Markup};

/// Props of [`WalkPanel`].
pub struct WalkPanelProps {
    /// The walk.
    pub walk: Walk,
    /// The item's steps.
    pub steps: Vec<HashStep>,
    /// The filter's layout, which decides how each step's arithmetic is written.
    pub layout: Layout,
    /// Whether each step's position is set in the filter now.
    pub set: Vec<bool>,
    /// A counting filter's counter at each step's position, and a counter's maximum.
    pub counts: Option<(Vec<u8>, u8)>,
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
    let hash = (1..total - 1).contains(&walk.step).then(|| walk.step - 1);
    // The words are written as markup (they have no controls); the live region that holds
    // the sentence stays one element, so that each new step is read out.
    let mut head = Markup::default();
    markup!(
        head,
        concat!(
            "<h2 id=\"walk-title\">{title}</h2><p class=\"walk-progress\">",
            "{step} / {total}</p>"
        ),
        title,
        step = (walk.step + 1),
        total
    );
    let mut sentence = Markup::default();
    if let Some(i) = hash {
        markup!(
            sentence,
            "<span class=\"chip {class}\">{i}</span>",
            class = hash_class(i),
            i
        );
    }
    markup!(
        sentence,
        " {step}",
        step = sentences::walk_step(
            text,
            walk,
            &props.steps,
            &props.set,
            props
                .counts
                .as_ref()
                .map(|(counts, max)| StepCounts { counts, max: *max }),
            props.layout,
        )
    );
    let mut hint = Markup::default();
    markup!(
        hint,
        "<p class=\"hint\">{walk_keys}</p>",
        walk_keys = text.walk_keys
    );
    html! {
        <section class={crate::class_list!("panel", "walk", hash.map(hash_class))}
                 aria-labelledby="walk-title" data-walk-step={walk.step.to_string()}>
            { head.html() }
            <p class="walk-sentence" aria-live="polite" id="walk-sentence">{ sentence.html() }</p>
            <div class="toolbar">
                <button id="walk-back" onclick={act(Action::Filter(FilterAction::StepBackWalk))}
                        disabled={walk.step == 0}>{ text.walk_back }</button>
                <button id="walk-next" class="primary" onclick={act(Action::Filter(FilterAction::StepWalk))}>
                    { text.walk_next }
                </button>
                <button id="walk-cancel" onclick={act(Action::Filter(FilterAction::CancelWalk))}>
                    { text.walk_cancel }
                </button>
            </div>
            { hint.html() }
        </section>
    }
}
