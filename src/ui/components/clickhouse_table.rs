//! ClickHouse's lookup table as a heat map, and the choice its
//! `calculationBestPractices` makes for the calculator's p beside the formulas' choice.

use yew::prelude::*;

use crate::decimal::{fixed, shortest};
use crate::filter::clickhouse::{
    best_practices, exact_choice, rate_table, row_minimum, walk, HIGH_RATE_GUARD, MAX_BITS_PER_ROW,
    MAX_HASH_FUNCTION_COUNT,
};
use crate::filter::math::fpr_approx;
use crate::i18n::{fill, Text};
use crate::state::numbers::probability;

/// The table, and the choice for `p` when there is one.
pub fn clickhouse_table(text: &Text, p: Option<f64>) -> Html {
    let chosen = p.map(best_practices);
    let choice = p.zip(chosen).map(|(p, (bits, hashes))| {
        let rate = rate_table(bits, hashes).unwrap_or(1.0);
        let why = if p >= HIGH_RATE_GUARD {
            text.ch_high
        } else if walk(p).is_none() {
            text.ch_fallback
        } else {
            text.ch_walk
        };
        let exact = exact_choice(p).ok().map(|(c, k)| {
            let rate = fpr_approx(c, 1.0, f64::from(k));
            fill(text.ch_exact, &[&shortest(c), &k, &probability(rate)])
        });
        html! {
            <div class="ch-choice" id="ch-choice" data-ch-bits-per-row={bits.to_string()} data-ch-hashes={hashes.to_string()}>
                <p>{ fill(text.ch_choice, &[&shortest(p), &bits, &hashes, &shortest(rate)]) }</p>
                <p class="hint">{ why }</p>
                if let Some(exact) = exact { <p>{ exact }</p> }
            </div>
        }
    });
    html! {
        <>
            <h3>{ text.ch_title }</h3>
            <p class="hint">{ text.ch_hint }</p>
            { choice }
            <div class="ch-scroll">
                <table class="ch-table">
                    <thead><tr>
                        <th scope="col">{ text.ch_corner }</th>
                        { for (1..MAX_HASH_FUNCTION_COUNT).map(|k| html! { <th scope="col">{ k }</th> }) }
                    </tr></thead>
                    <tbody>
                        { for (1..=MAX_BITS_PER_ROW).map(|bits| {
                            let best = row_minimum(bits).map(|(k, _)| k);
                            html! {
                                <tr>
                                    <th scope="row">{ bits }</th>
                                    { for (1..MAX_HASH_FUNCTION_COUNT).map(|k| cell(bits, k, best == Some(k), chosen == Some((bits, k)))) }
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            </div>
        </>
    }
}

/// One entry, shaded by its order of magnitude (`heat-0` for rates above 0.1 down to
/// `heat-4` below 0.0001).
fn cell(bits: u32, hashes: u32, row_best: bool, chosen: bool) -> Html {
    let Some(rate) = rate_table(bits, hashes) else {
        return html! { <td /> };
    };
    const HEAT: [&str; 5] = ["heat-0", "heat-1", "heat-2", "heat-3", "heat-4"];
    let heat = HEAT[((-rate.log10()).max(0.0) as usize).min(4)];
    html! {
        <td class={crate::class_list!(heat, row_best.then_some("ch-min"), chosen.then_some("ch-chosen"))}
            data-ch-rate={fixed(rate, 6)}>{ shortest(rate) }</td>
    }
}
