//! The names of the texts: how a line of a language file reads, which names are allowed, and
//! the check that ties a translation to the names it was written for.
//!
//! A translation's first line, its header, is `# names: ` and the check of the names it was
//! written for ([`header`]). The page, reading a fetched file, feeds that line and then each
//! text's name to one [`NamesCheck`] and compares the result with the build's value for this
//! page's header and names (`NAMES_CHECK`): one comparison, which fails when the header is
//! not this page's or when a name is not the one at its place.
//!
//! `build.rs` includes this file as well (`#[path]`), so that the build, which makes
//! [`Text`](super::Text) and the checks from `src/i18n/en.txt`, and the page read lines and
//! compute the check the same way.

use std::hash::Hasher;

/// How the first line of a translation starts: `# names: ` and then the check of the names
/// it was written for, as 16 lowercase hexadecimal digits ([`header`]).
pub const HEADER_PREFIX: &str = "# names: ";

/// The check of a list of names (or of a header and names): FNV-1a 64 of them in order,
/// each followed by `\n` (so that `ab, c` and `a, bc` differ). Fed one at a time, so that
/// the page computes it while it reads a file, without keeping the names.
#[derive(Default)]
pub struct NamesCheck(fnv::FnvHasher);

impl NamesCheck {
    /// Adds the next name (or header).
    pub fn add(&mut self, name: &str) {
        self.0.write(name.as_bytes());
        self.0.write(b"\n");
    }

    /// The check of the names added so far.
    pub fn value(&self) -> u64 {
        self.0.finish()
    }
}

/// The first line of a translation written for `names`, in this order:
/// `# names: 0123456789abcdef`.
pub fn header<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut check = NamesCheck::default();
    for name in names {
        check.add(name);
    }
    format!("{HEADER_PREFIX}{:016x}", check.value())
}

/// What a line that is not blank, not a comment and not `name = text` is told. A macro, so
/// that the page's message builds on it with `concat!` (one fewer value to format).
macro_rules! expected_entry {
    () => {
        "expected `name = text`"
    };
}
pub(crate) use expected_entry;

/// One line of a language file, as `str::lines` gives it (without its `\n` or `\r\n`):
/// `Ok(None)` for a blank line or a comment (`#` first), `Ok(Some((name, text)))` for a
/// `name = text` line, else an error that says what was expected.
pub fn entry(line: &str) -> Result<Option<(&str, &str)>, &'static str> {
    if line.trim().is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    line.split_once(" = ").map(Some).ok_or(expected_entry!())
}

/// Why `name` cannot name a text, if it cannot: each name is a field of `Text`, so it is a
/// Rust identifier in snake case (lowercase ASCII letters, digits and `_`, not starting with
/// a digit, not `_` alone) and not a Rust keyword.
pub fn name_problem(name: &str) -> Option<String> {
    let snake = name
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
    if name.is_empty() || name == "_" || name.as_bytes()[0].is_ascii_digit() || !snake {
        return Some(format!(
            "{name:?} is not a text name: a name is a Rust field name in snake case \
             (a-z, 0-9 and _, not starting with a digit)"
        ));
    }
    KEYWORDS
        .contains(&name)
        .then(|| format!("{name:?} is a Rust keyword, which cannot be a field name"))
}

/// Rust's keywords in every edition, strict and reserved (lowercase ones; the names are
/// lowercase).
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_is_fnv_1a_64_of_the_names_each_ended_by_a_newline() {
        // Published FNV-1a 64 vectors: "" and "a"; the newline after each name is fed too.
        assert_eq!(header([]), "# names: cbf29ce484222325");
        let mut check = NamesCheck::default();
        check.add("a");
        let mut fnv = fnv::FnvHasher::default();
        fnv.write(b"a\n");
        assert_eq!(check.value(), fnv.finish());
        assert_ne!(header(["ab", "c"]), header(["a", "bc"]));
        assert_ne!(header(["a", "b"]), header(["b", "a"]));
        assert_eq!(header(["a", "b"]).len(), HEADER_PREFIX.len() + 16);
    }

    #[test]
    fn lines_are_names_and_texts_comments_or_blank() {
        assert_eq!(
            entry("title = Bloom = lab"),
            Ok(Some(("title", "Bloom = lab")))
        );
        assert_eq!(entry("empty = "), Ok(Some(("empty", ""))));
        assert_eq!(entry("# names: 00"), Ok(None));
        assert_eq!(entry("   "), Ok(None));
        assert!(entry("title: x").is_err());
        assert!(entry("title =x").is_err());
    }

    #[test]
    fn names_are_snake_case_rust_identifiers() {
        for good in ["title", "walk_hash_seed", "key_2", "_hidden"] {
            assert_eq!(name_problem(good), None, "{good}");
        }
        for bad in [
            "",
            "_",
            "2nd",
            "Title",
            "walk-hash",
            "walk hash",
            "r#type",
            "名前",
        ] {
            assert!(
                name_problem(bad).unwrap().contains("not a text name"),
                "{bad}"
            );
        }
        for keyword in ["type", "match", "self", "async", "gen"] {
            assert!(
                name_problem(keyword).unwrap().contains("keyword"),
                "{keyword}"
            );
        }
    }
}
