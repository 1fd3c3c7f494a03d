//! Decimal text both ways. Reading a number typed into a field or a link
//! ([`decimal_to_f64`]): the model (`crate::state`) calls this and never the browser itself;
//! in the browser the work is done by JavaScript's `Number`, natively by Rust's own parser,
//! and both give the same f64. Writing an f64 ([`write`](mod@write)): the same digits as Rust's
//! formatter, from our own code on every platform.

pub mod write;

pub use write::{exponential, fixed, shortest, Fixed, Shortest};

/// The f64 nearest to the decimal number `text`: ASCII digits with at most one `.`, an
/// optional sign and an optional `e`/`E` exponent, nothing else (no spaces, no `inf`, no
/// `NaN`, no hex); `None` for anything else. Too large a number gives an infinity.
///
/// In the browser this is JavaScript's `Number(text)`, which rounds correctly like
/// `str::parse` and keeps Rust's decimal parser (about 14 KB gzip with its table of powers
/// of five) out of the bundle. The two agree on every string let through here; the native
/// and browser tests check the same table of edge cases.
pub fn decimal_to_f64(text: &str) -> Option<f64> {
    let plain_number = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'-' | b'+' | b'e' | b'E'));
    if !plain_number {
        return None;
    }
    #[cfg(target_arch = "wasm32")]
    {
        // `new Number(text)`: NaN for anything that is not a number.
        let value = text.parse::<js_sys::Number>().ok()?.value_of();
        (!value.is_nan()).then_some(value)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        text.parse::<f64>().ok()
    }
}
