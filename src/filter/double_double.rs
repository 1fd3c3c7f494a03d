//! Double-double arithmetic for the calculator's whole numbers above 2^53.
//!
//! A value is the unevaluated sum `hi + lo` of two f64 with `|lo| ≤ ulp(hi)/2`: about 106
//! bits, 32 decimal digits. That is enough to round `m = ⌈−n·ln p / (ln 2)²⌉` and
//! `n = ⌊−m·(ln 2)² / ln p⌋` to the right whole number for every n and m below 2^64 (20
//! digits), unless the real value lies within about 10^-12 of a whole number.
//!
//! The error-free sums and products are Knuth's two-sum and Dekker's two-product (splitting
//! at 2^27 + 1), so the results are the same on every IEEE 754 platform, wasm32 included.

use std::ops::{Add, Div, Mul, Neg, Sub};

/// `hi + lo`, the two parts of a double-double number.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DoubleDouble {
    /// The f64 nearest to the value.
    pub hi: f64,
    /// What `hi` leaves out.
    pub lo: f64,
}

/// ln 2 to 106 bits.
pub const LN_2: DoubleDouble = DoubleDouble {
    hi: std::f64::consts::LN_2,
    lo: 2.319_046_813_846_299_6e-17,
};

/// ln 10 to 106 bits.
pub const LN_10: DoubleDouble = DoubleDouble {
    hi: std::f64::consts::LN_10,
    lo: -2.170_756_223_382_249_4e-16,
};

/// `a + b` as a sum and its rounding error, exactly (Knuth).
fn two_sum(a: f64, b: f64) -> DoubleDouble {
    let hi = a + b;
    let b_part = hi - a;
    DoubleDouble {
        hi,
        lo: (a - (hi - b_part)) + (b - b_part),
    }
}

/// `a + b` when `|a| ≥ |b|`, as a sum and its rounding error.
fn quick_two_sum(a: f64, b: f64) -> DoubleDouble {
    let hi = a + b;
    DoubleDouble {
        hi,
        lo: b - (hi - a),
    }
}

/// `a` as two halves of 26 bits each, whose products are exact.
fn split(a: f64) -> (f64, f64) {
    let t = 134_217_729.0 * a;
    let high = t - (t - a);
    (high, a - high)
}

/// `a·b` as a product and its rounding error, exactly (Dekker).
fn two_product(a: f64, b: f64) -> DoubleDouble {
    let hi = a * b;
    let ((a1, a2), (b1, b2)) = (split(a), split(b));
    DoubleDouble {
        hi,
        lo: ((a1 * b1 - hi) + a1 * b2 + a2 * b1) + a2 * b2,
    }
}

impl DoubleDouble {
    /// The value 1.
    pub const ONE: DoubleDouble = DoubleDouble { hi: 1.0, lo: 0.0 };

    /// An f64, exactly.
    pub fn from_f64(value: f64) -> Self {
        DoubleDouble { hi: value, lo: 0.0 }
    }

    /// A whole number below 2^106, exactly.
    pub fn from_u128(value: u128) -> Self {
        let hi = value as f64;
        let rest = value as i128 - hi as i128;
        quick_two_sum(hi, rest as f64)
    }

    /// The value times 2^exponent, exactly (for results in the normal range).
    fn scaled(self, exponent: i32) -> Self {
        let power = f64::from_bits(((1023 + exponent) as u64) << 52);
        DoubleDouble {
            hi: self.hi * power,
            lo: self.lo * power,
        }
    }

    /// The natural logarithm of a positive value, `e·ln 2 + 2·atanh(s)` with the value
    /// `= 2^e·f`, `f` in [√½, √2] and `s = (f − 1)/(f + 1)`, `|s| ≤ 0.172`; the series
    /// `atanh s = s + s³/3 + s⁵/5 + …` is summed until its terms fall below 10^-34 of it.
    pub fn ln(self) -> Self {
        let mut exponent = ((self.hi.to_bits() >> 52) & 0x7ff) as i32 - 1023;
        let mut fraction = self.scaled(-exponent);
        if fraction.hi > std::f64::consts::SQRT_2 {
            fraction = fraction.scaled(-1);
            exponent += 1;
        }
        let s = (fraction - Self::ONE) / (fraction + Self::ONE);
        let (square, mut power, mut sum) = (s * s, s, s);
        for odd in (3..).step_by(2) {
            power = power * square;
            let term = power / Self::from_f64(odd as f64);
            sum = sum + term;
            if term.hi.abs() <= sum.hi.abs() * 1e-34 {
                break;
            }
        }
        LN_2 * Self::from_f64(exponent as f64) + sum.scaled(1)
    }

    /// The largest whole number at or below the value (for |value| below 2^100).
    fn floor_i128(self) -> i128 {
        let whole = self.hi.floor();
        let rest = two_sum(self.hi - whole, self.lo);
        let mut below = rest.hi.floor();
        if below == rest.hi && rest.lo < 0.0 {
            below -= 1.0;
        }
        whole as i128 + below as i128
    }

    /// The largest whole number at or below the value, when it is in `0..2^64`.
    pub fn floor_u64(self) -> Option<u64> {
        u64::try_from(self.floor_i128()).ok()
    }

    /// The smallest whole number at or above the value, when it is in `0..2^64`.
    pub fn ceil_u64(self) -> Option<u64> {
        u64::try_from(-(-self).floor_i128()).ok()
    }
}

impl Neg for DoubleDouble {
    type Output = Self;
    fn neg(self) -> Self {
        DoubleDouble {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl Add for DoubleDouble {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        let high = two_sum(self.hi, other.hi);
        let low = two_sum(self.lo, other.lo);
        let sum = quick_two_sum(high.hi, high.lo + low.hi);
        quick_two_sum(sum.hi, sum.lo + low.lo)
    }
}

impl Sub for DoubleDouble {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        self + -other
    }
}

impl Mul for DoubleDouble {
    type Output = Self;
    fn mul(self, other: Self) -> Self {
        let product = two_product(self.hi, other.hi);
        quick_two_sum(
            product.hi,
            product.lo + (self.hi * other.lo + self.lo * other.hi),
        )
    }
}

impl Div for DoubleDouble {
    type Output = Self;
    /// Long division: three quotient digits of 53 bits, each from the remainder.
    fn div(self, other: Self) -> Self {
        let first = self.hi / other.hi;
        let rest = self - other * Self::from_f64(first);
        let second = rest.hi / other.hi;
        let rest = rest - other * Self::from_f64(second);
        let third = rest.hi / other.hi;
        quick_two_sum(first, second) + Self::from_f64(third)
    }
}

/// The natural logarithm of a positive decimal number written as digits with at most one
/// `.` and an optional `e`/`E` exponent, read exactly (up to 36 significant digits):
/// `ln(digits) + exponent·ln 10`. `scale10` is added to the exponent (−2 for a percentage).
/// `None` for anything else, or for zero.
pub fn ln_decimal(text: &str, scale10: i32) -> Option<DoubleDouble> {
    let (number, exponent) = match text.find(['e', 'E']) {
        Some(at) => (&text[..at], text[at + 1..].parse::<i32>().ok()?),
        None => (text, 0),
    };
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let mut digits: u128 = 0;
    let mut exponent = i64::from(exponent) + i64::from(scale10);
    let mut significant = 0;
    for (index, c) in whole.chars().chain(fraction.chars()).enumerate() {
        let digit = c.to_digit(10)?;
        if index >= whole.len() {
            exponent -= 1;
        }
        if significant < 36 {
            digits = digits * 10 + u128::from(digit);
            significant += usize::from(digits > 0);
        } else {
            exponent += 1;
        }
    }
    if digits == 0 || whole.len() + fraction.len() == 0 {
        return None;
    }
    let exponent = i32::try_from(exponent).ok()?;
    Some(DoubleDouble::from_u128(digits).ln() + LN_10 * DoubleDouble::from_f64(exponent as f64))
}

/// `(ln 2)²`.
fn ln_2_squared() -> DoubleDouble {
    LN_2 * LN_2
}

/// The optimal number of bits for n items at the rate whose natural log is `ln_p` (below
/// 0): `m = ⌈−n·ln p / (ln 2)²⌉`; `None` when m would be 2^64 or more.
pub fn optimal_bits(items: u64, ln_p: DoubleDouble) -> Option<u64> {
    (DoubleDouble::from_u128(u128::from(items)) * -ln_p / ln_2_squared()).ceil_u64()
}

/// The most items m bits hold at the rate whose natural log is `ln_p` (below 0), with the
/// optimal real k: `n = ⌊−m·(ln 2)² / ln p⌋`.
pub fn max_items(bits: u64, ln_p: DoubleDouble) -> u64 {
    (DoubleDouble::from_u128(u128::from(bits)) * ln_2_squared() / -ln_p)
        .floor_u64()
        .unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logarithms_carry_thirty_digits() {
        // ln 10 from its digits: the constant itself, to the last bit of lo.
        let ten = DoubleDouble::from_f64(10.0).ln();
        assert!((ten - LN_10).hi.abs() < 1e-31, "{ten:?}");
        // ln 0.01 = −2·ln 10 whichever way it is written.
        let expected = -(LN_10 + LN_10);
        for text in ["0.01", "1e-2", "1.0e-2", "0.010"] {
            let ln = ln_decimal(text, 0).unwrap();
            assert!((ln - expected).hi.abs() < 1e-30, "{text}: {ln:?}");
        }
        assert_eq!(ln_decimal("1", -2), ln_decimal("0.01", 0));
        for bad in ["", ".", "abc", "1e", "0", "0.000", "-1", "1,5"] {
            assert_eq!(ln_decimal(bad, 0), None, "{bad}");
        }
    }

    #[test]
    fn whole_parts_are_exact_near_and_above_two_to_the_53() {
        let value = |hi: f64, lo: f64| DoubleDouble { hi, lo };
        let big = 9_007_199_254_740_993_u128; // 2^53 + 1, not an f64
        let dd = DoubleDouble::from_u128(big);
        assert_eq!(dd.floor_u64(), Some(big as u64));
        assert_eq!(dd.ceil_u64(), Some(big as u64));
        assert_eq!(value(4.0, -1e-20).floor_u64(), Some(3));
        assert_eq!(value(4.0, -1e-20).ceil_u64(), Some(4));
        assert_eq!(value(4.0, 1e-20).ceil_u64(), Some(5));
        assert_eq!(value(2.5, 0.0).floor_u64(), Some(2));
        assert_eq!(value(2.5, 0.0).ceil_u64(), Some(3));
        assert_eq!(
            value(18_446_744_073_709_551_616.0, -1.0).floor_u64(),
            Some(u64::MAX)
        );
        assert_eq!(value(18_446_744_073_709_551_616.0, 0.0).floor_u64(), None);
        assert_eq!(value(-0.5, 0.0).floor_u64(), None);
        assert_eq!(value(-0.5, 0.0).ceil_u64(), Some(0));
    }
}
