//! Validated filter shape: m bits, k hashes, a hash family and a layout.

use super::error::{ParamError, MAX_BITS, MAX_HASHES};
use super::hashing::{HashFamily, HashPair, HashStep, HashValues, Layout, Positions};

/// The shape shared by plain and counting filters. Construct with [`FilterShape::new`], which
/// validates; the fields are then guaranteed to be in range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FilterShape {
    m: u64,
    k: u32,
    family: HashFamily,
    layout: Layout,
}

impl FilterShape {
    /// A shape with `m` bits and `k` hashes in the standard layout, or the reason it is not
    /// allowed: `1 <= m <= MAX_BITS`, `1 <= k <= MAX_HASHES` and k no more than the family
    /// has ([`HashFamily::max_hashes`]).
    pub fn new(m: u64, k: u32, family: HashFamily) -> Result<Self, ParamError> {
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
        Ok(FilterShape {
            m,
            k,
            family,
            layout: Layout::Standard,
        })
    }

    /// The same shape in `layout`; partitioned needs at least one bit per hash (m ≥ k).
    pub fn with_layout(self, layout: Layout) -> Result<Self, ParamError> {
        if layout == Layout::Partitioned && self.m < u64::from(self.k) {
            return Err(ParamError::FewerBitsThanHashes {
                m: self.m,
                k: self.k,
            });
        }
        Ok(FilterShape { layout, ..self })
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The bits each hash may reach: m, or `s = ⌊m / k⌋` when partitioned.
    pub fn slice_len(&self) -> u64 {
        self.layout.range(0, self.k, self.m).1
    }

    /// The bits any hash can reach: m, or `k·s` when partitioned (the rest stay 0).
    pub fn reachable_bits(&self) -> u64 {
        match self.layout {
            Layout::Standard => self.m,
            Layout::Partitioned => self.slice_len() * u64::from(self.k),
        }
    }

    /// The number of bits (or counters), m.
    pub fn m(&self) -> u64 {
        self.m
    }

    /// The number of hash functions, k.
    pub fn k(&self) -> u32 {
        self.k
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
    /// `(1 − (1 − 1/m)^{kn})^k`, or partitioned `(1 − (1 − 1/s)^n)^k`.
    pub fn ln_fpr(&self, n: f64) -> f64 {
        let k = f64::from(self.k);
        match self.layout {
            Layout::Standard => super::math::ln_fpr_exact(self.m as f64, n, k),
            Layout::Partitioned => super::math::ln_fpr_partitioned(self.slice_len() as f64, n, k),
        }
    }

    /// The false-positive rate after n items by this shape's formula ([`Self::ln_fpr`]).
    pub fn fpr(&self, n: f64) -> f64 {
        self.ln_fpr(n).exp()
    }

    /// The k positions of an item.
    #[inline]
    pub fn positions(&self, item: &[u8]) -> Positions {
        Positions::new(
            HashValues::of(self.family, item, self.k),
            self.k,
            self.m,
            self.layout,
        )
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
}
