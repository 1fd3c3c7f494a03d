//! The false-positive rate against k for fixed m and n, with the optimal k marked.

use crate::decimal::{fixed, shortest, Shortest};
use yew::prelude::*;

use crate::filter::math;
use crate::i18n::{fill, Text};
use crate::state::plot::{linear_ticks, log_ticks, tick_label, AxisKind, Scale};
use crate::ui::picture::plot_download;

const WIDTH: f64 = 680.0;
const HEIGHT: f64 = 260.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 44.0;

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
            (
                Scale {
                    kind: AxisKind::Linear,
                    min: 0.0,
                    max,
                    from: HEIGHT - BOTTOM,
                    to: TOP,
                },
                ticks,
            )
        }
        AxisKind::Log => {
            let min = 10f64.powf(floor.max(1e-300).log10().floor());
            (
                Scale {
                    kind: AxisKind::Log,
                    min,
                    max: 1.0,
                    from: HEIGHT - BOTTOM,
                    to: TOP,
                },
                log_ticks(min, 1.0),
            )
        }
    };
    let x = Scale {
        kind: AxisKind::Linear,
        min: 0.5,
        max: k_max as f64 + 0.5,
        from: LEFT,
        to: WIDTH - RIGHT,
    };
    let x_opt = x.map(k_opt.min(k_max as f64));
    html! {
        <figure class="plot k-plot" data-optimal-k={fixed(k_opt, 3)}>
            <svg id="k-plot" viewBox={format!("0 0 {} {}", Shortest(WIDTH), Shortest(HEIGHT))} role="img" aria-label={text.kplot_title}>
                { for ticks.iter().map(|&t| { let yy = y.map(t); html! {
                    <g class="tick">
                        <line x1={shortest(LEFT)} x2={shortest(WIDTH - RIGHT)} y1={fixed(yy, 1)} y2={fixed(yy, 1)} />
                        <text x={shortest(LEFT - 6.0)} y={fixed(yy + 4.0, 1)} text-anchor="end">{ tick_label(t) }</text>
                    </g>
                }}) }
                { for rates.iter().map(|&(k, rate)| {
                    let (cx, cy) = (x.map(k as f64), y.map(rate));
                    let chosen = k == props.k;
                    html! {
                        <g class={crate::class_list!("kbar", chosen.then_some("chosen"))} data-k={k.to_string()} data-rate={shortest(rate)} tabindex="0">
                            <title>{ fill(text.kplot_point, &[&k, &fixed(rate, 6)]) }</title>
                            <line x1={fixed(cx, 1)} x2={fixed(cx, 1)} y1={shortest(HEIGHT - BOTTOM)} y2={fixed(cy, 1)} />
                            <circle cx={fixed(cx, 1)} cy={fixed(cy, 1)} r={if chosen { "6" } else { "3.5" }} />
                            if k_max <= 20 || k % 5 == 0 || k == 1 || chosen {
                                <text x={fixed(cx, 1)} y={shortest(HEIGHT - BOTTOM + 16.0)} text-anchor="middle">{ k }</text>
                            }
                        </g>
                    }
                }) }
                <line class="optimal" x1={fixed(x_opt, 1)} x2={fixed(x_opt, 1)} y1={shortest(TOP)} y2={shortest(HEIGHT - BOTTOM)} />
                <text class="optimal-label" x={fixed(if x_opt > WIDTH / 2.0 { x_opt - 4.0 } else { x_opt + 4.0 }, 1)}
                      text-anchor={if x_opt > WIDTH / 2.0 { "end" } else { "start" }} y={shortest(TOP + 12.0)}>{ fill(text.kplot_optimal, &[&fixed(k_opt, 2)]) }</text>
                <text class="axis-label" x={shortest((LEFT + WIDTH - RIGHT) / 2.0)} y={shortest(HEIGHT - 6.0)} text-anchor="middle">{ text.kplot_x }</text>
            </svg>
            <figcaption>{ fill(if props.n_from_items { text.kplot_caption } else { text.kplot_caption_half }, &[&props.m, &props.n, &props.k]) }</figcaption>
            { plot_download(text.download_svg, "k-plot", "rate-against-k.svg") }
        </figure>
    }
}
