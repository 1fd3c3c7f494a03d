//! Positions match a table computed independently in Python (tests/data/positions.py).
#![cfg(not(target_arch = "wasm32"))]

mod common;

#[test]
fn positions_match_the_independently_computed_table() {
    let checked = common::check_position_table();
    assert_eq!(checked, 156, "2 families × 13 items × 6 shapes");
}
