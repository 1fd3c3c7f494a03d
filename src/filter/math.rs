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
/// is close when m is large. Computed as `exp(`[`ln_fpr_approx`]`)`; 0 when that is below
/// the smallest double.
pub fn fpr_approx(m: f64, n: f64, k: f64) -> f64 {
    ln_fpr_approx(m, n, k).exp()
}

/// `ln (1 - e^{-kn/m})^k = k·ln(−expm1(−kn/m))`: `expm1` keeps the digits of a nearly
/// empty filter, where `1 − e^{−kn/m}` would cancel to a few digits or to 0.
pub fn ln_fpr_approx(m: f64, n: f64, k: f64) -> f64 {
    k * (-(-k * n / m).exp_m1()).ln()
}

/// The exact false-positive rate for independent uniform hashes,
/// `(1 - (1 - 1/m)^{kn})^k`, as `exp(`[`ln_fpr_exact`]`)`; 0 when that is below the
/// smallest double (about 4.9e-324), where the page prints the logarithm instead.
pub fn fpr_exact(m: f64, n: f64, k: f64) -> f64 {
    ln_fpr_exact(m, n, k).exp()
}

/// `ln (1 - (1 - 1/m)^{kn})^k = k·ln(−expm1(kn·ln1p(−1/m)))`. `ln1p` keeps `1/m` when m is
/// huge (`1 − 1/m` rounds to 1 from m = 2^53), and `expm1` keeps the digits of
/// `1 − (1 − 1/m)^{kn}` when it is tiny (m = 10^14, n = 7, k = 1: 7.000e-14, where
/// `1 − e^x` gives 7.006e-14). Negative infinity for n = 0; 0 (a rate of 1) for m = 1.
pub fn ln_fpr_exact(m: f64, n: f64, k: f64) -> f64 {
    if n <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if m <= 1.0 {
        return 0.0;
    }
    let ln_zero = k * n * (-1.0 / m).ln_1p();
    k * (-ln_zero.exp_m1()).ln()
}

/// The false-positive rate of a partitioned filter, k slices of s bits with one hash each:
/// `(1 - (1 - 1/s)^n)^k`, as `exp(`[`ln_fpr_partitioned`]`)`.
///
/// Each slice receives exactly one bit per item, so a given bit of slice i is still 0 with
/// probability `(1 − 1/s)^n`, independently of the other slices; a query is a false
/// positive when its bit in every slice is 1. Against the standard layout's
/// `(1 − (1 − 1/m)^{kn})^k` with m = k·s the difference is small and always makes the
/// partitioned filter slightly worse, since `(1 − 1/s)^n ≤ (1 − 1/(ks))^{kn}`.
pub fn fpr_partitioned(s: f64, n: f64, k: f64) -> f64 {
    ln_fpr_partitioned(s, n, k).exp()
}

/// `ln (1 - (1 - 1/s)^n)^k = k·ln(−expm1(n·ln1p(−1/s)))`; negative infinity for n = 0,
/// 0 (a rate of 1) for s = 1.
pub fn ln_fpr_partitioned(s: f64, n: f64, k: f64) -> f64 {
    if n <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s <= 1.0 {
        return 0.0;
    }
    k * (-(n * (-1.0 / s).ln_1p()).exp_m1()).ln()
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
    Undefined,
}

/// `n̂ = -(m/k)·ln(1 - X/m)`; [`CountEstimate::Undefined`] when X = m.
pub fn estimated_count(m: u64, k: u32, ones: u64) -> CountEstimate {
    if ones >= m {
        CountEstimate::Undefined
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
    score_interval(successes as f64 / trials as f64, trials as f64, Z_975)
}

/// An estimate of how much double hashing adds to the false-positive rate of independent
/// hashes: `Σ φ(d)/m · (f^d − f^k)` over the divisors d of m below k, with the expected fill
/// `f = 1 − (1 − 1/m)^{kn}`.
///
/// For φ(d) of the m values of `h2 mod m` the positions `h1 + i·h2` repeat with period d,
/// so an item has only d distinct bits and is a false positive with probability about
/// `f^d` instead of `f^k` (see [`super::hashing::repeating_steps`]); d = 1 is
/// `h2 mod m = 0`, all k positions on one bit. The estimate leaves out smaller effects
/// (such items also set fewer bits, and positions in arithmetic progression overlap more
/// often than independent ones), so it tells whether the difference matters, not its exact
/// size.
pub fn double_hashing_excess(m: u64, k: u32, n: f64) -> f64 {
    let fill = 1.0 - (k as f64 * n * (-1.0 / m as f64).ln_1p()).exp();
    (1..u64::from(k))
        .filter(|&d| d <= m && m.is_multiple_of(d))
        .map(|d| {
            let values = super::hashing::euler_phi(d) as f64;
            values / m as f64 * (fill.powi(d as i32) - fill.powi(k as i32))
        })
        .sum()
}

/// z = 1.959964, the 97.5th percentile of the standard normal distribution.
const Z_975: f64 = 1.959_963_984_540_054;

/// The 97.5th percentile of Student's t distribution with `df` degrees of freedom, the
/// factor of a two-sided 95 % interval from `df + 1` values: exact for 1 and 2 degrees
/// (`tan(0.475·π)` = 12.706 and `0.95·sqrt(2/(1 − 0.95²))` = 4.303), the tables' values for
/// 3 and 4, from 5 on the Cornish–Fisher expansion in `1/df` (Abramowitz & Stegun 26.7.5),
/// within 0.0004 of the tables; `df = 0` gives infinity.
pub fn t_975(df: u64) -> f64 {
    match df {
        0 => f64::INFINITY,
        1 => 12.706_204_736_174_7,
        2 => 4.302_652_729_749_464,
        3 => 3.182_446_305_284_263,
        4 => 2.776_445_105_197_799,
        _ => {
            let (z, v) = (Z_975, df as f64);
            let (z2, z3) = (z * z, z * z * z);
            let (z5, z7, z9) = (z3 * z2, z3 * z2 * z2, z3 * z3 * z3);
            z + (z3 + z) / (4.0 * v)
                + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
                + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * v * v * v)
                + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z)
                    / (92_160.0 * v * v * v * v)
        }
    }
}

/// The chance that Student's t with `df` degrees of freedom is at least `|t|` away from 0,
/// `P(|T| ≥ |t|) = 1 − A(t|ν)`, from the closed forms for whole ν (Abramowitz & Stegun
/// 26.7.3 and 26.7.4) with `θ = atan(|t|/√ν)`:
///
/// ```text
/// ν odd:  A = (2/π)·(θ + sin θ·(cos θ + (2/3)cos³θ + … + (2·4···(ν−3))/(1·3···(ν−2))·cos^{ν−2}θ))
/// ν even: A = sin θ·(1 + (1/2)cos²θ + … + (1·3···(ν−3))/(2·4···(ν−2))·cos^{ν−2}θ)
/// ```
///
/// `df = 0` gives 1 (nothing can be told from one value).
pub fn student_t_two_sided(t: f64, df: u64) -> f64 {
    if df == 0 || t.is_nan() {
        return 1.0;
    }
    let theta = (t.abs() / (df as f64).sqrt()).atan();
    let (sin, cos) = theta.sin_cos();
    let cos2 = cos * cos;
    let within = if !df.is_multiple_of(2) {
        let mut term = cos;
        let mut sum = if df > 1 { cos } else { 0.0 };
        for j in (3..df.saturating_sub(1)).step_by(2) {
            term *= cos2 * (j - 1) as f64 / j as f64;
            sum += term;
        }
        std::f64::consts::FRAC_2_PI * (theta + sin * sum)
    } else {
        let mut term = 1.0;
        let mut sum = 1.0;
        for j in (2..df.saturating_sub(1)).step_by(2) {
            term *= cos2 * (j - 1) as f64 / j as f64;
            sum += term;
        }
        sin * sum
    };
    (1.0 - within).clamp(0.0, 1.0)
}

/// A 95 % interval for the mean false-positive rate over T filters, from each filter's
/// count `fp_t` of false positives among `probes` (P) probes.
///
/// The mean is `p̂ = Σ fp_t / (T·P)`. Its variance has two parts: the chance in the probes
/// (binomial, `p̂(1 − p̂)/(T·P)`) and how much one filter's rate differs from the next. The
/// spread of the T rates `r_t = fp_t/P` measures both: `s² = Σ (r_t − p̂)² / (T − 1)`, so
/// `Var(p̂) ≈ s²/T`. The interval is Wilson's score interval
/// `(p̂ + t²/2N ± t·sqrt(p̂(1 − p̂)/N + t²/4N²)) / (1 + t²/N)` with the effective number of
/// probes `N = T·P / max(1, (s²/T) / (p̂(1 − p̂)/(T·P)))` and t = [`t_975`]`(T − 1)`: wider
/// than the pooled binomial interval whenever filters vary more than probes do, never
/// narrower, and never a single value (with no false positives at all it is
/// `[0, t²/(T·P + t²)]`). With one filter it is the Wilson interval of its probes.
pub fn mean_rate_interval(false_positives: &[u64], probes: u64) -> (f64, f64) {
    let filters = false_positives.len() as u64;
    let total = filters * probes;
    if filters < 2 || probes == 0 {
        let successes = false_positives.iter().sum();
        return wilson_interval(successes, total);
    }
    let (t, total_f) = (filters as f64, total as f64);
    let mean = false_positives.iter().sum::<u64>() as f64 / total_f;
    let spread: f64 = false_positives
        .iter()
        .map(|&fp| (fp as f64 / probes as f64 - mean).powi(2))
        .sum::<f64>()
        / (t - 1.0);
    let binomial = mean * (1.0 - mean) / total_f;
    let design_effect = if binomial > 0.0 {
        (spread / t / binomial).max(1.0)
    } else {
        1.0
    };
    score_interval(mean, total_f / design_effect, t_975(filters - 1))
}

/// Wilson's score interval for a rate `p` measured on `trials` (not necessarily whole) with
/// the factor `z`; exactly 0 and 1 at the ends.
fn score_interval(p: f64, trials: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let denom = 1.0 + z2 / trials;
    let centre = p + z2 / (2.0 * trials);
    let half = z * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt();
    let low = if p <= 0.0 {
        0.0
    } else {
        ((centre - half) / denom).max(0.0)
    };
    let high = if p >= 1.0 {
        1.0
    } else {
        ((centre + half) / denom).min(1.0)
    };
    (low, high)
}

/// The smallest c for which `P(X ≥ c) ≤ alpha` when X is binomial with `trials` and
/// `p`: a count at or above it is unlikely by chance alone.
pub fn binomial_upper_critical(trials: u64, p: f64, alpha: f64) -> u64 {
    // P(X = j) term by term: (trials choose j) p^j (1-p)^(trials-j).
    let mut term = (1.0 - p).powf(trials as f64);
    let mut below = 0.0; // P(X < c)
    for c in 0..=trials {
        if 1.0 - below <= alpha {
            return c;
        }
        below += term;
        term *= (trials - c) as f64 / (c + 1) as f64 * p / (1.0 - p);
    }
    trials + 1
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

    #[test]
    fn student_t_tails_match_the_tables() {
        // Two-sided 5 % points of t (tables), and 1 % points for 10 and 30 degrees.
        for df in 1..=300 {
            let p = student_t_two_sided(t_975(df), df);
            assert!((p - 0.05).abs() < 2e-4, "df {df}: {p}");
        }
        assert!((student_t_two_sided(3.169_273, 10) - 0.01).abs() < 1e-6);
        assert!((student_t_two_sided(-2.749_996, 30) - 0.01).abs() < 1e-6);
        // Large ν tends to the normal: P(|Z| ≥ 3) = 0.0026998.
        assert!((student_t_two_sided(3.0, 100_000) - 0.002_699_8).abs() < 2e-6);
        assert_eq!(student_t_two_sided(0.0, 7), 1.0);
        assert_eq!(student_t_two_sided(5.0, 0), 1.0);
        assert_eq!(student_t_two_sided(f64::INFINITY, 9), 0.0);
    }

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
    fn the_exact_rate_keeps_its_digits_for_nearly_empty_huge_filters() {
        // Python decimal, 60 digits: m = 10^14, n = 7, k = 1: 6.99999999999979e-14.
        let rate = fpr_exact(1e14, 7.0, 1.0);
        assert!(
            (rate / 6.999_999_999_999_79e-14 - 1.0).abs() < 1e-14,
            "{rate:e}"
        );
        // m = 2^63, n = 1, k = 1: 1/2^63 = 1.0842021724855044e-19 (less 1/2^127).
        let rate = fpr_exact(9_223_372_036_854_775_808.0, 1.0, 1.0);
        assert!(
            (rate / 1.084_202_172_485_504_4e-19 - 1.0).abs() < 1e-14,
            "{rate:e}"
        );
        // Far below the smallest normal double the logarithm keeps every digit: m = 2^25,
        // n = 1, k = 55: 6.36333318983302e-319, ln = −732.674092338582150 (Python decimal).
        let ln = ln_fpr_exact(33_554_432.0, 1.0, 55.0);
        assert!((ln + 732.674_092_338_582_2).abs() < 1e-10, "{ln}");
        assert!(!fpr_exact(33_554_432.0, 1.0, 55.0).is_nan());
        assert_eq!(ln_fpr_exact(1000.0, 0.0, 4.0), f64::NEG_INFINITY);
        assert_eq!(fpr_exact(1000.0, 0.0, 4.0), 0.0);
        assert_eq!(fpr_exact(1.0, 5.0, 3.0), 1.0);
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
            CountEstimate::Undefined => panic!("not full"),
        }
        assert_eq!(estimated_count(16, 3, 16), CountEstimate::Undefined);
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
    fn t_quantiles_match_the_tables() {
        // Student's t, 97.5th percentile, from the standard tables.
        for (df, table) in [
            (1, 12.706),
            (2, 4.303),
            (3, 3.182),
            (4, 2.776),
            (5, 2.571),
            (6, 2.447),
            (9, 2.262),
            (19, 2.093),
            (29, 2.045),
            (49, 2.010),
            (99, 1.984),
            (999, 1.962),
        ] {
            assert!((t_975(df) - table).abs() < 1e-3, "df {df}: {}", t_975(df));
        }
        assert_eq!(t_975(0), f64::INFINITY);
    }

    #[test]
    fn the_mean_rate_interval_widens_with_the_filters_spread_and_never_collapses() {
        // Filters that agree exactly: the spread is below the binomial, the interval is the
        // pooled Wilson interval with t(9) instead of z.
        let same = [50u64; 10];
        let (low, high) = mean_rate_interval(&same, 1000);
        assert!(low < 0.05 && high > 0.05);
        let pooled = wilson_interval(500, 10_000);
        assert!(low < pooled.0 && high > pooled.1);
        assert!(high - low < 1.2 * (pooled.1 - pooled.0));
        // Filters that differ much more than their probes can: far wider.
        let varied = [10u64, 90, 20, 80, 30, 70, 40, 60, 5, 95];
        let (vlow, vhigh) = mean_rate_interval(&varied, 1000);
        assert!(vlow < 0.05 && vhigh > 0.05);
        assert!(vhigh - vlow > 3.0 * (high - low), "{vlow} {vhigh}");
        // By hand: r = fp/1000, mean 0.05, s² = Σ(r − 0.05)²/9 = 0.01005/9, so Var = s²/10
        // = 1.1167e-4 against the binomial 0.05·0.95/10^4 = 4.75e-6: N = 10^4/23.51 = 425.4.
        let expected = score_interval(0.05, 10_000.0 / (1.1167e-4 / 4.75e-6), t_975(9));
        assert!((vlow - expected.0).abs() < 1e-4 && (vhigh - expected.1).abs() < 1e-4);
        // No false positive in 100 filters of 1000 probes: [0, t²/(10^5 + t²)].
        let (zlow, zhigh) = mean_rate_interval(&[0; 100], 1000);
        let t = t_975(99);
        assert_eq!(zlow, 0.0);
        assert!((zhigh - t * t / (1e5 + t * t)).abs() < 1e-12 && zhigh > 0.0);
        // One false positive in all: the interval still has width on both sides.
        let mut one = [0u64; 100];
        one[7] = 1;
        let (olow, ohigh) = mean_rate_interval(&one, 1000);
        assert!(
            olow < 1e-5 && ohigh > 1e-5 && ohigh < 1e-4,
            "{olow} {ohigh}"
        );
        // One filter: its Wilson interval.
        assert_eq!(mean_rate_interval(&[50], 1000), wilson_interval(50, 1000));
    }

    #[test]
    fn the_binomial_critical_count_leaves_at_most_alpha_above_it() {
        // 20 points each outside with probability 0.025: P(X ≥ 3) = 0.0130, P(X ≥ 4) =
        // 0.00137, so 4 is the first count with at most 1 % above it.
        assert_eq!(binomial_upper_critical(20, 0.025, 0.01), 4);
        assert_eq!(binomial_upper_critical(20, 0.025, 0.02), 3);
        assert_eq!(binomial_upper_critical(1, 0.5, 0.01), 2);
        assert_eq!(binomial_upper_critical(100, 0.0, 0.01), 1);
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

    #[test]
    fn partitioned_rate_is_the_product_of_the_slices_and_a_little_above_standard() {
        // k = 3 slices of s = 10 bits, n = 4: each slice's bit is 1 with 1 − 0.9^4 = 0.3439.
        let rate = fpr_partitioned(10.0, 4.0, 3.0);
        assert!((rate - 0.3439f64.powi(3)).abs() < 1e-15, "{rate}");
        assert_eq!(fpr_partitioned(1.0, 1.0, 4.0), 1.0);
        assert_eq!(fpr_partitioned(64.0, 0.0, 4.0), 0.0);
        // Standard, m = 30: (1 − (29/30)^12)^3 = 0.037338…, below the partitioned 0.040672….
        assert!((fpr_exact(30.0, 4.0, 3.0) - 0.037_338_427_870_23).abs() < 1e-12);
        for (s, n, k) in [(10.0, 4.0, 3.0), (1000.0, 300.0, 7.0), (333.0, 100.0, 3.0)] {
            assert!(fpr_partitioned(s, n, k) >= fpr_exact(s * k, n, k));
        }
        // With a thousand bits per slice the two differ by 0.26 %.
        assert!(fpr_partitioned(1000.0, 300.0, 7.0) < 1.003 * fpr_exact(7000.0, 300.0, 7.0));
    }
}
