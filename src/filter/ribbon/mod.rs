//! The standard ribbon filter (Dillinger and Walzer, "Ribbon filter: practically smaller
//! than Bloom and Xor", 2021), as RocksDB implements it (`util/ribbon_alg.h`,
//! `util/ribbon_impl.h`, `util/ribbon_config.{h,cc}`).
//!
//! # How it works
//!
//! A ribbon filter for n keys is a table S of `num_slots` rows of r bits (the solution),
//! chosen so that every key's equation holds:
//!
//! ```text
//! XOR of S[start + j] for each set bit j of coeff  =  fp          (over GF(2), r bits wide)
//! ```
//!
//! where a key's start slot, w-bit coefficient row (lowest bit set) and r-bit fingerprint
//! come from hashing it with a seed ([`hashing`]). A key never added satisfies its equation
//! by chance, with probability 2^−r: the false-positive rate.
//!
//! The n equations are a band matrix: each row's ones lie within w slots of its start.
//! They are solved in two passes:
//!
//! 1. **Banding** ([`banding`]): each key's row is added by on-the-fly Gaussian
//!    elimination, like an insert into a hash table: stored in its first slot if that is
//!    free, else XORed with the row there and moved on to its next set bit. A row that
//!    vanishes with a nonzero result has no solution: the build starts again with the next
//!    seed.
//! 2. **Back-substitution** ([`solve`]): from the last slot to the first, S[i] is the value
//!    that makes slot i's stored equation hold given the rows after it.
//!
//! ```text
//! a schematic band of 5 slots with w = 4 (bit j of a row stands for slot start + j):
//! key A: start 0, coeff 1011           slot 0 empty    -> stored at 0
//! key B: start 0, coeff 0111           slot 0 holds A  -> XOR: 1100, result fpA ^ fpB
//!                                      shift 2         -> row 11 at slot 2: stored there
//! back-substitution: S4 = S3 = 0 (empty), S2 = fpA ^ fpB ^ S3, S1 = 0, S0 = fpA ^ S1 ^ S3
//! ```
//!
//! The filter takes `num_slots · r` bits; at r = 8 and RocksDB's sizing for n = 10^6 that is
//! about 8.96 bits per key for ε = 2^−8, against a Bloom filter's 11.5.
//!
//! Builds take 64-bit keys ([`key_of`] of each item) and drop repeated keys first (a
//! repeated key's row would only reduce to zero, redundant), keeping the first occurrence's
//! order. They try ordinal seeds 0, 1, …, 255 in turn ([`SEED_COUNT`], RocksDB's filter
//! allows 256 seeds through its seed mask 255; it starts at a random one, here at 0), each
//! on an empty band.
//!
//! Where this differs from RocksDB's filter: w is 64 or 32 (RocksDB's filter uses 128),
//! r is 1..=16 with the solution stored one row per slot (RocksDB's filter stores it
//! interleaved, column-major, with a fractional number of bits per key), the key is
//! murmur3's h1 (RocksDB hashes with XXH3), and seeds start at 0.

pub mod banding;
pub mod config;
pub mod hashing;
pub mod shape;
pub mod solve;
pub mod walk;

use std::collections::HashSet;

pub use banding::{BandStep, Banding, KeyOutcome};
pub use config::FailureChance;
pub use hashing::key_of;
pub use shape::RibbonShape;
pub use solve::{SelectedRow, SolveStep};
pub use walk::{BandingAttempt, BuildWalk, KeyBanding, QueryBreakdown};

/// How many ordinal seeds a build tries, 0 ..= 255, before giving up.
pub const SEED_COUNT: u32 = 256;

/// Why a ribbon filter could not be made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RibbonError {
    /// A coefficient width other than 32 or 64.
    CoeffWidth {
        /// The w asked for.
        requested: u32,
    },
    /// A number of result bits outside 1..=16.
    ResultBits {
        /// The r asked for.
        requested: u32,
    },
    /// An overhead (slots per key) below 1 or not finite.
    Overhead {
        /// The overhead asked for.
        requested: f64,
    },
    /// Fewer slots than one row spans (w).
    TooFewSlots {
        /// The slots asked for.
        slots: u64,
        /// The coefficient width.
        width: u32,
    },
    /// A solution above 2^25 bits ([`crate::filter::error::MAX_BITS`]).
    TooLarge {
        /// The slots asked for.
        slots: u64,
    },
    /// No sizing data for this width (RocksDB measured w = 64 and 128 only).
    NoSizingData {
        /// The w asked for.
        width: u32,
    },
    /// More distinct keys than slots: n equations need at least n slots.
    TooManyKeys {
        /// The distinct keys.
        keys: u64,
        /// The slots.
        slots: u64,
    },
    /// One seed's banding failed: `key`'s row vanished with a nonzero result.
    BandingFailed {
        /// The ordinal seed.
        seed: u32,
        /// The key whose equation contradicted the ones before it.
        key: u64,
    },
    /// Every seed 0 ..= 255 failed.
    NoSeedSolved {
        /// The seeds tried.
        seeds: u32,
    },
}

/// Everything a ribbon derives from one key and a seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyRow {
    /// The 64-bit key.
    pub key: u64,
    /// The seeded hash `(key XOR raw_seed) · 0x6193d459236a3a0d`.
    pub hash: u64,
    /// The start slot, in `[0, num_starts)`.
    pub start: u64,
    /// The w-bit coefficient row, bit 0 set; bit j stands for slot `start + j`.
    pub coeff: u64,
    /// The r-bit fingerprint (the result row).
    pub fp: u16,
}

impl KeyRow {
    /// The row of `key` in a band of `shape` under ordinal seed `seed`.
    pub fn new(key: u64, shape: &RibbonShape, seed: u32) -> Self {
        let hash = hashing::seeded_hash(key, hashing::raw_seed(seed));
        KeyRow {
            key,
            hash,
            start: hashing::start_of(hash, shape.num_starts()),
            coeff: hashing::coeff_row_of(hash, shape.width()),
            fp: hashing::result_row_of(hash, shape.result_bits()),
        }
    }
}

/// A built standard ribbon filter: its shape, the seed that solved it and the solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RibbonFilter {
    shape: RibbonShape,
    seed: u32,
    num_keys: u64,
    solution: Vec<u16>,
}

impl RibbonFilter {
    /// Builds the filter of `keys` (repeats dropped), trying seeds 0, 1, … 255 until one's
    /// banding succeeds ([`RibbonError::NoSeedSolved`] if none does).
    pub fn build(keys: &[u64], shape: RibbonShape) -> Result<Self, RibbonError> {
        let keys = distinct_keys(keys, &shape)?;
        let mut band = Banding::new(shape.num_slots());
        for seed in 0..SEED_COUNT {
            if seed > 0 {
                band.clear();
            }
            if band_keys(&mut band, &keys, &shape, seed).is_ok() {
                return Ok(Self::solved(&band, shape, seed, keys.len()));
            }
        }
        Err(RibbonError::NoSeedSolved { seeds: SEED_COUNT })
    }

    /// Builds the filter of `keys` (repeats dropped) with ordinal seed `seed` only
    /// ([`RibbonError::BandingFailed`] with the first key that failed).
    pub fn build_with_seed(
        keys: &[u64],
        shape: RibbonShape,
        seed: u32,
    ) -> Result<Self, RibbonError> {
        let keys = distinct_keys(keys, &shape)?;
        let mut band = Banding::new(shape.num_slots());
        band_keys(&mut band, &keys, &shape, seed)
            .map_err(|key| RibbonError::BandingFailed { seed, key })?;
        Ok(Self::solved(&band, shape, seed, keys.len()))
    }

    fn solved(band: &Banding, shape: RibbonShape, seed: u32, num_keys: usize) -> Self {
        RibbonFilter {
            shape,
            seed,
            num_keys: num_keys as u64,
            solution: solve::back_substitute(band, shape.result_bits()),
        }
    }

    /// The shape.
    pub fn shape(&self) -> RibbonShape {
        self.shape
    }

    /// The ordinal seed that solved the band.
    pub fn seed(&self) -> u32 {
        self.seed
    }

    /// The number of distinct keys.
    pub fn len(&self) -> u64 {
        self.num_keys
    }

    /// Whether the filter holds no key.
    pub fn is_empty(&self) -> bool {
        self.num_keys == 0
    }

    /// The solution: one r-bit row per slot.
    pub fn solution(&self) -> &[u16] {
        &self.solution
    }

    /// The row of a key under this filter's seed.
    pub fn key_row(&self, key: u64) -> KeyRow {
        KeyRow::new(key, &self.shape, self.seed)
    }

    /// Whether `key` may be in the set: its selected solution rows XOR to its fingerprint.
    pub fn contains_key(&self, key: u64) -> bool {
        let row = self.key_row(key);
        solve::query(&self.solution, row.start, row.coeff) == row.fp
    }

    /// Whether `item` (by [`key_of`]) may be in the set.
    pub fn contains(&self, item: &[u8]) -> bool {
        self.contains_key(key_of(item))
    }

    /// A query of `key` with the rows it selects ([`QueryBreakdown`]).
    pub fn query_key(&self, key: u64) -> QueryBreakdown {
        let row = self.key_row(key);
        let terms = solve::selected_rows(&self.solution, row.start, row.coeff);
        let value = terms.iter().fold(0, |acc, term| acc ^ term.value);
        QueryBreakdown {
            row,
            terms,
            value,
            matches: value == row.fp,
        }
    }

    /// The solution's size, `num_slots · r` bits.
    pub fn memory_bits(&self) -> u64 {
        self.shape.memory_bits()
    }

    /// `memory_bits / n` (over 1 key when there are none).
    pub fn bits_per_item(&self) -> f64 {
        self.memory_bits() as f64 / self.num_keys.max(1) as f64
    }
}

/// The distinct keys in order of first occurrence, refused when more than the slots.
fn distinct_keys(keys: &[u64], shape: &RibbonShape) -> Result<Vec<u64>, RibbonError> {
    let mut seen = HashSet::with_capacity(keys.len());
    let distinct: Vec<u64> = keys.iter().copied().filter(|&k| seen.insert(k)).collect();
    if distinct.len() as u64 > shape.num_slots() {
        return Err(RibbonError::TooManyKeys {
            keys: distinct.len() as u64,
            slots: shape.num_slots(),
        });
    }
    Ok(distinct)
}

/// Bands every key into an empty `band` under `seed`; `Err(key)` at the first key whose
/// equation is inconsistent.
fn band_keys(band: &mut Banding, keys: &[u64], shape: &RibbonShape, seed: u32) -> Result<(), u64> {
    for &key in keys {
        let row = KeyRow::new(key, shape, seed);
        if band.add(row.start, row.coeff, row.fp, &mut ()) == KeyOutcome::Inconsistent {
            return Err(key);
        }
    }
    Ok(())
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
