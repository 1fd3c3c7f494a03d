//! The arithmetic for the shown item: one row per hash index, written as markup.

use yew::prelude::*;

use crate::filter::{FilterShape, HashFamily, HashStep, Layout};
use crate::i18n::{fill, Text};
use crate::ui::marks::hash_class;
use crate::ui::raw::{escape, Markup};

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
    let split = match shape.family() {
        HashFamily::Fnv1a => "h = fnv1a64(bytes); h1 = h & 0xffffffff; h2 = h >> 32",
        HashFamily::Murmur3 => {
            "x = murmur3_x64_128(bytes, seed 0); h1 = low 64 bits; h2 = high 64 bits"
        }
        HashFamily::Seed000 => text.hash_seed_split,
    };
    let value_header = match shape.family() {
        HashFamily::Fnv1a => "v = h1 + i·h2",
        HashFamily::Murmur3 => "v = (h1 + i·h2) mod 2^64",
        HashFamily::Seed000 => "v = hash_i(bytes)",
    };
    let partitioned = shape.layout() == Layout::Partitioned;
    let position_header = if partitioned {
        fill(text.hash_slice_col, &[&shape.slice_len()])
    } else {
        fill(text.hash_mod_col, &[&shape.m()])
    };
    let (h1, h2) = props.steps.first().map(|s| (s.h1, s.h2)).unwrap_or((0, 0));
    let mut out = Markup::default();
    out.push(format_args!(
        "<section class=\"panel hash-table\" aria-labelledby=\"hash-table-title\"><h2 id=\"hash-table-title\">{}</h2><p class=\"formula\"><code>{}</code></p>",
        escape(text.hash_table),
        escape(split)
    ));
    if !seed {
        out.push(format_args!(
            "<p class=\"formula\"><code>{}</code></p>",
            escape(text.hash_table_hint)
        ));
    }
    if partitioned {
        out.push(format_args!(
            "<p class=\"formula\" data-slice-len=\"{len}\"><code>{}</code></p>",
            escape(&fill(text.hash_partition_hint, &[&shape.slice_len()])),
            len = shape.slice_len()
        ));
    }
    out.push(format_args!(
        "<dl class=\"hash-inputs\"><dt>{}</dt><dd class=\"mono\" data-item-bytes=\"\">{}</dd>",
        escape(text.hash_bytes),
        escape(&bytes_hex(text, &props.item))
    ));
    if !seed {
        out.push(format_args!(
            "<dt>h1</dt><dd class=\"mono\" data-h1=\"{h1}\">{h1}</dd><dt>h2</dt><dd class=\"mono\" data-h2=\"{h2}\">{h2}</dd>"
        ));
    }
    out.push(format_args!(
        "</dl><table><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th>",
        escape(text.col_i),
        escape(value_header),
        escape(&position_header)
    ));
    if !props.hide_bits {
        out.push(format_args!(
            "<th scope=\"col\">{}</th>",
            escape(text.col_bit)
        ));
    }
    out.push(format_args!("</tr></thead><tbody>"));
    let shown = props.steps.iter().zip(&props.set);
    for (s, &set) in shown.filter(|(s, _)| s.index < props.visible) {
        let (class, bit) = match (set, props.adding) {
            _ if props.hide_bits => ("", ""),
            (true, _) => ("row-set ", text.bit_is_set),
            (false, true) => ("row-set row-adding ", text.bit_being_set),
            (false, false) => ("row-zero ", text.bit_is_zero),
        };
        let colour = hash_class(s.index);
        out.push(format_args!(
            "<tr data-hash-index=\"{i}\" data-position=\"{p}\" class=\"{class}{colour}\"><td><span class=\"chip {colour}\">{i}</span></td><td class=\"mono\">",
            i = s.index,
            p = s.position,
        ));
        if let Some(hash) = s.classic {
            out.push(format_args!(
                "<span class=\"hash-name\">{}: </span>",
                hash.label()
            ));
        }
        out.push(format_args!("{}</td><td class=\"mono pos\">", s.combined));
        if partitioned {
            out.push(format_args!(
                "{} + {} = {}",
                s.first,
                s.combined % s.size,
                s.position
            ));
        } else {
            out.push(format_args!("{}", s.position));
        }
        out.push(format_args!("</td>"));
        if !props.hide_bits {
            out.push(format_args!("<td>{}</td>", escape(bit)));
        }
        out.push(format_args!("</tr>"));
    }
    out.push(format_args!("</tbody></table></section>"));
    out.html()
}
