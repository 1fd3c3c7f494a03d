//! A fixed-length array of bits packed into `u64` words.

/// `m` bits stored in `ceil(m / 64)` little-endian `u64` words: bit `i` lives in word
/// `i / 64` at bit `i % 64`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitArray {
    words: Vec<u64>,
    len: u64,
    ones: u64,
}

impl BitArray {
    /// An array of `len` bits, all zero.
    pub fn new(len: u64) -> Self {
        let words = vec![0; len.div_ceil(64) as usize];
        BitArray {
            words,
            len,
            ones: 0,
        }
    }

    /// The number of bits, m.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True when the array has no bits at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bit at `index`. Panics if `index >= len` (a caller bug, never user input).
    #[inline]
    pub fn get(&self, index: u64) -> bool {
        assert!(index < self.len, "bit index out of range");
        self.words[(index / 64) as usize] >> (index % 64) & 1 == 1
    }

    /// Sets the bit at `index` to 1 and returns whether it was 0 before.
    #[inline]
    pub fn set(&mut self, index: u64) -> bool {
        assert!(index < self.len, "bit index out of range");
        let word = &mut self.words[(index / 64) as usize];
        let mask = 1u64 << (index % 64);
        let was_clear = *word & mask == 0;
        *word |= mask;
        self.ones += was_clear as u64;
        was_clear
    }

    /// Clears the bit at `index` to 0 and returns whether it was 1 before.
    #[inline]
    pub fn clear(&mut self, index: u64) -> bool {
        assert!(index < self.len, "bit index out of range");
        let word = &mut self.words[(index / 64) as usize];
        let mask = 1u64 << (index % 64);
        let was_set = *word & mask != 0;
        *word &= !mask;
        self.ones -= was_set as u64;
        was_set
    }

    /// The number of bits set to 1, X (kept up to date on every change).
    pub fn count_ones(&self) -> u64 {
        self.ones
    }

    /// The number of bits set among `start..end` (clamped to the array), counted a word at
    /// a time.
    pub fn count_ones_in(&self, start: u64, end: u64) -> u64 {
        let end = end.min(self.len);
        if start >= end {
            return 0;
        }
        let (first, last) = ((start / 64) as usize, ((end - 1) / 64) as usize);
        // Bits at or above `start` in the first word, below `end` in the last.
        let low_mask = u64::MAX << (start % 64);
        let high_mask = u64::MAX >> (63 - (end - 1) % 64);
        (first..=last)
            .map(|w| {
                let mut word = self.words[w];
                if w == first {
                    word &= low_mask;
                }
                if w == last {
                    word &= high_mask;
                }
                u64::from(word.count_ones())
            })
            .sum()
    }

    /// The fraction of bits set, X / m (0 for an empty array).
    pub fn fill_ratio(&self) -> f64 {
        if self.len == 0 {
            0.0
        } else {
            self.ones as f64 / self.len as f64
        }
    }

    /// The packed words, least significant bit first.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// Indices of the bits set to 1, in increasing order.
    pub fn iter_ones(&self) -> Ones<'_> {
        Ones {
            words: &self.words,
            word: 0,
            rest: self.words.first().copied().unwrap_or(0),
        }
    }

    /// Sets every bit to 0.
    pub fn clear_all(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
        self.ones = 0;
    }
}

/// The indices of a bit array's 1 bits, in increasing order ([`BitArray::iter_ones`]):
/// word by word, each word's lowest remaining 1 bit (`trailing_zeros`) and then that bit
/// cleared (`rest & (rest − 1)`).
pub struct Ones<'a> {
    words: &'a [u64],
    /// The word being read.
    word: usize,
    /// Its bits not yet returned.
    rest: u64,
}

impl Iterator for Ones<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        while self.rest == 0 {
            self.word += 1;
            self.rest = *self.words.get(self.word)?;
        }
        let bit = u64::from(self.rest.trailing_zeros());
        self.rest &= self.rest - 1;
        Some(self.word as u64 * 64 + bit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_get_clear_and_count_track_each_other() {
        let mut bits = BitArray::new(130);
        assert_eq!(bits.words().len(), 3);
        assert!(bits.set(0));
        assert!(bits.set(64));
        assert!(bits.set(129));
        assert!(
            !bits.set(129),
            "setting a set bit reports it was already set"
        );
        assert!(bits.get(0) && bits.get(64) && bits.get(129));
        assert!(!bits.get(1) && !bits.get(128));
        assert_eq!(bits.count_ones(), 3);
        assert_eq!(bits.iter_ones().collect::<Vec<_>>(), vec![0, 64, 129]);
        assert!(bits.clear(64));
        assert!(!bits.clear(64));
        assert_eq!(bits.count_ones(), 2);
        assert!((bits.fill_ratio() - 2.0 / 130.0).abs() < 1e-15);
        bits.clear_all();
        assert_eq!(bits.count_ones(), 0);
        assert_eq!(bits.iter_ones().count(), 0);
    }

    #[test]
    #[should_panic(expected = "out of range")]
    fn reading_past_the_end_is_a_caller_bug() {
        BitArray::new(10).get(10);
    }

    #[test]
    fn count_ones_in_counts_each_range_like_a_bit_by_bit_count() {
        let mut bits = BitArray::new(200);
        for i in (0..200).filter(|i| i % 3 == 0 || i % 7 == 0) {
            bits.set(i);
        }
        for (start, end) in [
            (0, 200),
            (0, 0),
            (5, 6),
            (63, 65),
            (64, 128),
            (10, 190),
            (150, 400),
            (199, 200),
        ] {
            let slow = (start..end.min(200)).filter(|&i| bits.get(i)).count() as u64;
            assert_eq!(bits.count_ones_in(start, end), slow, "{start}..{end}");
        }
    }
}
