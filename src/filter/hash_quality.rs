//! Hash quality: how evenly a hash spreads a corpus over m buckets (a histogram and the
//! chi-square test against uniform), and the weak string hashes older tutorials use.
//!
//! The weak hashes give one 32-bit value `h`, split like FNV-1a's into
//! `h1 = h & 0xffff` and `h2 = h >> 16`, then `pos_i = (h1 + i·h2) mod m`:
//!
//! - `times31`: `h = h·31 + byte` (mod 2^32), as in Java's `String.hashCode`;
//! - `sum`: `h = Σ bytes`, the sum of character codes.
//!
//! The fifteen string hashes of seed 000 ([`ClassicHash`]) are tested the same way: each
//! gives one 32-bit value, split like the weak hashes above.
//!
//! Similar inputs (`url00001`, `url00002`, …) land on neighbouring values under `times31`
//! and on nearly the same value under `sum` (anagrams collide outright). Probed with more
//! inputs made the same way, never inserted, a filter built with such a hash answers
//! "probably yes" far more often than the formula says: the probes land where the items
//! did. Probes unlike the items (long random URLs against short words) would miss them and
//! make the weakest hash look best.

use super::classic_hashes::ClassicHash;
use super::hashing::{HashFamily, HashPair};

/// A hash function under test: the two real families, or a weak one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HashUnderTest {
    /// One of the filter's families.
    Real(HashFamily),
    /// `h = h·31 + byte`.
    Times31,
    /// `h = Σ bytes`.
    Sum,
    /// One of seed 000's string hashes.
    Classic(ClassicHash),
}

impl HashUnderTest {
    /// Every hash the lab compares.
    pub const ALL: [HashUnderTest; 19] = {
        let mut all = [HashUnderTest::Sum; 19];
        all[0] = HashUnderTest::Real(HashFamily::Fnv1a);
        all[1] = HashUnderTest::Real(HashFamily::Murmur3);
        all[2] = HashUnderTest::Times31;
        let mut i = 0;
        while i < ClassicHash::ALL.len() {
            all[4 + i] = HashUnderTest::Classic(ClassicHash::ALL[i]);
            i += 1;
        }
        all
    };

    /// A short key for the page.
    pub fn key(self) -> &'static str {
        match self {
            HashUnderTest::Real(f) => f.key(),
            HashUnderTest::Times31 => "times31",
            HashUnderTest::Sum => "sum",
            HashUnderTest::Classic(hash) => hash.key(),
        }
    }

    /// The name shown.
    pub fn label(self) -> &'static str {
        match self {
            HashUnderTest::Real(family) => family.label(),
            HashUnderTest::Times31 => "h·31 + c",
            HashUnderTest::Sum => "sum of codes",
            HashUnderTest::Classic(hash) => hash.label(),
        }
    }

    /// `(h1, h2)` of an item.
    pub fn hash_pair(self, bytes: &[u8]) -> HashPair {
        let weak = |h: u32| HashPair {
            h1: (h & 0xffff) as u64,
            h2: (h >> 16) as u64,
        };
        match self {
            HashUnderTest::Real(family) => family.hash_pair(bytes),
            HashUnderTest::Times31 => weak(
                bytes
                    .iter()
                    .fold(0u32, |h, &b| h.wrapping_mul(31).wrapping_add(b as u32)),
            ),
            HashUnderTest::Sum => weak(bytes.iter().map(|&b| b as u32).sum()),
            HashUnderTest::Classic(hash) => weak(hash.value(bytes)),
        }
    }
}

/// Bucket counts: how many items have `h1 mod m` (their first position) in each bucket.
pub fn histogram(hash: HashUnderTest, items: &[String], m: u64) -> Vec<u64> {
    let mut counts = vec![0u64; m as usize];
    for item in items {
        let position = hash.hash_pair(item.as_bytes()).position(0, m);
        counts[position as usize] += 1;
    }
    counts
}

/// The chi-square statistic against uniform, `Σ (O_i - E)^2 / E` with `E = N/m`, and its
/// degrees of freedom `m - 1`.
pub fn chi_square(counts: &[u64]) -> (f64, f64) {
    let total: u64 = counts.iter().sum();
    let buckets = counts.len() as f64;
    if total == 0 || counts.len() < 2 {
        return (0.0, (buckets - 1.0).max(0.0));
    }
    let expected = total as f64 / buckets;
    let statistic = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum();
    (statistic, buckets - 1.0)
}

/// The p-value of a chi-square statistic: `P(X² ≥ x) = Q(dof/2, x/2)`, the regularized upper
/// incomplete gamma function.
pub fn chi_square_p_value(statistic: f64, dof: f64) -> f64 {
    ln_chi_square_p_value(statistic, dof).exp()
}

/// The natural log of [`chi_square_p_value`], which stays finite where the p-value itself is
/// below the smallest double (a hash that piles every item on a few positions).
pub fn ln_chi_square_p_value(statistic: f64, dof: f64) -> f64 {
    if dof <= 0.0 || !statistic.is_finite() {
        return if statistic.is_finite() {
            0.0
        } else {
            f64::NEG_INFINITY
        };
    }
    ln_upper_regularized_gamma(dof / 2.0, statistic / 2.0)
}

/// `ln Γ(x)` for `x ≥ 0.5` by the Lanczos approximation (g = 7, 9 terms), accurate to about
/// 1e-13. The chi-square test only needs `x = dof/2 ≥ 0.5`.
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x.max(0.5) - 1.0;
    let t = x + 7.5;
    let series = G[1..]
        .iter()
        .enumerate()
        .fold(G[0], |acc, (i, g)| acc + g / (x + i as f64 + 1.0));
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

/// `ln Q(a, x)`, `Q(a, x) = Γ(a, x) / Γ(a)`: a series for `x < a + 1`, else a continued
/// fraction (Lentz's method) whose log is taken term by term, so that it never underflows.
fn ln_upper_regularized_gamma(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    let log_prefix = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        let (mut sum, mut term, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..10_000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (-(sum * log_prefix.exp()).min(1.0)).ln_1p()
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (log_prefix + h.ln()).min(0.0)
    }
}

/// Corpora the lab offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Corpus {
    /// `url00001`, `url00002`, …: where weak hashes fail visibly.
    #[default]
    Similar,
    /// Generated URL-like strings with random parts.
    Urls,
}

impl Corpus {
    /// The URL key.
    pub fn key(self) -> &'static str {
        match self {
            Corpus::Similar => "similar",
            Corpus::Urls => "urls",
        }
    }

    /// The corpus for a URL key.
    pub fn from_key(key: &str) -> Option<Self> {
        [Corpus::Similar, Corpus::Urls]
            .into_iter()
            .find(|c| c.key() == key)
    }

    /// `count` items of this corpus.
    pub fn items(self, count: usize) -> Vec<String> {
        match self {
            Corpus::Similar => (1..=count).map(similar_item).collect(),
            Corpus::Urls => {
                let source = super::experiment::ItemSource::new(URL_SEED);
                (0..count as u64)
                    .map(|i| source.item(super::experiment::ItemKind::Member, i))
                    .collect()
            }
        }
    }

    /// `count` probes made like the first `size` items and never among them: the next
    /// numbers, `url{size+1}`, `url{size+2}`, … (same width) for the similar corpus; the
    /// generator's other stream of URLs for the URL corpus. A weak hash fails on such probes,
    /// which land where the items did.
    pub fn probes(self, size: usize, count: usize) -> Vec<String> {
        match self {
            Corpus::Similar => (size + 1..=size + count).map(similar_item).collect(),
            Corpus::Urls => {
                let source = super::experiment::ItemSource::new(URL_SEED);
                (0..count as u64)
                    .map(|i| source.item(super::experiment::ItemKind::NonMember, i))
                    .collect()
            }
        }
    }
}

/// Item i of the similar corpus: `url` and i in five digits, `url00001`, `url00002`, …, so
/// that items and probes (up to 2 · 20,000) all have the same length and differ only in
/// their digits, the inputs on which weak hashes collide.
fn similar_item(i: usize) -> String {
    format!("url{i:05}")
}

/// The seed of the URL corpus and its probes.
const URL_SEED: u64 = 0xC0A9;

/// `count` probes made like pasted `items` and never among them: each item with a number
/// appended (`apple1`, `pear1`, …, `apple2`, …), skipping any that is an item itself. Made
/// one at a time as they are read, so that 20,000 probes of long lines are never all held.
pub fn probes_like(items: &[String], count: usize) -> impl Iterator<Item = String> + '_ {
    let members = super::distinct::text_set(items.iter().map(String::as_str));
    let cycle = items.len();
    let rounds = if cycle == 0 { 0 } else { usize::MAX };
    (0..rounds)
        .map(move |i| format!("{}{}", items[i % cycle], i / cycle + 1))
        .filter(move |probe| !members.contains(probe.as_str()))
        .take(count)
}

/// One hash's report on a corpus.
#[derive(Debug, Clone, PartialEq)]
pub struct HashReport {
    /// The hash.
    pub hash: HashUnderTest,
    /// Counts of `h1 mod BUCKETS`.
    pub histogram: Vec<u64>,
    /// Chi-square against uniform.
    pub chi_square: f64,
    /// Degrees of freedom.
    pub dof: f64,
    /// Its p-value.
    pub p_value: f64,
    /// Its natural log, finite however small the p-value.
    pub ln_p_value: f64,
    /// Bits set after inserting the corpus with k positions per item.
    pub ones: u64,
    /// The bits independent uniform positions would set on average,
    /// `m·(1 − (1 − 1/m)^{kn})`.
    pub expected_ones: f64,
    /// Probes made (items like the corpus's, never inserted).
    pub probes: u64,
    /// Observed false-positive rate of that filter on the probes.
    pub observed_rate: f64,
    /// The exact theoretical rate for m, k and n = corpus size.
    pub theory_rate: f64,
}

/// How a hash's observed rate compares with the formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateVerdict {
    /// Within four standard errors of the formula (`sqrt(p(1 − p)/probes)`).
    AsExpected,
    /// More than four standard errors above it: probes land where the items did.
    Above,
    /// More than four below it.
    Below,
}

impl RateVerdict {
    /// A stable key (the page's `data-rate`).
    pub fn key(self) -> &'static str {
        match self {
            RateVerdict::AsExpected => "as-expected",
            RateVerdict::Above => "above",
            RateVerdict::Below => "below",
        }
    }
}

/// What the chi-square test says of a hash's spread over the buckets, at a 0.1 % level in
/// each tail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spread {
    /// `0.001 ≤ p ≤ 0.999`: as even as a uniform random hash would be.
    Uniform,
    /// `p < 0.001`: far more uneven than chance; the hash clusters its inputs.
    Clustered,
    /// `p > 0.999`: far more even than chance, a pattern rather than randomness (a hash
    /// such as `h·31 + c` sends consecutive inputs to consecutive buckets).
    TooEven,
    /// Fewer than [`MIN_TESTED_ITEMS`] items: too few for the test to judge any hash.
    TooFew,
}

impl Spread {
    /// The tail probability beyond which a spread is called clustered or too even.
    pub const LEVEL: f64 = 0.001;

    /// The verdict for a chi-square p-value `P(X² ≥ x)`.
    pub fn of_p_value(p_value: f64) -> Spread {
        if p_value < Spread::LEVEL {
            Spread::Clustered
        } else if p_value > 1.0 - Spread::LEVEL {
            Spread::TooEven
        } else {
            Spread::Uniform
        }
    }

    /// A stable key (the page's `data-spread`).
    pub fn key(self) -> &'static str {
        match self {
            Spread::Uniform => "uniform",
            Spread::Clustered => "clustered",
            Spread::TooEven => "too-even",
            Spread::TooFew => "too-few",
        }
    }
}

impl HashReport {
    /// The observed rate against the formula, judged at four standard errors of the probes.
    pub fn rate_verdict(&self) -> RateVerdict {
        let p = self.theory_rate;
        // A formula of 0 (an empty corpus) has no spread: half a probe is the resolution.
        let standard_error = (p * (1.0 - p) / self.probes.max(1) as f64)
            .sqrt()
            .max(0.5 / self.probes.max(1) as f64);
        let gap = (self.observed_rate - p) / standard_error;
        if gap > 4.0 {
            RateVerdict::Above
        } else if gap < -4.0 {
            RateVerdict::Below
        } else {
            RateVerdict::AsExpected
        }
    }

    /// The observed rate as a multiple of the formula's (infinite when the formula is 0).
    pub fn ratio(&self) -> f64 {
        self.observed_rate / self.theory_rate
    }

    /// The verdict of [`Spread::of_p_value`] on this report's p-value, or
    /// [`Spread::TooFew`] for a corpus under [`MIN_TESTED_ITEMS`].
    pub fn spread(&self) -> Spread {
        if self.histogram.iter().sum::<u64>() < MIN_TESTED_ITEMS {
            Spread::TooFew
        } else {
            Spread::of_p_value(self.p_value)
        }
    }
}

/// Buckets of the histogram and the chi-square test: with a corpus of 1,000 items each
/// expects about 10, enough for the test to be valid (it needs about 5 or more). The count
/// is prime so that `mod` mixes every bit of h1: with an even count FNV-1a's low bits,
/// which hardly change between `url00001` and `url00002`, show a bias of their own.
pub const BUCKETS: u64 = 101;

/// The fewest items the chi-square test judges: about 5 expected per bucket (505). With
/// fewer, its p-value says little: 3 items spread over 101 buckets give the same p for a
/// good hash and a bad one.
pub const MIN_TESTED_ITEMS: u64 = 5 * BUCKETS;

/// Builds a filter of m bits and k positions from `items` with `hash`, probes it with
/// `probes` (items never inserted, made like them), and measures the spread of first
/// positions over [`BUCKETS`].
pub fn report<P: AsRef<str>>(
    hash: HashUnderTest,
    items: &[String],
    probes: impl IntoIterator<Item = P>,
    m: u64,
    k: u32,
) -> HashReport {
    let histogram = histogram(hash, items, BUCKETS);
    let (chi, dof) = chi_square(&histogram);
    let mut bits = super::bit_array::BitArray::new(m);
    for item in items {
        for position in hash.hash_pair(item.as_bytes()).positions(k, m) {
            bits.set(position);
        }
    }
    let (mut probed, mut false_positives) = (0u64, 0u64);
    for probe in probes {
        probed += 1;
        let pair = hash.hash_pair(probe.as_ref().as_bytes());
        false_positives += u64::from(pair.positions(k, m).all(|p| bits.get(p)));
    }
    let n = items.len() as f64;
    HashReport {
        hash,
        histogram,
        chi_square: chi,
        dof,
        p_value: chi_square_p_value(chi, dof),
        ln_p_value: ln_chi_square_p_value(chi, dof),
        ones: bits.count_ones(),
        expected_ones: m as f64 * -(k as f64 * n * (-1.0 / m as f64).ln_1p()).exp_m1(),
        probes: probed,
        observed_rate: false_positives as f64 / probed.max(1) as f64,
        theory_rate: super::math::fpr_exact(m as f64, n, k as f64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_p_values_match_tables() {
        // Critical values at 5 %: 3.841 (1 dof), 18.307 (10 dof), 124.342 (100 dof).
        assert!((chi_square_p_value(3.841_458_820_694_124, 1.0) - 0.05).abs() < 1e-6);
        assert!((chi_square_p_value(18.307_038_053_275_146, 10.0) - 0.05).abs() < 1e-6);
        assert!((chi_square_p_value(124.342_113_404_641_8, 100.0) - 0.05).abs() < 1e-6);
        // At 1 %: 6.635 (1 dof).
        assert!((chi_square_p_value(6.634_896_601_021_214, 1.0) - 0.01).abs() < 1e-6);
        assert_eq!(chi_square_p_value(0.0, 5.0), 1.0);
        // Far in the tail: Q(0.5, 750) = erfc(√750), about 1e-327, below the smallest double;
        // its log, ln erfc(√750) = −753.8831 (the asymptotic series e^{−x²}/(x√π)·(1 − 1/2x² +
        // 3/4x⁴ − 15/8x⁶) at x² = 750), stays finite.
        let ln = ln_chi_square_p_value(1500.0, 1.0);
        assert!((ln + 753.883_07).abs() < 1e-4, "{ln}");
    }

    #[test]
    fn a_spread_is_judged_in_both_tails() {
        assert_eq!(Spread::of_p_value(0.5), Spread::Uniform);
        assert_eq!(Spread::of_p_value(0.001), Spread::Uniform);
        assert_eq!(Spread::of_p_value(0.999), Spread::Uniform);
        assert_eq!(Spread::of_p_value(0.000_9), Spread::Clustered);
        assert_eq!(Spread::of_p_value(0.999_2), Spread::TooEven);
        // 100 dof: chi-square 61.9 is the 0.1 % lower critical value, 149.4 the upper.
        assert_eq!(
            Spread::of_p_value(chi_square_p_value(60.0, 100.0)),
            Spread::TooEven
        );
        assert_eq!(
            Spread::of_p_value(chi_square_p_value(100.0, 100.0)),
            Spread::Uniform
        );
        assert_eq!(
            Spread::of_p_value(chi_square_p_value(152.0, 100.0)),
            Spread::Clustered
        );
    }

    #[test]
    fn a_corpus_under_five_items_per_bucket_is_not_judged() {
        // Three items: every hash, weak or not, scores the same χ² of 98 on 100 dof.
        let few = ["apple", "pear", "kiwi"].map(String::from);
        for hash in HashUnderTest::ALL {
            let r = report(hash, &few, probes_like(&few, 100), 10_000, 4);
            assert_eq!(r.spread(), Spread::TooFew, "{hash:?}");
        }
        let enough = Corpus::Similar.items(MIN_TESTED_ITEMS as usize);
        let probes = Corpus::Similar.probes(enough.len(), 100);
        let sum = report(HashUnderTest::Sum, &enough, &probes, 10_000, 4);
        assert_eq!(sum.spread(), Spread::Clustered);
        let below = Corpus::Similar.items(MIN_TESTED_ITEMS as usize - 1);
        let sum = report(HashUnderTest::Sum, &below, &probes, 10_000, 4);
        assert_eq!(sum.spread(), Spread::TooFew);
    }

    #[test]
    fn chi_square_on_known_distributions() {
        let uniform = vec![100u64; 50];
        let (chi, dof) = chi_square(&uniform);
        assert_eq!((chi, dof), (0.0, 49.0));
        assert_eq!(chi_square_p_value(chi, dof), 1.0);
        // Everything in one of 10 buckets: chi = (90^2 + 9·10^2)/10 = 900.
        let mut spike = vec![0u64; 10];
        spike[3] = 100;
        let (chi, dof) = chi_square(&spike);
        assert!((chi - 900.0).abs() < 1e-9);
        assert!(chi_square_p_value(chi, dof) < 1e-100);
    }

    #[test]
    fn weak_hashes_fail_on_similar_inputs_where_real_ones_pass() {
        // 1,000 similar items, m = 10,000, k = 4: theory (1 - (1 - 1/m)^4000)^4 = 0.0118.
        let items = Corpus::Similar.items(1000);
        let probes = Corpus::Similar.probes(1000, 20_000);
        let reports: Vec<HashReport> = HashUnderTest::ALL
            .iter()
            .map(|&hash| report(hash, &items, &probes, 10_000, 4))
            .collect();
        let worst_good = reports
            .iter()
            .filter(|r| matches!(r.hash, HashUnderTest::Real(_)))
            .map(|r| r.observed_rate)
            .fold(0.0, f64::max);
        for r in &reports {
            let hash = r.hash;
            match hash {
                HashUnderTest::Real(_) => {
                    assert_eq!(r.spread(), Spread::Uniform, "{hash:?} p = {}", r.p_value);
                    assert_eq!(r.rate_verdict(), RateVerdict::AsExpected, "{hash:?}: {r:?}");
                    assert!((r.ones as f64 - r.expected_ones).abs() < 4.0 * r.expected_ones.sqrt());
                }
                HashUnderTest::Sum => {
                    assert_eq!(r.spread(), Spread::Clustered, "sum p = {}", r.p_value);
                    // The similar probes' sums fall among the items' few sums.
                    assert_eq!(r.rate_verdict(), RateVerdict::Above, "{r:?}");
                    assert!(r.observed_rate > 10.0 * r.theory_rate, "{r:?}");
                    assert!(r.ones < 200, "{r:?}");
                }
                HashUnderTest::Times31 => {
                    // Similar inputs land in consecutive buckets: too even to be chance.
                    assert_eq!(r.spread(), Spread::TooEven, "times31 p = {}", r.p_value);
                    assert_eq!(r.rate_verdict(), RateVerdict::Above, "{r:?}");
                }
                HashUnderTest::Classic(ClassicHash::Hflp | ClassicHash::Hf) => {
                    // Values below the item's length (8 bytes): a handful of bits for
                    // 1,000 items, and most probes answer "probably yes" (HFLP 40 %, HF 100 %).
                    assert_eq!(r.spread(), Spread::Clustered, "{r:?}");
                    assert!(r.ones <= 8 && r.observed_rate >= 0.4, "{r:?}");
                }
                HashUnderTest::Classic(ClassicHash::Pjw | ClassicHash::Elf | ClassicHash::Str) => {
                    // Shift-and-add of similar inputs: too even, and 17 to 20 times the formula.
                    assert_eq!(r.spread(), Spread::TooEven, "{r:?}");
                    assert!(r.observed_rate > 10.0 * r.theory_rate, "{r:?}");
                }
                HashUnderTest::Classic(_) => {
                    // None of the seed's hashes beats the formula on similar inputs.
                    assert_ne!(r.rate_verdict(), RateVerdict::Below, "{r:?}");
                }
            }
            // A weak hash never looks better than a good one.
            if matches!(hash, HashUnderTest::Times31 | HashUnderTest::Sum) {
                assert!(r.observed_rate > worst_good, "{hash:?}: {r:?}");
            }
        }
    }

    #[test]
    fn probes_are_like_the_items_and_never_among_them() {
        assert_eq!(Corpus::Similar.items(2), ["url00001", "url00002"]);
        assert_eq!(Corpus::Similar.probes(3, 2), ["url00004", "url00005"]);
        let urls = Corpus::Urls.items(50);
        let probes = Corpus::Urls.probes(50, 50);
        assert!(probes
            .iter()
            .all(|p| p.starts_with("https://example.com/page/q/")));
        assert!(probes.iter().all(|p| !urls.contains(p)));
        let pasted = ["apple", "pear", "apple1"].map(String::from);
        assert_eq!(
            probes_like(&pasted, 5).collect::<Vec<_>>(),
            ["pear1", "apple11", "apple2", "pear2", "apple12"]
        );
        assert_eq!(probes_like(&[], 5).count(), 0);
    }

    #[test]
    fn weak_hashes_are_what_they_say() {
        assert_eq!(
            HashUnderTest::Sum.hash_pair(b"ab"),
            HashPair { h1: 97 + 98, h2: 0 }
        );
        let h = 97u32 * 31 + 98;
        assert_eq!(
            HashUnderTest::Times31.hash_pair(b"ab"),
            HashPair {
                h1: h as u64,
                h2: 0
            }
        );
    }
}
