//! Every piece of text the page shows, in English, 简体中文 and 日本語.
//!
//! A language is one [`Text`] value, read from a file of `name = text` lines in the order
//! of [`Text`]'s fields. English, `src/i18n/en.txt`, is compiled into the page without its
//! names (`build.rs`) and read by place when first used; the build fails unless it has one
//! text per field. Chinese and Japanese, `static/i18n/zh.txt` and `ja.txt`, are fetched
//! when the page is shown in that language and [installed](install) here: this keeps their
//! 10 KB (gzip) out of the bundle. The tests read all three files with their names and
//! check that every text is there, under its own name, and that the translations keep the
//! English template's `{0}`, `{1}`, … placeholders.

use std::cell::Cell;

use crate::lang::Lang;

pub mod describe;
mod en;
pub mod labels;
pub mod sentences;

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
    // Read once, and kept only when it reads: a damaged file is dropped, not leaked. The
    // strings are kept as offsets into the file, which then lives for the whole page.
    let base = file.as_ptr() as usize;
    let spans = Text::strings_of(&file)?.map(|s| (s.as_ptr() as usize - base, s.len()));
    let file: &'static str = Box::leak(file.into_boxed_str());
    let text: &'static Text = Box::leak(Box::new(Text::from_strings(
        spans.map(|(start, len)| &file[start..start + len]),
    )));
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

macro_rules! text_struct {
    ($($field:ident),* $(,)?) => {
        /// UI strings of one language. Templates use `{0}`, `{1}`, … for values, filled by
        /// [`fill`].
        #[allow(missing_docs)]
        #[repr(C)]
        pub struct Text {
            $(pub $field: &'static str,)*
        }

        impl Text {
            /// The names of the strings, in order.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($field)),*];

            /// Every string with its name, for checks across languages.
            pub fn entries(&self) -> Vec<(&'static str, &'static str)> {
                vec![$((stringify!($field), self.$field)),*]
            }

            /// A text from its strings in the order of [`Text::NAMES`].
            fn from_strings(strings: [&'static str; Text::NAMES.len()]) -> Text {
                // SAFETY: `Text` is `repr(C)` and has exactly `NAMES.len()` fields, all
                // `&'static str`, in the order of `NAMES`: its layout is that of the array
                // (`transmute` also checks the sizes at compile time). One copy, where
                // assigning every field one by one costs about 7 KB of code.
                unsafe { std::mem::transmute::<[&'static str; Text::NAMES.len()], Text>(strings) }
            }
        }
    };
}

text_struct!(
    title,
    intro_hint,
    intro_dismiss,
    settings,
    more_tools,
    bits_m,
    hashes_k,
    hash_family,
    layout_label,
    layout_standard,
    layout_partitioned,
    seed_family_limit,
    mode,
    mode_bloom,
    mode_counting,
    counter_width,
    memory_cost,
    item,
    item_placeholder,
    add,
    query,
    step_add,
    step_query,
    keys_hint,
    bit_array,
    bit_array_hint,
    download_svg,
    canvas_hint,
    zoom,
    grid_keys,
    cell_bit,
    cell_counter,
    cell_setters,
    cell_no_setters,
    hash_table,
    hash_table_hint,
    col_i,
    col_bit,
    bit_is_set,
    bit_is_zero,
    bit_being_set,
    figures,
    items_n,
    bits_set_x,
    fill_ratio,
    fpr_now,
    fpr_by_fill,
    estimated_n,
    fpr_partitioned,
    fpr_standard_same,
    fpr_by_fill_slices,
    estimated_n_slices,
    estimate_undefined,
    items,
    no_items,
    remove,
    remove_typed,
    naive_delete_typed,
    remove_anyway,
    naive_delete,
    reset,
    undo,
    redo,
    bulk_add,
    bulk_placeholder,
    add_lines,
    add_random,
    try_word,
    show_culprits,
    result_definitely_not,
    result_definitely_not_why,
    result_definitely_not_why_many,
    result_probably,
    result_probably_why,
    result_probably_why_one,
    result_false_positive,
    result_false_positive_one,
    result_false_positive_why,
    result_false_negative,
    result_false_negative_many,
    result_false_negative_why,
    culprit_line,
    culprit_more,
    walk_title_add,
    walk_title_query,
    walk_hash,
    walk_hash_seed,
    walk_set_new,
    walk_set_again,
    walk_test_set,
    walk_test_zero,
    walk_done_add,
    walk_done_query,
    walk_next,
    walk_back,
    walk_cancel,
    walk_keys,
    msg_empty_item,
    msg_items_locked,
    msg_demo_loaded,
    msg_lesson_replaced,
    msg_quiz_built,
    msg_quiz_built_resized,
    msg_quiz_built_replaced,
    msg_added,
    msg_added_many,
    msg_refused_absent,
    msg_refused_absent_many,
    msg_refused_false_positive,
    msg_plain_cannot_remove,
    msg_removed,
    msg_false_negatives,
    msg_false_negative_one,
    msg_no_false_negatives,
    msg_nothing_to_undo,
    msg_nothing_to_redo,
    notice_dismiss,
    msg_saturated_kept,
    deletion,
    deletion_hint,
    demo_naive,
    demo_counting,
    demo_saturation,
    compare_item,
    compare_plain,
    compare_counting,
    compare_false_negatives,
    compare_false_negative_one,
    compare_no_false_negatives,
    compare_empty,
    legend_zero,
    legend_one,
    legend_many,
    legend_saturated,
    empty_item_label,
    tab_sets,
    tab_hashes,
    tab_grow,
    tab_cms,
    tab_apps,
    cms_title,
    cms_intro,
    cms_width,
    cms_depth,
    cms_item,
    cms_add,
    cms_zipf,
    cms_clear,
    cms_zipf_note,
    cms_grid,
    cms_grid_hidden,
    cms_row,
    cms_estimate,
    cms_truth,
    cms_exact,
    cms_over,
    cms_guarantee,
    cms_heavy,
    cms_col_estimate,
    cms_col_true,
    sets_title,
    sets_hint,
    sets_example,
    sets_filter,
    sets_filter_one,
    sets_grids_hidden,
    sets_union,
    sets_union_exact,
    sets_union_differs,
    sets_intersection,
    sets_intersection_note,
    sets_rates,
    sets_and_exact,
    sets_and_inexact,
    sets_extra_legend,
    sets_saturated,
    sets_estimated,
    sets_true,
    fold_title,
    fold_hint,
    fold_example,
    fold_empty,
    fold_more,
    fold_odd,
    fold_less,
    fold_found,
    hashes_title,
    hashes_hint,
    hashes_corpus,
    corpus_similar,
    corpus_urls,
    corpus_paste,
    hashes_size,
    hashes_hash,
    hashes_histogram,
    hashes_observed,
    hashes_theory,
    hashes_explain,
    hq_show_label,
    hq_show_title,
    hq_col_rule,
    hq_col_value,
    hq_classic_note,
    hashes_verdict_as_expected,
    hashes_verdict_above,
    hashes_verdict_below,
    hashes_dof,
    hashes_empty,
    hashes_too_few,
    tab_visualizer,
    tab_lab,
    tab_calculator,
    plot_title,
    plot_x,
    plot_y,
    plot_user,
    plot_exact,
    plot_approx,
    plot_observed,
    plot_spread,
    plot_user_one,
    plot_point,
    plot_point_mean,
    kplot_title,
    kplot_point,
    kplot_optimal,
    kplot_x,
    kplot_caption,
    kplot_caption_half,
    lab,
    lab_hint,
    lab_meaning,
    lab_user_meaning,
    lab_coverage,
    lab_double_hashing,
    lab_runs_above,
    lab_runs_below,
    lab_stale,
    lab_n_max,
    lab_filters,
    lab_probes,
    lab_points,
    lab_seed,
    lab_families,
    lab_both,
    lab_axis,
    lab_linear,
    lab_log,
    lab_run,
    lab_resume,
    lab_pause,
    lab_cancel,
    lab_csv,
    lab_status,
    lab_timing,
    calculator,
    calc_solve,
    calc_size_for_items,
    calc_items_for_size,
    calc_rate_for_shape,
    calc_best_hashes,
    calc_m,
    calc_k,
    calc_k_value,
    calc_k_capped,
    calc_n,
    calc_p,
    calc_p_input,
    calc_bits_per_item,
    calc_use,
    calc_too_big,
    calc_fix_fields,
    calc_fix_fields_first,
    practice_title,
    claim_title,
    claim_preset_billion,
    claim_preset_files,
    claim_bytes,
    claim_holds,
    claim_fails,
    claim_detail,
    ch_title,
    ch_hint,
    ch_corner,
    ch_choice,
    ch_walk,
    ch_exact,
    ch_high,
    ch_fallback,
    lang_label,
    views_label,
    notice_line,
    problem_empty,
    problem_not_a_number,
    problem_not_whole,
    problem_negative,
    problem_too_large,
    problem_above_max,
    param_zero_bits,
    param_too_many_bits,
    param_zero_hashes,
    param_too_many_hashes,
    param_family_hashes,
    param_fewer_bits_than_hashes,
    param_bad_width,
    param_rate,
    param_zero_items,
    param_zero_probes,
    param_too_few_filters,
    param_checkpoints,
    param_not_finite,
    param_too_small_for_rate,
    notice_unknown,
    notice_choices,
    notice_at_most,
    notice_remove_absent,
    notice_remove_false_positive,
    notice_remove_plain,
    notice_not_applied,
    notice_empty_item,
    notice_needs_lesson,
    notice_repeated,
    culprit_setter,
    msg_counter_step,
    msg_counter_stuck,
    cell_title_bit,
    cell_title_counter,
    cell_title_saturated,
    hash_name,
    grid_label,
    strip_empty,
    canvas_label,
    more_items,
    item_quoted,
    list_separator,
    clause_separator,
    hash_bytes,
    hash_bytes_more,
    hash_mod_col,
    hash_slice_col,
    hash_seed_split,
    seed_low_bits,
    seed_low_rate,
    seed_low_all,
    hash_partition_hint,
    apps_title,
    apps_kv_intro,
    apps_present,
    apps_lookups,
    apps_col_measured,
    apps_col_formula,
    apps_skipped,
    apps_wasted,
    apps_found,
    apps_kv_sum,
    apps_spam_title,
    apps_spam_intro,
    apps_blocked,
    apps_wrongly,
    apps_rescued,
    apps_passed,
    apps_whitelist,
    apps_check,
    apps_v_blacklisted,
    apps_v_false,
    apps_v_whitelisted,
    apps_v_clear,
    calc_m_value,
    calc_m_meeting,
    hash_label_times31,
    hash_label_sum,
    panic_title,
    panic_body,
    panic_reload,
    embed_copy,
    embed_short,
    embed_copied,
    embed_hint,
    embed_open_full,
    present_toggle,
    present_short,
    help_button,
    quiz_button,
    help_title,
    help_close,
    key_add,
    key_query,
    key_focus,
    key_walk,
    key_escape,
    key_undo,
    key_grid,
    key_view,
    key_present,
    key_help,
    quiz_title,
    quiz_start,
    quiz_close,
    quiz_seed,
    quiz_question,
    quiz_how,
    quiz_no,
    quiz_member,
    quiz_false_positive,
    quiz_right,
    quiz_wrong,
    quiz_why_not,
    quiz_why_false_negative,
    quiz_why_member,
    quiz_why_false_positive,
    quiz_score,
    quiz_next,
    quiz_stop,
    quiz_hint,
    quiz_done,
    quiz_by_answer,
    quiz_balance,
    quiz_new_set,
    notice_unknown_lesson,
    notice_step_range,
    notice_bad_lesson,
    lesson_label,
    lesson_none,
    lesson_start,
    lesson_step,
    lesson_next,
    lesson_back,
    lesson_exit,
    lesson_filter,
    lesson_diverged_settings,
    lesson_diverged_verdict,
    lesson_diverged_view,
    lesson_restore,
    low_bits_note,
    low_bits_count,
    low_bits_letters,
    low_bits_two,
    low_bits_three,
    low_bits_compare,
    lesson_end,
    lesson_keys,
    lessons_failed,
    crawl_title,
    crawl_taken,
    crawl_fetched,
    crawl_repeats,
    crawl_new_skipped,
    crawl_exact,
    crawl_filter,
    crawl_recent,
    crawl_did_fetch,
    crawl_did_repeat,
    crawl_did_new,
    key_lesson,
    storage_failed,
    storage_restored,
    storage_fresh,
    bulk_progress,
    bulk_cancel,
    bulk_stopped,
    link_too_long,
    compare_too_many,
    compare_grids_hidden,
    notice_lesson_file,
    notice_language,
    notice_language_file,
    grow_title,
    problem_below_min,
    problem_not_a_fraction,
    grow_intro,
    grow_m0,
    grow_p,
    grow_r,
    grow_s,
    grow_n,
    grow_plan_problem,
    grow_too_much_memory,
    grow_family,
    grow_family_seed,
    grow_running,
    grow_memory_title,
    grow_rate_title,
    grow_x,
    grow_bits,
    grow_rate,
    grow_fixed,
    grow_cascade,
    grow_scalable,
    grow_figures,
    grow_slices_title,
    grow_slice,
    grow_when_title,
    grow_when_fixed,
    grow_when_cascade,
    grow_when_scalable,
    grow_over_p,
    grow_over_p_chance,
);

impl Text {
    /// Reads a language file: one `name = text` line per string of [`Text`], in the order of
    /// [`Text::NAMES`]; blank lines and lines starting with `#` are skipped. A line without
    /// ` = `, too many lines or too few is an error that says which.
    pub fn parse(file: &'static str) -> Result<Text, String> {
        Ok(Text::from_strings(Text::strings_of(file)?))
    }

    /// The strings of a language file in the order of [`Text::NAMES`], borrowed from it;
    /// the errors of [`Text::parse`]. The page takes each line's text by its place, so that
    /// the bundle carries none of the names (3.6 KB gzip at 382 of them); natively, where the tests read
    /// the shipped files, each line's name is also checked against the name at its place.
    fn strings_of(file: &str) -> Result<[&str; Text::NAMES.len()], String> {
        let mut strings: [&str; Text::NAMES.len()] = [""; Text::NAMES.len()];
        let mut count = 0;
        for (number, line) in file.lines().enumerate() {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let line_no = number + 1;
            let (name, value) = line
                .split_once(" = ")
                .ok_or_else(|| format!("line {line_no}: expected `name = text`"))?;
            let Some(slot) = strings.get_mut(count) else {
                return Err(format!("line {line_no}: more than {count} texts"));
            };
            #[cfg(not(target_arch = "wasm32"))]
            if name != Text::NAMES[count] {
                return Err(format!(
                    "line {line_no}: expected {}, found {name}",
                    Text::NAMES[count]
                ));
            }
            #[cfg(target_arch = "wasm32")]
            let _ = name;
            *slot = value;
            count += 1;
        }
        if count < Text::NAMES.len() {
            return Err(format!("{count} texts, {} expected", Text::NAMES.len()));
        }
        Ok(strings)
    }
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

/// The placeholders `{0}`, `{1}`, … that a template uses, sorted.
pub fn placeholders(template: &str) -> Vec<usize> {
    let mut found: Vec<usize> = (0..10)
        .filter(|i| template.contains(&format!("{{{i}}}")))
        .collect();
    found.sort_unstable();
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
        let read = Text::parse(file).unwrap_or_else(|e| panic!("src/i18n/en.txt: {e}"));
        assert_eq!(read.entries(), EN.entries());
        assert_eq!(EN.title, "Bloom filter lab");
        assert_eq!(EN.ch_corner, "c \\ k");
    }

    #[test]
    fn a_damaged_language_file_is_refused_with_the_reason() {
        let (_, zh) = BUNDLED_FILES[0];
        let without_last: String = zh
            .lines()
            .take(zh.lines().count() - 1)
            .map(|l| format!("{l}\n"))
            .collect();
        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
        let error = |file: String| Text::parse(leak(file)).err().unwrap_or_default();
        assert_eq!(
            error(without_last),
            format!(
                "{} texts, {} expected",
                Text::NAMES.len() - 1,
                Text::NAMES.len()
            )
        );
        assert!(error(format!("{zh}title = x\n"))
            .contains(&format!("more than {} texts", Text::NAMES.len())));
        assert!(
            error(zh.replacen("title = ", "titel = ", 1)).contains("expected title, found titel")
        );
        assert!(error(format!("{zh}title: x\n")).contains("expected `name = text`"));
        let without_title = zh.replacen("title = ", "# title = ", 1);
        assert!(error(without_title).contains("expected title, found intro_hint"));
        // Windows line ends are fine; nothing is installed by a failed parse.
        assert!(Text::parse(leak(zh.replace('\n', "\r\n"))).is_ok());
        assert!(install(Lang::Ja, "title = x\n".to_owned()).is_err());
        assert!(Lang::Ja.installed().is_none());
        assert_eq!(Lang::Ja.text().title, EN.title);
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
