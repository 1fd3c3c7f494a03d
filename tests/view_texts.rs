//! The three text files of each view that is a module of its own (the filters view, the
//! files view, the Embed dialog) have the same names, in the same order, each with the
//! English text's placeholders.

use bloomlab::i18n::placeholders;
use bloomlab::i18n::view_texts::{ViewText, ViewTextFiles, EMBED, FILES, FILTERS};

fn file(path: &str) -> ViewText {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    ViewText::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn translations_have_the_english_names_and_placeholders() {
    for files in [FILTERS, FILES, EMBED] {
        same_names_and_placeholders(files);
    }
}

fn same_names_and_placeholders(files: ViewTextFiles) {
    let english = ViewText::parse(files.english).unwrap();
    let names: Vec<&str> = english.names().collect();
    assert!(
        names.len() >= 10,
        "{}: the English file has {} texts",
        files.stem,
        names.len()
    );
    let unique: std::collections::HashSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "a name is given twice");
    for lang in ["zh", "ja"] {
        let path = &format!("static/i18n/{}_{lang}.txt", files.stem);
        let translation = file(path);
        assert_eq!(
            translation.names().collect::<Vec<_>>(),
            names,
            "{path}: names differ"
        );
        for name in &names {
            let (en, other) = (english.find(name).unwrap(), translation.find(name).unwrap());
            assert_eq!(placeholders(en), placeholders(other), "{path}: {name}");
            assert!(!other.trim().is_empty(), "{path}: {name} is empty");
        }
    }
}

#[test]
fn a_line_without_a_text_is_named() {
    let error = ViewText::parse("title = Filters\nbroken line").unwrap_err();
    assert!(error.contains("broken line"));
    assert_eq!(placeholders("{1} and {0}, {1}"), vec![0, 1]);
}

/// Every text the files view names (a string literal `"files_…"`, `"file_…"` or
/// `"col_…"` in its drawing) is in its English file: a missing one would show its name.
#[test]
fn every_text_the_files_view_names_is_in_its_file() {
    let english = ViewText::parse(FILES.english).unwrap();
    let sources = [
        "src/ui/files_view/mod.rs",
        "src/ui/files_view/panel.rs",
        "src/files_markup.rs",
    ];
    let mut named = 0;
    for path in sources {
        let source = std::fs::read_to_string(path).unwrap();
        // Each quote may open a literal (an escaped quote inside markup opens none that
        // looks like a name).
        for (start, _) in source.match_indices('"') {
            let rest = &source[start + 1..];
            let literal = &rest[..rest.find('"').unwrap_or(0)];
            let is_name = ["files_", "file_", "col_"]
                .iter()
                .any(|prefix| literal.starts_with(prefix))
                && literal
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '_' || c.is_ascii_digit());
            if is_name {
                named += 1;
                assert!(
                    english.find(literal).is_some(),
                    "{path}: {literal} is not in files_en.txt"
                );
            }
        }
    }
    assert!(named > 40, "only {named} names found");
}
