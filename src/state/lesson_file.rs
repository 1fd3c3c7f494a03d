//! Lessons are data: one text file per lesson, each a list of steps. A step may replace the
//! filter with a prepared state (`state:`, written as a URL query string), perform actions
//! on the live filter (`do:`, also in URL syntax), claim the verdict of its query
//! (`expect:`), name the part of the page its text is about (`show:`, scrolled into view),
//! and explains itself in English, Chinese and Japanese (`en:`, `zh:`, `ja:`).
//!
//! ```text
//! # comment
//! id: basics
//! title.en: What a Bloom filter is
//! title.zh: 什么是布隆过滤器
//! title.ja: ブルームフィルタとは
//!
//! step
//! state: m=16&k=3&hash=murmur3
//! en: An empty filter of {m} bits.
//! ...
//! step
//! do: add=cat&query=cow
//! expect: false-positive
//! en: "cow" hits positions {positions:cow}, all set by others.
//! ```
//!
//! Text may use the placeholders of [`PLACEHOLDERS`], filled from the live filter.

use std::fmt;

use crate::decimal::fixed;
use crate::filter::{blocked, math, FilterShape, HashFamily, Layout};
use crate::lang::Lang;

use super::cms_view::CmsAction;
use super::numbers::{percent, percent_from_ln};
use super::query::Verdict;
use super::settings::{FilterModel, Mode};
use super::url::{query_pairs, View};

/// The placeholders lesson text may use: `{m}`, `{k}`, `{n}` (items), `{ones}` (bits set),
/// `{fill}` (ones / m), `{fpr_fill}` ((ones / m)^k, the chance that a new item hits only set
/// bits), `{fpr}` (the rate the figures panel shows: (1 − (1 − 1/m)^(kn))^k, or
/// (1 − (1 − 1/s)^n)^k when partitioned), `{fpr_standard}` (the standard formula in any
/// layout), `{s}` (bits per slice: ⌊m/k⌋ when partitioned, else m), `{bits_per_item}`
/// (m / n), `{fpr_rocksdb}` (RocksDB's estimate for a filter of 512-bit lines with the same
/// m, k and n), `{positions:ITEM}` (ITEM's positions, in hash order) and `{block:ITEM}`
/// (ITEM's block in a blocked layout).
pub const PLACEHOLDERS: &[&str] = &[
    "m",
    "k",
    "n",
    "ones",
    "fill",
    "fpr_fill",
    "fpr",
    "fpr_standard",
    "s",
    "bits_per_item",
    "fpr_rocksdb",
];

/// One thing a step does to the live filter.
#[derive(Debug, Clone, PartialEq)]
pub enum StepAction {
    /// Add an item.
    Add(String),
    /// Query an item (and show the verdict).
    Query(String),
    /// Remove an item from a counting filter.
    Remove(String),
    /// Clear an item's bits in a plain filter.
    NaiveDelete(String),
    /// Add this many random words.
    Random(usize),
    /// Walk through adding an item, one hash at a time.
    WalkAdd(String),
    /// Walk through querying an item, one hash at a time.
    WalkQuery(String),
    /// Put text in the item field.
    Draft(String),
    /// Set m (as typed in its field).
    M(String),
    /// Set k.
    K(String),
    /// Choose the hash family.
    Family(HashFamily),
    /// Switch between plain and counting.
    Mode(Mode),
    /// Standard or partitioned bits.
    Layout(Layout),
    /// A change to the count-min sketch view (`cms_add=`, `cms_query=`, `cms_w=`,
    /// `cms_d=`, `cms_zipf=` batches of its Zipf stream, `cms_clear=`).
    Cms(CmsAction),
    /// Show another view.
    View(View),
    /// Let the crawler take this many more URLs from its stream.
    Crawl(usize),
    /// Ask the files view for the bundled Parquet example (`files_example=1`), opened when
    /// the view is shown.
    FilesExample,
    /// Start a short practice set with this seed: its first [`LESSON_EXERCISES`]
    /// exercises (place, predict, culprits).
    Practice(u64),
}

/// How many exercises a lesson's practice set asks.
pub const LESSON_EXERCISES: usize = 3;

/// The verdict a step claims for its query (checked by the tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// "definitely not".
    No,
    /// "probably yes" for a member.
    Yes,
    /// "probably yes" for a non-member.
    FalsePositive,
    /// "definitely not" for a member (after an unsafe delete).
    FalseNegative,
}

impl Expect {
    /// Whether a verdict is the one claimed.
    pub fn matches(self, verdict: &Verdict) -> bool {
        matches!(
            (self, verdict),
            (
                Expect::No,
                Verdict::DefinitelyNot { .. } | Verdict::Removed { .. }
            ) | (Expect::Yes, Verdict::Probably)
                | (Expect::FalsePositive, Verdict::FalsePositive { .. })
                | (Expect::FalseNegative, Verdict::FalseNegative { .. })
        )
    }
}

/// A part of the page a lesson step's text is about (`show:`), which the page scrolls into
/// view when the step is shown and it is not on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShowTarget {
    /// The figures panel (n, bits set, fill, the rates).
    Figures,
    /// The crawler's panel.
    Crawl,
    /// The growing filters' plots.
    GrowPlots,
}

impl ShowTarget {
    /// The target's name in a lesson file, and the id of its element on the page.
    pub const ALL: [(ShowTarget, &'static str, &'static str); 3] = [
        (ShowTarget::Figures, "figures", "stats"),
        (ShowTarget::Crawl, "crawl", "crawl"),
        (ShowTarget::GrowPlots, "grow-plots", "grow-plots"),
    ];

    /// The target named in a lesson file.
    pub fn from_key(key: &str) -> Option<ShowTarget> {
        Self::ALL
            .iter()
            .find(|(_, k, _)| *k == key)
            .map(|(t, _, _)| *t)
    }

    /// The id of the target's element.
    pub fn element_id(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(t, _, _)| *t == self)
            .map(|(_, _, id)| *id)
            .unwrap_or("stats")
    }
}

/// One step of a lesson.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LessonStep {
    /// A URL query string whose settings and items replace the filter.
    pub state: Option<String>,
    /// What the step does, in order.
    pub actions: Vec<StepAction>,
    /// The verdict claimed for the step's last query.
    pub expect: Option<Expect>,
    /// The part of the page the step's text is about, brought into view with it.
    pub show: Option<ShowTarget>,
    /// The text, paragraph by paragraph, per language in [`Lang::ALL`] order.
    pub text: [Vec<String>; 3],
}

impl LessonStep {
    /// The step's paragraphs in a language.
    pub fn paragraphs(&self, lang: Lang) -> &[String] {
        &self.text[lang_index(lang)]
    }

    /// The item the step acts on last: its last add, query, removal, walk or text put in
    /// the item field. The screen shows this item while the step is shown.
    pub fn named_item(&self) -> Option<&str> {
        self.actions.iter().rev().find_map(|action| match action {
            StepAction::Add(item)
            | StepAction::Query(item)
            | StepAction::Remove(item)
            | StepAction::NaiveDelete(item)
            | StepAction::WalkAdd(item)
            | StepAction::WalkQuery(item)
            | StepAction::Draft(item) => Some(item.as_str()),
            _ => None,
        })
    }

    /// The cells the step's text names: the positions of each `{positions:ITEM}` in any
    /// language's paragraphs, in this filter's shape, each once.
    pub fn named_positions(&self, shape: FilterShape) -> Vec<u64> {
        let mut named = Vec::new();
        for part in self
            .text
            .iter()
            .flatten()
            .flat_map(|p| p.split('{').skip(1))
        {
            let item = part
                .strip_prefix("positions:")
                .and_then(|rest| rest.split_once('}'));
            for position in item
                .into_iter()
                .flat_map(|(item, _)| shape.positions(item.as_bytes()))
            {
                if !named.contains(&position) {
                    named.push(position);
                }
            }
        }
        named
    }

    /// Whether the step changes anything (a `state:` or `do:` line).
    pub fn acts(&self) -> bool {
        self.state.is_some() || !self.actions.is_empty()
    }
}

/// A lesson.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// The name used in the URL (`lesson=`).
    pub id: String,
    /// The title per language.
    pub title: [String; 3],
    /// The steps; the first sets the scene.
    pub steps: Vec<LessonStep>,
}

impl Lesson {
    /// The title in a language.
    pub fn title(&self, lang: Lang) -> &str {
        &self.title[lang_index(lang)]
    }
}

fn lang_index(lang: Lang) -> usize {
    Lang::ALL.iter().position(|&l| l == lang).unwrap_or(0)
}

/// Why a lesson file could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonError {
    /// 1-based line number (0 for the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.problem)
        } else {
            write!(f, "line {}: {}", self.line, self.problem)
        }
    }
}

/// A value from a lesson file as an error message names it: in quotes.
fn named(text: &str) -> String {
    format!("“{text}”")
}

fn error(line: usize, problem: impl Into<String>) -> LessonError {
    LessonError {
        line,
        problem: problem.into(),
    }
}

/// Reads the actions of a `do:` line.
pub fn parse_actions(query: &str) -> Result<Vec<StepAction>, String> {
    let count = |v: &str| {
        v.parse::<usize>()
            .ok()
            .filter(|&n| (1..=10_000).contains(&n))
            .ok_or_else(|| format!("{} is not a count from 1 to 10000", named(v)))
    };
    let mut actions = Vec::new();
    for (key, value) in query_pairs(query) {
        actions.push(match key.as_str() {
            "add" => StepAction::Add(value),
            "query" => StepAction::Query(value),
            "remove" => StepAction::Remove(value),
            "naive_delete" => StepAction::NaiveDelete(value),
            "random" => StepAction::Random(count(&value)?),
            "walk_add" => StepAction::WalkAdd(value),
            "walk_query" => StepAction::WalkQuery(value),
            "draft" => StepAction::Draft(value),
            "m" => StepAction::M(value),
            "k" => StepAction::K(value),
            "hash" => StepAction::Family(
                HashFamily::from_key(&value).ok_or(format!("no hash family {}", named(&value)))?,
            ),
            "mode" => StepAction::Mode(
                Mode::from_key(&value).ok_or(format!("no mode {}", named(&value)))?,
            ),
            "layout" => StepAction::Layout(
                Layout::from_key(&value).ok_or(format!("no layout {}", named(&value)))?,
            ),
            "cms_add" => StepAction::Cms(CmsAction::Add(value)),
            "cms_query" => StepAction::Cms(CmsAction::Query(value)),
            "cms_w" => StepAction::Cms(CmsAction::SetWidth(value)),
            "cms_d" => StepAction::Cms(CmsAction::SetDepth(value)),
            "cms_zipf" => StepAction::Cms(CmsAction::AddZipf),
            "cms_clear" => StepAction::Cms(CmsAction::Clear),
            "view" => StepAction::View(
                View::from_key(&value).ok_or(format!("no view {}", named(&value)))?,
            ),
            "crawl" => StepAction::Crawl(count(&value)?),
            "files_example" => StepAction::FilesExample,
            "practice" => StepAction::Practice(count(&value)? as u64),
            other => return Err(format!("unknown action {}", named(other))),
        });
    }
    Ok(actions)
}

/// Reads one lesson file.
pub fn parse_lesson(source: &str) -> Result<Lesson, LessonError> {
    let mut id = None;
    let mut title: [Option<String>; 3] = Default::default();
    let mut steps: Vec<LessonStep> = Vec::new();
    for (index, raw) in source.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line == "step" {
            steps.push(LessonStep::default());
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(error(
                number,
                format!("expected \"key: value\", found {}", named(line)),
            ));
        };
        let value = value.trim().to_owned();
        let key = key.trim();
        if let Some(lang) = key.strip_prefix("title.") {
            let lang = Lang::from_key(lang).ok_or_else(|| error(number, "unknown language"))?;
            title[lang_index(lang)] = Some(value);
            continue;
        }
        if key == "id" {
            if value.is_empty() || !value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                return Err(error(number, "an id uses letters, digits and '-'"));
            }
            id = Some(value);
            continue;
        }
        let step = steps.last_mut().ok_or_else(|| {
            error(
                number,
                format!("{} comes before the first \"step\"", named(key)),
            )
        })?;
        match key {
            "state" => {
                // A lesson pins its whole filter, hash included, so that its text holds
                // whatever the page's defaults are.
                let given = crate::state::url::parse(&value).given;
                if !given.has("hash") {
                    return Err(error(
                        number,
                        "state: must name its hash (hash=murmur3 or hash=fnv)",
                    ));
                }
                step.state = Some(value);
            }
            "do" => step
                .actions
                .extend(parse_actions(&value).map_err(|e| error(number, e))?),
            "expect" => {
                step.expect = Some(match value.as_str() {
                    "no" => Expect::No,
                    "yes" => Expect::Yes,
                    "false-positive" => Expect::FalsePositive,
                    "false-negative" => Expect::FalseNegative,
                    _ => {
                        return Err(error(
                            number,
                            "expect one of: no, yes, false-positive, false-negative",
                        ))
                    }
                })
            }
            "show" => {
                step.show = Some(
                    ShowTarget::from_key(&value)
                        .ok_or_else(|| error(number, "show: one of figures, crawl, grow-plots"))?,
                )
            }
            other => match Lang::from_key(other) {
                Some(lang) => step.text[lang_index(lang)].push(value),
                None => return Err(error(number, format!("unknown key {}", named(other)))),
            },
        }
    }
    let id = id.ok_or_else(|| error(0, "no \"id:\" line"))?;
    if steps.is_empty() {
        return Err(error(0, "no steps"));
    }
    let mut titles: [String; 3] = Default::default();
    for (i, lang) in Lang::ALL.iter().enumerate() {
        titles[i] = title[i]
            .clone()
            .ok_or_else(|| error(0, format!("no \"title.{}:\" line", lang.key())))?;
    }
    for (n, step) in steps.iter().enumerate() {
        for (i, lang) in Lang::ALL.iter().enumerate() {
            if step.text[i].is_empty() {
                return Err(error(
                    0,
                    format!("step {} has no {} text", n + 1, lang.key()),
                ));
            }
        }
    }
    Ok(Lesson {
        id,
        title: titles,
        steps,
    })
}

/// The file names listed in `lessons/index.txt` (one per line, `#` comments).
pub fn parse_index(source: &str) -> Vec<String> {
    source
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Fills a lesson paragraph's placeholders from the live filter. Unknown placeholders are
/// left as written.
pub fn fill_text(template: &str, filter: &FilterModel, n: usize) -> String {
    let shape = filter.shape();
    let (m, k) = (shape.m(), shape.k());
    let ones = filter.count_set();
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &after[..close];
        let value = match name {
            "m" => Some(m.to_string()),
            "k" => Some(k.to_string()),
            "n" => Some(n.to_string()),
            "ones" => Some(ones.to_string()),
            "fill" => Some(percent(ones as f64 / m as f64)),
            "fpr_fill" => Some(percent_from_ln(k as f64 * (ones as f64 / m as f64).ln())),
            "fpr" => Some(percent_from_ln(shape.ln_fpr(n as f64))),
            "fpr_standard" => Some(percent_from_ln(math::ln_fpr_exact(
                m as f64, n as f64, k as f64,
            ))),
            "s" => Some(shape.slice_len().to_string()),
            "bits_per_item" => Some(fixed(m as f64 / n as f64, 1)),
            "fpr_rocksdb" => Some(percent(blocked::rocksdb_cache_local_rate(
                m as f64 / n as f64,
                k,
                blocked::LINE_BITS,
            ))),
            _ if name.starts_with("block:") => {
                let item = &name["block:".len()..];
                let block_bits = shape.slice_len();
                shape
                    .positions(item.as_bytes())
                    .next()
                    .map(|p| (p / block_bits).to_string())
            }
            _ => name.strip_prefix("positions:").map(|item| {
                shape
                    .positions(item.as_bytes())
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            }),
        };
        match value {
            Some(v) => out.push_str(&v),
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The placeholders in a paragraph that [`fill_text`] does not know.
pub fn unknown_placeholders(template: &str) -> Vec<String> {
    let mut unknown = Vec::new();
    for part in template.split('{').skip(1) {
        if let Some((name, _)) = part.split_once('}') {
            let with_item = name.starts_with("positions:") || name.starts_with("block:");
            if !PLACEHOLDERS.contains(&name) && !with_item {
                unknown.push(name.to_owned());
            }
        }
    }
    unknown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::settings::Settings;

    const SAMPLE: &str = concat!(
        "# a sample\nid: sample\ntitle.en: T\ntitle.zh: 标\ntitle.ja: タ\n",
        "\nstep\nstate: m=16&k=3&hash=murmur3\nen: Empty, {m} bits.\nzh: 空\nja: 空\n",
        "\nstep\ndo: add=cat&query=cow\nexpect: false-positive\nen: cow at {positions:cow}\n",
        "en: second paragraph\nzh: 牛\nja: 牛\n"
    );

    #[test]
    fn a_lesson_file_reads_into_steps() {
        let lesson = parse_lesson(SAMPLE).unwrap();
        assert_eq!(lesson.id, "sample");
        assert_eq!(lesson.title(Lang::Zh), "标");
        assert_eq!(lesson.steps.len(), 2);
        assert_eq!(
            lesson.steps[0].state.as_deref(),
            Some("m=16&k=3&hash=murmur3")
        );
        assert_eq!(
            lesson.steps[1].actions,
            vec![
                StepAction::Add("cat".into()),
                StepAction::Query("cow".into())
            ]
        );
        assert_eq!(lesson.steps[1].expect, Some(Expect::FalsePositive));
        assert_eq!(lesson.steps[1].paragraphs(Lang::En).len(), 2);
    }

    #[test]
    fn mistakes_in_a_lesson_file_name_the_line() {
        let missing_ja = SAMPLE.replace("ja: 牛\n", "");
        assert!(parse_lesson(&missing_ja)
            .unwrap_err()
            .problem
            .contains("step 2 has no ja"));
        let bad_action = SAMPLE.replace("do: add=cat", "do: jump=cat");
        assert_eq!(parse_lesson(&bad_action).unwrap_err().line, 14);
        let bad_count = SAMPLE.replace("do: add=cat", "do: random=0");
        assert_eq!(parse_lesson(&bad_count).unwrap_err().line, 14);
        let unpinned = SAMPLE.replace("state: m=16&k=3&hash=murmur3", "state: m=16&k=3");
        let error = parse_lesson(&unpinned).unwrap_err();
        assert_eq!(error.line, 8);
        assert!(error.problem.contains("hash"), "{}", error.problem);
        let early = "id: x\nen: text before any step\n";
        assert_eq!(parse_lesson(early).unwrap_err().line, 2);
        assert!(parse_lesson("id: x\n").is_err());
        assert!(parse_lesson("id: a b\nstep\n").is_err());
    }

    #[test]
    fn placeholders_are_filled_from_the_live_filter() {
        let settings = Settings::new(16, 3, HashFamily::Fnv1a, Mode::Bloom, 4).unwrap();
        let mut filter = settings.empty_filter();
        filter.insert(b"cat");
        let text = fill_text("{m},{k},{n},{ones} {positions:cat} {nope} {", &filter, 1);
        assert_eq!(text, "16,3,1,3 7, 0, 9 {nope} {");
        assert_eq!(
            unknown_placeholders("{m} {nope} {positions:x}"),
            vec!["nope"]
        );
    }

    #[test]
    fn a_step_names_the_cells_of_each_positions_placeholder_once() {
        // At m = 16 with FNV-1a, "cat" sits at 7, 0, 9 (the test above fills them in).
        let shape = Settings::new(16, 3, HashFamily::Fnv1a, Mode::Bloom, 4)
            .unwrap()
            .shape();
        let step = LessonStep {
            text: [
                vec!["“cat” sets {positions:cat}; {m} bits".into()],
                vec!["{positions:cat}".into()],
                vec![],
            ],
            ..LessonStep::default()
        };
        let mut named = step.named_positions(shape);
        #[expect(
            clippy::disallowed_methods,
            reason = "a test: its sort never reaches the page"
        )]
        named.sort_unstable();
        assert_eq!(named, vec![0, 7, 9]);
        assert!(LessonStep::default().named_positions(shape).is_empty());
    }
}
