//! Writing an f64 as decimal text, digit for digit as Rust's formatter writes it
//! (`{:.d}`, `{:.de}` and `{}`), from the number's exact decimal expansion.
//!
//! A finite f64 is `mant · 2^e2` with `mant < 2^53`. For `e2 < 0` that is exactly
//! `mant · 5^(−e2) · 10^e2`, so its decimal digits are those of the integer `mant · 5^(−e2)`
//! (at most 767 of them); for `e2 ≥ 0` they are those of `mant · 2^e2`. Rounding those digits
//! half to even gives the fixed and exponential forms; the shortest form is the fewest
//! significant digits that still lie strictly inside the interval of reals that round to
//! the f64 (its ends included when `mant` is even), the nearest such digits when two do.
//!
//! The page writes every f64 through here: the standard formatter's two algorithms and their
//! tables of powers are several KB of the bundle, this is one small big-integer routine.

use std::cmp::Ordering;

/// A non-negative exact decimal: `0.d₁d₂d₃… × 10^point`, with no trailing zero digits (and
/// no digits at all for zero). Digits are 0–9, not ASCII.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Exact {
    digits: Vec<u8>,
    point: i32,
}

/// Base of the big integer's limbs (little-endian).
const LIMB: u64 = 1_000_000_000;

/// `limbs · factor` in place, for a factor below 2^32.
fn multiply(limbs: &mut Vec<u64>, factor: u64) {
    let mut carry = 0;
    for limb in limbs.iter_mut() {
        let product = *limb * factor + carry;
        *limb = product % LIMB;
        carry = product / LIMB;
    }
    while carry > 0 {
        limbs.push(carry % LIMB);
        carry /= LIMB;
    }
}

/// The exact decimal value of `mant · 2^e2`.
fn exact(mant: u64, e2: i32) -> Exact {
    let mut limbs = vec![mant % LIMB, mant / LIMB % LIMB, mant / LIMB / LIMB];
    // 2^29 and 5^13 are the largest powers below 2^32 that keep a limb's product in a u64.
    let (base, chunk, mut left) = if e2 >= 0 {
        (2u64, 29, e2)
    } else {
        (5, 13, -e2)
    };
    while left > 0 {
        let step = left.min(chunk);
        multiply(&mut limbs, base.pow(step as u32));
        left -= step;
    }
    let mut digits = Vec::new();
    for &limb in limbs.iter().rev() {
        for place in (0..9).rev() {
            let digit = (limb / 10u64.pow(place)) % 10;
            if !digits.is_empty() || digit != 0 {
                digits.push(digit as u8);
            }
        }
    }
    // The integer's digit count, before its trailing zeros go: the decimal point sits that
    // many places right of the first digit, moved e2 places for the 10^e2.
    let point = digits.len() as i32 + e2.min(0);
    while digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.is_empty() {
        return Exact { digits, point: 0 };
    }
    Exact { digits, point }
}

/// `|x| = mant · 2^e2` for a finite x.
fn parts(x: f64) -> (u64, i32) {
    let bits = x.to_bits();
    let fraction = bits & ((1 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i32;
    if biased == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased - 1075)
    }
}

impl Exact {
    /// Rounded, half to even, to its first `kept` digits (counted from the first digit; zero
    /// or fewer rounds to a power of ten or to zero).
    fn rounded(&self, kept: i32) -> Exact {
        if kept >= self.digits.len() as i32 {
            return self.clone();
        }
        let (up, digits) = if kept < 0 {
            (false, Vec::new())
        } else {
            let at = kept as usize;
            let next = self.digits[at];
            let beyond = self.digits.len() > at + 1;
            let odd = at > 0 && self.digits[at - 1] % 2 == 1;
            (
                next > 5 || (next == 5 && (beyond || odd)),
                self.digits[..at].to_vec(),
            )
        };
        Exact::from_kept(digits, self.point, up)
    }

    /// The decimal `0.digits × 10^point`, plus one unit in its last digit when `plus_one`
    /// (carrying through nines: all nines, or no digits, give `10^point`), without its
    /// trailing zeros.
    fn from_kept(mut digits: Vec<u8>, mut point: i32, plus_one: bool) -> Exact {
        if plus_one {
            while digits.last() == Some(&9) {
                digits.pop();
            }
            match digits.last_mut() {
                Some(last) => *last += 1,
                None => {
                    digits.push(1);
                    point += 1;
                }
            }
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.is_empty() {
            point = 0;
        }
        Exact { digits, point }
    }

    /// The same value truncated to its first `kept` digits, plus one unit in the last of them
    /// when `plus_one` (the two neighbours of the value with `kept` significant digits).
    fn neighbour(&self, kept: usize, plus_one: bool) -> Exact {
        let mut digits: Vec<u8> = self.digits.iter().copied().take(kept).collect();
        digits.resize(kept, 0);
        Exact::from_kept(digits, self.point, plus_one)
    }

    /// The nearer of `down` and `up`, the two `kept`-digit neighbours of self; `up` at a tie
    /// (self's digits after the `kept` first are exactly 5).
    fn nearer_of(&self, kept: usize, down: Exact, up: Exact) -> Exact {
        if self.digit(kept as i32) >= 5 {
            up
        } else {
            down
        }
    }

    /// The digit at `place` places after the decimal point's position 0 (0 past the end).
    fn digit(&self, index: i32) -> u8 {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.digits.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// Compares two exact decimals.
    fn compare(&self, other: &Exact) -> Ordering {
        match (self.digits.is_empty(), other.digits.is_empty()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        self.point.cmp(&other.point).then_with(|| {
            let longest = self.digits.len().max(other.digits.len()) as i32;
            (0..longest)
                .map(|i| self.digit(i).cmp(&other.digit(i)))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
    }

    /// The digits from decimal place `from` (the first digit is place `point − 1`, counting
    /// down) to `to` inclusive, as ASCII, zeros where there are none.
    fn places(&self, from: i32, to: i32, out: &mut String) {
        for place in (to..=from).rev() {
            out.push(char::from(b'0' + self.digit(self.point - 1 - place)));
        }
    }

    /// `{:.decimals}`: the integer part (at least "0"), then `decimals` places.
    fn write_fixed(&self, decimals: usize, out: &mut String) {
        let decimals = decimals as i32;
        self.places(self.point.max(1) - 1, 0, out);
        if decimals > 0 {
            out.push('.');
            self.places(-1, -decimals, out);
        }
    }
}

/// The sign Rust writes: a minus for every negative value, −0 included.
fn sign(x: f64) -> &'static str {
    if x.is_sign_negative() && !x.is_nan() {
        "-"
    } else {
        ""
    }
}

/// What Rust writes for NaN and the infinities, if x is one.
fn not_finite(x: f64) -> Option<String> {
    if x.is_nan() {
        Some("NaN".to_owned())
    } else if x.is_infinite() {
        Some(format!("{}inf", sign(x)))
    } else {
        None
    }
}

/// An f64 to be written with a fixed number of places, `Fixed(x, 1)` in a `format!` for
/// what `{x:.1}` would write, through [`fixed`].
#[derive(Debug, Clone, Copy)]
pub struct Fixed(pub f64, pub usize);

impl std::fmt::Display for Fixed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&fixed(self.0, self.1))
    }
}

/// An f64 written in its shortest form, `Shortest(x)` in a `format!` for what `{x}` would
/// write, through [`shortest`].
#[derive(Debug, Clone, Copy)]
pub struct Shortest(pub f64);

impl std::fmt::Display for Shortest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&shortest(self.0))
    }
}

/// `format!("{x:.decimals$}")`: x rounded half to even to `decimals` places.
pub fn fixed(x: f64, decimals: usize) -> String {
    if let Some(text) = not_finite(x) {
        return text;
    }
    let (mant, e2) = parts(x);
    let value = exact(mant, e2);
    let rounded = value.rounded(value.point + decimals as i32);
    let mut out = sign(x).to_owned();
    rounded.write_fixed(decimals, &mut out);
    out
}

/// `format!("{x:.decimals$e}")`: x rounded half to even to `decimals + 1` significant
/// digits, written `d.ddde−n` (`0.000e0` for zero).
pub fn exponential(x: f64, decimals: usize) -> String {
    if let Some(text) = not_finite(x) {
        return text;
    }
    let (mant, e2) = parts(x);
    let rounded = exact(mant, e2).rounded(decimals as i32 + 1);
    let exponent = if rounded.digits.is_empty() {
        0
    } else {
        rounded.point - 1
    };
    let mut out = sign(x).to_owned();
    out.push(char::from(b'0' + rounded.digit(0)));
    if decimals > 0 {
        out.push('.');
        for i in 1..=decimals as i32 {
            out.push(char::from(b'0' + rounded.digit(i)));
        }
    }
    out.push('e');
    out.push_str(&exponent.to_string());
    out
}

/// `format!("{x}")`: the fewest significant digits that read back as x (the nearest such
/// when there are two), written without an exponent.
pub fn shortest(x: f64) -> String {
    if let Some(text) = not_finite(x) {
        return text;
    }
    let (mant, e2) = parts(x);
    let mut out = sign(x).to_owned();
    if mant == 0 {
        out.push('0');
        return out;
    }
    let value = exact(mant, e2);
    // The reals that round to x lie between the midpoints to its neighbours; below a power
    // of two (a normal mant of exactly 2^52) the gap to the lower neighbour is half as wide.
    let narrow_below = mant == 1 << 52 && e2 > -1074;
    let low = if narrow_below {
        exact(4 * mant - 1, e2 - 2)
    } else {
        exact(2 * mant - 1, e2 - 1)
    };
    let high = exact(2 * mant + 1, e2 - 1);
    let ends_count = mant % 2 == 0;
    let inside = |candidate: &Exact| {
        let above = candidate.compare(&low);
        let below = candidate.compare(&high);
        if ends_count {
            above.is_ge() && below.is_le()
        } else {
            above.is_gt() && below.is_lt()
        }
    };
    let found = (1..=17)
        .find_map(|kept| {
            let down = value.neighbour(kept, false);
            let up = value.neighbour(kept, true);
            match (inside(&down), inside(&up)) {
                // Both read back as x: the nearer, and the upper one at an exact tie (as
                // the standard formatter's shortest mode does).
                (true, true) => Some(value.nearer_of(kept, down, up)),
                (true, false) => Some(down),
                (false, true) => Some(up),
                (false, false) => None,
            }
        })
        .unwrap_or(value);
    let decimals = (found.digits.len() as i32 - found.point).max(0) as usize;
    found.write_fixed(decimals, &mut out);
    out
}

// Property tests use proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(x: f64) {
        for decimals in [0, 1, 2, 3, 4, 6, 9, 17, 20] {
            assert_eq!(
                fixed(x, decimals),
                format!("{x:.decimals$}"),
                "{x:e} .{decimals}"
            );
            assert_eq!(
                exponential(x, decimals),
                format!("{x:.decimals$e}"),
                "{x:e} .{decimals}e"
            );
        }
        assert_eq!(shortest(x), format!("{x}"), "{x:e}");
    }

    #[test]
    fn edge_values_are_written_as_rust_writes_them() {
        let values = [
            0.0,
            -0.0,
            0.125,
            0.375,
            2.5,
            1.5,
            0.5,
            -0.001,
            0.045,
            1e300,
            1e21,
            2.5e-7,
            5e-324,
            f64::MIN_POSITIVE,
            f64::MAX,
            f64::EPSILON,
            9.995,
            0.1,
            1.0 / 3.0,
            2f64.powi(60),
            2f64.powi(-1022) * 3.0,
            123456789.0,
            99.99999999999999,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        for x in values {
            check(x);
            check(-x);
        }
        for e in -1074..=1023 {
            check(2f64.powi(e));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]
        #[test]
        fn any_f64_is_written_as_rust_writes_it(bits in any::<u64>()) {
            check(f64::from_bits(bits));
        }

        #[test]
        fn ordinary_numbers_are_written_as_rust_writes_them(x in -1e6f64..1e6, scale in -12i32..12) {
            check(x * 10f64.powi(scale));
        }
    }
}
