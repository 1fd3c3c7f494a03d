//! Back-substitution and queries (RocksDB's `SimpleBackSubst` and `SimpleQueryHelper`,
//! `util/ribbon_alg.h`), with one r-bit solution row S[i] per slot.
//!
//! The band is upper-triangular: the row stored at slot i has its lowest coefficient at i.
//! Going from the last slot to the first, each S[i] is the one value that makes row i's
//! equation hold given the rows after it:
//!
//! ```text
//! S[i] = result_i XOR (XOR of S[i + j] for each set bit j ≥ 1 of coeff_i)
//! ```
//!
//! bit by bit, each result bit being `result_i`'s bit XOR the parity of (coeff_i without bit 0
//! AND that column of the solution rows after i). An empty slot has coefficients 0 and
//! result 0 (RocksDB's non-homogeneous `StandardBanding`), so its solution row is 0.
//!
//! A query XORs the solution rows its coefficient row selects and compares with its
//! fingerprint: `XOR of S[start + j] for each set bit j of coeff  ==  fp`.

use super::banding::Banding;

/// A solution row that a coefficient selects: bit `bit` of the coefficient row, slot `slot`
/// (the row's first slot + `bit`), and that slot's solution row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SelectedRow {
    /// The coefficient bit j.
    pub bit: u32,
    /// The slot, first slot + j.
    pub slot: u64,
    /// Its solution row S[slot].
    pub value: u16,
}

/// One slot of the back-substitution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveStep {
    /// The slot i.
    pub slot: u64,
    /// The band's coefficient row at i (0 for an empty slot).
    pub coeff: u64,
    /// The band's result at i (0 for an empty slot).
    pub result: u16,
    /// The solution rows after i that the coefficients above bit 0 select, in slot order.
    pub selected: Vec<SelectedRow>,
    /// S[i] = result XOR the selected rows.
    pub value: u16,
}

/// Back-substitution as RocksDB's `SimpleBackSubst` does it, column by column: for each
/// result bit j a w-bit window `state[j]` of that column of the solution rows after i,
/// shifted in from the right, so that each bit is one parity of `state[j] << 1 AND coeff_i`.
pub fn back_substitute(band: &Banding, result_bits: u32) -> Vec<u16> {
    let num_slots = band.num_slots();
    let mut solution = vec![0u16; num_slots as usize];
    let mut state = [0u64; 16];
    for slot in (0..num_slots).rev() {
        let (coeff, result) = band.row(slot);
        let mut row = 0u16;
        for (bit, column) in state.iter_mut().enumerate().take(result_bits as usize) {
            let shifted = *column << 1;
            let parity = (shifted & coeff).count_ones() & 1;
            let value = parity ^ u32::from((result >> bit) & 1);
            *column = shifted | u64::from(value);
            row |= (value as u16) << bit;
        }
        solution[slot as usize] = row;
    }
    solution
}

/// Back-substitution row by row, recording each slot: the same solution as
/// [`back_substitute`], with the rows each slot's equation selects.
pub fn back_substitute_walked(band: &Banding) -> (Vec<u16>, Vec<SolveStep>) {
    let num_slots = band.num_slots();
    let mut solution = vec![0u16; num_slots as usize];
    let mut steps = Vec::with_capacity(num_slots as usize);
    for slot in (0..num_slots).rev() {
        let (coeff, result) = band.row(slot);
        let selected = selected_rows(&solution, slot, coeff & !1);
        let value = selected.iter().fold(result, |acc, row| acc ^ row.value);
        solution[slot as usize] = value;
        steps.push(SolveStep {
            slot,
            coeff,
            result,
            selected,
            value,
        });
    }
    (solution, steps)
}

/// The XOR of `S[start + j]` for each set bit j of `coeff` (`SimpleQueryHelper`).
#[inline]
pub fn query(solution: &[u16], start: u64, coeff: u64) -> u16 {
    let rows = &solution[start as usize..];
    let mut bits = coeff;
    let mut value = 0;
    while bits != 0 {
        value ^= rows[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    value
}

/// The solution rows that `coeff`'s set bits select from `start`, in slot order.
pub fn selected_rows(solution: &[u16], start: u64, coeff: u64) -> Vec<SelectedRow> {
    let mut selected = Vec::with_capacity(coeff.count_ones() as usize);
    let mut bits = coeff;
    while bits != 0 {
        let bit = bits.trailing_zeros();
        let slot = start + u64::from(bit);
        selected.push(SelectedRow {
            bit,
            slot,
            value: solution[slot as usize],
        });
        bits &= bits - 1;
    }
    selected
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_stored_equation_holds_and_empty_slots_are_zero() {
        let mut band = Banding::new(6);
        band.add(0, 0b101, 7, &mut ());
        band.add(1, 0b11, 2, &mut ());
        band.add(3, 0b1, 9, &mut ());
        let solution = back_substitute(&band, 4);
        // Slot 3: S3 = 9; slot 2 empty: S2 = 0; slot 1: S1 + S2 = 2; slot 0: S0 + S2 = 7.
        assert_eq!(solution, vec![7, 2, 0, 9, 0, 0]);
        let (walked, steps) = back_substitute_walked(&band);
        assert_eq!(walked, solution);
        assert_eq!(steps[0].slot, 5);
        let slot0 = &steps[5];
        assert_eq!(
            slot0.selected,
            vec![SelectedRow {
                bit: 2,
                slot: 2,
                value: 0
            }]
        );
        assert_eq!(query(&solution, 0, 0b101), 7);
        assert_eq!(query(&solution, 1, 0b11), 2);
    }
}
