//! What every job of the space table shares: its items (n members and n probes, written on
//! demand from the job's seed), their keys, and the timed build-then-probe of one filter.

use super::sizing::Sizing;
use super::SpaceJob;
use crate::filter::experiment::{ItemKind, ItemSource, MeasuredRate, ITEM_LEN};
use crate::filter::peeling::key_of;

/// Why a job has no row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpaceError {
    /// The sizing rule asked for a shape the filter does not take.
    Shape,
    /// A dynamic filter refused an item before all n were in (its table was full).
    Full,
    /// A static filter found no construction within its tries.
    NoConstruction,
}

/// The items of a job: n members to add and n probes never added, written on demand.
pub(crate) struct JobItems {
    source: ItemSource,
    n: u64,
}

impl JobItems {
    pub(crate) fn new(job: &SpaceJob) -> Self {
        JobItems {
            source: ItemSource::new(job.seed),
            n: job.n,
        }
    }

    /// n, the members added and the probes made.
    pub(crate) fn len(&self) -> u64 {
        self.n
    }

    /// Calls `each` with every member's bytes, in order.
    pub(crate) fn members(&self, mut each: impl FnMut(&[u8])) {
        let mut buf = [0u8; ITEM_LEN];
        for i in 0..self.n {
            each(self.source.write(ItemKind::Member, i, &mut buf));
        }
    }

    /// Adds every member with `insert`, which says whether the filter took it: a dynamic
    /// filter's table is full ([`SpaceError::Full`]) at its first refusal.
    pub(crate) fn insert_all(
        &self,
        mut insert: impl FnMut(&[u8]) -> bool,
    ) -> Result<(), SpaceError> {
        let mut full = false;
        self.members(|item| full |= !full && !insert(item));
        if full {
            Err(SpaceError::Full)
        } else {
            Ok(())
        }
    }

    /// Counts the probes `contains` says yes to.
    pub(crate) fn false_positives(&self, mut contains: impl FnMut(&[u8]) -> bool) -> MeasuredRate {
        let mut buf = [0u8; ITEM_LEN];
        let mut false_positives = 0;
        for i in 0..self.n {
            false_positives += u64::from(contains(self.source.write(
                ItemKind::NonMember,
                i,
                &mut buf,
            )));
        }
        MeasuredRate {
            false_positives,
            probes: self.n,
        }
    }
}

/// What building and probing one filter gave, before it becomes a row.
pub(crate) struct Built {
    pub(crate) sizing: Sizing,
    pub(crate) memory_bits: u64,
    pub(crate) rate: MeasuredRate,
    pub(crate) build_ms: f64,
    pub(crate) query_ms: f64,
}

/// Builds with `build` (timed), then probes with `contains` (timed).
pub(crate) fn timed<F>(
    items: &JobItems,
    now: &dyn Fn() -> f64,
    build: impl FnOnce(&JobItems) -> Result<F, SpaceError>,
    contains: impl Fn(&F, &[u8]) -> bool,
) -> Result<(MeasuredRate, f64, f64, F), SpaceError> {
    let start = now();
    let filter = build(items)?;
    let built = now();
    let rate = items.false_positives(|item| contains(&filter, item));
    let probed = now();
    Ok((rate, built - start, probed - built, filter))
}

/// The items' keys (murmur3 h1, [`key_of`]), in order.
pub(crate) fn keys(items: &JobItems) -> Vec<u64> {
    let mut keys = Vec::with_capacity(items.len() as usize);
    items.members(|item| keys.push(key_of(item)));
    keys
}
