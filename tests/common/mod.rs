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
        let label = format!("{} {:?} m={} k={}", row.family, row.item, row.m, row.k);
        assert_eq!(steps[0].h1, row.h1, "h1 of {label}");
        assert_eq!(steps[0].h2, row.h2, "h2 of {label}");
        let positions: Vec<u64> = steps.iter().map(|s| s.position).collect();
        assert_eq!(positions, row.positions, "positions of {label}");
        let fast: Vec<u64> = shape.positions(&row.item).collect();
        assert_eq!(fast, row.positions, "iterator positions of {label}");
    }
    rows.len()
}
