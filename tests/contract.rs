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

/// Every view's UI file is drawn by a row of the view table (`src/views.rs`), and the
/// README's `view` parameter names every view's key: a view left out of the table, or out
/// of the contract, fails here.
#[test]
fn every_view_file_has_a_row_in_the_view_table_and_the_readme_names_its_key() {
    use bloomlab::views::View;
    let table = include_str!("../src/views.rs");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui/views");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".rs") && name != "mod.rs")
        .map(|name| name.trim_end_matches(".rs").to_owned())
        .collect();
    files.sort();
    assert_eq!(
        files.len(),
        View::ALL.len(),
        "one UI file per view: {files:?}"
    );
    for file in &files {
        let drawn = format!("draw crate::ui::views::{file}::");
        assert!(
            table.contains(&drawn),
            "src/ui/views/{file}.rs has no row in src/views.rs"
        );
    }
    let readme = include_str!("../README.md");
    let row = readme
        .lines()
        .find(|line| line.starts_with("| `view` |"))
        .expect("the README documents view=");
    for view in View::ALL {
        assert!(
            row.contains(&format!("`{}`", view.key())),
            "{row} lacks {}",
            view.key()
        );
    }
}
