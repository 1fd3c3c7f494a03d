//! Markup written as text, for the panels that have no event handlers (the page hands each
//! one to Yew as a raw node, `crate::ui::raw`).
//!
//! The writer escapes every value it is given. A template is a `&'static str` (markup the
//! program was compiled with) whose `{}` are filled in order by values that say how they
//! are written ([`ToMarkup`]): text is escaped, numbers are written as digits, and only
//! markup of the page's own making (another [`Markup`], or a [`Trusted`] literal) goes in as
//! it is. Text from a user cannot become either, so no call can forget to escape it.

use std::fmt::Write;

use crate::decimal::{Fixed, Shortest};

/// `text` with `&`, `<`, `>` and `"` escaped, safe inside an element or a quoted attribute:
/// the page's one escaper (the markup writer, the embed snippet).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(&mut out, text);
    out
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
}

/// A value a [`Markup`] template is filled with, and how it is written.
pub trait ToMarkup {
    /// Appends the value to `out` as markup.
    fn write_markup(&self, out: &mut String);
}

impl ToMarkup for str {
    /// Text, escaped.
    fn write_markup(&self, out: &mut String) {
        escape_into(out, self);
    }
}

impl ToMarkup for String {
    /// Text, escaped.
    fn write_markup(&self, out: &mut String) {
        escape_into(out, self);
    }
}

impl<T: ToMarkup + ?Sized> ToMarkup for &T {
    fn write_markup(&self, out: &mut String) {
        (**self).write_markup(out);
    }
}

/// Numbers are written as their digits (nothing in them needs escaping).
macro_rules! digits {
    ($($number:ty),*) => {
        $(impl ToMarkup for $number {
            fn write_markup(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
        })*
    };
}

digits!(u8, u16, u32, u64, usize, i32, i64, Fixed, Shortest);

/// A piece of the page's own markup, known when the program was compiled (a tag chosen at
/// run time, say): written as it is.
pub struct Trusted(pub &'static str);

impl ToMarkup for Trusted {
    fn write_markup(&self, out: &mut String) {
        out.push_str(self.0);
    }
}

/// Markup being written; [`Markup::push`] appends a template filled with values.
#[derive(Default)]
pub struct Markup(String);

impl ToMarkup for Markup {
    /// Markup this writer built: written as it is.
    fn write_markup(&self, out: &mut String) {
        out.push_str(&self.0);
    }
}

impl Markup {
    /// Appends `template` with each `{}` replaced by the next of `values`, written as its
    /// [`ToMarkup`] says (text escaped).
    pub fn push(&mut self, template: &'static str, values: &[&dyn ToMarkup]) -> &mut Self {
        let mut rest = template;
        let mut values = values.iter();
        while let Some(at) = rest.find("{}") {
            self.0.push_str(&rest[..at]);
            if let Some(value) = values.next() {
                value.write_markup(&mut self.0);
            }
            rest = &rest[at + 2..];
        }
        self.0.push_str(rest);
        self
    }

    /// The markup written.
    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(template: &'static str, values: &[&dyn ToMarkup]) -> String {
        let mut out = Markup::default();
        out.push(template, values);
        out.0
    }

    #[test]
    fn text_is_escaped_and_own_markup_is_not() {
        let user = "<img src=x onerror=alert(1)> & \"q\"";
        let mut inner = Markup::default();
        inner.push("<b>{}</b>", &[&user]);
        assert_eq!(
            written(
                "<p title=\"{}\">{} {} {}</p>",
                &[&user, &inner, &Trusted("<br>"), &42u64]
            ),
            "<p title=\"&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;\">\
             <b>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;</b> <br> 42</p>"
        );
    }

    #[test]
    fn values_fill_the_places_in_order_and_missing_ones_stay_empty() {
        assert_eq!(written("{}-{}-{}", &[&1u32, &String::from("a")]), "1-a-");
        assert_eq!(written("no places", &[&1u32]), "no places");
        assert_eq!(written("{}", &[&Fixed(0.5, 2)]), "0.50");
    }
}
