//! The rule that turns an item into its k positions: one rule per layout, made with the
//! filter's shape ([`super::FilterShape`]) by [`PositionRule::new`], which refuses a
//! combination the layout cannot use (RocksDB's blocked layout without an `(h1, h2)` pair,
//! a split-block filter whose k is not 8, partial blocks, fewer bits than hashes when
//! partitioned), so every rule gets the hash it reads.
//!
//! | layout      | the item's hash                 | `v_i`                             | `pos_i`                    |
//! |-------------|---------------------------------|-----------------------------------|----------------------------|
//! | standard    | the family's pair or the seed's | `(h1 + i·h2) mod 2^64`, or hash i | `v_i mod m`                |
//! | partitioned | the same                        | the same                          | `i·s + v_i mod s`          |
//! | blocked     | the family's pair (RocksDB)     | `h2₃₂ · 0x9e3779b9^i mod 2^32`    | `512·line + v_i >> 23`     |
//! | split-block | `h = xxHash64(bytes)` (Parquet) | `(h mod 2^32) · salt_i mod 2^32`  | `256·b + 32·i + v_i >> 27` |
//!
//! with `s = ⌊m / k⌋`, `line = (h1₃₂ · m/512) >> 32` ([`super::blocked`]) and
//! `b = ((h >> 32) · m/256) >> 32` ([`super::split_block`]).

use super::blocked::{self, LINE_BITS, PROBE_MULTIPLIER};
use super::classic_hashes::ClassicHash;
use super::error::{ParamError, MAX_BITS, MAX_HASHES};
use super::hashing::{HashFamily, HashPair, Layout};
use super::split_block::{self, BLOCK_BITS, SALTS};

/// The bits Parquet's split-block filter sets per item: one in each of a block's 8 words.
pub const SPLIT_BLOCK_HASHES: u32 = 8;

/// A family with an `(h1, h2)` pair, the only kind RocksDB's probes can start from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum PairFamily {
    Fnv1a,
    Murmur3,
}

impl PairFamily {
    /// The family as a pair family, or `None` for the seed's six hashes.
    fn of(family: HashFamily) -> Option<Self> {
        match family {
            HashFamily::Fnv1a => Some(PairFamily::Fnv1a),
            HashFamily::Murmur3 => Some(PairFamily::Murmur3),
            HashFamily::Seed000 => None,
        }
    }

    /// The item's `(h1, h2)`.
    #[inline]
    fn hash_pair(self, bytes: &[u8]) -> HashPair {
        match self {
            PairFamily::Fnv1a => HashFamily::Fnv1a.hash_pair(bytes),
            PairFamily::Murmur3 => HashFamily::Murmur3.hash_pair(bytes),
        }
    }
}

/// How a filter of some shape places an item's k bits: its layout with exactly what that
/// layout reads. Made only by [`PositionRule::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PositionRule(Rule);

/// The four rules; each holds what it needs and nothing it cannot use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Rule {
    /// `pos_i = v_i mod m`.
    Standard { family: HashFamily, m: u64, k: u32 },
    /// `pos_i = i·s + v_i mod s`, `s = ⌊m / k⌋ ≥ 1`.
    Partitioned { family: HashFamily, m: u64, k: u32 },
    /// RocksDB's probes in one 512-bit line, m a multiple of 512.
    Blocked { family: PairFamily, m: u64, k: u32 },
    /// Parquet's eight salted words of one 256-bit block, m a multiple of 256.
    SplitBlock { m: u64 },
}

impl PositionRule {
    /// The rule of `layout` for m bits and k hashes of `family`, or why they do not fit:
    /// `1 ≤ m ≤ MAX_BITS`, `1 ≤ k ≤ MAX_HASHES` and no more than the family has; m ≥ k
    /// when partitioned; whole blocks (m a multiple of 512 or 256) in a blocked layout; a
    /// family with a pair for RocksDB's probes; k = 8 for Parquet's split-block filter
    /// (which hashes with xxHash64 whatever the family).
    pub fn new(layout: Layout, m: u64, k: u32, family: HashFamily) -> Result<Self, ParamError> {
        if m == 0 {
            return Err(ParamError::ZeroBits);
        }
        if m > MAX_BITS {
            return Err(ParamError::TooManyBits {
                requested: m,
                max: MAX_BITS,
            });
        }
        if k == 0 {
            return Err(ParamError::ZeroHashes);
        }
        if k > MAX_HASHES {
            return Err(ParamError::TooManyHashes {
                requested: k,
                max: MAX_HASHES,
            });
        }
        if let Some(max) = family.max_hashes().filter(|&max| k > max) {
            return Err(ParamError::FamilyHashes { requested: k, max });
        }
        if let Some(block) = layout
            .block_bits()
            .filter(|&block| !m.is_multiple_of(block))
        {
            return Err(ParamError::NotWholeBlocks { m, block });
        }
        let rule = match layout {
            Layout::Standard => Rule::Standard { family, m, k },
            Layout::Partitioned if m < u64::from(k) => {
                return Err(ParamError::FewerBitsThanHashes { m, k })
            }
            Layout::Partitioned => Rule::Partitioned { family, m, k },
            Layout::Blocked => {
                let family = PairFamily::of(family).ok_or(ParamError::BlockedNeedsPair)?;
                Rule::Blocked { family, m, k }
            }
            Layout::SplitBlock if k != SPLIT_BLOCK_HASHES => {
                return Err(ParamError::SplitBlockHashes { requested: k })
            }
            Layout::SplitBlock => Rule::SplitBlock { m },
        };
        Ok(PositionRule(rule))
    }

    /// The layout this rule places bits in.
    pub fn layout(&self) -> Layout {
        match self.0 {
            Rule::Standard { .. } => Layout::Standard,
            Rule::Partitioned { .. } => Layout::Partitioned,
            Rule::Blocked { .. } => Layout::Blocked,
            Rule::SplitBlock { .. } => Layout::SplitBlock,
        }
    }

    /// The number of bits, m.
    pub fn m(&self) -> u64 {
        match self.0 {
            Rule::Standard { m, .. }
            | Rule::Partitioned { m, .. }
            | Rule::Blocked { m, .. }
            | Rule::SplitBlock { m } => m,
        }
    }

    /// The number of positions per item, k (8 for the split-block layout).
    pub fn k(&self) -> u32 {
        match self.0 {
            Rule::Standard { k, .. } | Rule::Partitioned { k, .. } | Rule::Blocked { k, .. } => k,
            Rule::SplitBlock { .. } => SPLIT_BLOCK_HASHES,
        }
    }

    /// The k positions of an item.
    #[inline]
    pub fn positions(&self, item: &[u8]) -> Positions {
        let (probe, k) = match self.0 {
            Rule::Standard { family, m, k } => (Probe::ranged(family, item, k, 0, m), k),
            Rule::Partitioned { family, m, k } => {
                let s = m / u64::from(k);
                (Probe::ranged(family, item, k, s, s), k)
            }
            Rule::Blocked { family, m, k } => {
                let pair = family.hash_pair(item);
                let line = blocked::line_of(pair.h1 as u32, (m / LINE_BITS) as u32);
                let probe = Probe::RocksDb {
                    pair,
                    line_start: u64::from(line) * LINE_BITS,
                    next: pair.h2 as u32,
                };
                (probe, k)
            }
            Rule::SplitBlock { m } => {
                let h = split_block::hash(item);
                let block = split_block::block_of(h, m / BLOCK_BITS);
                let probe = Probe::SplitBlock {
                    h,
                    block_start: block * BLOCK_BITS,
                };
                (probe, SPLIT_BLOCK_HASHES)
            }
        };
        Positions { probe, index: 0, k }
    }
}

/// What step i's value `v_i` was computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepInput {
    /// The item's `(h1, h2)`: double hashing, or RocksDB's probes in the blocked layout.
    Pair(HashPair),
    /// The seed's hash i, applied to the item's bytes.
    Classic(ClassicHash),
    /// Parquet's `h = xxHash64(bytes, seed 0)` in the split-block layout.
    XxHash64(u64),
}

/// One row of the arithmetic for hash index `i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashStep {
    /// The hash index i (0-based).
    pub index: u32,
    /// What `value` was computed from.
    pub input: StepInput,
    /// `v_i`: `(h1 + i·h2) mod 2^64`, or the seed's hash i of the item; RocksDB's probe
    /// hash `h2₃₂ · 0x9e3779b9^i mod 2^32` (blocked); `(h mod 2^32) · salt_i mod 2^32`
    /// (split-block).
    pub value: u64,
    /// The first bit hash i may reach: 0, `i·s` when partitioned, the line's first bit
    /// (blocked), word i's first bit `b·256 + 32·i` (split-block).
    pub first: u64,
    /// How many bits it may reach: m, s when partitioned, 512 (blocked), 32 (split-block).
    pub size: u64,
    /// `first + value mod size`, or `first + (value >> 23)` (blocked),
    /// `first + (value >> 27)` (split-block).
    pub position: u64,
}

impl HashStep {
    /// The item's `(h1, h2)`, when the value came from a pair.
    pub fn pair(&self) -> Option<HashPair> {
        match self.input {
            StepInput::Pair(pair) => Some(pair),
            _ => None,
        }
    }

    /// The seed's hash that gave the value, for the seed's family.
    pub fn classic(&self) -> Option<ClassicHash> {
        match self.input {
            StepInput::Classic(hash) => Some(hash),
            _ => None,
        }
    }

    /// Parquet's xxHash64 of the item, in the split-block layout.
    pub fn xxhash64(&self) -> Option<u64> {
        match self.input {
            StepInput::XxHash64(h) => Some(h),
            _ => None,
        }
    }
}

/// Where the next value comes from, for one item under one rule.
#[derive(Debug, Clone)]
enum Probe {
    /// `v_i = (h1 + i·h2) mod 2^64` (`next` is the next one); hash i reaches the `size`
    /// bits from `i·stride` (stride 0 and size m, or stride and size s when partitioned).
    DoubleHashing {
        pair: HashPair,
        next: u64,
        stride: u64,
        size: u64,
    },
    /// `v_i` = the seed's hash i of the item (the first k computed), in the same ranges.
    Seed {
        values: [u32; 6],
        stride: u64,
        size: u64,
    },
    /// RocksDB: `v_i = h2₃₂ · 0x9e3779b9^i mod 2^32` (`next`), in the item's line.
    RocksDb {
        pair: HashPair,
        line_start: u64,
        next: u32,
    },
    /// Parquet: `v_i = (h mod 2^32) · salt_i mod 2^32`, in word i of the item's block.
    SplitBlock { h: u64, block_start: u64 },
}

impl Probe {
    /// The values of `family` for an item, hash i reaching the `size` bits from `i·stride`.
    #[inline]
    fn ranged(family: HashFamily, item: &[u8], k: u32, stride: u64, size: u64) -> Self {
        match family {
            HashFamily::Seed000 => {
                let mut values = [0u32; 6];
                for (value, hash) in values
                    .iter_mut()
                    .zip(ClassicHash::SEED_FILTER)
                    .take(k as usize)
                {
                    *value = hash.value(item);
                }
                Probe::Seed {
                    values,
                    stride,
                    size,
                }
            }
            HashFamily::Fnv1a | HashFamily::Murmur3 => {
                let pair = family.hash_pair(item);
                Probe::DoubleHashing {
                    pair,
                    next: pair.h1,
                    stride,
                    size,
                }
            }
        }
    }
}

/// Iterator over `pos_i` for `i = 0..k-1`.
#[derive(Debug, Clone)]
pub struct Positions {
    probe: Probe,
    index: u32,
    k: u32,
}

impl Positions {
    /// The positions of a pair by double hashing over m bits, `pos_i = ((h1 + i·h2) mod
    /// 2^64) mod m` (for structures that hash once and derive any number of positions).
    #[inline]
    pub fn of_pair(pair: HashPair, k: u32, m: u64) -> Self {
        let probe = Probe::DoubleHashing {
            pair,
            next: pair.h1,
            stride: 0,
            size: m,
        };
        Positions { probe, index: 0, k }
    }

    /// Step i of the arithmetic, and the iterator moved on to i + 1.
    #[inline]
    fn next_step(&mut self) -> Option<HashStep> {
        if self.index >= self.k {
            return None;
        }
        let i = self.index;
        self.index += 1;
        let step = match &mut self.probe {
            Probe::DoubleHashing {
                pair,
                next,
                stride,
                size,
            } => {
                let value = *next;
                *next = next.wrapping_add(pair.h2);
                let first = u64::from(i) * *stride;
                HashStep {
                    index: i,
                    input: StepInput::Pair(*pair),
                    value,
                    first,
                    size: *size,
                    position: first + value % *size,
                }
            }
            Probe::Seed {
                values,
                stride,
                size,
            } => {
                let value = u64::from(values[i as usize]);
                let first = u64::from(i) * *stride;
                HashStep {
                    index: i,
                    input: StepInput::Classic(ClassicHash::SEED_FILTER[i as usize]),
                    value,
                    first,
                    size: *size,
                    position: first + value % *size,
                }
            }
            // The top 9 bits of the 32-bit probe hash pick one of the line's 512 bits.
            Probe::RocksDb {
                pair,
                line_start,
                next,
            } => {
                let value = *next;
                *next = value.wrapping_mul(PROBE_MULTIPLIER);
                HashStep {
                    index: i,
                    input: StepInput::Pair(*pair),
                    value: u64::from(value),
                    first: *line_start,
                    size: LINE_BITS,
                    position: *line_start + u64::from(value >> 23),
                }
            }
            // The top 5 bits of the salted 32-bit product pick one of word i's 32 bits.
            Probe::SplitBlock { h, block_start } => {
                let value = (*h as u32).wrapping_mul(SALTS[i as usize % SALTS.len()]);
                let first = *block_start + u64::from(i) * 32;
                HashStep {
                    index: i,
                    input: StepInput::XxHash64(*h),
                    value: u64::from(value),
                    first,
                    size: 32,
                    position: first + u64::from(value >> 27),
                }
            }
        };
        Some(step)
    }

    /// Every step of the arithmetic, for display: one [`HashStep`] per hash index.
    pub fn steps(mut self) -> Vec<HashStep> {
        let mut steps = Vec::with_capacity(self.k as usize);
        while let Some(step) = self.next_step() {
            steps.push(step);
        }
        steps
    }
}

impl Iterator for Positions {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        self.next_step().map(|step| step.position)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = (self.k - self.index) as usize;
        (remaining, Some(remaining))
    }
}

impl ExactSizeIterator for Positions {}

impl HashPair {
    /// The k positions in order `i = 0..k-1` in the standard layout, computed by adding
    /// `h2` each step (no multiplication in the loop).
    #[inline]
    pub fn positions(self, k: u32, m: u64) -> Positions {
        Positions::of_pair(self, k, m)
    }

    /// Every step of the arithmetic in the standard layout, for display.
    pub fn steps(self, k: u32, m: u64) -> Vec<HashStep> {
        Positions::of_pair(self, k, m).steps()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_layout_refuses_what_it_cannot_use() {
        use HashFamily::*;
        let rule = PositionRule::new;
        assert_eq!(
            rule(Layout::Blocked, 1024, 3, Seed000),
            Err(ParamError::BlockedNeedsPair)
        );
        assert_eq!(
            rule(Layout::SplitBlock, 1024, 6, Murmur3),
            Err(ParamError::SplitBlockHashes { requested: 6 })
        );
        assert_eq!(
            rule(Layout::SplitBlock, 1000, 8, Fnv1a),
            Err(ParamError::NotWholeBlocks {
                m: 1000,
                block: 256
            })
        );
        assert_eq!(
            rule(Layout::Partitioned, 4, 5, Murmur3),
            Err(ParamError::FewerBitsThanHashes { m: 4, k: 5 })
        );
        assert_eq!(
            rule(Layout::Partitioned, 100, 7, Seed000),
            Err(ParamError::FamilyHashes {
                requested: 7,
                max: 6
            })
        );
        assert_eq!(
            rule(Layout::Standard, 0, 3, Fnv1a),
            Err(ParamError::ZeroBits)
        );
        assert_eq!(
            rule(Layout::Blocked, 512, 0, Fnv1a),
            Err(ParamError::ZeroHashes)
        );
        // A split-block rule sets eight bits whatever the family it was asked with.
        let split = rule(Layout::SplitBlock, 512, 8, Fnv1a).unwrap();
        assert_eq!(split, rule(Layout::SplitBlock, 512, 8, Murmur3).unwrap());
        assert_eq!(
            (split.layout(), split.m(), split.k()),
            (Layout::SplitBlock, 512, 8)
        );
    }

    #[test]
    fn steps_name_the_hash_their_values_came_from() {
        let item = b"hello";
        let standard = PositionRule::new(Layout::Standard, 1000, 3, HashFamily::Murmur3).unwrap();
        let pair = HashFamily::Murmur3.hash_pair(item);
        assert!(standard
            .positions(item)
            .steps()
            .iter()
            .all(|s| s.pair() == Some(pair)));
        let blocked = PositionRule::new(Layout::Blocked, 1024, 3, HashFamily::Fnv1a).unwrap();
        let pair = HashFamily::Fnv1a.hash_pair(item);
        assert!(blocked
            .positions(item)
            .steps()
            .iter()
            .all(|s| s.pair() == Some(pair)));
        let seed = PositionRule::new(Layout::Partitioned, 60, 6, HashFamily::Seed000).unwrap();
        let classic: Vec<_> = seed
            .positions(item)
            .steps()
            .iter()
            .map(HashStep::classic)
            .collect();
        assert_eq!(classic, ClassicHash::SEED_FILTER.map(Some));
        let split = PositionRule::new(Layout::SplitBlock, 1024, 8, HashFamily::Murmur3).unwrap();
        let steps = split.positions(item).steps();
        assert!(steps
            .iter()
            .all(|s| s.xxhash64() == Some(0x26c7_827d_889f_6da3) && s.pair().is_none()));
    }
}
