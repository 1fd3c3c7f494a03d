//! Banding: on-the-fly Gaussian elimination of the keys' rows into an upper-triangular band
//! (RocksDB's `BandingAdd`, `util/ribbon_alg.h`, with `kFirstCoeffAlwaysOne`).
//!
//! Each slot holds at most one row, whose lowest set coefficient is at that slot. A key's
//! row (coefficients `coeff` from `start`, result `fp`) goes in like an insert into a hash
//! table with linear probing:
//!
//! ```text
//! i = start
//! loop:
//!   slot i empty          -> store (coeff, result) at i: done
//!   else                  -> coeff ^= coeff_i, result ^= result_i   (the leading 1 cancels)
//!        coeff == 0       -> result == 0: redundant (the equation already holds): done
//!                            result != 0: inconsistent: this seed's banding fails
//!        t = trailing zeros of coeff;  i += t;  coeff >>= t           (next set bit)
//! ```
//!
//! A stored row is never changed afterwards, so every state is ready for back-substitution.
//! The fast and the walked builds run the same [`Banding::add`]; the walked one passes an
//! observer that records each step.

/// What one step of a key's banding did at one slot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BandStep {
    /// Slot `slot` was empty: the row is stored there.
    Stored {
        /// The slot, the row's lowest set coefficient.
        slot: u64,
        /// The row's coefficients from `slot` (bit j: slot + j).
        coeff: u64,
        /// The row's result.
        result: u16,
    },
    /// Slot `slot` held a row: the key's row is XORed with it.
    Xored {
        /// The slot.
        slot: u64,
        /// The key's row before, from `slot` (bit 0 set).
        coeff: u64,
        /// The key's result before.
        result: u16,
        /// The row stored at `slot` (bit 0 set).
        stored_coeff: u64,
        /// The result stored at `slot`.
        stored_result: u16,
        /// `coeff XOR stored_coeff` (bit 0 now clear).
        coeff_after: u64,
        /// `result XOR stored_result`.
        result_after: u16,
        /// The trailing zeros of `coeff_after`: the next slot is `slot + shift`, with the row
        /// shifted right by as much; `None` when `coeff_after` is 0.
        shift: Option<u32>,
    },
}

/// How a key's banding ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyOutcome {
    /// Its row (as reduced) is stored at `slot`.
    Stored {
        /// The slot.
        slot: u64,
    },
    /// Its row reduced to 0 with result 0: the equation already follows from the stored
    /// rows (the same key twice, or a combination of other keys' equations), nothing stored.
    Redundant,
    /// Its row reduced to 0 with a result other than 0: no solution with this seed.
    Inconsistent,
}

/// Receives each step of a banding; the fast build's observer is `()`, which ignores them.
pub trait BandingObserver {
    /// One step.
    fn step(&mut self, step: BandStep);
}

impl BandingObserver for () {
    #[inline(always)]
    fn step(&mut self, _step: BandStep) {}
}

impl BandingObserver for Vec<BandStep> {
    fn step(&mut self, step: BandStep) {
        self.push(step);
    }
}

/// The band: per slot a coefficient row (0 = empty) and a result row (RocksDB's
/// `StandardBanding`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Banding {
    coeff_rows: Vec<u64>,
    result_rows: Vec<u16>,
}

impl Banding {
    /// An empty band of `num_slots` slots.
    pub fn new(num_slots: u64) -> Self {
        Banding {
            coeff_rows: vec![0; num_slots as usize],
            result_rows: vec![0; num_slots as usize],
        }
    }

    /// Empties every slot (`Reset`).
    pub fn clear(&mut self) {
        self.coeff_rows.fill(0);
        self.result_rows.fill(0);
    }

    /// The number of slots.
    pub fn num_slots(&self) -> u64 {
        self.coeff_rows.len() as u64
    }

    /// The row stored at `slot`: (coefficients, result); (0, 0) when empty.
    pub fn row(&self, slot: u64) -> (u64, u16) {
        (
            self.coeff_rows[slot as usize],
            self.result_rows[slot as usize],
        )
    }

    /// The number of slots holding a row (`GetOccupiedCount`).
    pub fn occupied(&self) -> u64 {
        self.coeff_rows.iter().filter(|&&c| c != 0).count() as u64
    }

    /// Adds the row `coeff` (bit 0 set, bit j for slot `start + j`, `start + w − 1` within
    /// the band) with result `result` (`BandingAdd`), telling `observer` each step.
    #[inline]
    pub fn add(
        &mut self,
        start: u64,
        coeff: u64,
        result: u16,
        observer: &mut impl BandingObserver,
    ) -> KeyOutcome {
        debug_assert_eq!(coeff & 1, 1);
        let (mut slot, mut coeff, mut result) = (start, coeff, result);
        loop {
            let index = slot as usize;
            let stored_coeff = self.coeff_rows[index];
            if stored_coeff == 0 {
                self.coeff_rows[index] = coeff;
                self.result_rows[index] = result;
                observer.step(BandStep::Stored {
                    slot,
                    coeff,
                    result,
                });
                return KeyOutcome::Stored { slot };
            }
            let stored_result = self.result_rows[index];
            let coeff_after = coeff ^ stored_coeff;
            let result_after = result ^ stored_result;
            let shift = (coeff_after != 0).then(|| coeff_after.trailing_zeros());
            observer.step(BandStep::Xored {
                slot,
                coeff,
                result,
                stored_coeff,
                stored_result,
                coeff_after,
                result_after,
                shift,
            });
            match shift {
                Some(shift) => {
                    slot += u64::from(shift);
                    coeff = coeff_after >> shift;
                    result = result_after;
                }
                None if result_after == 0 => return KeyOutcome::Redundant,
                None => return KeyOutcome::Inconsistent,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_meeting_a_stored_row_moves_to_its_next_set_bit() {
        let mut band = Banding::new(8);
        assert_eq!(
            band.add(2, 0b1011, 5, &mut ()),
            KeyOutcome::Stored { slot: 2 }
        );
        let mut steps = Vec::new();
        // 0b0111 XOR 0b1011 = 0b1100: two trailing zeros, so slot 4 with row 0b11.
        assert_eq!(
            band.add(2, 0b0111, 6, &mut steps),
            KeyOutcome::Stored { slot: 4 }
        );
        assert_eq!(
            steps,
            vec![
                BandStep::Xored {
                    slot: 2,
                    coeff: 0b0111,
                    result: 6,
                    stored_coeff: 0b1011,
                    stored_result: 5,
                    coeff_after: 0b1100,
                    result_after: 3,
                    shift: Some(2),
                },
                BandStep::Stored {
                    slot: 4,
                    coeff: 0b11,
                    result: 3
                },
            ]
        );
        assert_eq!(band.row(4), (0b11, 3));
        assert_eq!(band.occupied(), 2);
    }

    #[test]
    fn a_row_reducing_to_zero_is_redundant_or_inconsistent_by_its_result() {
        let mut band = Banding::new(4);
        band.add(0, 0b11, 1, &mut ());
        band.add(1, 0b1, 2, &mut ());
        // Row 0b11 from slot 0 is already stored with result 1: the same equation again.
        assert_eq!(band.add(0, 0b11, 1, &mut ()), KeyOutcome::Redundant);
        // Slots 0 and 1 together: x0 + x1 = 1 and x1 = 2 force x0 = 3; asking x0 = 0 fails.
        let mut steps = Vec::new();
        assert_eq!(band.add(0, 0b1, 0, &mut steps), KeyOutcome::Inconsistent);
        assert_eq!(steps.len(), 2);
        assert!(matches!(
            steps[1],
            BandStep::Xored {
                slot: 1,
                coeff_after: 0,
                result_after: 3,
                shift: None,
                ..
            }
        ));
        assert_eq!(band.occupied(), 2);
    }
}
