//! Numbers as the page prints them: whole numbers grouped by three, and rates as decimals or
//! percentages written for people (no exponent; below 0.001 % they say so), or with every
//! digit for the calculator and the `data-` attributes (scientific notation, from their
//! logarithm when they are below the smallest double). None of them ever prints "inf" or
//! "NaN".

/// A whole number with its digits grouped by three, `18,314`: the grouping of all three
/// of the page's languages (English, Chinese and Japanese all write `1,000,000`).
pub fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

use crate::decimal::{fixed, shortest};

/// `value` to `decimals` places with the digits before the point grouped by three, as
/// [`grouped`] writes whole numbers: `4,931.2`.
pub fn grouped_fixed(value: f64, decimals: usize) -> String {
    let text = fixed(value, decimals);
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    let (whole, rest) = digits.split_at(digits.find('.').unwrap_or(digits.len()));
    match whole.parse::<u64>() {
        Ok(whole) => format!("{sign}{}{rest}", grouped(whole)),
        // "inf" and "NaN" have no digits to group.
        Err(_) => text,
    }
}

/// `ln 10`.
const LN10: f64 = std::f64::consts::LN_10;

/// Below this a rate is printed from its logarithm (a double keeps about 15 digits down to
/// 2.2e-308, fewer below, none under 4.9e-324).
const SMALLEST_PRINTED: f64 = 1e-300;

/// A decimal exponent and a mantissa in [1, 10) for `10^log10`, the mantissa rounded to
/// `decimals` places (9.9996 becomes 1.000 of the next power).
fn mantissa_exponent(log10: f64, decimals: usize) -> (String, i64) {
    let mut exponent = log10.floor() as i64;
    let mut mantissa = 10f64.powf(log10 - exponent as f64);
    let scale = 10f64.powi(decimals as i32);
    if (mantissa * scale).round() >= 10.0 * scale {
        mantissa /= 10.0;
        exponent += 1;
    }
    (fixed(mantissa, decimals), exponent)
}

/// `value` in scientific notation with three decimals, `1.234e-5`. The mantissa comes
/// from the logarithm, so subnormal values print as well as normal ones (the last digit
/// can differ from `{:.3e}` on a rounding boundary).
pub fn scientific(value: f64) -> String {
    if value == 0.0 || !value.is_finite() {
        return "0.000".into();
    }
    let sign = if value < 0.0 { "-" } else { "" };
    let (mantissa, exponent) = mantissa_exponent(value.abs().log10(), 3);
    format!("{sign}{mantissa}e{exponent}")
}

/// A positive number given by its natural logarithm, in scientific notation: `3.940e-461`
/// for `ln = −1060.6…`, however far below the smallest double.
pub fn scientific_from_ln(ln: f64) -> String {
    if !ln.is_finite() {
        return "0.000".into();
    }
    let (mantissa, exponent) = mantissa_exponent(ln / LN10, 3);
    format!("{mantissa}e{exponent}")
}

/// Digits after the point that show `value` (in [0, 1]) without rounding it to `whole`:
/// from `decimals`, more while the printed value reads as exactly `whole` though it is not;
/// `None` past fifteen.
fn decimals_short_of(value: f64, whole: f64, decimals: usize) -> Option<usize> {
    (decimals..=15).find(|&d| value == whole || fixed(value, d) != fixed(whole, d))
}

/// Below this a probability is written "below 0.001 %" (`< 0.00001`, `< 0.001 %`): the page
/// writes no exponent for people.
pub const SMALLEST_FOR_PEOPLE: f64 = 1e-5;

/// A rate below [`SMALLEST_FOR_PEOPLE`] as a percentage.
const BELOW_SMALLEST_PERCENT: &str = "<\u{a0}0.001\u{a0}%";

/// A probability for people, never with an exponent: six decimals (`0.008552`), four
/// significant digits below 0.001 (`0.0001234`), `< 0.00001` below 0.001 %, and `> 0.99999`
/// where six decimals would read 1.000000 though it is below 1.
pub fn probability(p: f64) -> String {
    if p <= 0.0 || !p.is_finite() {
        "0.000000".into()
    } else if p < SMALLEST_FOR_PEOPLE {
        "< 0.00001".into()
    } else if p < 0.001 {
        fixed(p, (3 - p.log10().floor() as i32) as usize)
    } else if decimals_short_of(p, 1.0, 6) == Some(6) {
        fixed(p, 6)
    } else {
        "> 0.99999".into()
    }
}

/// A probability given by its natural logarithm, for people: [`probability`], judged on the
/// logarithm where the value itself would round to 0 or to 1 (a p-value of `e^−2000`, or
/// one a hair below 1).
pub fn probability_from_ln(ln: f64) -> String {
    if ln.is_finite() && ln < SMALLEST_FOR_PEOPLE.ln() {
        "< 0.00001".into()
    } else if ln < 0.0 && ln.exp() == 1.0 {
        "> 0.99999".into()
    } else {
        probability(ln.exp())
    }
}

/// A probability with every digit a double keeps, for the calculator (which writes it back
/// into its field): six decimals, or scientific notation below 0.001 (`6.461e-9`), and just
/// below 1 never 1.000000 (`0.9999999`; `1 − 1.110e-16` past fifteen decimals).
pub fn precise_probability(p: f64) -> String {
    if p == 0.0 || !p.is_finite() {
        return "0.000000".into();
    }
    if p < 0.001 {
        return scientific(p);
    }
    match decimals_short_of(p, 1.0, 6) {
        Some(d) => fixed(p, d),
        None => format!("1 − {}", scientific(1.0 - p)),
    }
}

/// [`precise_probability`] of a probability given by its natural logarithm, from the
/// logarithm below 1e-300 (`3.940e-461`).
pub fn precise_probability_from_ln(ln: f64) -> String {
    if ln < SMALLEST_PRINTED.ln() && ln.is_finite() {
        scientific_from_ln(ln)
    } else {
        precise_probability(ln.exp())
    }
}

/// A rate for a `data-` attribute, readable by JavaScript's `Number`: the shortest f64
/// that reads back the same (`0.0855187…`), or from its logarithm below 1e-300
/// (`3.940e-461`).
pub fn machine_rate(ln: f64) -> String {
    if ln > -690.0 {
        shortest(ln.exp())
    } else {
        scientific_from_ln(ln)
    }
}

/// A rate as a percentage with enough digits to be read and never an exponent: `12.34 %`,
/// `0.723 %`, four significant digits down to 0.001 % (`0.009827 %`), `< 0.001 %` below
/// it, and `> 99.999 %` where three decimals would read 100.000 % (a rate just below 1 is
/// never 100.00 %: `99.999 %`). The space before `%` does not break.
pub fn percent(rate: f64) -> String {
    let pct = rate * 100.0;
    if pct == 0.0 || !pct.is_finite() {
        "0\u{a0}%".to_owned()
    } else if rate < SMALLEST_FOR_PEOPLE {
        BELOW_SMALLEST_PERCENT.to_owned()
    } else if pct >= 1.0 {
        // Three decimals at most: a rate they would show as 100.000 % is above 99.999 %.
        match decimals_short_of(rate, 1.0, 4) {
            Some(d) if d <= 5 => format!("{}\u{a0}%", fixed(pct, d - 2)),
            _ => ">\u{a0}99.999\u{a0}%".to_owned(),
        }
    } else if pct >= 0.01 {
        format!("{}\u{a0}%", fixed(pct, 3))
    } else {
        // 0.00ddd… : four significant digits after the leading zeros.
        let decimals = 3 - pct.log10().floor() as i32;
        format!("{}\u{a0}%", fixed(pct, decimals.clamp(4, 6) as usize))
    }
}

/// A rate given by its natural logarithm as a percentage: [`percent`], judged on the
/// logarithm where the rate itself would underflow (`< 0.001 %` for `e^−1060`).
pub fn percent_from_ln(ln: f64) -> String {
    if ln < SMALLEST_FOR_PEOPLE.ln() && ln.is_finite() {
        BELOW_SMALLEST_PERCENT.to_owned()
    } else {
        percent(ln.exp())
    }
}

/// A rate as a percentage with four significant digits however small, never with an
/// exponent (`0.0002560 %`), for a sentence that compares two rates below 0.001 %.
pub fn percent_significant(rate: f64) -> String {
    let pct = rate * 100.0;
    if pct <= 0.0 || !pct.is_finite() {
        return percent(rate);
    }
    let decimals = (3 - pct.log10().floor() as i32).clamp(0, 40) as usize;
    format!("{}\u{a0}%", fixed(pct, decimals))
}

/// `rate` as a percentage beside a target `p`: [`percent`], with more significant digits
/// while the two would print alike though they differ, so that 1.0039 % never reads as the
/// 1 % it misses.
pub fn percent_beside(rate: f64, p: f64) -> String {
    let plain = percent(rate);
    if rate == p || plain != percent(p) {
        return plain;
    }
    let (pct, target) = (rate * 100.0, p * 100.0);
    let whole_digits = (pct.abs().log10().floor() as i32 + 1).max(1);
    (3..=17)
        .map(|significant| (significant - whole_digits).max(0) as usize)
        .find(|&d| fixed(pct, d) != fixed(target, d))
        .map(|d| format!("{}\u{a0}%", fixed(pct, d)))
        .unwrap_or(plain)
}

/// A fraction in [0, 1] (a fill X/m) to `decimals` places, with more while it would read
/// as 1 though below it, and in scientific notation when it would read as 0 though above
/// it: 33,554,431/33,554,432 is 0.99999997, never 1.0000.
pub fn fraction(value: f64, decimals: usize) -> String {
    if value > 0.0 && value < 0.5 * 10f64.powi(-(decimals as i32)) {
        return scientific(value);
    }
    match decimals_short_of(value, 1.0, decimals) {
        Some(d) => fixed(value, d),
        None => format!("1 − {}", scientific(1.0 - value)),
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn tiny_rates_compared_keep_four_significant_digits_without_an_exponent() {
        assert_eq!(percent_significant(2.56e-6), "0.0002560\u{a0}%");
        assert_eq!(percent_significant(0.0123), "1.230\u{a0}%");
        assert_ne!(percent_significant(2.56e-6), percent_significant(1.6e-9));
        assert!(!percent_significant(1e-20).contains('e'));
    }

    #[test]
    fn decimals_group_the_digits_before_the_point() {
        assert_eq!(grouped_fixed(4931.24, 1), "4,931.2");
        assert_eq!(grouped_fixed(108.8, 1), "108.8");
        assert_eq!(grouped_fixed(1234567.0, 0), "1,234,567");
        assert_eq!(grouped_fixed(-12345.678, 2), "-12,345.68");
        assert_eq!(grouped_fixed(f64::INFINITY, 1), fixed(f64::INFINITY, 1));
    }
    use super::*;

    #[test]
    fn digits_are_grouped_by_three_from_the_right() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(18_314), "18,314");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn scientific_matches_the_standard_formatter() {
        for v in [
            1.0, 0.0123456, 1.0546e-25, 9.99961e-3, 123456.0, 2.5e-300, -0.00042, 7.0,
        ] {
            assert_eq!(scientific(v), format!("{v:.3e}"), "{v}");
        }
        // On a rounding boundary only the last digit may differ.
        let (ours, std) = (scientific(0.012345), format!("{:.3e}", 0.012345));
        assert_eq!(ours[..4], std[..4]);
        assert_eq!(scientific(0.0), "0.000");
        // Subnormal doubles print like the rest (10^-314 underflows: no "infe-314").
        assert_eq!(scientific(6.363_333_189_833e-319), "6.363e-319");
        assert_eq!(scientific(5e-324), "4.941e-324");
        assert_eq!(scientific(f64::NAN), "0.000");
    }

    #[test]
    fn values_below_the_smallest_double_print_from_their_logarithm() {
        // 3.94e-461 = e^(ln 3.94 − 461·ln 10).
        let ln = 3.94f64.ln() - 461.0 * LN10;
        assert_eq!(scientific_from_ln(ln), "3.940e-461");
        assert_eq!(precise_probability_from_ln(ln), "3.940e-461");
        assert_eq!(precise_probability_from_ln(0.5f64.ln()), "0.500000");
        // For people: below 0.001 %, said in words.
        assert_eq!(probability_from_ln(ln), "< 0.00001");
        assert_eq!(percent_from_ln(ln), "<\u{a0}0.001\u{a0}%");
        assert_eq!(percent_from_ln(f64::NEG_INFINITY), "0\u{a0}%");
        assert_eq!(percent_from_ln(0.01f64.ln()), "1.00\u{a0}%");
        assert_eq!(probability_from_ln(0.5f64.ln()), "0.500000");
    }

    #[test]
    fn a_probability_for_people_has_no_exponent_and_says_below_0_001_percent() {
        assert_eq!(probability(0.0085518), "0.008552");
        assert_eq!(probability(0.001), "0.001000");
        assert_eq!(probability(1.234e-4), "0.0001234");
        assert_eq!(probability(1e-5), "0.00001000");
        assert_eq!(probability(9.99e-6), "< 0.00001");
        assert_eq!(probability(6.4614e-9), "< 0.00001");
        assert_eq!(probability(0.0), "0.000000");
        // The hash-quality view's p-value of e^−2056.6 (1.253e-893).
        assert_eq!(probability_from_ln(-2056.6), "< 0.00001");
        // Just below 1: never 1.000000, even where e^ln rounds to 1.
        assert_eq!(probability(0.99999), "0.999990");
        assert_eq!(probability(0.9999999), "> 0.99999");
        assert_eq!(probability(1.0 - 2f64.powi(-53)), "> 0.99999");
        assert_eq!(probability_from_ln(-1e-18), "> 0.99999");
        assert_eq!(probability(1.0), "1.000000");
        assert_eq!(probability_from_ln(0.0), "1.000000");
        for p in [1e-300, 3e-7, 4.5e-4, 0.02, 0.5, 0.999, 1.0 - 1e-9] {
            assert!(!probability(p).contains('e'), "{p}: {}", probability(p));
        }
    }

    #[test]
    fn a_percentage_has_no_exponent_beside_its_sign() {
        assert_eq!(percent(9.827e-5), "0.009827\u{a0}%");
        assert_eq!(percent(1e-5), "0.001000\u{a0}%");
        assert_eq!(percent(0.0123), "1.23\u{a0}%");
        // The Parquet view's 3.979e-11 % and the calculator's 7.289e-11 %.
        assert_eq!(percent(3.979e-13), "<\u{a0}0.001\u{a0}%");
        assert_eq!(percent(7.289e-13), "<\u{a0}0.001\u{a0}%");
        assert_eq!(percent(2.5e-6), "<\u{a0}0.001\u{a0}%");
        // Just below 1: never 100.00 %.
        assert_eq!(percent(0.99999), "99.999\u{a0}%");
        assert_eq!(percent(0.9999999), ">\u{a0}99.999\u{a0}%");
        assert_eq!(percent(1.0), "100.00\u{a0}%");
        for rate in [1e-300, 3e-7, 4.5e-4, 0.02, 0.5, 0.99999, 1.0 - 1e-12] {
            for shown in [percent(rate), percent_from_ln(rate.ln())] {
                assert!(!shown.contains('e'), "{rate}: {shown}");
            }
        }
    }

    #[test]
    fn the_calculator_keeps_every_digit() {
        assert_eq!(precise_probability(0.0085518), "0.008552");
        assert_eq!(precise_probability(6.4614e-9), "6.461e-9");
        assert_eq!(precise_probability(0.0), "0.000000");
        assert_eq!(precise_probability(0.9999999), "0.9999999");
        assert_eq!(precise_probability(1.0), "1.000000");
        assert_eq!(precise_probability(1.0 - 2f64.powi(-53)), "1 − 1.110e-16");
    }

    #[test]
    fn a_rate_beside_its_target_shows_the_digits_that_differ() {
        assert_eq!(percent_beside(0.010039, 0.01), "1.004\u{a0}%");
        assert_eq!(percent_beside(0.0100001, 0.01), "1.00001\u{a0}%");
        assert_eq!(percent_beside(0.009, 0.01), "0.900\u{a0}%");
        assert_eq!(percent_beside(0.01, 0.01), "1.00\u{a0}%");
        assert_eq!(percent_beside(0.00100041, 0.001), "0.10004\u{a0}%");
    }

    #[test]
    fn a_fill_reads_neither_as_full_nor_as_empty_when_it_is_neither() {
        assert_eq!(fraction(0.1875, 4), "0.1875");
        assert_eq!(fraction(33_554_431.0 / 33_554_432.0, 4), "0.99999997");
        assert_eq!(fraction(1.0, 4), "1.0000");
        assert_eq!(fraction(0.0, 4), "0.0000");
        assert_eq!(fraction(1.0 / 33_554_432.0, 4), "2.980e-8");
    }
}
