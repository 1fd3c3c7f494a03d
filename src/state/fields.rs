//! Parsing numbers typed into fields or URL parameters, with a reason when they are bad.

use crate::filter::{FilterShape, HashFamily, ParamError, MAX_BITS, MAX_HASHES};

/// Why a typed value was not accepted.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldProblem {
    /// Nothing was typed.
    Empty,
    /// Not a number at all ("abc", "NaN", "Infinity").
    NotANumber,
    /// A number with a fraction where a whole number is needed.
    NotWhole,
    /// Below zero.
    Negative,
    /// Too large to be represented, let alone allowed.
    TooLarge,
    /// Above the field's largest value, which is named.
    AboveMax(u64),
    /// Below the field's smallest value, which is named.
    BelowMin(u64),
    /// A ratio not strictly between 0 and 1.
    NotAFraction,
    /// A number, but not an allowed value.
    Invalid(ParamError),
    /// A text longer than this many bytes (UTF-8).
    TooLong(u64),
    /// Line `.0` (from 1) of a text is longer than `.1` bytes.
    LineTooLong(u64, u64),
    /// More than this many lines.
    TooManyLines(u64),
}

impl FieldProblem {
    /// This problem in a field whose largest value is `max`: a number too large to read is
    /// named as above `max`, like any other value above it.
    pub fn with_max(self, max: u64) -> FieldProblem {
        match self {
            FieldProblem::TooLarge => FieldProblem::AboveMax(max),
            other => other,
        }
    }
}

impl From<ParamError> for FieldProblem {
    fn from(e: ParamError) -> Self {
        FieldProblem::Invalid(e)
    }
}

/// The longest item the page takes, in bytes of UTF-8: one typed in the item field, a line
/// of a paste, a link's `add=`, `query=` or `remove=`, a line of the hash-quality corpus.
/// Every item's hashes, positions and bytes are shown as it is typed; 1,000 bytes hold any
/// word or address a lesson needs and keep that under a frame.
pub const MAX_ITEM_BYTES: usize = 1000;

/// `text` as an item: at most [`MAX_ITEM_BYTES`] long.
pub fn check_item(text: &str) -> Result<&str, FieldProblem> {
    if text.len() > MAX_ITEM_BYTES {
        Err(FieldProblem::TooLong(MAX_ITEM_BYTES as u64))
    } else {
        Ok(text)
    }
}

/// `text` as lines of items: each at most [`MAX_ITEM_BYTES`] long, else the first that is
/// longer, by its number.
pub fn check_lines(text: &str) -> Result<&str, FieldProblem> {
    match text.split('\n').position(|line| check_item(line).is_err()) {
        Some(index) => Err(FieldProblem::LineTooLong(
            index as u64 + 1,
            MAX_ITEM_BYTES as u64,
        )),
        None => Ok(text),
    }
}

/// A whole number ≥ 0 from text: surrounding spaces ignored, `_` and `,` not allowed,
/// `1e6` accepted when it is whole.
pub fn parse_whole(text: &str) -> Result<u64, FieldProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FieldProblem::Empty);
    }
    if let Ok(value) = text.parse::<u64>() {
        return Ok(value);
    }
    let number = parse_real_lenient(text)?;
    if number < 0.0 {
        return Err(FieldProblem::Negative);
    }
    if number.fract() != 0.0 {
        return Err(FieldProblem::NotWhole);
    }
    if number >= u64::MAX as f64 {
        return Err(FieldProblem::TooLarge);
    }
    Ok(number as u64)
}

/// A whole number in `1..=max`: 0 is `zero`, and a larger value (or one too large to read)
/// names `max`.
pub fn parse_bounded(text: &str, max: u64, zero: ParamError) -> Result<u64, FieldProblem> {
    match parse_whole(text).map_err(|p| p.with_max(max))? {
        0 => Err(FieldProblem::Invalid(zero)),
        value if value > max => Err(FieldProblem::AboveMax(max)),
        value => Ok(value),
    }
}

/// A filter's m as typed, with the filter's own reasons: 1 to [`MAX_BITS`].
pub fn parse_bits(text: &str) -> Result<u64, FieldProblem> {
    let m = parse_whole(text).map_err(|p| p.with_max(MAX_BITS))?;
    FilterShape::new(m, 1, HashFamily::Fnv1a)?;
    Ok(m)
}

/// A filter's k as typed, with the filter's own reasons: 1 to [`MAX_HASHES`].
pub fn parse_hashes(text: &str) -> Result<u32, FieldProblem> {
    let k = parse_small_whole(text).map_err(|p| p.with_max(u64::from(MAX_HASHES)))?;
    FilterShape::new(1, k, HashFamily::Fnv1a)?;
    Ok(k)
}

/// A whole number that fits a `u32` (k, widths).
pub fn parse_small_whole(text: &str) -> Result<u32, FieldProblem> {
    let value = parse_whole(text)?;
    u32::try_from(value).map_err(|_| FieldProblem::TooLarge)
}

/// A finite real number from text (rates, sizes); rejects NaN and infinities.
pub fn parse_real(text: &str) -> Result<f64, FieldProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FieldProblem::Empty);
    }
    parse_real_lenient(text)
}

fn parse_real_lenient(text: &str) -> Result<f64, FieldProblem> {
    use crate::decimal::decimal_to_f64;
    match decimal_to_f64(text) {
        Some(value) if value.is_finite() => Ok(value),
        Some(_) => Err(FieldProblem::TooLarge),
        None => Err(FieldProblem::NotANumber),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_parse_and_everything_else_says_why() {
        assert_eq!(parse_whole(" 64 "), Ok(64));
        assert_eq!(parse_whole("1e3"), Ok(1000));
        assert_eq!(parse_whole(""), Err(FieldProblem::Empty));
        assert_eq!(parse_whole("   "), Err(FieldProblem::Empty));
        assert_eq!(parse_whole("abc"), Err(FieldProblem::NotANumber));
        assert_eq!(parse_whole("NaN"), Err(FieldProblem::NotANumber));
        assert_eq!(parse_whole("Infinity"), Err(FieldProblem::NotANumber));
        assert_eq!(parse_whole("inf"), Err(FieldProblem::NotANumber));
        assert_eq!(parse_whole("-3"), Err(FieldProblem::Negative));
        assert_eq!(parse_whole("2.5"), Err(FieldProblem::NotWhole));
        assert_eq!(parse_whole("1e400"), Err(FieldProblem::TooLarge));
        assert_eq!(
            parse_whole("99999999999999999999999"),
            Err(FieldProblem::TooLarge)
        );
        assert_eq!(parse_whole("1000000000000"), Ok(1_000_000_000_000));
        assert_eq!(parse_small_whole("1000000"), Ok(1_000_000));
        assert_eq!(
            parse_small_whole("10000000000"),
            Err(FieldProblem::TooLarge)
        );
        assert_eq!(parse_real("0.01"), Ok(0.01));
        assert_eq!(parse_real("1e-4"), Ok(1e-4));
        assert_eq!(parse_real("nan"), Err(FieldProblem::NotANumber));
        assert_eq!(parse_real("1e999"), Err(FieldProblem::TooLarge));
    }

    #[test]
    fn a_field_with_a_maximum_names_it_however_large_the_number() {
        let max = FieldProblem::AboveMax;
        assert_eq!(parse_bounded("20", 100, ParamError::ZeroItems), Ok(20));
        assert_eq!(parse_bounded("100", 100, ParamError::ZeroItems), Ok(100));
        assert_eq!(
            parse_bounded("101", 100, ParamError::ZeroItems),
            Err(max(100))
        );
        assert_eq!(
            parse_bounded("1e30", 100, ParamError::ZeroItems),
            Err(max(100))
        );
        assert_eq!(
            parse_bounded("0", 100, ParamError::ZeroProbes),
            Err(FieldProblem::Invalid(ParamError::ZeroProbes))
        );
        assert_eq!(
            parse_bounded("x", 100, ParamError::ZeroItems),
            Err(FieldProblem::NotANumber)
        );
        // m and k give the filter's own reasons, and a number too large to read names the cap.
        assert_eq!(parse_bits("1024"), Ok(1024));
        assert_eq!(parse_bits("0"), Err(ParamError::ZeroBits.into()));
        let over = ParamError::TooManyBits {
            requested: MAX_BITS + 1,
            max: MAX_BITS,
        };
        assert_eq!(parse_bits(&(MAX_BITS + 1).to_string()), Err(over.into()));
        assert_eq!(parse_bits("1e20"), Err(max(MAX_BITS)));
        assert_eq!(parse_hashes("7"), Ok(7));
        assert_eq!(parse_hashes("0"), Err(ParamError::ZeroHashes.into()));
        assert_eq!(parse_hashes("5000000000"), Err(max(64)));
        assert_eq!(FieldProblem::NotWhole.with_max(3), FieldProblem::NotWhole);
    }
}
