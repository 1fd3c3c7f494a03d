//! The README's parameter table is the page's public contract: it must list exactly the
//! parameters the page declares, with the same repeat rule and defaults.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::state::url::params::PARAMS;

/// One row of the README's table: key, default (without backticks), repeats.
#[derive(Debug, PartialEq)]
struct Row {
    key: String,
    default: String,
    repeats: bool,
}

fn readme_rows() -> Vec<Row> {
    let readme = include_str!("../README.md");
    let table = readme
        .split("| parameter | meaning | default | repeats |")
        .nth(1)
        .expect("the README has the parameter table");
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 4, "a row has four cells: {line}");
            Row {
                key: cells[0].trim_matches('`').to_owned(),
                default: cells[2].trim_matches('`').to_owned(),
                repeats: match cells[3] {
                    "yes" => true,
                    "no" => false,
                    other => panic!("repeats is yes or no, not {other:?}: {line}"),
                },
            }
        })
        .collect()
}

#[test]
fn the_readme_lists_every_declared_parameter_with_its_repeat_rule_and_default() {
    let documented = readme_rows();
    let declared: Vec<Row> = PARAMS
        .iter()
        .map(|p| Row {
            key: p.key.to_owned(),
            default: p.default.to_owned(),
            repeats: p.repeats,
        })
        .collect();
    for row in &declared {
        assert!(
            documented.contains(row),
            "the README's table lacks or differs on {row:?}"
        );
    }
    for row in &documented {
        assert!(
            declared.contains(row),
            "the README documents {row:?}, which the page does not declare so"
        );
    }
    assert_eq!(documented.len(), declared.len());
}
