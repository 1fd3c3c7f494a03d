//! Sizing a filter: from any consistent subset of n, p, m and k, the rest, by the exact
//! rate `(1 − (1 − 1/m)^{kn})^k` at whole k ([`super::math::ln_fpr_exact`]), with n and m
//! exact to 2^64 (the formula's sizes in double-double, [`super::double_double`]).
//!
//! The textbook sizes assume the real-valued optimal `k = (m/n)·ln 2`; at the best whole k
//! their rate can be a little above p, so each question also finds, by bisection, the
//! whole number that meets p: the smallest m ([`size_for_items`]), the largest n
//! ([`items_for_size`]).

use super::double_double::{self, ln_decimal, DoubleDouble};
use super::{blocked, math, MAX_HASHES};

/// A target rate p in (0, 1), with its natural log read from its decimal digits to 106 bits.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// p.
    pub value: f64,
    /// ln p.
    pub ln: DoubleDouble,
}

impl Rate {
    /// The rate p as its shortest decimal reads (`0.01` for 0.01), or `None` outside (0, 1).
    pub fn of(p: f64) -> Option<Rate> {
        if !(p > 0.0 && p < 1.0) {
            return None;
        }
        let ln = ln_decimal(&crate::decimal::shortest(p), 0)?;
        Some(Rate { value: p, ln })
    }
}

/// A filter's sizes, whole and exact below 2^64, with the figures derived from them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solution {
    /// Items.
    pub n: u64,
    /// Bits.
    pub m: u64,
    /// Hashes (whole).
    pub k: u32,
    /// The real-valued optimal k, `(m/n)·ln 2`.
    pub k_real: f64,
    /// The natural log of the false-positive rate at these n, m, k (exact formula), so
    /// that rates below the smallest double still print.
    pub ln_p: f64,
    /// Bits per item, m/n.
    pub bits_per_item: f64,
    /// The size question only: when the formula's m, at its best whole k, has a rate above
    /// p, the smallest m (and its best whole k) whose rate is at most p.
    pub meeting: Option<(u64, u32)>,
    /// The target p of the size question, to print the rate beside it.
    pub target: Option<f64>,
}

impl Solution {
    /// n items in m bits with k hashes, and their rate.
    fn of(n: u64, m: u64, k: u32) -> Self {
        Solution {
            n,
            m,
            k,
            k_real: math::optimal_k_real(m as f64, n as f64),
            ln_p: ln_rate(m, n, k),
            bits_per_item: m as f64 / n as f64,
            meeting: None,
            target: None,
        }
    }

    /// The false-positive rate (0 when below the smallest double; see `ln_p`).
    pub fn p(&self) -> f64 {
        self.ln_p.exp()
    }

    /// Bytes holding m bits, `⌈m/8⌉`.
    pub fn bytes(&self) -> u64 {
        self.m.div_ceil(8)
    }
}

/// The formula's m for n items at p, `⌈−n·ln p / (ln 2)²⌉`, at its best whole k, and the
/// smallest m that meets p beside it when that one does not; `None` when m reaches 2^64.
pub fn size_for_items(n: u64, p: &Rate) -> Option<Solution> {
    let m = formula_bits(n, p)?;
    let meeting = needed_bits(m, n, p)
        .filter(|&needed| needed != m)
        .map(|needed| (needed, best_k(needed, n)));
    Some(Solution {
        meeting,
        target: Some(p.value),
        ..Solution::of(n, m, best_k(m, n))
    })
}

/// The largest n whose rate in m bits at its best whole k is at most p: bisection below
/// the formula's `⌊−m·(ln 2)² / ln p⌋` (the rate grows with n); `None` when even one item
/// has a rate above p.
pub fn items_for_size(m: u64, p: &Rate) -> Option<Solution> {
    let estimate = double_double::max_items(m, p.ln);
    let n = largest_meeting(estimate, |n| meets(m, n, p))?;
    Some(Solution::of(n, m, best_k(m, n)))
}

/// The rate of n items in m bits with k hashes.
pub fn rate_for_shape(n: u64, m: u64, k: u32) -> Solution {
    Solution::of(n, m, k)
}

/// The best whole k for n items in m bits, and its rate.
pub fn best_hashes(n: u64, m: u64) -> Solution {
    Solution::of(n, m, best_k(m, n))
}

/// The natural log of the exact rate at whole numbers m, n, k.
fn ln_rate(m: u64, n: u64, k: u32) -> f64 {
    math::ln_fpr_exact(m as f64, n as f64, f64::from(k))
}

/// The whole k with the lowest exact rate for m bits and n items: the floor or the ceiling
/// of `(m/n)·ln 2`, at least 1 and at most [`MAX_HASHES`].
fn best_k(m: u64, n: u64) -> u32 {
    let real = math::optimal_k_real(m as f64, n as f64);
    let [low, high] = [real.floor(), real.ceil()].map(|k| (k.max(1.0) as u32).min(MAX_HASHES));
    if ln_rate(m, n, high) < ln_rate(m, n, low) {
        high
    } else {
        low
    }
}

/// True when n items in m bits, at their best whole k, have a rate of at most p.
fn meets(m: u64, n: u64, p: &Rate) -> bool {
    ln_rate(m, n, best_k(m, n)) <= p.ln.hi
}

/// The formula's m for n items at p, `⌈−n·ln p / (ln 2)²⌉` (at least 1); `None` at 2^64.
fn formula_bits(n: u64, p: &Rate) -> Option<u64> {
    double_double::optimal_bits(n, p.ln).map(|m| m.max(1))
}

/// The smallest m whose rate for n items at its best whole k is at most p: the formula's m
/// (`formula`, from [`formula_bits`]) when it meets p, else the next m that does; `None` at
/// 2^64.
fn needed_bits(formula: u64, n: u64, p: &Rate) -> Option<u64> {
    if meets(formula, n, p) {
        Some(formula)
    } else {
        smallest_meeting(formula, |m| meets(m, n, p))
    }
}

/// The smallest m that holds n items at a rate of at most p at its best whole k, and that
/// k (the calculator's "smallest m that meets p"); `None` for a p outside (0, 1) or an m
/// past 2^64.
pub fn smallest_bits(n: u64, p: f64) -> Option<(u64, u32)> {
    let rate = Rate::of(p)?;
    let m = needed_bits(formula_bits(n, &rate)?, n, &rate)?;
    Some((m, best_k(m, n)))
}

/// The largest whole n in `1..=max(1, estimate)` for which `meets` holds, given that it
/// holds for every n below one for which it holds; `None` when it fails at n = 1.
fn largest_meeting(estimate: u64, meets: impl Fn(u64) -> bool) -> Option<u64> {
    if !meets(1) {
        return None;
    }
    let high = estimate.max(1);
    if meets(high) {
        return Some(high);
    }
    Some(bisect(1, high, meets))
}

/// The smallest whole number above `start` (which does not meet) that meets, for a test
/// that, once met, stays met: steps double until one meets, then bisection. `None` when
/// nothing below 2^64 meets.
fn smallest_meeting(start: u64, meets: impl Fn(u64) -> bool) -> Option<u64> {
    let (mut low, mut step) = (start, 1_u64);
    let mut high = low.checked_add(step)?;
    while !meets(high) {
        low = high;
        step = step.saturating_mul(2);
        high = low.checked_add(step)?;
    }
    Some(bisect(high, low, meets))
}

/// Between a whole number that meets the test and one that does not (either way round,
/// the test changing once between them), the one that meets next to where it changes.
fn bisect(mut met: u64, mut unmet: u64, meets: impl Fn(u64) -> bool) -> u64 {
    while met.abs_diff(unmet) > 1 {
        let middle = ((u128::from(met) + u128::from(unmet)) / 2) as u64;
        if meets(middle) {
            met = middle;
        } else {
            unmet = middle;
        }
    }
    met
}

/// A claim about a filter checked: n items at rate p in `claimed_bytes` bytes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClaimCheck {
    /// Bytes the claim says suffice.
    pub claimed_bytes: u64,
    /// Bytes actually needed for n at p: the smallest m whose rate at its best whole k is
    /// at most p, in bytes; `None` when that is 2^64 bits or more.
    pub needed_bytes: Option<u64>,
    /// The natural log of the best rate the claimed size gives for n items (exact formula,
    /// whole k).
    pub ln_rate_at_claimed: f64,
    /// That best whole k.
    pub k_at_claimed: u32,
    /// True when the claimed size is enough: its rate at the best whole k is at most p.
    pub holds: bool,
}

/// Checks a claim with the exact formula at whole k.
pub fn check_claim(n: u64, p: &Rate, claimed_bytes: u64) -> ClaimCheck {
    let m = claimed_bytes.saturating_mul(8);
    let k = best_k(m, n);
    let ln_rate_at_claimed = ln_rate(m, n, k);
    ClaimCheck {
        claimed_bytes,
        needed_bytes: formula_bits(n, p)
            .and_then(|formula| needed_bits(formula, n, p))
            .map(|bits| bits.div_ceil(8)),
        ln_rate_at_claimed,
        k_at_claimed: k,
        holds: ln_rate_at_claimed <= p.ln.hi,
    }
}

/// One row of the best-practice table: for a target rate, the bits per item and k.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PracticeRow {
    /// Target rate.
    pub p: f64,
    /// Bits per item at the optimal k, `-ln p / (ln 2)^2`.
    pub bits_per_item: f64,
    /// The optimal k, `log2(1/p)` rounded.
    pub k: u32,
    /// Bits per item in 512-bit lines at their best k, and that k
    /// ([`blocked::blocked_bits_per_item`]).
    pub blocked: Option<(f64, u32)>,
    /// Bits per item in Parquet's split-block layout
    /// ([`blocked::bits_per_item_for`] of [`blocked::split_block_rate`]).
    pub split_block: Option<f64>,
}

/// Target rates of the best-practice table.
pub const PRACTICE_RATES: [f64; 9] = [0.1, 0.05, 0.02, 0.01, 0.005, 0.001, 1e-4, 1e-5, 1e-6];

/// The best-practice table, computed once (the blocked layouts' columns search k and the
/// bits per item: about a million rate terms).
pub fn practice_table() -> &'static [PracticeRow] {
    static TABLE: std::sync::OnceLock<Vec<PracticeRow>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let ln2 = std::f64::consts::LN_2;
        let mut rows = Vec::with_capacity(PRACTICE_RATES.len());
        for p in PRACTICE_RATES {
            rows.push(PracticeRow {
                p,
                bits_per_item: -p.ln() / (ln2 * ln2),
                k: math::optimal_k_for_rate(p).unwrap_or(1),
                blocked: blocked::blocked_bits_per_item(p),
                split_block: blocked::bits_per_item_for(p, blocked::split_block_rate),
            });
        }
        rows
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(p: f64) -> Rate {
        Rate::of(p).unwrap()
    }

    #[test]
    fn sizes_for_items_match_hand_worked_values() {
        // n = 1,000,000, p = 1 %: m = ceil(1e6 · 4.60517 / 0.480453) = 9,585,059 bits,
        // 1,198,133 bytes, 9.59 bits per item, k = 7 (6.64 real).
        let s = size_for_items(1_000_000, &rate(0.01)).unwrap();
        assert_eq!((s.m, s.bytes(), s.k), (9_585_059, 1_198_133, 7));
        assert!((s.k_real - 6.6439).abs() < 1e-3);
        assert!((s.bits_per_item - 9.585).abs() < 1e-3);
        assert!((s.p() - 0.01).abs() < 0.0005, "{}", s.p());
        assert_eq!(Rate::of(0.0), None);
        assert_eq!(Rate::of(1.0), None);
    }

    #[test]
    fn sizes_above_two_to_the_53_are_exact() {
        // 10^16 items at 1 %: 95,850,583,773,674,391 bits (Python's decimal at 60 digits);
        // an f64 computation gives a number a few hundred bits off.
        let s = size_for_items(10_000_000_000_000_000, &rate(0.01)).unwrap();
        assert_eq!(s.m, 95_850_583_773_674_391);
        assert_eq!(s.bytes(), 11_981_322_971_709_299);
        // The largest n for 2^63 − 1 bits at 10^-6 (floor of the formula, then the whole-k
        // check): at most the formula's 320,755,203,001,973,391.
        let s = items_for_size(9_223_372_036_854_775_807, &rate(0.000001)).unwrap();
        assert!(s.n <= 320_755_203_001_973_391 && s.n > 320_000_000_000_000_000);
        assert!(s.p() <= 1e-6);
        assert_eq!(best_hashes(1, u64::MAX).m, u64::MAX);
        // An m of 2^64 or more has no answer.
        assert_eq!(size_for_items(u64::MAX, &rate(1e-9)), None);
    }

    #[test]
    fn rates_below_the_smallest_double_keep_their_value() {
        // One item in 5,300,000 bits with 64 hashes: (1 − (1 − 1/m)^64)^64 ≈ (64/m)^64,
        // e^-724.758 = 1.745e-315, below the smallest normal double (ln from Python's
        // decimal at 80 digits).
        let s = rate_for_shape(1, 5_300_000, 64);
        assert!((s.ln_p + 724.757_775_267_417).abs() < 1e-10, "{}", s.ln_p);
    }

    #[test]
    fn a_size_that_misses_p_at_a_whole_k_comes_with_the_smallest_one_that_meets_it() {
        let rate_at = |n: u64, m: u64| best_hashes(n, m).p();
        for (n, p) in [(1_000_000, 0.01), (1000, 0.01), (10, 0.9999), (5000, 0.001)] {
            let s = size_for_items(n, &rate(p)).unwrap();
            match s.meeting {
                // The formula's m meets p already: nothing to add.
                None => assert!(s.p() <= p, "{n} {p}: {}", s.p()),
                Some((m, k)) => {
                    assert!(s.p() > p, "{n} {p}");
                    assert!(m > s.m);
                    assert!(rate_at(n, m) <= p, "{n} {p}: {m} meets");
                    assert!(rate_at(n, m - 1) > p, "{n} {p}: {m} is the smallest");
                    assert_eq!(k, best_hashes(n, m).k);
                    assert_eq!(smallest_bits(n, p), Some((m, k)));
                }
            }
        }
        // 10 items at 99.99 %: the formula's m = 1 has a rate of 1; 2 bits meet it.
        let tiny = size_for_items(10, &rate(0.9999)).unwrap();
        assert_eq!((tiny.m, tiny.meeting), (1, Some((2, 1))));
        // 10^6 items at 1 %: 9,585,059 bits give 1.0039 % at k = 7.
        let textbook = size_for_items(1_000_000, &rate(0.01)).unwrap();
        assert!(textbook
            .meeting
            .is_some_and(|(m, _)| m > 9_585_059 && m < 9_700_000));
    }

    #[test]
    fn items_for_size_and_rate_for_shape() {
        // m = 8 KiB = 65,536 bits at 1 %: the formula floor(65536 · 0.480453 / 4.60517)
        // gives 6,837, whose rate at its best whole k (7) is above 1 %; 6,831 is the largest
        // n at or below it.
        let s = items_for_size(65_536, &rate(0.01)).unwrap();
        assert_eq!(s.n, 6_831);
        assert!(s.p() <= 0.01, "{}", s.p());
        let one_more = best_hashes(6_832, 65_536);
        assert!(one_more.p() > 0.01, "{}", one_more.p());
        // The textbook 9,585,059 bits for 10^6 items at 1 % are 0.39 % over at k = 7: the
        // largest n within 1 % is a little under a million.
        let s = items_for_size(9_585_059, &rate(0.01)).unwrap();
        assert!(
            s.n < 1_000_000 && s.n > 999_000 && s.p() <= 0.01,
            "{} {}",
            s.n,
            s.p()
        );
        // 10 bits: one item already has a rate of 1.05 % at its best k.
        assert_eq!(items_for_size(10, &rate(0.01)), None);
        // Textbook: m = 16, n = 3, k = 3 -> (1 - (15/16)^9)^3 = 0.0855.
        assert!((rate_for_shape(3, 16, 3).p() - 0.0855187).abs() < 1e-6);
        // Optimal k for m/n = 10: 6.93 -> 7.
        assert_eq!(best_hashes(100, 1000).k, 7);
    }

    #[test]
    fn claims_from_popular_articles() {
        // 1 billion URLs at 0.01 %: about 2.4 GB, not 18 MB.
        let c = check_claim(1_000_000_000, &rate(0.0001), 18_000_000);
        assert!(!c.holds);
        assert!((c.needed_bytes.unwrap() as f64 / 1e9 - 2.396).abs() < 0.001);
        // 5 billion URLs in 4 GiB: about 3.7 % at k = 5.
        let c = check_claim(5_000_000_000, &rate(0.01), 4_294_967_296);
        assert_eq!(c.k_at_claimed, 5);
        assert!((c.ln_rate_at_claimed.exp() - 0.037).abs() < 0.001);
        // The textbook size for 10^6 items at 1 % is 1,198,133 bytes, whose rate at the
        // best whole k is 1.0039 %: the claim does not hold at that size, and holds at the
        // size needed, which is the first that does.
        let textbook = check_claim(1_000_000, &rate(0.01), 1_198_133);
        assert!(!textbook.holds);
        assert!((textbook.ln_rate_at_claimed.exp() - 0.010039).abs() < 1e-6);
        let needed = textbook.needed_bytes.unwrap();
        assert!(needed > 1_198_133);
        assert!(check_claim(1_000_000, &rate(0.01), needed).holds);
        assert!(!check_claim(1_000_000, &rate(0.01), needed - 1).holds);
    }

    #[test]
    fn the_practice_table() {
        use crate::decimal::fixed;
        let table = practice_table();
        let one_percent = table.iter().find(|r| r.p == 0.01).unwrap();
        assert!((one_percent.bits_per_item - 9.585).abs() < 1e-3);
        assert_eq!(one_percent.k, 7);
        assert_eq!(table.iter().find(|r| r.p == 0.001).unwrap().k, 10);
        // Blocked layouts pay bits for one block per lookup: 1 % takes 9.90 bits per item
        // in 512-bit lines (k = 6, the k RocksDB uses near 10 bits per key) and 10.53 in
        // Parquet's split-block filter; each gives p back through its own rate.
        let (lines, k) = one_percent.blocked.unwrap();
        assert_eq!((fixed(lines, 2), k), ("9.90".to_owned(), 6));
        assert!((blocked::blocked_rate(lines, k, 512) - 0.01).abs() < 1e-9);
        let split = one_percent.split_block.unwrap();
        assert_eq!(fixed(split, 2), "10.53");
        assert!((blocked::split_block_rate(split) - 0.01).abs() < 1e-9);
        for row in table {
            let (lines, _) = row.blocked.unwrap();
            assert!(row.bits_per_item < lines && lines < row.split_block.unwrap());
        }
    }
}
