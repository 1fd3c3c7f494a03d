//! The xor and binary fuse filters drawn: the array B (`#xor`), its sizing rule at the
//! page's n, the peeling order (`#peel`), the typed item's slots and fingerprint
//! (`#xor-item`); and the walks of the construction and of a query.

use std::collections::HashMap;

use yew::prelude::*;

use crate::decimal::fixed;
use crate::filter::fuse::FuseShape;
use crate::filter::peeling::{
    key_of, ConstructionWalk, PeelEvent, PeeledFilter, PeelingShape, QueryBreakdown,
};
use crate::filter::xor::XorShape;
use crate::state::numbers::grouped;

use super::texts::Texts;
use super::walk::{ArithmeticRow, Walk, WalkLine};

/// The items' names by key, to tell the keys of a walk by their words.
pub type Names = HashMap<u64, String>;

/// What the view needs of a xor or binary fuse shape beyond peeling: its name, its
/// parts (blocks or segments) and its position formulas.
pub trait ShownShape: PeelingShape {
    /// The text naming the filter.
    const NAME: &'static str;
    /// The length of one block or segment, where the drawing marks a border.
    fn part_length(&self) -> u32;
    /// The sentence of its sizing rule at the page's n.
    fn sizing(&self, t: &Texts, n: u64, bits: u32) -> String;
    /// The arithmetic of a key's slots from its hash.
    fn slot_rows(&self, hash: u64, slots: [u32; 3]) -> Vec<ArithmeticRow>;
}

impl ShownShape for XorShape {
    const NAME: &'static str = "xor";

    fn part_length(&self) -> u32 {
        self.block_length()
    }

    fn sizing(&self, t: &Texts, n: u64, bits: u32) -> String {
        let c = self.array_length();
        let per_item = f64::from(c * bits) / n.max(1) as f64;
        let mut text = t.fill(
            "x_sizing_xor",
            &[
                &grouped(n),
                &grouped(c.into()),
                &grouped(self.block_length().into()),
                &fixed(per_item, 2),
                &bits,
            ],
        );
        text.push(' ');
        text.push_str(&large_n(t));
        text
    }

    fn slot_rows(&self, hash: u64, slots: [u32; 3]) -> Vec<ArithmeticRow> {
        let l = self.block_length();
        ["h0", "h1", "h2"]
            .into_iter()
            .zip(slots)
            .enumerate()
            .map(|(i, (name, slot))| {
                let rotated = hash.rotate_left(21 * i as u32) as u32;
                let formula = format!(
                    "reduce(rotl64(hash, {}) mod 2^32, L) + {i}·L = ⌊{rotated} · {l} / 2^32⌋ + {}",
                    21 * i,
                    i as u32 * l
                );
                (name, formula, slot.to_string())
            })
            .collect()
    }
}

impl ShownShape for FuseShape {
    const NAME: &'static str = "fuse";

    fn part_length(&self) -> u32 {
        self.segment_length()
    }

    fn sizing(&self, t: &Texts, n: u64, _bits: u32) -> String {
        let xor = XorShape::capacity(n);
        if n <= 1 {
            // The reference's rule for at most one key: no factor and no target.
            let values: [&dyn std::fmt::Display; 4] = [
                &grouped(n),
                &self.segment_length(),
                &self.array_length(),
                &grouped(xor),
            ];
            return t.fill("x_sizing_fuse_tiny", &values);
        }
        let values: [&dyn std::fmt::Display; 7] = [
            &grouped(n),
            &grouped(self.segment_length().into()),
            &fixed(self.size_factor(), 3),
            &self.target(),
            &self.segment_count(),
            &grouped(self.array_length().into()),
            &grouped(xor),
        ];
        let text = t.fill("x_sizing_fuse", &values);
        format!("{text} {} {}", at_this_n(t, n), large_n(t))
    }

    fn slot_rows(&self, hash: u64, slots: [u32; 3]) -> Vec<ArithmeticRow> {
        let (l, sl) = (self.segment_length(), self.segment_count_length());
        vec![
            (
                "h0",
                format!("⌊hash · s·L / 2^64⌋ = ⌊{hash} · {sl} / 2^64⌋"),
                slots[0].to_string(),
            ),
            (
                "h1",
                format!(
                    "(h0 + L) ⊕ ((hash >> 18) mod L) = {} ⊕ {}",
                    slots[0] + l,
                    (hash >> 18) as u32 & (l - 1)
                ),
                slots[1].to_string(),
            ),
            (
                "h2",
                format!(
                    "(h0 + 2·L) ⊕ (hash mod L) = {} ⊕ {}",
                    slots[0] + 2 * l,
                    hash as u32 & (l - 1)
                ),
                slots[2].to_string(),
            ),
        ]
    }
}

/// The two filters' sizes at the page's n, compared: binary fuse takes more room than xor
/// for a few dozen items (long segments, at least three of them, a large factor) and
/// less for more.
fn at_this_n(t: &Texts, n: u64) -> String {
    let Ok(fuse) = FuseShape::for_keys(n) else {
        return String::new();
    };
    let (fuse_slots, xor_slots) = (u64::from(fuse.array_length()), XorShape::capacity(n));
    match fuse_slots.cmp(&xor_slots) {
        std::cmp::Ordering::Greater => {
            let values: [&dyn std::fmt::Display; 4] = [
                &grouped(fuse_slots),
                &grouped(xor_slots),
                &fuse.segment_length(),
                &fixed(fuse.size_factor(), 3),
            ];
            t.fill("x_fuse_more", &values)
        }
        std::cmp::Ordering::Less => {
            t.fill("x_fuse_fewer", &[&grouped(fuse_slots), &grouped(xor_slots)])
        }
        std::cmp::Ordering::Equal => t.fill("x_fuse_same", &[&grouped(fuse_slots)]),
    }
}

/// The two filters' sizes at 10^6 items, computed by their rules.
fn large_n(t: &Texts) -> String {
    const N: u64 = 1_000_000;
    let fuse = FuseShape::for_keys(N).map_or(0, |s| s.array_length());
    let xor = XorShape::capacity(N);
    let per_item = |slots: u64| fixed(slots as f64 * 8.0 / N as f64, 2);
    t.fill(
        "x_large_n",
        &[
            &grouped(fuse.into()),
            &grouped(xor),
            &per_item(fuse.into()),
            &per_item(xor),
        ],
    )
}

/// The name of `key`: its item in quotes.
fn named(names: &Names, key: u64) -> String {
    names
        .get(&key)
        .map_or_else(|| format!("{key:#x}"), |item| format!("“{item}”"))
}

fn list(t: &Texts, slots: &[u32]) -> String {
    if slots.is_empty() {
        t.get("st_none")
    } else {
        slots
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The construction, step by step.
pub fn construction_walk<S: ShownShape>(
    t: &Texts,
    filter: &PeeledFilter<S>,
    walk: &ConstructionWalk,
    names: &Names,
) -> Walk {
    let mut lines = Vec::new();
    let line = |sentence: String, marks: Vec<u64>| WalkLine { sentence, marks };
    for (number, attempt) in walk.attempts.iter().enumerate() {
        let singles: Vec<u32> = attempt.stacks.iter().flatten().copied().collect();
        let stacks = t.get(if attempt.stacks.len() == 3 {
            "xw_three_stacks"
        } else {
            "xw_one_stack"
        });
        lines.push(line(
            t.fill(
                "xw_start",
                &[
                    &(number + 1),
                    &format!("{:#x}", attempt.seed),
                    &singles.len(),
                    &stacks,
                ],
            ),
            singles.iter().map(|&s| u64::from(s)).collect(),
        ));
        for event in &attempt.events {
            lines.push(match event {
                PeelEvent::Peeled { key, slot, pushed } => {
                    let others: Vec<u32> = filter_slots(filter, walk, *key, *slot);
                    line(
                        t.fill(
                            "xw_peel",
                            &[
                                slot,
                                &named(names, *key),
                                &list(t, &others),
                                &list(t, pushed),
                            ],
                        ),
                        vec![u64::from(*slot)],
                    )
                }
                PeelEvent::Stale { slot } => {
                    line(t.fill("xw_stale", &[slot]), vec![u64::from(*slot)])
                }
            });
        }
        if !attempt.succeeded() {
            let remaining: Vec<String> =
                attempt.remaining.iter().map(|&k| named(names, k)).collect();
            lines.push(line(
                t.fill("xw_failed", &[&remaining.len(), &remaining.join(", ")]),
                Vec::new(),
            ));
        }
    }
    if let Some(last) = walk.attempts.last().filter(|a| a.succeeded()) {
        lines.push(line(
            t.fill("xw_peeled_all", &[&last.peeled().count()]),
            Vec::new(),
        ));
    }
    for a in &walk.assignment {
        let values: [&dyn std::fmt::Display; 8] = [
            &a.slot,
            &named(names, a.key),
            &a.others[0],
            &a.others[1],
            &a.fingerprint,
            &a.other_values[0],
            &a.other_values[1],
            &a.value,
        ];
        lines.push(line(
            t.fill("xw_assign", &values),
            vec![a.slot, a.others[0], a.others[1]]
                .into_iter()
                .map(u64::from)
                .collect(),
        ));
    }
    lines.push(line(t.get("xw_done"), Vec::new()));
    Walk {
        title: t.fill("xw_title", &[&t.get(S::NAME), &filter.len()]),
        lines,
        step: 0,
        arithmetic: Vec::new(),
    }
}

/// The slots of `key` other than `slot`, under the seed of the attempt that peeled it.
fn filter_slots<S: ShownShape>(
    filter: &PeeledFilter<S>,
    walk: &ConstructionWalk,
    key: u64,
    slot: u32,
) -> Vec<u32> {
    let seed = walk
        .attempts
        .iter()
        .find(|a| a.peeled().any(|(k, s)| k == key && s == slot))
        .map_or(filter.seed(), |a| a.seed);
    let hash = crate::filter::peeling::mix_split(key, seed);
    filter
        .shape()
        .slots(hash)
        .into_iter()
        .filter(|&s| s != slot)
        .collect()
}

/// The arithmetic of `item` in `filter`.
pub fn arithmetic<S: ShownShape>(filter: &PeeledFilter<S>, item: &str) -> Vec<ArithmeticRow> {
    let key = key_of(item.as_bytes());
    let q = filter.query(key);
    let mut rows = vec![
        (
            "key",
            "murmur3_x64_128(item, 0) mod 2^64 (h1)".to_owned(),
            format!("{key:#018x}"),
        ),
        (
            "hash",
            format!("murmur64(key + seed), seed = {:#x}", filter.seed()),
            format!("{:#018x}", q.hash),
        ),
    ];
    rows.extend(filter.shape().slot_rows(q.hash, q.slots));
    rows.push((
        "fp",
        format!("(hash ⊕ (hash >> 32)) mod 2^{}", filter.fingerprint_bits()),
        q.fingerprint.to_string(),
    ));
    rows.push((
        "B[h0] ⊕ B[h1] ⊕ B[h2]",
        format!("{} ⊕ {} ⊕ {}", q.values[0], q.values[1], q.values[2]),
        q.xor.to_string(),
    ));
    rows
}

/// A query's walk.
pub fn query_walk<S: ShownShape>(
    t: &Texts,
    filter: &PeeledFilter<S>,
    item: &str,
    added: bool,
) -> Walk {
    let q: QueryBreakdown = filter.query(key_of(item.as_bytes()));
    let marks: Vec<u64> = q.slots.iter().map(|&s| u64::from(s)).collect();
    let first = t.fill(
        "xq_slots",
        &[
            &item,
            &format!("{:#x}", q.hash),
            &q.slots[0],
            &q.slots[1],
            &q.slots[2],
            &q.fingerprint,
        ],
    );
    let values: [&dyn std::fmt::Display; 8] = [
        &q.slots[0],
        &q.slots[1],
        &q.slots[2],
        &q.values[0],
        &q.values[1],
        &q.values[2],
        &q.xor,
        &q.fingerprint,
    ];
    let mut verdict = t.fill(if q.contains { "xq_yes" } else { "xq_no" }, &values);
    if q.contains && !added {
        verdict.push(' ');
        verdict.push_str(&t.fill("xq_false_positive", &[&item, &filter.fingerprint_bits()]));
    }
    Walk {
        title: t.fill("walk_query", &[&item]),
        lines: vec![
            WalkLine {
                sentence: first,
                marks: marks.clone(),
            },
            WalkLine {
                sentence: verdict,
                marks,
            },
        ],
        step: 0,
        arithmetic: arithmetic(filter, item),
    }
}

/// The array, the typed item, the sizing rule and the peeling order.
pub fn drawing<S: ShownShape>(
    t: &Texts,
    filter: &PeeledFilter<S>,
    walk: &ConstructionWalk,
    names: &Names,
    marks: &[u64],
    typed: Option<&str>,
) -> Html {
    let part = filter.shape().part_length().max(1);
    let typed_query = typed.map(|item| (item, filter.query(key_of(item.as_bytes()))));
    let typed_slots: Vec<u32> = typed_query
        .as_ref()
        .map_or(Vec::new(), |(_, q)| q.slots.to_vec());
    let slots = filter.fingerprints().iter().enumerate().map(|(i, &value)| {
        let i = i as u32;
        let classes = classes!(
            "xslot",
            (i.is_multiple_of(part) && i > 0).then_some("part-start"),
            marks.contains(&u64::from(i)).then_some("at"),
            typed_slots.contains(&i).then_some("typed"),
        );
        html! {
            <li class={classes} data-slot={i.to_string()} data-value={value.to_string()}>
                <span class="xslot-index">{ i }</span>
                <span class="xslot-value">{ value }</span>
            </li>
        }
    });
    let attempts = walk.attempts.len();
    let last = walk.attempts.last();
    let peeled: Vec<(u64, u32)> = last.map_or(Vec::new(), |a| a.peeled().collect());
    html! { <>
        <p>{ t.fill("x_array", &[&filter.fingerprints().len(), &filter.fingerprint_bits(),
                                  &format!("{:#x}", filter.seed()), &attempts]) }</p>
        <p>{ filter.shape().sizing(t, filter.len(), filter.fingerprint_bits()) }</p>
        { for walk.attempts.iter().enumerate().filter(|(_, a)| !a.succeeded()).map(|(n, a)| {
            let remaining: Vec<String> = a.remaining.iter().map(|&k| named(names, k)).collect();
            html! { <p class="x-failed" data-seed={format!("{:#x}", a.seed)}>
                { t.fill("x_failed", &[&(n + 1), &format!("{:#x}", a.seed), &remaining.join(", ")]) }
            </p> }
        }) }
        <ol id="xor" class="xor-array" data-seed={format!("{:#x}", filter.seed())}
            data-attempts={attempts.to_string()} data-part={part.to_string()}
            aria-label={t.get("x_array_label")}>
            { for slots }
        </ol>
        if let Some((item, q)) = &typed_query {
            <p id="xor-item" data-h0={q.slots[0].to_string()} data-h1={q.slots[1].to_string()}
               data-h2={q.slots[2].to_string()} data-fp={q.fingerprint.to_string()}>
                { t.fill("x_typed", &[item, &q.slots[0], &q.slots[1], &q.slots[2], &q.fingerprint]) }
            </p>
        }
        <h3 id="peel-title">{ t.get("x_peel_title") }</h3>
        <ol id="peel" aria-labelledby="peel-title" class="peel-order">
            { for peeled.iter().map(|&(key, slot)| html! {
                <li data-key={format!("{key:#x}")} data-slot={slot.to_string()}>
                    { t.fill("x_peel_item", &[&named(names, key), &slot]) }
                </li>
            }) }
        </ol>
    </> }
}
