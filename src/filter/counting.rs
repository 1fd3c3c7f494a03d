//! The counting Bloom filter: m small counters instead of m bits, so items can be removed.
//!
//! ```text
//! insert "cat" -> counters 1, 4, 9 go up by one
//! insert "dog" -> counters 4, 6, 9 go up by one   counters: 0 1 0 0 2 0 1 0 0 2
//! remove "cat" -> counters 1, 4, 9 go down by one counters: 0 0 0 0 1 0 1 0 0 1
//! "dog" is still found: nothing it set was cleared.
//! ```
//!
//! A counter of `w` bits holds at most `2^w - 1`. A counter that reaches that maximum is
//! *saturated*: its true count is unknown, so it is never decremented again (decrementing
//! it could take it to 0 while items that set it remain, a false negative).

use super::error::ParamError;
use super::hashing::HashFamily;
use super::math;
use super::params::FilterShape;

/// The default counter width in bits.
pub const DEFAULT_COUNTER_WIDTH: u32 = 4;
/// The widest counter, in bits.
pub const MAX_COUNTER_WIDTH: u32 = 8;

/// A counting Bloom filter with counters of 1 to 8 bits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountingBloomFilter {
    shape: FilterShape,
    width: u32,
    max: u8,
    counters: Vec<u8>,
    nonzero: u64,
}

/// One counter's change during an insert or remove.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CounterChange {
    /// The hash index i that touched the counter.
    pub hash_index: u32,
    /// The counter's position.
    pub position: u64,
    /// The value before this step.
    pub before: u8,
    /// The value after this step (equal to `before` when saturated).
    pub after: u8,
    /// The counter was at its maximum, so it did not move.
    pub saturated: bool,
}

/// Why a removal was refused. A refused removal changes nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemoveError {
    /// Some of the item's counters are 0, so it was certainly never added (or was
    /// already removed): decrementing would corrupt the filter.
    DefinitelyAbsent {
        /// The item's positions whose counter is 0.
        zero_positions: Vec<u64>,
    },
}

impl CountingBloomFilter {
    /// An empty counting filter with counters of `width` bits (1..=8).
    pub fn new(shape: FilterShape, width: u32) -> Result<Self, ParamError> {
        if !(1..=MAX_COUNTER_WIDTH).contains(&width) {
            return Err(ParamError::BadCounterWidth { requested: width });
        }
        Ok(CountingBloomFilter {
            shape,
            width,
            max: ((1u16 << width) - 1) as u8,
            counters: vec![0; shape.m() as usize],
            nonzero: 0,
        })
    }

    /// An empty counting filter, validating every parameter.
    pub fn with_params(m: u64, k: u32, family: HashFamily, width: u32) -> Result<Self, ParamError> {
        Self::new(FilterShape::new(m, k, family)?, width)
    }

    /// The filter's shape (m, k, family).
    pub fn shape(&self) -> FilterShape {
        self.shape
    }

    /// The counter width w in bits.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The largest value a counter holds, `2^w - 1`.
    pub fn max_count(&self) -> u8 {
        self.max
    }

    /// The counter at `position`.
    pub fn count(&self, position: u64) -> u8 {
        self.counters[position as usize]
    }

    /// All counters in order.
    pub fn counters(&self) -> &[u8] {
        &self.counters
    }

    /// True when the counter at `position` is at its maximum and therefore stuck.
    pub fn is_saturated(&self, position: u64) -> bool {
        self.counters[position as usize] == self.max
    }

    /// Memory the counters need, `m·w` bits (a plain filter needs `m`).
    pub fn memory_bits(&self) -> u64 {
        self.shape.m() * self.width as u64
    }

    /// Increments the item's k counters (saturated counters stay at the maximum).
    pub fn insert(&mut self, item: &[u8]) -> Vec<CounterChange> {
        let positions: Vec<u64> = self.shape.positions(item).collect();
        positions
            .into_iter()
            .enumerate()
            .map(|(i, position)| {
                let counter = &mut self.counters[position as usize];
                let before = *counter;
                let saturated = before == self.max;
                if !saturated {
                    *counter += 1;
                }
                self.nonzero += (before == 0) as u64;
                CounterChange {
                    hash_index: i as u32,
                    position,
                    before,
                    after: *counter,
                    saturated,
                }
            })
            .collect()
    }

    /// True when all k counters are non-zero.
    pub fn contains(&self, item: &[u8]) -> bool {
        self.shape
            .positions(item)
            .all(|p| self.counters[p as usize] > 0)
    }

    /// The item's positions whose counter is 0.
    pub fn zero_positions(&self, item: &[u8]) -> Vec<u64> {
        self.shape
            .positions(item)
            .filter(|&p| self.counters[p as usize] == 0)
            .collect()
    }

    /// Decrements the item's k counters, skipping saturated ones. Refused, with nothing
    /// changed, when some counter is 0 (the item is certainly absent).
    ///
    /// This cannot tell a member from a false positive: removing a false positive
    /// decrements counters that real members set. Callers that know the items decide
    /// whether to allow that.
    pub fn remove(&mut self, item: &[u8]) -> Result<Vec<CounterChange>, RemoveError> {
        let zero_positions = self.zero_positions(item);
        if !zero_positions.is_empty() {
            return Err(RemoveError::DefinitelyAbsent { zero_positions });
        }
        let positions: Vec<u64> = self.shape.positions(item).collect();
        Ok(positions
            .into_iter()
            .enumerate()
            .map(|(i, position)| {
                let counter = &mut self.counters[position as usize];
                let before = *counter;
                let saturated = before == self.max;
                // A counter can reach 0 early only when a forced removal of a non-member
                // hits the same position twice; it then stays at 0.
                if !saturated && before > 0 {
                    *counter -= 1;
                    self.nonzero -= (*counter == 0) as u64;
                }
                CounterChange {
                    hash_index: i as u32,
                    position,
                    before,
                    after: *counter,
                    saturated,
                }
            })
            .collect())
    }

    /// The number of non-zero counters, X (the bits a plain filter would have set).
    pub fn count_nonzero(&self) -> u64 {
        self.nonzero
    }

    /// The number of saturated counters.
    pub fn count_saturated(&self) -> u64 {
        self.counters.iter().filter(|&&c| c == self.max).count() as u64
    }

    /// X / m.
    pub fn fill_ratio(&self) -> f64 {
        self.nonzero as f64 / self.shape.m() as f64
    }

    /// `n̂ = -(m/k)·ln(1 - X/m)` with X the non-zero counters.
    pub fn estimated_count(&self) -> math::CountEstimate {
        math::estimated_count(self.shape.m(), self.shape.k(), self.nonzero)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(m: u64, k: u32, width: u32) -> CountingBloomFilter {
        CountingBloomFilter::with_params(m, k, HashFamily::Murmur3, width).unwrap()
    }

    #[test]
    fn widths_outside_one_to_eight_are_rejected() {
        let shape = FilterShape::new(8, 2, HashFamily::Fnv1a).unwrap();
        assert_eq!(
            CountingBloomFilter::new(shape, 0),
            Err(ParamError::BadCounterWidth { requested: 0 })
        );
        assert_eq!(
            CountingBloomFilter::new(shape, 9),
            Err(ParamError::BadCounterWidth { requested: 9 })
        );
        assert_eq!(CountingBloomFilter::new(shape, 8).unwrap().max_count(), 255);
        assert_eq!(CountingBloomFilter::new(shape, 1).unwrap().max_count(), 1);
        assert_eq!(
            CountingBloomFilter::new(shape, 4).unwrap().memory_bits(),
            32
        );
    }

    #[test]
    fn insert_then_remove_restores_counters() {
        let mut f = filter(200, 4, 4);
        f.insert(b"keep");
        let before = f.clone();
        let up = f.insert(b"gone");
        assert!(up.iter().all(|c| c.after == c.before + 1));
        let down = f.remove(b"gone").unwrap();
        assert_eq!(down.len(), 4);
        assert_eq!(f, before);
        assert!(f.contains(b"keep"));
    }

    #[test]
    fn removing_an_absent_item_is_refused_and_changes_nothing() {
        let mut f = filter(200, 4, 4);
        f.insert(b"present");
        let before = f.clone();
        match f.remove(b"absent") {
            Err(RemoveError::DefinitelyAbsent { zero_positions }) => {
                assert!(!zero_positions.is_empty())
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert_eq!(f, before);
    }

    #[test]
    fn saturated_counters_stick_at_the_maximum() {
        let mut f = filter(1, 1, 2);
        for _ in 0..5 {
            f.insert(b"same");
        }
        assert_eq!(f.count(0), 3);
        assert!(f.is_saturated(0));
        let change = f.remove(b"same").unwrap();
        assert!(change[0].saturated);
        assert_eq!(f.count(0), 3, "a saturated counter is never decremented");
        assert_eq!(f.count_saturated(), 1);
    }
}
