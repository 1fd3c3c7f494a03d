//! Markup written as text, for the panels that have no controls (the page hands each one
//! to Yew as a raw node, `crate::ui::raw`); anything with a control is `html!`.
//!
//! The writer escapes every value it is given. A template is a `&'static str` (markup the
//! program was compiled with) whose named holes, `{name}`, [`markup!`](crate::markup!) fills
//! with the values given those names, each written as its type says ([`ToMarkup`]): text is
//! escaped, numbers are written as digits, and only markup of the page's own making (another
//! [`Markup`], or a [`Trusted`] literal) goes in as it is. Text from a user cannot become
//! either, so no call can forget to escape it; and a hole without its value, or a value
//! without its hole, is a compile error.

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

/// Markup being written; [`markup!`](crate::markup!) appends a template filled with values.
#[derive(Default)]
pub struct Markup(String);

impl ToMarkup for Markup {
    /// Markup this writer built: written as it is.
    fn write_markup(&self, out: &mut String) {
        out.push_str(&self.0);
    }
}

impl Markup {
    /// Appends `plain` with its `i`-th `{}` replaced by `values[order[i]]`, written as its
    /// [`ToMarkup`] says (text escaped). Only [`markup!`](crate::markup!) calls this, with a
    /// `plain` and an `order` it made and checked from a template with named holes.
    #[doc(hidden)]
    pub fn fill(&mut self, plain: &'static str, order: &[u8], values: &[&dyn ToMarkup]) {
        let mut rest = plain;
        for &index in order {
            let Some(at) = rest.find("{}") else {
                break;
            };
            self.0.push_str(&rest[..at]);
            if let Some(value) = values.get(usize::from(index)) {
                value.write_markup(&mut self.0);
            }
            rest = &rest[at + 2..];
        }
        self.0.push_str(rest);
    }

    /// The markup written.
    pub fn into_string(self) -> String {
        self.0
    }
}

/// Appends a template to a [`Markup`], each `{name}` hole filled by the value given that
/// name (`name = value`, or `name` alone for a variable of that name), written as its
/// [`ToMarkup`] says: `markup!(out, "<p id=\"{id}\">{text}</p>", id = x, text)`.
///
/// The template is a compiled-in string (a literal or `concat!` of literals). Its holes are
/// checked against the names given when the program is compiled: a hole that names no value,
/// a value that no hole names, a name given twice, and a brace that opens no hole are
/// compile errors.
///
/// ```
/// let (id, text) = ("greeting", "<hello>");
/// let mut out = bloomlab::markup::Markup::default();
/// bloomlab::markup!(out, "<p id=\"{id}\">{text}</p>", id, text);
/// assert_eq!(out.into_string(), "<p id=\"greeting\">&lt;hello&gt;</p>");
/// ```
///
/// A hole without its value does not compile:
///
/// ```compile_fail
/// let mut out = bloomlab::markup::Markup::default();
/// bloomlab::markup!(out, "<p id=\"{id}\">{text}</p>", text = "hello");
/// ```
///
/// Nor does a value without its hole:
///
/// ```compile_fail
/// let mut out = bloomlab::markup::Markup::default();
/// bloomlab::markup!(out, "<p>{text}</p>", text = "hello", id = "greeting");
/// ```
#[macro_export]
macro_rules! markup {
    (@value $name:ident) => {
        $name
    };
    (@value $name:ident $value:expr) => {
        $value
    };
    ($out:expr, $template:expr $(, $name:ident $(= $value:expr)?)* $(,)?) => {{
        const MARKUP_TEMPLATE: &str = $template;
        const MARKUP_NAMES: &[&str] = &[$(stringify!($name)),*];
        const MARKUP_HOLES: usize = $crate::markup::holes::count(MARKUP_TEMPLATE, MARKUP_NAMES);
        const MARKUP_ORDER: [u8; MARKUP_HOLES] =
            $crate::markup::holes::order(MARKUP_TEMPLATE, MARKUP_NAMES);
        const MARKUP_LEN: usize = $crate::markup::holes::plain_len(MARKUP_TEMPLATE);
        const MARKUP_PLAIN: [u8; MARKUP_LEN] = $crate::markup::holes::plain(MARKUP_TEMPLATE);
        const MARKUP_PLAIN_TEXT: &str = $crate::markup::holes::text(&MARKUP_PLAIN);
        $out.fill(
            MARKUP_PLAIN_TEXT,
            &MARKUP_ORDER,
            &[$(&$crate::markup!(@value $name $($value)?) as &dyn $crate::markup::ToMarkup),*],
        );
    }};
}

/// The compile-time side of [`markup!`](crate::markup!): reading a template's named holes
/// (`{name}`, a name of letters, digits and `_`), checking them against the names given, and
/// the template with each hole written `{}` (what [`Markup::fill`] fills in order).
#[doc(hidden)]
pub mod holes {
    /// The index of the `}` closing the hole opened at `open`.
    const fn close(template: &[u8], open: usize) -> usize {
        let mut at = open + 1;
        while at < template.len() && template[at] != b'}' {
            let c = template[at];
            if !(c == b'_' || c.is_ascii_alphanumeric()) {
                panic!(
                    "a `{{` in a markup template opens a hole `{{name}}`: write a brace as a value"
                );
            }
            at += 1;
        }
        if at == template.len() {
            panic!("a hole of a markup template is not closed by `}}`");
        }
        if at == open + 1 {
            panic!("a hole of a markup template has no name: write `{{name}}`");
        }
        at
    }

    /// Whether `template[from..to]` is `name`.
    const fn is_named(template: &[u8], from: usize, to: usize, name: &str) -> bool {
        let name = name.as_bytes();
        if name.len() != to - from {
            return false;
        }
        let mut i = 0;
        while i < name.len() {
            if name[i] != template[from + i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The place among `names` of the name `template[from..to]`.
    const fn place(template: &[u8], from: usize, to: usize, names: &[&str]) -> usize {
        let mut i = 0;
        while i < names.len() {
            if is_named(template, from, to, names[i]) {
                return i;
            }
            i += 1;
        }
        panic!("a hole of this markup template names no value given")
    }

    /// The number of holes in `template`; refuses (at compile time) a hole naming no value,
    /// a value named by no hole, a name given twice, a stray brace, more than 64 values.
    pub const fn count(template: &str, names: &[&str]) -> usize {
        if names.len() > 64 {
            panic!("a markup template takes at most 64 values");
        }
        let mut i = 0;
        while i < names.len() {
            let mut j = i + 1;
            while j < names.len() {
                let first = names[i].as_bytes();
                if is_named(first, 0, first.len(), names[j]) {
                    panic!("a value is given twice to a markup template");
                }
                j += 1;
            }
            i += 1;
        }
        let template = template.as_bytes();
        let (mut holes, mut used, mut at) = (0, 0u64, 0);
        while at < template.len() {
            if template[at] == b'}' {
                panic!("a `}}` in a markup template closes no hole: a brace is written as a value");
            }
            if template[at] == b'{' {
                let end = close(template, at);
                used |= 1 << place(template, at + 1, end, names);
                holes += 1;
                at = end;
            }
            at += 1;
        }
        if names.len() < 64 && used != (1u64 << names.len()) - 1
            || names.len() == 64 && used != u64::MAX
        {
            panic!("a value given to a markup template is named by none of its holes");
        }
        holes
    }

    /// For each hole in order, the place of its value among `names`.
    pub const fn order<const HOLES: usize>(template: &str, names: &[&str]) -> [u8; HOLES] {
        let template = template.as_bytes();
        let mut order = [0; HOLES];
        let (mut hole, mut at) = (0, 0);
        while at < template.len() {
            if template[at] == b'{' {
                let end = close(template, at);
                order[hole] = place(template, at + 1, end, names) as u8;
                hole += 1;
                at = end;
            }
            at += 1;
        }
        order
    }

    /// The length of `template` with each hole written `{}`.
    pub const fn plain_len(template: &str) -> usize {
        let template = template.as_bytes();
        let (mut len, mut at) = (0, 0);
        while at < template.len() {
            if template[at] == b'{' {
                at = close(template, at);
                len += 1;
            }
            len += 1;
            at += 1;
        }
        len
    }

    /// `template` with each hole written `{}`.
    pub const fn plain<const LEN: usize>(template: &str) -> [u8; LEN] {
        let template = template.as_bytes();
        let mut plain = [0; LEN];
        let (mut len, mut at) = (0, 0);
        while at < template.len() {
            plain[len] = template[at];
            if template[at] == b'{' {
                at = close(template, at);
                len += 1;
                plain[len] = b'}';
            }
            len += 1;
            at += 1;
        }
        plain
    }

    /// The text of `plain` (a template's bytes, cut only at ASCII braces, so UTF-8).
    pub const fn text(plain: &[u8]) -> &str {
        match core::str::from_utf8(plain) {
            Ok(text) => text,
            Err(_) => panic!("a markup template is not UTF-8"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_own_markup_is_not() {
        let user = "<img src=x onerror=alert(1)> & \"q\"";
        let mut inner = Markup::default();
        crate::markup!(inner, "<b>{user}</b>", user);
        let mut out = Markup::default();
        crate::markup!(
            out,
            "<p title=\"{user}\">{inner} {br} {n}</p>",
            user,
            inner,
            br = Trusted("<br>"),
            n = 42u64
        );
        assert_eq!(
            out.0,
            "<p title=\"&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;\">\
             <b>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;</b> <br> 42</p>"
        );
    }

    #[test]
    fn named_holes_are_filled_in_the_template_s_order_whatever_the_order_given() {
        let mut out = Markup::default();
        crate::markup!(out, "{a}-{b}-{a}-{c}", c = 3u32, b = "two", a = 1u32);
        assert_eq!(out.0, "1-two-1-3");
    }

    #[test]
    fn a_template_without_holes_and_a_concatenated_one_are_written_as_they_are() {
        let mut out = Markup::default();
        crate::markup!(out, "no holes, é");
        crate::markup!(
            out,
            concat!("<p class=\"{class}\">", "{x}</p>"),
            class = "c",
            x = Fixed(0.5, 2)
        );
        assert_eq!(out.0, "no holes, é<p class=\"c\">0.50</p>");
    }

    #[test]
    fn the_compile_time_reading_finds_each_hole_and_its_value() {
        let names = &["id", "text"];
        assert_eq!(holes::count("<p id=\"{id}\">{text}{id}</p>", names), 3);
        assert_eq!(
            holes::order::<3>("<p id=\"{id}\">{text}{id}</p>", names),
            [0, 1, 0]
        );
        assert_eq!(holes::plain_len("<i>{text}</i>"), "<i>{}</i>".len());
        assert_eq!(&holes::plain::<9>("<i>{text}</i>"), b"<i>{}</i>");
    }

    #[test]
    #[should_panic(expected = "names no value given")]
    fn a_hole_without_a_value_is_refused() {
        holes::count("{id}{text}", &["id"]);
    }

    #[test]
    #[should_panic(expected = "named by none of its holes")]
    fn a_value_without_a_hole_is_refused() {
        holes::count("{id}", &["id", "text"]);
    }

    #[test]
    #[should_panic(expected = "opens a hole")]
    fn a_brace_that_opens_no_hole_is_refused() {
        holes::count("a { b }", &[]);
    }
}
