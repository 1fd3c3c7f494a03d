//! Live figures: n, X, fill, the false-positive rate now and the estimated count.

use crate::decimal::fixed;
use yew::prelude::*;

use crate::state::numbers::{fraction, grouped, percent_from_ln};

use crate::filter::{math, CountEstimate};
use crate::i18n::Text;
use crate::ui::raw::{IntoHtml, Markup};

/// Props of [`Stats`].
pub struct StatsProps {
    /// m.
    pub m: u64,
    /// k.
    pub k: u32,
    /// Distinct items in the set, n.
    pub n: u64,
    /// Bits set, X.
    pub ones: u64,
    /// A partitioned filter's slice length s and the bits set in each slice.
    pub slices: Option<(u64, Vec<u64>)>,
}

/// The figures panel.
pub fn stats(text: &'static Text, props: &StatsProps) -> Html {
    let (m, k, n, x) = (
        props.m as f64,
        props.k as f64,
        props.n as f64,
        props.ones as f64,
    );
    let fill_ratio = x / m;
    // Both rates from their logarithms: below 1e-300 they are printed from them.
    let exact = math::ln_fpr_exact(m, n, k);
    let by_fill = k * fill_ratio.ln();
    let estimate = match math::estimated_count(props.m, props.k, props.ones) {
        CountEstimate::Finite(v) => fixed(v, 1),
        CountEstimate::Undefined => text.estimate_undefined.to_owned(),
    };
    let mut out = Markup::default();
    let mut row = |label: &str, value: &str, key: &str| {
        out.push(
            "<div class=\"stat\"><dt>{}</dt><dd data-stat=\"{}\">{}</dd></div>",
            &[&label, &key, &value],
        );
    };
    row(text.items_n, &grouped(u128::from(props.n)), "n");
    let bits = format!(
        "{} / {}",
        grouped(u128::from(props.ones)),
        grouped(u128::from(props.m))
    );
    row(text.bits_set_x, &bits, "x");
    row(text.fill_ratio, &fraction(fill_ratio, 4), "fill");
    match &props.slices {
        None => {
            row(text.fpr_now, &percent_from_ln(exact), "fpr");
            row(text.fpr_by_fill, &percent_from_ln(by_fill), "fpr-fill");
            row(text.estimated_n, &estimate, "estimate");
        }
        Some((slice_len, ones)) => {
            let s = *slice_len as f64;
            // Each slice's fill X_i/s; the product is the chance that a new item finds all
            // k of its bits set.
            let by_slices: f64 = ones.iter().map(|&x| (x as f64 / s).ln()).sum();
            let reachable = s * k;
            let estimate = if x >= reachable {
                text.estimate_undefined.to_owned()
            } else {
                fixed(-s * (-x / reachable).ln_1p(), 1)
            };
            let partitioned = math::ln_fpr_partitioned(s, n, k);
            row(text.fpr_partitioned, &percent_from_ln(partitioned), "fpr");
            row(
                text.fpr_standard_same,
                &percent_from_ln(exact),
                "fpr-standard",
            );
            row(
                text.fpr_by_fill_slices,
                &percent_from_ln(by_slices),
                "fpr-fill",
            );
            row(text.estimated_n_slices, &estimate, "estimate");
        }
    }
    html! {
        <section class="panel stats" id="stats" aria-labelledby="stats-title">
            <h2 id="stats-title">{ text.figures }</h2>
            <dl>{ out.html() }</dl>
        </section>
    }
}
