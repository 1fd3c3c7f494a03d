//! Shared by the native and browser tests: the committed table of positions.

use bloomlab::filter::HashFamily;

/// One row of `tests/data/positions.tsv`, computed by `tests/data/positions.py`.
pub struct PositionRow {
    pub family: HashFamily,
    pub item: Vec<u8>,
    pub m: u64,
    pub k: u32,
    pub h1: u64,
    pub h2: u64,
    pub positions: Vec<u64>,
}

pub const POSITIONS_TSV: &str = include_str!("../data/positions.tsv");

fn from_hex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex byte"))
        .collect()
}

pub fn position_rows() -> Vec<PositionRow> {
    POSITIONS_TSV
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 7, "bad row {line:?}");
            PositionRow {
                family: HashFamily::from_key(cols[0]).expect("family"),
                item: from_hex(cols[1]),
                m: cols[2].parse().unwrap(),
                k: cols[3].parse().unwrap(),
                h1: cols[4].parse().unwrap(),
                h2: cols[5].parse().unwrap(),
                positions: cols[6].split(',').map(|p| p.parse().unwrap()).collect(),
            }
        })
        .collect()
}

/// Checks every row against the code; returns the number of rows checked.
pub fn check_position_table() -> usize {
    let rows = position_rows();
    for row in &rows {
        let shape = bloomlab::filter::FilterShape::new(row.m, row.k, row.family).unwrap();
        let steps = shape.steps(&row.item);
        let label = format!(
            "{} {:?} m={} k={}",
            row.family.label(),
            row.item,
            row.m,
            row.k
        );
        let pair = steps[0]
            .pair()
            .expect("the table's families hash to a pair");
        assert_eq!(pair.h1, row.h1, "h1 of {label}");
        assert_eq!(pair.h2, row.h2, "h2 of {label}");
        let positions: Vec<u64> = steps.iter().map(|s| s.position).collect();
        assert_eq!(positions, row.positions, "positions of {label}");
        let fast: Vec<u64> = shape.positions(&row.item).collect();
        assert_eq!(fast, row.positions, "iterator positions of {label}");
    }
    rows.len()
}

/// Decimal strings and the f64 each must parse to (`None`: not a number), checked natively
/// against Rust's parser and in the browser against JavaScript's `Number`.
pub const DECIMAL_CASES: &[(&str, Option<f64>)] = &[
    ("0.01", Some(0.01)),
    ("1e-4", Some(1e-4)),
    ("2.5e3", Some(2500.0)),
    (".5", Some(0.5)),
    ("5.", Some(5.0)),
    ("1.e5", Some(1e5)),
    ("+7", Some(7.0)),
    ("+.5e-1", Some(0.05)),
    ("-0.1", Some(-0.1)),
    ("-0", Some(-0.0)),
    ("1E+5", Some(1e5)),
    ("0001", Some(1.0)),
    ("1e0005", Some(1e5)),
    // 2^53 + 1 is halfway between two doubles and rounds to the even one.
    ("9007199254740993", Some(9007199254740992.0)),
    ("0.1000000000000000055511151231257827", Some(0.1)),
    ("2.2250738585072014e-308", Some(2.2250738585072014e-308)),
    ("4.9e-324", Some(5e-324)),
    ("1e-400", Some(0.0)),
    ("1e400", Some(f64::INFINITY)),
    ("99999999999999999999999", Some(1e23)),
    ("", None),
    ("1.2.3", None),
    ("e5", None),
    ("-", None),
    (".", None),
    ("1e", None),
    ("1e5.5", None),
    ("--1", None),
    ("+-1", None),
    ("Infinity", None),
    ("inf", None),
    ("NaN", None),
    ("0x10", None),
    (" 1", None),
    ("1 2", None),
    ("1_000", None),
    ("１２", None),
];

/// Checks every row of [`DECIMAL_CASES`] and returns how many there were.
pub fn check_decimal_cases() -> usize {
    for &(text, expected) in DECIMAL_CASES {
        let parsed = bloomlab::decimal::decimal_to_f64(text);
        assert_eq!(
            parsed.map(f64::to_bits),
            expected.map(f64::to_bits),
            "{text:?} parsed to {parsed:?}"
        );
    }
    DECIMAL_CASES.len()
}
