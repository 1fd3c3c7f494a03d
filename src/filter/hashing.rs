//! Hash families and the double-hashing rule that turns one hash into k positions.
//!
//! Both families hash the item's raw UTF-8 bytes exactly as typed (no terminator, no
//! normalisation) and split the result into two numbers `h1` and `h2`:
//!
//! | family  | hash of the bytes                  | `h1`                | `h2`            |
//! |---------|------------------------------------|---------------------|-----------------|
//! | FNV-1a  | `h = fnv1a64(bytes)`               | `h & 0xffff_ffff`   | `h >> 32`       |
//! | murmur3 | `x = murmur3_x64_128(bytes, 0)`    | low 64 bits of `x`  | high 64 bits    |
//!
//! FNV-1a comes from the `fnv` crate and murmur3 from the `murmur3` crate; the tests check
//! both against published test vectors, murmur3 also against Austin Appleby's reference
//! algorithm written out in the tests, and positions against a table computed in Python.
//!
//! Position `i` (for `i = 0..k-1`) is `pos_i = ((h1 + i·h2) mod 2^64) mod m`. For FNV-1a the
//! sum never exceeds 2^64, so this is plainly `(h1 + i·h2) mod m`.
//!
//! The third family, `seed000`, is the filter of seed 000's C program: hash i is the i-th of
//! its six string hashes (HFLP, Str, HF, DEK, Tianl, SDBM, see [`super::classic_hashes`]) and
//! `pos_i = hash_i(bytes) mod m`. It has no `h1`/`h2` and at most six hashes.
//!
//! In the partitioned layout ([`Layout::Partitioned`]) hash i owns the slice of
//! `s = ⌊m / k⌋` bits from `i·s`, and `pos_i = i·s + v_i mod s`, where `v_i` is the value
//! the standard layout reduces mod m (`(h1 + i·h2) mod 2^64`, or the seed's hash i).
//!
//! The blocked layouts keep all of an item's bits in one block, as real systems do:
//! [`Layout::Blocked`] is RocksDB's cache-local filter (512-bit lines, see
//! [`super::blocked`]) and [`Layout::SplitBlock`] is Parquet's split-block filter (256-bit
//! blocks of eight 32-bit words hashed with xxHash64, see [`super::split_block`]). The rule
//! of each layout, made with the filter's shape, is in [`super::positions`].
//!
//! Everything is computed in `u64`, never `usize`, so wasm32 and x86_64 give the same
//! numbers. A few lines of Python reproduce any position:
//!
//! ```text
//! def fnv1a64(b):
//!     h = 0xcbf29ce484222325
//!     for c in b: h = ((h ^ c) * 0x100000001b3) % 2**64
//!     return h
//! h = fnv1a64("apple".encode()); h1, h2 = h & 0xffffffff, h >> 32
//! [(h1 + i*h2) % 16 for i in range(3)]        # FNV-1a, m = 16, k = 3
//! d = mmh3.hash_bytes(b"apple", 0)            # murmur3 x64_128, 16 bytes
//! h1, h2 = int.from_bytes(d[:8], "little"), int.from_bytes(d[8:], "little")
//! [((h1 + i*h2) % 2**64) % 16 for i in range(3)]
//! ```

use std::hash::Hasher;

use super::classic_hashes::ClassicHash;

/// Which hash function a filter uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum HashFamily {
    /// FNV-1a, 64-bit (the `fnv` crate), split into two 32-bit halves.
    Fnv1a,
    /// MurmurHash3 x64_128 with seed 0, split into two 64-bit halves: the page's default.
    #[default]
    Murmur3,
    /// Seed 000's six string hashes, one per position (k ≤ 6).
    Seed000,
}

impl HashFamily {
    /// Every family, in the order the UI lists them.
    pub const ALL: [HashFamily; 3] = [HashFamily::Fnv1a, HashFamily::Murmur3, HashFamily::Seed000];

    /// The families that derive k positions from one `(h1, h2)` pair (double hashing).
    pub const DOUBLE_HASHING: [HashFamily; 2] = [HashFamily::Fnv1a, HashFamily::Murmur3];

    /// The short key used in URLs: `fnv`, `murmur3` or `seed000`.
    pub fn key(self) -> &'static str {
        match self {
            HashFamily::Fnv1a => "fnv",
            HashFamily::Murmur3 => "murmur3",
            HashFamily::Seed000 => "seed000",
        }
    }

    /// This family if it has an `(h1, h2)` pair, else murmur3: the family of structures
    /// that derive any number of positions from one pair (a sketch's d rows, a store's
    /// filter of any k).
    pub fn with_pair_or_murmur3(self) -> Self {
        if HashFamily::DOUBLE_HASHING.contains(&self) {
            self
        } else {
            HashFamily::Murmur3
        }
    }

    /// The most hash functions the family has: 6 for the seed's filter, else none.
    pub fn max_hashes(self) -> Option<u32> {
        match self {
            HashFamily::Seed000 => Some(ClassicHash::SEED_FILTER.len() as u32),
            _ => None,
        }
    }

    /// The family for a URL key (`fnv` or `murmur3`), if there is one.
    pub fn from_key(key: &str) -> Option<Self> {
        HashFamily::ALL.into_iter().find(|f| f.key() == key)
    }

    /// The family's name as the page shows it: `FNV-1a`, `murmur3` or `seed 000`.
    pub fn label(self) -> &'static str {
        match self {
            HashFamily::Fnv1a => "FNV-1a",
            HashFamily::Murmur3 => "murmur3",
            HashFamily::Seed000 => "seed 000",
        }
    }

    /// The two halves `(h1, h2)` of this family's hash of `bytes`. The seed's family has no
    /// pair (its positions come from six separate hashes) and gives `(0, 0)`.
    #[inline]
    pub fn hash_pair(self, bytes: &[u8]) -> HashPair {
        match self {
            HashFamily::Seed000 => HashPair { h1: 0, h2: 0 },
            HashFamily::Fnv1a => {
                let h = fnv1a64(bytes);
                HashPair {
                    h1: h & 0xffff_ffff,
                    h2: h >> 32,
                }
            }
            HashFamily::Murmur3 => {
                let x = murmur3_x64_128(bytes);
                HashPair {
                    h1: x as u64,
                    h2: (x >> 64) as u64,
                }
            }
        }
    }
}

/// FNV-1a 64 of `bytes`: start at `0xcbf29ce484222325`; for each byte
/// `h = (h XOR byte) · 0x100000001b3 mod 2^64`.
#[inline]
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    hasher.finish()
}

/// MurmurHash3 x64_128 of `bytes` with seed 0, as `(h2 << 64) | h1` (the `murmur3`
/// crate, which reads the bytes through `io::Read`; reading a slice never fails).
#[inline]
pub fn murmur3_x64_128(mut bytes: &[u8]) -> u128 {
    murmur3::murmur3_x64_128(&mut bytes, 0).unwrap_or_default()
}

/// The two numbers from which all k positions of one item are derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashPair {
    /// The first half; position 0 is `h1 mod m`.
    pub h1: u64,
    /// The second half; each further position adds `h2`.
    pub h2: u64,
}

impl HashPair {
    /// `(h1 + i·h2) mod 2^64`.
    #[inline]
    pub fn combined(self, i: u32) -> u64 {
        self.h1.wrapping_add((i as u64).wrapping_mul(self.h2))
    }

    /// `pos_i = ((h1 + i·h2) mod 2^64) mod m`.
    #[inline]
    pub fn position(self, i: u32, m: u64) -> u64 {
        self.combined(i) % m
    }
}

/// Where hash i may put its bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Layout {
    /// Anywhere in the m bits: `pos_i = v_i mod m`.
    #[default]
    Standard,
    /// In its own slice of `s = ⌊m / k⌋` bits: `pos_i = i·s + v_i mod s`; the last
    /// `m − k·s` bits are never used.
    Partitioned,
    /// RocksDB's cache-local layout: every probe in one 512-bit line,
    /// `line = (h1₃₂ · m/512) >> 32`, probe i at bit `h_i >> 23` of the line with
    /// `h_0 = h2₃₂` and `h_{i+1} = h_i · 0x9e3779b9 mod 2^32` (m a multiple of 512).
    Blocked,
    /// Parquet's split-block layout: h = xxHash64(bytes), block
    /// `b = ((h >> 32) · m/256) >> 32`, and word i of the block gets bit
    /// `((h mod 2^32) · salt_i mod 2^32) >> 27`: eight bits, one per 32-bit word (k = 8, m a
    /// multiple of 256).
    SplitBlock,
}

impl Layout {
    /// Every layout, in the order the page lists them.
    pub const ALL: [Layout; 4] = [
        Layout::Standard,
        Layout::Partitioned,
        Layout::Blocked,
        Layout::SplitBlock,
    ];

    /// The URL key: `standard`, `partitioned`, `blocked` or `split-block`.
    pub fn key(self) -> &'static str {
        match self {
            Layout::Standard => "standard",
            Layout::Partitioned => "partitioned",
            Layout::Blocked => "blocked",
            Layout::SplitBlock => "split-block",
        }
    }

    /// The layout for a URL key.
    pub fn from_key(key: &str) -> Option<Self> {
        Layout::ALL.into_iter().find(|l| l.key() == key)
    }

    /// The bits of one block, for the layouts that keep an item in one block: 512 for
    /// RocksDB's lines, 256 for Parquet's blocks.
    pub fn block_bits(self) -> Option<u64> {
        match self {
            Layout::Standard | Layout::Partitioned => None,
            Layout::Blocked => Some(super::blocked::LINE_BITS),
            Layout::SplitBlock => Some(super::split_block::BLOCK_BITS),
        }
    }
}

/// How many of the m values of `h2 mod m` make an item's k positions `h1 + i·h2 (mod m)`
/// repeat. The positions repeat when `j·h2 ≡ 0 (mod m)` for some `0 < j < k`, that is when
/// the order `m / gcd(m, h2)` of `h2` is below k; each divisor d of m is the order of
/// exactly φ(d) values, so the count is `Σ φ(d)` over the divisors d of m with `d < k`.
/// `h2 mod m = 0` (order 1) puts all k positions on one bit; for m a power of two,
/// `h2 mod m = m/2` (order 2) puts them on two bits, and so on.
///
/// (For m below 2^64 this counts values of `h2 mod m`; a hash spreading h2 evenly gives
/// each the same share, so about `count/m` of all items have repeating positions.)
pub fn repeating_steps(m: u64, k: u32) -> u64 {
    (1..u64::from(k))
        .filter(|&d| d <= m && m.is_multiple_of(d))
        .map(euler_phi)
        .sum()
}

/// Euler's φ(d): how many of 1..=d are coprime to d.
pub(crate) fn euler_phi(mut d: u64) -> u64 {
    let mut phi = d;
    let mut p = 2;
    while p * p <= d {
        if d.is_multiple_of(p) {
            while d.is_multiple_of(p) {
                d /= p;
            }
            phi -= phi / p;
        }
        p += 1;
    }
    if d > 1 {
        phi -= phi / d;
    }
    phi
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a64_matches_published_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn murmur3_crate_matches_published_vectors() {
        let mut hello: &[u8] = b"Hello, world!";
        assert_eq!(murmur3::murmur3_32(&mut hello, 0).unwrap(), 0xc0363e43);
        assert_eq!(murmur3_x64_128(b""), 0);
        // Canonical digest bytes 6c1b07bc7bbc4be3 47939ac4a93c437a are h1 and h2 in
        // little-endian order.
        let x = murmur3_x64_128(b"The quick brown fox jumps over the lazy dog");
        assert_eq!(
            x as u64,
            u64::from_le_bytes(0x6c1b07bc7bbc4be3u64.to_be_bytes())
        );
        assert_eq!(
            (x >> 64) as u64,
            u64::from_le_bytes(0x47939ac4a93c437au64.to_be_bytes())
        );
    }

    /// Austin Appleby's MurmurHash3 x64_128 with seed 0, written out over the byte slice:
    /// an independent reference for the crate.
    fn reference_murmur3_x64_128(bytes: &[u8]) -> u128 {
        const C1: u64 = 0x87c3_7b91_1142_53d5;
        const C2: u64 = 0x4cf5_ad43_2745_937f;
        let fmix = |mut k: u64| {
            k ^= k >> 33;
            k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
            k ^= k >> 33;
            k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
            k ^ (k >> 33)
        };
        let mix_k1 = |k: u64| k.wrapping_mul(C1).rotate_left(31).wrapping_mul(C2);
        let mix_k2 = |k: u64| k.wrapping_mul(C2).rotate_left(33).wrapping_mul(C1);
        let (mut h1, mut h2) = (0u64, 0u64);
        let mut blocks = bytes.chunks_exact(16);
        for block in &mut blocks {
            let k1 = u64::from_le_bytes(block[..8].try_into().unwrap_or_default());
            let k2 = u64::from_le_bytes(block[8..].try_into().unwrap_or_default());
            h1 ^= mix_k1(k1);
            h1 = h1.rotate_left(27).wrapping_add(h2);
            h1 = h1.wrapping_mul(5).wrapping_add(0x52dc_e729);
            h2 ^= mix_k2(k2);
            h2 = h2.rotate_left(31).wrapping_add(h1);
            h2 = h2.wrapping_mul(5).wrapping_add(0x3849_5ab5);
        }
        let tail = blocks.remainder();
        let little_endian = |part: &[u8]| {
            part.iter()
                .enumerate()
                .fold(0u64, |acc, (i, &b)| acc | (b as u64) << (8 * i))
        };
        if tail.len() > 8 {
            h2 ^= mix_k2(little_endian(&tail[8..]));
        }
        if !tail.is_empty() {
            h1 ^= mix_k1(little_endian(&tail[..tail.len().min(8)]));
        }
        let len = bytes.len() as u64;
        h1 ^= len;
        h2 ^= len;
        h1 = h1.wrapping_add(h2);
        h2 = h2.wrapping_add(h1);
        h1 = fmix(h1);
        h2 = fmix(h2);
        h1 = h1.wrapping_add(h2);
        h2 = h2.wrapping_add(h1);
        ((h2 as u128) << 64) | h1 as u128
    }

    #[test]
    fn murmur3_agrees_with_the_reference_algorithm_for_every_tail_length() {
        let data: Vec<u8> = (0..200u32).map(|i| (i * 37 + 11) as u8).collect();
        for len in 0..data.len() {
            let expected = reference_murmur3_x64_128(&data[..len]);
            assert_eq!(murmur3_x64_128(&data[..len]), expected, "length {len}");
        }
        for text in [
            "",
            "a",
            "布隆过滤器",
            "🙂",
            "https://example.com/page/m/0123456789abcdef.html",
        ] {
            let expected = reference_murmur3_x64_128(text.as_bytes());
            assert_eq!(murmur3_x64_128(text.as_bytes()), expected, "{text}");
        }
    }

    #[test]
    fn fnv_pair_splits_the_64_bit_hash_in_halves() {
        let pair = HashFamily::Fnv1a.hash_pair(b"a");
        assert_eq!(pair.h1, 0x8601ec8c);
        assert_eq!(pair.h2, 0xaf63dc4c);
    }

    #[test]
    fn incremental_positions_equal_the_formula() {
        let pair = HashPair {
            h1: u64::MAX - 5,
            h2: u64::MAX / 3,
        };
        let fast: Vec<u64> = pair.positions(9, 1000).collect();
        let slow: Vec<u64> = (0..9).map(|i| pair.position(i, 1000)).collect();
        assert_eq!(fast, slow);
        let steps = pair.steps(9, 1000);
        assert_eq!(steps.iter().map(|s| s.position).collect::<Vec<_>>(), slow);
        assert_eq!(
            steps[2].value,
            (u64::MAX - 5).wrapping_add(2 * (u64::MAX / 3))
        );
    }

    #[test]
    fn family_keys_round_trip() {
        for family in HashFamily::ALL {
            assert_eq!(HashFamily::from_key(family.key()), Some(family));
        }
        assert_eq!(HashFamily::from_key("md5"), None);
    }

    #[test]
    fn repeating_steps_count_the_h2_values_whose_positions_repeat() {
        let brute = |m: u64, k: u32| {
            (0..m)
                .filter(|&r| {
                    let positions: std::collections::HashSet<u64> =
                        (0..u64::from(k)).map(|i| i * r % m).collect();
                    positions.len() < k as usize
                })
                .count() as u64
        };
        for m in [1, 2, 7, 16, 64, 100, 1000, 1024] {
            for k in [1, 2, 3, 4, 7, 10] {
                assert_eq!(repeating_steps(m, k), brute(m, k), "m = {m}, k = {k}");
            }
        }
        // m = 64, k = 3: h2 mod 64 = 0 (all on one bit) and 32 (two bits).
        assert_eq!(repeating_steps(64, 3), 2);
        // A prime m: only h2 mod m = 0.
        assert_eq!(repeating_steps(10_007, 7), 1);
        assert_eq!(repeating_steps(1 << 25, 64), 32);
    }
}
