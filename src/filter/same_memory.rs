//! Four filters at the same memory: a standard Bloom filter, a counting Bloom filter with
//! 4-bit counters, the cuckoo filter and the quotient filter, each sized to one bit budget
//! B and filled with the same items, with its false-positive rate (formula and measured on
//! the same probes), whether it can delete and what a delete costs.
//!
//! How each is sized to B bits for n items:
//!
//! | filter   | size                                                                  |
//! |----------|-----------------------------------------------------------------------|
//! | Bloom    | m = B bits, k = the best whole k for (m, n) ([`math::optimal_k`])      |
//! | counting | m = ⌊B / 4⌋ counters of 4 bits, k = the best whole k for (m, n)        |
//! | cuckoo   | nb = the fewest buckets (a power of two) with n ≤ 95 % of 4·nb slots;  |
//! |          | f = ⌊B / 4nb⌋ bits, at most 16                                         |
//! | quotient | 2^q = the fewest slots with n ≤ 90 % of them; r = ⌊B / 2^q⌋ − 3, ≤ 32  |
//!
//! The two fingerprint filters give their tables room for the items at the load their
//! authors run them (a cuckoo filter fills to about 95 %, a quotient filter slows past about
//! 90 %, see [`super::quotient::mean_cluster_length`]) and spend the rest of the budget on
//! fingerprint bits, so each uses at most B bits, and exactly B when B divides evenly.

use super::counting::CountingBloomFilter;
use super::cuckoo::{self, CuckooFilter, CuckooShape};
use super::error::MAX_BITS;
use super::experiment::MeasuredRate;
use super::hashing::HashFamily;
use super::math;
use super::params::FilterShape;
use super::quotient::{self, QuotientFilter, QuotientShape};
use super::BloomFilter;

/// The counting filter's counter width in the comparison.
pub const COUNTER_BITS: u32 = 4;
/// The cuckoo filter's highest load when sized to a budget.
pub const CUCKOO_SIZING_LOAD: f64 = 0.95;
/// The quotient filter's highest load when sized to a budget.
pub const QUOTIENT_SIZING_LOAD: f64 = 0.9;

/// Which filter a row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterKind {
    /// The standard Bloom filter.
    Bloom,
    /// The counting Bloom filter with 4-bit counters.
    Counting,
    /// The cuckoo filter.
    Cuckoo,
    /// The quotient filter.
    Quotient,
}

impl FilterKind {
    /// Every kind, in the order of the rows.
    pub const ALL: [FilterKind; 4] = [
        FilterKind::Bloom,
        FilterKind::Counting,
        FilterKind::Cuckoo,
        FilterKind::Quotient,
    ];

    /// The key the page gives the row: `bloom`, `counting`, `cuckoo` or `quotient`.
    pub fn key(self) -> &'static str {
        match self {
            FilterKind::Bloom => "bloom",
            FilterKind::Counting => "counting",
            FilterKind::Cuckoo => "cuckoo",
            FilterKind::Quotient => "quotient",
        }
    }
}

/// Whether a filter can delete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deletes {
    /// No: clearing an item's bits could clear another item's.
    No,
    /// By counting: counters go down, except those stuck at their maximum.
    Counting,
    /// Yes: one stored fingerprint is removed.
    Yes,
}

impl Deletes {
    /// The key the page gives it: `no`, `counting` or `yes`.
    pub fn key(self) -> &'static str {
        match self {
            Deletes::No => "no",
            Deletes::Counting => "counting",
            Deletes::Yes => "yes",
        }
    }
}

/// What one delete costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum DeleteCost {
    /// A Bloom filter cannot delete.
    Impossible,
    /// k counters decremented (a saturated counter stays).
    Decrements {
        /// k.
        counters: u32,
    },
    /// Up to 2b = 8 fingerprints compared in two buckets, one slot cleared.
    TwoBuckets {
        /// Fingerprints compared at most.
        compared: u64,
    },
    /// A walk to the run, then the rest of the cluster shifted one slot left: on average
    /// a cluster's length at this load.
    ClusterShift {
        /// [`quotient::mean_cluster_length`] at the filter's load.
        mean_cluster_length: f64,
    },
}

/// How a filter was sized to the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sizing {
    /// m bits, k hashes.
    Bloom {
        /// m.
        m: u64,
        /// k.
        k: u32,
    },
    /// m counters of 4 bits, k hashes.
    Counting {
        /// m.
        m: u64,
        /// k.
        k: u32,
    },
    /// nb buckets of 4 f-bit slots.
    Cuckoo {
        /// nb.
        buckets: u64,
        /// f.
        fingerprint_bits: u32,
    },
    /// 2^q slots of r + 3 bits.
    Quotient {
        /// q.
        q: u32,
        /// r.
        r: u32,
    },
}

/// One row of the comparison.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SameMemoryRow {
    /// The filter.
    pub kind: FilterKind,
    /// How it was sized.
    pub sizing: Sizing,
    /// Its memory in bits.
    pub bits: u64,
    /// Items it holds (the fingerprint filters refuse items once full).
    pub stored: u64,
    /// The false-positive rate its formula gives at its fill: Bloom `(1 − (1 − 1/m)^{kn})^k`
    /// (the same with m counters for the counting filter), cuckoo
    /// [`cuckoo::fpr_at_load`], quotient [`quotient::fpr`].
    pub fpr_formula: f64,
    /// The rate measured on the probes.
    pub fpr_measured: MeasuredRate,
    /// Whether it can delete.
    pub deletes: Deletes,
    /// What a delete costs.
    pub delete_cost: DeleteCost,
}

/// Why the comparison could not be made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SameMemoryError {
    /// No items to put in the filters.
    NoItems,
    /// A budget above [`MAX_BITS`].
    BudgetTooLarge {
        /// The budget asked for.
        requested: u64,
    },
    /// The budget cannot hold this filter for these items (a counter or a fingerprint of
    /// the smallest size does not fit).
    TooSmallFor(FilterKind),
}

/// Builds the four filters of about `budget_bits` bits each, inserts `items` into each and
/// measures each on `probes` (a probe equal to an item is skipped: it is not a false
/// positive). The cuckoo filter draws its victim slots from `seed`.
pub fn compare<S: AsRef<[u8]>, P: AsRef<[u8]>>(
    items: &[S],
    probes: &[P],
    budget_bits: u64,
    seed: u64,
) -> Result<[SameMemoryRow; 4], SameMemoryError> {
    let n = items.len() as u64;
    if n == 0 {
        return Err(SameMemoryError::NoItems);
    }
    if budget_bits > MAX_BITS {
        return Err(SameMemoryError::BudgetTooLarge {
            requested: budget_bits,
        });
    }
    let members: std::collections::HashSet<&[u8]> = items.iter().map(|i| i.as_ref()).collect();
    let probes: Vec<&[u8]> = probes
        .iter()
        .map(|p| p.as_ref())
        .filter(|p| !members.contains(p))
        .collect();
    let measure = |contains: &dyn Fn(&[u8]) -> bool| MeasuredRate {
        false_positives: probes.iter().filter(|p| contains(p)).count() as u64,
        probes: probes.len() as u64,
    };

    let too_small = SameMemoryError::TooSmallFor;
    let bloom_shape = FilterShape::new(
        budget_bits,
        math::optimal_k(budget_bits, n),
        HashFamily::Murmur3,
    )
    .map_err(|_| too_small(FilterKind::Bloom))?;
    let mut bloom = BloomFilter::new(bloom_shape);
    let counters = budget_bits / COUNTER_BITS as u64;
    let counting_shape =
        FilterShape::new(counters, math::optimal_k(counters, n), HashFamily::Murmur3)
            .map_err(|_| too_small(FilterKind::Counting))?;
    let mut counting = CountingBloomFilter::new(counting_shape, COUNTER_BITS)
        .map_err(|_| too_small(FilterKind::Counting))?;
    let cuckoo_shape = cuckoo_sizing(n, budget_bits).ok_or(too_small(FilterKind::Cuckoo))?;
    let mut cuckoo = CuckooFilter::new(cuckoo_shape, seed);
    let quotient_shape = quotient_sizing(n, budget_bits).ok_or(too_small(FilterKind::Quotient))?;
    let mut quotient = QuotientFilter::new(quotient_shape);
    for item in items {
        let item = item.as_ref();
        bloom.insert(item);
        counting.insert(item);
        // A full fingerprint filter refuses the rest; `stored` says how many it holds.
        let _ = cuckoo.insert(item);
        let _ = quotient.insert(item);
    }

    let bloom_rate =
        |shape: FilterShape| math::fpr_exact(shape.m() as f64, n as f64, shape.k() as f64);
    let k_counting = counting_shape.k();
    Ok([
        SameMemoryRow {
            kind: FilterKind::Bloom,
            sizing: Sizing::Bloom {
                m: bloom_shape.m(),
                k: bloom_shape.k(),
            },
            bits: bloom_shape.m(),
            stored: n,
            fpr_formula: bloom_rate(bloom_shape),
            fpr_measured: measure(&|p| bloom.contains(p)),
            deletes: Deletes::No,
            delete_cost: DeleteCost::Impossible,
        },
        SameMemoryRow {
            kind: FilterKind::Counting,
            sizing: Sizing::Counting {
                m: counters,
                k: k_counting,
            },
            bits: counting.memory_bits(),
            stored: n,
            fpr_formula: bloom_rate(counting_shape),
            fpr_measured: measure(&|p| counting.contains(p)),
            deletes: Deletes::Counting,
            delete_cost: DeleteCost::Decrements {
                counters: k_counting,
            },
        },
        SameMemoryRow {
            kind: FilterKind::Cuckoo,
            sizing: Sizing::Cuckoo {
                buckets: cuckoo_shape.buckets(),
                fingerprint_bits: cuckoo_shape.fingerprint_bits(),
            },
            bits: cuckoo_shape.memory_bits(),
            stored: cuckoo.len(),
            fpr_formula: cuckoo::fpr_at_load(cuckoo_shape.fingerprint_bits(), cuckoo.load()),
            fpr_measured: measure(&|p| cuckoo.contains(p)),
            deletes: Deletes::Yes,
            delete_cost: DeleteCost::TwoBuckets {
                compared: 2 * cuckoo::SLOTS_PER_BUCKET,
            },
        },
        SameMemoryRow {
            kind: FilterKind::Quotient,
            sizing: Sizing::Quotient {
                q: quotient_shape.q(),
                r: quotient_shape.r(),
            },
            bits: quotient_shape.memory_bits(),
            stored: quotient.len(),
            fpr_formula: quotient::fpr(quotient.load(), quotient_shape.r()),
            fpr_measured: measure(&|p| quotient.contains(p)),
            deletes: Deletes::Yes,
            delete_cost: DeleteCost::ClusterShift {
                mean_cluster_length: quotient::mean_cluster_length(quotient.load()),
            },
        },
    ])
}

/// The cuckoo filter for n items in `budget` bits: the fewest buckets (a power of two)
/// with `n ≤ 0.95 · 4nb`, then `f = ⌊budget / 4nb⌋` up to 16; `None` when f < 4.
pub fn cuckoo_sizing(n: u64, budget: u64) -> Option<CuckooShape> {
    let slots_needed = (n as f64 / CUCKOO_SIZING_LOAD).ceil() as u64;
    let buckets = slots_needed
        .div_ceil(cuckoo::SLOTS_PER_BUCKET)
        .max(1)
        .next_power_of_two();
    let f =
        (budget / (cuckoo::SLOTS_PER_BUCKET * buckets)).min(cuckoo::MAX_FINGERPRINT_BITS as u64);
    CuckooShape::new(buckets, f as u32).ok()
}

/// The quotient filter for n items in `budget` bits: the fewest slots 2^q with
/// `n ≤ 0.9 · 2^q`, then `r = ⌊budget / 2^q⌋ − 3` up to 32; `None` when r < 1.
pub fn quotient_sizing(n: u64, budget: u64) -> Option<QuotientShape> {
    let slots = ((n as f64 / QUOTIENT_SIZING_LOAD).ceil() as u64)
        .max(2)
        .next_power_of_two();
    let r = (budget / slots)
        .saturating_sub(3)
        .min(quotient::MAX_REMAINDER_BITS as u64);
    QuotientShape::new(slots.trailing_zeros(), r as u32).ok()
}
