//! Validated filter shape: m bits, k hashes and a hash family.

use super::error::{ParamError, MAX_BITS, MAX_HASHES};
use super::hashing::{HashFamily, HashPair, HashStep, Positions};

/// The shape shared by plain and counting filters. Construct with [`FilterShape::new`], which
/// validates; the fields are then guaranteed to be in range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FilterShape {
    m: u64,
    k: u32,
    family: HashFamily,
}

impl FilterShape {
    /// A shape with `m` bits and `k` hashes, or the reason it is not allowed:
    /// `1 <= m <= MAX_BITS` and `1 <= k <= MAX_HASHES`.
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
        Ok(FilterShape { m, k, family })
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

    /// The k positions of an item.
    #[inline]
    pub fn positions(&self, item: &[u8]) -> Positions {
        self.hash_pair(item).positions(self.k, self.m)
    }

    /// Every `(i, h1, h2, h1 + i·h2, pos_i)` of an item, for display.
    pub fn steps(&self, item: &[u8]) -> Vec<HashStep> {
        self.hash_pair(item).steps(self.k, self.m)
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
}
