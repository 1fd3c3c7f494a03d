//! The filters view's texts: its own `name = text` files, kept out of the page's [`Text`]
//! so that only the view's module (loaded on use) carries them. English
//! (`src/i18n/filters_en.txt`) is compiled into the module; Chinese and Japanese
//! (`static/i18n/filters_zh.txt`, `filters_ja.txt`) are fetched when the view is shown in
//! that language. A text missing from a translation is shown in English.
//!
//! [`Text`]: super::Text

/// The English file.
pub const FILTERS_EN: &str = include_str!("filters_en.txt");

/// One language's texts, by name.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FiltersText {
    lines: Vec<(String, String)>,
}

impl FiltersText {
    /// Reads a file of `name = text` lines (`#` starts a comment line; blank lines are
    /// skipped). A line without ` = ` is named in the error.
    pub fn parse(file: &str) -> Result<Self, String> {
        let mut lines = Vec::new();
        for line in file.lines() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let (name, text) = line
                .split_once(" = ")
                .ok_or_else(|| format!("not `name = text`: {line}"))?;
            lines.push((name.trim().to_owned(), text.to_owned()));
        }
        Ok(FiltersText { lines })
    }

    /// English.
    pub fn english() -> Self {
        FiltersText::parse(FILTERS_EN).unwrap_or_default()
    }

    /// The text named `name`, or `None`.
    pub fn find(&self, name: &str) -> Option<&str> {
        self.lines
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t.as_str())
    }

    /// The names, in the file's order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.lines.iter().map(|(n, _)| n.as_str())
    }
}
