//! How ClickHouse sizes a `bloom_filter` skip index from a target false-positive rate.
//!
//! ClickHouse does not evaluate a formula for this:
//! `BloomFilterHash::calculationBestPractices(double max_conflict_probability)` in
//! `src/Interpreters/BloomFilterHash.h` of ClickHouse/ClickHouse (read here as stored at
//! commit 04faa691e3a8) looks the rate up in a fixed table and returns a pair (bits per row,
//! number of hash functions). The same function sizes the dictionary filters of the text
//! (GIN) index. This module copies that table and that walk, so the page can set
//! ClickHouse's choice next to the one the formulas of [`super::math`] give.
//!
//! # The table
//!
//! Row c is c bits per row (per inserted value), column k is k hash functions; row 0 is a
//! dummy and column 0 (k = 0) holds 1.0 in every row. The entries are the approximate rate
//! `(1 − e^(−k/c))^k` ([`super::math::fpr_approx`] with m = c, n = 1), printed to three
//! significant figures (trailing zeros dropped): the classic table of rates by m/n and k
//! from Pei Cao's summary-cache notes, to which the index's author pointed in ClickHouse
//! pull request #5992. Rows are written only up to about their smallest entry; C++ fills
//! the rest of each 15-wide row with 0, which the walk never reads. Two entries do not
//! follow the formula:
//!
//! * 1 bit, 1 hash: 1.0, where the formula gives 0.632.
//! * 5 bits, 3 hashes: 0.092 (that is 0.0920, equal to the entry for 4 hashes), where the
//!   formula gives 0.09185, which is 0.0918 to three figures.
//!
//! The C++ table is `long double`, but its literals are `double` literals, so every entry is
//! exactly the `f64` written here, and every comparison with the `double` argument gives the
//! same answer in `f64`: [`best_practices`] reproduces ClickHouse's result for every input.
//!
//! # The walk
//!
//! 1. If p ≥ 0.283, return (2, 2) at once.
//! 2. For c = 1, 2, …, 19 in turn (row 20 is never visited): take k*, the column of the
//!    row's smallest entry (ClickHouse's `min_probability_index_each_bits`). If
//!    rate(c, k*) ≤ p, step k down from k* to 1, and at the first k whose rate is above p
//!    return (c, k + 1). If none is above p, go on to the next row.
//! 3. After row 19, return (19, 13), row 19's best.
//!
//! So a row is taken only when the rate climbs back above p somewhere below its best k, and
//! the answer is then that row with the fewest hashes that meet p, but never 1 hash. When
//! every entry from 1 hash to k* already meets p, the walk skips the row, and the rows after
//! it too (their 1-hash rates are smaller still), ending at (19, 13), the largest filter:
//!
//! * p ≥ 0.283, the 1-hash rate of 3 bits: this is why step 1 exists. It was added in 2023
//!   (ClickHouse issue #57032, pull request #57034), before which those rates got
//!   (19, 13). It returns the constants `MIN_BITS_PER_ROW = 2`, `MIN_HASH_FUNCTION_COUNT =
//!   2`, not a table lookup: their tabled rate is 0.400, above p for 0.283 ≤ p < 0.4.
//! * 0.221 ≤ p < 0.237 is not covered by it: 3 bits' best (0.237) is above p, and 4 bits'
//!   1-hash rate (0.221) is already within p, so these rates still get (19, 13).
//! * p below 0.000109 (row 19's best), p = 0, negative p, NaN and −∞ (every comparison
//!   with NaN is false) also get (19, 13); +∞ gets (2, 2). ClickHouse's `bloom_filter`
//!   index clamps its argument to [0, 1] before the call; other callers pass it as is.

use super::error::ParamError;
use super::math::{optimal_k_for_rate, optimal_m};

/// Rows 0..=20 of ClickHouse's `probability_lookup_table`: row = bits per row,
/// column = hash functions, in ClickHouse's order and as ClickHouse printed them. A row of
/// more than ten columns goes on from its eleventh on the next line.
#[rustfmt::skip]
const TABLE: [&[f64]; 21] = [
    &[1.0], // dummy, 0 bits per row
    &[1.0, 1.0],
    &[1.0, 0.393,  0.400],
    &[1.0, 0.283,  0.237,   0.253],
    &[1.0, 0.221,  0.155,   0.147,   0.160],
    &[1.0, 0.181,  0.109,   0.092,   0.092,   0.101], // 5
    &[1.0, 0.154,  0.0804,  0.0609,  0.0561,  0.0578,   0.0638],
    &[1.0, 0.133,  0.0618,  0.0423,  0.0359,  0.0347,   0.0364],
    &[1.0, 0.118,  0.0489,  0.0306,  0.024,   0.0217,   0.0216,   0.0229],
    &[1.0, 0.105,  0.0397,  0.0228,  0.0166,  0.0141,   0.0133,   0.0135,   0.0145],
    &[1.0, 0.0952, 0.0329,  0.0174,  0.0118,  0.00943,  0.00844,  0.00819,  0.00846], // 10
    &[1.0, 0.0869, 0.0276,  0.0136,  0.00864, 0.0065,   0.00552,  0.00513,  0.00509],
    &[1.0, 0.08,   0.0236,  0.0108,  0.00646, 0.00459,  0.00371,  0.00329,  0.00314],
    &[1.0, 0.074,  0.0203,  0.00875, 0.00492, 0.00332,  0.00255,  0.00217,  0.00199,  0.00194],
    &[1.0, 0.0689, 0.0177,  0.00718, 0.00381, 0.00244,  0.00179,  0.00146,  0.00129,  0.00121,
      0.0012],
    &[1.0, 0.0645, 0.0156,  0.00596, 0.003,   0.00183,  0.00128,  0.001,    0.000852, 0.000775,
      0.000744], // 15
    &[1.0, 0.0606, 0.0138,  0.005,   0.00239, 0.00139,  0.000935, 0.000702, 0.000574, 0.000505,
      0.00047,  0.000459],
    &[1.0, 0.0571, 0.0123,  0.00423, 0.00193, 0.00107,  0.000692, 0.000499, 0.000394, 0.000335,
      0.000302, 0.000287, 0.000284],
    &[1.0, 0.054,  0.0111,  0.00362, 0.00158, 0.000839, 0.000519, 0.00036,  0.000275, 0.000226,
      0.000198, 0.000183, 0.000176],
    &[1.0, 0.0513, 0.00998, 0.00312, 0.0013,  0.000663, 0.000394, 0.000264, 0.000194, 0.000155,
      0.000132, 0.000118, 0.000111, 0.000109],
    &[1.0, 0.0488, 0.00906, 0.0027,  0.00108, 0.00053,  0.000303, 0.000196, 0.00014,  0.000108,
      8.89e-05, 7.77e-05, 7.12e-05, 6.79e-05, 6.71e-05], // 20
];

/// ClickHouse's `min_probability_index_each_bits`: for each row, the column of its smallest
/// entry (the first, on a tie).
const MIN_INDEX: [u8; 21] = [
    0, 0, 1, 2, 3, 3, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14,
];

/// ClickHouse's `MAX_BITS_PER_ROW`: the table's last row. The walk stops one row short.
pub const MAX_BITS_PER_ROW: u32 = 20;

/// ClickHouse's `MAX_HASH_FUNCTION_COUNT`: the table's width (columns 0..=14).
pub const MAX_HASH_FUNCTION_COUNT: u32 = 15;

/// From this rate up, [`best_practices`] returns [`SMALLEST`] without walking the table.
pub const HIGH_RATE_GUARD: f64 = 0.283;

/// ClickHouse's `(MIN_BITS_PER_ROW, MIN_HASH_FUNCTION_COUNT)`, its answer for rates of at
/// least [`HIGH_RATE_GUARD`].
pub const SMALLEST: (u32, u32) = (2, 2);

/// `(MAX_BITS_PER_ROW - 1, min_probability_index_each_bits[MAX_BITS_PER_ROW - 1])`, the
/// answer when the walk finds no row.
pub const FALLBACK: (u32, u32) = (19, 13);

/// An entry as C++ reads it: 0 past what a row writes.
fn at(bits: usize, hashes: usize) -> f64 {
    TABLE[bits].get(hashes).copied().unwrap_or(0.0)
}

/// ClickHouse's tabled rate for `bits_per_row` (1..=20) and `hashes` (1..=14, as far as the
/// row is written), indexed as ClickHouse indexes it; `None` for the dummy row 0, the
/// k = 0 column and entries the row does not write.
pub fn rate_table(bits_per_row: u32, hashes: u32) -> Option<f64> {
    if hashes == 0 {
        return None;
    }
    TABLE
        .get(bits_per_row as usize)
        .filter(|_| bits_per_row > 0)
        .and_then(|row| row.get(hashes as usize))
        .copied()
}

/// The row's best entry as ClickHouse records it: (hashes, rate) at
/// `min_probability_index_each_bits[bits_per_row]`, for `bits_per_row` in 1..=20.
/// For 1 bit it is (0, 1.0), the k = 0 column, so the walk can never pick 1 bit per row.
pub fn row_minimum(bits_per_row: u32) -> Option<(u32, f64)> {
    let bits = bits_per_row as usize;
    if bits == 0 || bits >= TABLE.len() {
        return None;
    }
    let k = MIN_INDEX[bits] as usize;
    Some((k as u32, at(bits, k)))
}

/// ClickHouse's (bits per row, hash functions) for a largest false-positive rate
/// `max_probability`: the walk of `BloomFilterHash::calculationBestPractices`, step for
/// step (see the [module documentation](self)). Never panics; the answer always lies in
/// 2..=19 bits and 2..=13 hashes.
pub fn best_practices(max_probability: f64) -> (u32, u32) {
    if max_probability >= HIGH_RATE_GUARD {
        return SMALLEST;
    }
    walk(max_probability).unwrap_or(FALLBACK)
}

/// The walk's own answer, `None` when no row passes it (ClickHouse then returns
/// [`FALLBACK`]): below the table's last minimum, and for 0.221 ≤ p < 0.237.
pub fn walk(p: f64) -> Option<(u32, u32)> {
    for bits in 1..MAX_BITS_PER_ROW {
        let row = bits as usize;
        let best = MIN_INDEX[row] as usize;
        if at(row, best) <= p {
            for k in (1..=best).rev() {
                if at(row, k) > p {
                    return Some((bits, k as u32 + 1));
                }
            }
        }
    }
    None
}

/// What the formulas choose for the same rate, as this app computes them:
/// bits per row `m/n = ceil(−ln p / (ln 2)²)` ([`optimal_m`] for one item) and
/// `k = round(log2(1/p))` clamped to 1..=64 ([`optimal_k_for_rate`]). An error for p
/// outside (0, 1) or not finite, as those functions give.
pub fn exact_choice(p: f64) -> Result<(f64, u32), ParamError> {
    Ok((optimal_m(1.0, p)?, optimal_k_for_rate(p)?))
}

#[cfg(test)]
mod tests {
    use super::super::math::fpr_approx;
    use super::*;

    /// ClickHouse's own cases, from src/Interpreters/tests/gtest_calculationBestPractices.cpp
    /// (tests `BloomFilterHash.ReasonableProbabilities` and `.HighProbabilities`).
    #[test]
    fn clickhouse_gtest_cases() {
        let cases = [
            (0.001, (15, 7)),
            (0.025, (8, 4)),
            (0.05, (7, 3)),
            (0.1, (5, 3)),
            (0.2, (4, 2)),
            (0.282, (3, 2)),
            (0.283, (2, 2)),
            (0.5, (2, 2)),
            (0.8, (2, 2)),
        ];
        for (p, expected) in cases {
            assert_eq!(best_practices(p), expected, "p = {p}");
        }
    }

    /// Results of the C++ function itself, compiled with g++ on x86-64 (80-bit
    /// `long double`), for inputs the gtest does not cover.
    #[test]
    fn cases_checked_against_the_compiled_function() {
        let cases = [
            (0.01, (10, 5)),
            (0.3, (2, 2)),
            (0.35, (2, 2)),
            (0.39, (2, 2)),
            (0.225, (19, 13)),
            (0.23, (19, 13)),
            (0.2369, (19, 13)),
            (1e-300, (19, 13)),
            (5e-324, (19, 13)),
            (0.0, (19, 13)),
            (-0.0, (19, 13)),
            (-1.0, (19, 13)),
            (f64::NAN, (19, 13)),
            (f64::NEG_INFINITY, (19, 13)),
            (f64::INFINITY, (2, 2)),
        ];
        for (p, expected) in cases {
            assert_eq!(best_practices(p), expected, "p = {p}");
        }
    }

    /// The C++ function compiled with g++ on x86-64 (80-bit `long double`), at every
    /// distinct table value v in ascending order: (bits, hashes) at v, then at the double
    /// just below v. Between these points the answer cannot change.
    #[test]
    fn every_breakpoint_as_the_compiled_function_answers() {
        #[rustfmt::skip]
        const COMPILED: [(u32, u32, u32, u32); 155] = [
            (19, 13, 19, 13), (19, 13, 19, 13), (19, 13, 19, 13), (19, 13, 19, 13), (19, 13, 19, 13), (19, 13, 19, 13),
            (19, 13, 19, 13), (19, 12, 19, 13), (19, 11, 19, 12), (19, 10, 19, 11), (19, 10, 19, 10), (19, 9, 19, 10),
            (18, 12, 19, 9), (18, 11, 18, 12), (18, 11, 18, 11), (18, 11, 18, 11), (18, 10, 18, 11), (18, 9, 18, 10),
            (18, 9, 18, 9), (18, 8, 18, 9), (17, 12, 18, 8), (17, 11, 17, 12), (17, 10, 17, 11), (17, 10, 17, 10),
            (17, 9, 17, 10), (17, 9, 17, 9), (17, 8, 17, 9), (16, 11, 17, 8), (16, 10, 16, 11), (16, 10, 16, 10),
            (16, 9, 16, 10), (16, 9, 16, 9), (16, 9, 16, 9), (16, 8, 16, 9), (16, 8, 16, 8), (16, 8, 16, 8),
            (16, 7, 16, 8), (15, 10, 16, 7), (15, 9, 15, 10), (15, 9, 15, 9), (15, 8, 15, 9), (15, 8, 15, 8),
            (15, 7, 15, 8), (15, 7, 15, 7), (15, 7, 15, 7), (14, 10, 15, 7), (14, 9, 14, 10), (14, 9, 14, 9),
            (14, 8, 14, 9), (14, 8, 14, 8), (14, 8, 14, 8), (14, 7, 14, 8), (14, 7, 14, 7), (14, 6, 14, 7),
            (14, 6, 14, 6), (14, 6, 14, 6), (13, 9, 14, 6), (13, 8, 13, 9), (13, 7, 13, 8), (13, 7, 13, 7),
            (13, 7, 13, 7), (13, 6, 13, 7), (13, 6, 13, 6), (13, 6, 13, 6), (13, 6, 13, 6), (12, 8, 13, 6),
            (12, 7, 12, 8), (12, 7, 12, 7), (12, 7, 12, 7), (12, 6, 12, 7), (12, 6, 12, 6), (12, 6, 12, 6),
            (12, 5, 12, 6), (12, 5, 12, 5), (12, 5, 12, 5), (11, 8, 12, 5), (11, 7, 11, 8), (11, 6, 11, 7),
            (11, 6, 11, 6), (11, 6, 11, 6), (11, 5, 11, 6), (11, 5, 11, 5), (10, 7, 11, 5), (10, 6, 10, 7),
            (10, 6, 10, 6), (10, 6, 10, 6), (10, 6, 10, 6), (10, 6, 10, 6), (10, 5, 10, 6), (10, 5, 10, 5),
            (10, 5, 10, 5), (10, 5, 10, 5), (10, 4, 10, 5), (10, 4, 10, 4), (9, 6, 10, 4), (9, 6, 9, 6),
            (9, 6, 9, 6), (9, 6, 9, 6), (9, 5, 9, 6), (9, 5, 9, 5), (9, 5, 9, 5), (9, 4, 9, 5),
            (9, 4, 9, 4), (9, 4, 9, 4), (9, 4, 9, 4), (8, 6, 9, 4), (8, 5, 8, 6), (8, 5, 8, 5),
            (8, 5, 8, 5), (8, 5, 8, 5), (8, 4, 8, 5), (8, 4, 8, 4), (8, 3, 8, 4), (8, 3, 8, 3),
            (7, 5, 8, 3), (7, 4, 7, 5), (7, 4, 7, 4), (7, 4, 7, 4), (7, 3, 7, 4), (7, 3, 7, 3),
            (7, 3, 7, 3), (7, 3, 7, 3), (7, 3, 7, 3), (6, 4, 7, 3), (6, 4, 6, 4), (6, 4, 6, 4),
            (6, 4, 6, 4), (6, 3, 6, 4), (6, 3, 6, 3), (6, 3, 6, 3), (6, 3, 6, 3), (6, 3, 6, 3),
            (6, 3, 6, 3), (6, 3, 6, 3), (6, 2, 6, 3), (6, 2, 6, 2), (5, 3, 6, 2), (5, 3, 5, 3),
            (5, 3, 5, 3), (5, 3, 5, 3), (5, 2, 5, 3), (5, 2, 5, 2), (5, 2, 5, 2), (4, 3, 5, 2),
            (4, 3, 4, 3), (4, 2, 4, 3), (4, 2, 4, 2), (4, 2, 4, 2), (19, 13, 4, 2), (3, 2, 19, 13),
            (3, 2, 3, 2), (2, 2, 3, 2), (2, 2, 2, 2), (2, 2, 2, 2), (2, 2, 2, 2),
        ];
        let mut values: Vec<f64> = TABLE.iter().flat_map(|row| row.iter().copied()).collect();
        #[expect(
            clippy::disallowed_methods,
            reason = "a test: its sort never reaches the page"
        )]
        values.sort_by(f64::total_cmp);
        values.dedup();
        assert_eq!(values.len(), COMPILED.len());
        for (&v, &(c, k, c_below, k_below)) in values.iter().zip(COMPILED.iter()) {
            assert_eq!(best_practices(v), (c, k), "p = {v}");
            assert_eq!(
                best_practices(v.next_down()),
                (c_below, k_below),
                "below {v}"
            );
        }
    }

    #[test]
    fn high_rates_take_the_smallest_filter_even_when_its_rate_is_above_p() {
        assert_eq!(best_practices(1.0), SMALLEST);
        assert_eq!(best_practices(HIGH_RATE_GUARD), SMALLEST);
        assert_eq!(best_practices(f64::MAX), SMALLEST);
        // Just below the guard the walk answers: 3 bits, 2 hashes.
        assert_eq!(best_practices(HIGH_RATE_GUARD.next_down()), (3, 2));
        // (2, 2) is tabled at 0.400: above p for 0.283 ≤ p < 0.4, where (3, 1) at 0.283
        // would meet p.
        assert_eq!(rate_table(2, 2), Some(0.400));
        assert_eq!(rate_table(3, 1), Some(0.283));
        // Without the guard the walk would skip every row at these rates: from 3 bits on,
        // every 1-hash rate is at most 0.283, and rows 1 and 2 are never taken.
        assert!((3..20).all(|c| rate_table(c, 1).is_some_and(|r| r <= 0.283)));
    }

    #[test]
    fn the_gap_the_guard_misses() {
        assert_eq!(best_practices(0.221_f64.next_down()), (4, 2));
        assert_eq!(best_practices(0.221), FALLBACK);
        assert_eq!(best_practices(0.237_f64.next_down()), FALLBACK);
        assert_eq!(best_practices(0.237), (3, 2));
        assert!(rate_table(4, 1) < row_minimum(3).map(|m| m.1));
        // The walk itself finds nothing there, which the page names.
        assert_eq!(walk(0.225), None);
        assert_eq!(walk(0.237), Some((3, 2)));
    }

    #[test]
    fn below_every_entry_the_walk_ends_at_row_19() {
        assert_eq!(best_practices(0.000109), (19, 13)); // row 19's own best
        assert_eq!(walk(0.000109), Some((19, 13))); // found by the walk, not a fallback
        assert_eq!(walk(1e-9), None);
        assert_eq!(best_practices(0.000109_f64.next_down()), FALLBACK);
        assert_eq!(best_practices(6.71e-05), FALLBACK); // row 20's best is never reached
        assert_eq!(best_practices(1e-9), FALLBACK);
        assert_eq!(row_minimum(19), Some((13, 0.000109)));
        assert_eq!(row_minimum(20), Some((14, 6.71e-05)));
    }

    #[test]
    fn the_table_as_clickhouse_wrote_it() {
        let lengths: Vec<usize> = TABLE.iter().map(|row| row.len()).collect();
        assert_eq!(
            lengths,
            [1, 2, 3, 4, 5, 6, 7, 7, 8, 9, 9, 9, 9, 10, 11, 11, 12, 13, 13, 14, 15]
        );
        assert!(TABLE.iter().all(|row| row[0] == 1.0));
        assert_eq!(TABLE.len() as u32, MAX_BITS_PER_ROW + 1);
        assert!(lengths.iter().all(|&l| l as u32 <= MAX_HASH_FUNCTION_COUNT));
        assert_eq!(rate_table(1, 1), Some(1.0));
        assert_eq!(rate_table(10, 7), Some(0.00819));
        assert_eq!(rate_table(20, 14), Some(6.71e-05));
        assert_eq!(rate_table(20, 15), None);
        assert_eq!(rate_table(2, 3), None); // C++ has 0 here
        assert_eq!(rate_table(0, 0), None);
        assert_eq!(rate_table(5, 0), None);
        assert_eq!(rate_table(21, 1), None);
        assert_eq!(rate_table(u32::MAX, u32::MAX), None);
    }

    #[test]
    fn min_index_is_the_first_smallest_written_entry() {
        for (c, row) in TABLE.iter().enumerate() {
            let mut first_min = 0;
            for (k, &r) in row.iter().enumerate() {
                if r < row[first_min] {
                    first_min = k;
                }
            }
            assert_eq!(MIN_INDEX[c] as usize, first_min, "row {c}");
        }
        assert_eq!(row_minimum(0), None);
        assert_eq!(row_minimum(1), Some((0, 1.0)));
        assert_eq!(row_minimum(5), Some((3, 0.092)));
        assert_eq!(row_minimum(21), None);
    }

    /// Half a unit in the third significant figure of `printed`.
    fn half_unit(printed: f64) -> f64 {
        let mut e = printed.log10().floor() as i32;
        if 10f64.powi(e) > printed {
            e -= 1;
        }
        if 10f64.powi(e + 1) <= printed {
            e += 1;
        }
        0.5 * 10f64.powi(e - 2)
    }

    #[test]
    fn entries_follow_the_formula_to_three_figures_but_two() {
        let mut off = Vec::new();
        for c in 1..=MAX_BITS_PER_ROW {
            for k in 1..MAX_HASH_FUNCTION_COUNT {
                let Some(printed) = rate_table(c, k) else {
                    continue;
                };
                let formula = fpr_approx(c as f64, 1.0, k as f64);
                if (formula - printed).abs() > half_unit(printed) * (1.0 + 1e-9) {
                    off.push((c, k));
                }
            }
        }
        assert_eq!(off, [(1, 1), (5, 3)]);
        assert!((fpr_approx(1.0, 1.0, 1.0) - 0.632).abs() < 0.0005);
        assert!((fpr_approx(5.0, 1.0, 3.0) - 0.0918).abs() < 0.00005);
    }

    #[test]
    fn exact_choice_reuses_the_app_formulas() {
        assert_eq!(exact_choice(0.01), Ok((10.0, 7)));
        assert_eq!(best_practices(0.01), (10, 5));
        assert_eq!(exact_choice(0.025), Ok((8.0, 5)));
        assert_eq!(exact_choice(0.5), Ok((2.0, 1)));
        assert!(exact_choice(0.0).is_err());
        assert!(exact_choice(1.0).is_err());
        assert!(exact_choice(-0.5).is_err());
        assert_eq!(exact_choice(f64::NAN), Err(ParamError::NotFinite));
    }
}

// Property tests use proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// The walk restated: the first row c in 1..=19 whose best entry meets p and whose
    /// 1-hash entry does not, with the fewest hashes (2..=k*) that meet p.
    fn restated(p: f64) -> (u32, u32) {
        if p >= HIGH_RATE_GUARD {
            return SMALLEST;
        }
        for c in 1..MAX_BITS_PER_ROW {
            let (best, best_rate) = row_minimum(c).unwrap_or((0, 1.0));
            let one = rate_table(c, 1).unwrap_or(1.0);
            if best_rate <= p && one > p {
                let k = (2..=best).find(|&k| rate_table(c, k).is_some_and(|r| r <= p));
                return (c, k.unwrap_or(best));
            }
        }
        FALLBACK
    }

    /// Every table value and the double just below it: the only places the answer changes.
    fn breakpoints() -> Vec<f64> {
        let mut points = Vec::new();
        for row in TABLE {
            for &r in row {
                points.push(r);
                points.push(r.next_down());
            }
        }
        points
    }

    #[test]
    fn walk_matches_its_restatement_at_every_breakpoint() {
        for p in breakpoints() {
            assert_eq!(best_practices(p), restated(p), "p = {p}");
        }
    }

    #[test]
    fn a_walked_answer_meets_p_by_the_table() {
        for p in breakpoints() {
            let (c, k) = best_practices(p);
            if (c, k) != SMALLEST && (c, k) != FALLBACK {
                assert!(rate_table(c, k).is_some_and(|r| r <= p), "p = {p}");
                assert!(rate_table(c, k - 1).is_some_and(|r| r > p), "p = {p}");
            }
        }
    }

    proptest! {
        #[test]
        fn any_double_gives_an_answer_in_range(p in proptest::num::f64::ANY) {
            let (c, k) = best_practices(p);
            prop_assert!((2..=19).contains(&c));
            prop_assert!((2..=13).contains(&k));
            prop_assert!(c != 2 || p >= HIGH_RATE_GUARD);
        }

        #[test]
        fn walk_matches_its_restatement(p in 0.0f64..1.0) {
            prop_assert_eq!(best_practices(p), restated(p));
        }
    }
}
