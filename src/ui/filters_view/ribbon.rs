//! The ribbon filter drawn: the band (each slot's coefficient row, result and solution,
//! `#ribbon`), its sizing at the page's n, the typed item's row (`#ribbon-item`); and the
//! walks of the construction (banding by on-the-fly Gaussian elimination, then
//! back-substitution) and of a query.

use yew::prelude::*;

use crate::filter::ribbon::{
    key_of, BandStep, BuildWalk, KeyOutcome, RibbonFilter, RibbonShape, SelectedRow, SolveStep,
};

use super::peeled::Names;
use super::texts::Texts;
use super::walk::{ArithmeticRow, Walk, WalkLine};

/// The most slots drawn as a staircase (each row indented to its slot).
const MAX_STAIRCASE_SLOTS: u64 = 128;

/// A w-bit coefficient row as bits, bit 0 (its own slot) first: the way the band is drawn,
/// slot i's row starting under slot i.
pub fn row_bits(coeff: u64, width: u32) -> String {
    (0..width)
        .map(|j| if coeff >> j & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// An r-bit result as bits, most significant first.
pub fn result_bits(value: u16, r: u32) -> String {
    format!("{:0width$b}", value, width = r as usize)
}

fn named(names: &Names, key: u64) -> String {
    names
        .get(&key)
        .map_or_else(|| format!("{key:#x}"), |item| format!("“{item}”"))
}

fn step_line(t: &Texts, step: &BandStep, shape: &RibbonShape) -> WalkLine {
    let (w, r) = (shape.width(), shape.result_bits());
    match *step {
        BandStep::Stored {
            slot,
            coeff,
            result,
        } => WalkLine {
            sentence: t.fill(
                "rw_stored",
                &[&slot, &row_bits(coeff, w), &result_bits(result, r)],
            ),
            marks: vec![slot],
        },
        BandStep::Xored {
            slot,
            coeff,
            result,
            stored_coeff,
            stored_result,
            coeff_after,
            result_after,
            shift,
        } => {
            let values: [&dyn std::fmt::Display; 7] = [
                &slot,
                &row_bits(coeff, w),
                &result_bits(result, r),
                &row_bits(stored_coeff, w),
                &result_bits(stored_result, r),
                &row_bits(coeff_after, w),
                &result_bits(result_after, r),
            ];
            let mut sentence = t.fill("rw_xored", &values);
            sentence.push(' ');
            sentence.push_str(&match shift {
                Some(shift) => t.fill("rw_shift", &[&shift, &(slot + u64::from(shift))]),
                None if result_after == 0 => t.get("rw_redundant"),
                None => t.get("rw_inconsistent"),
            });
            WalkLine {
                sentence,
                marks: vec![slot],
            }
        }
    }
}

fn solve_line(t: &Texts, step: &SolveStep, r: u32) -> WalkLine {
    if step.coeff == 0 {
        return WalkLine {
            sentence: t.fill("rw_solve_empty", &[&step.slot]),
            marks: vec![step.slot],
        };
    }
    let result = result_bits(step.result, r);
    let expression = if step.selected.is_empty() {
        result
    } else {
        let terms: Vec<String> = step
            .selected
            .iter()
            .map(|s| format!("S[{}]", s.slot))
            .collect();
        let values: Vec<String> = step
            .selected
            .iter()
            .map(|s| result_bits(s.value, r))
            .collect();
        format!(
            "{result} ⊕ {} = {result} ⊕ {} = {}",
            terms.join(" ⊕ "),
            values.join(" ⊕ "),
            result_bits(step.value, r)
        )
    };
    let mut marks = vec![step.slot];
    marks.extend(step.selected.iter().map(|s| s.slot));
    let filled: [&dyn std::fmt::Display; 2] = [&step.slot, &expression];
    WalkLine {
        sentence: t.fill("rw_solve", &filled),
        marks,
    }
}

/// The construction, step by step.
pub fn construction_walk(t: &Texts, walk: &BuildWalk, names: &Names) -> Walk {
    let shape = &walk.shape;
    let (w, r) = (shape.width(), shape.result_bits());
    let mut lines = Vec::new();
    for attempt in &walk.attempts {
        lines.push(WalkLine {
            sentence: t.fill(
                "rw_attempt",
                &[&attempt.seed, &format!("{:#x}", attempt.raw_seed)],
            ),
            marks: Vec::new(),
        });
        for key in &attempt.keys {
            let row = &key.row;
            lines.push(WalkLine {
                sentence: t.fill(
                    "rw_key",
                    &[
                        &named(names, row.key),
                        &row.start,
                        &row_bits(row.coeff, w),
                        &result_bits(row.fp, r),
                    ],
                ),
                marks: vec![row.start],
            });
            lines.extend(key.steps.iter().map(|s| step_line(t, s, shape)));
            if key.outcome == KeyOutcome::Inconsistent {
                lines.push(WalkLine {
                    sentence: t.fill("rw_failed", &[&attempt.seed, &(attempt.seed + 1)]),
                    marks: Vec::new(),
                });
            }
        }
    }
    if walk.filter.is_some() {
        lines.push(WalkLine {
            sentence: t.get("rw_solve_intro"),
            marks: Vec::new(),
        });
        lines.extend(walk.back_substitution.iter().map(|s| solve_line(t, s, r)));
        lines.push(WalkLine {
            sentence: t.get("rw_done"),
            marks: Vec::new(),
        });
    }
    Walk {
        title: t.fill("rw_title", &[&walk.keys.len()]),
        lines,
        step: 0,
        arithmetic: Vec::new(),
    }
}

/// The arithmetic of `item` in `filter`.
pub fn arithmetic(filter: &RibbonFilter, item: &str) -> Vec<ArithmeticRow> {
    let shape = filter.shape();
    let q = filter.query_key(key_of(item.as_bytes()));
    let row = q.row;
    let terms: Vec<String> = q.terms.iter().map(|s| format!("S[{}]", s.slot)).collect();
    vec![
        (
            "key",
            "murmur3_x64_128(item, 0) mod 2^64 (h1)".to_owned(),
            format!("{:#018x}", row.key),
        ),
        (
            "hash",
            format!(
                "(key ⊕ raw seed) · 0x6193d459236a3a0d, seed {}",
                filter.seed()
            ),
            format!("{:#018x}", row.hash),
        ),
        (
            "start",
            format!(
                "⌊hash · {} / 2^64⌋ (starts = slots − w + 1)",
                shape.num_starts()
            ),
            row.start.to_string(),
        ),
        (
            "coeff",
            format!(
                "(hash · 0xc28f82822b650bed) mod 2^{}, bit 0 set",
                shape.width()
            ),
            format!("{:#x}", row.coeff),
        ),
        (
            "fp",
            format!(
                "the result's {} bits of the byte-swapped product",
                shape.result_bits()
            ),
            row.fp.to_string(),
        ),
        ("⊕ S", terms.join(" ⊕ "), q.value.to_string()),
    ]
}

/// A query's walk.
pub fn query_walk(t: &Texts, filter: &RibbonFilter, item: &str, added: bool) -> Walk {
    let shape = filter.shape();
    let (w, r) = (shape.width(), shape.result_bits());
    let q = filter.query_key(key_of(item.as_bytes()));
    let row = q.row;
    let marks: Vec<u64> = q.terms.iter().map(|s: &SelectedRow| s.slot).collect();
    let terms: Vec<String> = q.terms.iter().map(|s| format!("S[{}]", s.slot)).collect();
    let values: Vec<String> = q.terms.iter().map(|s| result_bits(s.value, r)).collect();
    let first = t.fill(
        "rq_row",
        &[
            &item,
            &row.start,
            &row_bits(row.coeff, w),
            &result_bits(row.fp, r),
        ],
    );
    let filled: [&dyn std::fmt::Display; 4] = [
        &terms.join(" ⊕ "),
        &values.join(" ⊕ "),
        &result_bits(q.value, r),
        &result_bits(row.fp, r),
    ];
    let mut verdict = t.fill(if q.matches { "rq_yes" } else { "rq_no" }, &filled);
    if q.matches && !added {
        verdict.push(' ');
        verdict.push_str(&t.fill("xq_false_positive", &[&item, &r]));
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

/// The band and solution, the sizing, and the typed item's row.
pub fn drawing(
    t: &Texts,
    walk: &BuildWalk,
    names: &Names,
    filter: &RibbonFilter,
    overhead: u32,
    marks: &[u64],
    typed: Option<&str>,
) -> Html {
    let shape = filter.shape();
    let (w, r) = (shape.width(), shape.result_bits());
    let typed_query = typed.map(|item| (item, filter.query_key(key_of(item.as_bytes()))));
    let typed_slots: Vec<u64> = typed_query.as_ref().map_or(Vec::new(), |(_, q)| {
        q.terms.iter().map(|s| s.slot).collect()
    });
    // A small band is drawn as a staircase, each row under its own slot's column.
    let staircase = shape.num_slots() <= MAX_STAIRCASE_SLOTS;
    let indent = |slot: u64| {
        if staircase {
            " ".repeat(slot as usize)
        } else {
            String::new()
        }
    };
    // The band's rows as the back-substitution read them, slot by slot.
    let mut band = vec![(0u64, 0u16); filter.solution().len()];
    for step in &walk.back_substitution {
        if let Some(row) = band.get_mut(step.slot as usize) {
            *row = (step.coeff, step.result);
        }
    }
    let rows = filter.solution().iter().enumerate().map(|(i, &value)| {
        let slot = i as u64;
        let (coeff, result) = band[i];
        let (stored_row, stored_result) = if coeff == 0 {
            ("·".repeat(w as usize), "—".to_owned())
        } else {
            (row_bits(coeff, w), result_bits(result, r))
        };
        let classes = classes!(
            "rrow",
            marks.contains(&slot).then_some("at"),
            typed_slots.contains(&slot).then_some("typed"),
        );
        html! {
            <li class={classes} data-slot={slot.to_string()} data-value={value.to_string()}>
                <span class="rrow-index">{ slot }</span>
                <code class="rrow-coeff">{ indent(slot) }{ stored_row }</code>
                <code class="rrow-result">{ stored_result }</code>
                <code class="rrow-solution">{ result_bits(value, r) }</code>
            </li>
        }
    });
    let band_width = u64::from(w) + if staircase { shape.num_slots() } else { 0 };
    let failures = walk
        .attempts
        .iter()
        .filter_map(|a| a.failed_key.map(|key| (a.seed, key)));
    let n = filter.len();
    let wanted = ((100 + u64::from(overhead)) * n).div_ceil(100);
    html! { <>
        <p>{ t.fill("r_array", &[&shape.num_slots(), &r, &w, &shape.num_starts(), &filter.seed()]) }</p>
        <p>{ t.fill("r_sizing", &[&overhead, &n, &wanted, &w, &shape.num_slots()]) }</p>
        { for failures.map(|(seed, key)| html! {
            <p class="r-failed" data-seed={seed.to_string()}>{ t.fill("r_failed", &[&seed, &named(names, key)]) }</p>
        }) }
        if let Some((item, q)) = &typed_query {
            <p id="ribbon-item" data-start={q.row.start.to_string()} data-coeff={format!("{:x}", q.row.coeff)}
               data-fp={q.row.fp.to_string()}>
                { t.fill("rq_row", &[item, &q.row.start, &row_bits(q.row.coeff, w), &result_bits(q.row.fp, r)]) }
            </p>
        }
        <p class="hint">{ t.get("r_columns") }</p>
        <ol id="ribbon" class="ribbon-band" data-seed={filter.seed().to_string()} aria-label={t.get("r_band_label")}
            style={format!("--band-width: {band_width}ch")}>
            { for rows }
        </ol>
    </> }
}
