//! The count-min sketch view: the d × w counters, one item's counter in each row (in its
//! row's hash colour), its estimate beside its true count, the guarantee, and the heavy
//! hitters of a Zipf stream.

use crate::markup;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::decimal::Fixed;
use crate::i18n::{describe, fill, Text};
use crate::state::cms_view::CmsAction;
use crate::state::numbers::grouped;
use crate::state::{Action, AppState};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::marks::hash_class;
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::send;

/// The most counters drawn as cells.
const DRAWN_MAX: u64 = 4096;

/// The count-min sketch view. What is typed in the item field is the query: its counters
/// show as it is typed, and Add (or Enter) adds it.
pub fn cms_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let view = state.cms();
    let sketch = view.sketch();
    let (w, d) = (sketch.width(), sketch.depth());
    let cms = |make: fn(String) -> CmsAction| {
        let dispatch = dispatch.clone();
        Callback::from(move |v: String| dispatch.emit(Action::Cms(make(v))))
    };
    let typed = view.settings().query.clone();
    let add = send::<MouseEvent>(dispatch, Action::Cms(CmsAction::Add(typed.clone())));
    let onkeydown = {
        let (dispatch, typed) = (dispatch.clone(), typed.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                dispatch.emit(Action::Cms(CmsAction::Add(typed.clone())));
            }
        })
    };
    let problem = |p: &Option<_>| p.as_ref().map(|p| describe::problem(text, p));
    let queried = view.queried();
    let columns: Vec<u64> = queried
        .as_ref()
        .map(|q| sketch.columns(q.item.as_bytes()))
        .unwrap_or_default();
    let mut out = Markup::default();
    if let Some(q) = &queried {
        markup!(out, r#"<ul class="cms-rows">"#);
        for (j, (column, count)) in sketch
            .row_counters(q.item.as_bytes())
            .into_iter()
            .enumerate()
        {
            let colour = hash_class(j as u32);
            markup!(
                out,
                concat!(
                    r#"<li class="{colour}" data-cms-row-of="{j}" "#,
                    r#"data-cms-col="{column}" data-cms-count="{count}"><span "#,
                    r#"class="chip {colour}">{j}</span> {sentence}</li>"#
                ),
                colour,
                j,
                column,
                count,
                sentence = &fill(text.cms_row, &[&j, &column, &count])
            );
        }
        let over = q.estimate - q.truth.min(q.estimate);
        let why = if over == 0 {
            text.cms_exact.to_owned()
        } else {
            fill(text.cms_over, &[&over])
        };
        markup!(
            out,
            concat!(
                r#"</ul><div class="cms-verdict" data-cms-item="{item}"><p><strong "#,
                r#"data-cms-estimate="{estimate}">{estimated}</strong> · <span "#,
                r#"data-cms-true="{truth}">{counted}</span></p><p>{why}</p></div>"#
            ),
            item = &q.item,
            estimate = q.estimate,
            estimated = &fill(text.cms_estimate, &[&q.estimate]),
            truth = q.truth,
            counted = &fill(text.cms_truth, &[&q.truth]),
            why
        );
    }
    let total = grouped(sketch.total());
    markup!(
        out,
        "<h3>{grid}</h3>",
        grid = &fill(text.cms_grid, &[&total])
    );
    if w * u64::from(d) <= DRAWN_MAX {
        // Focusable, so that a keyboard can scroll the grid when it is wider than its panel.
        markup!(
            out,
            concat!(
                r#"<div class="cms-grid" role="table" tabindex="0" "#,
                r#"style="--cms-columns: {w}">"#
            ),
            w
        );
        for j in 0..d {
            markup!(out, r#"<div class="cms-grid-row" role="row">"#);
            for c in 0..w {
                let count = sketch.counter(j, c).unwrap_or(0);
                let used = if count > 0 { " used" } else { "" };
                let hit = if columns.get(j as usize) == Some(&c) {
                    hash_class(j)
                } else {
                    ""
                };
                let hit_class = if hit.is_empty() { "" } else { " cms-hit " };
                markup!(
                    out,
                    concat!(
                        r#"<div role="cell" class="cms-cell{used}{hit_class}{hit}" "#,
                        r#"data-cms-row="{j}" data-cms-col="{c}" data-cms-count="{count}">{count}"#,
                        r#"</div>"#
                    ),
                    used,
                    hit_class,
                    hit,
                    j,
                    c,
                    count
                );
            }
            markup!(out, "</div>");
        }
        markup!(out, "</div>");
    } else {
        markup!(
            out,
            r#"<p class="hint">{hidden}</p>"#,
            hidden = &fill(text.cms_grid_hidden, &[&d, &w])
        );
    }
    let (epsilon, delta) = (sketch.epsilon(), sketch.delta());
    markup!(
        out,
        concat!(
            r#"<p class="formula" id="cms-guarantee" data-cms-epsilon="{epsilon}" "#,
            r#"data-cms-delta="{delta}">{guarantee}</p>"#
        ),
        epsilon = Fixed(epsilon, 6),
        delta = Fixed(delta, 6),
        guarantee = &fill(
            text.cms_guarantee,
            &[
                &w,
                &d,
                &Fixed(epsilon, 4),
                &Fixed(delta, 4),
                &Fixed(sketch.error_bound(), 1),
            ],
        )
    );
    if view.settings().zipf > 0 {
        markup!(
            out,
            r#"<p class="hint">{note}</p>"#,
            note = fill(text.cms_zipf_note, &[&grouped(view.settings().zipf)])
        );
    }
    let heavy = view.heavy_hitters();
    if !heavy.is_empty() {
        markup!(
            out,
            concat!(
                r#"<h3>{cms_heavy}</h3><table class="cms-heavy"><thead><tr><th "#,
                r#"scope="col">{cms_item}</th><th scope="col">{cms_col_estimate}"#,
                r#"</th><th scope="col">{cms_col_true}</th></tr></thead><tbody>"#
            ),
            cms_heavy = text.cms_heavy,
            cms_item = text.cms_item,
            cms_col_estimate = text.cms_col_estimate,
            cms_col_true = text.cms_col_true
        );
        for h in &heavy {
            let item = &h.item;
            markup!(
                out,
                concat!(
                    r#"<tr data-heavy="{item}" data-cms-estimate="{estimate}" "#,
                    r#"data-cms-true="{truth}"><td>{item}</td><td>{estimate}</td><td>{truth}"#,
                    r#"</td></tr>"#
                ),
                item,
                estimate = h.estimate,
                truth = h.truth
            );
        }
        markup!(out, "</tbody></table>");
    }
    let (settings, problems) = (view.settings(), view.problems());
    let width_field = TextField::new(
        "cms-w",
        text.cms_width,
        settings.width.clone(),
        problem(&problems.width),
    );
    let depth_field = TextField::new(
        "cms-d",
        text.cms_depth,
        settings.depth.clone(),
        problem(&problems.depth),
    );
    html! {
        <main class="single" id="cms-view">
        <section class="panel cms" aria-labelledby="cms-title">
            <h2 id="cms-title">{ text.cms_title }</h2>
            <p class="lead" id="cms-lead">{ text.cms_lead }</p>
            <p class="hint">{ fill(text.cms_intro, &[&sketch.family().label()]) }</p>
            <div class="control-row">
                { text_field(width_field, cms(CmsAction::SetWidth)) }
                { text_field(depth_field, cms(CmsAction::SetDepth)) }
                <div onkeydown={onkeydown}>
                    { text_field(TextField::new("cms-item", text.cms_item, typed, None), cms(CmsAction::Query)) }
                </div>
                <button id="cms-add" onclick={add}>{ text.cms_add }</button>
                <button id="cms-zipf" onclick={send::<MouseEvent>(dispatch, Action::Cms(CmsAction::AddZipf))}>
                    { text.cms_zipf }
                </button>
                <button id="cms-clear" onclick={send::<MouseEvent>(dispatch, Action::Cms(CmsAction::Clear))}>
                    { text.cms_clear }
                </button>
            </div>
            { out.html() }
        </section>
        </main>
    }
}
