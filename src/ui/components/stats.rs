//! Live figures: n, X, fill, the false-positive rate now and the estimated count.

use crate::decimal::fixed;
use crate::markup;
use yew::prelude::*;

use crate::state::numbers::{fraction, grouped, percent_from_ln};

use crate::filter::blocked::LINE_BITS;
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
        markup!(
            out,
            concat!(
                "<div class=\"stat\"><dt>{label}</dt><dd data-stat=\"{key}\">{value}",
                "</dd></div>"
            ),
            label,
            key,
            value
        );
    };
    row(text.items_n, &grouped(figures.n), "n");
    let bits = format!("{} / {}", grouped(figures.ones), grouped(figures.m));
    row(text.bits_set_x, &bits, "x");
    row(text.fill_ratio, &fraction(figures.fill, 4), "fill");
    let fpr = percent_from_ln(figures.ln_fpr);
    let by_fill = percent_from_ln(figures.ln_fpr_by_fill);
    // Each layout names its own rate, its fill's and its estimate's formulas; the layouts
    // other than the standard one show the standard rate beside their own.
    let blocked_label;
    let (own, own_key, by_fill_label, estimate_label) = match figures.layout {
        Layout::Standard => (text.fpr_now, "fpr", text.fpr_by_fill, text.estimated_n),
        Layout::Partitioned => (
            text.fpr_partitioned,
            "fpr",
            text.fpr_by_fill_slices,
            text.estimated_n_slices,
        ),
        Layout::Blocked => {
            blocked_label = fill(text.fpr_blocked, &[&LINE_BITS]);
            let own: &str = &blocked_label;
            (
                own,
                "fpr-blocked",
                text.fpr_by_fill_blocks,
                text.estimated_n_blocks,
            )
        }
        Layout::SplitBlock => (
            text.fpr_split_block,
            "fpr-blocked",
            text.fpr_by_fill_blocks,
            text.estimated_n_blocks,
        ),
    };
    row(own, &fpr, own_key);
    if let Some(rocksdb) = figures.ln_fpr_rocksdb {
        row(text.fpr_rocksdb, &percent_from_ln(rocksdb), "fpr-rocksdb");
    }
    if let Some(standard) = figures.ln_fpr_standard {
        row(
            text.fpr_standard_same,
            &percent_from_ln(standard),
            "fpr-standard",
        );
    }
    row(by_fill_label, &by_fill, "fpr-fill");
    row(estimate_label, &estimate, "estimate");
    html! {
        <section class="panel stats" id="stats" aria-labelledby="stats-title">
            <h2 id="stats-title">{ text.figures }</h2>
            <dl>{ out.html() }</dl>
        </section>
    }
}
