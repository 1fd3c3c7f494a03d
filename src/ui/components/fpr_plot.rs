//! The central plot: the false-positive rate against n, theory (exact and approximate)
//! against measurement, drawn as SVG by hand.

use crate::decimal::{fixed, shortest, Fixed, Shortest};
use yew::prelude::*;

use crate::filter::{HashFamily, Layout, MeasuredPoint};
use crate::i18n::sentences;
use crate::i18n::{fill, Text};
use crate::state::lab::Run;
use crate::state::plot::{
    linear_ticks, log_ticks, theory_curve, tick_label, AxisKind, Curve, Scale,
};
use crate::ui::picture::plot_download;

const WIDTH: f64 = 680.0;
const HEIGHT: f64 = 380.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 48.0;
/// The smallest rate a log axis shows; observed zeros sit on it.
const LOG_FLOOR: f64 = 1e-6;

/// Props of [`FprPlot`].
#[derive(Properties, PartialEq)]
pub struct FprPlotProps {
    /// m.
    pub m: u64,
    /// k.
    pub k: u32,
    /// The layout: a partitioned filter is drawn against its own formula, with the
    /// standard one beside it.
    #[prop_or_default]
    pub layout: Layout,
    /// Right end of the n axis.
    pub n_max: u64,
    /// Measured points per family.
    pub runs: Vec<Run>,
    /// The visualizer's own filter as one more point (drawn when it holds items; the n axis
    /// extends to its n).
    #[prop_or_default]
    pub user_point: Option<MeasuredPoint>,
    /// Linear or log rate axis.
    pub axis: AxisKind,
}

fn points_attr(points: &[(f64, f64)], x: &Scale, y: &Scale) -> String {
    points
        .iter()
        .map(|&(n, r)| format!("{},{}", Fixed(x.map(n), 1), Fixed(y.map(r), 1)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The plot.
#[component]
pub fn FprPlot(props: &FprPlotProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let readout = use_state(String::new);
    let (m, k) = (props.m as f64, props.k as f64);
    let user_point = props.user_point.as_ref().filter(|p| p.n > 0);
    let n_max = props.n_max.max(user_point.map_or(1, |p| p.n)).max(1) as f64;
    // The first curve is the formula the points are judged by; the second, dashed, is the
    // approximation, or for a partitioned filter the standard layout's exact rate.
    let partitioned = props.layout == Layout::Partitioned;
    let (first, second) = if partitioned {
        (Curve::Partitioned, Curve::Exact)
    } else {
        (Curve::Exact, Curve::Approx)
    };
    let exact = theory_curve(m, k, n_max, 160, first);
    let approx = theory_curve(m, k, n_max, 160, second);
    let observed_max = props
        .runs
        .iter()
        .flat_map(|r| r.points.iter().map(|p| p.interval().1.max(p.spread().1)))
        .chain(user_point.map(|p| p.interval().1))
        .fold(0.0f64, f64::max);
    let curve_max = exact
        .iter()
        .chain(&approx)
        .map(|p| p.1)
        .fold(0.0f64, f64::max);
    let y_top = (curve_max.max(observed_max) * 1.08).clamp(1e-9, 1.0);
    let (y_scale, y_ticks) = match props.axis {
        AxisKind::Linear => {
            let ticks = linear_ticks(0.0, y_top, 5);
            let top = ticks
                .last()
                .copied()
                .filter(|&t| t >= y_top)
                .unwrap_or(y_top);
            (
                Scale {
                    kind: AxisKind::Linear,
                    min: 0.0,
                    max: top,
                    from: HEIGHT - BOTTOM,
                    to: TOP,
                },
                ticks,
            )
        }
        AxisKind::Log => (
            Scale {
                kind: AxisKind::Log,
                min: LOG_FLOOR,
                max: 1.0,
                from: HEIGHT - BOTTOM,
                to: TOP,
            },
            log_ticks(LOG_FLOOR, 1.0),
        ),
    };
    let x_scale = Scale {
        kind: AxisKind::Linear,
        min: 0.0,
        max: n_max,
        from: LEFT,
        to: WIDTH - RIGHT,
    };
    let x_ticks = linear_ticks(0.0, n_max, 6);
    let on_log = props.axis == AxisKind::Log;
    let curve = |pts: &[(f64, f64)]| -> Vec<(f64, f64)> {
        pts.iter()
            .copied()
            .filter(|p| !on_log || p.1 >= LOG_FLOOR)
            .collect()
    };
    let family_label = |f: HashFamily| f.label().to_owned();
    let point_html = |label: String, p: &MeasuredPoint, shape: &'static str, key: &'static str| {
        let theory = match first {
            Curve::Partitioned => {
                crate::filter::math::fpr_partitioned((m / k).floor(), p.n as f64, k)
            }
            _ => crate::filter::math::fpr_exact(m, p.n as f64, k),
        };
        let (cx, cy) = (x_scale.map(p.n as f64), y_scale.map(p.rate()));
        let (low, high) = p.interval();
        let (spread_low, spread_high) = p.spread();
        let description = sentences::observed_point(text, &label, p, theory);
        let onfocus = {
            let readout = readout.clone();
            let d = description.clone();
            Callback::from(move |_: FocusEvent| readout.set(d.clone()))
        };
        let onmouseenter = {
            let readout = readout.clone();
            let d = description.clone();
            Callback::from(move |_: MouseEvent| readout.set(d.clone()))
        };
        let marker = match shape {
            "square" => {
                html! { <rect x={fixed(cx - 4.0, 1)} y={fixed(cy - 4.0, 1)} width="8" height="8" /> }
            }
            "diamond" => {
                let points = format!(
                    "{x},{top} {right},{y} {x},{bottom} {left},{y}",
                    x = Fixed(cx, 1),
                    y = Fixed(cy, 1),
                    left = Fixed(cx - 6.0, 1),
                    right = Fixed(cx + 6.0, 1),
                    top = Fixed(cy - 6.0, 1),
                    bottom = Fixed(cy + 6.0, 1),
                );
                html! { <polygon {points} /> }
            }
            _ => {
                html! { <circle cx={fixed(cx, 1)} cy={fixed(cy, 1)} r="4" /> }
            }
        };
        let several = p.filters() > 1;
        html! {
            <g class={crate::class_list!("point", key)} tabindex="0" {onfocus} {onmouseenter}
               data-point-n={p.n.to_string()} data-observed={shortest(p.rate())} data-run={key}
               data-ci-low={shortest(low)} data-ci-high={shortest(high)} data-filters={p.filters().to_string()}
               data-spread-low={several.then(|| shortest(spread_low))} data-spread-high={several.then(|| shortest(spread_high))}>
                <title>{ description }</title>
                if several {
                    <line class="spread" x1={fixed(cx, 1)} x2={fixed(cx, 1)}
                          y1={fixed(y_scale.map(spread_low), 1)} y2={fixed(y_scale.map(spread_high), 1)} />
                }
                <line class="ci" x1={fixed(cx, 1)} x2={fixed(cx, 1)}
                      y1={fixed(y_scale.map(low), 1)} y2={fixed(y_scale.map(high), 1)} />
                { marker }
            </g>
        }
    };
    // The legend names what is drawn: the curves, each family that ran, the single filters'
    // spread when a point has several, and the user's filter when it is shown.
    let ran = |family: HashFamily| {
        props
            .runs
            .iter()
            .any(|r| r.family == family && !r.points.is_empty())
    };
    let any_spread = props
        .runs
        .iter()
        .flat_map(|r| &r.points)
        .any(|p| p.filters() > 1);
    html! {
        <figure class="plot fpr-plot">
            <svg id="fpr-plot" viewBox={format!("0 0 {} {}", Shortest(WIDTH), Shortest(HEIGHT))} role="img" aria-label={text.plot_title}>
                <g class="grid">
                    { for y_ticks.iter().map(|&t| { let y = y_scale.map(t); html! {
                        <g class="tick">
                            <line x1={shortest(LEFT)} x2={shortest(WIDTH - RIGHT)} y1={fixed(y, 1)} y2={fixed(y, 1)} />
                            <text x={shortest(LEFT - 6.0)} y={fixed(y + 4.0, 1)} text-anchor="end">{ tick_label(t) }</text>
                        </g>
                    }}) }
                    { for x_ticks.iter().map(|&t| { let x = x_scale.map(t); html! {
                        <g class="tick">
                            <line x1={fixed(x, 1)} x2={fixed(x, 1)} y1={shortest(TOP)} y2={shortest(HEIGHT - BOTTOM)} />
                            <text x={fixed(x, 1)} y={shortest(HEIGHT - BOTTOM + 16.0)} text-anchor="middle">{ tick_label(t) }</text>
                        </g>
                    }}) }
                </g>
                <text class="axis-label" x={shortest((LEFT + WIDTH - RIGHT) / 2.0)} y={shortest(HEIGHT - 8.0)} text-anchor="middle">{ text.plot_x }</text>
                <text class="axis-label" transform={format!("translate(16 {}) rotate(-90)", Shortest((TOP + HEIGHT - BOTTOM) / 2.0))} text-anchor="middle">{ text.plot_y }</text>
                <polyline class="curve exact" points={points_attr(&curve(&exact), &x_scale, &y_scale)} />
                <polyline class="curve approx" points={points_attr(&curve(&approx), &x_scale, &y_scale)} />
                { for props.runs.iter().enumerate().map(|(i, run)| html! {
                    <g class={crate::class_list!("run", if i == 0 { "first" } else { "second" })} data-run-family={run.family.key()}>
                        { for run.points.iter().map(|p| point_html(family_label(run.family), p, if run.family == HashFamily::Murmur3 { "square" } else { "circle" }, run.family.key())) }
                    </g>
                }) }
                <g class="run user">
                    { for user_point.map(|p| point_html(text.plot_user.to_owned(), p, "diamond", "user")) }
                </g>
            </svg>
            <figcaption>
                <ul class="plot-legend">
                    <li><span class="key exact" />{ if partitioned { text.fpr_partitioned } else { text.plot_exact } }</li>
                    <li><span class="key approx" />{ if partitioned { text.fpr_standard_same } else { text.plot_approx } }</li>
                    if ran(HashFamily::Fnv1a) {
                        <li data-legend="fnv"><span class="key circle" />{ fill(text.plot_observed, &[&HashFamily::Fnv1a.label()]) }</li>
                    }
                    if ran(HashFamily::Murmur3) {
                        <li data-legend="murmur3"><span class="key square" />{ fill(text.plot_observed, &[&HashFamily::Murmur3.label()]) }</li>
                    }
                    if any_spread {
                        <li data-legend="spread"><span class="key spread" />{ text.plot_spread }</li>
                    }
                    if user_point.is_some() {
                        <li data-legend="user"><span class="key diamond" />{ text.plot_user_one }</li>
                    }
                </ul>
                <p class="readout" aria-live="polite" data-readout="">{ (*readout).clone() }</p>
                { plot_download(text.download_svg, "fpr-plot", "false-positive-rate.svg") }
            </figcaption>
        </figure>
    }
}
