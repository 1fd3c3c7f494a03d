//! Every piece of text the page shows, in English, 简体中文 and 日本語.
//!
//! A language is one [`Text`] value, read from a file of `name = text` lines. English,
//! `src/i18n/en.txt`, defines the texts: `build.rs` makes [`Text`] from it, one field per
//! line in its order, and compiles its texts into the page without their names, read by
//! place when first used. Chinese and Japanese, `static/i18n/zh.txt` and `ja.txt`, are
//! fetched when the page is shown in that language and [installed](install) here: this
//! keeps their 10 KB (gzip) out of the bundle. Their first line, `# names: <check>`
//! ([`NAMES_HEADER`]), says which names they were written for; a file is installed only
//! when that line and the names it has are this page's ([`Text::parse`]). The tests also
//! check that the translations keep the English template's `{0}`, `{1}`, … placeholders.

use std::cell::Cell;

use crate::lang::Lang;

pub mod answer;
pub mod arithmetic;
pub mod describe;
mod en;
pub mod grow;
pub mod labels;
pub mod names;
pub mod sentences;
pub mod view_texts;

pub use en::EN;

impl Lang {
    /// The strings of this language: English until this language's file is installed.
    pub fn text(self) -> &'static Text {
        self.installed().unwrap_or(&EN)
    }

    /// The strings of this language if they are here (English always is).
    pub fn installed(self) -> Option<&'static Text> {
        match self {
            Lang::En => Some(&EN),
            Lang::Zh => INSTALLED.with(|t| t[0].get()),
            Lang::Ja => INSTALLED.with(|t| t[1].get()),
        }
    }
}

thread_local! {
    /// The installed Chinese and Japanese texts.
    static INSTALLED: [Cell<Option<&'static Text>>; 2] = const { [Cell::new(None), Cell::new(None)] };
}

/// Parses a language file and makes its texts those of `lang` from now on. The file is
/// kept for the life of the page (its texts are `&'static str` like English's); a language
/// is installed at most once.
pub fn install(lang: Lang, file: String) -> Result<(), String> {
    if lang.installed().is_some() {
        return Ok(());
    }
    // Read once, in place: the file moves to the heap and its texts are borrowed from it.
    // It is kept for the life of the page when it reads, and freed when it does not.
    let file: *mut str = Box::into_raw(file.into_boxed_str());
    // SAFETY: `file` is a live allocation that nothing frees unless the parse fails; then
    // nothing borrows from it any more (the error owns its text) and it is freed once.
    let strings = match Text::strings_of(unsafe { &*file }) {
        Ok(strings) => strings,
        Err(problem) => {
            drop(unsafe { Box::from_raw(file) });
            return Err(problem);
        }
    };
    let text: &'static Text = Box::leak(Box::new(Text::from_strings(strings)));
    INSTALLED.with(|t| match lang {
        Lang::En => {}
        Lang::Zh => t[0].set(Some(text)),
        Lang::Ja => t[1].set(Some(text)),
    });
    Ok(())
}

/// The language files that ship with the page, for the tests.
pub const BUNDLED_FILES: [(Lang, &str); 2] = [
    (Lang::Zh, include_str!("../../static/i18n/zh.txt")),
    (Lang::Ja, include_str!("../../static/i18n/ja.txt")),
];

/// Installs the shipped Chinese and Japanese files from the source tree (tests and
/// native tools; the page fetches them instead).
pub fn install_bundled() {
    for (lang, file) in BUNDLED_FILES {
        install(lang, file.to_owned()).expect("a shipped language file parses");
    }
}

include!(concat!(env!("OUT_DIR"), "/text.rs"));

impl Text {
    /// Reads a language file.
    ///
    /// The file's first line is [`NAMES_HEADER`]; then come one `name = text` line per
    /// string, in the order of [`Text::NAMES`], and blank lines or comments (`#` first).
    /// The page takes each line's text by its place, so that the bundle carries none of the
    /// names. What keeps a text out of another's place is the check ([`names`]): the file
    /// is read once, its first line and the name of each text are fed to the check as they
    /// come, and the file is refused unless the result is the check of this page's header
    /// and names, which `build.rs` computes from `src/i18n/en.txt`. So a file written for
    /// other names (another version's, or one with a line moved, renamed, missing or added)
    /// is refused, as is a file without the header or with an old one. The errors say
    /// which line is not `name = text`, or that the file was written for other texts
    /// (natively also where: [`names_difference`]).
    pub fn parse(file: &'static str) -> Result<Text, String> {
        Ok(Text::from_strings(Text::strings_of(file)?))
    }

    /// The strings of a language file in the order of [`Text::NAMES`], borrowed from it, or
    /// why it is refused: what [`Text::parse`] reads ([`install`] reads it in place).
    fn strings_of(file: &str) -> Result<[&str; Text::NAMES.len()], String> {
        let mut check = names::NamesCheck::default();
        let mut strings: [&str; Text::NAMES.len()] = [""; Text::NAMES.len()];
        let mut count = 0;
        for (number, line) in file.lines().enumerate() {
            if number == 0 {
                // Line 1, `# names: <check>` (a comment to the rest of this loop), is
                // checked with the names.
                check.add(line);
            }
            let Some((name, value)) = names::entry(line)
                .map_err(|_| format!(concat!("line {}: ", names::expected_entry!()), number + 1))?
            else {
                continue;
            };
            check.add(name);
            // A text beyond the last is only checked: its name makes the check differ.
            if let Some(slot) = strings.get_mut(count) {
                *slot = value;
            }
            count += 1;
        }
        if check.value() != NAMES_CHECK {
            return Err(written_for_other_texts(file));
        }
        Ok(strings)
    }

    /// A text from its strings in the order of [`Text::NAMES`].
    fn from_strings(strings: [&'static str; Text::NAMES.len()]) -> Text {
        // SAFETY: `build.rs` writes `Text` as `repr(C)` with exactly `NAMES.len()` fields,
        // all `&'static str`, in the order of `NAMES`: its layout is that of the array
        // (`transmute` also checks the sizes at compile time). One copy, where assigning
        // every field one by one costs about 7 KB of code.
        unsafe { std::mem::transmute::<[&'static str; Text::NAMES.len()], Text>(strings) }
    }
}

/// Why a file whose first line is not [`NAMES_HEADER`], or whose names do not give its
/// check, is refused: natively, where it differs.
#[cfg(not(target_arch = "wasm32"))]
fn written_for_other_texts(file: &str) -> String {
    let which = match file.lines().next() {
        Some(NAMES_HEADER) => names_difference(file).unwrap_or_default(),
        _ => format!("line 1 is not {NAMES_HEADER}"),
    };
    format!("written for other texts: {which}")
}

/// Why a file whose first line is not [`NAMES_HEADER`], or whose names do not give its
/// check, is refused: in the page, which has no names to compare, just that.
#[cfg(target_arch = "wasm32")]
fn written_for_other_texts(_file: &str) -> String {
    "written for other texts".into()
}

/// Where the names of a language file first differ from [`Text::NAMES`] (`line 12:
/// expected intro_hint, found title`), or `None` when they are the same, in the same order.
/// Comments, the header among them, are skipped. For the tests, the error messages of
/// [`Text::parse`] natively and `cargo run --example i18n_header`; the page does without it
/// (it would need the names in the bundle).
pub fn names_difference(file: &str) -> Option<String> {
    let mut expected = Text::NAMES.iter();
    let mut last = 0;
    for (index, line) in file.lines().enumerate() {
        let number = index + 1;
        let name = match names::entry(line) {
            Ok(Some((name, _))) => name,
            Ok(None) => continue,
            Err(problem) => return Some(format!("line {number}: {problem}")),
        };
        last = number;
        match expected.next() {
            Some(&want) if want == name => {}
            Some(want) => return Some(format!("line {number}: expected {want}, found {name}")),
            None => return Some(format!("line {number}: {name} follows the last text")),
        }
    }
    expected
        .next()
        .map(|want| format!("{want} is missing after line {last}"))
}

/// Languages are `'static` tables: two are the same language when they are the same table,
/// so comparing them (Yew compares context values) never walks every string.
impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

/// `text` in double quotes, as notices and error messages show a value: `"`, `\\` and
/// control characters are escaped the way Rust string literals write them (`\"`, `\\`,
/// `\n`, `\r`, `\t`, `\0`, else `\u{7f}`); every other character is kept as it is.
pub fn quoted(text: &str) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\0' => out.push_str("\\0"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `first` followed by the sentence `next`: after a Latin full stop with a space, after a
/// Chinese or Japanese one (。) without.
pub fn then(first: &str, next: &str) -> String {
    let gap = if first.ends_with('。') { "" } else { " " };
    format!("{first}{gap}{next}")
}

/// Replaces `{0}`, `{1}`, … in `template` by `values`, in one pass over the template: a
/// value is never read again as a template, so an item named `{1}` is shown as typed.
/// A placeholder without a value is kept as written.
pub fn fill(template: &str, values: &[&dyn std::fmt::Display]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(template.len() + 16 * values.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let value = (digits > 0 && after[digits..].starts_with('}'))
            .then(|| after[..digits].parse::<usize>().ok())
            .flatten()
            .and_then(|index| values.get(index));
        match value {
            Some(value) => {
                let _ = write!(out, "{value}");
                rest = &after[digits + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders `{0}`, `{1}`, … `{N}` that a template uses, each once, sorted: those
/// [`fill`] fills when given enough values, whatever their index.
pub fn placeholders(template: &str) -> Vec<usize> {
    // Kept sorted and without repeats as they are found (a template has a few).
    let mut found: Vec<usize> = Vec::new();
    for after in template.split('{').skip(1) {
        let Some((digits, _)) = after.split_once('}') else {
            continue;
        };
        let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        if let Some(index) = all_digits.then(|| digits.parse().ok()).flatten() {
            if let Err(at) = found.binary_search(&index) {
                found.insert(at, index);
            }
        }
    }
    found
}

/// Items longer than this many characters are shown shortened.
pub const SHOWN_CHARS: usize = 120;

/// At most this many items are named in a list inside a sentence.
pub const LISTED_IN_TEXT: usize = 20;

/// An item as shown in text: at most [`SHOWN_CHARS`] characters, then "…" and its size in
/// bytes. White space at either end is drawn as `␣`, so that `"  two  "` and `"two"`
/// (different items, with different hashes) do not look the same.
pub fn shown_item(item: &str) -> String {
    let shown = visible_ends(item);
    match shown.char_indices().nth(SHOWN_CHARS) {
        Some((cut, _)) => format!("{}… ({} B)", &shown[..cut], item.len()),
        None => shown,
    }
}

/// `text` with each white-space character before its first and after its last other
/// character replaced by `␣`.
fn visible_ends(text: &str) -> String {
    let body = text.trim();
    if body.len() == text.len() {
        return text.to_owned();
    }
    let (start, end) = if body.is_empty() {
        (text.len(), text.len())
    } else {
        let start = text.len() - text.trim_start().len();
        (start, start + body.len())
    };
    let blanks = |part: &str| "␣".repeat(part.chars().count());
    format!("{}{body}{}", blanks(&text[..start]), blanks(&text[end..]))
}

/// Numbers (positions) separated by the language's list separator: `9, 1, 4`, `9、1、4`.
pub fn number_list(text: &Text, numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(text.list_separator)
}

/// Items in the language's quotes, separated by its list separator (`“a”, “b”`;
/// `「a」、「b」`): the first [`LISTED_IN_TEXT`], then how many more.
pub fn quoted_list(text: &Text, items: &[String]) -> String {
    let mut out: Vec<String> = items
        .iter()
        .take(LISTED_IN_TEXT)
        .map(|s| fill(text.item_quoted, &[&shown_item(s)]))
        .collect();
    if items.len() > LISTED_IN_TEXT {
        out.push(fill(text.more_items, &[&(items.len() - LISTED_IN_TEXT)]));
    }
    out.join(text.list_separator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_writes_values_as_rust_writes_string_literals() {
        for text in [
            "",
            "nope",
            "a b",
            "say \"hi\"",
            "back\\slash",
            "two\nlines",
            "tab\there",
            "cr\r",
            "nul\0",
            "bell\u{7}",
            "del\u{7f}",
            "c1\u{85}",
            "布隆过滤器",
            "ブルーム",
            "é€",
        ] {
            assert_eq!(quoted(text), format!("{text:?}"), "{text}");
        }
    }

    #[test]
    fn every_translation_is_present_and_keeps_its_placeholders() {
        install_bundled();
        let english = EN.entries();
        for lang in [Lang::Zh, Lang::Ja] {
            assert!(lang.installed().is_some());
            let other = lang.text().entries();
            // Each string lands in its own field: the file's line for that name.
            let (_, file) = BUNDLED_FILES[if lang == Lang::Zh { 0 } else { 1 }];
            for (name, translated) in &other {
                assert!(
                    file.contains(&format!("\n{name} = {translated}\n")),
                    "{lang:?} {name}"
                );
            }
            assert_eq!(other.len(), english.len());
            for ((name, en), (other_name, translated)) in english.iter().zip(&other) {
                assert_eq!(name, other_name);
                assert!(!translated.trim().is_empty(), "{lang:?} {name} is empty");
                assert_eq!(
                    placeholders(en),
                    placeholders(translated),
                    "{lang:?} {name}: {translated:?} must use the placeholders of {en:?}"
                );
            }
        }
    }

    #[test]
    fn sentences_follow_each_other_with_the_language_s_spacing() {
        assert_eq!(then("One.", "Two."), "One. Two.");
        assert_eq!(then("一。", "二。"), "一。二。");
    }

    #[test]
    fn english_is_its_file_read_by_name() {
        let file = include_str!("en.txt");
        let read: Vec<(&str, &str)> = file
            .lines()
            .filter_map(|line| names::entry(line).unwrap())
            .collect();
        assert_eq!(read, EN.entries());
        assert_eq!(names_difference(file), None);
        assert_eq!(NAMES_HEADER, names::header(Text::NAMES.iter().copied()));
        assert_eq!(EN.title, "Bloom filter lab");
        assert_eq!(EN.ch_corner, "c \\ k");
    }

    /// `file` with the `name = text` lines `a` and `b` (0-based, among those lines) swapped.
    fn swapped(file: &str, a: usize, b: usize) -> String {
        let mut lines: Vec<&str> = file.lines().collect();
        let at = |n: usize| {
            lines
                .iter()
                .enumerate()
                .filter(|(_, l)| matches!(names::entry(l), Ok(Some(_))))
                .nth(n)
                .unwrap()
                .0
        };
        let (a, b) = (at(a), at(b));
        lines.swap(a, b);
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    fn refusal(file: String) -> String {
        let file: &'static str = Box::leak(file.into_boxed_str());
        Text::parse(file).err().unwrap_or_default()
    }

    #[test]
    fn shipped_translations_carry_the_check_of_this_page_s_names() {
        for (lang, file) in BUNDLED_FILES {
            let first = file.lines().next().unwrap_or_default();
            assert!(
                first == NAMES_HEADER,
                "static/i18n/{}.txt: line 1 is {first:?}; a file written for the names of \
                 src/i18n/en.txt, in its order, starts with\n{NAMES_HEADER}\n\
                 Once its names are those (here: {}), `cargo run --example i18n_header` \
                 writes that line.",
                lang.key(),
                names_difference(file).unwrap_or_else(|| "they are".to_owned()),
            );
            assert_eq!(
                names_difference(file),
                None,
                "static/i18n/{}.txt",
                lang.key()
            );
        }
    }

    #[test]
    fn a_file_written_for_other_names_is_refused() {
        let (_, zh) = BUNDLED_FILES[0];
        assert!(Text::parse(zh).is_ok());
        let n = Text::NAMES.len();
        let line_of = |name: &str| {
            1 + zh
                .lines()
                .position(|l| l.starts_with(&format!("{name} = ")))
                .unwrap()
        };
        // Two lines swapped (neighbours, far apart, the last two): the header is this
        // page's and every line reads, only the names' check differs.
        for (a, b) in [(0, 1), (5, 300), (n - 2, n - 1)] {
            let (first, second) = (Text::NAMES[a], Text::NAMES[b]);
            assert_eq!(
                refusal(swapped(zh, a, b)),
                format!(
                    "written for other texts: line {}: expected {first}, found {second}",
                    line_of(first)
                )
            );
        }
        // A text renamed, one missing, one more (in the middle, at the end).
        let other = |detail: String| format!("written for other texts: {detail}");
        assert_eq!(
            refusal(zh.replacen("\nsettings = ", "\nsetting = ", 1)),
            other(format!(
                "line {}: expected settings, found setting",
                line_of("settings")
            ))
        );
        let without = |name: &str| -> String {
            zh.lines()
                .filter(|l| !l.starts_with(&format!("{name} = ")))
                .map(|l| format!("{l}\n"))
                .collect()
        };
        let settings = Text::NAMES.iter().position(|&n| n == "settings").unwrap();
        assert_eq!(
            refusal(without("settings")),
            other(format!(
                "line {}: expected settings, found {}",
                line_of("settings"),
                Text::NAMES[settings + 1]
            ))
        );
        let last = Text::NAMES[n - 1];
        assert_eq!(
            refusal(without(last)),
            other(format!(
                "{last} is missing after line {}",
                line_of(Text::NAMES[n - 2])
            ))
        );
        let one_more = zh.replacen("\nsettings = ", "\nsettings_more = x\nsettings = ", 1);
        assert!(refusal(one_more).contains("expected settings, found settings_more"));
        assert_eq!(
            refusal(format!("{zh}title = x\n")),
            other(format!(
                "line {}: title follows the last text",
                zh.lines().count() + 1
            ))
        );
        // The header of another version (the names without the last text), or none.
        let old_header = names::header(Text::NAMES[..n - 1].iter().copied());
        assert_eq!(
            refusal(zh.replacen(NAMES_HEADER, &old_header, 1)),
            other(format!("line 1 is not {NAMES_HEADER}"))
        );
        let headless = zh.split_once('\n').unwrap().1.to_owned();
        assert!(refusal(headless).contains("line 1 is not # names: "));
        // A header made for names that are not this page's is no way in either.
        let mut renamed_names: Vec<&str> = Text::NAMES.to_vec();
        renamed_names[settings] = "setting";
        let restamped = zh.replacen("\nsettings = ", "\nsetting = ", 1).replacen(
            NAMES_HEADER,
            &names::header(renamed_names),
            1,
        );
        assert!(refusal(restamped).contains("line 1 is not"));
        // `install` (what the page calls on a fetched file) refuses them the same way, and
        // the language stays as it was.
        assert!(install(Lang::Ja, swapped(BUNDLED_FILES[1].1, 0, 1)).is_err());
        assert!(Lang::Ja.installed().is_none());
    }

    #[test]
    fn a_damaged_language_file_is_refused_with_the_reason() {
        let (_, zh) = BUNDLED_FILES[0];
        let title_line = 1 + zh.lines().position(|l| l.starts_with("title = ")).unwrap();
        assert_eq!(
            refusal(zh.replacen("\ntitle = ", "\ntitle: ", 1)),
            format!("line {title_line}: expected `name = text`")
        );
        assert_eq!(
            refusal(format!("{zh}title=x\n")),
            format!("line {}: expected `name = text`", zh.lines().count() + 1)
        );
        let without_title = zh.replacen("\ntitle = ", "\n# title = ", 1);
        assert!(
            refusal(without_title).contains(&format!("expected title, found {}", Text::NAMES[1]))
        );
        // Windows line ends are fine; nothing is installed by a failed parse.
        assert!(Text::parse(Box::leak(zh.replace('\n', "\r\n").into_boxed_str())).is_ok());
        assert!(install(Lang::Ja, "title = x\n".to_owned()).is_err());
        assert!(install(Lang::Ja, format!("{NAMES_HEADER}\ntitle = x\n")).is_err());
        assert!(install(Lang::Ja, String::new()).is_err());
        assert!(Lang::Ja.installed().is_none());
        assert_eq!(Lang::Ja.text().title, EN.title);
    }

    #[test]
    fn placeholders_are_read_at_every_index() {
        assert_eq!(placeholders("{0} of {1}"), [0, 1]);
        assert_eq!(placeholders("{10}, {2} and {10} again; {9}"), [2, 9, 10]);
        assert_eq!(placeholders("{123456}"), [123456]);
        // What `fill` leaves as written is no placeholder.
        assert_eq!(placeholders("{x} {} {1 } {-1} {2"), Vec::<usize>::new());
        assert_eq!(placeholders("{{3}}"), [3]);
        assert_ne!(placeholders(EN.plot_point_mean), placeholders("{0} … {9}"));
        assert_eq!(
            placeholders(EN.plot_point_mean),
            (0..=10).collect::<Vec<_>>()
        );
    }

    #[test]
    fn browser_languages_pick_the_first_supported_one() {
        assert_eq!(Lang::from_browser(["zh-CN", "en"]), Lang::Zh);
        assert_eq!(Lang::from_browser(["ja-JP"]), Lang::Ja);
        assert_eq!(Lang::from_browser(["fr-FR", "ja"]), Lang::Ja);
        assert_eq!(Lang::from_browser(["de"]), Lang::En);
        assert_eq!(Lang::from_browser([]), Lang::En);
        assert_eq!(fill("{0} of {1}", &[&1, &"two"]), "1 of two");
    }

    #[test]
    fn fill_reads_the_template_once_so_values_that_look_like_placeholders_stay() {
        assert_eq!(
            fill("“{0}” was never added ({1})", &[&"{1}", &3]),
            "“{1}” was never added (3)"
        );
        assert_eq!(fill("{1} then {0}", &[&"{0}", &"{1}"]), "{1} then {0}");
        assert_eq!(fill("{0}{0}", &[&"a"]), "aa");
        // A brace that is not a placeholder, or a placeholder without a value, is kept.
        assert_eq!(fill("{x} {} {2} {10", &[&1]), "{x} {} {2} {10");
        assert_eq!(
            fill(
                "{12}",
                &(0..13)
                    .map(|_| &7 as &dyn std::fmt::Display)
                    .collect::<Vec<_>>()
            ),
            "7"
        );
    }

    #[test]
    fn long_items_and_long_lists_are_shortened_in_text() {
        let long = "é".repeat(200);
        let shown = shown_item(&long);
        assert_eq!(shown.chars().filter(|&c| c == 'é').count(), SHOWN_CHARS);
        assert!(shown.ends_with("… (400 B)"));
        assert_eq!(shown_item("cat"), "cat");
        assert_eq!(shown_item("  two  "), "␣␣two␣␣");
        assert_eq!(shown_item("a b"), "a b");
        assert_eq!(shown_item("\tx"), "␣x");
        assert_eq!(shown_item("   "), "␣␣␣");
        let items: Vec<String> = (0..25).map(|i| i.to_string()).collect();
        let list = quoted_list(&EN, &items);
        assert!(list.starts_with("“0”, “1”"));
        assert!(list.ends_with("“19”, … 5 more"), "{list}");
    }
}
