//! The false-positive rate against k for fixed m and n, with the optimal k marked.

use crate::decimal::{fixed, shortest, Fixed};
use crate::markup;
use yew::prelude::*;

use crate::filter::math;
use crate::i18n::{fill, Text};
use crate::state::plot::{linear_ticks, log_ticks, AxisKind};
use crate::ui::chart::{labelled, Frame};
use crate::ui::picture::plot_download;
use crate::ui::raw::{IntoHtml, Markup};

const WIDTH: f64 = 680.0;
const HEIGHT: f64 = 260.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 44.0;
const FRAME: Frame = Frame {
    width: WIDTH,
    height: HEIGHT,
    left: 70.0,
    right: 20.0,
    top: TOP,
    bottom: BOTTOM,
};

/// Props of [`KPlot`].
pub struct KPlotProps {
    /// m.
    pub m: u64,
    /// n.
    pub n: u64,
    /// The chosen k.
    pub k: u32,
    /// Linear or log rate axis.
    pub axis: AxisKind,
    /// n is the visualizer's number of items (else half the lab's largest n).
    pub n_from_items: bool,
}

/// The plot.
pub fn k_plot(text: &'static Text, props: &KPlotProps) -> Html {
    let (m, n) = (props.m as f64, props.n.max(1) as f64);
    let k_opt = math::optimal_k_real(m, n);
    let k_max = ((2.0 * k_opt).ceil() as u32 + 2)
        .max(props.k + 2)
        .clamp(8, 64);
    let rates: Vec<(u32, f64)> = (1..=k_max)
        .map(|k| (k, math::fpr_exact(m, n, k as f64)))
        .collect();
    let top = rates
        .iter()
        .map(|r| r.1)
        .fold(0.0f64, f64::max)
        .clamp(1e-9, 1.0);
    let floor = rates
        .iter()
        .map(|r| r.1)
        .filter(|r| *r > 0.0)
        .fold(1.0f64, f64::min);
    let (y, ticks) = match props.axis {
        AxisKind::Linear => {
            let ticks = linear_ticks(0.0, top * 1.05, 4);
            let max = ticks
                .last()
                .copied()
                .filter(|&t| t >= top)
                .unwrap_or(top * 1.05);
            (FRAME.y(AxisKind::Linear, 0.0, max), ticks)
        }
        AxisKind::Log => {
            let min = 10f64.powf(floor.max(1e-300).log10().floor());
            (FRAME.y(AxisKind::Log, min, 1.0), log_ticks(min, 1.0))
        }
    };
    let x = FRAME.x(AxisKind::Linear, 0.5, k_max as f64 + 0.5);
    let x_opt = x.map(k_opt.min(k_max as f64));
    let mut svg = Markup::default();
    FRAME.open(&mut svg, "k-plot", text.kplot_title);
    FRAME.y_grid(&mut svg, &y, &labelled(ticks));
    let (base, label_y) = (Fixed(HEIGHT - BOTTOM, 1), Fixed(HEIGHT - BOTTOM + 16.0, 1));
    for &(k, rate) in &rates {
        let (cx, cy) = (Fixed(x.map(k as f64), 1), Fixed(y.map(rate), 1));
        let chosen = k == props.k;
        let title = fill(text.kplot_point, &[&k, &fixed(rate, 6)]);
        markup!(
            svg,
            concat!(
                "<g class=\"kbar{chosen}\" data-k=\"{k}\" data-rate=\"{rate}\" ",
                "tabindex=\"0\"><title>{title}</title><line x1=\"{cx}\" ",
                "x2=\"{cx}\" y1=\"{base}\" y2=\"{cy}\"/><circle cx=\"{cx}\" ",
                "cy=\"{cy}\" r=\"{radius}\"/>"
            ),
            chosen = if chosen { " chosen" } else { "" },
            k,
            rate = shortest(rate),
            title = &title,
            cx,
            base,
            cy,
            radius = if chosen { "6" } else { "3.5" }
        );
        if k_max <= 20 || k % 5 == 0 || k == 1 || chosen {
            markup!(
                svg,
                concat!(
                    "<text x=\"{cx}\" y=\"{label_y}\" text-anchor=\"middle\">{k}",
                    "</text>"
                ),
                cx,
                label_y,
                k
            );
        }
        markup!(svg, "</g>");
    }
    let right = x_opt > WIDTH / 2.0;
    markup!(
        svg,
        concat!(
            "<line class=\"optimal\" x1=\"{x}\" x2=\"{x}\" ",
            "y1=\"{top}\" y2=\"{base}\"/><text class=\"optimal-label\" ",
            "x=\"{label_x}\" text-anchor=\"{anchor}\" y=\"{label_y}\">{label}",
            "</text>"
        ),
        x = Fixed(x_opt, 1),
        top = Fixed(TOP, 1),
        base,
        label_x = Fixed(if right { x_opt - 4.0 } else { x_opt + 4.0 }, 1),
        anchor = if right { "end" } else { "start" },
        label_y = Fixed(TOP + 12.0, 1),
        label = &fill(text.kplot_optimal, &[&fixed(k_opt, 2)])
    );
    FRAME.x_name(&mut svg, text.kplot_x);
    markup!(svg, "</svg>");
    let caption = if props.n_from_items {
        text.kplot_caption
    } else {
        text.kplot_caption_half
    };
    html! {
        <figure class="plot k-plot" data-optimal-k={fixed(k_opt, 3)}>
            { svg.html() }
            <figcaption>{ fill(caption, &[&props.m, &props.n, &props.k]) }</figcaption>
            { plot_download(text.download_svg, "k-plot", "rate-against-k.svg") }
        </figure>
    }
}
