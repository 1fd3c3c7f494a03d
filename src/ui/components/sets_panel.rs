//! Two filters combined (union by OR, intersection by AND) and the visualizer's filter folded.

use crate::decimal::fixed;
use crate::markup;
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
    markup!(
        out,
        concat!(
            "<table class=\"estimates\"><thead><tr><th></th><th>{sets_estimated}",
            "</th><th>{sets_true}</th></tr></thead><tbody>"
        ),
        sets_estimated = text.sets_estimated,
        sets_true = text.sets_true
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
        markup!(
            out,
            concat!(
                "<tr data-estimate=\"{key}\"><td>{name}</td><td>{estimated}</td><td>{count}",
                "</td></tr>"
            ),
            key,
            name,
            estimated = &estimated,
            count
        );
    }
    markup!(out, "</tbody></table>");
}

/// Each folding level: its m, fill, rate by fill and how many of the items it still finds.
fn folds_table(
    out: &mut Markup,
    text: &Text,
    figures: &SetsFigures,
    members: usize,
    rate: impl Fn(&BloomFilter) -> String,
) {
    markup!(
        out,
        concat!(
            "<table class=\"folds\"><thead><tr><th>m</th><th>{fill_ratio}</th>",
            "<th>{fpr_by_fill}</th><th>{fold_found}</th></tr></thead><tbody>"
        ),
        fill_ratio = text.fill_ratio,
        fpr_by_fill = text.fpr_by_fill,
        fold_found = text.fold_found
    );
    for (i, (f, found)) in figures.levels.iter().zip(&figures.found).enumerate() {
        let m = f.shape().m();
        markup!(
            out,
            concat!(
                "<tr data-fold=\"{i}\" data-m=\"{m}\" data-found=\"{found}\"><td>{m}",
                "</td><td>{fill}</td><td>{rate}</td><td>{found} / {members}",
                "</td></tr>"
            ),
            i,
            m,
            found,
            fill = fraction(f.fill_ratio(), 4),
            rate = rate(f),
            members
        );
    }
    markup!(out, "</tbody></table>");
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
    markup!(
        intro,
        concat!(
            "<h2 id=\"sets-title\">{sets_title}</h2><p class=\"hint\">{sets_hint}",
            "</p>"
        ),
        sets_title = text.sets_title,
        sets_hint = fill(
            text.sets_hint,
            &[&shape.m(), &shape.k(), &shape.family().label()],
        )
    );
    let mut grids_hidden = Markup::default();
    if shape.m() > SETS_GRID_MAX {
        markup!(
            grids_hidden,
            concat!(
                "<p class=\"hint\" id=\"sets-grids-hidden\">{sets_grids_hidden}",
                "</p>"
            ),
            sets_grids_hidden = fill(text.sets_grids_hidden, &[&SETS_GRID_MAX])
        );
    }
    let mut union_note = Markup::default();
    if union_exact {
        markup!(
            union_note,
            "<p class=\"ok\">{sets_union_exact}</p>",
            sets_union_exact = fill(text.sets_union_exact, &[&true_union])
        );
    } else {
        markup!(
            union_note,
            "<p class=\"bad\">{sets_union_differs}</p>",
            sets_union_differs = text.sets_union_differs
        );
    }
    let mut and_notes = Markup::default();
    markup!(
        and_notes,
        "<p>{sets_intersection_note}</p>",
        sets_intersection_note = fill(
            text.sets_intersection_note,
            &[
                &and.count_ones(),
                &inter_filter.count_ones(),
                &common,
                &extra_bits,
            ],
        )
    );
    if extra_bits > 0 && shape.m() <= SETS_GRID_MAX {
        markup!(
            and_notes,
            concat!(
                "<p class=\"hint\" id=\"sets-extra-legend\">{sets_extra_legend}",
                "</p>"
            ),
            sets_extra_legend = fill(text.sets_extra_legend, &[&extra_bits])
        );
    }
    markup!(
        and_notes,
        "<p>{sets_rates}</p>",
        sets_rates = fill(text.sets_rates, &[&rate(and), &rate(inter_filter)])
    );
    if extra_bits == 0 {
        markup!(
            and_notes,
            "<p class=\"ok\">{sets_and_exact}</p>",
            sets_and_exact = text.sets_and_exact
        );
    } else {
        markup!(
            and_notes,
            "<p class=\"bad\">{sets_and_inexact}</p>",
            sets_and_inexact = text.sets_and_inexact
        );
    }
    let mut sizes = Markup::default();
    if saturated {
        markup!(
            sizes,
            "<p class=\"notice\" id=\"sets-saturated\">{sets_saturated}</p>",
            sets_saturated = fill(
                text.sets_saturated,
                &[&union.count_ones(), &shape.m(), &percent(union_fill)],
            )
        );
    }
    if let Some(est) = &figures.estimates {
        let truth = [a_items.len(), b_items.len(), true_union, common];
        estimates_table(&mut sizes, text, est, truth);
    }
    let mut fold_intro = Markup::default();
    markup!(
        fold_intro,
        "<h2>{fold_title}</h2><p class=\"hint\">{fold_hint}</p>",
        fold_title = text.fold_title,
        fold_hint = text.fold_hint
    );
    let mut folds = Markup::default();
    if let Some(m) = odd_m {
        markup!(
            folds,
            "<p class=\"hint\" id=\"fold-odd\">{fold_odd}</p>",
            fold_odd = fill(text.fold_odd, &[&m])
        );
    }
    folds_table(&mut folds, text, figures, members, rate);
    html! {
        <section class="panel sets" aria-labelledby="sets-title">
            { intro.html() }
            <button id="sets-example" onclick={example}>{ text.sets_example }</button>
            <div class="sets-inputs">
                <label>{ "A" }<textarea id="set-a" rows="6" value={props.texts[0].clone()}
                                        oninput={type_items(0)} onchange={set_items(0)} /></label>
                <label>{ "B" }<textarea id="set-b" rows="6" value={props.texts[1].clone()}
                                        oninput={type_items(1)} onchange={set_items(1)} /></label>
            </div>
            { grids_hidden.html() }
            <div class="sets-grids">
                <div data-set="a">
                    <h3>{ labels::filter_heading(text, "A", a_items.len()) }</h3>{ grid(fa, Vec::new()) }
                </div>
                <div data-set="b">
                    <h3>{ labels::filter_heading(text, "B", b_items.len()) }</h3>{ grid(fb, Vec::new()) }
                </div>
                <div data-set="union" data-union-exact={union_exact.to_string()}
                     data-ones={union.count_ones().to_string()}>
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
                    <button id="fold-example" onclick={fold_example_click}>
                        { fill(text.fold_example, &[&fold_example_size(shape.m(), shape.k())]) }
                    </button>
                </p>
            }
            <div class="toolbar">
                <button id="fold-more" disabled={!can_fold} onclick={fold_to(props.folds + 1)}>
                    { text.fold_more }
                </button>
                <button id="fold-less" disabled={props.folds == 0} onclick={fold_to(props.folds.saturating_sub(1))}>
                    { text.fold_less }
                </button>
            </div>
            { folds.html() }
            if let Some(last) = figures.levels.last() { { grid(last, Vec::new()) } }
        </section>
    }
}
