//! Whole numbers as the page prints them.

/// A whole number with its digits grouped by three, `18,314`: the grouping of all three
/// of the page's languages (English, Chinese and Japanese all write `1,000,000`).
pub fn grouped(value: u128) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_three_from_the_right() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(18_314), "18,314");
        assert_eq!(grouped(u64::MAX as u128), "18,446,744,073,709,551,615");
    }
}
