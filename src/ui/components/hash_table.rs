//! The arithmetic for the shown item: one row per hash index, written as markup.

use crate::markup;
use yew::prelude::*;

use crate::filter::classic_hashes::ClassicHash;
use crate::filter::{FilterShape, HashFamily, HashPair, HashStep, Layout, StepInput};
use crate::i18n::arithmetic::arithmetic_table;
use crate::i18n::{fill, then, Text};
use crate::state::numbers::percent_significant;
use crate::ui::marks::hash_class;
use crate::ui::raw::{IntoHtml, Markup};

/// Props of [`HashTable`].
pub struct HashTableProps {
    /// The item whose hashes are shown.
    pub item: String,
    /// Its steps.
    pub steps: Vec<HashStep>,
    /// m, k, the family (to show how the values were obtained) and the layout.
    pub shape: FilterShape,
    /// Whether each step's position is set now.
    pub set: Vec<bool>,
    /// Steps after this many are hidden (step-by-step mode).
    pub visible: u32,
    /// An add walk is in progress: its visible positions that are 0 are being set, as the
    /// bit array already shows them.
    pub adding: bool,
    /// A quiz question waits for its answer: the "bit now" column would give it away, so it
    /// is left out (the student reads the bits off the array).
    pub hide_bits: bool,
    /// Items in the filter, for the rate a seed 000 filter actually has.
    pub n: u64,
    /// A counting filter's counter at each step's position and a counter's maximum (the
    /// last column then shows counters, not bits).
    pub counts: Option<(Vec<u8>, u8)>,
}

/// The UTF-8 bytes of an item in hex, shortened after 48 bytes.
pub fn bytes_hex(text: &Text, item: &str) -> String {
    let bytes = item.as_bytes();
    let shown: Vec<String> = bytes.iter().take(48).map(|b| format!("{b:02x}")).collect();
    let more = bytes.len().saturating_sub(48);
    if more > 0 {
        format!(
            "{} {}",
            shown.join(" "),
            fill(text.hash_bytes_more, &[&more])
        )
    } else {
        shown.join(" ")
    }
}

/// The table.
pub fn hash_table(text: &'static Text, props: &HashTableProps) -> Html {
    let shape = props.shape;
    let seed = shape.family() == HashFamily::Seed000;
    let layout = shape.layout();
    let table = arithmetic_table(text, shape, &props.steps);
    let mut out = Markup::default();
    markup!(
        out,
        concat!(
            "<section class=\"panel hash-table\" ",
            "aria-labelledby=\"hash-table-title\"><h2 id=\"hash-table-title\">",
            "{hash_table}</h2><p class=\"formula\"><code>{split}</code></p>"
        ),
        hash_table = text.hash_table,
        split = table.split
    );
    if !seed && layout.block_bits().is_none() {
        markup!(
            out,
            "<p class=\"formula\"><code>{hash_table_hint}</code></p>",
            hash_table_hint = text.hash_table_hint
        );
    }
    if let Some((block, hint)) = &table.block {
        markup!(
            out,
            concat!(
                "<p class=\"formula\" data-item-block=\"{block}\"><code>{hint}",
                "</code></p>"
            ),
            block,
            hint
        );
    }
    if layout == Layout::Partitioned {
        markup!(
            out,
            concat!(
                "<p class=\"formula\" data-slice-len=\"{slice_len}\"><code>{hint}",
                "</code></p>"
            ),
            slice_len = shape.slice_len(),
            hint = &fill(text.hash_partition_hint, &[&shape.slice_len()])
        );
    }
    markup!(
        out,
        concat!(
            "<dl class=\"hash-inputs\"><dt>{hash_bytes}</dt><dd ",
            "class=\"mono\" data-item-bytes=\"\">{bytes}</dd>"
        ),
        hash_bytes = text.hash_bytes,
        bytes = &bytes_hex(text, &props.item)
    );
    // What the item's bytes hash to: Parquet's h, the pair, or (for the seed) nothing.
    match props.steps.first().map(|s| s.input) {
        Some(StepInput::XxHash64(h)) => {
            markup!(
                out,
                concat!(
                    "<dt>h</dt><dd class=\"mono\" data-xxhash=\"{h}\">{h} = 0x{hex}",
                    "</dd>"
                ),
                h,
                hex = format!("{h:016x}")
            );
        }
        Some(StepInput::Pair(HashPair { h1, h2 })) => {
            markup!(
                out,
                concat!(
                    "<dt>h1</dt><dd class=\"mono\" data-h1=\"{h1}\">{h1}</dd><dt>h2",
                    "</dt><dd class=\"mono\" data-h2=\"{h2}\">{h2}</dd>"
                ),
                h1,
                h2
            );
        }
        Some(StepInput::Classic(_)) | None => {}
    }
    let bit_header = match props.counts {
        Some(_) => text.col_counter,
        None => text.col_bit,
    };
    markup!(
        out,
        concat!(
            "</dl><table><thead><tr><th scope=\"col\">{col_i}</th><th ",
            "scope=\"col\">{value_header}</th><th scope=\"col\">{position_header}",
            "</th>"
        ),
        col_i = text.col_i,
        value_header = table.value_header,
        position_header = table.position_header
    );
    if !props.hide_bits {
        markup!(out, "<th scope=\"col\">{bit_header}</th>", bit_header);
    }
    markup!(out, "</tr></thead><tbody>");
    let shown = props.steps.iter().zip(&props.set).zip(&table.rows);
    for ((s, &set), row) in shown.filter(|((s, _), _)| s.index < props.visible) {
        // A counting filter shows each counter; an add walk raises it by 1 (a hash landing
        // where an earlier one of this add did finds it raised already), up to its maximum.
        let count = props.counts.as_ref().map(|(counts, max)| {
            let earlier = props.steps[..s.index as usize]
                .iter()
                .filter(|e| e.position == s.position)
                .count() as u32;
            let before = u32::from(counts[s.index as usize]);
            let before = if props.adding {
                before + earlier
            } else {
                before
            };
            let max = u32::from(*max);
            (before.min(max), (before + 1).min(max))
        });
        let (class, bit) = match (count, set, props.adding) {
            _ if props.hide_bits => ("", String::new()),
            (Some((before, after)), _, true) => (
                "row-set row-adding ",
                fill(text.bit_being_set, &[&before, &after]),
            ),
            (Some((c, _)), true, false) => ("row-set ", c.to_string()),
            (None, true, _) => ("row-set ", text.bit_is_set.to_owned()),
            (None, false, true) => ("row-set row-adding ", fill(text.bit_being_set, &[&0, &1])),
            (_, false, _) => ("row-zero ", text.bit_is_zero.to_owned()),
        };
        let colour = hash_class(s.index);
        markup!(
            out,
            concat!(
                "<tr data-hash-index=\"{index}\" data-position=\"{position}\" ",
                "class=\"{class}{colour}\"><td><span class=\"chip {colour}\">{index}",
                "</span></td><td class=\"mono\">"
            ),
            index = s.index,
            position = s.position,
            class,
            colour
        );
        if let Some(label) = &row.label {
            markup!(out, "<span class=\"hash-name\">{label}: </span>", label);
        }
        markup!(
            out,
            "{value}</td><td class=\"mono pos\">{position}</td>",
            value = row.value,
            position = row.position
        );
        if !props.hide_bits {
            markup!(out, "<td>{bit}</td>", bit);
        }
        markup!(out, "</tr>");
    }
    markup!(out, "</tbody></table>");
    if seed && !props.item.is_empty() {
        seed_low_bits(&mut out, text, props);
    }
    markup!(out, "</section>");
    out.html()
}

/// Seed 000's HFLP and HF return a value below the item's length, so they reach only the
/// first positions, which a few items set: queries are decided by the other hashes, and the
/// filter has about the rate of the formula for that many.
fn seed_low_bits(out: &mut Markup, text: &Text, props: &HashTableProps) {
    let shape = props.shape;
    let mut low: Vec<String> = Vec::new();
    for step in &props.steps {
        if let Some(hash @ (ClassicHash::Hflp | ClassicHash::Hf)) = step.classic() {
            low.push(format!("{} {}", hash.label(), step.value));
        }
    }
    let range = match shape.layout() {
        Layout::Partitioned => shape.slice_len(),
        _ => shape.m(),
    };
    let len = props.item.len() as u64;
    let others = shape.k() - low.len() as u32;
    let n = props.n as f64;
    let mut note = fill(
        text.seed_low_bits,
        &[&len, &low.join(text.list_separator), &len.min(range)],
    );
    let fewer = FilterShape::new(shape.m(), others, shape.family())
        .and_then(|s| s.with_layout(shape.layout()));
    let then_what = match fewer {
        Ok(fewer) => fill(
            text.seed_low_rate,
            &[
                &others,
                &percent_significant(fewer.fpr(n)),
                &percent_significant(shape.fpr(n)),
                &shape.k(),
            ],
        ),
        Err(_) => text.seed_low_all.to_owned(),
    };
    note = then(&note, &then_what);
    markup!(
        out,
        concat!(
            "<p class=\"hint\" id=\"seed-low-bits\" ",
            "data-effective-k=\"{others}\">{note}</p>"
        ),
        others,
        note = &note
    );
}
