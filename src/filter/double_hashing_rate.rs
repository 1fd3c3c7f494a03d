//! The exact expected false-positive rate of double hashing, for small filters.
//!
//! With double hashing an item's positions are `h1 + i·h2 (mod m)` for `i < k`: an
//! arithmetic progression, with fewer than k distinct bits when the order of `h2` is below k.
//! Take `h1` and `h2` uniform over `0..m` and independent from item to item. A probe with
//! step b has the distinct positions `S_b = {i·b mod m}` (its start does not matter, by
//! symmetry), and after n inserts all of them are set with probability, by
//! inclusion–exclusion over which of them are still 0,
//!
//! ```text
//! P(S_b all set) = Σ_{T ⊆ S_b} (−1)^{|T|} · q(T)^n,
//! q(T) = P(one inserted item sets none of T) = (1/m²) · #{(c, e) : c + i·e ∉ T for all i < k}
//! ```
//!
//! because the n inserts are independent. The rate is the average over the m steps,
//! `(1/m) Σ_b P(S_b all set)`. Nothing here is approximated; the cost is about
//! `m² · 2^k · k²` steps, so it is offered only for small filters, where double hashing's
//! difference from the formula for independent positions is large enough to measure.

use super::params::FilterShape;
use super::Layout;

/// The largest `m² · 2^k · k²` computed.
pub const MAX_WORK: u64 = 10_000_000;

/// Segments of the lab's curve of the exact rate.
pub const CURVE_SEGMENTS: u32 = 64;

/// True when the shape's positions are `h1 + i·h2 (mod m)` over the whole array: a standard
/// layout with a double-hashing family.
pub fn uses_double_hashing(shape: FilterShape) -> bool {
    shape.layout() == Layout::Standard && shape.family().max_hashes().is_none()
}

/// The exact rate of `shape` at `CURVE_SEGMENTS + 1` values of n evenly from 0 to `n_max`,
/// as `(n, rate)`, for the lab's plot; empty when the shape does not use double hashing or
/// is too large for the exact rate ([`MAX_WORK`]).
pub fn curve(shape: FilterShape, n_max: u64) -> Vec<(f64, f64)> {
    let exact = uses_double_hashing(shape)
        .then(|| DoubleHashingRate::new(shape.m(), shape.k()))
        .flatten();
    let Some(exact) = exact else {
        return Vec::new();
    };
    (0..=CURVE_SEGMENTS)
        .map(|i| {
            let n = n_max as f64 * f64::from(i) / f64::from(CURVE_SEGMENTS);
            (n, exact.rate(n))
        })
        .collect()
}

/// The terms `(−1)^{|T|} · q(T)` of every probe step and subset, from which the rate at any
/// n follows.
#[derive(Debug, Clone, PartialEq)]
pub struct DoubleHashingRate {
    m: u64,
    terms: Vec<(f64, f64)>,
}

impl DoubleHashingRate {
    /// The terms for m bits and k positions, or `None` when `m² · 2^k · k²` is over
    /// [`MAX_WORK`].
    pub fn new(m: u64, k: u32) -> Option<Self> {
        let work = m
            .checked_mul(m)?
            .checked_mul(1u64.checked_shl(k)?)?
            .checked_mul(u64::from(k) * u64::from(k))?;
        if m == 0 || k == 0 || work > MAX_WORK {
            return None;
        }
        let mut terms = Vec::new();
        for step in 0..m {
            let mut distinct: Vec<u64> = (0..u64::from(k)).map(|i| i * step % m).collect();
            crate::heap_sort::sort_u64(&mut distinct);
            distinct.dedup();
            for subset in 0..1u32 << distinct.len() {
                let chosen: Vec<u64> = (0..distinct.len())
                    .filter(|&j| subset >> j & 1 == 1)
                    .map(|j| distinct[j])
                    .collect();
                let sign = if chosen.len().is_multiple_of(2) {
                    1.0
                } else {
                    -1.0
                };
                terms.push((sign, avoiding(m, k, &chosen)));
            }
        }
        Some(DoubleHashingRate { m, terms })
    }

    /// The expected false-positive rate after n inserts, `(1/m) Σ_b Σ_T (−1)^{|T|} q(T)^n`.
    pub fn rate(&self, n: f64) -> f64 {
        let sum: f64 = self.terms.iter().map(|(sign, q)| sign * q.powf(n)).sum();
        (sum / self.m as f64).clamp(0.0, 1.0)
    }
}

/// `q(T)`: the share of `(start, step)` pairs whose k positions miss every bit of `bits`.
/// For a step e the starts that hit bit t are `t − i·e`; the others miss.
fn avoiding(m: u64, k: u32, bits: &[u64]) -> f64 {
    let mut missing = 0u64;
    let mut hitting = Vec::with_capacity(bits.len() * k as usize);
    for step in 0..m {
        hitting.clear();
        for &bit in bits {
            for i in 0..u64::from(k) {
                hitting.push((bit + m - i * step % m) % m);
            }
        }
        crate::heap_sort::sort_u64(&mut hitting);
        hitting.dedup();
        missing += m - hitting.len() as u64;
    }
    missing as f64 / (m as f64 * m as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::experiment::splitmix64;
    use crate::filter::math;

    /// Filters with uniform random `(h1, h2)` pairs, measured directly: the mean rate over
    /// the filters and its standard error (from the filters' own spread).
    fn simulated(m: u64, k: u32, n: u64, filters: u64, probes: u64) -> (f64, f64) {
        let mut state = 7u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            splitmix64(state)
        };
        let mut rates = Vec::new();
        for _ in 0..filters {
            let mut bits = vec![false; m as usize];
            for _ in 0..n {
                let (h1, h2) = (next() % m, next() % m);
                for i in 0..u64::from(k) {
                    bits[((h1 + i * h2) % m) as usize] = true;
                }
            }
            let mut hits = 0u64;
            for _ in 0..probes {
                let (h1, h2) = (next() % m, next() % m);
                hits += (0..u64::from(k)).all(|i| bits[((h1 + i * h2) % m) as usize]) as u64;
            }
            rates.push(hits as f64 / probes as f64);
        }
        let t = filters as f64;
        let mean = rates.iter().sum::<f64>() / t;
        let variance = rates.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (t - 1.0);
        (mean, (variance / t).sqrt())
    }

    #[test]
    fn one_item_at_m_16_by_hand() {
        // k = 1: a probe hits the one set bit with probability 1/m.
        let one = DoubleHashingRate::new(16, 1).unwrap();
        assert!((one.rate(1.0) - 1.0 / 16.0).abs() < 1e-15);
        // k = 2, n = 1: the sum over every item (a, b) and probe (c, d) of whether the
        // probe's bits are among the item's.
        let two = DoubleHashingRate::new(16, 2).unwrap();
        let mut hits = 0u64;
        for (a, b) in (0..16u64).flat_map(|a| (0..16).map(move |b| (a, b))) {
            let item = [a, (a + b) % 16];
            for (c, d) in (0..16u64).flat_map(|c| (0..16).map(move |d| (c, d))) {
                hits += [c, (c + d) % 16].iter().all(|p| item.contains(p)) as u64;
            }
        }
        assert!((two.rate(1.0) - hits as f64 / 65_536.0).abs() < 1e-12);
    }

    #[test]
    fn the_exact_rate_matches_a_simulation_and_sits_above_the_formula() {
        for (m, k, n) in [(64u64, 3u32, 20u64), (32, 4, 6), (61, 3, 15)] {
            let exact = DoubleHashingRate::new(m, k).unwrap().rate(n as f64);
            let (measured, se) = simulated(m, k, n, 20_000, 100);
            assert!(
                (exact - measured).abs() < 4.0 * se,
                "{m} {k} {n}: {exact} {measured} ± {se}"
            );
            let formula = math::fpr_exact(m as f64, n as f64, k as f64);
            assert!(exact > formula, "{m} {k} {n}: {exact} {formula}");
        }
    }

    #[test]
    fn the_curve_is_drawn_for_small_double_hashing_filters_only() {
        use crate::filter::HashFamily;
        let small = FilterShape::new(64, 3, HashFamily::Fnv1a).unwrap();
        let points = curve(small, 40);
        assert_eq!(points.len(), CURVE_SEGMENTS as usize + 1);
        assert_eq!(points[0], (0.0, 0.0));
        assert_eq!(points.last().unwrap().0, 40.0);
        let exact = DoubleHashingRate::new(64, 3).unwrap();
        for &(n, rate) in &points[1..] {
            assert_eq!(rate, exact.rate(n));
            assert!(rate > math::fpr_exact(64.0, n, 3.0), "{n}");
        }
        let large = FilterShape::new(100_000, 7, HashFamily::Murmur3).unwrap();
        assert!(curve(large, 30_000).is_empty());
        let partitioned = small.with_layout(Layout::Partitioned).unwrap();
        assert!(curve(partitioned, 40).is_empty());
    }

    #[test]
    fn large_filters_are_left_to_the_estimate() {
        assert!(DoubleHashingRate::new(100_000, 7).is_none());
        assert!(DoubleHashingRate::new(64, 40).is_none());
        assert!(DoubleHashingRate::new(0, 3).is_none());
    }
}
