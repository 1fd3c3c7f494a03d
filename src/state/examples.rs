//! Example items sized for a filter, so that a demonstration shows what it is meant to:
//! estimates from the fill are precise only while the array is far from full.

use super::words::WORDS;

/// The fill an example aims at, at most: past about 60 % the estimate
/// `n̂ = −(m/k)·ln(1 − X/m)` moves by several items per bit.
pub const EXAMPLE_MAX_FILL: f64 = 0.6;

/// How many distinct items give an expected fill of `fill` in m bits with k hashes:
/// `n = −m·ln(1 − fill)/k` (from `X/m = 1 − e^{−kn/m}`), rounded down.
pub fn items_for_fill(m: u64, k: u32, fill: f64) -> usize {
    (-(m as f64) * (-fill).ln_1p() / k as f64).floor() as usize
}

/// Two overlapping word lists for the sets view: their union fills about
/// [`EXAMPLE_MAX_FILL`] of m at most (3 to 45 words in all), A and B each two thirds of
/// it, sharing the middle third.
pub fn sets_example(m: u64, k: u32) -> (Vec<String>, Vec<String>) {
    let union = items_for_fill(m, k, EXAMPLE_MAX_FILL).clamp(3, 45);
    let each = (2 * union).div_ceil(3);
    let words =
        |range: std::ops::Range<usize>| WORDS[range].iter().map(|w| w.to_string()).collect();
    (words(0..each), words(union - each..union))
}

/// How many words the folding example adds: a quarter of the bits set
/// (`−m·ln 0.75/k`), so that each fold shows the fill rise (to about 44 %, then 68 %),
/// 2 to 40 words.
pub fn fold_example_size(m: u64, k: u32) -> usize {
    items_for_fill(m, k, 0.25).clamp(2, 40)
}

/// The words of the folding example.
pub fn fold_example(m: u64, k: u32) -> Vec<String> {
    WORDS[..fold_example_size(m, k)]
        .iter()
        .map(|w| w.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{BloomFilter, FilterShape, HashFamily};

    fn fill(m: u64, k: u32, items: &[String]) -> f64 {
        let mut filter = BloomFilter::new(FilterShape::new(m, k, HashFamily::Murmur3).unwrap());
        for item in items {
            filter.insert(item.as_bytes());
        }
        filter.fill_ratio()
    }

    #[test]
    fn the_sets_example_leaves_the_union_well_short_of_full() {
        // m = 32, k = 3: 9 words in all, A and B 6 each, 3 shared.
        let (a, b) = sets_example(32, 3);
        assert_eq!((a.len(), b.len()), (6, 6));
        assert_eq!(a.iter().filter(|w| b.contains(w)).count(), 3);
        for (m, k) in [(32, 3), (64, 3), (128, 4), (1000, 7), (4096, 3)] {
            let (a, b) = sets_example(m, k);
            let union: Vec<String> = a
                .iter()
                .chain(&b)
                .cloned()
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let expected = 1.0 - (-(k as f64) * union.len() as f64 / m as f64).exp();
            assert!(expected <= EXAMPLE_MAX_FILL + 1e-9, "m = {m}: {expected}");
            // The fill of these very words stays within a few bits of it.
            let actual = fill(m, k, &union);
            assert!(actual <= 0.7, "m = {m}, k = {k}: {actual}");
            assert!(a.iter().any(|w| b.contains(w)), "they overlap");
        }
    }

    #[test]
    fn the_fold_example_fills_a_quarter() {
        assert_eq!(fold_example_size(32, 3), 3);
        assert_eq!(fold_example_size(1024, 4), 40);
        let words = fold_example(64, 3);
        let actual = fill(64, 3, &words);
        assert!((0.15..0.35).contains(&actual), "{actual}");
    }
}
