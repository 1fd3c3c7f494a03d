//! The hash arithmetic written out: one step of the walk (`step_arithmetic`) and the text of
//! the arithmetic table (`arithmetic_table`). Every expression printed evaluates, exactly as
//! written, to the value printed after it: where `h1 + i·h2` reaches 2^64 the wrap is
//! written as its own step, `(h1 + i·h2) mod 2^64 = v`.

use crate::filter::split_block::SALTS;
use crate::filter::{FilterShape, HashFamily, HashPair, HashStep, Layout, StepInput};

use super::{fill, Text};

/// How step i's position is computed, with its numbers, ending where ` = pos_i` follows:
/// `(h1 + i·h2) mod m`, or `(h1 + i·h2) mod 2^64 = v, v mod m` when the sum wraps; the
/// seed's `HFLP(bytes) = v, v mod m`; partitioned `i·s + (v mod s)`; blocked
/// `512·line + (h_i >> 23)`; split-block `256·block + 32·i + (v_i >> 27)`.
pub fn step_arithmetic(step: &HashStep, layout: Layout) -> String {
    let (i, v) = (step.index, step.value);
    match layout {
        Layout::Blocked => format!("512·{} + ({v} >> 23)", step.first / 512),
        Layout::SplitBlock => format!(
            "256·{} + 32·{} + ({v} >> 27)",
            step.first / 256,
            (step.first % 256) / 32
        ),
        Layout::Standard | Layout::Partitioned => {
            let (prefix, value) = match step.input {
                StepInput::Classic(hash) => {
                    (format!("{}(bytes) = {v}, ", hash.label()), v.to_string())
                }
                StepInput::Pair(HashPair { h1, h2 }) => {
                    let sum = format!("({h1} + {i}·{h2})");
                    let wraps =
                        u128::from(h1) + u128::from(i) * u128::from(h2) > u128::from(u64::MAX);
                    if wraps {
                        (format!("{sum} mod 2^64 = {v}, "), v.to_string())
                    } else {
                        (String::new(), sum)
                    }
                }
                // Only the split-block layout hashes with xxHash64.
                StepInput::XxHash64(_) => (String::new(), v.to_string()),
            };
            let s = step.size;
            match layout {
                Layout::Partitioned => format!("{prefix}{i}·{s} + ({value} mod {s})"),
                _ => format!("{prefix}{value} mod {s}"),
            }
        }
    }
}

/// One row of the arithmetic table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArithmeticRow {
    /// The hash index i.
    pub index: u32,
    /// What gave the value: the seed's function ("HFLP") or the split-block salt
    /// ("salt 0x47b6137b").
    pub label: Option<String>,
    /// The value the column header defines (`v`, `h_i` or `v_i`).
    pub value: u64,
    /// The position: `pos`, or `first + offset = pos` when the header adds a range's
    /// first bit.
    pub position: String,
}

/// The arithmetic table's text for an item's steps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArithmeticTable {
    /// How the item's bytes give the values the rows use.
    pub split: &'static str,
    /// The item's block (line) and how it is found, in the blocked layouts.
    pub block: Option<(u64, String)>,
    /// The value column's header: its formula.
    pub value_header: &'static str,
    /// The position column's header: its formula, with the range size written in.
    pub position_header: String,
    /// One row per step.
    pub rows: Vec<ArithmeticRow>,
}

/// The text of the arithmetic table for `steps` in a filter of this shape.
pub fn arithmetic_table(text: &Text, shape: FilterShape, steps: &[HashStep]) -> ArithmeticTable {
    let layout = shape.layout();
    let split = match (layout, shape.family()) {
        (Layout::SplitBlock, _) => "h = xxHash64(bytes, seed 0)",
        (_, HashFamily::Fnv1a) => "h = fnv1a64(bytes); h1 = h & 0xffffffff; h2 = h >> 32",
        (_, HashFamily::Murmur3) => {
            "x = murmur3_x64_128(bytes, seed 0); h1 = x & (2^64 − 1); h2 = x >> 64"
        }
        (_, HashFamily::Seed000) => text.hash_seed_split,
    };
    // FNV-1a's h1 and h2 are below 2^32, so h1 + i·h2 never reaches 2^64.
    let value_header = match (layout, shape.family()) {
        (Layout::Blocked, _) => "h_i = h2₃₂ · 0x9e3779b9^i mod 2^32",
        (Layout::SplitBlock, _) => "v_i = x · salt_i mod 2^32",
        (_, HashFamily::Fnv1a) => "v = h1 + i·h2",
        (_, HashFamily::Murmur3) => "v = (h1 + i·h2) mod 2^64",
        (_, HashFamily::Seed000) => "v = hash_i(bytes)",
    };
    let position_header = match layout {
        Layout::Partitioned => fill(text.hash_slice_col, &[&shape.slice_len()]),
        Layout::Blocked => "pos_i = 512·line + (h_i >> 23)".to_owned(),
        Layout::SplitBlock => "pos_i = 256·block + 32·i + (v_i >> 27)".to_owned(),
        Layout::Standard => fill(text.hash_mod_col, &[&shape.m()]),
    };
    // The item's block (line) is the first bit of its range divided by the block size.
    let block = match (layout.block_bits(), shape.blocks()) {
        (Some(block_bits), Some(blocks)) => {
            let first = steps.first();
            let block = first.map_or(0, |s| s.first / block_bits);
            // Parquet's x = h mod 2^32.
            let x = first.and_then(HashStep::xxhash64).unwrap_or(0) & 0xffff_ffff;
            let hint = match layout {
                Layout::Blocked => fill(text.hash_blocked_hint, &[&blocks, &block]),
                _ => fill(text.hash_split_block_hint, &[&blocks, &block, &x]),
            };
            Some((block, hint))
        }
        _ => None,
    };
    let ranged = layout != Layout::Standard;
    let rows = steps
        .iter()
        .map(|s| ArithmeticRow {
            index: s.index,
            label: match (s.classic(), layout) {
                (Some(hash), _) => Some(hash.label().to_owned()),
                (None, Layout::SplitBlock) => Some(format!(
                    "salt 0x{:08x}",
                    SALTS[s.index as usize % SALTS.len()]
                )),
                _ => None,
            },
            value: s.value,
            position: if ranged {
                format!("{} + {} = {}", s.first, s.position - s.first, s.position)
            } else {
                s.position.to_string()
            },
        })
        .collect();
    ArithmeticTable {
        split,
        block,
        value_header,
        position_header,
        rows,
    }
}
