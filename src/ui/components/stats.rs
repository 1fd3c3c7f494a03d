//! Live figures: n, X, fill, the false-positive rate now and the estimated count.

use crate::decimal::fixed;
use yew::prelude::*;

use crate::state::numbers::{fraction, grouped, percent_from_ln};

use crate::filter::Layout;
use crate::i18n::{fill, Text};
use crate::state::figures::Figures;
use crate::ui::raw::{IntoHtml, Markup};

/// The figures panel: what [`Figures`] computed, written out.
pub fn stats(text: &'static Text, figures: &Figures) -> Html {
    let estimate = figures
        .estimated_n
        .map(|v| fixed(v, 1))
        .unwrap_or_else(|| text.estimate_undefined.to_owned());
    let mut out = Markup::default();
    let mut row = |label: &str, value: &str, key: &str| {
        out.push(
            "<div class=\"stat\"><dt>{}</dt><dd data-stat=\"{}\">{}</dd></div>",
            &[&label, &key, &value],
        );
    };
    row(text.items_n, &grouped(figures.n), "n");
    let bits = format!("{} / {}", grouped(figures.ones), grouped(figures.m));
    row(text.bits_set_x, &bits, "x");
    row(text.fill_ratio, &fraction(figures.fill, 4), "fill");
    let fpr = percent_from_ln(figures.ln_fpr);
    let by_fill = percent_from_ln(figures.ln_fpr_by_fill);
    let blocked = figures.layout.block_bits();
    match figures.ln_fpr_standard {
        Some(standard) if blocked.is_some() => {
            let own = match figures.layout {
                Layout::SplitBlock => text.fpr_split_block.to_owned(),
                _ => fill(text.fpr_blocked, &[&blocked.unwrap_or_default()]),
            };
            row(&own, &fpr, "fpr-blocked");
            if let Some(rocksdb) = figures.ln_fpr_rocksdb {
                row(text.fpr_rocksdb, &percent_from_ln(rocksdb), "fpr-rocksdb");
            }
            row(
                text.fpr_standard_same,
                &percent_from_ln(standard),
                "fpr-standard",
            );
            row(text.fpr_by_fill_blocks, &by_fill, "fpr-fill");
            row(text.estimated_n_blocks, &estimate, "estimate");
        }
        None => {
            row(text.fpr_now, &fpr, "fpr");
            row(text.fpr_by_fill, &by_fill, "fpr-fill");
            row(text.estimated_n, &estimate, "estimate");
        }
        Some(standard) => {
            row(text.fpr_partitioned, &fpr, "fpr");
            row(
                text.fpr_standard_same,
                &percent_from_ln(standard),
                "fpr-standard",
            );
            row(text.fpr_by_fill_slices, &by_fill, "fpr-fill");
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
