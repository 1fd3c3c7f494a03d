//! The page's URL contract: parameters in, notices for the ones ignored, and the state
//! printed back as a query string.
//!
//! | parameter | values | default |
//! |-----------|--------|---------|
//! | `m`       | bits, 1 to 33,554,432 | 32 |
//! | `k`       | hashes, 1 to 64 | 3 |
//! | `hash`    | `fnv` or `murmur3` | `fnv` |
//! | `mode`    | `bloom` or `counting` | `bloom` |
//! | `width`   | counter bits, 1 to 8 | 4 |
//! | `add`     | an item, repeatable, inserted in order | |
//! | `remove`  | an item, repeatable, removed in order after the adds (counting mode) | |
//! | `force_remove` | an item, repeatable, removed even though it was never added (counting mode), after the removes | |
//! | `naive_delete` | an item, repeatable, whose bits are cleared (plain mode), after the removes | |
//! | `query`   | an item whose result is shown on load | |
//! | `lang`    | `en`, `zh` or `ja` | the browser's language |
//! | `embed`   | `1` for the compact view a course page embeds | `0` |
//! | `present` | `1` for presentation mode (large type, high contrast) | `0` |
//! | `quiz`    | a seed: start a predict-then-reveal quiz | none |
//! | `lock`    | controls the viewer cannot change: `m,k,hash,mode,width,items` | none |
//! | `lesson`  | a lesson's id (`basics`, `false-positives`, `sizing`, `deleting`, `crawler`) | none |
//! | `step`    | the lesson's step, from 1; without other filter parameters the filter is rebuilt as the lesson leaves it at that step | 1 |
//! | `view`    | `visualizer`, `lab`, `calculator`, `sets` or `hashes` | `visualizer` |
//! | `seta`, `setb` | an item of filter A or B in the sets view, repeatable | |
//! | `fold`    | times the sets view folds the filter, 0 to 4 | 0 |
//! | `solve`, `cn`, `cp`, `cm`, `ck` | the calculator's question and its fields as typed | `size` |
//! | `lab_n`, `lab_probes`, `lab_points`, `lab_seed`, `lab_compare`, `lab_axis` | the lab's settings as typed | see [`LabSettings`] |
//! | `hq_corpus`, `hq_size`, `hq_m`, `hq_k`, `hq_item` | the hash-quality view's settings as typed, `hq_item` once per pasted line | see [`HashQualitySettings`] |
//!
//! Values are percent-encoded UTF-8 (`+` is a space). A missing parameter takes its default;
//! an invalid one takes its default and produces a [`Notice`] naming it; one given twice
//! (other than those in `REPEATABLE`) takes its last value, and a notice names the other.

use std::fmt;

use crate::filter::{HashFamily, DEFAULT_COUNTER_WIDTH, MAX_BITS, MAX_COUNTER_WIDTH, MAX_HASHES};
use crate::i18n::Lang;

use super::calculator::{CalculatorInput, Solve};
use super::fields::{parse_small_whole, parse_whole, FieldProblem};
use super::hash_quality::{corpus_lines, CorpusSource, HashQualitySettings};
use super::lab::{FamilyChoice, LabSettings};
use super::log::LogEntry;
use super::plot::AxisKind;
use super::settings::{Mode, Settings, DEFAULT_K, DEFAULT_M};

/// The most times the sets view folds the filter.
pub const MAX_FOLDS: u32 = 4;

/// How many times a filter of m bits can be folded: each fold halves an even m, so as many
/// times as 2 divides m, at most [`MAX_FOLDS`].
pub fn possible_folds(m: u64) -> u32 {
    m.trailing_zeros().min(MAX_FOLDS)
}

/// Why a URL parameter was ignored.
#[derive(Debug, Clone, PartialEq)]
pub enum NoticeReason {
    /// The value is not an acceptable number.
    Problem(FieldProblem),
    /// The number is outside what the filter allows.
    Param(crate::filter::ParamError),
    /// The page has no such parameter.
    Unknown,
    /// The value is not one of these choices (listed with commas).
    Choices(&'static str),
    /// The value is above this maximum.
    AtMost(u32),
    /// A removal of an item certainly not in the filter.
    RemoveAbsent,
    /// A removal of a false positive.
    RemoveFalsePositive,
    /// A removal from a plain filter.
    RemovePlain,
    /// An entry that could not be applied.
    NotApplied,
    /// An empty item (`add=`, `query=` with nothing after the `=`).
    EmptyItem,
    /// `step=` without `lesson=`.
    NeedsLesson,
    /// A single-valued parameter given again later in the link, whose last value is used.
    Repeated,
    /// No lesson has this id.
    UnknownLesson,
    /// The lesson has steps 1 to this number.
    StepOutOfRange(usize),
    /// A lesson file could not be read: the file and the problem.
    BadLesson(String),
    /// A language's text file could not be fetched or read, and why.
    LanguageFile(String),
}

impl fmt::Display for NoticeReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoticeReason::Problem(p) => write!(f, "{p}"),
            NoticeReason::Param(e) => write!(f, "{e}"),
            NoticeReason::Unknown => write!(f, "unknown parameter"),
            NoticeReason::Choices(choices) => write!(f, "use one of: {choices}"),
            NoticeReason::AtMost(max) => write!(f, "at most {max}"),
            NoticeReason::RemoveAbsent => write!(f, "the item is definitely not in the filter"),
            NoticeReason::RemoveFalsePositive => {
                write!(f, "the item was never added (it is a false positive)")
            }
            NoticeReason::RemovePlain => write!(f, "a plain Bloom filter cannot remove items"),
            NoticeReason::NotApplied => write!(f, "it could not be applied"),
            NoticeReason::EmptyItem => write!(f, "an item needs at least one character"),
            NoticeReason::NeedsLesson => write!(f, "it needs lesson= to say which lesson"),
            NoticeReason::Repeated => {
                write!(f, "given again later in the link, whose last value is used")
            }
            NoticeReason::UnknownLesson => write!(f, "there is no such lesson"),
            NoticeReason::StepOutOfRange(count) => write!(f, "the lesson has steps 1 to {count}"),
            NoticeReason::BadLesson(problem) => {
                write!(f, "the lesson file has a mistake: {problem}")
            }
            NoticeReason::LanguageFile(problem) => {
                write!(f, "the language file could not be loaded: {problem}")
            }
        }
    }
}

/// A URL parameter that was ignored, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    /// The parameter's name.
    pub param: String,
    /// Its value as given (decoded, shortened to 80 characters).
    pub value: String,
    /// Why it was ignored.
    pub reason: NoticeReason,
}

impl Notice {
    /// A notice for `param=value`.
    pub fn new(param: &str, value: &str, reason: NoticeReason) -> Self {
        let mut shown: String = value.chars().take(80).collect();
        if shown.len() < value.len() {
            shown.push('…');
        }
        Notice {
            param: param.to_owned(),
            value: shown,
            reason,
        }
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Ignored URL parameter {}={}: {}",
            self.param,
            crate::i18n::quoted(&self.value),
            self.reason
        )
    }
}

/// Which part of the page is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// The bit array, hashes and queries.
    #[default]
    Visualizer,
    /// Theory against measurement.
    Lab,
    /// Sizing.
    Calculator,
    /// Union, intersection and folding.
    Sets,
    /// Hash quality.
    Hashes,
}

impl View {
    /// Every view, in tab order.
    pub const ALL: [View; 5] = [
        View::Visualizer,
        View::Lab,
        View::Calculator,
        View::Sets,
        View::Hashes,
    ];

    /// The URL key.
    pub fn key(self) -> &'static str {
        match self {
            View::Visualizer => "visualizer",
            View::Lab => "lab",
            View::Calculator => "calculator",
            View::Sets => "sets",
            View::Hashes => "hashes",
        }
    }

    /// The view for a URL key.
    pub fn from_key(key: &str) -> Option<Self> {
        View::ALL.into_iter().find(|v| v.key() == key)
    }
}

/// A control a course page can lock with `lock=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lockable {
    /// The m field.
    M,
    /// The k field.
    K,
    /// The hash family.
    Hash,
    /// Plain or counting.
    Mode,
    /// The counter width.
    Width,
    /// Adding and removing items (queries stay allowed).
    Items,
}

impl Lockable {
    /// Every lockable control, in URL order.
    pub const ALL: [Lockable; 6] = [
        Lockable::M,
        Lockable::K,
        Lockable::Hash,
        Lockable::Mode,
        Lockable::Width,
        Lockable::Items,
    ];

    /// The name used in `lock=`.
    pub fn key(self) -> &'static str {
        match self {
            Lockable::M => "m",
            Lockable::K => "k",
            Lockable::Hash => "hash",
            Lockable::Mode => "mode",
            Lockable::Width => "width",
            Lockable::Items => "items",
        }
    }

    /// The control for a `lock=` name.
    pub fn from_key(key: &str) -> Option<Self> {
        Lockable::ALL.into_iter().find(|l| l.key() == key)
    }
}

/// How the page is embedded: `embed=1` shows a compact view without page chrome, and
/// `lock=` lists controls the viewer cannot change.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Embedding {
    /// The compact view.
    pub compact: bool,
    /// Locked controls, sorted, without repeats.
    pub locked: Vec<Lockable>,
}

impl Embedding {
    /// Whether a control is locked.
    pub fn is_locked(&self, control: Lockable) -> bool {
        self.locked.contains(&control)
    }
}

/// What a URL asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct UrlState {
    /// m, k, hash, mode and width.
    pub settings: Settings,
    /// `add=` then `remove=` entries, in order.
    pub entries: Vec<LogEntry>,
    /// The `query=` item.
    pub query: Option<String>,
    /// The `view=` shown.
    pub view: View,
    /// The `lang=` asked for; `None` lets the browser's languages decide.
    pub lang: Option<Lang>,
    /// Items of filter A (`seta=`) and B (`setb=`) in the sets view.
    pub sets: [Vec<String>; 2],
    /// How many times the visualizer's filter is folded in the sets view (`fold=`, 0 to 4).
    pub folds: u32,
    /// `embed=` and `lock=`.
    pub embedding: Embedding,
    /// `present=1`: large type and high contrast for a projector.
    pub presentation: bool,
    /// `quiz=SEED`: a predict-then-reveal quiz with this seed.
    pub quiz: Option<u64>,
    /// `lesson=ID&step=N`: a lesson and its step (from 1).
    pub lesson: Option<(String, u64)>,
    /// The calculator's question (`solve=`) and its four fields as typed (`cn=`, `cp=`,
    /// `cm=`, `ck=`); a field's own message names a value it cannot use.
    pub calculator: (Solve, CalculatorInput),
    /// The lab's settings as typed (`lab_n=`, `lab_probes=`, `lab_points=`, `lab_seed=`,
    /// `lab_compare=`, `lab_axis=`).
    pub lab: LabSettings,
    /// The hash-quality view's settings as typed (`hq_corpus=`, `hq_size=`, `hq_m=`,
    /// `hq_k=`, `hq_item=` per pasted line).
    pub hash_quality: HashQualitySettings,
    /// Parameters that were ignored.
    pub notices: Vec<Notice>,
}

/// Decodes `%XX` escapes and `+` in a query-string component. Bad escapes are kept as
/// typed; invalid UTF-8 becomes U+FFFD.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(byte) => {
                        out.push(byte);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes a component for a query string: unreserved characters stay, everything else
/// becomes `%XX` of its UTF-8 bytes.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    percent_encode_into(&mut out, text);
    out
}

/// [`percent_encode`], appending to `out`.
pub fn percent_encode_into(out: &mut String, text: &str) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &byte in text.as_bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(HEX[usize::from(byte >> 4)] as char);
            out.push(HEX[usize::from(byte & 15)] as char);
        }
    }
}

/// Splits a query string (with or without the leading `?`) into decoded pairs.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .strip_prefix('?')
        .unwrap_or(query)
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((key, value)) => (percent_decode(key), percent_decode(value)),
            None => (percent_decode(pair), String::new()),
        })
        .collect()
}

/// The parameters this module reads; other modules may read others (they are not
/// reported as unknown when listed in `also_known`).
pub const PARAMS: &[&str] = &[
    "m",
    "k",
    "hash",
    "mode",
    "width",
    "add",
    "remove",
    "force_remove",
    "naive_delete",
    "query",
    "view",
    "seta",
    "setb",
    "fold",
    "lang",
    "embed",
    "lock",
    "present",
    "quiz",
    "lesson",
    "step",
    "solve",
    "cn",
    "cp",
    "cm",
    "ck",
    "lab_n",
    "lab_probes",
    "lab_points",
    "lab_seed",
    "lab_compare",
    "lab_axis",
    "hq_corpus",
    "hq_size",
    "hq_m",
    "hq_k",
    "hq_item",
];

/// The parameters that may be given more than once; each of the others takes its last value.
const REPEATABLE: &[&str] = &[
    "add",
    "remove",
    "force_remove",
    "naive_delete",
    "seta",
    "setb",
    "hq_item",
];

/// An on/off parameter: `1` or `true`, `0` or `false`.
fn parse_flag(value: &str) -> Option<bool> {
    match value {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    }
}

/// Reads the page state from a query string. Never fails: every problem becomes a notice.
pub fn parse(query: &str, also_known: &[&str]) -> UrlState {
    let mut notices = Vec::new();
    let mut m = DEFAULT_M;
    let mut k = DEFAULT_K;
    let mut family = HashFamily::Fnv1a;
    let mut mode = Mode::Bloom;
    let mut width = DEFAULT_COUNTER_WIDTH;
    let mut adds = Vec::new();
    let mut removes = Vec::new();
    let mut unsafe_deletes = Vec::new();
    let mut query_item = None;
    let mut view = View::default();
    let mut sets: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    let mut calculator = (Solve::default(), CalculatorInput::default());
    let mut lab = LabSettings::default();
    let mut hash_quality = HashQualitySettings::default();
    let mut corpus_items: Vec<String> = Vec::new();
    let mut folds = 0;
    let mut lang = None;
    let mut embedding = Embedding::default();
    let mut presentation = false;
    let mut quiz = None;
    let mut lesson: Option<String> = None;
    let mut step = 1;
    let problem = NoticeReason::Problem;
    let pairs = query_pairs(query);
    // A single-valued parameter given more than once is read from its last occurrence only;
    // each earlier one is named in a notice.
    let single = |key: &str| PARAMS.contains(&key) && !REPEATABLE.contains(&key);
    // Where each single-valued parameter last occurs (at most one entry per name in PARAMS).
    let mut last: Vec<(&str, usize)> = Vec::new();
    for (index, (key, _)) in pairs.iter().enumerate().filter(|(_, (key, _))| single(key)) {
        match last.iter_mut().find(|(name, _)| name == key) {
            Some(entry) => entry.1 = index,
            None => last.push((key.as_str(), index)),
        }
    }
    let overridden: Vec<bool> = pairs
        .iter()
        .enumerate()
        .map(|(index, (key, _))| single(key) && !last.contains(&(key.as_str(), index)))
        .collect();
    for ((key, value), overridden) in pairs.iter().cloned().zip(overridden) {
        if overridden {
            notices.push(Notice::new(&key, &value, NoticeReason::Repeated));
            continue;
        }
        match key.as_str() {
            "m" => match parse_whole(&value).map_err(|p| p.with_max(MAX_BITS)) {
                Ok(v) => m = v,
                Err(p) => notices.push(Notice::new("m", &value, problem(p))),
            },
            "k" => match parse_small_whole(&value).map_err(|p| p.with_max(MAX_HASHES.into())) {
                Ok(v) => k = v,
                Err(p) => notices.push(Notice::new("k", &value, problem(p))),
            },
            "width" => {
                match parse_small_whole(&value).map_err(|p| p.with_max(MAX_COUNTER_WIDTH.into())) {
                    Ok(v) => width = v,
                    Err(p) => notices.push(Notice::new("width", &value, problem(p))),
                }
            }
            "hash" => match HashFamily::from_key(&value) {
                Some(f) => family = f,
                None => notices.push(Notice::new(
                    "hash",
                    &value,
                    NoticeReason::Choices("fnv, murmur3"),
                )),
            },
            "mode" => match Mode::from_key(&value) {
                Some(md) => mode = md,
                None => notices.push(Notice::new(
                    "mode",
                    &value,
                    NoticeReason::Choices("bloom, counting"),
                )),
            },
            "add" | "remove" | "force_remove" | "naive_delete" | "query" if value.is_empty() => {
                notices.push(Notice::new(&key, &value, NoticeReason::EmptyItem));
            }
            "add" => adds.push(LogEntry::Add(value)),
            "remove" => removes.push(LogEntry::Remove(value)),
            "force_remove" => unsafe_deletes.push(LogEntry::ForceRemove(value)),
            "naive_delete" => unsafe_deletes.push(LogEntry::NaiveDelete(value)),
            "query" => query_item = Some(value),
            "lang" => match Lang::from_key(&value) {
                Some(l) => lang = Some(l),
                None => notices.push(Notice::new(
                    "lang",
                    &value,
                    NoticeReason::Choices("en, zh, ja"),
                )),
            },
            "embed" => match parse_flag(&value) {
                Some(on) => embedding.compact = on,
                None => notices.push(Notice::new("embed", &value, NoticeReason::Choices("1, 0"))),
            },
            "quiz" => match parse_whole(&value) {
                Ok(seed) => quiz = Some(seed),
                Err(p) => notices.push(Notice::new("quiz", &value, problem(p))),
            },
            "present" => match parse_flag(&value) {
                Some(on) => presentation = on,
                None => notices.push(Notice::new(
                    "present",
                    &value,
                    NoticeReason::Choices("1, 0"),
                )),
            },
            "lock" => {
                for name in value.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                    match Lockable::from_key(name) {
                        Some(control) => embedding.locked.push(control),
                        None => notices.push(Notice::new(
                            "lock",
                            name,
                            NoticeReason::Choices("m, k, hash, mode, width, items"),
                        )),
                    }
                }
                embedding.locked.sort();
                embedding.locked.dedup();
            }
            "lesson" => {
                if !value.is_empty() && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                {
                    lesson = Some(value);
                } else {
                    notices.push(Notice::new("lesson", &value, NoticeReason::UnknownLesson));
                }
            }
            "step" => match parse_whole(&value) {
                Ok(v) => step = v,
                Err(p) => notices.push(Notice::new("step", &value, problem(p))),
            },
            "solve" => match Solve::from_key(&value) {
                Some(solve) => calculator.0 = solve,
                None => notices.push(Notice::new(
                    "solve",
                    &value,
                    NoticeReason::Choices("size, items, rate, hashes"),
                )),
            },
            "lab_n" => lab.max_items = value,
            "lab_probes" => lab.probes = value,
            "lab_points" => lab.points = value,
            "lab_seed" => lab.seed = value,
            "lab_compare" => match FamilyChoice::from_key(&value) {
                Some(choice) => lab.families = choice,
                None => notices.push(Notice::new(
                    &key,
                    &value,
                    NoticeReason::Choices("one, both"),
                )),
            },
            "lab_axis" => match AxisKind::from_key(&value) {
                Some(axis) => lab.axis = axis,
                None => notices.push(Notice::new(
                    &key,
                    &value,
                    NoticeReason::Choices("linear, log"),
                )),
            },
            "hq_corpus" => match CorpusSource::from_key(&value) {
                Some(source) => hash_quality.source = source,
                None => notices.push(Notice::new(
                    &key,
                    &value,
                    NoticeReason::Choices("similar, urls, paste"),
                )),
            },
            "hq_size" => hash_quality.size = value,
            "hq_m" => hash_quality.m = value,
            "hq_k" => hash_quality.k = value,
            "hq_item" => corpus_items.push(value),
            "cn" => calculator.1.n = value,
            "cp" => calculator.1.p = value,
            "cm" => calculator.1.m = value,
            "ck" => calculator.1.k = value,
            "seta" => sets[0].push(value),
            "setb" => sets[1].push(value),
            "fold" => match parse_small_whole(&value) {
                Ok(v) if v <= MAX_FOLDS => folds = v,
                Ok(_) => notices.push(Notice::new("fold", &value, NoticeReason::AtMost(MAX_FOLDS))),
                Err(p) => notices.push(Notice::new("fold", &value, problem(p))),
            },
            "view" => match View::from_key(&value) {
                Some(v) => view = v,
                None => notices.push(Notice::new(
                    "view",
                    &value,
                    NoticeReason::Choices("visualizer, lab, calculator, sets, hashes"),
                )),
            },
            other if also_known.contains(&other) => {}
            other => notices.push(Notice::new(other, &value, NoticeReason::Unknown)),
        }
    }
    let settings = resolve_settings(m, k, family, mode, width, &mut notices);
    if lesson.is_none() && step != 1 {
        notices.push(Notice::new(
            "step",
            &step.to_string(),
            NoticeReason::NeedsLesson,
        ));
    }
    adds.extend(removes);
    adds.extend(unsafe_deletes);
    hash_quality.pasted = corpus_lines(corpus_items.iter().flat_map(|item| item.split('\n')));
    UrlState {
        settings,
        entries: adds,
        query: query_item,
        view,
        lang,
        sets,
        folds,
        embedding,
        presentation,
        quiz,
        lesson: lesson.map(|id| (id, step)),
        calculator,
        lab,
        hash_quality,
        notices,
    }
}

/// Builds settings, falling back to the default of each value the filter rejects.
fn resolve_settings(
    m: u64,
    k: u32,
    family: HashFamily,
    mode: Mode,
    width: u32,
    notices: &mut Vec<Notice>,
) -> Settings {
    let defaults = Settings::default().with_family(family).with_mode(mode);
    let mut settings = defaults;
    match settings.with_m(m) {
        Ok(s) => settings = s,
        Err(e) => notices.push(Notice::new("m", &m.to_string(), NoticeReason::Param(e))),
    }
    match settings.with_k(k) {
        Ok(s) => settings = s,
        Err(e) => notices.push(Notice::new("k", &k.to_string(), NoticeReason::Param(e))),
    }
    match settings.with_width(width) {
        Ok(s) => settings = s,
        Err(e) => notices.push(Notice::new(
            "width",
            &width.to_string(),
            NoticeReason::Param(e),
        )),
    }
    settings
}

/// The query string (without `?`) that reproduces settings, log and query. Parameters at
/// their default are left out. Entries are written in the order [`parse`] applies them
/// (adds, removes, then unsafe deletes), so a URL read by `parse` prints back unchanged.
pub fn print(url: &UrlState) -> String {
    print_with_entries(url, &url.entries)
}

/// [`print()`] with the entries given apart from `url` (whose own entries are ignored), so a
/// long item log is printed without being copied.
pub fn print_with_entries(url: &UrlState, log: &[LogEntry]) -> String {
    let (settings, query) = (&url.settings, url.query.as_deref());
    let defaults = Settings::default();
    let mut parts: Vec<String> = Vec::new();
    if settings.m() != defaults.m() {
        parts.push(format!("m={}", settings.m()));
    }
    if settings.k() != defaults.k() {
        parts.push(format!("k={}", settings.k()));
    }
    if settings.family() != defaults.family() {
        parts.push(format!("hash={}", settings.family().key()));
    }
    if settings.mode() != defaults.mode() {
        parts.push(format!("mode={}", settings.mode().key()));
    }
    if settings.width() != defaults.width() {
        parts.push(format!("width={}", settings.width()));
    }
    let rank = |e: &LogEntry| match e {
        LogEntry::Add(_) => 0,
        LogEntry::Remove(_) => 1,
        LogEntry::ForceRemove(_) | LogEntry::NaiveDelete(_) => 2,
    };
    let mut ordered: Vec<&LogEntry> = log.iter().collect();
    if !ordered.is_sorted_by_key(|e| rank(e)) {
        ordered.sort_by_key(|e| rank(e));
    }
    let mut entries = String::new();
    for entry in ordered {
        let key = match entry {
            LogEntry::Add(_) => "add=",
            LogEntry::Remove(_) => "remove=",
            LogEntry::ForceRemove(_) => "force_remove=",
            LogEntry::NaiveDelete(_) => "naive_delete=",
        };
        if !entries.is_empty() {
            entries.push('&');
        }
        entries.push_str(key);
        percent_encode_into(&mut entries, entry.item());
    }
    if !entries.is_empty() {
        parts.push(entries);
    }
    if let Some(q) = query {
        parts.push(format!("query={}", percent_encode(q)));
    }
    if url.view != View::default() {
        parts.push(format!("view={}", url.view.key()));
    }
    for (key, items) in ["seta", "setb"].iter().zip(&url.sets) {
        parts.extend(items.iter().map(|i| format!("{key}={}", percent_encode(i))));
    }
    if url.folds > 0 {
        parts.push(format!("fold={}", url.folds));
    }
    // The lab's, the calculator's and the hash view's settings, each only when it differs
    // from its default.
    let (lab, lab_default) = (&url.lab, LabSettings::default());
    let (solve, fields) = &url.calculator;
    let typed = CalculatorInput::default();
    let (hashes, hashes_default) = (&url.hash_quality, HashQualitySettings::default());
    let settings: [(&str, &str, &str); 15] = [
        ("lab_n", &lab.max_items, &lab_default.max_items),
        ("lab_probes", &lab.probes, &lab_default.probes),
        ("lab_points", &lab.points, &lab_default.points),
        ("lab_seed", &lab.seed, &lab_default.seed),
        (
            "lab_compare",
            lab.families.key(),
            lab_default.families.key(),
        ),
        ("lab_axis", lab.axis.key(), lab_default.axis.key()),
        ("solve", solve.key(), Solve::default().key()),
        ("cn", &fields.n, &typed.n),
        ("cp", &fields.p, &typed.p),
        ("cm", &fields.m, &typed.m),
        ("ck", &fields.k, &typed.k),
        (
            "hq_corpus",
            hashes.source.key(),
            hashes_default.source.key(),
        ),
        ("hq_size", &hashes.size, &hashes_default.size),
        ("hq_m", &hashes.m, &hashes_default.m),
        ("hq_k", &hashes.k, &hashes_default.k),
    ];
    let changed = settings
        .into_iter()
        .filter(|(_, value, default)| value != default);
    parts.extend(changed.map(|(key, value, _)| format!("{key}={}", percent_encode(value))));
    parts.extend(
        hashes
            .pasted_items()
            .into_iter()
            .map(|line| format!("hq_item={}", percent_encode(line))),
    );
    if let Some(lang) = url.lang.filter(|l| *l != Lang::default()) {
        parts.push(format!("lang={}", lang.key()));
    }
    if url.presentation {
        parts.push("present=1".to_owned());
    }
    if let Some(seed) = url.quiz {
        parts.push(format!("quiz={seed}"));
    }
    if let Some((id, step)) = &url.lesson {
        parts.push(format!("lesson={id}&step={step}"));
    }
    if url.embedding.compact {
        parts.push("embed=1".to_owned());
    }
    if !url.embedding.locked.is_empty() {
        let names: Vec<&str> = url.embedding.locked.iter().map(|l| l.key()).collect();
        parts.push(format!("lock={}", names.join(",")));
    }
    parts.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding_handles_utf8_plus_and_bad_escapes() {
        assert_eq!(percent_decode("a+b%20c"), "a b c");
        assert_eq!(percent_decode("%E5%B8%83%E9%9A%86"), "布隆");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%+1"), "% 1");
        assert_eq!(percent_decode("%FF"), "\u{fffd}");
        assert_eq!(percent_encode("a b/ü"), "a%20b%2F%C3%BC");
        assert_eq!(
            percent_decode(&percent_encode("<img src=x> 🙂 +%")),
            "<img src=x> 🙂 +%"
        );
    }

    #[test]
    fn the_documented_example_parses() {
        let url = parse("?m=16&k=3&hash=murmur3&add=a&add=b&add=c&query=d", &[]);
        assert_eq!(url.settings.m(), 16);
        assert_eq!(url.settings.k(), 3);
        assert_eq!(url.settings.family(), HashFamily::Murmur3);
        assert_eq!(
            url.entries,
            vec![
                LogEntry::Add("a".into()),
                LogEntry::Add("b".into()),
                LogEntry::Add("c".into())
            ]
        );
        assert_eq!(url.query.as_deref(), Some("d"));
        assert!(url.notices.is_empty());
    }

    #[test]
    fn bad_parameters_fall_back_with_a_notice_naming_them() {
        let url = parse("m=abc&k=0&hash=md5&mode=fancy&width=9&colour=red", &[]);
        assert_eq!(url.settings, Settings::default());
        let named: Vec<&str> = url.notices.iter().map(|n| n.param.as_str()).collect();
        assert_eq!(named, vec!["m", "hash", "mode", "colour", "k", "width"]);
        let url = parse("m=1000000000000&k=1000000", &[]);
        assert_eq!(url.settings.m(), DEFAULT_M);
        assert_eq!(url.settings.k(), DEFAULT_K);
        assert!(url.notices[0].reason.to_string().contains("memory cap"));
        assert!(parse("lang=ja", &["lang"]).notices.is_empty());
    }

    #[test]
    fn removes_apply_after_adds_and_print_back_unchanged() {
        let url = parse("mode=counting&remove=a&add=a&add=b", &[]);
        assert_eq!(
            url.entries,
            vec![
                LogEntry::Add("a".into()),
                LogEntry::Add("b".into()),
                LogEntry::Remove("a".into())
            ]
        );
        let printed = print(&url);
        assert_eq!(printed, "mode=counting&add=a&add=b&remove=a");
        assert_eq!(parse(&printed, &[]), url);
    }
}
