//! The texts of the views that are modules of their own (the filters view, the files
//! view, the Embed dialog): each view's `name = text` files, kept out of the page's
//! [`Text`] so that only the view's module (loaded on use) carries them. English (`src/i18n/<view>_en.txt`) is
//! compiled into the module; Chinese and Japanese (`static/i18n/<view>_zh.txt`,
//! `<view>_ja.txt`) are fetched when the view is shown in that language. A text missing
//! from a translation is shown in English.
//!
//! [`Text`]: super::Text

/// A view's text files: the stem of their names and the English file's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewTextFiles {
    /// `filters` for `filters_en.txt`, `i18n/filters_zh.txt` and `i18n/filters_ja.txt`.
    pub stem: &'static str,
    /// The English file.
    pub english: &'static str,
}

/// The filters view's texts.
pub const FILTERS: ViewTextFiles = ViewTextFiles {
    stem: "filters",
    english: include_str!("filters_en.txt"),
};

/// The Embed dialog's texts.
pub const EMBED: ViewTextFiles = ViewTextFiles {
    stem: "embed",
    english: include_str!("embed_en.txt"),
};

/// The files view's texts.
pub const FILES: ViewTextFiles = ViewTextFiles {
    stem: "files",
    english: include_str!("files_en.txt"),
};

/// One language's texts, by name.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ViewText {
    lines: Vec<(String, String)>,
}

impl ViewText {
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
        Ok(ViewText { lines })
    }

    /// The English texts of `files`.
    pub fn english(files: ViewTextFiles) -> Self {
        ViewText::parse(files.english).unwrap_or_default()
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

/// The texts a module's view shows: its language's (when here), with English for any
/// name that language lacks.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewTexts {
    lang: Option<std::rc::Rc<ViewText>>,
    english: std::rc::Rc<ViewText>,
}

impl ViewTexts {
    /// `lang`'s texts over `english`'s.
    pub fn new(english: std::rc::Rc<ViewText>, lang: Option<std::rc::Rc<ViewText>>) -> Self {
        ViewTexts { lang, english }
    }

    /// English alone.
    pub fn english(files: ViewTextFiles) -> Self {
        ViewTexts::new(std::rc::Rc::new(ViewText::english(files)), None)
    }

    /// The text named `name` (the name itself when no file has it).
    pub fn get<'a>(&'a self, name: &'a str) -> &'a str {
        self.lang
            .as_ref()
            .and_then(|t| t.find(name))
            .or_else(|| self.english.find(name))
            .unwrap_or(name)
    }

    /// The text named `name` with its placeholders filled.
    pub fn fill(&self, name: &str, values: &[&dyn std::fmt::Display]) -> String {
        super::fill(self.get(name), values)
    }
}
