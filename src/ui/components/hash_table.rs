//! The arithmetic for the shown item: one row per hash index.

use yew::prelude::*;

use crate::filter::{FilterShape, HashFamily, HashStep, Layout};
use crate::i18n::{fill, Text};
use crate::ui::marks::hash_class;

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
    html! {
        <section class="panel hash-table" aria-labelledby="hash-table-title">
            <h2 id="hash-table-title">{ text.hash_table }</h2>
            <p class="formula"><code>{ split }</code></p>
            if !seed { <p class="formula"><code>{ text.hash_table_hint }</code></p> }
            if partitioned {
                <p class="formula" data-slice-len={shape.slice_len().to_string()}><code>{ fill(text.hash_partition_hint, &[&shape.slice_len()]) }</code></p>
            }
            <dl class="hash-inputs">
                <dt>{ text.hash_bytes }</dt><dd class="mono" data-item-bytes="">{ bytes_hex(text, &props.item) }</dd>
                if !seed {
                    <dt>{ "h1" }</dt><dd class="mono" data-h1={h1.to_string()}>{ h1 }</dd>
                    <dt>{ "h2" }</dt><dd class="mono" data-h2={h2.to_string()}>{ h2 }</dd>
                }
            </dl>
            <table>
                <thead>
                    <tr>
                        <th scope="col">{ text.col_i }</th>
                        <th scope="col">{ value_header }</th>
                        <th scope="col">{ position_header }</th>
                        if !props.hide_bits { <th scope="col">{ text.col_bit }</th> }
                    </tr>
                </thead>
                <tbody>
                    { for props.steps.iter().zip(&props.set).filter(|(s, _)| s.index < props.visible).map(|(s, &set)| {
                        let (class, bit) = match (set, props.adding) {
                            _ if props.hide_bits => ("", ""),
                            (true, _) => ("row-set", text.bit_is_set),
                            (false, true) => ("row-set row-adding", text.bit_being_set),
                            (false, false) => ("row-zero", text.bit_is_zero),
                        };
                        let colour = hash_class(s.index);
                        let position = if partitioned {
                            format!("{} + {} = {}", s.first, s.combined % s.size, s.position)
                        } else {
                            s.position.to_string()
                        };
                        html! {
                            <tr data-hash-index={s.index.to_string()} data-position={s.position.to_string()} class={crate::class_list!(class, colour)}>
                                <td><span class={crate::class_list!("chip", colour)}>{ s.index }</span></td>
                                <td class="mono">
                                    if let Some(hash) = s.classic { <span class="hash-name">{ hash.label() }{ ": " }</span> }
                                    { s.combined }
                                </td>
                                <td class="mono pos">{ position }</td>
                                if !props.hide_bits { <td>{ bit }</td> }
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
        </section>
    }
}
