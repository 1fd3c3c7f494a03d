//! Typed errors for filter parameters and operations.

/// The largest number of bits (or counters) a filter may have: 2^25 = 33,554,432.
///
/// A plain filter of this size takes 4 MiB and a counting filter 32 MiB (one byte per
/// counter in memory), so no setting can make a browser tab allocate gigabytes.
pub const MAX_BITS: u64 = 1 << 25;

/// The largest number of hash functions a filter may use.
pub const MAX_HASHES: u32 = 64;

/// Why a set of filter parameters was rejected.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ParamError {
    /// m = 0: a filter needs at least one bit.
    ZeroBits,
    /// m above [`MAX_BITS`].
    TooManyBits {
        /// The m asked for.
        requested: u64,
        /// The cap.
        max: u64,
    },
    /// k = 0: a filter needs at least one hash function.
    ZeroHashes,
    /// k above [`MAX_HASHES`].
    TooManyHashes {
        /// The k asked for.
        requested: u32,
        /// The cap.
        max: u32,
    },
    /// k above what the hash family has (the seed's filter has six functions).
    FamilyHashes {
        /// The k asked for.
        requested: u32,
        /// The family's number of functions.
        max: u32,
    },
    /// A partitioned layout with fewer bits than hashes (a slice needs at least one bit).
    FewerBitsThanHashes {
        /// m.
        m: u64,
        /// k.
        k: u32,
    },
    /// A blocked layout whose m is not a whole number of blocks.
    NotWholeBlocks {
        /// m.
        m: u64,
        /// The layout's block size in bits (512 or 256).
        block: u64,
    },
    /// RocksDB's blocked layout with a family that has no `(h1, h2)` pair.
    BlockedNeedsPair,
    /// Parquet's split-block layout with k other than 8.
    SplitBlockHashes {
        /// The k asked for.
        requested: u32,
    },
    /// A counter width outside 1..=8 bits.
    BadCounterWidth {
        /// The width asked for.
        requested: u32,
    },
    /// A target false-positive rate outside the open interval (0, 1).
    RateOutOfRange {
        /// The p asked for.
        requested: f64,
    },
    /// n = 0 where a number of items is needed.
    ZeroItems,
    /// An experiment with no probes.
    ZeroProbes,
    /// An experiment with no filters, or a lab run with fewer than 2 (one filter says
    /// nothing of how filters vary).
    TooFewFilters,
    /// A lab run on no workers.
    NoWorkers,
    /// Experiment checkpoints that are empty, start at 0 or do not increase.
    BadCheckpoints,
    /// A number that is not finite (NaN or infinity) where a real number is needed.
    NotFinite,
    /// m bits hold not even one item at the rate asked for.
    TooSmallForRate,
}
