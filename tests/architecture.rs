//! The code keeps to the floors that docs/architecture.md gives its modules: every import of
//! `crate::…` (or `bloomlab::…` in `src/bin/`) goes to a module on a lower floor, in `src/`
//! as a whole and inside `src/ui/`. A module left out of the tables fails too, so a new one
//! is given its floor.
//!
//! The files stay readable: no line of `src/` is over 120 characters, and no file has more than
//! 600 lines before its test module.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

const ARCHITECTURE: &str = include_str!("../docs/architecture.md");

/// The floors of the table under `heading` in docs/architecture.md: module → floor.
fn floors(heading: &str) -> BTreeMap<String, u32> {
    let start = ARCHITECTURE
        .find(heading)
        .unwrap_or_else(|| panic!("docs/architecture.md has “{heading}”"));
    let mut floors = BTreeMap::new();
    for line in ARCHITECTURE[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| 1 |"))
    {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(floor) = cells.get(1).and_then(|c| c.parse::<u32>().ok()) else {
            break;
        };
        for module in cells[2].split(',') {
            floors.insert(module.trim().trim_matches('`').to_owned(), floor);
        }
    }
    assert!(!floors.is_empty(), "the table under “{heading}” has rows");
    floors
}

/// Every `.rs` file under `dir`, with its path from `src/`.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).unwrap();
            let from_src = path
                .strip_prefix(concat!(env!("CARGO_MANIFEST_DIR"), "/src/"))
                .unwrap()
                .to_string_lossy()
                .into_owned();
            out.push((from_src, text));
        }
    }
}

/// Every `.rs` file of `src/`, with its path from `src/`.
fn all_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    sources(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    files
}

/// The code of a file without its test module and its comments.
fn code(text: &str) -> String {
    let before_tests = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    before_tests
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first names after each `prefix` in `code`: `prefix::name` and each name of
/// `prefix::{a, b::c, …}`. Macros (`prefix::name!`) are not modules and are left out.
fn imported(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let pattern = format!("{prefix}::");
    for (at, _) in code.match_indices(&pattern) {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &code[at + pattern.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The group's top-level names (nested groups belong to those names).
            let mut depth = 0;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 && c == ',' {
                    names.push(first_name(&item));
                    item.clear();
                } else {
                    item.push(c);
                }
            }
            names.push(first_name(&item));
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !rest[name.len()..].starts_with('!') {
                names.push(name);
            }
        }
    }
    names.retain(|n| !n.is_empty() && n != "self");
    names
}

fn first_name(path: &str) -> String {
    path.trim()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The module a file belongs to: its first component under `base` without `.rs`.
fn module_of(path: &str, base: &str) -> Option<String> {
    let rest = path.strip_prefix(base)?;
    let first = rest.split('/').next()?;
    Some(first.trim_end_matches(".rs").to_owned())
}

#[test]
fn every_import_goes_down_a_floor_in_src_and_in_src_ui() {
    let top = floors("| Floor | Modules of `src/` |");
    let ui = floors("| Floor | Parts of `src/ui/` |");
    let files = all_sources();
    let mut wrong = Vec::new();
    for (path, text) in &files {
        if path == "lib.rs" {
            continue;
        }
        let code = code(text);
        let module = module_of(path, "").unwrap();
        let floor = *top.get(&module).unwrap_or_else(|| {
            panic!("src/{path}: module `{module}` has no floor in docs/architecture.md")
        });
        let prefix = if module == "bin" { "bloomlab" } else { "crate" };
        for name in imported(&code, prefix) {
            if name == module || name == "ui" && module == "ui" {
                continue;
            }
            match top.get(&name) {
                Some(&to) if to < floor => {}
                Some(&to) => wrong.push(format!(
                    "src/{path}: `{module}` (floor {floor}) imports `{name}` (floor {to})"
                )),
                // A name defined at the crate's root (a macro's helper, the allocator).
                None => {}
            }
        }
        if module == "ui" && path != "ui/mod.rs" {
            let part = module_of(path, "ui/").unwrap();
            let floor = *ui.get(&part).unwrap_or_else(|| {
                panic!("src/{path}: `ui::{part}` has no floor in docs/architecture.md")
            });
            for name in imported(&code, "crate::ui") {
                if name == part {
                    continue;
                }
                match ui.get(&name) {
                    Some(&to) if to < floor => {}
                    Some(&to) => wrong.push(format!(
                        "src/{path}: `ui::{part}` (floor {floor}) imports `ui::{name}` (floor {to})"
                    )),
                    None => wrong.push(format!("src/{path}: `ui::{name}` has no floor")),
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports that do not go down a floor:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_reader_of_imports_finds_paths_groups_and_nested_groups() {
    let code = "use crate::filter::Bloom;\nuse crate::{state::{A, B}, i18n, lang::Lang};\n\
                let x = crate::decimal::fixed(1.0, 2); crate::class_list!(a);\nmy_crate::x";
    assert_eq!(
        imported(code, "crate"),
        ["filter", "state", "i18n", "lang", "decimal"]
    );
    assert_eq!(
        module_of("ui/components/bit_grid.rs", "ui/").as_deref(),
        Some("components")
    );
    assert_eq!(module_of("state/view.rs", "").as_deref(), Some("state"));
}

/// The longest a line of `src/` may be, in characters (not bytes).
const MAX_LINE_CHARS: usize = 120;

/// The most lines a file of `src/` may have before its test module.
const MAX_LINES_BEFORE_TESTS: usize = 600;

/// The number of lines of `text` before its test module (a `#[cfg(test)]` over a `mod`), or
/// all its lines when it has none.
fn lines_before_tests(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .windows(2)
        .position(|pair| {
            pair[0].trim() == "#[cfg(test)]" && pair[1].trim_start().starts_with("mod ")
        })
        .unwrap_or(lines.len())
}

#[test]
fn no_line_of_src_is_over_120_characters() {
    let mut wrong = Vec::new();
    for (path, text) in &all_sources() {
        for (at, line) in text.lines().enumerate() {
            let chars = line.chars().count();
            if chars > MAX_LINE_CHARS {
                wrong.push(format!("src/{path}:{}: {chars} characters", at + 1));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "lines over {MAX_LINE_CHARS} characters:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_file_of_src_has_over_600_lines_before_its_tests() {
    let mut wrong = Vec::new();
    for (path, text) in &all_sources() {
        let lines = lines_before_tests(text);
        if lines > MAX_LINES_BEFORE_TESTS {
            wrong.push(format!("src/{path}: {lines} lines before its tests"));
        }
    }
    assert!(
        wrong.is_empty(),
        "files over {MAX_LINES_BEFORE_TESTS} lines before their tests:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_count_of_lines_before_tests_stops_at_the_test_module() {
    let text = "fn a() {}\n#[cfg(test)]\nconst X: u8 = 1;\n\n#[cfg(test)]\nmod tests {\n}\n";
    assert_eq!(lines_before_tests(text), 4);
    assert_eq!(lines_before_tests("fn a() {}\nfn b() {}\n"), 2);
}
