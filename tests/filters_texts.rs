//! The filters view's three text files have the same names, in the same order, each with
//! the English text's placeholders.

use bloomlab::i18n::filters::{FiltersText, FILTERS_EN};
use bloomlab::i18n::placeholders;

fn file(path: &str) -> FiltersText {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    FiltersText::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn translations_have_the_english_names_and_placeholders() {
    let english = FiltersText::parse(FILTERS_EN).unwrap();
    let names: Vec<&str> = english.names().collect();
    assert!(
        names.len() > 50,
        "the English file has {} texts",
        names.len()
    );
    let unique: std::collections::HashSet<&str> = names.iter().copied().collect();
    assert_eq!(unique.len(), names.len(), "a name is given twice");
    for path in ["static/i18n/filters_zh.txt", "static/i18n/filters_ja.txt"] {
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
    let error = FiltersText::parse("title = Filters\nbroken line").unwrap_err();
    assert!(error.contains("broken line"));
    assert_eq!(placeholders("{1} and {0}, {1}"), vec![0, 1]);
}
