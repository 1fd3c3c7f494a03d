//! Two filters combined (union by OR, intersection by AND) and the visualizer's filter folded.

use crate::decimal::fixed;
use crate::state::sets_view::SetsAction;
use crate::state::FilterAction;
use crate::ui::shared::send;
use std::rc::Rc;

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::filter::{BloomFilter, CountEstimate, FilterShape, SetEstimates};
use crate::i18n::labels;
use crate::i18n::{fill, Text};
use crate::state::examples::{fold_example, fold_example_size, sets_example, EXAMPLE_MAX_FILL};
use crate::state::numbers::{fraction, percent, probability_from_ln};
use crate::state::sets_view::{SetsFigures, SETS_GRID_MAX};
use crate::state::url::MAX_FOLDS;
use crate::state::{Action, FilterModel, Members};
use crate::ui::components::bit_grid::BitGrid;
use crate::ui::marks::{Mark, MarkKind};
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;

/// What [`sets_panel`] shows.
pub struct SetsPanelProps {
    /// m, k and family shared by every filter here.
    pub shape: FilterShape,
    /// Items of A and B.
    pub sets: Shared<[Vec<String>; 2]>,
    /// The text of A's and B's fields (as being typed, else their items).
    pub texts: [String; 2],
    /// The visualizer's items (folded below).
    pub members: Shared<Members>,
    /// Folds applied.
    pub folds: u32,
    /// The figures, computed by the model once per change.
    pub figures: Rc<SetsFigures>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

fn estimate(e: CountEstimate, undefined: &str) -> String {
    match e {
        CountEstimate::Finite(v) => one_decimal(v),
        CountEstimate::Undefined => undefined.to_owned(),
    }
}

/// An estimate to one decimal. A difference of estimates that is zero up to rounding (say
/// −1e-15) shows as 0.0, not −0.0.
fn one_decimal(v: f64) -> String {
    match fixed(v, 1) {
        negative_zero if negative_zero == "-0.0" => "0.0".to_owned(),
        shown => shown,
    }
}

fn grid(filter: &BloomFilter, marks: Vec<Mark>) -> Html {
    if filter.shape().m() > SETS_GRID_MAX {
        return html! {};
    }
    html! {
        <BitGrid filter={Shared(Rc::new(FilterModel::Plain(filter.clone())))} {marks}
                 ondispatch={Callback::noop()} />
    }
}

/// The bits AND sets that the true intersection's filter does not, marked.
fn extra_marks(positions: &[u64]) -> Vec<Mark> {
    positions
        .iter()
        .map(|&position| Mark {
            position,
            hash_index: 0,
            kind: MarkKind::Extra,
            adding: false,
            decides: false,
        })
        .collect()
}

/// The size estimates beside the true sizes of A, B, their union and intersection.
fn estimates_table(out: &mut Markup, text: &Text, est: &SetEstimates, truth: [usize; 4]) {
    let undefined = text.estimate_undefined;
    out.push(
        "<table class=\"estimates\"><thead><tr><th></th><th>{}</th><th>{}</th></tr></thead><tbody>",
        &[&text.sets_estimated, &text.sets_true],
    );
    let rows = [
        ("a", "|A|", estimate(est.a, undefined)),
        ("b", "|B|", estimate(est.b, undefined)),
        ("union", "|A ∪ B|", estimate(est.union, undefined)),
        (
            "intersection",
            "|A ∩ B| ≈ n̂A + n̂B − n̂A∪B",
            est.intersection
                .map(one_decimal)
                .unwrap_or_else(|| undefined.to_owned()),
        ),
    ];
    for ((key, name, estimated), count) in rows.into_iter().zip(truth) {
        out.push(
            "<tr data-estimate=\"{}\"><td>{}</td><td>{}</td><td>{}</td></tr>",
            &[&key, &name, &&estimated, &count],
        );
    }
    out.push("</tbody></table>", &[]);
}

/// Each folding level: its m, fill, rate by fill and how many of the items it still finds.
fn folds_table(
    out: &mut Markup,
    text: &Text,
    figures: &SetsFigures,
    members: usize,
    rate: impl Fn(&BloomFilter) -> String,
) {
    out.push(
        "<table class=\"folds\"><thead><tr><th>m</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
        &[&text.fill_ratio, &text.fpr_by_fill, &text.fold_found],
    );
    for (i, (f, found)) in figures.levels.iter().zip(&figures.found).enumerate() {
        let m = f.shape().m();
        out.push(
            "<tr data-fold=\"{}\" data-m=\"{}\" data-found=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{} / {}</td></tr>",
            &[&i, &m, found, &m, &fraction(f.fill_ratio(), 4), &rate(f), found, &members],
        );
    }
    out.push("</tbody></table>", &[]);
}

/// The panel.
pub fn sets_panel(text: &'static Text, props: &SetsPanelProps) -> Html {
    let shape = props.shape;
    let figures = &props.figures;
    let [a_items, b_items] = &*props.sets;
    let (fa, fb, union, and) = (&figures.a, &figures.b, &figures.union, &figures.and);
    let inter_filter = &figures.intersection;
    let (true_union, common) = figures.true_sizes;
    let (union_exact, extra_bits) = (figures.union_exact, figures.extra_bits);
    let k = f64::from(shape.k());
    // (X/m)^k from its logarithm, so that a tiny rate is never printed as 0.
    let rate = |f: &BloomFilter| probability_from_ln(k * f.fill_ratio().ln());
    let set_items = |side: usize| {
        let d = props.ondispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
                d.emit(Action::Sets(SetsAction::Set(side, area.value())));
            }
        })
    };
    let type_items = |side: usize| {
        let d = props.ondispatch.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
                d.emit(Action::Sets(SetsAction::Type(side, area.value())));
            }
        })
    };
    let example = {
        let d = props.ondispatch.clone();
        let (a, b) = sets_example(shape.m(), shape.k());
        Callback::from(move |_: MouseEvent| {
            d.emit(Action::Sets(SetsAction::Set(0, a.join("\n"))));
            d.emit(Action::Sets(SetsAction::Set(1, b.join("\n"))));
        })
    };
    let union_fill = union.fill_ratio();
    let saturated = union_fill > EXAMPLE_MAX_FILL && true_union > 0;
    let members = props.members.len();
    let fold_to =
        |folds: u32| send::<MouseEvent>(&props.ondispatch, Action::Sets(SetsAction::Fold(folds)));
    let fold_example_click = send::<MouseEvent>(
        &props.ondispatch,
        Action::Filter(FilterAction::AddLines(
            fold_example(shape.m(), shape.k()).join("\n"),
        )),
    );
    let can_fold = figures.can_fold;
    // Why "Fold" is disabled below the most folds: the last array's m is odd (or 1).
    let odd_m = figures
        .levels
        .last()
        .map(|f| f.shape().m())
        .filter(|_| props.folds < MAX_FOLDS && !can_fold);
    // The words and tables are written as markup (they have no controls); the fields,
    // buttons and grids are Yew elements.
    let mut intro = Markup::default();
    intro.push(
        "<h2 id=\"sets-title\">{}</h2><p class=\"hint\">{}</p>",
        &[
            &text.sets_title,
            &fill(
                text.sets_hint,
                &[&shape.m(), &shape.k(), &shape.family().label()],
            ),
        ],
    );
    let mut grids_hidden = Markup::default();
    if shape.m() > SETS_GRID_MAX {
        grids_hidden.push(
            "<p class=\"hint\" id=\"sets-grids-hidden\">{}</p>",
            &[&fill(text.sets_grids_hidden, &[&SETS_GRID_MAX])],
        );
    }
    let mut union_note = Markup::default();
    if union_exact {
        union_note.push(
            "<p class=\"ok\">{}</p>",
            &[&fill(text.sets_union_exact, &[&true_union])],
        );
    } else {
        union_note.push("<p class=\"bad\">{}</p>", &[&text.sets_union_differs]);
    }
    let mut and_notes = Markup::default();
    and_notes.push(
        "<p>{}</p>",
        &[&fill(
            text.sets_intersection_note,
            &[
                &and.count_ones(),
                &inter_filter.count_ones(),
                &common,
                &extra_bits,
            ],
        )],
    );
    if extra_bits > 0 && shape.m() <= SETS_GRID_MAX {
        and_notes.push(
            "<p class=\"hint\" id=\"sets-extra-legend\">{}</p>",
            &[&fill(text.sets_extra_legend, &[&extra_bits])],
        );
    }
    and_notes.push(
        "<p>{}</p>",
        &[&fill(text.sets_rates, &[&rate(and), &rate(inter_filter)])],
    );
    if extra_bits == 0 {
        and_notes.push("<p class=\"ok\">{}</p>", &[&text.sets_and_exact]);
    } else {
        and_notes.push("<p class=\"bad\">{}</p>", &[&text.sets_and_inexact]);
    }
    let mut sizes = Markup::default();
    if saturated {
        sizes.push(
            "<p class=\"notice\" id=\"sets-saturated\">{}</p>",
            &[&fill(
                text.sets_saturated,
                &[&union.count_ones(), &shape.m(), &percent(union_fill)],
            )],
        );
    }
    if let Some(est) = &figures.estimates {
        let truth = [a_items.len(), b_items.len(), true_union, common];
        estimates_table(&mut sizes, text, est, truth);
    }
    let mut fold_intro = Markup::default();
    fold_intro.push(
        "<h2>{}</h2><p class=\"hint\">{}</p>",
        &[&text.fold_title, &text.fold_hint],
    );
    let mut folds = Markup::default();
    if let Some(m) = odd_m {
        folds.push(
            "<p class=\"hint\" id=\"fold-odd\">{}</p>",
            &[&fill(text.fold_odd, &[&m])],
        );
    }
    folds_table(&mut folds, text, figures, members, rate);
    html! {
        <section class="panel sets" aria-labelledby="sets-title">
            { intro.html() }
            <button id="sets-example" onclick={example}>{ text.sets_example }</button>
            <div class="sets-inputs">
                <label>{ "A" }<textarea id="set-a" rows="6" value={props.texts[0].clone()} oninput={type_items(0)} onchange={set_items(0)} /></label>
                <label>{ "B" }<textarea id="set-b" rows="6" value={props.texts[1].clone()} oninput={type_items(1)} onchange={set_items(1)} /></label>
            </div>
            { grids_hidden.html() }
            <div class="sets-grids">
                <div data-set="a"><h3>{ labels::filter_heading(text, "A", a_items.len()) }</h3>{ grid(fa, Vec::new()) }</div>
                <div data-set="b"><h3>{ labels::filter_heading(text, "B", b_items.len()) }</h3>{ grid(fb, Vec::new()) }</div>
                <div data-set="union" data-union-exact={union_exact.to_string()} data-ones={union.count_ones().to_string()}>
                    <h3>{ text.sets_union }</h3>{ grid(union, Vec::new()) }
                    { union_note.html() }
                </div>
                <div data-set="intersection" data-ones={and.count_ones().to_string()}
                     data-true-ones={inter_filter.count_ones().to_string()} data-extra-bits={extra_bits.to_string()}
                     data-and-exact={(extra_bits == 0).to_string()}>
                    <h3>{ text.sets_intersection }</h3>{ grid(and, extra_marks(&figures.extra_positions)) }
                    { and_notes.html() }
                </div>
                { sizes.html() }
            </div>
            { fold_intro.html() }
            if members == 0 {
                <p class="hint" id="fold-empty">{ text.fold_empty }{ " " }
                    <button id="fold-example" onclick={fold_example_click}>{ fill(text.fold_example, &[&fold_example_size(shape.m(), shape.k())]) }</button>
                </p>
            }
            <div class="toolbar">
                <button id="fold-more" disabled={!can_fold} onclick={fold_to(props.folds + 1)}>{ text.fold_more }</button>
                <button id="fold-less" disabled={props.folds == 0} onclick={fold_to(props.folds.saturating_sub(1))}>{ text.fold_less }</button>
            </div>
            { folds.html() }
            if let Some(last) = figures.levels.last() { { grid(last, Vec::new()) } }
        </section>
    }
}
