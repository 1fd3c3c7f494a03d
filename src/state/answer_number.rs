//! A practice answer read as a number, the way the page writes numbers and students type
//! them.
//!
//! English, Chinese and Japanese all write numbers alike on the page ([`super::numbers`]):
//! digits grouped by three with commas (`1,000,000`), a decimal point (`0.0825`), and a
//! percentage with a space before its sign (`8.25 %`). None of the three writes a decimal
//! comma. A Chinese or Japanese input method may type the same characters full-width
//! (`１，０００`, `８．２５％`), and these are read as their plain forms. So the reader is
//! the same in all three languages:
//!
//! - commas that group the digits by three (`1,000`, `12,345.5`: a first group of 1 to 3
//!   digits not starting with 0, then groups of exactly 3) are dropped;
//! - one comma that cannot be such a separator (`0,4`, `12,5`, `0,125`) is a decimal comma;
//!   `1,000` is therefore always a thousand, never 1.0; any other comma is not a number;
//! - a trailing `%` (with or without spaces before it) makes the number a percentage.

use super::fields::parse_real;

/// A number as typed: its value (a percentage already divided by 100) and whether it
/// carried a percent sign.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TypedNumber {
    /// The value: `8.25 %` is 0.0825.
    pub value: f64,
    /// Whether a `%` followed the digits.
    pub percent: bool,
}

/// `c` with a full-width form (`１`, `，`, `．`, `％`, U+FF01 to U+FF5E) made its ASCII one.
fn half_width(c: char) -> char {
    match c {
        '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
        _ => c,
    }
}

/// `body` (a number without its percent sign, in ASCII) with its commas read: none;
/// thousands separators dropped; or one decimal comma made a point. `None` for any other
/// comma.
fn without_commas(body: &[u8]) -> Option<Vec<u8>> {
    let sign = usize::from(body.first() == Some(&b'-'));
    let point = body.iter().position(|&b| b == b'.').unwrap_or(body.len());
    let whole = body.get(sign..point).unwrap_or_default();
    let commas = body.iter().filter(|&&b| b == b',').count();
    // Grouped by three: from the right, every fourth character of the whole part is a
    // comma and the others are digits; the first group (1 to 3 digits) does not start
    // with 0, and no comma follows the point.
    let grouped = whole.len() % 4 != 0
        && whole.first() != Some(&b'0')
        && commas == whole.len() / 4
        && whole.iter().rev().enumerate().all(|(i, &b)| {
            if i % 4 == 3 {
                b == b','
            } else {
                b.is_ascii_digit()
            }
        });
    // A decimal comma: digits, one comma, digits, and no point.
    let decimal_comma = commas == 1
        && point == body.len()
        && whole.first() != Some(&b',')
        && whole.last() != Some(&b',')
        && whole.iter().all(|&b| b.is_ascii_digit() || b == b',');
    let mut plain = body.to_vec();
    if grouped {
        plain.retain(|&b| b != b',');
    } else if decimal_comma {
        for b in plain.iter_mut().filter(|b| **b == b',') {
            *b = b'.';
        }
    } else if commas > 0 {
        return None;
    }
    Some(plain)
}

/// `text` as a number ([the module](self) says how), or `None` when it is not one
/// (`twelve`, `12 bits`, `1.000,5`, an empty field, `inf`).
pub fn read_number(text: &str) -> Option<TypedNumber> {
    // The text in ASCII: full-width forms made plain, every space a ' ' (a character
    // outside ASCII is in no number).
    let mut plain = Vec::new();
    for c in text.trim().chars() {
        let c = half_width(c);
        plain.push(match c {
            _ if c.is_whitespace() => b' ',
            _ if c.is_ascii() => c as u8,
            _ => return None,
        });
    }
    let percent = plain.last() == Some(&b'%');
    if percent {
        plain.pop();
    }
    let number = without_commas(plain.trim_ascii_end())?;
    let value = parse_real(std::str::from_utf8(&number).ok()?).ok()?;
    Some(TypedNumber {
        value: if percent { value / 100.0 } else { value },
        percent,
    })
}

/// A share (a fill or a rate, in [0, 1]) as typed: a fraction (`0.0825`) or a percentage,
/// with its sign (`8.25 %`) or without it (`8.25`): a bare number above 1 cannot be a
/// share, so it is read as a percentage.
pub fn read_share(text: &str) -> Option<f64> {
    let typed = read_number(text)?;
    Some(if !typed.percent && typed.value > 1.0 {
        typed.value / 100.0
    } else {
        typed.value
    })
}

/// A count (bits set, m, k, a counter) as typed: a number (`9,586`, `7`); a fraction or a
/// percentage reads, and is then a wrong count.
pub fn read_count(text: &str) -> Option<f64> {
    read_number(text).map(|typed| typed.value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::numbers::{grouped, grouped_fixed, percent};

    /// What a student of each language may type for one value: the page's own writing
    /// (the same in all three) and, in Chinese and Japanese, the full-width forms an input
    /// method gives.
    fn typed_in(language: &str, page: &str) -> Vec<String> {
        let mut forms = vec![page.to_owned(), page.replace('\u{a0}', " ")];
        forms.push(page.replace('\u{a0}', ""));
        if language != "en" {
            let full: String = page
                .chars()
                .map(|c| match c {
                    '!'..='~' => char::from_u32(c as u32 + 0xfee0).unwrap(),
                    '\u{a0}' => '\u{3000}',
                    c => c,
                })
                .collect();
            forms.push(full);
        }
        forms
    }

    #[test]
    fn every_language_reads_the_page_s_own_numbers_back() {
        for language in ["en", "zh", "ja"] {
            for n in [0, 7, 999, 1_000, 9_586, 143_776, 1_000_000, 958_506] {
                for form in typed_in(language, &grouped(n)) {
                    assert_eq!(read_count(&form), Some(n as f64), "{language} {form:?}");
                }
            }
            for rate in [0.0825, 0.01, 0.001, 0.05, 0.4375, 0.123] {
                for form in typed_in(language, &percent(rate)) {
                    let read = read_share(&form).unwrap();
                    assert!((read - rate).abs() < 1e-12, "{language} {form:?}: {read}");
                    // the same digits without the percent sign still mean a percentage
                    let bare = form.trim_end_matches(['%', '％', ' ', '\u{a0}', '\u{3000}']);
                    if read_number(bare).unwrap().value > 1.0 {
                        assert!((read_share(bare).unwrap() - rate).abs() < 1e-12, "{bare:?}");
                    }
                }
            }
            for form in typed_in(language, &grouped_fixed(12_345.5, 1)) {
                assert_eq!(read_number(&form).unwrap().value, 12_345.5, "{form:?}");
            }
        }
    }

    #[test]
    fn a_percentage_reads_with_or_without_its_sign_and_a_fraction_as_itself() {
        assert_eq!(read_share("8.25 %"), Some(0.0825));
        assert_eq!(read_share("8.25%"), Some(0.0825));
        assert_eq!(read_share("8.25"), Some(0.0825));
        assert_eq!(read_share("８．２５％"), Some(0.0825));
        assert_eq!(read_share("0.0825"), Some(0.0825));
        assert_eq!(read_share("40"), Some(0.4));
        assert_eq!(read_share("1"), Some(1.0));
        assert_eq!(read_share("0.5 %"), Some(0.005));
        assert_eq!(
            read_number("25 %"),
            Some(TypedNumber {
                value: 0.25,
                percent: true
            })
        );
    }

    #[test]
    fn commas_group_thousands_or_stand_for_a_point_never_both() {
        assert_eq!(read_count("1,000,000"), Some(1e6));
        assert_eq!(read_count("1000000"), Some(1e6));
        assert_eq!(read_count("1,000"), Some(1000.0));
        assert_eq!(read_count("９，５８６"), Some(9586.0));
        assert_eq!(read_count("-1,000"), Some(-1000.0));
        assert_eq!(read_number("12,345.75").unwrap().value, 12_345.75);
        // a comma that cannot group thousands is a decimal comma
        assert_eq!(read_share("0,4"), Some(0.4));
        assert_eq!(read_share("0,125"), Some(0.125));
        assert_eq!(read_number("12,5").unwrap().value, 12.5);
        assert_eq!(read_share("8,25 %"), Some(0.0825));
        // and any other comma is not a number
        for text in [
            "1,00,000",
            "1.000,5",
            "1,2,3",
            ",5",
            "5,",
            "1,000.5.5",
            "0,1e3",
        ] {
            assert_eq!(read_number(text), None, "{text:?}");
        }
    }

    #[test]
    fn words_and_empty_fields_are_not_numbers() {
        for text in [
            "twelve", "", "   ", "12 bits", "%", "inf", "NaN", "1e999", "1 000",
        ] {
            assert_eq!(read_number(text), None, "{text:?}");
        }
        assert_eq!(read_count("13 %"), Some(0.13));
        assert_eq!(read_count("13.5"), Some(13.5));
        assert_eq!(read_count(" 7 "), Some(7.0));
    }
}
