//! Validated filter shape: m bits, k hashes, a hash family and a layout, with the rule
//! that places an item's bits ([`PositionRule`]).

use super::error::{ParamError, MAX_BITS};
use super::hashing::{HashFamily, HashPair, Layout};
use super::positions::{HashStep, PositionRule, Positions, SPLIT_BLOCK_HASHES};

/// The fewest bits a layout change to a blocked layout leaves: 1,024.
const FITTED_BLOCKED_BITS: u64 = 1024;

/// The shape shared by plain and counting filters. Construct with [`FilterShape::new`], which
/// validates; the fields are then guaranteed to be in range, and the position rule is the
/// layout's own, with the hash it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FilterShape {
    /// The family chosen (kept in the split-block layout, which hashes with xxHash64, so
    /// that a change back to another layout finds it).
    family: HashFamily,
    rule: PositionRule,
}

impl FilterShape {
    /// A shape with `m` bits and `k` hashes in the standard layout, or the reason it is not
    /// allowed: `1 <= m <= MAX_BITS`, `1 <= k <= MAX_HASHES` and k no more than the family
    /// has ([`HashFamily::max_hashes`]).
    pub fn new(m: u64, k: u32, family: HashFamily) -> Result<Self, ParamError> {
        let rule = PositionRule::new(Layout::Standard, m, k, family)?;
        Ok(FilterShape { family, rule })
    }

    /// The same shape in `layout`. Partitioned needs at least one bit per hash (m ≥ k); the
    /// blocked layouts need whole blocks (m a multiple of 512 or 256); RocksDB's probes come
    /// from an `(h1, h2)` pair, and Parquet's split-block filter sets exactly 8 bits.
    pub fn with_layout(self, layout: Layout) -> Result<Self, ParamError> {
        let rule = PositionRule::new(layout, self.m(), self.k(), self.family)?;
        Ok(FilterShape { rule, ..self })
    }

    /// The closest valid shape in `layout`: m rounded up to whole blocks (and at least
    /// 1,024 bits, so that items spread over several blocks), k = 8 for the split-block
    /// layout, murmur3 for the blocked layouts when the family has no pair, m ≥ k when
    /// partitioned. This is what choosing a layout on the page does.
    pub fn fitted_to(self, layout: Layout) -> Self {
        let (mut m, mut k, mut family) = (self.m(), self.k(), self.family);
        if let Some(block) = layout.block_bits() {
            m = m
                .max(FITTED_BLOCKED_BITS)
                .next_multiple_of(block)
                .min(MAX_BITS);
        }
        // RocksDB's probes need a pair; Parquet hashes with xxHash64 whatever the family,
        // and the seed's family could not go back to a standard layout with k = 8.
        if matches!(layout, Layout::Blocked | Layout::SplitBlock) {
            family = family.with_pair_or_murmur3();
        }
        if layout == Layout::SplitBlock {
            k = SPLIT_BLOCK_HASHES;
        }
        if layout == Layout::Partitioned {
            m = m.max(u64::from(k));
        }
        // The fitted m, k and family meet every rule of `layout` (MAX_BITS is a whole number
        // of blocks), so the shape is unchanged only if that ever stopped being true.
        match PositionRule::new(layout, m, k, family) {
            Ok(rule) => FilterShape { family, rule },
            Err(_) => self,
        }
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.rule.layout()
    }

    /// The rule that places an item's bits.
    pub fn rule(&self) -> PositionRule {
        self.rule
    }

    /// The bits each hash may reach: m, `s = ⌊m / k⌋` when partitioned, or one block (512
    /// or 256) in a blocked layout.
    pub fn slice_len(&self) -> u64 {
        match self.layout() {
            Layout::Standard => self.m(),
            Layout::Partitioned => self.m() / u64::from(self.k()),
            Layout::Blocked => super::blocked::LINE_BITS,
            Layout::SplitBlock => super::split_block::BLOCK_BITS,
        }
    }

    /// The bits any hash can reach: m, or `k·s` when partitioned (the rest stay 0).
    pub fn reachable_bits(&self) -> u64 {
        match self.layout() {
            Layout::Partitioned => self.slice_len() * u64::from(self.k()),
            _ => self.m(),
        }
    }

    /// The number of blocks of a blocked layout (`m / 512` or `m / 256`).
    pub fn blocks(&self) -> Option<u64> {
        self.layout().block_bits().map(|block| self.m() / block)
    }

    /// The number of bits (or counters), m.
    pub fn m(&self) -> u64 {
        self.rule.m()
    }

    /// The number of hash functions, k.
    pub fn k(&self) -> u32 {
        self.rule.k()
    }

    /// The hash family.
    pub fn family(&self) -> HashFamily {
        self.family
    }

    /// The `(h1, h2)` pair of an item.
    #[inline]
    pub fn hash_pair(&self, item: &[u8]) -> HashPair {
        self.family.hash_pair(item)
    }

    /// `ln` of the false-positive rate after n items by this shape's formula: the exact
    /// `(1 − (1 − 1/m)^{kn})^k`, partitioned `(1 − (1 − 1/s)^n)^k`, or for a blocked
    /// layout the Poisson mixture over the items a block receives
    /// ([`super::blocked::blocked_rate`], [`super::blocked::split_block_rate`]).
    pub fn ln_fpr(&self, n: f64) -> f64 {
        let (m, k) = (self.m(), self.k());
        let bits_per_item = m as f64 / n;
        match self.layout() {
            Layout::Standard => super::math::ln_fpr_exact(m as f64, n, f64::from(k)),
            Layout::Partitioned => {
                super::math::ln_fpr_partitioned(self.slice_len() as f64, n, f64::from(k))
            }
            Layout::Blocked => {
                super::blocked::blocked_rate(bits_per_item, k, self.slice_len()).ln()
            }
            Layout::SplitBlock => super::blocked::split_block_rate(bits_per_item).ln(),
        }
    }

    /// The false-positive rate after n items by this shape's formula ([`Self::ln_fpr`]).
    pub fn fpr(&self, n: f64) -> f64 {
        self.ln_fpr(n).exp()
    }

    /// The k positions of an item, by the layout's rule.
    #[inline]
    pub fn positions(&self, item: &[u8]) -> Positions {
        self.rule.positions(item)
    }

    /// Every step of an item's arithmetic (`v_i`, its range and `pos_i`), for display.
    pub fn steps(&self, item: &[u8]) -> Vec<HashStep> {
        self.positions(item).steps()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_out_of_range_parameter_gets_its_own_error() {
        let f = HashFamily::Fnv1a;
        assert_eq!(FilterShape::new(0, 3, f), Err(ParamError::ZeroBits));
        assert_eq!(FilterShape::new(16, 0, f), Err(ParamError::ZeroHashes));
        assert_eq!(
            FilterShape::new(16, 65, f),
            Err(ParamError::TooManyHashes {
                requested: 65,
                max: 64
            })
        );
        assert_eq!(
            FilterShape::new(MAX_BITS + 1, 3, f),
            Err(ParamError::TooManyBits {
                requested: MAX_BITS + 1,
                max: MAX_BITS
            })
        );
        assert!(FilterShape::new(MAX_BITS, 64, f).is_ok());
        assert!(FilterShape::new(1, 1, f).is_ok());
    }

    #[test]
    fn a_partitioned_shape_puts_hash_i_in_slice_i() {
        use super::super::classic_hashes::ClassicHash;
        let shape = FilterShape::new(32, 3, HashFamily::Fnv1a)
            .and_then(|s| s.with_layout(Layout::Partitioned))
            .unwrap();
        assert_eq!((shape.slice_len(), shape.reachable_bits()), (10, 30));
        for item in ["apple", "pear", "布隆", ""] {
            let pair = HashFamily::Fnv1a.hash_pair(item.as_bytes());
            let positions: Vec<u64> = shape.positions(item.as_bytes()).collect();
            let expected: Vec<u64> = (0..3)
                .map(|i| u64::from(i) * 10 + pair.position(i, 10))
                .collect();
            assert_eq!(positions, expected, "{item}");
            let steps = shape.steps(item.as_bytes());
            assert!(steps
                .iter()
                .all(|s| s.first == u64::from(s.index) * 10 && s.size == 10));
        }
        assert_eq!(
            FilterShape::new(4, 5, HashFamily::Murmur3)
                .unwrap()
                .with_layout(Layout::Partitioned),
            Err(ParamError::FewerBitsThanHashes { m: 4, k: 5 })
        );
        // The seed's family: hash i is the i-th of its six C functions, mod m or mod s.
        let seed = FilterShape::new(1000, 6, HashFamily::Seed000).unwrap();
        let values: Vec<u64> = ClassicHash::SEED_FILTER
            .iter()
            .map(|h| u64::from(h.value(b"bloomfilter")))
            .collect();
        let positions: Vec<u64> = seed.positions(b"bloomfilter").collect();
        assert_eq!(
            positions,
            values.iter().map(|v| v % 1000).collect::<Vec<_>>()
        );
        let split = seed.with_layout(Layout::Partitioned).unwrap();
        let positions: Vec<u64> = split.positions(b"bloomfilter").collect();
        let expected: Vec<u64> = values
            .iter()
            .zip(0..)
            .map(|(v, i)| i * 166 + v % 166)
            .collect();
        assert_eq!(positions, expected);
        assert_eq!(
            FilterShape::new(1000, 7, HashFamily::Seed000),
            Err(ParamError::FamilyHashes {
                requested: 7,
                max: 6
            })
        );
    }

    #[test]
    fn the_blocked_layout_places_an_item_as_rocksdb_does() {
        for family in HashFamily::DOUBLE_HASHING {
            let shape = FilterShape::new(4096, 6, family)
                .and_then(|s| s.with_layout(Layout::Blocked))
                .unwrap();
            for item in ["apple", "pear", "", "日本語"] {
                let pair = family.hash_pair(item.as_bytes());
                let rocksdb =
                    crate::filter::blocked::positions(pair.h1 as u32, pair.h2 as u32, 8, 6);
                let page: Vec<u64> = shape.positions(item.as_bytes()).collect();
                assert_eq!(page, rocksdb, "{item}");
                let steps = shape.steps(item.as_bytes());
                for (step, &position) in steps.iter().zip(&page) {
                    assert_eq!(step.first, position / 512 * 512);
                    assert_eq!(step.first + (step.value >> 23), position);
                }
            }
        }
    }

    #[test]
    fn the_split_block_layout_places_an_item_as_parquet_does() {
        let shape = FilterShape::new(1024, 8, HashFamily::Murmur3)
            .and_then(|s| s.with_layout(Layout::SplitBlock))
            .unwrap();
        // bloom_filter.xxhash.bin's README: "hello" is in block 4 of 32 with bits
        // 20, 9, 10, 7, 9, 31, 28, 27 in words 0..7; here the same hash over 4 blocks.
        let h = crate::filter::split_block::hash(b"hello");
        let page: Vec<u64> = shape.positions(b"hello").collect();
        assert_eq!(page, crate::filter::split_block::positions(h, 4));
        let lanes = [20, 9, 10, 7, 9, 31, 28, 27];
        for (word, (&position, lane)) in page.iter().zip(lanes).enumerate() {
            assert_eq!(position % 256, word as u64 * 32 + lane);
        }
        assert_eq!(
            shape.steps(b"hello")[0].xxhash64(),
            Some(0x26c7_827d_889f_6da3)
        );
    }

    #[test]
    fn blocked_layouts_need_whole_blocks_and_fitting_gives_them() {
        let shape = FilterShape::new(1000, 3, HashFamily::Seed000).unwrap();
        assert_eq!(
            shape.with_layout(Layout::Blocked),
            Err(ParamError::NotWholeBlocks {
                m: 1000,
                block: 512
            })
        );
        let fitted = shape.fitted_to(Layout::Blocked);
        assert_eq!(
            (fitted.m(), fitted.k(), fitted.family()),
            (1024, 3, HashFamily::Murmur3)
        );
        let split = shape.fitted_to(Layout::SplitBlock);
        assert_eq!((split.m(), split.k(), split.blocks()), (1024, 8, Some(4)));
        assert_eq!(split.with_layout(Layout::SplitBlock), Ok(split));
        let back = split.fitted_to(Layout::Standard);
        assert_eq!(
            FilterShape::new(back.m(), back.k(), back.family()).map(|s| s.m()),
            Ok(1024)
        );
        let seed = FilterShape::new(1024, 3, HashFamily::Seed000).unwrap();
        assert_eq!(
            seed.with_layout(Layout::Blocked),
            Err(ParamError::BlockedNeedsPair)
        );
    }

    #[test]
    fn fitting_lands_in_the_layout_asked_from_any_shape() {
        for family in HashFamily::ALL {
            for (m, k) in [
                (1, 1),
                (5, 6),
                (1000, 3),
                (4096, 6),
                (MAX_BITS, 64),
                (MAX_BITS - 1, 2),
            ] {
                let Ok(shape) = FilterShape::new(m, k, family) else {
                    continue;
                };
                for from in Layout::ALL {
                    let start = shape.fitted_to(from);
                    for layout in Layout::ALL {
                        let fitted = start.fitted_to(layout);
                        assert_eq!(fitted.layout(), layout, "{start:?} to {layout:?}");
                        assert_eq!(fitted.with_layout(layout), Ok(fitted));
                    }
                }
            }
        }
    }
}
