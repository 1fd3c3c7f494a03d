//! The count-min sketch view: the d × w counters, one item's counter in each row (in its
//! row's hash colour), its estimate beside its true count, the guarantee, and the heavy
//! hitters of a Zipf stream.

use std::f64::consts::E;

use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

use crate::decimal::Fixed;
use crate::i18n::{describe, fill, Text};
use crate::state::cms_view::{CmsAction, CmsState, Counted};
use crate::state::numbers::grouped;
use crate::state::{Action, AppState};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::marks::hash_class;
use crate::ui::shared::{send, Shared};

/// The most counters drawn as cells.
const DRAWN_MAX: u64 = 4096;

/// The count-min sketch view.
pub fn cms_view(_text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    html! {
        <main class="single" id="cms-view">
            <CmsPanel view={Shared(state.shared_cms())} ondispatch={dispatch.clone()} />
        </main>
    }
}

/// Props of [`CmsPanel`].
#[derive(Properties, PartialEq)]
pub struct CmsPanelProps {
    /// The view's state.
    pub view: Shared<CmsState>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The panel; the item field's text is local until it is added or counted.
#[component]
pub fn CmsPanel(props: &CmsPanelProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let view = &*props.view;
    let draft = use_state(|| view.settings().query.clone());
    let sketch = view.sketch();
    let (w, d) = (sketch.width(), sketch.depth());
    let cms = |make: fn(String) -> CmsAction| {
        let dispatch = props.ondispatch.clone();
        Callback::from(move |v: String| dispatch.emit(Action::Cms(make(v))))
    };
    let with_draft = |make: fn(String) -> CmsAction| {
        let (dispatch, draft) = (props.ondispatch.clone(), draft.clone());
        Callback::from(move |_: MouseEvent| {
            if !draft.is_empty() {
                dispatch.emit(Action::Cms(make((*draft).clone())));
            }
        })
    };
    let oninput = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                draft.set(input.value());
            }
        })
    };
    let onkeydown = {
        let (dispatch, draft) = (props.ondispatch.clone(), draft.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && !draft.is_empty() {
                let action = if e.shift_key() {
                    CmsAction::Query((*draft).clone())
                } else {
                    CmsAction::Add((*draft).clone())
                };
                dispatch.emit(Action::Cms(action));
            }
        })
    };
    let problem = |p: &Option<_>| p.as_ref().map(|p| describe::problem(text, p));
    let queried = view.queried();
    let columns: Vec<u64> = queried
        .as_ref()
        .map(|q| sketch.columns(q.item.as_bytes()))
        .unwrap_or_default();
    let rows = queried.as_ref().map(|q| {
        let counters = sketch.row_counters(q.item.as_bytes());
        html! {
            <ul class="cms-rows">
                { for counters.iter().enumerate().map(|(j, &(column, count))| html! {
                    <li class={hash_class(j as u32)} data-cms-row-of={j.to_string()}
                        data-cms-col={column.to_string()} data-cms-count={count.to_string()}>
                        <span class={crate::class_list!("chip", hash_class(j as u32))}>{ j }</span>
                        { " " }{ fill(text.cms_row, &[&j, &column, &count]) }
                    </li>
                }) }
            </ul>
        }
    });
    let verdict = queried.as_ref().map(|q| answer(text, q));
    let epsilon = E / w as f64;
    let delta = (-f64::from(d)).exp();
    let guarantee = fill(
        text.cms_guarantee,
        &[
            &w,
            &d,
            &Fixed(epsilon, 4),
            &Fixed(delta, 4),
            &Fixed(sketch.error_bound(), 1),
        ],
    );
    let grid = if w * u64::from(d) <= DRAWN_MAX {
        html! {
            <div class="cms-grid" role="table" aria-label={fill(text.cms_grid, &[&grouped(u128::from(sketch.total()))])}
                 style={format!("--cms-columns: {w}")}>
                { for (0..d).map(|j| html! {
                    <div class="cms-grid-row" role="row">
                        { for (0..w).map(|c| {
                            let count = sketch.counter(j, c).unwrap_or(0);
                            let hit = columns.get(j as usize) == Some(&c);
                            html! {
                                <div role="cell" class={crate::class_list!("cms-cell", (count > 0).then_some("used"),
                                         hit.then_some("cms-hit"), hit.then(|| hash_class(j)))}
                                     data-cms-row={j.to_string()} data-cms-col={c.to_string()} data-cms-count={count.to_string()}>
                                    { count }
                                </div>
                            }
                        }) }
                    </div>
                }) }
            </div>
        }
    } else {
        html! { <p class="hint">{ fill(text.cms_grid_hidden, &[&d, &w]) }</p> }
    };
    let heavy = view.heavy_hitters();
    html! {
        <section class="panel cms" aria-labelledby="cms-title">
            <h2 id="cms-title">{ text.cms_title }</h2>
            <p class="hint">{ fill(text.cms_intro, &[&sketch.family().label()]) }</p>
            <div class="control-row">
                { text_field(TextField::new("cms-w", text.cms_width, view.settings().width.clone(), problem(&view.problems().width)), cms(CmsAction::SetWidth)) }
                { text_field(TextField::new("cms-d", text.cms_depth, view.settings().depth.clone(), problem(&view.problems().depth)), cms(CmsAction::SetDepth)) }
                <div class="field">
                    <label for="cms-item">{ text.cms_item }</label>
                    <input id="cms-item" type="text" value={(*draft).clone()} {oninput} {onkeydown} autocomplete="off" />
                </div>
                <button id="cms-add" onclick={with_draft(CmsAction::Add)}>{ text.cms_add }</button>
                <button id="cms-query" onclick={with_draft(CmsAction::Query)}>{ text.cms_count }</button>
                <button id="cms-zipf" onclick={send::<MouseEvent>(&props.ondispatch, Action::Cms(CmsAction::AddZipf))}>{ text.cms_zipf }</button>
                <button id="cms-clear" onclick={send::<MouseEvent>(&props.ondispatch, Action::Cms(CmsAction::Clear))}>{ text.cms_clear }</button>
            </div>
            <div class="cms-answer">
                { rows }
                { verdict }
            </div>
            <h3>{ fill(text.cms_grid, &[&grouped(u128::from(sketch.total()))]) }</h3>
            { grid }
            <p class="formula" id="cms-guarantee" data-cms-epsilon={Fixed(epsilon, 6).to_string()}
               data-cms-delta={Fixed(delta, 6).to_string()}>{ guarantee }</p>
            if view.settings().zipf > 0 {
                <p class="hint">{ fill(text.cms_zipf_note, &[&grouped(u128::from(view.settings().zipf))]) }</p>
            }
            if !heavy.is_empty() {
                <h3>{ text.cms_heavy }</h3>
                <table class="cms-heavy">
                    <thead><tr><th scope="col">{ text.cms_item }</th><th scope="col">{ text.cms_col_estimate }</th><th scope="col">{ text.cms_col_true }</th></tr></thead>
                    <tbody>
                        { for heavy.iter().map(|h| html! {
                            <tr data-heavy={h.item.clone()} data-cms-estimate={h.estimate.to_string()} data-cms-true={h.truth.to_string()}>
                                <td>{ &h.item }</td><td>{ h.estimate }</td><td>{ h.truth }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            }
        </section>
    }
}

/// The estimate beside the true count, and why they differ.
fn answer(text: &Text, counted: &Counted) -> Html {
    let over = counted.estimate - counted.truth.min(counted.estimate);
    html! {
        <div class="cms-verdict" data-cms-item={counted.item.clone()}>
            <p><strong data-cms-estimate={counted.estimate.to_string()}>{ fill(text.cms_estimate, &[&counted.estimate]) }</strong>
               { " · " }<span data-cms-true={counted.truth.to_string()}>{ fill(text.cms_truth, &[&counted.truth]) }</span></p>
            <p>{ if over == 0 { text.cms_exact.to_owned() } else { fill(text.cms_over, &[&over]) } }</p>
        </div>
    }
}
