//! Live figures: n, X, fill, the false-positive rate now and the estimated count.

use crate::decimal::fixed;
use yew::prelude::*;

use crate::state::numbers::{fraction, grouped, percent_from_ln};

use crate::filter::{math, CountEstimate};
use crate::i18n::Text;

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
    let row = |label: &'static str, value: String, key: &'static str| {
        html! {
            <div class="stat"><dt>{ label }</dt><dd data-stat={key}>{ value }</dd></div>
        }
    };
    html! {
        <section class="panel stats" aria-labelledby="stats-title">
            <h2 id="stats-title">{ text.figures }</h2>
            <dl>
                { row(text.items_n, grouped(u128::from(props.n)), "n") }
                { row(text.bits_set_x, format!("{} / {}", grouped(u128::from(props.ones)), grouped(u128::from(props.m))), "x") }
                { row(text.fill_ratio, fraction(fill_ratio, 4), "fill") }
                { row(text.fpr_now, percent_from_ln(exact), "fpr") }
                { row(text.fpr_by_fill, percent_from_ln(by_fill), "fpr-fill") }
                { row(text.estimated_n, estimate, "estimate") }
            </dl>
        </section>
    }
}
