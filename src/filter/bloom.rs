//! The plain Bloom filter: m bits, k hash positions per item.
//!
//! ```text
//! insert "cat" (k = 3):  positions 1, 4, 9 set to 1
//!   index: 0 1 2 3 4 5 6 7 8 9
//!   bits:  0 1 0 0 1 0 0 0 0 1
//! query "dog": positions 4, 6, 9 -> bit 6 is 0 -> definitely not in the set
//! query "emu": positions 1, 4, 9 -> all 1, never added -> a false positive
//! ```

use super::bit_array::BitArray;
use super::error::ParamError;
use super::hashing::HashFamily;
use super::math;
use super::params::FilterShape;

/// A Bloom filter over a [`BitArray`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BloomFilter {
    shape: FilterShape,
    bits: BitArray,
}

impl BloomFilter {
    /// An empty filter of the given shape.
    pub fn new(shape: FilterShape) -> Self {
        BloomFilter {
            bits: BitArray::new(shape.m()),
            shape,
        }
    }

    /// A filter of the given shape holding these bits (`bits.len()` must equal m).
    pub fn from_bits(shape: FilterShape, bits: BitArray) -> Self {
        assert!(bits.len() == shape.m(), "bit array length must equal m");
        BloomFilter { shape, bits }
    }

    /// An empty filter with `m` bits and `k` hashes, validated.
    pub fn with_params(m: u64, k: u32, family: HashFamily) -> Result<Self, ParamError> {
        FilterShape::new(m, k, family).map(Self::new)
    }

    /// The filter's shape (m, k, family).
    pub fn shape(&self) -> FilterShape {
        self.shape
    }

    /// The bit array.
    pub fn bits(&self) -> &BitArray {
        &self.bits
    }

    /// Sets the item's k bits. Returns how many of them were 0 before.
    #[inline]
    pub fn insert(&mut self, item: &[u8]) -> u32 {
        let mut newly_set = 0;
        for position in self.shape.positions(item) {
            newly_set += self.bits.set(position) as u32;
        }
        newly_set
    }

    /// True when all k bits of the item are 1: "probably in the set". False means
    /// "definitely not in the set".
    #[inline]
    pub fn contains(&self, item: &[u8]) -> bool {
        self.shape.positions(item).all(|p| self.bits.get(p))
    }

    /// The item's positions whose bit is 0 (empty when the filter says "probably").
    pub fn zero_positions(&self, item: &[u8]) -> Vec<u64> {
        self.shape
            .positions(item)
            .filter(|&p| !self.bits.get(p))
            .collect()
    }

    /// Clears the item's k bits: the "naive delete" that a Bloom filter cannot do safely,
    /// kept only to demonstrate the false negatives it causes. Returns how many bits changed.
    pub fn clear_positions_of(&mut self, item: &[u8]) -> u32 {
        let mut cleared = 0;
        for position in self.shape.positions(item) {
            cleared += self.bits.clear(position) as u32;
        }
        cleared
    }

    /// The number of bits set, X.
    pub fn count_ones(&self) -> u64 {
        self.bits.count_ones()
    }

    /// X / m.
    pub fn fill_ratio(&self) -> f64 {
        self.bits.fill_ratio()
    }

    /// The estimated number of distinct items, `n̂ = -(m/k)·ln(1 - X/m)`.
    pub fn estimated_count(&self) -> math::CountEstimate {
        math::estimated_count(self.shape.m(), self.shape.k(), self.count_ones())
    }

    /// Empties the filter.
    pub fn clear(&mut self) {
        self.bits.clear_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserted_items_are_found_and_others_mostly_not() {
        let mut filter = BloomFilter::with_params(1000, 4, HashFamily::Murmur3).unwrap();
        for word in ["apple", "banana", "cherry"] {
            filter.insert(word.as_bytes());
        }
        for word in ["apple", "banana", "cherry"] {
            assert!(filter.contains(word.as_bytes()));
        }
        assert!(!filter.contains(b"durian"));
        assert!(!filter.zero_positions(b"durian").is_empty());
        assert!(filter.count_ones() <= 12 && filter.count_ones() >= 10);
    }

    #[test]
    fn insert_reports_newly_set_bits() {
        let mut filter = BloomFilter::with_params(64, 3, HashFamily::Fnv1a).unwrap();
        let distinct: std::collections::BTreeSet<u64> = filter.shape().positions(b"x").collect();
        assert_eq!(filter.insert(b"x"), distinct.len() as u32);
        assert_eq!(filter.insert(b"x"), 0);
        assert_eq!(filter.count_ones(), distinct.len() as u64);
    }

    #[test]
    fn naive_delete_clears_bits_shared_with_other_items() {
        // Find two items that share a bit at m = 16, then show that clearing one loses the other.
        let shape = FilterShape::new(16, 3, HashFamily::Fnv1a).unwrap();
        let first = b"item-0".to_vec();
        let first_positions: Vec<u64> = shape.positions(&first).collect();
        let second = (1..1000)
            .map(|i| format!("item-{i}").into_bytes())
            .find(|it| shape.positions(it).any(|p| first_positions.contains(&p)))
            .expect("at m = 16 some item shares a bit");
        let mut filter = BloomFilter::new(shape);
        filter.insert(&first);
        filter.insert(&second);
        filter.clear_positions_of(&first);
        assert!(
            !filter.contains(&second),
            "naive delete made a false negative"
        );
    }
}
