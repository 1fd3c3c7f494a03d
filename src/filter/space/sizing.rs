//! How each filter is sized for n items at a target rate ε: the rule each one's authors or
//! its best-known implementation use.
//!
//! | filter      | rule                                                                          |
//! |-------------|-------------------------------------------------------------------------------|
//! | Bloom       | m = ⌈n·ln(1/ε) / (ln 2)²⌉, k = round(m/n · ln 2)                               |
//! | blocked     | the fewest bits per item b (and its k) at which 512-bit lines reach ε; m = b·n |
//! |             | rounded up to whole lines ([`blocked_bits_per_item`])                         |
//! | split-block | Parquet's: bits = −8n / ln(1 − ε^(1/8)), bytes = bits/8 clamped to 32 B..128 MiB|
//! |             | and rounded up to a power of two                                               |
//! | counting    | the Bloom filter's m and k, each position a 4-bit counter                      |
//! | cuckoo      | f = ⌈log2(2b/ε)⌉ with b = 4 (at most 16); nb = the power of two at or above   |
//! |             | n/4, doubled when n/(4·nb) > 0.96 (efficient/cuckoofilter's rule)              |
//! | quotient    | 2^q = the fewest slots with n ≤ 90 % of them; r = the fewest remainder bits   |
//! |             | with 1 − e^(−α/2^r) ≤ ε at the load α = n/2^q                                  |
//! | xor, fuse   | fingerprint bits ⌈log2(1/ε)⌉, since a probe matches with chance 2^−bits        |
//! | ribbon      | result bits r = ⌈log2(1/ε)⌉, w = 64 and the ribbon's own slot rule             |

use crate::filter::blocked::{blocked_bits_per_item, LINE_BITS};
use crate::filter::cuckoo::{self, SLOTS_PER_BUCKET};
use crate::filter::math;
use crate::filter::quotient;

/// How one row's filter was sized.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Sizing {
    /// m bits and k hashes (the standard, blocked and split-block Bloom filters).
    Bloom {
        /// Bits.
        m: u64,
        /// Hashes per item.
        k: u32,
    },
    /// m counters of `width` bits and k hashes.
    Counting {
        /// Counters.
        m: u64,
        /// Hashes per item.
        k: u32,
        /// Bits per counter.
        width: u32,
    },
    /// nb buckets of 4 slots of f bits.
    Cuckoo {
        /// Buckets.
        buckets: u64,
        /// Fingerprint bits.
        fingerprint_bits: u32,
    },
    /// 2^q slots of r remainder bits and 3 metadata bits.
    Quotient {
        /// Quotient bits.
        q: u32,
        /// Remainder bits.
        r: u32,
    },
    /// An array of fingerprints (xor, binary fuse, and the crates' versions).
    Fingerprints {
        /// Slots in the array.
        slots: u64,
        /// Bits per slot.
        bits: u32,
    },
    /// A ribbon's solution: slots of r bits, coefficient width w.
    Ribbon {
        /// Slots.
        slots: u64,
        /// Result bits per slot.
        r: u32,
        /// Coefficient width.
        w: u32,
    },
    /// The `qfilter` crate's filter, with its own fingerprint size.
    Qfilter {
        /// Fingerprint bits.
        fingerprint_bits: u32,
    },
}

/// The standard Bloom filter for n items at rate ε: m = ⌈n·ln(1/ε)/(ln 2)²⌉ and the best
/// whole k for (m, n).
pub fn bloom(n: u64, eps: f64) -> (u64, u32) {
    let m = math::optimal_m(n as f64, eps)
        .map_or(1, |m| m as u64)
        .max(1);
    (m, math::optimal_k(m, n))
}

/// RocksDB's blocked filter for n items at rate ε: the fewest bits per item (and its k)
/// at which 512-bit lines reach ε, m rounded up to whole lines.
pub fn blocked(n: u64, eps: f64) -> (u64, u32) {
    let (bits_per_item, k) = blocked_bits_per_item(eps).unwrap_or((64.0, 24));
    let lines = ((n as f64 * bits_per_item) / LINE_BITS as f64)
        .ceil()
        .max(1.0) as u64;
    (lines * LINE_BITS, k)
}

/// Parquet's split-block filter for n distinct values at rate ε, as its writers size it
/// (`optimal_num_of_bytes` in arrow-rs, `optimalNumOfBits` in parquet-java): bits =
/// −8n / ln(1 − ε^(1/8)), bytes = ⌊bits/8⌋ clamped to 32 B..128 MiB and rounded up to a
/// power of two. Returns m in bits.
pub fn split_block(n: u64, eps: f64) -> u64 {
    const MIN_BYTES: u64 = 32;
    const MAX_BYTES: u64 = 128 * 1024 * 1024;
    let bits = -8.0 * n as f64 / (1.0 - eps.powf(1.0 / 8.0)).ln();
    let bytes = ((bits as u64) / 8).clamp(MIN_BYTES, MAX_BYTES);
    bytes.next_power_of_two() * 8
}

/// The highest load at which efficient/cuckoofilter keeps its bucket count.
pub const CUCKOO_MAX_LOAD: f64 = 0.96;

/// The cuckoo filter for n items at rate ε: f = ⌈log2(2b/ε)⌉ bits (the paper's bound
/// ε ≤ 2b/2^f with b = 4 slots per bucket), at most 16; nb = the power of two at or above
/// n/4, doubled when the load n/(4·nb) would pass 0.96.
pub fn cuckoo(n: u64, eps: f64) -> (u64, u32) {
    let f = (2.0 * SLOTS_PER_BUCKET as f64 / eps).log2().ceil() as u32;
    let f = f.clamp(cuckoo::MIN_FINGERPRINT_BITS, cuckoo::MAX_FINGERPRINT_BITS);
    let mut buckets = n.div_ceil(SLOTS_PER_BUCKET).max(1).next_power_of_two();
    if n as f64 / (SLOTS_PER_BUCKET * buckets) as f64 > CUCKOO_MAX_LOAD {
        buckets *= 2;
    }
    (buckets, f)
}

/// The highest load the quotient filter is sized for.
pub const QUOTIENT_MAX_LOAD: f64 = 0.9;

/// The quotient filter for n items at rate ε: q with n ≤ 0.9 · 2^q, then the fewest r with
/// `1 − e^(−α/2^r) ≤ ε` at α = n/2^q ([`quotient::fpr`]).
pub fn quotient(n: u64, eps: f64) -> (u32, u32) {
    let mut q = quotient::MIN_QUOTIENT_BITS;
    while (n as f64) > QUOTIENT_MAX_LOAD * (1u64 << q) as f64 && q < quotient::MAX_QUOTIENT_BITS {
        q += 1;
    }
    let load = n as f64 / (1u64 << q) as f64;
    let mut r = quotient::MIN_REMAINDER_BITS;
    while quotient::fpr(load, r) > eps && r < quotient::MAX_REMAINDER_BITS {
        r += 1;
    }
    (q, r)
}

/// Fingerprint (or result) bits for rate ε: ⌈log2(1/ε)⌉, since a probe matches a stored
/// fingerprint of that many bits with chance 2^−bits.
pub fn fingerprint_bits(eps: f64) -> u32 {
    (1.0 / eps).log2().ceil().clamp(1.0, 16.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bloom_takes_one_point_four_four_times_the_limit() {
        let (m, k) = bloom(1_000_000, 1.0 / 256.0);
        let bits_per_item = m as f64 / 1e6;
        assert!((bits_per_item / 8.0 - 1.0 / std::f64::consts::LN_2).abs() < 1e-3);
        assert_eq!(k, 8);
    }

    #[test]
    fn parquet_rounds_its_bitset_up_to_a_power_of_two() {
        // ε^(1/8) = 1/2 at ε = 2^-8: bits = 8n / ln 2 = 11,541,561 → 1,442,695 bytes → 2 MiB.
        assert_eq!(split_block(1_000_000, 1.0 / 256.0), 2 * 1024 * 1024 * 8);
        assert_eq!(split_block(1, 0.01), 32 * 8);
    }

    #[test]
    fn the_cuckoo_rule_is_the_reference_libraries() {
        // 10^6 / 4 = 250,000 → 2^18 buckets at load 0.954 ≤ 0.96: kept.
        assert_eq!(cuckoo(1_000_000, 1.0 / 256.0), (1 << 18, 11));
        // 1,010,000 / 4 → 2^18 at load 0.963: doubled.
        assert_eq!(cuckoo(1_010_000, 0.01).0, 1 << 19);
        assert_eq!(cuckoo(10_000, 0.001).1, 13);
    }

    #[test]
    fn quotient_sizing_meets_its_target_at_its_load() {
        for eps in [1.0 / 256.0, 0.01, 0.001] {
            for n in [10_000u64, 100_000, 1_000_000] {
                let (q, r) = quotient(n, eps);
                let load = n as f64 / (1u64 << q) as f64;
                assert!(load <= QUOTIENT_MAX_LOAD && load > QUOTIENT_MAX_LOAD / 2.0);
                assert!(quotient::fpr(load, r) <= eps && quotient::fpr(load, r - 1) > eps);
            }
        }
    }

    #[test]
    fn fingerprints_take_the_ceiling_of_the_limit() {
        assert_eq!(fingerprint_bits(1.0 / 256.0), 8);
        assert_eq!(fingerprint_bits(0.01), 7);
        assert_eq!(fingerprint_bits(0.001), 10);
    }
}
