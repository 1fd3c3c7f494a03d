//! The binary fuse filter of arity 3 (Graf and Lemire, "Binary Fuse Filters: Fast and
//! Smaller Than Xor Filters", ACM JEA 2022) as the authors' reference builds binary_fuse8
//! (FastFilter/xor_singleheader, `include/binaryfusefilter.h`), with f-bit fingerprints
//! for any f in 1..=16 (8 is the reference's binary_fuse8, 16 its binary_fuse16).
//!
//! # How it works
//!
//! The array is cut into segments of L slots (a power of two). A key's three slots lie in
//! three consecutive segments, starting at a segment chosen among the first s (the segment
//! count), so the array has s + 2 segments:
//!
//! ```text
//! L      = 2^⌊ln n / ln 3.33 + 2.25⌋, at most 2^18 (4 for n = 0)
//! factor = max(1.125, 0.875 + 0.25 · ln 10^6 / ln n)   (0 for n ≤ 1)
//! target = round(n · factor)                           (0 for n ≤ 1)
//! s      = max(1, ⌈target / L⌉ − 2)
//! c      = (s + 2) · L                                 the array length
//! hash   = murmur64(key + seed)
//! h0 = ⌊hash · s·L / 2^64⌋       (mulhi: the start, anywhere in the first s segments)
//! h1 = (h0 + L) ⊕ ((hash >> 18) mod L)
//! h2 = (h0 + 2·L) ⊕ (hash mod L)
//! fp = (hash ⊕ (hash >> 32)) mod 2^f
//! ```
//!
//! XORing the offset within a segment keeps h1 and h2 in the segments after h0's. Keys
//! that share a start share a window of three segments; the windows overlap, so peeling
//! runs from one end to the other like a fuse, and an array only about 1.125 times the
//! keys peels when n is large (the xor filter's three independent blocks need 1.23). For a
//! few dozen keys the factor is large (about 1.9 at n = 30) and the array is at least
//! three whole segments, so the binary fuse filter then needs more room than the xor
//! filter's `32 + 1.23·n`: [`FuseShape`] gives every number of the rule at a given n.
//!
//! The reference draws its seeds from the rng state 0x726b2b9d438b9d4d
//! ([`FUSE_RNG_START`]) and peels with one stack ([`super::peeling::build`]); for distinct
//! keys the array is the reference's, slot for slot. The reference computes c in 32-bit
//! unsigned arithmetic, where `⌈target / L⌉ − 2` wraps below 0; its result is the `max`
//! above.

use super::peeling::{PeelError, PeeledFilter, PeelingShape, MAX_KEYS};

/// The rng state binary_fuse8_populate draws its seeds from.
pub const FUSE_RNG_START: u64 = 0x726b_2b9d_438b_9d4d;
/// Eight words whose binary fuse filter (f = 8, c = 24) fails at its first seed, drawn from
/// [`FUSE_RNG_START`], and is built at its second: the first 8-word combination of
/// [`super::xor::RETRY_SEARCH_WORDS`] that fails.
pub const FUSE_RETRY_WORDS: [&str; 8] = ["ant", "bee", "cat", "cow", "dog", "eel", "elk", "ape"];
/// The largest segment length, 2^18 (the reference's cap).
pub const MAX_SEGMENT_LENGTH: u32 = 1 << 18;
/// The arity: three slots per key.
const ARITY: u32 = 3;

/// The binary fuse filter: a [`PeeledFilter`] with consecutive segments.
pub type BinaryFuseFilter = PeeledFilter<FuseShape>;

/// The size of a binary fuse filter and the numbers of its sizing rule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FuseShape {
    keys: u64,
    size_factor: f64,
    target: u32,
    segment_length: u32,
    segment_count: u32,
}

impl FuseShape {
    /// The reference's shape for `keys` distinct keys (`binary_fuse8_allocate`).
    pub fn for_keys(keys: u64) -> Result<Self, PeelError> {
        if keys > MAX_KEYS {
            return Err(PeelError::TooManyKeys { requested: keys });
        }
        let n = keys as f64;
        let segment_length = if keys == 0 {
            4
        } else {
            let exponent = (n.ln() / 3.33f64.ln() + 2.25).floor() as u32;
            (1u32 << exponent).min(MAX_SEGMENT_LENGTH)
        };
        let (size_factor, target) = if keys <= 1 {
            (0.0, 0)
        } else {
            let factor = (0.875 + 0.25 * 1_000_000f64.ln() / n.ln()).max(1.125);
            (factor, (n * factor).round() as u32)
        };
        let segment_count = target
            .div_ceil(segment_length)
            .saturating_sub(ARITY - 1)
            .max(1);
        Ok(FuseShape {
            keys,
            size_factor,
            target,
            segment_length,
            segment_count,
        })
    }

    /// `segment_count` segments of `segment_length` slots (a power of two, at most 2^18)
    /// to start in, whatever the number of keys: a smaller array than the reference's
    /// makes failures likely.
    pub fn with_segments(segment_length: u32, segment_count: u32) -> Result<Self, PeelError> {
        let length = (segment_count as u64 + 2) * segment_length as u64;
        if segment_count == 0 || !segment_length.is_power_of_two() {
            return Err(PeelError::EmptyShape);
        }
        if segment_length > MAX_SEGMENT_LENGTH || length > u32::MAX as u64 {
            return Err(PeelError::TooLarge { bits: length });
        }
        Ok(FuseShape {
            keys: 0,
            size_factor: 0.0,
            target: 0,
            segment_length,
            segment_count,
        })
    }

    /// The number of keys the rule was applied to (0 for [`Self::with_segments`]).
    pub fn keys(&self) -> u64 {
        self.keys
    }

    /// The size factor, `max(1.125, 0.875 + 0.25 · ln 10^6 / ln n)`, 0 for n ≤ 1.
    pub fn size_factor(&self) -> f64 {
        self.size_factor
    }

    /// The slots the factor asks for, `round(n · factor)`, before whole segments are added.
    pub fn target(&self) -> u32 {
        self.target
    }

    /// The segment length L.
    pub fn segment_length(&self) -> u32 {
        self.segment_length
    }

    /// The number of segments a key may start in, s.
    pub fn segment_count(&self) -> u32 {
        self.segment_count
    }

    /// The slots a key's first position ranges over, s · L.
    pub fn segment_count_length(&self) -> u32 {
        self.segment_count * self.segment_length
    }

    /// The array length c = (s + 2) · L.
    pub fn array_length(&self) -> u32 {
        (self.segment_count + ARITY - 1) * self.segment_length
    }
}

/// The high 64 bits of the 128-bit product `a · b` (`binary_fuse_mulhi`).
#[inline]
pub fn mulhi(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) >> 64) as u64
}

impl PeelingShape for FuseShape {
    const RNG_START: u64 = FUSE_RNG_START;

    fn for_keys(distinct_keys: u64) -> Result<Self, PeelError> {
        FuseShape::for_keys(distinct_keys)
    }

    fn array_length(&self) -> u32 {
        FuseShape::array_length(self)
    }

    fn slots(&self, hash: u64) -> [u32; 3] {
        let mask = self.segment_length - 1;
        let h0 = mulhi(hash, self.segment_count_length() as u64) as u32;
        let h1 = (h0 + self.segment_length) ^ ((hash >> 18) as u32 & mask);
        let h2 = (h0 + 2 * self.segment_length) ^ (hash as u32 & mask);
        [h0, h1, h2]
    }

    fn stack_count(&self) -> usize {
        1
    }

    fn stack_of(&self, _slot: u32) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keys_slots_lie_in_three_consecutive_segments() {
        for keys in [2, 30, 1000, 100_000] {
            let shape = FuseShape::for_keys(keys).unwrap();
            let l = shape.segment_length();
            for i in 0..10_000u64 {
                let [h0, h1, h2] = shape.slots(super::super::peeling::mix_split(i, 3));
                assert!(h0 < shape.segment_count_length());
                assert_eq!((h1 / l, h2 / l), (h0 / l + 1, h0 / l + 2));
                assert!(h2 < shape.array_length());
            }
        }
    }

    #[test]
    fn mulhi_is_the_high_half_of_the_product() {
        assert_eq!(mulhi(u64::MAX, u64::MAX), u64::MAX - 1);
        assert_eq!(mulhi(1 << 63, 96), 48);
    }
}
