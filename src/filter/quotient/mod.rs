//! The quotient filter of Bender, Farach-Colton, Johnson, Kraner, Kuszmaul, Medjedovic,
//! Montes, Shetty, Spillane and Zadok ("Don't Thrash: How to Cache Your Hash on Flash",
//! VLDB 2012), walked slot by slot.
//!
//! # How it works
//!
//! An item's fingerprint is the top q + r bits of h1 (the low 64 bits of the page's
//! murmur3_x64_128, seed 0). Its top q bits are the *quotient* fq, its low r bits the
//! *remainder* fr:
//!
//! ```text
//! fingerprint = h1 >> (64 − q − r)    fq = fingerprint >> r    fr = fingerprint mod 2^r
//! ```
//!
//! The table is 2^q slots (a circle: slot 2^q − 1 is followed by slot 0) of r + 3 bits: a
//! remainder and three bits, as the paper defines them:
//!
//! - `is_occupied` (of slot i): some stored fingerprint has quotient i (its *canonical slot*);
//!   the bit stays with slot i wherever that remainder is stored;
//! - `is_continuation`: the remainder here belongs to the same run as the one before it;
//! - `is_shifted`: the remainder here is not in its canonical slot.
//!
//! A slot is empty when all three bits are 0. The remainders of one quotient are stored
//! together, sorted, as a *run*; a run starts at its canonical slot or, when that is taken,
//! right after the run before it; a *cluster* is a maximal sequence of used slots whose first
//! remainder is in its canonical slot (the only one of the cluster that is).
//!
//! ```text
//! slot:          3     4     5     6     7
//! occupied:      1     1     0     0     0      quotients 3 and 4 have runs
//! continuation:  0     1     0     1     0      run of 3 = slots 3-4, run of 4 = slots 5-6
//! shifted:       0     1     1     1     0      slot 7 is empty (all three bits 0)
//! remainder:     a     b     c     d     -      cluster: slots 3-6
//! ```
//!
//! To find fq's run ([`QuotientFilter::query`]): if `is_occupied(fq)` is 0, no item has
//! quotient fq. Otherwise step back from fq while `is_shifted` is 1 to the cluster's start,
//! whose run is its own slot's; then walk forward: each slot with `is_continuation` = 0
//! starts the run of the next slot (after the last run's quotient) whose `is_occupied` is 1,
//! until that quotient is fq. The paper moves two pointers (one over runs, one over
//! occupied slots) one run at a time; the walk here visits the same slots one at a time.
//! An insert shifts the remainders from its slot to the next empty slot one slot right; a
//! delete shifts the following remainders one slot left until an empty slot or a remainder in
//! its canonical slot.
//!
//! Duplicates are kept: the filter is a multiset of (quotient, remainder) pairs, a second
//! insert of the same item stores a second copy after the first and a delete removes one.
//!
//! Every step of a walk is a [`WalkStep`]: the slot, the bits and remainder read, and what
//! the step concluded ([`StepKind`]).

mod clusters;
mod walk;

pub use clusters::{cluster_experiment, mean_cluster_length, Cluster, ClusterPoint, Run};
pub use walk::{DeleteWalk, InsertWalk, QueryWalk, StepKind, WalkStep};

use super::experiment::{ItemKind, ItemSource, MeasuredRate, ITEM_LEN};
use super::hashing::HashFamily;

/// The fewest quotient bits.
pub const MIN_QUOTIENT_BITS: u32 = 1;
/// The most quotient bits: 2^21 slots hold 10^6 items at a load of 48 % (the space table's
/// largest n, sized to at most 90 %), in 7 bytes a slot (a remainder word and three bits).
pub const MAX_QUOTIENT_BITS: u32 = 21;
/// The fewest remainder bits.
pub const MIN_REMAINDER_BITS: u32 = 1;
/// The most remainder bits.
pub const MAX_REMAINDER_BITS: u32 = 32;

/// Why a quotient filter could not be made or changed. A refused operation changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuotientError {
    /// q outside 1..=21.
    QuotientBits {
        /// The q asked for.
        requested: u32,
    },
    /// r outside 1..=32.
    RemainderBits {
        /// The r asked for.
        requested: u32,
    },
    /// An insert into a table whose 2^q slots are all used.
    Full,
}

/// The size of a quotient filter: 2^q slots of r + 3 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientShape {
    q: u32,
    r: u32,
}

/// What the filter derives from one item's hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientPositions {
    /// The low 64 bits of murmur3_x64_128.
    pub h1: u64,
    /// The top q + r bits of h1.
    pub fingerprint: u64,
    /// fq, the fingerprint's top q bits: the canonical slot.
    pub quotient: u64,
    /// fr, the fingerprint's low r bits.
    pub remainder: u64,
}

impl QuotientShape {
    /// A shape with `q` quotient bits (1..=21) and `r` remainder bits (1..=32).
    pub fn new(q: u32, r: u32) -> Result<Self, QuotientError> {
        if !(MIN_QUOTIENT_BITS..=MAX_QUOTIENT_BITS).contains(&q) {
            return Err(QuotientError::QuotientBits { requested: q });
        }
        if !(MIN_REMAINDER_BITS..=MAX_REMAINDER_BITS).contains(&r) {
            return Err(QuotientError::RemainderBits { requested: r });
        }
        Ok(QuotientShape { q, r })
    }

    /// Quotient bits q.
    pub fn q(&self) -> u32 {
        self.q
    }

    /// Remainder bits r.
    pub fn r(&self) -> u32 {
        self.r
    }

    /// Slots, 2^q.
    pub fn slots(&self) -> u64 {
        1 << self.q
    }

    /// Memory, `(r + 3) · 2^q` bits.
    pub fn memory_bits(&self) -> u64 {
        (self.r as u64 + 3) * self.slots()
    }

    /// The item's fingerprint, quotient and remainder.
    pub fn positions(&self, item: &[u8]) -> QuotientPositions {
        let h1 = HashFamily::Murmur3.hash_pair(item).h1;
        let fingerprint = h1 >> (64 - self.q - self.r);
        QuotientPositions {
            h1,
            fingerprint,
            quotient: fingerprint >> self.r,
            remainder: fingerprint & ((1u64 << self.r) - 1),
        }
    }
}

/// The three bits of one slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SlotBits {
    /// Some stored fingerprint has this slot as its quotient.
    pub occupied: bool,
    /// The remainder here continues the run of the slot before.
    pub continuation: bool,
    /// The remainder here is not in its canonical slot.
    pub shifted: bool,
}

impl SlotBits {
    /// True when all three bits are 0: the slot holds no remainder.
    pub fn is_empty(&self) -> bool {
        !self.occupied && !self.continuation && !self.shifted
    }
}

/// A quotient filter: 2^q slots, each a remainder and three bits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotientFilter {
    shape: QuotientShape,
    remainders: Vec<u32>,
    bits: Vec<SlotBits>,
    len: u64,
}

impl QuotientFilter {
    /// An empty filter.
    pub fn new(shape: QuotientShape) -> Self {
        QuotientFilter {
            shape,
            remainders: vec![0; shape.slots() as usize],
            bits: vec![SlotBits::default(); shape.slots() as usize],
            len: 0,
        }
    }

    /// The filter's shape.
    pub fn shape(&self) -> QuotientShape {
        self.shape
    }

    /// The three bits of slot `slot`.
    pub fn bits(&self, slot: u64) -> SlotBits {
        self.bits[slot as usize]
    }

    /// The remainder in slot `slot`, `None` when the slot is empty.
    pub fn remainder(&self, slot: u64) -> Option<u64> {
        (!self.bits(slot).is_empty()).then(|| self.remainders[slot as usize] as u64)
    }

    /// Remainders stored, n.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when every slot is used: further inserts are refused.
    pub fn is_full(&self) -> bool {
        self.len == self.shape.slots()
    }

    /// The load α = n / 2^q.
    pub fn load(&self) -> f64 {
        self.len as f64 / self.shape.slots() as f64
    }

    /// Bits per stored item, `(r + 3) · 2^q / n`; `None` while empty.
    pub fn bits_per_item(&self) -> Option<f64> {
        (!self.is_empty()).then(|| self.shape.memory_bits() as f64 / self.len as f64)
    }

    /// True when the filter answers "probably in the set".
    pub fn contains(&self, item: &[u8]) -> bool {
        self.query(item).found.is_some()
    }

    /// Probes `probes` generated non-members of `source` (the lab's stream of items never
    /// added) and counts those the filter reports as present.
    pub fn measure_false_positives(&self, source: ItemSource, probes: u64) -> MeasuredRate {
        let mut buf = [0u8; ITEM_LEN];
        let false_positives = (0..probes)
            .filter(|&index| self.contains(source.write(ItemKind::NonMember, index, &mut buf)))
            .count() as u64;
        MeasuredRate {
            false_positives,
            probes,
        }
    }

    /// Every stored (quotient, remainder), decoded from the slots by their three bits alone,
    /// cluster by cluster.
    pub fn entries(&self) -> Vec<(u64, u64)> {
        self.clusters()
            .iter()
            .flat_map(|cluster| cluster.runs.iter())
            .flat_map(|run| {
                (0..run.len).map(move |i| {
                    let slot = self.wrap(run.start + i);
                    (run.quotient, self.remainders[slot as usize] as u64)
                })
            })
            .collect()
    }

    fn next(&self, slot: u64) -> u64 {
        self.wrap(slot + 1)
    }

    fn prev(&self, slot: u64) -> u64 {
        self.wrap(slot.wrapping_sub(1))
    }

    fn wrap(&self, slot: u64) -> u64 {
        slot & (self.shape.slots() - 1)
    }

    /// The first slot after `quotient` whose `is_occupied` is 1.
    fn next_occupied(&self, quotient: u64) -> u64 {
        let mut slot = self.next(quotient);
        while !self.bits(slot).occupied {
            slot = self.next(slot);
        }
        slot
    }
}

/// The false-positive rate at load α: `1 − e^(−α / 2^r)`. A probe is a false positive when
/// its (quotient, remainder) equals one of the n stored, each with chance `2^−(q+r)`:
/// `1 − (1 − 2^−(q+r))^n ≈ 1 − e^(−n / 2^(q+r)) = 1 − e^(−α / 2^r)`.
pub fn fpr(load: f64, remainder_bits: u32) -> f64 {
    -(-load / 2f64.powi(remainder_bits as i32)).exp_m1()
}

/// The rate's approximation `α · 2^−r`.
pub fn fpr_approx(load: f64, remainder_bits: u32) -> f64 {
    load / 2f64.powi(remainder_bits as i32)
}
