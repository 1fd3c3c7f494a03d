//! The cuckoo filter drawn: its buckets and slots, the stash, the typed item's buckets and
//! fingerprint, the last insert's moves, the figures; and each operation's walk.

use yew::prelude::*;

use crate::decimal::fixed;
use crate::filter::cuckoo::{
    fpr_approx, fpr_at_load, fpr_bound, CuckooFilter, CuckooPositions, CuckooShape, DeleteHazard,
    DeleteReport, Found, InsertReport, Kick, Placement, ALT_INDEX_MULTIPLIER,
};
use crate::filter::experiment::{ItemSource, MeasuredRate};

use super::texts::Texts;
use super::walk::{ArithmeticRow, Walk, WalkLine};

/// Probes never added, measured for the figures.
pub const PROBES: u64 = 10_000;

/// The item's arithmetic: i1, fp and i2 with their numbers.
pub fn arithmetic(shape: CuckooShape, p: &CuckooPositions) -> Vec<ArithmeticRow> {
    let (nb, f) = (shape.buckets(), shape.fingerprint_bits());
    let raw = p.h2 >> (64 - f);
    let spread = u64::from(p.fingerprint).wrapping_mul(ALT_INDEX_MULTIPLIER);
    let fp_result = if raw == 0 {
        "0 → 1".to_owned()
    } else {
        p.fingerprint.to_string()
    };
    vec![
        (
            "h1, h2",
            "murmur3_x64_128(item, 0)".into(),
            format!("{:#018x}, {:#018x}", p.h1, p.h2),
        ),
        (
            "i1",
            format!("h1 mod nb = {} mod {nb}", p.h1),
            p.i1.to_string(),
        ),
        (
            "fp",
            format!("h2 >> (64 − {f}) = {:#x} >> {}", p.h2, 64 - f),
            fp_result,
        ),
        (
            "i2",
            format!(
                "(i1 XOR (fp · 0x5bd1e995 mod 2^64)) mod nb = ({} XOR {spread}) mod {nb}",
                p.i1
            ),
            p.i2.to_string(),
        ),
        (
            "i1",
            format!(
                "(i2 XOR (fp · 0x5bd1e995)) mod nb = ({} XOR {spread}) mod {nb}",
                p.i2
            ),
            ((p.i2 ^ spread) % nb).to_string(),
        ),
    ]
}

fn line(sentence: String, marks: Vec<u64>) -> WalkLine {
    WalkLine { sentence, marks }
}

fn hash_line(t: &Texts, p: &CuckooPositions) -> WalkLine {
    let (h1, h2) = (format!("{:#018x}", p.h1), format!("{:#018x}", p.h2));
    let sentence = t.fill("c_hash", &[&h1, &h2, &p.fingerprint, &p.i1, &p.i2]);
    line(sentence, vec![p.i1, p.i2])
}

/// The walk of an insert that was made.
pub fn insert_walk(t: &Texts, item: &str, shape: CuckooShape, report: &InsertReport) -> Walk {
    let p = shape.positions(item.as_bytes());
    let fp = report.fingerprint;
    let mut lines = vec![hash_line(t, &p)];
    let placed = match report.placement {
        Placement::Slot { bucket, slot } if report.kicks.is_empty() => Some((bucket, slot)),
        _ => None,
    };
    match placed {
        Some((bucket, slot)) if bucket == report.first => {
            lines.push(line(
                t.fill("c_first_free", &[&bucket, &fp, &slot]),
                vec![bucket],
            ));
        }
        Some((bucket, slot)) => {
            lines.push(line(
                t.fill("c_first_full", &[&report.first]),
                vec![report.first],
            ));
            lines.push(line(
                t.fill("c_second_free", &[&bucket, &fp, &slot]),
                vec![bucket],
            ));
        }
        None => {
            lines.push(line(
                t.fill("c_first_full", &[&report.first]),
                vec![report.first],
            ));
            let second = report.second;
            lines.push(line(t.fill("c_second_full", &[&second]), vec![second]));
            for (n, kick) in report.kicks.iter().enumerate() {
                lines.push(kick_line(t, n + 1, kick));
            }
            let moves = report.kicks.len();
            lines.push(match report.placement {
                Placement::Slot { bucket, slot } => {
                    let carried = report.kicks.last().map_or(fp, |k| k.fingerprint);
                    line(
                        t.fill("c_kick_placed", &[&carried, &bucket, &slot, &moves]),
                        vec![bucket],
                    )
                }
                Placement::Stash {
                    bucket,
                    fingerprint,
                } => line(t.fill("c_stash", &[&moves, &fingerprint]), vec![bucket]),
            });
        }
    }
    Walk {
        title: t.fill("walk_insert", &[&item]),
        lines,
        step: 0,
        arithmetic: arithmetic(shape, &p),
    }
}

fn kick_line(t: &Texts, n: usize, kick: &Kick) -> WalkLine {
    let sentence = t.fill(
        "c_kick",
        &[
            &n,
            &kick.fingerprint,
            &kick.slot,
            &kick.from,
            &kick.replaced_by,
            &kick.to,
        ],
    );
    line(sentence, vec![kick.from, kick.to])
}

/// The walk of a query.
pub fn query_walk(t: &Texts, item: &str, filter: &CuckooFilter) -> Walk {
    let shape = filter.shape();
    let p = shape.positions(item.as_bytes());
    let fp = p.fingerprint;
    let answer = match filter.query(item.as_bytes()) {
        Some(Found::FirstBucket { slot }) => {
            line(t.fill("c_found_first", &[&fp, &p.i1, &slot]), vec![p.i1])
        }
        Some(Found::SecondBucket { slot }) => line(
            t.fill("c_found_second", &[&fp, &p.i1, &p.i2, &slot]),
            vec![p.i2],
        ),
        Some(Found::Stash) => line(t.fill("c_found_stash", &[&fp]), vec![]),
        None => line(
            t.fill("c_not_found", &[&fp, &p.i1, &p.i2]),
            vec![p.i1, p.i2],
        ),
    };
    Walk {
        title: t.fill("walk_query", &[&item]),
        lines: vec![hash_line(t, &p), answer],
        step: 0,
        arithmetic: arithmetic(shape, &p),
    }
}

/// The walk of a delete that was made (`report`), or refused (`None`), with the hazard
/// sentence when the item was never added.
pub fn delete_walk(
    t: &Texts,
    item: &str,
    shape: CuckooShape,
    report: Option<&DeleteReport>,
    hazard: Option<String>,
) -> Walk {
    let p = shape.positions(item.as_bytes());
    let fp = p.fingerprint;
    let mut lines = vec![hash_line(t, &p)];
    match report.map(|r| (r.removed, r.stash_reinsert.is_some())) {
        Some((Found::FirstBucket { slot }, back)) => {
            lines.push(line(
                t.fill("c_removed_first", &[&fp, &p.i1, &slot]),
                vec![p.i1],
            ));
            if back {
                lines.push(line(t.get("c_stash_back"), vec![]));
            }
        }
        Some((Found::SecondBucket { slot }, back)) => {
            lines.push(line(
                t.fill("c_removed_second", &[&fp, &p.i2, &slot]),
                vec![p.i2],
            ));
            if back {
                lines.push(line(t.get("c_stash_back"), vec![]));
            }
        }
        Some((Found::Stash, _)) => lines.push(line(t.fill("c_removed_stash", &[&fp]), vec![])),
        None => lines.push(line(t.fill("c_delete_absent", &[&fp]), vec![p.i1, p.i2])),
    }
    if let Some(hazard) = hazard {
        lines.push(line(hazard, vec![p.i1, p.i2]));
    }
    Walk {
        title: t.fill("walk_delete", &[&item]),
        lines,
        step: 0,
        arithmetic: arithmetic(shape, &p),
    }
}

/// The hazard's sentence: the item never added and the members whose copy it removes.
pub fn hazard_sentence(t: &Texts, item: &str, hazard: &DeleteHazard, members: &[String]) -> String {
    let names: Vec<String> = hazard
        .victims
        .iter()
        .filter_map(|&i| members.get(i))
        .map(|m| format!("“{m}”"))
        .collect();
    if names.is_empty() {
        t.fill(
            "hazard_unknown",
            &[&item, &hazard.fingerprint, &hazard.bucket],
        )
    } else {
        t.fill(
            "hazard",
            &[
                &item,
                &hazard.fingerprint,
                &hazard.bucket,
                &names.join(", "),
            ],
        )
    }
}

/// The table of buckets, the stash, the typed item (with what deleting it would take when
/// it was never added) and the last insert's moves.
pub fn drawing(
    t: &Texts,
    filter: &CuckooFilter,
    marks: &[u64],
    typed: Option<&str>,
    members: &[String],
    kicks: &[Kick],
) -> Html {
    let shape = filter.shape();
    let stash = filter.stash();
    let typed_positions = typed.map(|item| shape.positions(item.as_bytes()));
    // The slots the last insert's moves wrote, drawn bold so the chain reads in the table.
    let moved = |b: u64, j: u64| kicks.iter().any(|k| k.from == b && k.slot == j);
    let bucket = |b: u64| {
        let slots = filter.bucket(b);
        let typed_here = typed_positions.is_some_and(|p| p.i1 == b || p.i2 == b);
        html! {
            <li class={classes!("bucket", marks.contains(&b).then_some("at"), typed_here.then_some("typed"))}
                data-bucket={b.to_string()}>
                <span class="bucket-name">{ b }</span>
                { for slots.iter().enumerate().map(|(j, slot)| html! {
                    <span class={classes!("slot", slot.is_none().then_some("free"),
                                          moved(b, j as u64).then_some("moved"))} data-slot={j.to_string()}
                          data-fingerprint={slot.map(|f| f.to_string()).unwrap_or_default()}>
                        { slot.map_or_else(|| "·".to_owned(), |f| f.to_string()) }
                    </span>
                }) }
            </li>
        }
    };
    let item = typed.zip(typed_positions).map(|(item, p)| html! {
        <p id="cuckoo-item" data-i1={p.i1.to_string()} data-i2={p.i2.to_string()}
           data-fp={p.fingerprint.to_string()}>
            { t.fill("typed", &[&item]) }{ format!(": i1 = {}, i2 = {}, fp = {}", p.i1, p.i2, p.fingerprint) }
        </p>
    });
    let hazard = typed.and_then(|item| {
        let hazard = filter.delete_hazard(item.as_bytes(), members)?;
        let sentence = hazard_sentence(t, item, &hazard, members);
        Some(html! {
            <p id="cuckoo-hazard" class="cuckoo-hazard" data-bucket={hazard.bucket.to_string()}
               data-fingerprint={hazard.fingerprint.to_string()}>
                { t.get("hazard_ahead") }{ " " }{ sentence }
            </p>
        })
    });
    html! {
        <div class="cuckoo-drawing">
            { for item }
            { for hazard }
            <ol id="cuckoo" class="cuckoo" aria-label={t.get("cuckoo")}
                data-full={filter.is_full().then_some("true")}>
                { for (0..shape.buckets()).map(bucket) }
            </ol>
            <p id="cuckoo-stash" class="cuckoo-stash"
               data-fingerprint={stash.map(|s| s.fingerprint.to_string()).unwrap_or_default()}>
                { t.get("stash") }{ ": " }
                { stash.map_or_else(|| t.get("stash_empty"), |s| s.fingerprint.to_string()) }
            </p>
            <h3>{ t.get("kicks") }</h3>
            if kicks.is_empty() {
                <p>{ t.get("no_kicks") }</p>
            }
            <ol id="cuckoo-kicks" class="cuckoo-kicks">
                { for kicks.iter().map(|k| html! {
                    <li data-from={k.from.to_string()} data-to={k.to.to_string()}
                        data-fingerprint={k.fingerprint.to_string()}>
                        { t.fill("kick", &[&k.from, &k.to, &k.fingerprint]) }
                    </li>
                }) }
            </ol>
        </div>
    }
}

/// The figures: load, bits per item, the bound and the measured rate.
pub fn figures(t: &Texts, filter: &CuckooFilter, seed: u64) -> Html {
    let f = filter.shape().fingerprint_bits();
    let (n, slots) = (filter.len(), filter.shape().slots());
    let measured: MeasuredRate = filter.measure_false_positives(ItemSource::new(seed), PROBES);
    let bits = filter.bits_per_item().map_or_else(
        || t.get("bits_per_item_none"),
        |b| t.fill("bits_per_item", &[&fixed(b, 2)]),
    );
    html! {
        <ul class="filters-figures" id="cuckoo-figures">
            <li data-load={filter.load().to_string()}>{ t.fill("load", &[&n, &slots, &fixed(filter.load(), 3)]) }</li>
            <li>{ bits }</li>
            <li data-fpr-bound={fpr_bound(f).to_string()}>
                { t.fill("cuckoo_bound", &[&f, &fixed(fpr_bound(f), 5), &fixed(fpr_approx(f), 5)]) }
            </li>
            <li>{ t.fill("cuckoo_expected", &[&f, &fixed(fpr_at_load(f, filter.load()), 5)]) }</li>
            <li data-fpr-measured={measured.rate().to_string()}>
                { t.fill("measured", &[&PROBES, &measured.false_positives, &fixed(measured.rate(), 5)]) }
            </li>
        </ul>
    }
}
