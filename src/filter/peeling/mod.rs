//! What the xor filter ([`super::xor`]) and the binary fuse filter ([`super::fuse`]) share:
//! the 64-bit keys, the hash of a key under a seed, the fingerprint, the construction by
//! peeling a 3-hypergraph ([`build`], its walk in [`walk`]) and the query.
//!
//! # How it works
//!
//! A filter of this kind is an array B of c slots of f-bit values, built once from all n
//! keys. Each key has three slots `h0, h1, h2` (the shape's rule, [`PeelingShape::slots`])
//! and an f-bit fingerprint, and the array is filled so that every key's equation holds:
//!
//! ```text
//! B[h0] ⊕ B[h1] ⊕ B[h2] = fp(key)
//! ```
//!
//! A query computes the same three slots and fingerprint and answers "probably in the set"
//! when the equation holds; a key never added satisfies it by chance with probability
//! 2^-f. Everything is derived from the key and the construction seed as the authors'
//! reference implementation (FastFilter/xor_singleheader, `include/xorfilter.h` and
//! `include/binaryfusefilter.h`) derives it:
//!
//! ```text
//! key   = low 64 bits of murmur3_x64_128(item bytes, seed 0)          (key_of)
//! hash  = murmur64(key + seed mod 2^64)                               (xor_mix_split)
//! fp    = (hash ⊕ (hash >> 32)) mod 2^f                               (xor_fingerprint)
//! seeds = splitmix64 draws from an rng state: state += 0x9e3779b97f4a7c15, seed = mix(state)
//! ```
//!
//! The array is filled by peeling: count the keys of each slot; a slot holding exactly one
//! key can be given to that key, since no other key reads it; remove that key from its
//! other two slots, which may leave them with one key; repeat. When every key is peeled,
//! the slots are set in reverse peeling order, each to `fp ⊕ B[other1] ⊕ B[other2]`: the
//! slots a later-peeled key reads are already final, and no earlier key reads the slot
//! being set. When keys remain (a 2-core: every slot of theirs holds two keys or more) the
//! attempt fails and starts again with the next seed, at most [`MAX_ATTEMPTS`] times.

pub mod build;
pub mod walk;

use super::error::MAX_BITS;
use super::experiment::{splitmix64, GOLDEN_GAMMA};
use super::hashing::murmur3_x64_128;

pub use walk::{Assignment, ConstructionWalk, PeelAttempt, PeelEvent};

/// The smallest fingerprint, in bits.
pub const MIN_FINGERPRINT_BITS: u32 = 1;
/// The largest fingerprint, in bits (values are stored as `u16`).
pub const MAX_FINGERPRINT_BITS: u32 = 16;
/// The most construction attempts (seeds) before giving up, the reference's
/// `XOR_MAX_ITERATIONS`.
pub const MAX_ATTEMPTS: u32 = 100;
/// The most distinct keys a shape is made for: every slot count then fits in 32 bits.
pub const MAX_KEYS: u64 = 1 << 26;

/// Why a filter could not be built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeelError {
    /// A fingerprint size outside 1..=16 bits.
    FingerprintBits {
        /// The f asked for.
        requested: u32,
    },
    /// More distinct keys than [`MAX_KEYS`].
    TooManyKeys {
        /// The number of distinct keys.
        requested: u64,
    },
    /// A shape of no slot at all (a block or segment length of 0).
    EmptyShape,
    /// An array of more than [`MAX_BITS`] bits (slots × fingerprint bits), the cap of every
    /// filter of the page.
    TooLarge {
        /// The array's bits.
        bits: u64,
    },
    /// Every one of [`MAX_ATTEMPTS`] seeds left a 2-core.
    Unpeelable {
        /// The attempts made.
        attempts: u32,
    },
}

/// The rule that gives a key's three slots from its hash: the xor filter's
/// ([`super::xor::XorShape`]) or the binary fuse filter's ([`super::fuse::FuseShape`]).
pub trait PeelingShape: Clone {
    /// The reference's initial rng state, from which the seeds are drawn.
    const RNG_START: u64;

    /// The reference's shape for `distinct_keys` keys.
    fn for_keys(distinct_keys: u64) -> Result<Self, PeelError>;

    /// The array's length c, in slots.
    fn array_length(&self) -> u32;

    /// The three slots of a key whose hash is `hash`, all different and below c.
    fn slots(&self, hash: u64) -> [u32; 3];

    /// How many stacks of single-key slots the peeling keeps: the reference's xor filter
    /// keeps one per block (3), its binary fuse filter one in all (1).
    fn stack_count(&self) -> usize;

    /// The stack a single-key slot waits in.
    fn stack_of(&self, slot: u32) -> usize;
}

/// An item's 64-bit key: the low 64 bits (murmur3's h1) of `murmur3_x64_128(item, 0)`.
pub fn key_of(item: &[u8]) -> u64 {
    murmur3_x64_128(item) as u64
}

/// The keys of `items`, sorted and without repeats: the set a filter is built from (the
/// page's item log may repeat an item, and two keys alike would share all three slots and
/// never peel).
pub fn distinct_keys(keys: &[u64]) -> Vec<u64> {
    let mut keys = keys.to_vec();
    crate::heap_sort::sort_u64(&mut keys);
    keys.dedup();
    keys
}

/// The reference's `xor_murmur64`, murmur3's 64-bit finaliser: a bijection of 64 bits.
#[inline]
pub fn murmur64(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The hash of `key` under `seed`, `murmur64(key + seed mod 2^64)` (`xor_mix_split`).
#[inline]
pub fn mix_split(key: u64, seed: u64) -> u64 {
    murmur64(key.wrapping_add(seed))
}

/// The next seed from the rng state (`xor_rng_splitmix64`): the state grows by
/// 0x9e3779b97f4a7c15 and the seed is SplitMix64's mix of the new state.
#[inline]
pub fn next_seed(rng_state: &mut u64) -> u64 {
    *rng_state = rng_state.wrapping_add(GOLDEN_GAMMA);
    splitmix64(*rng_state)
}

/// The f-bit fingerprint of a hash, `(hash ⊕ (hash >> 32)) mod 2^f` (`xor_fingerprint`
/// truncated to f bits: the reference's xor8 and xor16 keep 8 and 16).
#[inline]
pub fn fingerprint_of(hash: u64, fingerprint_bits: u32) -> u16 {
    ((hash ^ (hash >> 32)) & fingerprint_mask(fingerprint_bits)) as u16
}

/// `2^f − 1`.
#[inline]
fn fingerprint_mask(fingerprint_bits: u32) -> u64 {
    (1u64 << fingerprint_bits) - 1
}

/// Refuses a fingerprint size outside 1..=16 bits.
pub fn check_fingerprint_bits(fingerprint_bits: u32) -> Result<(), PeelError> {
    if (MIN_FINGERPRINT_BITS..=MAX_FINGERPRINT_BITS).contains(&fingerprint_bits) {
        Ok(())
    } else {
        Err(PeelError::FingerprintBits {
            requested: fingerprint_bits,
        })
    }
}

/// Refuses an array of no slot or of more than [`MAX_BITS`] bits.
fn check_array<S: PeelingShape>(shape: &S, fingerprint_bits: u32) -> Result<(), PeelError> {
    let bits = shape.array_length() as u64 * fingerprint_bits as u64;
    if shape.array_length() == 0 {
        Err(PeelError::EmptyShape)
    } else if bits > MAX_BITS {
        Err(PeelError::TooLarge { bits })
    } else {
        Ok(())
    }
}

/// A built filter: the shape, the seed that peeled, and the array B of f-bit values.
#[derive(Debug, Clone, PartialEq)]
pub struct PeeledFilter<S> {
    shape: S,
    seed: u64,
    attempts: u32,
    fingerprint_bits: u32,
    keys: u64,
    fingerprints: Vec<u16>,
}

/// A query, step by step: the three slots, their values, their XOR against the fingerprint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryBreakdown {
    /// The key asked for.
    pub key: u64,
    /// Its hash under the filter's seed, `murmur64(key + seed)`.
    pub hash: u64,
    /// Its slots `[h0, h1, h2]`.
    pub slots: [u32; 3],
    /// The values `B[h0], B[h1], B[h2]`.
    pub values: [u16; 3],
    /// `B[h0] ⊕ B[h1] ⊕ B[h2]`.
    pub xor: u16,
    /// The key's fingerprint.
    pub fingerprint: u16,
    /// `xor == fingerprint`: "probably in the set"; otherwise "definitely not".
    pub contains: bool,
}

impl<S: PeelingShape> PeeledFilter<S> {
    /// The filter's shape.
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The seed of the attempt that peeled.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The attempts made, 1 when the first seed peeled.
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// The fingerprint size f in bits.
    pub fn fingerprint_bits(&self) -> u32 {
        self.fingerprint_bits
    }

    /// The number of distinct keys built from.
    pub fn len(&self) -> u64 {
        self.keys
    }

    /// Whether the filter was built from no key.
    pub fn is_empty(&self) -> bool {
        self.keys == 0
    }

    /// The array B, one f-bit value per slot (slots no key was given hold 0).
    pub fn fingerprints(&self) -> &[u16] {
        &self.fingerprints
    }

    /// The key's hash under the filter's seed.
    pub fn hash(&self, key: u64) -> u64 {
        mix_split(key, self.seed)
    }

    /// The key's slots `[h0, h1, h2]`.
    pub fn positions(&self, key: u64) -> [u32; 3] {
        self.shape.slots(self.hash(key))
    }

    /// The key's f-bit fingerprint.
    pub fn fingerprint(&self, key: u64) -> u16 {
        fingerprint_of(self.hash(key), self.fingerprint_bits)
    }

    /// Whether `B[h0] ⊕ B[h1] ⊕ B[h2]` equals the key's fingerprint: always for a key built
    /// from, with probability 2^-f for any other.
    pub fn contains(&self, key: u64) -> bool {
        let hash = self.hash(key);
        let [h0, h1, h2] = self.shape.slots(hash);
        let b = &self.fingerprints;
        b[h0 as usize] ^ b[h1 as usize] ^ b[h2 as usize]
            == fingerprint_of(hash, self.fingerprint_bits)
    }

    /// The query of `key`, step by step.
    pub fn query(&self, key: u64) -> QueryBreakdown {
        let hash = self.hash(key);
        let slots = self.shape.slots(hash);
        let values = slots.map(|s| self.fingerprints[s as usize]);
        let xor = values[0] ^ values[1] ^ values[2];
        let fingerprint = fingerprint_of(hash, self.fingerprint_bits);
        QueryBreakdown {
            key,
            hash,
            slots,
            values,
            xor,
            fingerprint,
            contains: xor == fingerprint,
        }
    }

    /// The array's size in bits, c · f (the seed and the shape's few numbers not counted).
    pub fn memory_bits(&self) -> u64 {
        self.fingerprints.len() as u64 * self.fingerprint_bits as u64
    }

    /// Bits per key, c · f / n (0 for an empty filter).
    pub fn bits_per_item(&self) -> f64 {
        if self.keys == 0 {
            0.0
        } else {
            self.memory_bits() as f64 / self.keys as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_keeps_the_low_f_bits_of_hash_xor_its_high_half() {
        let hash = 0x1234_5678_9abc_def0;
        assert_eq!(fingerprint_of(hash, 16), 0xdef0 ^ 0x5678);
        assert_eq!(fingerprint_of(hash, 8), 0xf0 ^ 0x78);
        assert_eq!(fingerprint_of(hash, 1), 0);
        assert_eq!(fingerprint_of(u64::MAX, 16), 0);
    }

    #[test]
    fn distinct_keys_sorts_and_drops_repeats() {
        assert_eq!(distinct_keys(&[5, 1, 5, 3, 1]), vec![1, 3, 5]);
        assert!(distinct_keys(&[]).is_empty());
    }

    #[test]
    fn fingerprint_bits_outside_1_to_16_are_refused() {
        assert!(check_fingerprint_bits(1).is_ok() && check_fingerprint_bits(16).is_ok());
        assert_eq!(
            check_fingerprint_bits(0),
            Err(PeelError::FingerprintBits { requested: 0 })
        );
        assert_eq!(
            check_fingerprint_bits(17),
            Err(PeelError::FingerprintBits { requested: 17 })
        );
    }
}
