//! The xor filter (Graf and Lemire, "Xor Filters: Faster and Smaller Than Bloom and Cuckoo
//! Filters", ACM JEA 2020) as the authors' reference builds xor8 and xor16
//! (FastFilter/xor_singleheader, `include/xorfilter.h`), with f-bit fingerprints for any f
//! in 1..=16 (8 and 16 are the reference's).
//!
//! # How it works
//!
//! The array of c slots is three blocks of L = c / 3 slots; a key has one slot per block:
//!
//! ```text
//! capacity c = ⌊(32 + 1.23·n) / 3⌋ · 3      L = c / 3        (xor8_allocate)
//! hash = murmur64(key + seed)
//! h0 = reduce(hash mod 2^32, L)                                  block 0
//! h1 = reduce(rotl64(hash, 21) mod 2^32, L) + L                  block 1
//! h2 = reduce(rotl64(hash, 42) mod 2^32, L) + 2·L                block 2
//! reduce(x, L) = ⌊x · L / 2^32⌋                                  (xor_reduce)
//! fp = (hash ⊕ (hash >> 32)) mod 2^f
//! ```
//!
//! The reference rounds the capacity `32 + 1.23·n` (truncated) down to a multiple of 3, not
//! up: here too, so that n = 8 gives c = 39 (L = 13) and n = 10^6 gives c = 1,230,030,
//! about 9.84 bits per key at f = 8. Its seeds are drawn from the rng state 1
//! ([`XOR_RNG_START`]); the peeling keeps one stack of single-key slots per block
//! ([`super::peeling::build`]). For distinct keys the array is the reference's, slot for
//! slot, except slots given to no key, which hold 0 here.

use super::peeling::{PeelError, PeeledFilter, PeelingShape, MAX_KEYS};

/// The rng state xor8_populate and xor16_populate draw their seeds from.
pub const XOR_RNG_START: u64 = 1;
/// Eight words whose xor filter (f = 8, c = 39) fails at its first seed, drawn from
/// [`XOR_RNG_START`], and is built at its second: the first 8-word combination of
/// [`RETRY_SEARCH_WORDS`] (in lexicographic order of positions) that fails.
pub const XOR_RETRY_WORDS: [&str; 8] = ["ant", "bee", "cat", "cow", "dog", "eel", "pig", "bat"];
/// The words searched for [`XOR_RETRY_WORDS`] and [`super::fuse::FUSE_RETRY_WORDS`].
pub const RETRY_SEARCH_WORDS: [&str; 20] = [
    "ant", "bee", "cat", "cow", "dog", "eel", "elk", "emu", "fox", "gnu", "hen", "jay", "owl",
    "pig", "rat", "yak", "ape", "bat", "cod", "doe",
];
/// The most slots a block may have: the array's three blocks fit in 32 bits.
pub const MAX_BLOCK_LENGTH: u32 = u32::MAX / 3;

/// The xor filter: a [`PeeledFilter`] with three blocks.
pub type XorFilter = PeeledFilter<XorShape>;

/// The size of a xor filter: three blocks of L slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XorShape {
    block_length: u32,
}

impl XorShape {
    /// The reference's capacity for n keys, `⌊(32 + 1.23·n) / 3⌋ · 3` (the sum computed in
    /// f64 and truncated, as `xor8_allocate` does).
    pub fn capacity(keys: u64) -> u64 {
        let capacity = (32.0 + 1.23 * keys as f64) as u64;
        capacity / 3 * 3
    }

    /// Three blocks of `block_length` slots (1..=[`MAX_BLOCK_LENGTH`]), whatever the number
    /// of keys: a smaller array than the reference's makes failures likely.
    pub fn with_block_length(block_length: u32) -> Result<Self, PeelError> {
        if block_length == 0 {
            return Err(PeelError::EmptyShape);
        }
        if block_length > MAX_BLOCK_LENGTH {
            return Err(PeelError::TooLarge {
                bits: 3 * block_length as u64,
            });
        }
        Ok(XorShape { block_length })
    }

    /// The block length L.
    pub fn block_length(&self) -> u32 {
        self.block_length
    }

    /// The key's block-0, block-1 and block-2 offsets before adding 0, L and 2·L.
    fn reduced(&self, hash: u64) -> [u32; 3] {
        [hash, hash.rotate_left(21), hash.rotate_left(42)]
            .map(|r| reduce(r as u32, self.block_length))
    }
}

/// Lemire's fast alternative to `x mod n`: `⌊x · n / 2^32⌋`, in 0..n (`xor_reduce`).
#[inline]
pub fn reduce(x: u32, n: u32) -> u32 {
    ((x as u64 * n as u64) >> 32) as u32
}

impl PeelingShape for XorShape {
    const RNG_START: u64 = XOR_RNG_START;

    fn for_keys(distinct_keys: u64) -> Result<Self, PeelError> {
        if distinct_keys > MAX_KEYS {
            return Err(PeelError::TooManyKeys {
                requested: distinct_keys,
            });
        }
        XorShape::with_block_length((XorShape::capacity(distinct_keys) / 3) as u32)
    }

    fn array_length(&self) -> u32 {
        3 * self.block_length
    }

    fn slots(&self, hash: u64) -> [u32; 3] {
        let [r0, r1, r2] = self.reduced(hash);
        [r0, r1 + self.block_length, r2 + 2 * self.block_length]
    }

    fn stack_count(&self) -> usize {
        3
    }

    fn stack_of(&self, slot: u32) -> usize {
        (slot / self.block_length) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_slot_lies_in_its_own_block_and_its_stack_is_its_block() {
        let shape = XorShape::with_block_length(13).unwrap();
        for i in 0..10_000u64 {
            let hash = super::super::peeling::mix_split(i, 7);
            for (block, slot) in shape.slots(hash).into_iter().enumerate() {
                assert_eq!(slot / 13, block as u32);
                assert_eq!(shape.stack_of(slot), block);
            }
        }
    }

    #[test]
    fn reduce_maps_32_bits_onto_0_to_n() {
        assert_eq!(reduce(0, 13), 0);
        assert_eq!(reduce(u32::MAX, 13), 12);
        assert_eq!(reduce(1 << 31, 13), 6);
    }

    #[test]
    fn the_capacity_is_rounded_down_to_a_multiple_of_3() {
        // 32 + 1.23 · 2 = 34.46 → 34 → 33, where rounding up would give 36.
        assert_eq!(XorShape::capacity(2), 33);
        assert_eq!(XorShape::for_keys(2).unwrap().block_length(), 11);
    }
}
