//! The same-memory panel: the page's items in a Bloom filter, a counting filter, the cuckoo
//! filter and the quotient filter of one bit budget, with each one's rate (formula and
//! measured), whether it can delete and what a delete costs.

use yew::prelude::*;

use crate::decimal::fixed;
use crate::filter::same_memory::{compare, DeleteCost, Deletes, FilterKind, SameMemoryRow, Sizing};

use super::texts::Texts;

/// Probes never added, the same for the four filters.
const PROBES: usize = 10_000;

fn name(t: &Texts, kind: FilterKind) -> String {
    t.get(match kind {
        FilterKind::Bloom => "sm_bloom",
        FilterKind::Counting => "sm_counting",
        FilterKind::Cuckoo => "cuckoo",
        FilterKind::Quotient => "quotient",
    })
}

fn size(sizing: Sizing) -> String {
    match sizing {
        Sizing::Bloom { m, k } | Sizing::Counting { m, k } => format!("m = {m}, k = {k}"),
        Sizing::Cuckoo {
            buckets,
            fingerprint_bits,
        } => format!("nb = {buckets}, f = {fingerprint_bits}"),
        Sizing::Quotient { q, r } => format!("q = {q}, r = {r}"),
    }
}

fn cost(t: &Texts, cost: DeleteCost) -> String {
    match cost {
        DeleteCost::Impossible => t.get("sm_cost_impossible"),
        DeleteCost::Decrements { counters } => t.fill("sm_cost_decrements", &[&counters]),
        DeleteCost::TwoBuckets { compared } => t.fill("sm_cost_buckets", &[&compared]),
        DeleteCost::ClusterShift {
            mean_cluster_length,
        } => t.fill("sm_cost_cluster", &[&fixed(mean_cluster_length, 2)]),
    }
}

fn row(t: &Texts, row: &SameMemoryRow) -> Html {
    let deletes = t.get(match row.deletes {
        Deletes::No => "sm_no",
        Deletes::Counting => "sm_counting_yes",
        Deletes::Yes => "sm_yes",
    });
    let measured = row.fpr_measured.rate();
    let (low, high) = row.fpr_measured.interval();
    html! {
        <tr data-filter={row.kind.key()} data-bits={row.bits.to_string()}
            data-fpr-formula={row.fpr_formula.to_string()} data-fpr-measured={measured.to_string()}
            data-fpr-lo={low.to_string()} data-fpr-hi={high.to_string()}
            data-deletes={row.deletes.key()}>
            <th scope="row">{ name(t, row.kind) }</th>
            <td>{ size(row.sizing) }</td>
            <td>{ row.bits }</td>
            <td>{ fixed(row.fpr_formula, 5) }</td>
            <td>{ format!("{} ({} / {}; {} – {})", fixed(measured, 5), row.fpr_measured.false_positives,
                          row.fpr_measured.probes, fixed(low, 5), fixed(high, 5)) }</td>
            <td>{ deletes }</td>
            <td>{ cost(t, row.delete_cost) }</td>
        </tr>
    }
}

/// Whether `row`'s formula lies outside the 95 % interval of its measured rate.
fn formula_outside(row: &SameMemoryRow) -> bool {
    let (low, high) = row.fpr_measured.interval();
    row.fpr_formula < low || row.fpr_formula > high
}

/// A sentence under the table for the rows whose formula lies outside their measured
/// interval: for the Bloom and counting filters, what their formula assumes and how the
/// page's positions differ from it; for the others, only that it does.
fn outside_note(t: &Texts, rows: &[SameMemoryRow]) -> Html {
    let outside: Vec<&SameMemoryRow> = rows.iter().filter(|r| formula_outside(r)).collect();
    if outside.is_empty() {
        return html! {};
    }
    let names: Vec<String> = outside.iter().map(|r| name(t, r.kind)).collect();
    let double_hashing = outside
        .iter()
        .any(|r| matches!(r.kind, FilterKind::Bloom | FilterKind::Counting));
    html! {
        <p id="same-memory-outside">
            { t.fill("sm_outside", &[&names.join(", ")]) }
            if double_hashing {
                { " " }{ t.get("sm_outside_double_hashing") }
            }
        </p>
    }
}

/// The panel, for `items` in `budget` bits each.
pub fn panel(t: &Texts, items: &[String], budget: u64, seed: u64) -> Html {
    let probes: Vec<String> = (0..PROBES).map(|i| format!("probe {i}")).collect();
    let rows = compare(items, &probes, budget, seed);
    html! {
        <section class="panel" id="same-memory" aria-labelledby="same-memory-title">
            <h2 id="same-memory-title">{ t.fill("same_memory", &[&budget]) }</h2>
            <p>{ t.fill("same_memory_lead", &[&PROBES]) }</p>
            if let Ok(rows) = rows {
                <div class="table-scroll" tabindex="0" role="region" aria-labelledby="same-memory-title">
                <table>
                    <thead><tr>
                        <th scope="col">{ t.get("sm_filter") }</th><th scope="col">{ t.get("sm_size") }</th>
                        <th scope="col">{ t.get("sm_bits") }</th><th scope="col">{ t.get("sm_formula") }</th>
                        <th scope="col">{ t.get("sm_measured") }</th><th scope="col">{ t.get("sm_deletes") }</th>
                        <th scope="col">{ t.get("sm_cost") }</th>
                    </tr></thead>
                    <tbody>{ for rows.iter().map(|r| row(t, r)) }</tbody>
                </table>
                </div>
                { outside_note(t, &rows) }
            } else {
                <p>{ t.get("sm_needs_items") }</p>
            }
        </section>
    }
}
