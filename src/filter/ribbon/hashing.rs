//! What the ribbon filter derives from one key and a seed, as RocksDB's `StandardHasher`
//! (`util/ribbon_impl.h`) derives it under the settings of RocksDB's own filter
//! (`Standard128RibbonRehasherTypesAndSettings` in `table/block_based/filter_policy.cc`):
//! the key is already a 64-bit hash, re-hashed with the seed by `StandardRehasher`; no
//! "smash"; the first coefficient always 1; `Hash` = u64, `Seed` = u32.
//!
//! ```text
//! key       = low 64 bits of murmur3_x64_128(item)                  (murmur3's h1)
//! raw_seed  = mix(ordinal seed)                                      (SetOrdinalSeed)
//!             t = seed · 0xc78219a23eeadd03 mod 2^64;  t ^= (t & 0xf0f0…f0) >> 4;  low 32 bits
//! h         = (key XOR raw_seed) · 0x6193d459236a3a0d mod 2^64       (StandardRehasher)
//! start     = ⌊h · num_starts / 2^64⌋                                (FastRange, in [0, num_starts))
//! a         = h · 0xc28f82822b650bed mod 2^64
//! coeff     = (low w bits of a) OR 1                                 (GetCoeffRow)
//! fp        = byte_swap(a) AND (2^r − 1)                             (GetResultRowFromHash)
//! ```
//!
//! RocksDB's filter has w = 128 and a 32-bit result row; here w is 64 or 32 (RocksDB's
//! `GetCoeffRow` for a `CoeffRow` of that size: the product's low w bits) and r is 1..=16.
//! RocksDB takes the result row as the low bits of the byte-swapped product, i.e. its most
//! independent high bytes, truncated to the `ResultRow` type; masking to r bits gives
//! exactly RocksDB's `uint8_t` row at r = 8 and its `uint16_t` row at r = 16. RocksDB's
//! filter hashes keys with XXH3; the page's key is murmur3's h1 instead.

/// `StandardRehasher`'s multiplier, which applies a raw seed to a key.
pub const REHASH_FACTOR: u64 = 0x6193_d459_236a_3a0d;
/// `StandardHasher`'s multiplier for the coefficient row and the result row.
pub const COEFF_AND_RESULT_FACTOR: u64 = 0xc28f_8282_2b65_0bed;
/// `SetOrdinalSeed`'s multiplier from an ordinal seed to a raw seed.
pub const TO_RAW_SEED_FACTOR: u64 = 0xc782_19a2_3eea_dd03;
/// `SetOrdinalSeed`'s within-byte mixing mask (shifted right by 4).
pub const SEED_MIX_MASK: u64 = 0xf0f0_f0f0_f0f0_f0f0;

/// The item's 64-bit key: murmur3_x64_128's h1 (its low 64 bits), seed 0, the same key as
/// the xor and binary fuse filters'.
pub use crate::filter::peeling::key_of;

/// The raw seed of an ordinal seed (`StandardHasher::SetOrdinalSeed`): a one-to-one mix, so
/// that consecutive ordinal seeds change many bits of the hash.
pub fn raw_seed(ordinal_seed: u32) -> u32 {
    let mut mixed = u64::from(ordinal_seed).wrapping_mul(TO_RAW_SEED_FACTOR);
    mixed ^= (mixed & SEED_MIX_MASK) >> 4;
    mixed as u32
}

/// The seeded 64-bit hash of a key, `(key XOR raw_seed) · 0x6193d459236a3a0d mod 2^64`.
pub fn seeded_hash(key: u64, raw_seed: u32) -> u64 {
    (key ^ u64::from(raw_seed)).wrapping_mul(REHASH_FACTOR)
}

/// The start slot, `⌊h · num_starts / 2^64⌋` (FastRange: in `[0, num_starts)`, decided by
/// h's high bits).
pub fn start_of(hash: u64, num_starts: u64) -> u64 {
    ((u128::from(hash) * u128::from(num_starts)) >> 64) as u64
}

/// The w-bit coefficient row, the low w bits of `h · 0xc28f82822b650bed` with bit 0 set.
pub fn coeff_row_of(hash: u64, width: u32) -> u64 {
    let product = hash.wrapping_mul(COEFF_AND_RESULT_FACTOR);
    (product & width_mask(width)) | 1
}

/// The r-bit result row (the fingerprint), `byte_swap(h · 0xc28f82822b650bed)` masked to r
/// bits.
pub fn result_row_of(hash: u64, result_bits: u32) -> u16 {
    let product = hash.wrapping_mul(COEFF_AND_RESULT_FACTOR);
    (product.swap_bytes() & result_mask(result_bits)) as u16
}

/// `2^w − 1` for w = 1..=64.
pub(super) fn width_mask(width: u32) -> u64 {
    u64::MAX >> (64 - width)
}

/// `2^r − 1` for r = 1..=16.
pub(super) fn result_mask(result_bits: u32) -> u64 {
    (1u64 << result_bits) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_seeds_invert_with_rocksdbs_inverse_factor() {
        // GetOrdinalSeed: undo the byte mix (its own inverse), multiply by the inverse.
        const FROM_RAW_SEED_FACTOR: u64 = 0xfe1a_137d_14b4_75ab;
        assert_eq!(TO_RAW_SEED_FACTOR.wrapping_mul(FROM_RAW_SEED_FACTOR), 1);
        for ordinal in [0u32, 1, 2, 7, 255, 65_536, u32::MAX] {
            let mut mixed = u64::from(raw_seed(ordinal));
            mixed ^= (mixed & SEED_MIX_MASK) >> 4;
            assert_eq!(mixed.wrapping_mul(FROM_RAW_SEED_FACTOR) as u32, ordinal);
        }
        assert_eq!(raw_seed(0), 0, "ordinal seed 0 is raw seed 0");
    }

    #[test]
    fn start_coeff_and_fp_stay_in_their_ranges() {
        for i in 0..10_000u64 {
            let h = seeded_hash(crate::filter::experiment::splitmix64(i), raw_seed(3));
            assert!(start_of(h, 1000) < 1000);
            assert_eq!(start_of(h, 1), 0);
            let coeff32 = coeff_row_of(h, 32);
            assert_eq!(coeff32 & 1, 1);
            assert!(coeff32 <= u64::from(u32::MAX));
            assert_eq!(coeff_row_of(h, 64) & 1, 1);
            assert_eq!(coeff_row_of(h, 64) as u32, coeff32 as u32);
            assert!(result_row_of(h, 5) < 32);
        }
    }

    #[test]
    fn the_8_bit_fingerprint_is_the_products_top_byte() {
        // RocksDB's uint8_t result row: the low byte of the byte-swapped product.
        let h = 0x0123_4567_89ab_cdef_u64;
        let product = h.wrapping_mul(COEFF_AND_RESULT_FACTOR);
        assert_eq!(u64::from(result_row_of(h, 8)), product >> 56);
    }

    #[test]
    fn the_key_is_murmur3s_h1() {
        // murmur3_x64_128("hello", seed 0) = cbd8a7b341bd9b02 5b1e906a48ae1d19 (h1, h2).
        assert_eq!(key_of(b"hello"), 0xcbd8_a7b3_41bd_9b02);
    }
}
