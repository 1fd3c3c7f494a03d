//! The quotient filter drawn: its slots with the remainder and the three bits, clusters
//! framed and each run's canonical slot marked, the typed item's quotient and remainder, the
//! figures; and each operation's walk, one sentence per slot read.

use std::cmp::Ordering;

use yew::prelude::*;

use crate::decimal::fixed;
use crate::filter::experiment::ItemSource;
use crate::filter::quotient::{
    fpr, fpr_approx, mean_cluster_length, QuotientFilter, QuotientPositions, QuotientShape,
    StepKind, WalkStep,
};

use super::cuckoo::PROBES;
use super::texts::Texts;
use super::walk::{ArithmeticRow, Walk, WalkLine};

/// The item's arithmetic: fingerprint, quotient and remainder with their numbers.
pub fn arithmetic(shape: QuotientShape, p: &QuotientPositions) -> Vec<ArithmeticRow> {
    let (q, r) = (shape.q(), shape.r());
    vec![
        (
            "h1",
            "murmur3_x64_128(item, 0), low 64 bits".into(),
            format!("{:#018x}", p.h1),
        ),
        (
            "fingerprint",
            format!("h1 >> (64 − q − r) = {:#x} >> {}", p.h1, 64 - q - r),
            p.fingerprint.to_string(),
        ),
        (
            "quotient",
            format!("fingerprint >> r = {} >> {r}", p.fingerprint),
            p.quotient.to_string(),
        ),
        (
            "remainder",
            format!("fingerprint mod 2^r = {} mod {}", p.fingerprint, 1u64 << r),
            p.remainder.to_string(),
        ),
    ]
}

fn bit(b: bool) -> u8 {
    u8::from(b)
}

/// One step's sentence, with the bits read there.
fn step_line(t: &Texts, step: &WalkStep, p: &QuotientPositions) -> WalkLine {
    let slot = step.slot;
    let stored = step
        .remainder
        .map_or_else(|| "–".to_owned(), |r| r.to_string());
    let sentence = match step.kind {
        StepKind::Canonical { occupied: true } => t.fill("q_canonical_yes", &[&slot]),
        StepKind::Canonical { occupied: false } => t.fill("q_canonical_no", &[&slot]),
        StepKind::CanonicalEmpty => t.fill("q_canonical_empty", &[&slot]),
        StepKind::MarkOccupied => t.fill("q_mark_occupied", &[&slot]),
        StepKind::ShiftedStepBack => t.fill("q_step_back", &[&slot]),
        StepKind::ClusterStart => t.fill("q_cluster_start", &[&slot]),
        StepKind::InRun { quotient } => t.fill("q_in_run", &[&slot, &quotient]),
        StepKind::RunStart { quotient } => t.fill("q_run_start", &[&slot, &quotient]),
        StepKind::NewRunHere => t.fill("q_new_run", &[&slot, &p.quotient]),
        StepKind::Compare { ordering } => {
            let name = match ordering {
                Ordering::Less => "q_less",
                Ordering::Equal => "q_equal",
                Ordering::Greater => "q_greater",
            };
            t.fill(name, &[&slot, &stored, &p.remainder])
        }
        StepKind::RunEnd => t.fill("q_run_end", &[&slot]),
        StepKind::Store => t.fill("q_store", &[&slot, &stored]),
        StepKind::ShiftedRight => t.fill("q_shifted_right", &[&slot, &stored]),
        StepKind::Remove => t.fill("q_remove", &[&slot, &p.remainder]),
        StepKind::ClearOccupied => t.fill("q_clear_occupied", &[&slot]),
        StepKind::ShiftedLeft => t.fill("q_shifted_left", &[&slot, &stored]),
        StepKind::Cleared => t.fill("q_cleared", &[&slot]),
    };
    let b = step.bits;
    let bits = t.fill(
        "q_bits",
        &[&bit(b.occupied), &bit(b.continuation), &bit(b.shifted)],
    );
    WalkLine {
        sentence: format!("{sentence} ({bits})"),
        marks: vec![slot],
    }
}

fn hash_line(t: &Texts, p: &QuotientPositions) -> WalkLine {
    let h1 = format!("{:#018x}", p.h1);
    WalkLine {
        sentence: t.fill("q_hash", &[&h1, &p.fingerprint, &p.quotient, &p.remainder]),
        marks: vec![p.quotient],
    }
}

/// A walk of `title` over `steps`, ending with `last` when given.
pub fn walk(
    t: &Texts,
    title: String,
    shape: QuotientShape,
    p: &QuotientPositions,
    steps: &[WalkStep],
    last: Option<String>,
) -> Walk {
    let mut lines = vec![hash_line(t, p)];
    lines.extend(steps.iter().map(|s| step_line(t, s, p)));
    if let Some(sentence) = last {
        lines.push(WalkLine {
            sentence,
            marks: vec![p.quotient],
        });
    }
    Walk {
        title,
        lines,
        step: 0,
        arithmetic: arithmetic(shape, p),
    }
}

/// The slots, clusters framed, each run's canonical slot marked, and the typed item.
pub fn drawing(t: &Texts, filter: &QuotientFilter, marks: &[u64], typed: Option<&str>) -> Html {
    let shape = filter.shape();
    let clusters = filter.clusters();
    let runs: usize = clusters.iter().map(|c| c.runs.len()).sum();
    let mut cluster_of = vec![None; shape.slots() as usize];
    let mut canonical = vec![false; shape.slots() as usize];
    for (n, cluster) in clusters.iter().enumerate() {
        for i in 0..cluster.len {
            cluster_of[((cluster.start + i) % shape.slots()) as usize] = Some(n);
        }
        for run in &cluster.runs {
            canonical[run.quotient as usize] = true;
        }
    }
    let typed_positions = typed.map(|item| shape.positions(item.as_bytes()));
    let slot = |i: u64| {
        let b = filter.bits(i);
        let remainder = filter.remainder(i);
        let cluster = cluster_of[i as usize];
        let first = cluster.is_some() && (i == 0 || cluster_of[i as usize - 1] != cluster);
        let last =
            cluster.is_some() && cluster_of.get(i as usize + 1).copied().flatten() != cluster;
        let typed_here = typed_positions.is_some_and(|p| p.quotient == i);
        html! {
            <li class={classes!("qslot", cluster.map(|_| "in-cluster"), first.then_some("cluster-first"),
                                last.then_some("cluster-last"), marks.contains(&i).then_some("at"),
                                typed_here.then_some("typed"))}
                data-slot={i.to_string()}
                data-remainder={remainder.map(|r| r.to_string()).unwrap_or_default()}
                data-occupied={bit(b.occupied).to_string()} data-continuation={bit(b.continuation).to_string()}
                data-shifted={bit(b.shifted).to_string()}
                data-canonical={canonical[i as usize].then_some("true")}>
                <span class="qslot-index">{ i }{ if canonical[i as usize] { " ◆" } else { "" } }</span>
                <span class="qslot-remainder">{ remainder.map_or_else(|| "·".to_owned(), |r| r.to_string()) }</span>
                <span class="qslot-bits">
                    { format!("o{} c{} s{}", bit(b.occupied), bit(b.continuation), bit(b.shifted)) }
                </span>
            </li>
        }
    };
    let item = typed.zip(typed_positions).map(|(item, p)| html! {
        <p id="quotient-item" data-quotient={p.quotient.to_string()} data-remainder={p.remainder.to_string()}>
            { t.fill("typed", &[&item]) }{ format!(": quotient = {}, remainder = {}", p.quotient, p.remainder) }
        </p>
    });
    html! {
        <div class="quotient-drawing">
            { for item }
            <p class="hint">{ t.get("legend_quotient") }</p>
            <ol id="quotient" class="quotient" aria-label={t.get("quotient")}
                data-full={filter.is_full().then_some("true")}>
                { for (0..shape.slots()).map(slot) }
            </ol>
            <p id="quotient-clusters" data-clusters={clusters.len().to_string()} data-runs={runs.to_string()}>
                { t.fill("clusters", &[&clusters.len(), &runs]) }
            </p>
        </div>
    }
}

/// The figures: load, bits per item, the rate's formula and the measured rate, and the mean
/// cluster length at this load.
pub fn figures(t: &Texts, filter: &QuotientFilter, seed: u64) -> Html {
    let r = filter.shape().r();
    let (n, slots, load) = (filter.len(), filter.shape().slots(), filter.load());
    let measured = filter.measure_false_positives(ItemSource::new(seed), PROBES);
    let bits = filter.bits_per_item().map_or_else(
        || t.get("bits_per_item_none"),
        |b| t.fill("bits_per_item", &[&fixed(b, 2)]),
    );
    let clusters = filter.clusters();
    let mean = (!clusters.is_empty()).then(|| n as f64 / clusters.len() as f64);
    html! {
        <ul class="filters-figures" id="quotient-figures">
            <li data-load={load.to_string()}>{ t.fill("load", &[&n, &slots, &fixed(load, 3)]) }</li>
            <li>{ bits }</li>
            <li data-fpr-formula={fpr(load, r).to_string()}>
                { t.fill("quotient_fpr", &[&r, &fixed(fpr(load, r), 5), &fixed(fpr_approx(load, r), 5)]) }
            </li>
            <li data-fpr-measured={measured.rate().to_string()}>
                { t.fill("measured", &[&PROBES, &measured.false_positives, &fixed(measured.rate(), 5)]) }
            </li>
            if let Some(mean) = mean.filter(|_| load < 1.0) {
                <li data-cluster-mean={mean.to_string()}>
                    { t.fill("cluster_mean", &[&fixed(mean, 2), &fixed(mean_cluster_length(load), 2)]) }
                </li>
            }
        </ul>
    }
}
