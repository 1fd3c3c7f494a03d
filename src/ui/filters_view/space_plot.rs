//! The space table's plot (`#space-plot`): each measured row as a point at its measured rate
//! ε̂ (log scale) and its bits per item, with the limit `log2(1/ε)` and a Bloom filter's
//! `log2(1/ε) / ln 2 ≈ 1.44 · log2(1/ε)` as lines.

use yew::Html;

use super::texts::Texts;
use crate::decimal::Fixed;
use crate::filter::space::SpaceFilter;
use crate::markup;
use crate::state::plot::{linear_ticks, log_ticks, AxisKind};
use crate::state::space_table::SpaceTableState;
use crate::ui::chart::{labelled, polyline, Frame};
use crate::ui::raw::{IntoHtml, Markup};

/// The rates the x axis spans.
const X_RANGE: (f64, f64) = (1e-4, 1e-1);

const FRAME: Frame = Frame {
    width: 720.0,
    height: 360.0,
    left: 56.0,
    right: 16.0,
    top: 12.0,
    bottom: 44.0,
};

/// `bits(ε)` at 41 rates evenly spaced on the log axis.
fn curve(bits: impl Fn(f64) -> f64) -> Vec<(f64, f64)> {
    let (low, high) = (X_RANGE.0.log10(), X_RANGE.1.log10());
    (0..=40)
        .map(|i| {
            let rate = 10f64.powf(low + (high - low) * f64::from(i) / 40.0);
            (rate, bits(rate))
        })
        .collect()
}

/// The plot of `table`'s rows with at least one false positive, and its legend.
pub fn plot(t: &Texts, table: &SpaceTableState) -> Html {
    let points: Vec<_> = table
        .rows
        .iter()
        .filter(|r| r.rate.false_positives > 0)
        .collect();
    let limit_at_left = -X_RANGE.0.log2() / std::f64::consts::LN_2;
    let highest = points
        .iter()
        .map(|r| r.bits_per_item())
        .fold(limit_at_left, f64::max);
    let top = (highest / 5.0).ceil() * 5.0;
    let x = FRAME.x(AxisKind::Log, X_RANGE.0, X_RANGE.1);
    let y = FRAME.y(AxisKind::Linear, 0.0, top);
    let mut out = Markup::default();
    markup!(out, "<div class=\"plot space-plot\">");
    FRAME.open(&mut out, "space-plot", &t.get("sp_plot_label"));
    FRAME.y_grid(&mut out, &y, &labelled(linear_ticks(0.0, top, 6)));
    FRAME.x_grid(&mut out, &x, &log_ticks(X_RANGE.0, X_RANGE.1));
    FRAME.x_name(&mut out, &t.get("sp_plot_x"));
    FRAME.y_name(&mut out, &t.get("sp_plot_y"));
    polyline(&mut out, "curve limit", &curve(|e| -e.log2()), &x, &y);
    let bloom = curve(|e| -e.log2() / std::f64::consts::LN_2);
    polyline(&mut out, "curve bloom-line", &bloom, &x, &y);
    for row in points {
        let place = SpaceFilter::ALL
            .iter()
            .position(|&f| f == row.job.filter)
            .unwrap_or(0);
        markup!(
            out,
            concat!(
                "<g class=\"point sp-{place}\" data-filter=\"{key}\"><circle cx=\"{cx}\" ",
                "cy=\"{cy}\" r=\"5\"/><title>{name}: {bits}, ε̂ = {rate}</title></g>"
            ),
            place,
            key = row.job.filter.key(),
            cx = Fixed(x.map(row.rate.rate()), 1),
            cy = Fixed(y.map(row.bits_per_item()), 1),
            name = t.filter_name(row.job.filter),
            bits = Fixed(row.bits_per_item(), 2),
            rate = Fixed(row.rate.rate(), 5)
        );
    }
    markup!(out, "</svg></div><ul class=\"plot-legend\">");
    markup!(
        out,
        "<li><span class=\"key limit\"></span>{a}</li><li><span class=\"key bloom-line\"></span>{b}</li>",
        a = t.get("sp_plot_limit"),
        b = t.get("sp_plot_bloom")
    );
    for (place, filter) in SpaceFilter::ALL.into_iter().enumerate() {
        markup!(
            out,
            "<li><span class=\"key dot sp-{place}\"></span>{name}</li>",
            place,
            name = t.filter_name(filter)
        );
    }
    markup!(out, "</ul>");
    out.html()
}
