//! Static markup written as text: tables and grids that have no event handlers are built as
//! one HTML string and handed to Yew as a raw node, which costs far less code than one
//! `html!` element per cell. Every piece of user text goes through [`escape`].

use std::fmt::Write;

use yew::{AttrValue, Html};

/// `text` with `&`, `<`, `>` and `"` escaped, safe inside an element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// A string of markup being built; `push` appends formatted text.
#[derive(Default)]
pub struct Markup(pub String);

impl Markup {
    /// Appends formatted markup (the caller escapes any user text in it).
    pub fn push(&mut self, args: std::fmt::Arguments) -> &mut Self {
        let _ = self.0.write_fmt(args);
        self
    }

    /// The markup as a node of the page.
    pub fn html(self) -> Html {
        Html::from_html_unchecked(AttrValue::from(self.0))
    }
}
