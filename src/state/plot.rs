//! Plot geometry shared by the charts: scales, tick positions and labels, and the sampled
//! theoretical curves. Pure functions, so the numbers on the axes are tested natively.

use crate::decimal::{fixed, shortest, Fixed};
use crate::filter::{blocked, math, Layout};

/// How values map to the vertical axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AxisKind {
    /// Linear.
    #[default]
    Linear,
    /// Base-10 logarithmic.
    Log,
}

impl AxisKind {
    /// Both axes.
    pub const ALL: [AxisKind; 2] = [AxisKind::Linear, AxisKind::Log];

    /// The URL key (`lab_axis=`).
    pub fn key(self) -> &'static str {
        match self {
            AxisKind::Linear => "linear",
            AxisKind::Log => "log",
        }
    }

    /// The axis with this key.
    pub fn from_key(key: &str) -> Option<AxisKind> {
        AxisKind::ALL.into_iter().find(|a| a.key() == key)
    }
}

/// A scale from a value interval to a pixel interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    /// Linear or logarithmic.
    pub kind: AxisKind,
    /// Value at the start.
    pub min: f64,
    /// Value at the end.
    pub max: f64,
    /// Pixel at `min`.
    pub from: f64,
    /// Pixel at `max`.
    pub to: f64,
}

impl Scale {
    /// The pixel for `value`, clamped to the axis (values ≤ 0 on a log axis go to its
    /// start). Never NaN or infinite.
    pub fn map(&self, value: f64) -> f64 {
        let t = match self.kind {
            AxisKind::Linear => (value - self.min) / (self.max - self.min),
            AxisKind::Log => {
                if value <= 0.0 || !value.is_finite() {
                    0.0
                } else {
                    (value.log10() - self.min.log10()) / (self.max.log10() - self.min.log10())
                }
            }
        };
        let t = if t.is_finite() {
            t.clamp(0.0, 1.0)
        } else {
            0.0
        };
        self.from + t * (self.to - self.from)
    }
}

/// About `count` round tick values covering `[min, max]` (steps of 1, 2 or 5 × 10^e).
pub fn linear_ticks(min: f64, max: f64, count: usize) -> Vec<f64> {
    let ordered = max.partial_cmp(&min) == Some(std::cmp::Ordering::Greater);
    if !ordered || !min.is_finite() || !max.is_finite() {
        return vec![min];
    }
    let raw = (max - min) / count.max(1) as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|f| f * magnitude)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * magnitude);
    let first = (min / step).ceil() as i64;
    let last = (max / step).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// Powers of ten in `[min, max]`, every one for up to 8 decades, else every second, third…
pub fn log_ticks(min: f64, max: f64) -> Vec<f64> {
    let positive = min.partial_cmp(&0.0) == Some(std::cmp::Ordering::Greater);
    if !positive || max.partial_cmp(&min) != Some(std::cmp::Ordering::Greater) {
        return vec![];
    }
    let (lo, hi) = (min.log10().ceil() as i32, max.log10().floor() as i32);
    let step = ((hi - lo) / 8 + 1).max(1) as usize;
    // Counted down from the top so that 1 (10^0) is always a tick.
    let mut ticks: Vec<f64> = (lo..=hi)
        .rev()
        .step_by(step)
        .map(|e| 10f64.powi(e))
        .collect();
    ticks.reverse();
    ticks
}

/// A short label: integers with thousands kept plain up to 10^6, then `1e6`; small
/// fractions as `1e-4`.
pub fn tick_label(value: f64) -> String {
    if value == 0.0 {
        return "0".into();
    }
    let abs = value.abs();
    if !(1e-3..1e6).contains(&abs) {
        let exponent = abs.log10().floor() as i32;
        let mantissa = value / 10f64.powi(exponent);
        if (mantissa - mantissa.round()).abs() < 1e-9 {
            format!("{}e{exponent}", shortest(mantissa.round()))
        } else {
            format!("{}e{exponent}", Fixed(mantissa, 1))
        }
    } else if (value - value.round()).abs() < 1e-9 {
        shortest(value.round())
    } else {
        let text = fixed(value, 4);
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

/// Which formula a theory curve draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Curve {
    /// `(1 - (1 - 1/m)^{kn})^k`.
    Exact,
    /// `(1 - e^{-kn/m})^k`.
    Approx,
    /// `(1 - (1 - 1/s)^n)^k` with `s = ⌊m/k⌋`, a partitioned filter.
    Partitioned,
    /// RocksDB's 512-bit lines: the Poisson mixture of [`blocked::blocked_rate`].
    Blocked,
    /// Parquet's split-block filter: the Poisson mixture of [`blocked::split_block_rate`].
    SplitBlock,
}

impl Curve {
    /// The curve a layout's measured points are judged by, and the one drawn dashed beside
    /// it: the approximation for the standard layout, the standard exact rate for the others.
    pub fn pair_for(layout: Layout) -> (Curve, Curve) {
        match layout {
            Layout::Standard => (Curve::Exact, Curve::Approx),
            Layout::Partitioned => (Curve::Partitioned, Curve::Exact),
            Layout::Blocked => (Curve::Blocked, Curve::Exact),
            Layout::SplitBlock => (Curve::SplitBlock, Curve::Exact),
        }
    }

    /// The curve's rate at n items in m bits with k hashes.
    pub fn rate(self, m: f64, k: f64, n: f64) -> f64 {
        match self {
            Curve::Exact => math::fpr_exact(m, n, k),
            Curve::Approx => math::fpr_approx(m, n, k),
            Curve::Partitioned => math::fpr_partitioned((m / k).floor(), n, k),
            Curve::Blocked => blocked::blocked_rate(m / n, k as u32, blocked::LINE_BITS),
            Curve::SplitBlock => blocked::split_block_rate(m / n),
        }
    }
}

/// `samples + 1` points `(n, rate)` for n from 0 to `n_max` of one formula.
pub fn theory_curve(m: f64, k: f64, n_max: f64, samples: usize, curve: Curve) -> Vec<(f64, f64)> {
    (0..=samples)
        .map(|i| {
            let n = n_max * i as f64 / samples.max(1) as f64;
            (n, curve.rate(m, k, n))
        })
        .filter(|(_, r)| r.is_finite())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_ticks_are_round_and_cover_the_range() {
        assert_eq!(
            linear_ticks(0.0, 100.0, 5),
            vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]
        );
        assert_eq!(linear_ticks(0.0, 1.0, 4), vec![0.0, 0.5, 1.0]);
        assert_eq!(linear_ticks(0.0, 7.0, 5), vec![0.0, 2.0, 4.0, 6.0]);
        assert_eq!(linear_ticks(5.0, 5.0, 5), vec![5.0]);
        assert_eq!(linear_ticks(0.0, f64::NAN, 5).len(), 1);
    }

    #[test]
    fn log_ticks_are_powers_of_ten() {
        assert_eq!(log_ticks(1e-4, 1.0), vec![1e-4, 1e-3, 1e-2, 1e-1, 1.0]);
        assert!(log_ticks(0.0, 1.0).is_empty());
        let many = log_ticks(1e-60, 1.0);
        assert!(many.len() <= 9 && many.last() == Some(&1.0), "{many:?}");
    }

    #[test]
    fn scales_never_give_nan() {
        let s = Scale {
            kind: AxisKind::Log,
            min: 1e-4,
            max: 1.0,
            from: 300.0,
            to: 0.0,
        };
        assert_eq!(s.map(1.0), 0.0);
        assert_eq!(s.map(1e-4), 300.0);
        assert_eq!(s.map(0.0), 300.0);
        assert_eq!(s.map(f64::NAN), 300.0);
        assert!((s.map(1e-2) - 150.0).abs() < 1e-9);
        let flat = Scale {
            kind: AxisKind::Linear,
            min: 1.0,
            max: 1.0,
            from: 0.0,
            to: 10.0,
        };
        assert!(flat.map(1.0).is_finite());
    }

    #[test]
    fn labels_are_short() {
        assert_eq!(tick_label(0.0), "0");
        assert_eq!(tick_label(2000.0), "2000");
        assert_eq!(tick_label(0.25), "0.25");
        assert_eq!(tick_label(1e-4), "1e-4");
        assert_eq!(tick_label(2e6), "2e6");
        assert_eq!(tick_label(1.5e7), "1.5e7");
    }

    #[test]
    fn curves_start_at_zero_and_match_the_formulas() {
        let exact = theory_curve(16.0, 3.0, 6.0, 6, Curve::Exact);
        assert_eq!(exact.len(), 7);
        assert_eq!(exact[0], (0.0, 0.0));
        assert!((exact[3].1 - 0.0855187).abs() < 1e-6);
        let approx = theory_curve(16.0, 3.0, 6.0, 6, Curve::Approx);
        assert!((approx[3].1 - 0.0796275).abs() < 1e-6);
    }
}
