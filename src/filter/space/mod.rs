//! Space against the limit: every filter of the page built for one false-positive rate ε
//! from the same n items, probed with the same never-added items, and measured in bits per
//! item against the information-theoretic limit.
//!
//! A filter that answers "maybe" for a fraction ε of the items it never saw needs at least
//! `log2(1/ε)` bits per item (Carter et al., 1978); a Bloom filter at its best k needs
//! `log2(1/ε) / ln 2 ≈ 1.44 · log2(1/ε)`. Each row measures its own rate ε̂ on the probes
//! and reports
//!
//! ```text
//! bits per item = memory bits / n
//! limit         = log2(1 / ε̂)                   (bits per item any filter of rate ε̂ needs)
//! ratio         = bits per item / log2(1 / ε̂)   (1 at the limit, ≈ 1.44 for Bloom)
//! ```
//!
//! with the ratio's 95 % interval from the rate's Wilson interval. Each filter is sized for
//! ε by its own rule ([`sizing`]); each job (one filter at one ε) is built from the items of
//! [`ItemSource`](super::experiment::ItemSource) with the run's seed, so the figures are the
//! same whichever worker runs it. Build and query times are measured by the caller's clock.

pub mod crates;
mod job;
pub mod measure;
pub mod sizing;

use super::experiment::MeasuredRate;
use super::same_memory::Deletes;

pub use job::SpaceError;
pub use measure::measure;
pub use sizing::Sizing;

/// A row of the table: one of our filters or a crate real systems use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpaceFilter {
    /// The standard Bloom filter at its best k.
    Bloom,
    /// RocksDB's blocked Bloom filter (512-bit cache lines).
    Blocked,
    /// Parquet's split-block Bloom filter (256-bit blocks of eight 32-bit words).
    SplitBlock,
    /// The counting Bloom filter with 4-bit counters, at the Bloom filter's m and k.
    Counting,
    /// The cuckoo filter (4 slots per bucket).
    Cuckoo,
    /// The quotient filter.
    Quotient,
    /// The xor filter.
    Xor,
    /// The binary fuse filter (arity 3).
    Fuse,
    /// The standard ribbon filter (w = 64).
    Ribbon,
    /// The `xorf` crate's `Xor8`.
    XorfXor8,
    /// The `xorf` crate's `BinaryFuse8`.
    XorfFuse8,
    /// The `qfilter` crate's rank-select quotient filter.
    Qfilter,
}

impl SpaceFilter {
    /// Every row, in the table's order: ours, then the crates.
    pub const ALL: [SpaceFilter; 12] = [
        SpaceFilter::Bloom,
        SpaceFilter::Blocked,
        SpaceFilter::SplitBlock,
        SpaceFilter::Counting,
        SpaceFilter::Cuckoo,
        SpaceFilter::Quotient,
        SpaceFilter::Xor,
        SpaceFilter::Fuse,
        SpaceFilter::Ribbon,
        SpaceFilter::XorfXor8,
        SpaceFilter::XorfFuse8,
        SpaceFilter::Qfilter,
    ];

    /// The row's key (`data-filter`).
    pub fn key(self) -> &'static str {
        match self {
            SpaceFilter::Bloom => "bloom",
            SpaceFilter::Blocked => "blocked",
            SpaceFilter::SplitBlock => "split-block",
            SpaceFilter::Counting => "counting",
            SpaceFilter::Cuckoo => "cuckoo",
            SpaceFilter::Quotient => "quotient",
            SpaceFilter::Xor => "xor",
            SpaceFilter::Fuse => "fuse",
            SpaceFilter::Ribbon => "ribbon",
            SpaceFilter::XorfXor8 => "xorf-xor8",
            SpaceFilter::XorfFuse8 => "xorf-fuse8",
            SpaceFilter::Qfilter => "qfilter",
        }
    }

    /// Whether the row is a crate's filter (a reference) rather than the page's own.
    pub fn is_crate(self) -> bool {
        matches!(
            self,
            SpaceFilter::XorfXor8 | SpaceFilter::XorfFuse8 | SpaceFilter::Qfilter
        )
    }

    /// Whether the filter can delete an item.
    pub fn deletes(self) -> Deletes {
        match self {
            SpaceFilter::Counting => Deletes::Counting,
            SpaceFilter::Cuckoo | SpaceFilter::Quotient | SpaceFilter::Qfilter => Deletes::Yes,
            _ => Deletes::No,
        }
    }

    /// Whether the filter must be built from all its items at once (nothing added after).
    pub fn is_static(self) -> bool {
        matches!(
            self,
            SpaceFilter::Xor
                | SpaceFilter::Fuse
                | SpaceFilter::Ribbon
                | SpaceFilter::XorfXor8
                | SpaceFilter::XorfFuse8
        )
    }
}

/// The target rates the table offers (`space_eps`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SpaceEps {
    /// ε = 2^−8 = 1/256 ≈ 0.39 %: one byte per fingerprint.
    #[default]
    OneIn256,
    /// ε = 1 %.
    OneIn100,
    /// ε = 0.1 %.
    OneIn1000,
}

impl SpaceEps {
    /// Every target, in order of falling ε.
    pub const ALL: [SpaceEps; 3] = [SpaceEps::OneIn256, SpaceEps::OneIn100, SpaceEps::OneIn1000];

    /// The URL value: `1/256`, `1/100` or `1/1000`.
    pub fn key(self) -> &'static str {
        match self {
            SpaceEps::OneIn256 => "1/256",
            SpaceEps::OneIn100 => "1/100",
            SpaceEps::OneIn1000 => "1/1000",
        }
    }

    /// The target rate ε.
    pub fn rate(self) -> f64 {
        1.0 / self.one_in() as f64
    }

    /// 1/ε: 256, 100 or 1,000.
    pub fn one_in(self) -> u64 {
        match self {
            SpaceEps::OneIn256 => 256,
            SpaceEps::OneIn100 => 100,
            SpaceEps::OneIn1000 => 1000,
        }
    }

    /// The target whose URL value is `key`.
    pub fn from_key(key: &str) -> Option<SpaceEps> {
        SpaceEps::ALL.into_iter().find(|e| e.key() == key)
    }
}

/// The item counts the table offers (`space_n`); the probes are as many.
pub const SPACE_SIZES: [u64; 3] = [10_000, 100_000, 1_000_000];

/// One measurement: a filter built for `eps` from `n` items of the seed's item source and
/// probed with `n` items never added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpaceJob {
    /// The filter.
    pub filter: SpaceFilter,
    /// The target rate it is sized for.
    pub eps: SpaceEps,
    /// Items added, and probes made.
    pub n: u64,
    /// The item source's seed.
    pub seed: u64,
}

impl SpaceJob {
    /// Every job of a run: each filter at each target, targets first.
    pub fn all(n: u64, seed: u64) -> Vec<SpaceJob> {
        let mut jobs = Vec::new();
        for eps in SpaceEps::ALL {
            for filter in SpaceFilter::ALL {
                jobs.push(SpaceJob {
                    filter,
                    eps,
                    n,
                    seed,
                });
            }
        }
        jobs
    }
}

/// What one job measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpaceRow {
    /// The job.
    pub job: SpaceJob,
    /// How the filter was sized.
    pub sizing: Sizing,
    /// Its memory in bits.
    pub memory_bits: u64,
    /// Its false positives on the job's n probes.
    pub rate: MeasuredRate,
    /// Milliseconds to build it from the n items.
    pub build_ms: f64,
    /// Milliseconds to make the n probes.
    pub query_ms: f64,
}

impl SpaceRow {
    /// Bits per item, `memory bits / n`.
    pub fn bits_per_item(&self) -> f64 {
        self.memory_bits as f64 / self.job.n as f64
    }

    /// `log2(1/ε̂)` for the measured rate ε̂ (`None` when no probe was a false positive).
    pub fn limit_bits(&self) -> Option<f64> {
        limit_bits(self.rate.rate())
    }

    /// The ratio `bits per item / log2(1/ε̂)` (`None` without a false positive).
    pub fn ratio(&self) -> Option<f64> {
        self.limit_bits().map(|limit| self.bits_per_item() / limit)
    }

    /// The ratio's 95 % interval from the rate's Wilson interval `[lo, hi]`:
    /// `[bits / log2(1/lo), bits / log2(1/hi)]` (a lower rate needs more bits, so gives the
    /// lower ratio; 0 when lo is 0).
    pub fn ratio_interval(&self) -> (f64, f64) {
        let (low, high) = self.rate.interval();
        let bits = self.bits_per_item();
        let ratio = |rate: f64| limit_bits(rate).map_or(0.0, |limit| bits / limit);
        (ratio(low), ratio(high))
    }

    /// Nanoseconds per item built.
    pub fn build_ns_per_item(&self) -> f64 {
        self.build_ms * 1e6 / self.job.n as f64
    }

    /// Nanoseconds per probe.
    pub fn query_ns_per_item(&self) -> f64 {
        self.query_ms * 1e6 / self.job.n as f64
    }
}

/// `log2(1/ε)`, the fewest bits per item a filter of rate ε needs (`None` for ε = 0).
pub fn limit_bits(rate: f64) -> Option<f64> {
    (rate > 0.0).then(|| -rate.log2())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_has_every_filter_at_every_target_once() {
        let jobs = SpaceJob::all(10_000, 1);
        assert_eq!(jobs.len(), 36);
        for eps in SpaceEps::ALL {
            for filter in SpaceFilter::ALL {
                let count = jobs
                    .iter()
                    .filter(|j| j.eps == eps && j.filter == filter)
                    .count();
                assert_eq!(count, 1);
            }
        }
        let keys: std::collections::HashSet<_> = SpaceFilter::ALL.iter().map(|f| f.key()).collect();
        assert_eq!(keys.len(), SpaceFilter::ALL.len());
    }

    #[test]
    fn targets_round_trip_their_keys() {
        for eps in SpaceEps::ALL {
            assert_eq!(SpaceEps::from_key(eps.key()), Some(eps));
            assert_eq!(eps.rate() * eps.one_in() as f64, 1.0);
        }
        assert_eq!(SpaceEps::from_key("1/3"), None);
        assert_eq!(limit_bits(1.0 / 256.0), Some(8.0));
        assert_eq!(limit_bits(0.0), None);
    }
}
