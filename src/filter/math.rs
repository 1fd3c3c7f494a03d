//! The formulas of Bloom filter sizing and false-positive rates.
//!
//! Notation: m bits, k hash functions, n items inserted, p the false-positive rate, X the
//! number of bits set. Each function's doc gives its formula; none of them allocates.

use super::error::{ParamError, MAX_HASHES};

/// `ln 2`.
const LN2: f64 = std::f64::consts::LN_2;

/// The approximate false-positive rate `(1 - e^{-kn/m})^k`.
///
/// It replaces `(1 - 1/m)^{kn}`, the chance a given bit is still 0, by `e^{-kn/m}`, which
/// is close when m is large.
pub fn fpr_approx(m: f64, n: f64, k: f64) -> f64 {
    (1.0 - (-k * n / m).exp()).powf(k)
}

/// The exact false-positive rate for independent uniform hashes,
/// `(1 - (1 - 1/m)^{kn})^k`, computed as `(1 - e^{kn·ln(1 - 1/m)})^k` so that it stays
/// precise for large m.
pub fn fpr_exact(m: f64, n: f64, k: f64) -> f64 {
    if m <= 1.0 {
        return if n > 0.0 { 1.0 } else { 0.0 };
    }
    let zero_prob = (k * n * (-1.0 / m).ln_1p()).exp();
    (1.0 - zero_prob).powf(k)
}

/// The real-valued optimal number of hashes `k = (m/n)·ln 2`.
pub fn optimal_k_real(m: f64, n: f64) -> f64 {
    m / n * LN2
}

/// The best whole number of hashes for m bits and n items: `floor` or `ceil` of
/// `(m/n)·ln 2`, whichever gives the lower exact false-positive rate, clamped to
/// `1..=64`.
pub fn optimal_k(m: u64, n: u64) -> u32 {
    let real = optimal_k_real(m as f64, n.max(1) as f64);
    let low = (real.floor() as u32).clamp(1, MAX_HASHES);
    let high = (real.ceil() as u32).clamp(1, MAX_HASHES);
    let rate = |k: u32| fpr_exact(m as f64, n as f64, k as f64);
    if rate(high) < rate(low) {
        high
    } else {
        low
    }
}

/// The number of bits for n items at rate p with the optimal k:
/// `m = ceil(-n·ln p / (ln 2)^2)`.
pub fn optimal_m(n: f64, p: f64) -> Result<f64, ParamError> {
    check_rate(p)?;
    check_items(n)?;
    Ok((-n * p.ln() / (LN2 * LN2)).ceil())
}

/// The optimal number of hashes for a target rate p, `k = -ln p / ln 2 = log2(1/p)`
/// (from `k = (m/n)·ln 2` with the optimal m), rounded to the nearest whole number, at
/// least 1.
pub fn optimal_k_for_rate(p: f64) -> Result<u32, ParamError> {
    check_rate(p)?;
    Ok(((-p.ln() / LN2).round() as u32).clamp(1, MAX_HASHES))
}

/// The largest n that m bits hold at rate p with the optimal k:
/// `n = floor(-m·(ln 2)^2 / ln p)` (the optimal-m formula solved for n).
pub fn max_items(m: f64, p: f64) -> Result<f64, ParamError> {
    check_rate(p)?;
    if !m.is_finite() {
        return Err(ParamError::NotFinite);
    }
    if m < 1.0 {
        return Err(ParamError::ZeroBits);
    }
    Ok((-m * LN2 * LN2 / p.ln()).floor())
}

/// The rate at the best k for m bits and n items: `fpr_exact(m, n, optimal_k(m, n))`.
pub fn best_rate(m: u64, n: u64) -> (u32, f64) {
    let k = optimal_k(m, n);
    (k, fpr_exact(m as f64, n as f64, k as f64))
}

/// The estimate of how many distinct items a filter holds from its fill,
/// `n̂ = -(m/k)·ln(1 - X/m)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CountEstimate {
    /// A finite estimate.
    Finite(f64),
    /// Every bit is set (X = m): `ln 0` is undefined, the filter could hold any number.
    Unbounded,
}

/// `n̂ = -(m/k)·ln(1 - X/m)`; [`CountEstimate::Unbounded`] when X = m.
pub fn estimated_count(m: u64, k: u32, ones: u64) -> CountEstimate {
    if ones >= m {
        CountEstimate::Unbounded
    } else {
        let m = m as f64;
        CountEstimate::Finite(-(m / k as f64) * (-(ones as f64) / m).ln_1p())
    }
}

/// The Wilson score interval for `successes` out of `trials` at 95 % (z = 1.96):
/// `(p̂ + z²/2t ± z·sqrt(p̂(1-p̂)/t + z²/4t²)) / (1 + z²/t)`.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let t = trials as f64;
    let p = successes as f64 / t;
    let denom = 1.0 + z * z / t;
    let centre = p + z * z / (2.0 * t);
    let half = z * (p * (1.0 - p) / t + z * z / (4.0 * t * t)).sqrt();
    // The bounds are exactly 0 and 1 at the extremes; rounding would leave 1e-18.
    let low = if successes == 0 {
        0.0
    } else {
        ((centre - half) / denom).max(0.0)
    };
    let high = if successes == trials {
        1.0
    } else {
        ((centre + half) / denom).min(1.0)
    };
    (low, high)
}

fn check_rate(p: f64) -> Result<(), ParamError> {
    if !p.is_finite() {
        return Err(ParamError::NotFinite);
    }
    if p <= 0.0 || p >= 1.0 {
        return Err(ParamError::RateOutOfRange { requested: p });
    }
    Ok(())
}

fn check_items(n: f64) -> Result<(), ParamError> {
    if !n.is_finite() {
        return Err(ParamError::NotFinite);
    }
    if n < 1.0 {
        return Err(ParamError::ZeroItems);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        ((a - b) / b).abs() < rel
    }

    #[test]
    fn textbook_example_m16_k3_n3() {
        // (1 - e^{-9/16})^3 = (1 - 0.569783)^3 = 0.0796275
        assert!(close(fpr_approx(16.0, 3.0, 3.0), 0.0796275, 1e-5));
        // (1 - (15/16)^9)^3 = (1 - 0.559406)^3 = 0.0855187
        assert!(close(fpr_exact(16.0, 3.0, 3.0), 0.0855187, 1e-5));
    }

    #[test]
    fn sizing_one_percent() {
        // One million items at 1 %: 9,585,059 bits (about 1.14 MiB) and k = 7.
        assert_eq!(optimal_m(1e6, 0.01).unwrap(), 9_585_059.0);
        assert_eq!(optimal_k_for_rate(0.01).unwrap(), 7);
        assert_eq!(max_items(9_585_059.0, 0.01).unwrap(), 1_000_000.0);
        assert_eq!(optimal_k(9_585_059, 1_000_000), 7);
    }

    #[test]
    fn a_billion_urls_at_one_in_ten_thousand_need_about_2_4_gigabytes() {
        let bits = optimal_m(1e9, 1e-4).unwrap();
        let gigabytes = bits / 8.0 / 1e9;
        assert!((2.39..2.41).contains(&gigabytes), "{gigabytes}");
    }

    #[test]
    fn five_billion_urls_in_four_gibibytes_give_about_3_7_percent() {
        // m/n = 6.87 bits per item, best k = round(4.76) = 5.
        let m = 4.0 * 1024.0 * 1024.0 * 1024.0 * 8.0;
        let n = 5e9;
        let k = optimal_k_real(m, n).round();
        let rate = fpr_approx(m, n, k);
        assert!((0.036..0.038).contains(&rate), "{rate}");
    }

    #[test]
    fn exact_and_approximate_agree_for_large_m() {
        assert!(close(
            fpr_exact(1e7, 1e6, 7.0),
            fpr_approx(1e7, 1e6, 7.0),
            1e-5
        ));
    }

    #[test]
    fn estimate_inverts_the_expected_fill() {
        // Expected X after n inserts is m(1 - e^{-kn/m}); the estimate gives n back.
        let (m, k, n) = (10_000u64, 5u32, 700.0);
        let x = (m as f64 * (1.0 - (-(k as f64) * n / m as f64).exp())).round() as u64;
        match estimated_count(m, k, x) {
            CountEstimate::Finite(est) => assert!((est - n).abs() < 2.0, "{est}"),
            CountEstimate::Unbounded => panic!("not full"),
        }
        assert_eq!(estimated_count(16, 3, 16), CountEstimate::Unbounded);
        assert_eq!(estimated_count(16, 3, 0), CountEstimate::Finite(0.0));
    }

    #[test]
    fn bad_rates_and_counts_are_typed_errors() {
        assert_eq!(
            optimal_m(10.0, 0.0),
            Err(ParamError::RateOutOfRange { requested: 0.0 })
        );
        assert_eq!(
            optimal_m(10.0, 1.0),
            Err(ParamError::RateOutOfRange { requested: 1.0 })
        );
        assert_eq!(optimal_m(10.0, f64::NAN), Err(ParamError::NotFinite));
        assert_eq!(optimal_m(0.0, 0.1), Err(ParamError::ZeroItems));
        assert_eq!(max_items(0.0, 0.1), Err(ParamError::ZeroBits));
    }

    #[test]
    fn wilson_interval_contains_the_estimate() {
        let (lo, hi) = wilson_interval(50, 1000);
        assert!(lo < 0.05 && 0.05 < hi);
        // Worked by hand: 0.03813 .. 0.06531.
        assert!((lo - 0.03813).abs() < 1e-5 && (hi - 0.06531).abs() < 1e-5);
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
        assert_eq!(wilson_interval(0, 100).0, 0.0);
    }
}
