//! A quotient filter's clusters and runs, and how long its clusters grow with the load.

use super::super::experiment::{ItemKind, ItemSource, ITEM_LEN};
use super::{QuotientFilter, QuotientShape};

/// One run: the remainders of one quotient, in consecutive slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// The run's quotient: its canonical slot.
    pub quotient: u64,
    /// Its first slot.
    pub start: u64,
    /// Its number of slots.
    pub len: u64,
}

/// One cluster: used slots from a remainder in its canonical slot up to the next empty slot
/// or the next remainder in its canonical slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    /// Its first slot (a run's canonical slot).
    pub start: u64,
    /// Its number of slots.
    pub len: u64,
    /// Its runs, in slot order.
    pub runs: Vec<Run>,
}

impl QuotientFilter {
    /// The clusters in order of their first slot, each with its runs, read from the three
    /// bits alone: a cluster starts at a used slot with `is_shifted` = 0; a slot with
    /// `is_continuation` = 0 starts the run of the next slot with `is_occupied` = 1.
    pub fn clusters(&self) -> Vec<Cluster> {
        let mut clusters = Vec::new();
        for start in 0..self.shape.slots() {
            let bits = self.bits(start);
            if bits.is_empty() || bits.shifted {
                continue;
            }
            let mut runs = vec![Run {
                quotient: start,
                start,
                len: 1,
            }];
            let mut slot = self.next(start);
            while slot != start && self.bits(slot).shifted {
                let last = runs.len() - 1;
                if self.bits(slot).continuation {
                    runs[last].len += 1;
                } else {
                    runs.push(Run {
                        quotient: self.next_occupied(runs[last].quotient),
                        start: slot,
                        len: 1,
                    });
                }
                slot = self.next(slot);
            }
            let len = runs.iter().map(|run| run.len).sum();
            clusters.push(Cluster { start, len, runs });
        }
        clusters
    }
}

/// The mean length of a cluster at load α (0 < α < 1), in slots:
/// `E[L] = 1 + (α / (1 − e^(−α)) − 1) / (1 − α)`.
///
/// With n = α·2^q fingerprints of uniform quotients, each slot is the canonical slot of a
/// Poisson(α) number of them. A cluster starts at a slot into which no remainder is carried
/// and that is the canonical slot of j ≥ 1 fingerprints, `E[j | j ≥ 1] = α / (1 − e^(−α))`.
/// Each slot stores one remainder, so the number still waiting changes by A − 1 per slot
/// (A ~ Poisson(α) new ones), a random walk with drift −(1 − α) that reaches 0 from j − 1
/// after `(j − 1) / (1 − α)` slots on average (Wald's identity); the cluster ends there.
/// This is the clustering of linear probing with one slot per fingerprint (Knuth, *The Art
/// of Computer Programming*, vol. 3, §6.4, whose search costs `(1 + 1/(1 − α)^2) / 2` come
/// from the same random walk); it is why quotient filters are run below about 90 % load:
/// E\[L\] is 1.54 at α = 0.5, 6.2 at 0.9 and 12 at 0.95.
pub fn mean_cluster_length(load: f64) -> f64 {
    let first = load / -(-load).exp_m1();
    1.0 + (first - 1.0) / (1.0 - load)
}

/// The clusters of one filter at one load.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClusterPoint {
    /// Fingerprints stored, n.
    pub items: u64,
    /// The load α = n / 2^q.
    pub load: f64,
    /// Clusters counted.
    pub clusters: u64,
    /// Their mean length in slots, n / clusters.
    pub mean_length: f64,
    /// The mean's standard error, the lengths' sample standard deviation / √clusters.
    pub std_error: f64,
    /// [`mean_cluster_length`] at this load.
    pub theory: f64,
}

/// Fills one filter of `shape` with the lab's generated members of `seed` and measures its
/// clusters at each load of `loads` (those in (0, 1), in the order given; the filter only
/// grows, so a load below an earlier one is measured at the earlier one's count).
pub fn cluster_experiment(shape: QuotientShape, loads: &[f64], seed: u64) -> Vec<ClusterPoint> {
    let source = ItemSource::new(seed);
    let mut filter = QuotientFilter::new(shape);
    let mut buf = [0u8; ITEM_LEN];
    let mut inserted = 0;
    let mut points = Vec::new();
    for &load in loads.iter().filter(|&&load| load > 0.0 && load < 1.0) {
        let target = (load * shape.slots() as f64).ceil() as u64;
        while filter.len() < target {
            let item = source.write(ItemKind::Member, inserted, &mut buf);
            inserted += 1;
            if filter.insert(item).is_err() {
                break;
            }
        }
        let lengths: Vec<f64> = filter.clusters().iter().map(|c| c.len as f64).collect();
        let count = lengths.len().max(1) as f64;
        let mean = lengths.iter().sum::<f64>() / count;
        let variance =
            lengths.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (count - 1.0).max(1.0);
        points.push(ClusterPoint {
            items: filter.len(),
            load: filter.load(),
            clusters: lengths.len() as u64,
            mean_length: mean,
            std_error: (variance / count).sqrt(),
            theory: mean_cluster_length(filter.load()),
        });
    }
    points
}
