//! ClickHouse's lookup table as a heat map, and the choice its
//! `calculationBestPractices` makes for the calculator's p beside the formulas' choice.

use crate::decimal::{fixed, shortest};
use crate::filter::clickhouse::{
    best_practices, exact_choice, rate_table, row_minimum, walk, HIGH_RATE_GUARD, MAX_BITS_PER_ROW,
    MAX_HASH_FUNCTION_COUNT,
};
use crate::filter::math::fpr_approx;
use crate::i18n::{fill, Text};
use crate::markup;
use crate::state::numbers::probability;
use crate::ui::raw::Markup;

/// The table, and the choice for `p` when there is one, written into `out`.
pub fn clickhouse_table(out: &mut Markup, text: &Text, p: Option<f64>) {
    let chosen = p.map(best_practices);
    markup!(
        out,
        "<h3>{ch_title}</h3><p class=\"hint\">{ch_hint}</p>",
        ch_title = text.ch_title,
        ch_hint = text.ch_hint
    );
    if let Some((p, (bits, hashes))) = p.zip(chosen) {
        let rate = rate_table(bits, hashes).unwrap_or(1.0);
        let why = if p >= HIGH_RATE_GUARD {
            text.ch_high
        } else if walk(p).is_none() {
            text.ch_fallback
        } else {
            text.ch_walk
        };
        markup!(
            out,
            concat!(
                "<div class=\"ch-choice\" id=\"ch-choice\" ",
                "data-ch-bits-per-row=\"{bits}\" data-ch-hashes=\"{hashes}\"><p>{ch_choice}",
                "</p><p class=\"hint\">{why}</p>"
            ),
            bits,
            hashes,
            ch_choice = fill(
                text.ch_choice,
                &[&shortest(p), &bits, &hashes, &shortest(rate)]
            ),
            why
        );
        if let Ok((c, k)) = exact_choice(p) {
            let rate = fpr_approx(c, 1.0, f64::from(k));
            let exact = fill(text.ch_exact, &[&shortest(c), &k, &probability(rate)]);
            markup!(out, "<p>{exact}</p>", exact);
        }
        markup!(out, "</div>");
    }
    table(out, text, chosen);
}

/// The table as markup: one row per bits-per-row c, one column per hash count k, each entry
/// shaded by its order of magnitude (`heat-0` for rates above 0.1 down to `heat-4` below
/// 0.0001), the row's minimum and ClickHouse's choice marked. The table is focusable, so that
/// a keyboard can scroll it where it is wider than its panel (a phone).
fn table(out: &mut Markup, text: &Text, chosen: Option<(u32, u32)>) {
    const HEAT: [&str; 5] = ["heat-0", "heat-1", "heat-2", "heat-3", "heat-4"];
    markup!(
        out,
        concat!(
            r#"<div class="ch-scroll"><table class="ch-table" tabindex="0"><thead><tr>"#,
            r#"<th scope="col">{corner}</th>"#
        ),
        corner = text.ch_corner
    );
    for k in 1..MAX_HASH_FUNCTION_COUNT {
        markup!(out, r#"<th scope="col">{k}</th>"#, k);
    }
    markup!(out, "</tr></thead><tbody>");
    for bits in 1..=MAX_BITS_PER_ROW {
        let best = row_minimum(bits).map(|(k, _)| k);
        markup!(out, r#"<tr><th scope="row">{bits}</th>"#, bits);
        for k in 1..MAX_HASH_FUNCTION_COUNT {
            match rate_table(bits, k) {
                None => markup!(out, "<td></td>"),
                Some(rate) => {
                    let heat = HEAT[((-rate.log10()).max(0.0) as usize).min(4)];
                    let min = if best == Some(k) { " ch-min" } else { "" };
                    let pick = if chosen == Some((bits, k)) {
                        " ch-chosen"
                    } else {
                        ""
                    };
                    markup!(
                        out,
                        r#"<td class="{heat}{min}{pick}" data-ch-rate="{rate}">{shown}</td>"#,
                        heat,
                        min,
                        pick,
                        rate = fixed(rate, 6),
                        shown = shortest(rate)
                    )
                }
            };
        }
        markup!(out, "</tr>");
    }
    markup!(out, "</tbody></table></div>");
}
