//! Positions match a table computed independently in Python (tests/data/positions.py), and
//! decimal fields parse as the table in tests/common says; the browser tests check both
//! tables again in wasm.
#![cfg(not(target_arch = "wasm32"))]

mod common;

#[test]
fn positions_match_the_independently_computed_table() {
    let checked = common::check_position_table();
    assert_eq!(checked, 156, "2 families × 13 items × 6 shapes");
}

#[test]
fn decimal_fields_parse_as_the_shared_table_says() {
    assert_eq!(common::check_decimal_cases(), 37);
}
