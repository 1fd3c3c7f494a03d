//! The central plot: the false-positive rate against n, theory (exact and approximate)
//! against measurement, drawn as SVG by hand.

use crate::decimal::{shortest, Fixed};
use crate::markup;
use yew::prelude::*;

use crate::filter::{HashFamily, Layout, MeasuredPoint};
use crate::i18n::sentences;
use crate::i18n::{fill, Text};
use crate::state::lab_view::Run;
use crate::state::plot::{linear_ticks, log_ticks, theory_curve, AxisKind, Curve};
use crate::ui::chart::{labelled, polyline, Frame};
use crate::ui::picture::plot_download;
use crate::ui::raw::{IntoHtml, Markup};

const WIDTH: f64 = 680.0;
const HEIGHT: f64 = 380.0;
const FRAME: Frame = Frame {
    width: WIDTH,
    height: HEIGHT,
    left: 70.0,
    right: 20.0,
    top: 16.0,
    bottom: 48.0,
};
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
    /// Double hashing's exact rate, `(n, rate)`, drawn as its own curve where the run
    /// computed it (small filters with double hashing).
    #[prop_or_default]
    pub double_hashing: Vec<(f64, f64)>,
}

/// The marker of a family's points: a square for murmur3, a circle for the others (one
/// family at a time, or FNV-1a beside murmur3).
fn marker(family: HashFamily) -> &'static str {
    if family == HashFamily::Murmur3 {
        "square"
    } else {
        "circle"
    }
}

/// The plot.
#[component]
pub fn FprPlot(props: &FprPlotProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let readout = use_state_eq(String::new);
    let (m, k) = (props.m as f64, props.k as f64);
    let user_point = props.user_point.as_ref().filter(|p| p.n > 0);
    let n_max = props.n_max.max(user_point.map_or(1, |p| p.n)).max(1) as f64;
    // The first curve is the formula the points are judged by; the second, dashed, is the
    // approximation, or for a partitioned filter the standard layout's exact rate.
    let partitioned = props.layout != Layout::Standard;
    let (first, second) = Curve::pair_for(props.layout);
    let exact = theory_curve(m, k, n_max, 160, first);
    let approx = theory_curve(m, k, n_max, 160, second);
    // The highest interval or single filter's rate measured, and the user's point.
    let mut observed_max = user_point.map_or(0.0, |p| p.interval().1);
    let mut any_spread = false;
    for point in props.runs.iter().flat_map(|r| &r.points) {
        observed_max = observed_max.max(point.interval().1.max(point.spread().1));
        any_spread |= point.filters() > 1;
    }
    let curve_max = exact
        .iter()
        .chain(&approx)
        .chain(&props.double_hashing)
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
            (FRAME.y(AxisKind::Linear, 0.0, top), ticks)
        }
        AxisKind::Log => (
            FRAME.y(AxisKind::Log, LOG_FLOOR, 1.0),
            log_ticks(LOG_FLOOR, 1.0),
        ),
    };
    let x_scale = FRAME.x(AxisKind::Linear, 0.0, n_max);
    let x_ticks = linear_ticks(0.0, n_max, 6);
    let on_log = props.axis == AxisKind::Log;
    let curve = |pts: &[(f64, f64)]| -> Vec<(f64, f64)> {
        pts.iter()
            .copied()
            .filter(|p| !on_log || p.1 >= LOG_FLOOR)
            .collect()
    };
    // Each point: its 95 % interval, the single filters' spread when there are several, and
    // a marker whose shape says whose point it is; its description is its `<title>`.
    let point = |out: &mut Markup, label: &str, p: &MeasuredPoint, shape: &str, key: &str| {
        let theory = first.rate(m, k, p.n as f64);
        let (cx, cy) = (x_scale.map(p.n as f64), y_scale.map(p.rate()));
        let (low, high) = p.interval();
        let description = sentences::observed_point(text, label, p, theory);
        markup!(
            out,
            concat!(
                "<g class=\"point {key}\" tabindex=\"0\" data-point-n=\"{n}\" ",
                "data-observed=\"{observed}\" data-run=\"{key}\" ",
                "data-ci-low=\"{low}\" data-ci-high=\"{high}\" ",
                "data-filters=\"{filters}\""
            ),
            key,
            n = p.n,
            observed = shortest(p.rate()),
            low = shortest(low),
            high = shortest(high),
            filters = p.filters()
        );
        let x = Fixed(cx, 1);
        let spread = (p.filters() > 1).then(|| p.spread());
        if let Some((spread_low, spread_high)) = spread {
            markup!(
                out,
                " data-spread-low=\"{low}\" data-spread-high=\"{high}\"",
                low = shortest(spread_low),
                high = shortest(spread_high)
            );
        }
        markup!(
            out,
            "><title>{description}</title>",
            description = &description
        );
        // A vertical line at the point's x from rate `from` to rate `to`.
        let span = |out: &mut Markup, class: &str, from: f64, to: f64| {
            markup!(
                out,
                "<line class=\"{class}\" x1=\"{x}\" x2=\"{x}\" y1=\"{low}\" y2=\"{high}\"/>",
                class,
                x,
                low = Fixed(y_scale.map(from), 1),
                high = Fixed(y_scale.map(to), 1)
            );
        };
        if let Some((spread_low, spread_high)) = spread {
            span(out, "spread", spread_low, spread_high);
        }
        span(out, "ci", low, high);
        let y = Fixed(cy, 1);
        match shape {
            "square" => markup!(
                out,
                "<rect x=\"{left}\" y=\"{top}\" width=\"8\" height=\"8\"/></g>",
                left = Fixed(cx - 4.0, 1),
                top = Fixed(cy - 4.0, 1)
            ),
            "diamond" => markup!(
                out,
                concat!(
                    "<polygon points=\"{x},{top} {right},{y} {x},{bottom} ",
                    "{left},{y}\"/></g>"
                ),
                x,
                top = Fixed(cy - 6.0, 1),
                right = Fixed(cx + 6.0, 1),
                y,
                bottom = Fixed(cy + 6.0, 1),
                left = Fixed(cx - 6.0, 1)
            ),
            _ => markup!(out, "<circle cx=\"{x}\" cy=\"{y}\" r=\"4\"/></g>", x, y),
        };
    };
    // The legend names what is drawn: the curves, each family that ran, the single filters'
    // spread when a point has several (`any_spread`), and the user's filter when it is shown.
    // The grid, the axes' names, the two curves, then the points over them.
    let mut drawn = Markup::default();
    FRAME.open(&mut drawn, "fpr-plot", text.plot_title);
    markup!(drawn, "<g class=\"grid\">");
    FRAME.y_grid(&mut drawn, &y_scale, &labelled(y_ticks));
    FRAME.x_grid(&mut drawn, &x_scale, &x_ticks);
    markup!(drawn, "</g>");
    FRAME.x_name(&mut drawn, text.plot_x);
    FRAME.y_name(&mut drawn, text.plot_y);
    polyline(
        &mut drawn,
        "curve exact",
        &curve(&exact),
        &x_scale,
        &y_scale,
    );
    polyline(
        &mut drawn,
        "curve approx",
        &curve(&approx),
        &x_scale,
        &y_scale,
    );
    let double_hashing = !props.double_hashing.is_empty();
    if double_hashing {
        markup!(drawn, "<g data-curve=\"double-hashing\">");
        polyline(
            &mut drawn,
            "curve double-hashing",
            &curve(&props.double_hashing),
            &x_scale,
            &y_scale,
        );
        markup!(drawn, "</g>");
    }
    for (i, run) in props.runs.iter().enumerate() {
        let (key, order) = (run.family.key(), if i == 0 { "first" } else { "second" });
        let shape = marker(run.family);
        markup!(
            drawn,
            "<g class=\"run {order}\" data-run-family=\"{key}\">",
            order,
            key
        );
        for p in &run.points {
            point(&mut drawn, run.family.label(), p, shape, key);
        }
        markup!(drawn, "</g>");
    }
    markup!(drawn, "<g class=\"run user\">");
    if let Some(p) = user_point {
        point(&mut drawn, text.plot_user, p, "diamond", "user");
    }
    markup!(drawn, "</g></svg>");
    // Hovering or focusing a point shows its description (its `<title>`) under the plot.
    let shown = readout.clone();
    let show = move |target: Option<web_sys::Element>| {
        let described = target
            .and_then(|t| t.closest(".point").ok().flatten())
            .and_then(|g| g.first_element_child())
            .and_then(|title| title.text_content());
        if let Some(description) = described {
            shown.set(description);
        }
    };
    let onfocusin = {
        let show = show.clone();
        Callback::from(move |e: FocusEvent| show(e.target_dyn_into()))
    };
    let onmouseover = Callback::from(move |e: MouseEvent| show(e.target_dyn_into()));
    html! {
        <figure class="plot fpr-plot" id="lab-plot" {onfocusin} {onmouseover}>
            { drawn.html() }
            <figcaption>
                <ul class="plot-legend">
                    <li><span class="key exact" />{ match props.layout {
                        Layout::Standard => text.plot_exact.to_owned(),
                        Layout::Partitioned => text.fpr_partitioned.to_owned(),
                        Layout::Blocked => fill(text.fpr_blocked, &[&512]),
                        Layout::SplitBlock => text.fpr_split_block.to_owned(),
                    } }</li>
                    <li><span class="key approx" />
                        { if partitioned { text.fpr_standard_same } else { text.plot_approx } }</li>
                    if double_hashing {
                        <li data-legend="double-hashing"><span class="key double-hashing" />
                            { text.plot_double_hashing }</li>
                    }
                    { for props.runs.iter().filter(|r| !r.points.is_empty()).map(|r| html! {
                        <li data-legend={r.family.key()}><span class={crate::class_list!("key", marker(r.family))} />
                            { fill(text.plot_observed, &[&r.family.label()]) }</li>
                    }) }
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
