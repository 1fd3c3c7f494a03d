//! Whether measured false-positive rates agree with a formula, decided so that the answer
//! stays true for how the lab measures: every point of a run is measured on the same T
//! filters, grown step by step, so the points are not independent of each other (one
//! unlucky set of filters moves every later point the same way), while the T filters are
//! independent of each other.
//!
//! Two kinds of test, each valid under that dependence:
//!
//! - **One test per point.** At point j the T filters' rates `r_tj = fp_tj / P` are
//!   independent, so `t_j = (r̄_j − θ_j) / se_j` with `se_j² = max(s_j²/T, θ_j(1 − θ_j)/(T·P))`
//!   is Student's t with T − 1 degrees of freedom when the formula θ is right (the second
//!   term is the probes' own binomial variance, a floor for when every filter measured the
//!   same count).
//! - **One test across all points.** Each filter's mean departure over the J points,
//!   `d_t = Σ_j (r_tj − θ_j) / J`, is one number per filter, and the T numbers are
//!   independent; `t = d̄ / se` is again Student's t with T − 1 degrees of freedom. It sees a
//!   small departure that every point shares.
//!
//! The run **departs** from the formula when the test across all points has `p < α/2` or
//! one point has `p < α/(2J)` (Bonferroni's correction, valid whatever the dependence
//! between the points), with α = 5 %: when the formula is right, a run departs at most 5 %
//! of the time. A run that does not depart **could be chance** when the formula is outside
//! some point's 95 % interval, and is **consistent** when it is inside every one.
//!
//! A cause is named only for a departure above the formula: **double hashing** when the
//! same tests, run against double hashing's own rate, find no departure from it; **the
//! hash's spread** when they still do. Double hashing's rate is exact for small filters
//! ([`DoubleHashingRate`]) and elsewhere the formula plus its estimated excess
//! ([`math::double_hashing_excess`]), which is below what the lab can resolve there. A
//! departure below the formula has no cause named.

use super::double_hashing_rate::{uses_double_hashing, DoubleHashingRate};
use super::experiment::MeasuredPoint;
use super::math;
use super::params::FilterShape;

/// The chance of calling a right formula wrong, α.
pub const FALSE_ALARM: f64 = 0.05;

/// What the lab concludes about one family's points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The formula is inside every point's 95 % interval.
    Consistent,
    /// Outside some intervals, but no departure survives the correction for the number of
    /// points.
    CouldBeChance,
    /// A significant departure after that correction.
    Departs {
        /// Measured above the formula (else below).
        above: bool,
        /// The cause, where one is established.
        cause: Option<Cause>,
    },
}

/// Why measured rates sit above the formula.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// Double hashing's repeated positions, which the formula plus their excess accounts for.
    DoubleHashing,
    /// The hash does not spread these items as evenly as the formula assumes.
    Spread,
}

impl Verdict {
    /// The page's `data-verdict`: `consistent`, `could-be-chance` or `departs`.
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Consistent => "consistent",
            Verdict::CouldBeChance => "could-be-chance",
            Verdict::Departs { .. } => "departs",
        }
    }

    /// How strong the conclusion is, for the most severe of several families: 0, 1 or 2.
    pub fn severity(self) -> u8 {
        match self {
            Verdict::Consistent => 0,
            Verdict::CouldBeChance => 1,
            Verdict::Departs { .. } => 2,
        }
    }
}

/// The tests' outcome against one set of expected rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Departure {
    /// p of the test across all points.
    pub pooled_p: f64,
    /// The smallest p of the tests per point.
    pub smallest_point_p: f64,
    /// The sign of the most significant departure: measured above the expectation.
    pub above: bool,
    /// Points whose own 5 % test rejects the expectation (before correction).
    pub outside: u64,
}

impl Departure {
    /// True when the departure survives the correction for `points` points.
    pub fn significant(&self, points: u64) -> bool {
        self.pooled_p < FALSE_ALARM / 2.0
            || self.smallest_point_p < FALSE_ALARM / (2.0 * points.max(1) as f64)
    }
}

/// Runs both tests of the points against `expected(n)`, over the first T filters that
/// every point has. `None` with fewer than two filters or no points.
pub fn departure(points: &[MeasuredPoint], expected: impl Fn(u64) -> f64) -> Option<Departure> {
    let filters = points.iter().map(|p| p.false_positives.len()).min()?;
    if filters < 2 {
        return None;
    }
    let t = filters as f64;
    let df = filters as u64 - 1;
    let j = points.len() as f64;
    let mut per_filter = vec![0.0; filters];
    let mut smallest_point_p = 1.0;
    let mut strongest = 0.0;
    let mut above = false;
    let mut outside = 0;
    let mut binomial_sum = 0.0;
    for point in points {
        let theta = expected(point.n);
        let probes = point.probes.max(1) as f64;
        let rates = || {
            point.false_positives[..filters]
                .iter()
                .map(move |&fp| fp as f64 / probes)
        };
        let mean = rates().sum::<f64>() / t;
        let spread = rates().map(|r| (r - mean).powi(2)).sum::<f64>() / (t - 1.0);
        let binomial = theta * (1.0 - theta) / (t * probes);
        binomial_sum += binomial;
        let statistic = (mean - theta) / (spread / t).max(binomial).sqrt();
        let p = math::student_t_two_sided(statistic, df);
        if p < FALSE_ALARM {
            outside += 1;
        }
        if p < smallest_point_p {
            smallest_point_p = p;
        }
        if statistic.abs() > strongest {
            strongest = statistic.abs();
            above = statistic > 0.0;
        }
        for (sum, rate) in per_filter.iter_mut().zip(rates()) {
            *sum += (rate - theta) / j;
        }
    }
    let mean = per_filter.iter().sum::<f64>() / t;
    let spread = per_filter.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (t - 1.0);
    // A floor for when every filter departs alike: the probes' binomial variance as if the
    // points' probes were independent (the least it can be).
    let floor = binomial_sum / (j * j);
    let pooled_statistic = mean / (spread / t).max(floor).sqrt();
    let pooled_p = math::student_t_two_sided(pooled_statistic, df);
    if pooled_p < FALSE_ALARM / 2.0 {
        above = pooled_statistic > 0.0;
    }
    Some(Departure {
        pooled_p,
        smallest_point_p,
        above,
        outside,
    })
}

/// The lab's verdict on one family's points measured with `shape`, whose formula is
/// [`FilterShape::fpr`].
pub fn verdict(points: &[MeasuredPoint], shape: FilterShape) -> Verdict {
    let inside = points
        .iter()
        .filter(|p| {
            let (low, high) = p.interval();
            (low..=high).contains(&shape.fpr(p.n as f64))
        })
        .count() as u64;
    let count = points.len() as u64;
    let formula = |n: u64| shape.fpr(n as f64);
    let Some(against_formula) = departure(points, formula) else {
        return if inside == count {
            Verdict::Consistent
        } else {
            Verdict::CouldBeChance
        };
    };
    if !against_formula.significant(count) {
        return if inside == count {
            Verdict::Consistent
        } else {
            Verdict::CouldBeChance
        };
    }
    let above = against_formula.above;
    let cause = above.then(|| {
        let explained = uses_double_hashing(shape) && {
            let exact = DoubleHashingRate::new(shape.m(), shape.k());
            let double_hashing = |n: u64| match &exact {
                Some(exact) => exact.rate(n as f64),
                None => {
                    shape.fpr(n as f64)
                        + math::double_hashing_excess(shape.m(), shape.k(), n as f64)
                }
            };
            departure(points, double_hashing).is_some_and(|d| !d.significant(count))
        };
        if explained {
            Cause::DoubleHashing
        } else {
            Cause::Spread
        }
    });
    Verdict::Departs { above, cause }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::experiment::splitmix64;

    fn point(n: u64, probes: u64, false_positives: Vec<u64>) -> MeasuredPoint {
        MeasuredPoint {
            n,
            probes,
            false_positives,
            ones: 0,
        }
    }

    #[test]
    fn filters_that_measure_the_formula_do_not_depart() {
        // θ = 0.1 at P = 1000: counts around 100, spread like a binomial.
        let counts = vec![92, 104, 99, 111, 95, 101, 97, 106, 100, 95];
        let points = vec![point(10, 1000, counts.clone()), point(20, 1000, counts)];
        let d = departure(&points, |_| 0.1).unwrap();
        assert!(!d.significant(2), "{d:?}");
        assert_eq!(d.outside, 0);
    }

    #[test]
    fn a_shared_small_excess_is_seen_by_the_test_across_points() {
        // Every filter 3 false positives per 1000 above θ = 0.1 on average, with a spread of
        // about ±9 like the probes' own: no single point is beyond the corrected level, the
        // mean over the 20 points is.
        let points: Vec<MeasuredPoint> = (1..=20)
            .map(|j| {
                let counts = (0..30)
                    .map(|t| 88 + splitmix64(t * 1000 + j) % 31)
                    .collect();
                point(j, 1000, counts)
            })
            .collect();
        let d = departure(&points, |_| 0.1).unwrap();
        assert!(d.smallest_point_p > 0.05 / 40.0, "{d:?}");
        assert!(d.pooled_p < 0.025 && d.above, "{d:?}");
        assert!(d.significant(20));
    }

    #[test]
    fn one_filter_or_no_points_cannot_be_tested() {
        assert_eq!(departure(&[point(5, 100, vec![3])], |_| 0.01), None);
        assert_eq!(departure(&[], |_| 0.01), None);
    }

    #[test]
    fn no_false_positives_where_the_formula_expects_almost_none_is_not_a_departure() {
        let points = vec![point(1, 1000, vec![0; 50])];
        let d = departure(&points, |_| 1e-9).unwrap();
        assert!(!d.significant(1), "{d:?}");
    }
}
