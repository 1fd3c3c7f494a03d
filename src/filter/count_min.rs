//! The count-min sketch: d rows of w counters that estimate how often each item occurred
//! in a stream, never under-counting, using the page's hash families.
//!
//! ```text
//! w = 8, d = 3            add "cat" twice, "dog" once
//! row 0: 0 2 0 0 0 1 0 0  "cat" -> column 1, "dog" -> column 5
//! row 1: 0 0 0 3 0 0 0 0  "cat" and "dog" share column 3
//! row 2: 1 0 0 0 0 0 2 0  "cat" -> column 6, "dog" -> column 0
//! estimate("cat") = min(2, 3, 2) = 2; estimate("dog") = min(1, 3, 1) = 1
//! ```
//!
//! Item x adds to row j (`j = 0..d-1`) at column `((h1 + j·h2) mod 2^64) mod w`, the same
//! double-hashing rule that gives a Bloom filter's positions ([`HashPair::position`] with
//! i = j and m = w). Every counter an item touches holds at least its own count, so the
//! estimate, the smallest of its d counters, is never below the true count.
//!
//! **The guarantee** (Cormode and Muthukrishnan, 2005): with `ε = e/w` and `δ = e^{−d}`,
//! after N adds the estimate exceeds the true count by more than `ε·N` with probability at
//! most δ. In one row the other items add on average at most `N/w` to x's counter, so by
//! Markov's inequality the excess passes `ε·N = e·N/w` with probability at most `1/e`; the
//! d rows are taken as independent, giving `(1/e)^d = δ`. Double hashing makes the rows
//! less than independent: an item whose `h2 mod w` has a small order repeats its columns
//! (`h2 mod w = 0` puts all d rows on one column, see
//! [`repeating_steps`](super::hashing::repeating_steps)), so for such items the bound holds
//! only with the probability of the rows it really has.
//!
//! [`zipf_stream`] makes a deterministic word stream with Zipf frequencies, the kind of
//! skewed stream (a few words very common, most rare) the sketch is built for.
//!
//! All counts are `u64`; adding saturates at `u64::MAX` instead of wrapping, so an estimate
//! stays an upper bound.

use super::experiment::{splitmix64, GOLDEN_GAMMA};
use super::hashing::{HashFamily, HashPair};

/// The most columns a sketch may have, w.
pub const MAX_CMS_WIDTH: u64 = 2048;
/// The most rows a sketch may have, d.
pub const MAX_CMS_DEPTH: u32 = 16;
/// The largest Zipf vocabulary, V = 2^20 (its cumulative table takes 8 MiB).
pub const MAX_ZIPF_VOCABULARY: u32 = 1 << 20;
/// The longest Zipf stream, 2^20 words.
pub const MAX_ZIPF_LENGTH: u32 = 1 << 20;

/// Why count-min parameters were rejected.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CountMinError {
    /// A family without an `(h1, h2)` pair (the seed's six hashes cannot fill d rows).
    NeedsDoubleHashing,
    /// A width w outside `1..=max`.
    WidthOutOfRange {
        /// The w asked for.
        requested: u64,
        /// The cap, [`MAX_CMS_WIDTH`].
        max: u64,
    },
    /// A depth d outside `1..=max`.
    DepthOutOfRange {
        /// The d asked for.
        requested: u32,
        /// The cap, [`MAX_CMS_DEPTH`].
        max: u32,
    },
    /// An error factor ε outside the open interval (0, 1), or not a number.
    EpsilonOutOfRange {
        /// The ε asked for.
        requested: f64,
    },
    /// A failure probability δ outside the open interval (0, 1), or not a number.
    DeltaOutOfRange {
        /// The δ asked for.
        requested: f64,
    },
    /// A Zipf vocabulary V outside `1..=max`.
    VocabularyOutOfRange {
        /// The V asked for.
        requested: u32,
        /// The cap, [`MAX_ZIPF_VOCABULARY`].
        max: u32,
    },
    /// A Zipf exponent s that is negative, infinite or not a number.
    ExponentOutOfRange {
        /// The s asked for.
        requested: f64,
    },
    /// A Zipf stream longer than `max`.
    StreamTooLong {
        /// The length asked for.
        requested: u32,
        /// The cap, [`MAX_ZIPF_LENGTH`].
        max: u32,
    },
}

/// A count-min sketch: d rows of w `u64` counters, stored row after row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountMinSketch {
    width: u64,
    depth: u32,
    family: HashFamily,
    counters: Vec<u64>,
    total: u64,
}

impl CountMinSketch {
    /// An empty sketch of `width` columns (1..=[`MAX_CMS_WIDTH`]) and `depth` rows
    /// (1..=[`MAX_CMS_DEPTH`]) hashing with `family`.
    pub fn new(width: u64, depth: u32, family: HashFamily) -> Result<Self, CountMinError> {
        if !(1..=MAX_CMS_WIDTH).contains(&width) {
            return Err(CountMinError::WidthOutOfRange {
                requested: width,
                max: MAX_CMS_WIDTH,
            });
        }
        if !(1..=MAX_CMS_DEPTH).contains(&depth) {
            return Err(CountMinError::DepthOutOfRange {
                requested: depth,
                max: MAX_CMS_DEPTH,
            });
        }
        if !HashFamily::DOUBLE_HASHING.contains(&family) {
            return Err(CountMinError::NeedsDoubleHashing);
        }
        Ok(CountMinSketch {
            width,
            depth,
            family,
            counters: vec![0; (width * u64::from(depth)) as usize],
            total: 0,
        })
    }

    /// The number of columns, w.
    pub fn width(&self) -> u64 {
        self.width
    }

    /// The number of rows, d.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The hash family.
    pub fn family(&self) -> HashFamily {
        self.family
    }

    /// All `d·w` counters, row after row: row j, column c is at `j·w + c`.
    pub fn counters(&self) -> &[u64] {
        &self.counters
    }

    /// The counter at `row`, `column`; `None` outside the sketch.
    pub fn counter(&self, row: u32, column: u64) -> Option<u64> {
        if row >= self.depth || column >= self.width {
            return None;
        }
        self.counters.get(self.index(row, column)).copied()
    }

    /// N: the sum of all counts added, so each row's counters also sum to N (until a
    /// counter saturates).
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The item's column in each row j: `((h1 + j·h2) mod 2^64) mod w`.
    pub fn columns(&self, item: &[u8]) -> Vec<u64> {
        self.pair(item).positions(self.depth, self.width).collect()
    }

    /// Adds one occurrence of the item: one to each of its d counters.
    pub fn add(&mut self, item: &[u8]) {
        self.add_count(item, 1);
    }

    /// Adds `count` occurrences of the item: `count` to each of its d counters and to N
    /// (saturating at `u64::MAX`).
    pub fn add_count(&mut self, item: &[u8], count: u64) {
        let pair = self.pair(item);
        for (row, column) in (0..self.depth).zip(pair.positions(self.depth, self.width)) {
            let at = self.index(row, column);
            self.counters[at] = self.counters[at].saturating_add(count);
        }
        self.total = self.total.saturating_add(count);
    }

    /// The item's `(column, counter)` in each row, row 0 first.
    pub fn row_counters(&self, item: &[u8]) -> Vec<(u64, u64)> {
        let pair = self.pair(item);
        (0..self.depth)
            .zip(pair.positions(self.depth, self.width))
            .map(|(row, column)| (column, self.counters[self.index(row, column)]))
            .collect()
    }

    /// The estimated count `min_j counter[j][column_j(x)]`: never below the true count, and
    /// above it by at most [`error_bound`](Self::error_bound) with probability `1 − δ`.
    pub fn estimate(&self, item: &[u8]) -> u64 {
        let pair = self.pair(item);
        (0..self.depth)
            .zip(pair.positions(self.depth, self.width))
            .map(|(row, column)| self.counters[self.index(row, column)])
            .fold(u64::MAX, u64::min)
    }

    /// Sets every counter and N back to 0.
    pub fn clear(&mut self) {
        self.counters.fill(0);
        self.total = 0;
    }

    /// The error factor `ε = e / w`.
    pub fn epsilon(&self) -> f64 {
        std::f64::consts::E / self.width as f64
    }

    /// The failure probability `δ = e^{−d}`.
    pub fn delta(&self) -> f64 {
        (-f64::from(self.depth)).exp()
    }

    /// The over-count bound `ε·N`: an estimate exceeds the true count by more than this
    /// with probability at most δ.
    pub fn error_bound(&self) -> f64 {
        self.epsilon() * self.total as f64
    }

    fn pair(&self, item: &[u8]) -> HashPair {
        self.family.hash_pair(item)
    }

    /// Where row `row`, column `column` lives in `counters`: `row·w + column` (at most
    /// 16·2048, so the index fits any `usize`).
    fn index(&self, row: u32, column: u64) -> usize {
        (u64::from(row) * self.width + column) as usize
    }
}

/// The width for an error factor ε in (0, 1): `w = ⌈e/ε⌉` (ε = 0.01 gives 272). Widths
/// above [`MAX_CMS_WIDTH`] are returned as computed; [`CountMinSketch::new`] rejects them.
pub fn width_for_epsilon(epsilon: f64) -> Result<u64, CountMinError> {
    if !(epsilon > 0.0 && epsilon < 1.0) {
        return Err(CountMinError::EpsilonOutOfRange { requested: epsilon });
    }
    Ok((std::f64::consts::E / epsilon).ceil() as u64)
}

/// The depth for a failure probability δ in (0, 1): `d = ⌈ln(1/δ)⌉` (δ = 0.01 gives 5), at
/// least 1. Depths above [`MAX_CMS_DEPTH`] are returned as computed (the smallest δ,
/// about 4.9e-324, gives 745); [`CountMinSketch::new`] rejects them.
pub fn depth_for_delta(delta: f64) -> Result<u32, CountMinError> {
    if !(delta > 0.0 && delta < 1.0) {
        return Err(CountMinError::DeltaOutOfRange { requested: delta });
    }
    Ok(((-delta.ln()).ceil() as u32).max(1))
}

/// The text of the word of Zipf rank r (from 1): `w1`, `w2`, `w3`, ….
pub fn zipf_word(rank: u32) -> String {
    format!("w{rank}")
}

/// The Zipf probability of rank r among V words with exponent s: `(1/r^s) / H` with
/// `H = Σ_{i=1..V} 1/i^s`; 0 for a rank outside `1..=V`.
pub fn zipf_probability(rank: u32, vocabulary: u32, exponent: f64) -> Result<f64, CountMinError> {
    check_zipf(vocabulary, exponent)?;
    if rank == 0 || rank > vocabulary {
        return Ok(0.0);
    }
    let harmonic = (1..=vocabulary).fold(0.0, |sum, i| sum + zipf_weight(i, exponent));
    Ok(zipf_weight(rank, exponent) / harmonic)
}

/// The ranks (from 1) of a deterministic Zipf stream of `length` draws from V words with
/// exponent s ≥ 0 (s = 0 is uniform).
///
/// Draw i (from 0) takes `x = splitmix64(seed + (i+1)·γ)`, the i-th output of the
/// SplitMix64 generator started at `seed` (γ = [`GOLDEN_GAMMA`]), and its top 53 bits as a
/// uniform `u = (x >> 11)·2^{−53}` in [0, 1). By inverse CDF the rank is the smallest r
/// with `C_r > u·H`, where `C_r = Σ_{i=1..r} 1/i^s` and `H = C_V`. The same seed gives the
/// same stream on every machine (barring a last-bit difference in the platform's `powf`
/// landing exactly on a draw).
pub fn zipf_ranks(
    vocabulary: u32,
    exponent: f64,
    length: u32,
    seed: u64,
) -> Result<Vec<u32>, CountMinError> {
    check_zipf(vocabulary, exponent)?;
    if length > MAX_ZIPF_LENGTH {
        return Err(CountMinError::StreamTooLong {
            requested: length,
            max: MAX_ZIPF_LENGTH,
        });
    }
    let mut sum = 0.0;
    let cumulative: Vec<f64> = (1..=vocabulary)
        .map(|rank| {
            sum += zipf_weight(rank, exponent);
            sum
        })
        .collect();
    let harmonic = sum;
    // The first rank whose C_r reaches H: later ranks (weights too small to add to H) are
    // never drawn, and `u·H` rounding up to H takes this one.
    let last_rank = cumulative.partition_point(|&c| c < harmonic) as u32 + 1;
    Ok((0..u64::from(length))
        .map(|i| {
            let bits = splitmix64(seed.wrapping_add((i + 1).wrapping_mul(GOLDEN_GAMMA)));
            let uniform = (bits >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
            let target = uniform * harmonic;
            let below = cumulative.partition_point(|&c| c <= target) as u32;
            (below + 1).min(last_rank)
        })
        .collect())
}

/// A deterministic Zipf stream of words: [`zipf_ranks`] written as [`zipf_word`]s
/// (`w1` is the most probable when s > 0).
pub fn zipf_stream(
    vocabulary: u32,
    exponent: f64,
    length: u32,
    seed: u64,
) -> Result<Vec<String>, CountMinError> {
    Ok(zipf_ranks(vocabulary, exponent, length, seed)?
        .into_iter()
        .map(zipf_word)
        .collect())
}

/// `1/r^s`.
fn zipf_weight(rank: u32, exponent: f64) -> f64 {
    f64::from(rank).powf(-exponent)
}

fn check_zipf(vocabulary: u32, exponent: f64) -> Result<(), CountMinError> {
    if !(1..=MAX_ZIPF_VOCABULARY).contains(&vocabulary) {
        return Err(CountMinError::VocabularyOutOfRange {
            requested: vocabulary,
            max: MAX_ZIPF_VOCABULARY,
        });
    }
    if !(exponent.is_finite() && exponent >= 0.0) {
        return Err(CountMinError::ExponentOutOfRange {
            requested: exponent,
        });
    }
    Ok(())
}

/// The candidates whose estimate is at least `threshold`, each distinct text once, with
/// their estimates: largest estimate first, equal estimates in text order.
pub fn heavy_hitters(
    sketch: &CountMinSketch,
    candidates: &[String],
    threshold: u64,
) -> Vec<(String, u64)> {
    let mut hitters: Vec<(String, u64)> = candidates
        .iter()
        .map(|text| (text, sketch.estimate(text.as_bytes())))
        .filter(|&(_, estimate)| estimate >= threshold)
        .map(|(text, estimate)| (text.clone(), estimate))
        .collect();
    sort_hitters(&mut hitters);
    // Equal texts have equal estimates, so the sort puts repeats side by side.
    hitters.dedup_by(|a, b| a.0 == b.0);
    hitters
}

/// True when `a` belongs after `b`: a smaller estimate, or the same and a later text.
fn goes_after(a: &(String, u64), b: &(String, u64)) -> bool {
    a.1 < b.1 || (a.1 == b.1 && a.0 > b.0)
}

/// Heap sort by [`goes_after`]: a few hundred bytes of code, where the standard sort for
/// one more element type would add some kilobytes to the bundle (as in `heap_sort`).
fn sort_hitters(hitters: &mut [(String, u64)]) {
    for start in (0..hitters.len() / 2).rev() {
        sift_hitter(hitters, start, hitters.len());
    }
    for end in (1..hitters.len()).rev() {
        hitters.swap(0, end);
        sift_hitter(hitters, 0, end);
    }
}

/// Restores the heap order of `hitters[..end]` below `root`: no child goes after its
/// parent.
fn sift_hitter(hitters: &mut [(String, u64)], mut root: usize, end: usize) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && goes_after(&hitters[child + 1], &hitters[child]) {
            child += 1;
        }
        if !goes_after(&hitters[child], &hitters[root]) {
            return;
        }
        hitters.swap(root, child);
        root = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sketch(width: u64, depth: u32, family: HashFamily) -> CountMinSketch {
        CountMinSketch::new(width, depth, family).unwrap()
    }

    #[test]
    fn sizes_outside_the_limits_are_rejected_naming_the_limit() {
        let family = HashFamily::Murmur3;
        assert_eq!(
            CountMinSketch::new(16, 4, HashFamily::Seed000),
            Err(CountMinError::NeedsDoubleHashing)
        );
        for width in [0, MAX_CMS_WIDTH + 1] {
            assert_eq!(
                CountMinSketch::new(width, 4, family),
                Err(CountMinError::WidthOutOfRange {
                    requested: width,
                    max: 2048
                })
            );
        }
        for depth in [0, MAX_CMS_DEPTH + 1] {
            assert_eq!(
                CountMinSketch::new(100, depth, family),
                Err(CountMinError::DepthOutOfRange {
                    requested: depth,
                    max: 16
                })
            );
        }
        let largest = sketch(MAX_CMS_WIDTH, MAX_CMS_DEPTH, family);
        assert_eq!(largest.counters().len(), 2048 * 16);
        assert_eq!(sketch(1, 1, family).counters(), &[0]);
    }

    #[test]
    fn width_and_depth_follow_epsilon_and_delta() {
        assert_eq!(width_for_epsilon(0.01), Ok(272));
        assert_eq!(width_for_epsilon(0.1), Ok(28));
        assert_eq!(width_for_epsilon(0.001), Ok(2719));
        assert_eq!(depth_for_delta(0.01), Ok(5));
        assert_eq!(depth_for_delta(0.05), Ok(3));
        assert_eq!(depth_for_delta(0.5), Ok(1));
        assert_eq!(depth_for_delta(0.999_999), Ok(1));
        assert_eq!(depth_for_delta(f64::from_bits(1)), Ok(745));
        for bad in [0.0, 1.0, -0.5, 2.0, f64::INFINITY] {
            assert_eq!(
                width_for_epsilon(bad),
                Err(CountMinError::EpsilonOutOfRange { requested: bad })
            );
            assert_eq!(
                depth_for_delta(bad),
                Err(CountMinError::DeltaOutOfRange { requested: bad })
            );
        }
        assert!(width_for_epsilon(f64::NAN).is_err());
        assert!(depth_for_delta(f64::NAN).is_err());
    }

    #[test]
    fn epsilon_delta_and_bound_are_e_over_w_e_to_minus_d_and_epsilon_n() {
        let mut s = sketch(272, 5, HashFamily::Fnv1a);
        assert_eq!(s.epsilon(), std::f64::consts::E / 272.0);
        assert!((s.delta() - 0.006_737_946_999_085_467).abs() < 1e-15);
        assert_eq!(s.error_bound(), 0.0);
        s.add_count(b"x", 1000);
        s.add(b"y");
        assert_eq!(s.total(), 1001);
        assert_eq!(s.error_bound(), s.epsilon() * 1001.0);
    }

    #[test]
    fn columns_rows_and_counters_follow_the_double_hashing_formula() {
        for family in HashFamily::DOUBLE_HASHING {
            let mut s = sketch(97, 6, family);
            s.add_count(b"apple", 3);
            let pair = family.hash_pair(b"apple");
            let expected: Vec<u64> = (0..6).map(|j| pair.position(j, 97)).collect();
            assert_eq!(s.columns(b"apple"), expected);
            let rows = s.row_counters(b"apple");
            assert_eq!(rows.len(), 6);
            for (j, &(column, count)) in rows.iter().enumerate() {
                assert_eq!(column, expected[j]);
                assert!(count >= 3);
                assert_eq!(s.counter(j as u32, column), Some(count));
                assert_eq!(s.counters()[j * 97 + column as usize], count);
            }
            let row_sums: Vec<u64> = s.counters().chunks(97).map(|r| r.iter().sum()).collect();
            assert_eq!(row_sums, vec![3; 6], "each row holds every add once");
            assert_eq!(s.counter(6, 0), None);
            assert_eq!(s.counter(0, 97), None);
            assert_eq!(s.width(), 97);
            assert_eq!(s.depth(), 6);
            assert_eq!(s.family(), family);
        }
    }

    #[test]
    fn estimate_equals_the_true_count_when_each_item_has_a_column_to_itself() {
        let items: Vec<String> = (1..=12).map(zipf_word).collect();
        for family in HashFamily::DOUBLE_HASHING {
            let mut s = sketch(2048, 4, family);
            for (i, item) in items.iter().enumerate() {
                s.add_count(item.as_bytes(), i as u64 + 1);
            }
            // The premise: in some row no other item shares the item's column, so that
            // counter holds its count alone.
            let columns: Vec<Vec<u64>> = items.iter().map(|x| s.columns(x.as_bytes())).collect();
            for (i, item) in items.iter().enumerate() {
                let alone_somewhere = (0..4).any(|j| {
                    (0..items.len()).all(|other| other == i || columns[other][j] != columns[i][j])
                });
                assert!(alone_somewhere, "{item} shares a column in every row");
                assert_eq!(s.estimate(item.as_bytes()), i as u64 + 1, "{item}");
            }
            assert_eq!(s.estimate(b"never added"), 0);
        }
    }

    #[test]
    fn clear_empties_every_counter_and_the_total() {
        let mut s = sketch(16, 3, HashFamily::Murmur3);
        s.add(b"a");
        s.add_count(b"b", 7);
        s.clear();
        assert_eq!(s, sketch(16, 3, HashFamily::Murmur3));
        assert_eq!(s.estimate(b"b"), 0);
    }

    #[test]
    fn counts_saturate_instead_of_wrapping() {
        let mut s = sketch(1, 2, HashFamily::Fnv1a);
        s.add_count(b"a", u64::MAX - 1);
        s.add_count(b"b", 5);
        assert_eq!(s.estimate(b"a"), u64::MAX);
        assert_eq!(s.total(), u64::MAX);
    }

    /// True count of every rank of a Zipf stream (index 0 is rank 1).
    fn rank_counts(ranks: &[u32], vocabulary: u32) -> Vec<u64> {
        let mut counts = vec![0u64; vocabulary as usize];
        for &rank in ranks {
            counts[rank as usize - 1] += 1;
        }
        counts
    }

    /// The guarantee is per item: P(estimate − true > εN) ≤ δ. Counting the items of the
    /// vocabulary that break it, the count would be binomial(V, ≤ δ) if items failed
    /// independently, so the fraction may pass δ by chance by about
    /// `3·sqrt(δ(1−δ)/V)`; items sharing counters are not independent, so the test allows
    /// that tolerance twice over. Markov's inequality is loose, so in practice almost no
    /// item comes near εN.
    #[test]
    fn zipf_over_counts_exceed_epsilon_n_for_at_most_about_delta_of_the_items() {
        let vocabulary = 2000;
        for family in HashFamily::DOUBLE_HASHING {
            for seed in [1, 2, 3] {
                let ranks = zipf_ranks(vocabulary, 1.1, 50_000, seed).unwrap();
                let counts = rank_counts(&ranks, vocabulary);
                let mut s = sketch(width_for_epsilon(0.01).unwrap(), 5, family);
                for &rank in &ranks {
                    s.add(zipf_word(rank).as_bytes());
                }
                assert_eq!(s.total(), 50_000);
                let mut exceeding = 0u32;
                let mut largest_over_count = 0;
                for rank in 1..=vocabulary {
                    let estimate = s.estimate(zipf_word(rank).as_bytes());
                    let truth = counts[rank as usize - 1];
                    assert!(estimate >= truth);
                    exceeding += ((estimate - truth) as f64 > s.error_bound()) as u32;
                    largest_over_count = largest_over_count.max(estimate - truth);
                }
                // The stream does collide: the test is not passing for want of over-counts.
                assert!(largest_over_count > 0);
                let fraction = f64::from(exceeding) / f64::from(vocabulary);
                let delta = s.delta();
                let tolerance = 2.0 * 3.0 * (delta * (1.0 - delta) / f64::from(vocabulary)).sqrt();
                assert!(
                    fraction <= delta + tolerance,
                    "{family:?} seed {seed}: {exceeding} of {vocabulary} exceed εN"
                );
            }
        }
    }

    /// Rank 1's count over n draws is binomial(n, p₁): within 5 standard deviations
    /// `5·sqrt(n·p₁·(1−p₁))` except with probability below 10⁻⁶.
    #[test]
    fn zipf_rank_frequencies_are_within_binomial_tolerance_of_their_probabilities() {
        let draws = 100_000;
        for (vocabulary, exponent) in [(100, 1.0), (1000, 1.2), (50, 0.0)] {
            let ranks = zipf_ranks(vocabulary, exponent, draws, 42).unwrap();
            let counts = rank_counts(&ranks, vocabulary);
            for rank in [1, 2, 10] {
                let p = zipf_probability(rank, vocabulary, exponent).unwrap();
                let expected = f64::from(draws) * p;
                let sigma = (expected * (1.0 - p)).sqrt();
                let observed = counts[rank as usize - 1] as f64;
                assert!(
                    (observed - expected).abs() <= 5.0 * sigma,
                    "V {vocabulary}, s {exponent}, rank {rank}: {observed} vs {expected}"
                );
            }
        }
        let h100: f64 = (1..=100).map(|r| 1.0 / f64::from(r)).sum();
        let p1 = zipf_probability(1, 100, 1.0).unwrap();
        assert!((p1 - 1.0 / h100).abs() < 1e-15);
    }

    #[test]
    fn zipf_probabilities_sum_to_one_and_are_zero_outside_the_vocabulary() {
        let total: f64 = (1..=300)
            .map(|r| zipf_probability(r, 300, 0.8).unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(zipf_probability(0, 300, 0.8), Ok(0.0));
        assert_eq!(zipf_probability(301, 300, 0.8), Ok(0.0));
        assert_eq!(zipf_probability(7, 10, 0.0), Ok(0.1));
        assert_eq!(zipf_probability(1, 10, 1e9), Ok(1.0));
    }

    #[test]
    fn zipf_parameters_outside_their_ranges_are_rejected() {
        assert_eq!(
            zipf_ranks(0, 1.0, 10, 0),
            Err(CountMinError::VocabularyOutOfRange {
                requested: 0,
                max: MAX_ZIPF_VOCABULARY
            })
        );
        assert_eq!(
            zipf_stream(MAX_ZIPF_VOCABULARY + 1, 1.0, 10, 0),
            Err(CountMinError::VocabularyOutOfRange {
                requested: MAX_ZIPF_VOCABULARY + 1,
                max: MAX_ZIPF_VOCABULARY
            })
        );
        for bad in [-0.1, f64::INFINITY] {
            assert_eq!(
                zipf_probability(1, 10, bad),
                Err(CountMinError::ExponentOutOfRange { requested: bad })
            );
        }
        assert!(zipf_stream(10, f64::NAN, 10, 0).is_err());
        assert_eq!(
            zipf_stream(10, 1.0, MAX_ZIPF_LENGTH + 1, 0),
            Err(CountMinError::StreamTooLong {
                requested: MAX_ZIPF_LENGTH + 1,
                max: MAX_ZIPF_LENGTH
            })
        );
        assert_eq!(zipf_stream(10, 1.0, 0, 0), Ok(vec![]));
    }

    #[test]
    fn the_same_seed_gives_the_same_zipf_stream() {
        let first = zipf_stream(500, 1.1, 2000, 9).unwrap();
        assert_eq!(first, zipf_stream(500, 1.1, 2000, 9).unwrap());
        assert_ne!(first, zipf_stream(500, 1.1, 2000, 10).unwrap());
        assert_eq!(first.len(), 2000);
        assert!(first.iter().all(|w| {
            let rank: u32 = w[1..].parse().unwrap();
            w.starts_with('w') && (1..=500).contains(&rank)
        }));
        // A single word, or an exponent that leaves only rank 1 any weight.
        assert!(zipf_ranks(1, 1.0, 100, 3).unwrap().iter().all(|&r| r == 1));
        assert!(zipf_ranks(100, 1e6, 100, 3)
            .unwrap()
            .iter()
            .all(|&r| r == 1));
    }

    #[test]
    fn heavy_hitters_are_distinct_at_least_the_threshold_largest_first_then_by_text() {
        let mut s = sketch(2048, 4, HashFamily::Murmur3);
        for (word, count) in [("b", 5), ("a", 5), ("c", 9), ("d", 1)] {
            s.add_count(word.as_bytes(), count);
        }
        let candidates: Vec<String> = ["d", "a", "c", "b", "a", "c", "e"]
            .iter()
            .map(|w| w.to_string())
            .collect();
        assert_eq!(
            heavy_hitters(&s, &candidates, 2),
            vec![
                ("c".to_string(), 9),
                ("a".to_string(), 5),
                ("b".to_string(), 5)
            ]
        );
        assert_eq!(heavy_hitters(&s, &candidates, 0).len(), 5);
        assert!(heavy_hitters(&s, &candidates, 10).is_empty());
        assert!(heavy_hitters(&s, &[], 0).is_empty());
    }
}

// Property tests use proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn family() -> impl Strategy<Value = HashFamily> {
        prop_oneof![Just(HashFamily::Fnv1a), Just(HashFamily::Murmur3)]
    }

    proptest! {
        #[test]
        fn estimate_is_never_below_the_true_count(
            stream in proptest::collection::vec(0u32..60, 0..400),
            width in 1u64..64,
            depth in 1u32..=6,
            family in family(),
        ) {
            let mut s = CountMinSketch::new(width, depth, family).unwrap();
            let mut truth = vec![0u64; 60];
            for &word in &stream {
                s.add(zipf_word(word).as_bytes());
                truth[word as usize] += 1;
            }
            prop_assert_eq!(s.total(), stream.len() as u64);
            for (word, &count) in truth.iter().enumerate() {
                let estimate = s.estimate(zipf_word(word as u32).as_bytes());
                prop_assert!(estimate >= count);
                prop_assert!(estimate <= s.total());
            }
        }

        #[test]
        fn heavy_hitters_match_a_standard_sort_of_the_distinct_candidates(
            words in proptest::collection::vec(0u32..40, 0..120),
            threshold in 0u64..6,
        ) {
            let mut s = CountMinSketch::new(8, 2, HashFamily::Fnv1a).unwrap();
            for &word in &words {
                s.add(zipf_word(word).as_bytes());
            }
            let candidates: Vec<String> = words.iter().map(|&w| zipf_word(w)).collect();
            let mut expected: Vec<(String, u64)> = candidates
                .iter()
                .map(|w| (w.clone(), s.estimate(w.as_bytes())))
                .filter(|&(_, e)| e >= threshold)
                .collect();
            #[expect(clippy::disallowed_methods, reason = "a test: its sort never reaches the page")]
            expected.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            expected.dedup();
            prop_assert_eq!(heavy_hitters(&s, &candidates, threshold), expected);
        }
    }
}
