//! Filters combined bit by bit: union (OR), intersection (AND) and folding (halving m).
//!
//! With the same m, k and hash family, `A ∪ B` by OR is *exactly* the filter of the union
//! of the two item sets: every bit is set iff some item of either set hashes there.
//! `A ∩ B` by AND contains every bit of the filter of the true intersection, plus bits that
//! happen to be set in both by different items, so it has more bits set and a higher
//! false-positive rate.
//!
//! Folding ORs the two halves of an even-length filter: bit `j` of the result is
//! `bit j OR bit j + m/2`. Since `(h mod m) mod (m/2) = h mod (m/2)` when m is even, the
//! folded filter is the filter the same items would give with `m/2` bits, so every member
//! is still found.

use super::bit_array::BitArray;
use super::bloom::BloomFilter;
use super::math::CountEstimate;
use super::params::FilterShape;

/// Why two filters cannot be combined, or one cannot be folded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CombineError {
    /// The filters differ in m, k or hash family.
    ShapeMismatch,
    /// Folding needs an even m of at least 2.
    OddLength {
        /// The m that cannot be halved.
        m: u64,
    },
}

impl BitArray {
    /// An array of `len` bits with the given words (bits past `len` must be 0).
    pub fn from_words(len: u64, words: Vec<u64>) -> Self {
        let mut bits = BitArray::new(len);
        for (index, word) in words.into_iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                let bit = rest.trailing_zeros() as u64;
                rest &= rest - 1;
                let position = index as u64 * 64 + bit;
                if position < len {
                    bits.set(position);
                }
            }
        }
        bits
    }
}

impl BloomFilter {
    fn combine(
        &self,
        other: &BloomFilter,
        op: impl Fn(u64, u64) -> u64,
    ) -> Result<BloomFilter, CombineError> {
        if self.shape() != other.shape() {
            return Err(CombineError::ShapeMismatch);
        }
        let words = self
            .bits()
            .words()
            .iter()
            .zip(other.bits().words())
            .map(|(&a, &b)| op(a, b))
            .collect();
        Ok(BloomFilter::from_bits(
            self.shape(),
            BitArray::from_words(self.shape().m(), words),
        ))
    }

    /// The bitwise OR: exactly the filter of the union of the two item sets.
    pub fn union(&self, other: &BloomFilter) -> Result<BloomFilter, CombineError> {
        self.combine(other, |a, b| a | b)
    }

    /// The bitwise AND: a superset of the bits of the filter of the intersection.
    pub fn intersection(&self, other: &BloomFilter) -> Result<BloomFilter, CombineError> {
        self.combine(other, |a, b| a & b)
    }

    /// The filter with m/2 bits: bit j is `bit j OR bit j + m/2`.
    pub fn fold(&self) -> Result<BloomFilter, CombineError> {
        let m = self.shape().m();
        if m % 2 == 1 || m < 2 {
            return Err(CombineError::OddLength { m });
        }
        let half = m / 2;
        let shape = FilterShape::new(half, self.shape().k(), self.shape().family())
            .map_err(|_| CombineError::OddLength { m })?;
        let mut bits = BitArray::new(half);
        for position in self.bits().iter_ones() {
            bits.set(position % half);
        }
        Ok(BloomFilter::from_bits(shape, bits))
    }
}

/// Sizes estimated from fills, beside which the page shows the true sizes:
/// `n̂ = -(m/k)·ln(1 - X/m)` for A, B and A ∪ B, and `|A ∩ B| ≈ n̂_A + n̂_B - n̂_{A∪B}`
/// (inclusion–exclusion).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SetEstimates {
    /// n̂ of A.
    pub a: CountEstimate,
    /// n̂ of B.
    pub b: CountEstimate,
    /// n̂ of the union.
    pub union: CountEstimate,
    /// The inclusion–exclusion estimate of the intersection, when all three are finite.
    pub intersection: Option<f64>,
}

/// Estimates |A|, |B|, |A ∪ B| and |A ∩ B| from two filters of the same shape.
pub fn estimate_sets(a: &BloomFilter, b: &BloomFilter) -> Result<SetEstimates, CombineError> {
    let union = a.union(b)?;
    let (ea, eb, eu) = (
        a.estimated_count(),
        b.estimated_count(),
        union.estimated_count(),
    );
    let intersection = match (ea, eb, eu) {
        (CountEstimate::Finite(x), CountEstimate::Finite(y), CountEstimate::Finite(z)) => {
            Some(x + y - z)
        }
        _ => None,
    };
    Ok(SetEstimates {
        a: ea,
        b: eb,
        union: eu,
        intersection,
    })
}

/// The false-positive rate a filter's current fill gives, `(X/m)^k`.
pub fn rate_from_fill(filter: &BloomFilter) -> f64 {
    filter.fill_ratio().powi(filter.shape().k() as i32)
}
