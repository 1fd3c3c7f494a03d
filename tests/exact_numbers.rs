//! The calculator's whole numbers and the exact false-positive rate against values computed
//! independently at 60 digits (tests/data/exact_reference.py, Python's `decimal`).

use bloomlab::filter::double_double::{ln_decimal, max_items, optimal_bits};
use bloomlab::filter::math::ln_fpr_exact;

/// The reference table's rows: kind, arguments, expected.
fn reference() -> Vec<(String, Vec<String>, String)> {
    include_str!("data/exact_reference.tsv")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let args = fields[1].split(',').map(str::to_owned).collect();
            (fields[0].to_owned(), args, fields[2].to_owned())
        })
        .collect()
}

#[test]
fn sizes_and_item_counts_are_exact_to_two_to_the_64() {
    let mut checked = 0;
    for (kind, args, expected) in reference() {
        let whole: u64 = args[0].parse().unwrap();
        let ln_p = ln_decimal(&args.get(1).cloned().unwrap_or_default(), 0);
        let got = match kind.as_str() {
            "optimal_bits" => {
                optimal_bits(whole, ln_p.unwrap()).map_or("none".into(), |m| m.to_string())
            }
            "max_items" => max_items(whole, ln_p.unwrap()).to_string(),
            _ => continue,
        };
        assert_eq!(got, expected, "{kind}({args:?})");
        checked += 1;
    }
    assert_eq!(checked, 13);
}

#[test]
fn the_exact_rate_keeps_its_digits_for_nearly_empty_and_huge_filters() {
    let mut checked = 0;
    for (kind, args, expected) in reference() {
        if kind != "ln_false_positive_rate" {
            continue;
        }
        let [m, n, k]: [f64; 3] = std::array::from_fn(|i| args[i].parse::<u64>().unwrap() as f64);
        let got = ln_fpr_exact(m, n, k);
        match expected.as_str() {
            "-inf" => assert_eq!(got, f64::NEG_INFINITY, "{args:?}"),
            _ => {
                let want: f64 = expected.parse().unwrap();
                let error = (got - want).abs() / want.abs().max(1e-300);
                assert!(
                    want == got || error < 1e-13,
                    "{args:?}: {got} against {want}"
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 7);
}
