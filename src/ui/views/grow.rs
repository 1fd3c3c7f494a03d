//! The growing-filters view: one stream into a fixed filter, a cascade and a scalable Bloom
//! filter; their memory and measured rate against n, the scalable filter's slices, and
//! when each design is the right one. The run goes to the page's workers
//! ([`crate::ui::pool`]), which send its progress about ten times a second.
//!
//! Only the fields are Yew elements; the figures, plots, table and words are written as one
//! piece of markup (every text escaped), which keeps this view small in the bundle.

use crate::decimal::{shortest, Fixed};
use crate::markup;
use yew::prelude::*;

use crate::filter::growing::{
    Design, GrowError, GrowPlan, GrowPoint, SliceInfo, GROW_CHECKPOINTS, GROW_PROBES,
};
use crate::filter::HashFamily;
use crate::i18n::grow::grow_miss;
use crate::i18n::{describe, fill, then, Text};
use crate::protocol::Request;
use crate::state::grow_view::{grow_family, over_p, GrowAction, GrowSettings, GrowState};
use crate::state::numbers::{grouped, percent, percent_beside};
use crate::state::plot::{linear_ticks, log_ticks, AxisKind, Scale};
use crate::state::{Action, AppState};
use crate::ui::chart::{labelled, polyline, Frame};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::pool::{use_pool_request, MakeRequest, RequestKey, ViewJob};
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;
use std::rc::Rc;

/// The growing-filters view.
pub fn grow_view(_text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let page_family = state.settings().family();
    html! {
        <main class="single" id="grow-view">
            <GrowPanel view={Shared(Rc::clone(state.grow()))} {page_family} ondispatch={dispatch.clone()} />
        </main>
    }
}

/// Props of [`GrowPanel`].
#[derive(Properties, PartialEq)]
pub struct GrowPanelProps {
    /// The view's state.
    pub view: Shared<GrowState>,
    /// The page's family (the view uses it when it does double hashing, else murmur3).
    pub page_family: HashFamily,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// Both plots' frame.
const FRAME: Frame = Frame {
    width: 480.0,
    height: 270.0,
    left: 62.0,
    right: 24.0,
    top: 10.0,
    bottom: 40.0,
};
/// Where a measured 0 sits on the log axis, under its lowest tick.
const FLOOR: f64 = 3e-5;

const KEYS: [&str; 3] = ["fixed", "cascade", "scalable"];

fn names(text: &Text) -> [&'static str; 3] {
    [text.grow_fixed, text.grow_cascade, text.grow_scalable]
}

/// One plot of the three designs against n, with its caption: a line each through `lines`,
/// and for the rate plot (`points` not empty) a marker at every checkpoint (circle, square,
/// diamond, so that colour is not the only sign) and the target p.
fn plot(
    out: &mut Markup,
    (id, title, y_name, x_name): (&str, &str, &str, &str),
    (y, y_ticks): (Scale, &[(f64, String)]),
    lines: [Vec<(f64, f64)>; 3],
    (points, p, n): (&[GrowPoint], f64, f64),
) {
    let x = FRAME.x(AxisKind::Linear, 0.0, n);
    markup!(
        out,
        "<figure class=\"plot grow-plot\"><figcaption>{title}</figcaption>",
        title
    );
    FRAME.open(out, id, title);
    markup!(out, "<g class=\"grid\">");
    FRAME.y_grid(out, &y, y_ticks);
    FRAME.x_grid(out, &x, &linear_ticks(0.0, n, 5));
    markup!(out, "</g>");
    FRAME.x_name(out, x_name);
    FRAME.y_name(out, y_name);
    if !points.is_empty() {
        markup!(
            out,
            concat!(
                "<line class=\"grow-p\" x1=\"{x1}\" x2=\"{x2}\" ",
                "y1=\"{y}\" y2=\"{y}\"/>"
            ),
            x1 = Fixed(x.map(0.0), 1),
            x2 = Fixed(x.map(n), 1),
            y = Fixed(y.map(p), 1)
        );
    }
    for (i, series) in lines.iter().enumerate() {
        let key = KEYS[i];
        polyline(out, &format!("grow-line {key}"), series, &x, &y);
        for pt in points {
            let at = pt.design(Design::ALL[i]);
            markup!(
                out,
                concat!(
                    "<g class=\"grow-point\" data-design=\"{key}\" data-n=\"{n}\" ",
                    "data-rate=\"{rate}\" data-predicted=\"{predicted}\"><rect x=\"-4\" ",
                    "y=\"-4\" width=\"8\" height=\"8\" rx=\"{corner}\" ",
                    "transform=\"translate({x} {y}) rotate({turn})\"/></g>"
                ),
                key,
                n = pt.n,
                rate = shortest(at.rate()),
                predicted = shortest(at.predicted),
                corner = [4, 0, 0][i],
                x = Fixed(x.map(pt.n as f64), 1),
                y = Fixed(y.map(at.rate()), 1),
                turn = [0, 0, 45][i]
            );
        }
    }
    markup!(out, "</svg></figure>");
}

/// Memory against n (exact, a step for every slice opened) and the measured rates.
fn plots(out: &mut Markup, text: &Text, plan: &GrowPlan, points: &[GrowPoint], n: f64) {
    let bits = Design::ALL.map(|d| plan.final_bits(d) as f64);
    let top_value = bits.iter().copied().fold(1.0, f64::max);
    let ticks = linear_ticks(0.0, top_value, 4);
    let top = ticks
        .last()
        .copied()
        .filter(|&t| t >= top_value)
        .unwrap_or(top_value);
    let (mut steps, mut held, mut total) = (vec![], 0.0, 0.0);
    for slice in plan.slices() {
        if held > 0.0 {
            steps.push((held, total));
        }
        total += slice.m() as f64;
        steps.push((held, total));
        held += slice.capacity as f64;
    }
    steps.push((n, total));
    let flat = |b: f64| vec![(0.0, b), (n, b)];
    markup!(out, "<div class=\"grow-plots\" id=\"grow-plots\">");
    plot(
        out,
        (
            "grow-memory",
            text.grow_memory_title,
            text.grow_bits,
            text.grow_x,
        ),
        (FRAME.y(AxisKind::Linear, 0.0, top), &labelled(ticks)),
        [flat(bits[0]), flat(bits[1]), steps],
        (&[], 0.0, n),
    );
    // A measured 0 is drawn on the bottom line, labelled 0.
    let mut rate_ticks = vec![(FLOOR, "0".to_owned())];
    rate_ticks.extend(labelled(log_ticks(1e-4, 1.0)));
    let rates = |d: Design| -> Vec<_> {
        points
            .iter()
            .map(|pt| (pt.n as f64, pt.design(d).rate()))
            .collect()
    };
    plot(
        out,
        (
            "grow-rate",
            text.grow_rate_title,
            text.grow_rate,
            text.grow_x,
        ),
        (FRAME.y(AxisKind::Log, FLOOR, 1.0), &rate_ticks),
        Design::ALL.map(rates),
        (points, plan.params().p, n),
    );
    markup!(out, "</div>");
}

/// One slice of the scalable filter: a bar as long as m_i (against the largest) filled to
/// held / n_i.
fn slice_row(out: &mut Markup, text: &Text, slice: &SliceInfo, largest: u64) {
    let spec = slice.spec;
    let (m, n) = (spec.m(), spec.capacity);
    let label = fill(
        text.grow_slice,
        &[
            &slice.index,
            &grouped(m),
            &spec.k(),
            &percent(spec.p),
            &grouped(slice.held),
            &grouped(n),
        ],
    );
    markup!(
        out,
        concat!(
            "<li data-slice-index=\"{index}\" data-slice-m=\"{m}\" ",
            "data-slice-k=\"{k}\" data-slice-n=\"{n}\" ",
            "data-slice-held=\"{held}\" data-slice-p=\"{p}\"><span>{label}",
            "</span><span class=\"grow-bar\" style=\"width:{width}%\"><span ",
            "style=\"width:{held_width}%\"></span></span></li>"
        ),
        index = slice.index,
        m,
        k = spec.k(),
        n,
        held = slice.held,
        p = shortest(spec.p),
        label = &label,
        width = Fixed(100.0 * m as f64 / largest.max(1) as f64, 2),
        held_width = Fixed(100.0 * slice.held as f64 / n.max(1) as f64, 2)
    );
}

/// Why a plan cannot run, in the page's language.
fn plan_problem(text: &Text, error: &GrowError) -> String {
    fill(
        text.grow_plan_problem,
        &[&describe::grow_error(text, error)],
    )
}

/// The legend: each design's line, and its figures at the last checkpoint.
fn legend(out: &mut Markup, text: &Text, p: f64, point: Option<&GrowPoint>) {
    markup!(out, "<ul class=\"plot-legend grow-legend\">");
    for (i, design) in Design::ALL.into_iter().enumerate() {
        let (key, name) = (KEYS[i], names(text)[i]);
        markup!(out, "<li data-design=\"{key}\"", key);
        let mut label = name.to_owned();
        if let Some(point) = point {
            let at = point.design(design);
            markup!(
                out,
                concat!(
                    " data-bits=\"{bits}\" data-rate=\"{rate}\" ",
                    "data-false-positives=\"{false_positives}\" ",
                    "data-predicted=\"{predicted}\""
                ),
                bits = at.bits,
                rate = shortest(at.rate()),
                false_positives = at.false_positives,
                predicted = shortest(at.predicted)
            );
            if design == Design::Scalable {
                markup!(
                    out,
                    " data-bound=\"{bound}\"",
                    bound = shortest(point.scalable_bound)
                );
            }
            label = fill(
                text.grow_figures,
                &[
                    &name,
                    &grouped(at.bits),
                    &grouped(point.n),
                    &percent_beside(at.rate(), p),
                    &percent(at.predicted),
                ],
            );
        }
        markup!(
            out,
            "><span class=\"key grow-key {key}\"></span>{label}</li>",
            key,
            label = &label
        );
    }
    markup!(
        out,
        "<li><span class=\"key grow-key grow-p\"></span>{grow_p}</li></ul>",
        grow_p = text.grow_p
    );
}

/// When each design is the right one, from the figures on screen.
fn advice(out: &mut Markup, text: &Text, plan: &GrowPlan, point: &GrowPoint) {
    let params = plan.params();
    let p = params.p;
    let scalable = point.scalable;
    let words = [
        fill(
            text.grow_when_fixed,
            &[
                &grouped(params.guess_n),
                &percent(point.fixed.rate()),
                &grouped(point.n),
            ],
        ),
        fill(
            text.grow_when_cascade,
            &[&plan.cascade().len(), &grouped(point.cascade.bits)],
        ),
        fill(
            text.grow_when_scalable,
            &[
                &grouped(scalable.bits),
                &point.slices,
                &percent_beside(point.scalable_bound, p),
            ],
        ),
    ];
    markup!(
        out,
        "<section class=\"grow-when\"><h3>{grow_when_title}</h3>",
        grow_when_title = text.grow_when_title
    );
    for (key, sentence) in KEYS.iter().zip(&words) {
        markup!(out, "<p data-when=\"{key}\">{sentence}</p>", key, sentence);
    }
    markup!(out, "</section>");
}

/// The settings' text of field `i` (m0, p, r, s, n).
fn slot(settings: &mut GrowSettings, i: usize) -> &mut String {
    match i {
        0 => &mut settings.m0,
        1 => &mut settings.p,
        2 => &mut settings.r,
        3 => &mut settings.s,
        _ => &mut settings.n,
    }
}

/// The panel.
#[component]
pub fn GrowPanel(props: &GrowPanelProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let view = &*props.view;
    let family = grow_family(props.page_family);
    let job = view.job();
    let plan = job.plan(family).ok();
    let results = view.results(family);
    let done = view.done(family);
    {
        // The run goes to the page's workers, once per job and family.
        let generation = view.generation();
        let make: MakeRequest = Rc::new(move || Request::Grow {
            generation,
            family,
            job,
        });
        let key = RequestKey {
            view: ViewJob::Grow,
            generation,
            family: Some(family),
        };
        use_pool_request(key, !done, make, props.ondispatch.clone());
    }
    let problems = view.problems();
    let fields = [
        ("grow-m0", text.grow_m0, &problems.m0),
        ("grow-p", text.grow_p, &problems.p),
        ("grow-r", text.grow_r, &problems.r),
        ("grow-s", text.grow_s, &problems.s),
        ("grow-n", text.grow_n, &problems.n),
    ];
    let fields = fields
        .into_iter()
        .enumerate()
        .map(|(i, (id, label, problem))| {
            let (mut typed, dispatch) = (view.settings().clone(), props.ondispatch.clone());
            let value = slot(&mut typed, i).clone();
            let problem = problem.as_ref().map(|p| describe::problem(text, p));
            let ontype = Callback::from(move |v: String| {
                let mut changed = typed.clone();
                *slot(&mut changed, i) = v;
                dispatch.emit(Action::Grow(GrowAction::Edit(changed)));
            });
            text_field(TextField::new(id, label, value, problem), ontype)
        });

    let mut out = Markup::default();
    let intro = fill(
        text.grow_intro,
        &[
            &grouped(job.n),
            &GROW_CHECKPOINTS.min(job.n),
            &grouped(GROW_PROBES),
        ],
    );
    let mut hashes = fill(text.grow_family, &[&family.label()]);
    if family != props.page_family {
        hashes = then(&hashes, text.grow_family_seed);
    }
    if let Some(error) = &problems.plan {
        markup!(
            out,
            "<p class=\"notice\" id=\"grow-plan-problem\">{problem}</p>",
            problem = &plan_problem(text, error)
        );
    }
    markup!(
        out,
        "<p class=\"hint\" id=\"grow-family\">{hashes}</p>",
        hashes = &hashes
    );
    if !done {
        let progress = 100.0 * results.map_or(0.0, |r| r.progress);
        let running = fill(text.grow_running, &[&Fixed(progress, 0)]);
        markup!(
            out,
            "<p class=\"hint\" id=\"grow-progress\">{running}</p>",
            running = &running
        );
    }
    if let Some(plan) = &plan {
        let points = results.map_or(&[][..], |r| &r.points[..]);
        plots(&mut out, text, plan, points, job.n as f64);
        legend(&mut out, text, job.p, points.last());
        if let Some(point) = points.last() {
            let slices = results.map_or(&[][..], |r| &r.slices[..]);
            // Beside the legend that shows the miss: why the scalable filter measured above p.
            if let Some(note) = over_p(plan, point, slices, done) {
                markup!(
                    out,
                    concat!(
                        "<p class=\"notice\" id=\"grow-over-p\" ",
                        "data-independent=\"{independent}\" data-low=\"{low}\" ",
                        "data-high=\"{high}\">{miss}</p>"
                    ),
                    independent = shortest(note.independent),
                    low = shortest(note.interval.0),
                    high = shortest(note.interval.1),
                    miss = &grow_miss(text, plan.params(), &note)
                );
            }
            let largest = plan.slices().last().map_or(1, |s| s.m());
            markup!(
                out,
                "<h3>{grow_slices_title}</h3><ol class=\"grow-slices\">",
                grow_slices_title = text.grow_slices_title
            );
            for slice in slices {
                slice_row(&mut out, text, slice, largest);
            }
            markup!(out, "</ol>");
            advice(&mut out, text, plan, point);
        }
    }
    html! {
        <section class="panel grow" aria-labelledby="grow-title" aria-busy={(!done).then_some("true")}
                 data-status={if done { "done" } else { "running" }} data-family={family.key()}>
            <h2 id="grow-title">{ text.grow_title }</h2>
            <p class="lead" id="grow-lead">{ text.grow_lead }</p>
            <p class="hint">{ intro }</p>
            <div class="grow-fields">{ for fields }</div>
            { out.html() }
        </section>
    }
}
