//! The quotient filter's clusters as the load grows: one filter of 2^12 slots filled step by
//! step with the lab's items, its mean cluster length at each load against the theory
//! ([`cluster_experiment`], [`crate::filter::quotient::mean_cluster_length`]). Shown beside
//! the quotient filter: the reason such filters are kept below about 90 % load.

use yew::prelude::*;

use super::texts::Texts;
use crate::decimal::fixed;
use crate::filter::quotient::{cluster_experiment, ClusterPoint, QuotientShape};

/// The run's table: 2^q slots (large enough for hundreds of clusters at every load, small
/// enough to fill in a few milliseconds).
const RUN_Q: u32 = 12;
/// The remainder bits (they do not change where clusters form).
const RUN_R: u32 = 8;
/// The loads measured.
const LOADS: [f64; 10] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95];

/// The points of the run for the lab's `seed`.
pub fn points(seed: u64) -> Vec<ClusterPoint> {
    match QuotientShape::new(RUN_Q, RUN_R) {
        Ok(shape) => cluster_experiment(shape, &LOADS, seed),
        Err(_) => Vec::new(),
    }
}

/// The table of `points`: each load's clusters, mean length with its 95 % interval, and
/// the theory.
pub fn panel(t: &Texts, seed: u64, points: &[ClusterPoint]) -> Html {
    let slots = 1u64 << RUN_Q;
    let rows = points.iter().map(|p| {
        let half = 1.96 * p.std_error;
        let interval = format!(
            "{} ({} – {})",
            fixed(p.mean_length, 2),
            fixed(p.mean_length - half, 2),
            fixed(p.mean_length + half, 2)
        );
        html! {
            <tr data-load={p.load.to_string()} data-mean={p.mean_length.to_string()}
                data-low={(p.mean_length - half).to_string()} data-high={(p.mean_length + half).to_string()}
                data-theory={p.theory.to_string()}>
                <td>{ fixed(p.load, 2) }</td>
                <td>{ p.clusters }</td>
                <td>{ interval }</td>
                <td>{ fixed(p.theory, 2) }</td>
            </tr>
        }
    });
    html! {
        <section class="panel" id="cluster-run" aria-labelledby="cluster-run-title">
            <h3 id="cluster-run-title">{ t.get("cluster_run_title") }</h3>
            <p>{ t.fill("cluster_run_lead", &[&slots, &RUN_Q, &seed]) }</p>
            <table>
                <thead><tr>
                    <th scope="col">{ t.get("col_load") }</th>
                    <th scope="col">{ t.get("col_clusters") }</th>
                    <th scope="col">{ t.get("col_mean") }</th>
                    <th scope="col">{ t.get("col_theory") }</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            <p>{ t.get("cluster_run_why") }</p>
        </section>
    }
}
