//! Practice: exercises the student answers and the page checks. A set is drawn from a seed
//! on a small filter the page builds (m = 32, k = 3, murmur3), so everyone with the same
//! seed gets the same items, the same questions and the same right answers. The kinds, in
//! the order a set asks them:
//!
//! - **place**: mark the k cells an item sets, from its h1 and h2 and
//!   `position_i = (h1 + i·h2) mod m`;
//! - **predict**: what the filter answers for an item, and whether it is right;
//! - **culprits**: for a false positive, which items set each of its bits;
//! - **read**: the bits set X, the fill X/m, or the formula's rate `(1 − (1 − 1/m)^{kn})^k`;
//! - **size**: m and k for n items at rate p;
//! - **delete**: what an item's counters read after its removal, and which items a naive
//!   delete loses.
//!
//! Each exercise names the filter it is asked on (settings and item log), so the screen
//! always shows the filter the question is about.

use super::answer_number::{read_count, read_share};
use crate::decimal::{decimal_to_f64, fixed};
use crate::filter::experiment::splitmix64;
use crate::filter::math::fpr_exact;

use super::log::{replay, LogEntry, Members};
use super::quiz::{
    answer_for, find_item, quiz_fill, quiz_questions, Question, QuizAnswer, QUIZ_SHAPE,
    QUIZ_WORDS_SEED,
};
use super::settings::{FilterModel, Mode, Settings};
use super::words::{fresh_words, random_word};
use crate::filter::sizing::smallest_bits;

/// m and k of the filter a practice set is asked on.
pub const PRACTICE_SHAPE: (u64, u32) = (32, 3);
/// How many items the filter holds before the first exercise.
pub const PRACTICE_ITEMS: usize = 5;
/// Mixed into the seed to draw the filter's words.
const WORDS_SEED: u64 = 0x7072_6163;
/// A rate or fill is accepted within this relative error.
pub const RATE_TOLERANCE: f64 = 0.02;
/// A size answer's m may exceed the smallest m that meets p by this share.
pub const SIZE_SLACK: f64 = 0.10;
/// A size answer's exact rate may exceed p by this share of p: the textbook
/// `m = ⌈−n·ln p / (ln 2)²⌉` with `k = round((m/n)·ln 2)` misses p by up to 0.54 % of p in
/// the cases a set draws from (a whole k is not the real optimum, and the exact rate is
/// a little above the formula's), and is accepted.
pub const SIZE_RATE_SLACK: f64 = 0.01;

/// The kinds of exercise, as `data-exercise-kind` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ExerciseKind {
    /// Mark the cells an item sets.
    Place,
    /// Predict the filter's answer.
    Predict,
    /// Name the items behind a false positive's bits.
    Culprits,
    /// Read a figure off the filter.
    Read,
    /// Size a filter.
    Size,
    /// Counters after a removal; items lost to a naive delete.
    Delete,
}

impl ExerciseKind {
    /// Every kind, in the order of a set.
    pub const ALL: [ExerciseKind; 6] = [
        ExerciseKind::Place,
        ExerciseKind::Predict,
        ExerciseKind::Culprits,
        ExerciseKind::Read,
        ExerciseKind::Size,
        ExerciseKind::Delete,
    ];

    /// `place`, `predict`, `culprits`, `read`, `size` or `delete`.
    pub fn key(self) -> &'static str {
        match self {
            ExerciseKind::Place => "place",
            ExerciseKind::Predict => "predict",
            ExerciseKind::Culprits => "culprits",
            ExerciseKind::Read => "read",
            ExerciseKind::Size => "size",
            ExerciseKind::Delete => "delete",
        }
    }
}

/// What a read exercise asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadFigure {
    /// The number of bits set, X (a whole number, exactly).
    BitsSet,
    /// The fill X/m.
    Fill,
    /// The formula's false-positive rate `(1 − (1 − 1/m)^{kn})^k`.
    Rate,
}

/// One exercise's question and its right answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    /// Mark the cells `item` sets.
    Place {
        /// The item to add.
        item: String,
        /// Its distinct positions.
        cells: Vec<u64>,
    },
    /// Predict the filter's answer for `item`.
    Predict {
        /// The item asked.
        item: String,
        /// The filter's answer, and whether it is right.
        truth: QuizAnswer,
    },
    /// Name the members behind each bit of the false positive `item`.
    Culprits {
        /// The false positive.
        item: String,
        /// Each distinct position and the members that set it.
        setters: Vec<(u64, Vec<String>)>,
    },
    /// Read a figure off the filter.
    Read {
        /// Which figure.
        figure: ReadFigure,
        /// Its value.
        value: f64,
    },
    /// Size a filter for n items at rate p.
    Size {
        /// n.
        n: u64,
        /// p.
        p: f64,
        /// The smallest m that meets p at a whole k.
        smallest_m: u64,
        /// The best whole k at that m.
        smallest_k: u32,
    },
    /// What each counter of `item` reads once `item` is removed.
    Counters {
        /// The item removed.
        item: String,
        /// Each distinct counter and its value after the removal.
        after: Vec<(u64, u8)>,
    },
    /// Which other members a naive delete of `item` makes the filter lose.
    Lost {
        /// The item deleted.
        item: String,
        /// The members that then test absent.
        lost: Vec<String>,
    },
}

impl Task {
    /// The kind this task belongs to.
    pub fn kind(&self) -> ExerciseKind {
        match self {
            Task::Place { .. } => ExerciseKind::Place,
            Task::Predict { .. } => ExerciseKind::Predict,
            Task::Culprits { .. } => ExerciseKind::Culprits,
            Task::Read { .. } => ExerciseKind::Read,
            Task::Size { .. } => ExerciseKind::Size,
            Task::Counters { .. } | Task::Lost { .. } => ExerciseKind::Delete,
        }
    }

    /// The item the exercise is about, if any.
    pub fn item(&self) -> Option<&str> {
        match self {
            Task::Place { item, .. }
            | Task::Predict { item, .. }
            | Task::Culprits { item, .. }
            | Task::Counters { item, .. }
            | Task::Lost { item, .. } => Some(item),
            Task::Read { .. } | Task::Size { .. } => None,
        }
    }

    /// The log entry that carries the exercise out on the filter once it is answered (the
    /// item added, removed, or naively deleted), if it changes the filter.
    pub fn outcome(&self) -> Option<LogEntry> {
        match self {
            Task::Place { item, .. } => Some(LogEntry::Add(item.clone())),
            Task::Counters { item, .. } => Some(LogEntry::Remove(item.clone())),
            Task::Lost { item, .. } => Some(LogEntry::NaiveDelete(item.clone())),
            _ => None,
        }
    }
}

/// One exercise: its task and the filter it is asked on.
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise {
    /// The question and its answer.
    pub task: Task,
    /// The filter's settings.
    pub settings: Settings,
    /// The filter's items, as a log.
    pub log: Vec<LogEntry>,
}

/// What the student has entered for the current exercise.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Response {
    /// Cells marked (place), in increasing order.
    pub cells: Vec<u64>,
    /// (position, item) pairs ticked (culprits).
    pub culprits: Vec<(u64, String)>,
    /// Items ticked (delete: items lost).
    pub items: Vec<String>,
    /// The answer chosen (predict).
    pub answer: Option<QuizAnswer>,
    /// The number typed (read).
    pub number: String,
    /// m typed (size).
    pub m: String,
    /// k typed (size).
    pub k: String,
    /// Each counter's value typed (delete: counters), in the task's order.
    pub counters: Vec<String>,
}

/// A number field of the practice panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberField {
    /// The read exercise's answer.
    Answer,
    /// The size exercise's m.
    M,
    /// The size exercise's k.
    K,
    /// The counters exercise's field for its counter at this place in the task's list.
    Counter(usize),
}

/// The number fields of `task` that `response` leaves unreadable (empty, `twelve`,
/// `12 bits`), in the panel's order: Check refuses them without costing an attempt. The
/// read exercise's fill and rate are shares ([`read_share`]); bits set, m, k and counters
/// are counts ([`read_count`]).
pub fn unreadable_fields(task: &Task, response: &Response) -> Vec<NumberField> {
    let mut fields = Vec::new();
    let mut need = |field, number: Option<f64>| {
        if number.is_none() {
            fields.push(field);
        }
    };
    match task {
        Task::Read { figure, .. } => need(
            NumberField::Answer,
            match figure {
                ReadFigure::BitsSet => read_count(&response.number),
                ReadFigure::Fill | ReadFigure::Rate => read_share(&response.number),
            },
        ),
        Task::Size { .. } => {
            need(NumberField::M, read_count(&response.m));
            need(NumberField::K, read_count(&response.k));
        }
        Task::Counters { after, .. } => {
            for i in 0..after.len() {
                let typed = response.counters.get(i).map_or("", String::as_str);
                need(NumberField::Counter(i), read_count(typed));
            }
        }
        _ => {}
    }
    fields
}

/// `typed` read as a count, when it is a whole number in `0..=max`.
fn whole(typed: &str, max: u64) -> Option<u64> {
    read_count(typed)
        .filter(|v| v.fract() == 0.0 && (0.0..=max as f64).contains(v))
        .map(|v| v as u64)
}

/// The textbook's m and k for n items at rate p: `m = ⌈−n·ln p / (ln 2)²⌉` and
/// `k = round((m/n)·ln 2)`.
pub fn textbook_size(n: u64, p: f64) -> (u64, u32) {
    let ln2 = std::f64::consts::LN_2;
    let m = (-(n as f64) * p.ln() / (ln2 * ln2)).ceil();
    (m as u64, (m / n as f64 * ln2).round() as u32)
}

/// `x` rounded to 3 significant digits, as the page shows a rate or fill (`0.0835`).
pub fn three_digits(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return "0".to_owned();
    }
    let decimals = 2 - x.abs().log10().floor() as i32;
    fixed(x, decimals.max(0) as usize)
}

/// `x` rounded to 3 significant digits.
fn round_three(x: f64) -> f64 {
    decimal_to_f64(&three_digits(x)).unwrap_or(x)
}

/// Whether `typed` is accepted for a rate or fill of `value`: within
/// [`RATE_TOLERANCE`] relative error, or equal to `value` once both are rounded to the 3
/// significant digits the page shows.
pub fn rate_accepted(typed: f64, value: f64) -> bool {
    let close = (typed - value).abs() <= RATE_TOLERANCE * value.abs();
    close || round_three(typed) == round_three(value)
}

/// The largest exact rate a size answer for p may have: p and [`SIZE_RATE_SLACK`] of p.
pub fn size_rate_limit(p: f64) -> f64 {
    p * (1.0 + SIZE_RATE_SLACK)
}

/// Whether m and k answer a size task: the exact rate `(1 − (1 − 1/m)^{kn})^k` is at most
/// [`size_rate_limit`] of p, and m is at most [`SIZE_SLACK`] above the smallest m that
/// meets p at a whole k.
pub fn size_accepted(m: u64, k: u32, n: u64, p: f64, smallest_m: u64) -> bool {
    (1..=64).contains(&k)
        && m as f64 <= smallest_m as f64 * (1.0 + SIZE_SLACK)
        && fpr_exact(m as f64, n as f64, f64::from(k)) <= size_rate_limit(p)
}

/// Whether two lists without repeats hold the same values, in any order (the sets here
/// have a handful of values).
fn same_values<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// Whether `response` answers `task` right.
pub fn check(task: &Task, response: &Response) -> bool {
    match task {
        Task::Place { cells, .. } => same_values(&response.cells, cells),
        Task::Predict { truth, .. } => response.answer == Some(*truth),
        Task::Culprits { setters, .. } => {
            // every ticked pair is right, and there are as many as there are setters
            let ticks = setters.iter().map(|(_, items)| items.len()).sum::<usize>();
            response.culprits.len() == ticks
                && response.culprits.iter().all(|(bit, item)| {
                    setters
                        .iter()
                        .any(|(p, items)| p == bit && items.contains(item))
                })
        }
        Task::Read { figure, value } => match figure {
            ReadFigure::BitsSet => read_count(&response.number) == Some(*value),
            ReadFigure::Fill | ReadFigure::Rate => {
                read_share(&response.number).is_some_and(|typed| rate_accepted(typed, *value))
            }
        },
        Task::Size {
            n, p, smallest_m, ..
        } => {
            let m = whole(&response.m, u64::MAX);
            let k = whole(&response.k, 64);
            matches!((m, k), (Some(m), Some(k)) if size_accepted(m, k as u32, *n, *p, *smallest_m))
        }
        Task::Counters { after, .. } => {
            let mut right = after.len() == response.counters.len();
            for (i, (_, want)) in after.iter().enumerate() {
                let typed = response.counters.get(i).map(|t| read_count(t));
                right &= typed == Some(Some(f64::from(*want)));
            }
            right
        }
        Task::Lost { lost, .. } => same_values(&response.items, lost),
    }
}

/// The distinct positions of `item`, in increasing order.
fn distinct_positions(filter: &FilterModel, item: &str) -> Vec<u64> {
    let mut distinct = Vec::new();
    for position in filter.shape().positions(item.as_bytes()) {
        if let Err(at) = distinct.binary_search(&position) {
            distinct.insert(at, position);
        }
    }
    distinct
}

/// A member drawn by the seed's stream `stream`.
fn member(seed: u64, stream: u64, members: &Members) -> String {
    let list = members.list();
    let pick = splitmix64(seed ^ stream) % list.len() as u64;
    list[pick as usize].item.clone()
}

/// The (n, p) pairs a size exercise draws from.
const SIZE_CASES: [(u64, f64); 6] = [
    (1_000, 0.01),
    (5_000, 0.02),
    (10_000, 0.001),
    (20_000, 0.05),
    (100_000, 0.01),
    (500, 0.001),
];

/// A plain murmur3 filter of this (m, k), the page's default hash family.
fn small_filter((m, k): (u64, u32)) -> Settings {
    Settings::default()
        .with_m(m)
        .and_then(|s| s.with_k(k))
        .unwrap_or_default()
}

/// The exercises of the set with `seed`, in order.
///
/// The filter starts with [`PRACTICE_ITEMS`] words of the seed. The place exercise's item
/// is added once it is answered, and every later exercise sees it; the counters exercise
/// is asked in counting mode on the same items, and the lost-items one on the plain filter.
pub fn practice_set(seed: u64) -> Vec<Exercise> {
    let (m, k) = PRACTICE_SHAPE;
    let plain = small_filter(PRACTICE_SHAPE);
    let (words, _) = fresh_words(seed ^ WORDS_SEED, 0, PRACTICE_ITEMS + 1, |_| false);
    let mut log = Vec::new();
    for word in &words[..PRACTICE_ITEMS] {
        log.push(LogEntry::Add(word.clone()));
    }
    let (filter, _) = replay(&plain, &log);
    let placed = words[PRACTICE_ITEMS].clone();
    let mut set = vec![Exercise {
        task: Task::Place {
            cells: distinct_positions(&filter, &placed),
            item: placed.clone(),
        },
        settings: plain,
        log: log.clone(),
    }];
    log.push(LogEntry::Add(placed));
    let (filter, members) = replay(&plain, &log);
    let on_filter = |task: Task| Exercise {
        task,
        settings: plain,
        log: log.clone(),
    };

    // predict: one of the three answers, chosen by the seed
    let wanted = QuizAnswer::ALL[(splitmix64(seed ^ 0x7072_6564) % 3) as usize];
    let predicted =
        find_item(seed, 0, wanted, &filter, &members, &[]).unwrap_or_else(|| random_word(seed, 0));
    let truth = answer_for(&filter, &members, &predicted);
    let asked = [Question {
        item: predicted.clone(),
        planned: truth,
    }];
    set.push(on_filter(Task::Predict {
        item: predicted,
        truth,
    }));

    // culprits: a false positive, if the filter gives one within the search
    let false_positive = QuizAnswer::FalsePositive;
    if let Some(item) = find_item(seed, 1, false_positive, &filter, &members, &asked) {
        let mut setters: Vec<(u64, Vec<String>)> = Vec::new();
        for p in distinct_positions(&filter, &item) {
            let mut of = Vec::new();
            for member in members.list() {
                if distinct_positions(&filter, &member.item).contains(&p) {
                    of.push(member.item.clone());
                }
            }
            setters.push((p, of));
        }
        set.push(on_filter(Task::Culprits { item, setters }));
    }

    // read: one of the three figures
    let ones = filter.count_set();
    let (figure, value) = match splitmix64(seed ^ 0x7265_6164) % 3 {
        0 => (ReadFigure::BitsSet, ones as f64),
        1 => (ReadFigure::Fill, ones as f64 / m as f64),
        _ => (
            ReadFigure::Rate,
            fpr_exact(m as f64, members.len() as f64, f64::from(k)),
        ),
    };
    set.push(on_filter(Task::Read { figure, value }));

    // size
    let (n, p) = SIZE_CASES[(splitmix64(seed ^ 0x7369_7a65) % SIZE_CASES.len() as u64) as usize];
    if let Some((smallest_m, smallest_k)) = smallest_bits(n, p) {
        set.push(on_filter(Task::Size {
            n,
            p,
            smallest_m,
            smallest_k,
        }));
    }

    // delete: the counters after a removal (counting mode), then a naive delete's losses
    let counting = plain.with_mode(Mode::Counting);
    let removed = member(seed, 0x636f_756e, &members);
    let (counters, _) = replay(&counting, &log);
    // a counter that two of the item's hashes share drops by 2
    let mut after: Vec<(u64, u8)> = Vec::new();
    for p in distinct_positions(&counters, &removed) {
        let times = counters
            .shape()
            .positions(removed.as_bytes())
            .filter(|&h| h == p)
            .count();
        after.push((p, counters.count(p).saturating_sub(times as u8)));
    }
    set.push(Exercise {
        task: Task::Counters {
            item: removed,
            after,
        },
        settings: counting,
        log: log.clone(),
    });
    let deleted = member(seed, 0x6c6f_7374, &members);
    let cleared = distinct_positions(&filter, &deleted);
    let mut lost = Vec::new();
    for member in members.list() {
        let positions = distinct_positions(&filter, &member.item);
        if member.item != deleted && positions.iter().any(|p| cleared.contains(p)) {
            lost.push(member.item.clone());
        }
    }
    set.push(on_filter(Task::Lost {
        item: deleted,
        lost,
    }));
    set
}

/// The quiz with `seed` (`quiz=SEED`): predictions only, on a filter of m = 32, k = 3
/// about half full of the seed's words, balanced over the three answers
/// ([`quiz_questions`]).
pub fn quiz_set(seed: u64) -> Vec<Exercise> {
    let (m, k) = QUIZ_SHAPE;
    let settings = small_filter(QUIZ_SHAPE);
    let (words, _) = fresh_words(seed ^ QUIZ_WORDS_SEED, 0, quiz_fill(m, k), |_| false);
    let mut log = Vec::new();
    for word in words {
        log.push(LogEntry::Add(word));
    }
    let (filter, members) = replay(&settings, &log);
    let mut set = Vec::new();
    for question in quiz_questions(seed, &filter, &members).0 {
        let task = Task::Predict {
            item: question.item,
            truth: question.planned,
        };
        set.push(Exercise {
            task,
            settings,
            log: log.clone(),
        });
    }
    set
}

/// How an exercise stands, as `data-exercise-state` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExerciseState {
    /// Not answered yet.
    Open,
    /// Answered right (at the first or the second attempt).
    Correct,
    /// The first attempt was wrong: a second one is allowed, with a hint.
    Wrong,
    /// The answer is shown: after a second wrong attempt, or "Show me".
    Revealed,
}

impl ExerciseState {
    /// `open`, `correct`, `wrong` or `revealed`.
    pub fn key(self) -> &'static str {
        match self {
            ExerciseState::Open => "open",
            ExerciseState::Correct => "correct",
            ExerciseState::Wrong => "wrong",
            ExerciseState::Revealed => "revealed",
        }
    }

    /// Whether the exercise is over (its answer shown, the next one can start).
    pub fn done(self) -> bool {
        matches!(self, ExerciseState::Correct | ExerciseState::Revealed)
    }
}

/// One finished exercise, as the summary and the course page see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExerciseResult {
    /// Its kind.
    pub kind: ExerciseKind,
    /// Whether the first attempt was right (only the first attempt scores).
    pub correct: bool,
    /// How many answers were submitted (0 when "Show me" came first).
    pub attempts: u32,
    /// Whether the answer was shown ("Show me", or a second wrong attempt) rather than
    /// found.
    pub revealed: bool,
}

/// A practice set in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct Practice {
    /// The seed the set was drawn from.
    pub seed: u64,
    /// A quiz (`quiz=`): predictions only.
    pub quiz: bool,
    /// The set's exercises.
    pub exercises: Vec<Exercise>,
    /// The exercise asked now, from 0; `exercises.len()` once the set is finished.
    pub index: usize,
    /// How the current exercise stands.
    pub state: ExerciseState,
    /// Answers submitted to the current exercise.
    pub attempts: u32,
    /// What the student has entered for it.
    pub response: Response,
    /// The fields the last Check could not read as numbers (no attempt was counted).
    pub unreadable: Vec<NumberField>,
    /// One result per finished exercise, in order.
    pub results: Vec<ExerciseResult>,
}

impl Practice {
    /// The first exercise of the set drawn from `seed`: a quiz, or every kind.
    pub fn start(seed: u64, quiz: bool) -> Self {
        Practice {
            seed,
            quiz,
            exercises: if quiz {
                quiz_set(seed)
            } else {
                practice_set(seed)
            },
            index: 0,
            state: ExerciseState::Open,
            attempts: 0,
            response: Response::default(),
            unreadable: Vec::new(),
            results: Vec::new(),
        }
    }

    /// The exercise asked now (none once the set is finished).
    pub fn current(&self) -> Option<&Exercise> {
        self.exercises.get(self.index)
    }

    /// Whether every exercise has been done and the summary is shown.
    pub fn finished(&self) -> bool {
        self.index >= self.exercises.len()
    }

    /// First attempts that were right.
    pub fn score(&self) -> u32 {
        self.results.iter().filter(|r| r.correct).count() as u32
    }

    /// Per kind (in [`ExerciseKind::ALL`]'s order, only the kinds asked): right first
    /// attempts and exercises done.
    pub fn by_kind(&self) -> Vec<(ExerciseKind, u32, u32)> {
        let mut by_kind: Vec<(ExerciseKind, u32, u32)> = Vec::new();
        for kind in ExerciseKind::ALL {
            let (mut right, mut done) = (0, 0);
            for result in self.results.iter().filter(|r| r.kind == kind) {
                right += u32::from(result.correct);
                done += 1;
            }
            if done > 0 {
                by_kind.push((kind, right, done));
            }
        }
        by_kind
    }

    /// What an embedding course page receives, as JSON, in order: one `bloomlab:result`
    /// per finished exercise (its number from 1, kind, whether the first attempt was right,
    /// the attempts, whether the answer was revealed, the score so far and the set's
    /// length), then, once its last exercise
    /// is over, one `bloomlab:summary` with the score per kind.
    pub fn messages(&self) -> Vec<String> {
        let (seed, total) = (self.seed, self.exercises.len());
        let mut score = 0;
        let mut messages = Vec::new();
        for (index, r) in self.results.iter().enumerate() {
            score += u32::from(r.correct);
            messages.push(format!(
                r#"{{"type":"bloomlab:result","seed":{seed},"index":{},"kind":"{}","correct":{},"attempts":{},"revealed":{},"score":{score},"total":{total}}}"#,
                index + 1,
                r.kind.key(),
                r.correct,
                r.attempts,
                r.revealed
            ));
        }
        if !self.exercises.is_empty() && self.results.len() == self.exercises.len() {
            let mut by_kind = String::new();
            for (kind, right, done) in self.by_kind() {
                let comma = if by_kind.is_empty() { "" } else { "," };
                by_kind += &format!(
                    r#"{comma}"{}":{{"score":{right},"total":{done}}}"#,
                    kind.key()
                );
            }
            messages.push(format!(
                r#"{{"type":"bloomlab:summary","seed":{seed},"score":{score},"total":{total},"byKind":{{{by_kind}}}}}"#
            ));
        }
        messages
    }

    /// Submits the response: the first attempt scores, a wrong one leaves a second attempt,
    /// a second wrong one reveals the answer. Returns the result once the exercise is over.
    pub fn submit(&mut self) -> Option<ExerciseResult> {
        let exercise = self.current()?;
        if self.state.done() {
            return None;
        }
        let (unreadable, right) = (
            unreadable_fields(&exercise.task, &self.response),
            check(&exercise.task, &self.response),
        );
        self.unreadable = unreadable;
        if !self.unreadable.is_empty() {
            return None;
        }
        self.attempts += 1;
        self.state = match (right, self.attempts) {
            (true, _) => ExerciseState::Correct,
            (false, 1) => ExerciseState::Wrong,
            (false, _) => ExerciseState::Revealed,
        };
        self.finish_if_done()
    }

    /// "Show me": the answer is revealed (a first attempt not yet made scores nothing).
    pub fn reveal(&mut self) -> Option<ExerciseResult> {
        if self.current().is_none() || self.state.done() {
            return None;
        }
        self.state = ExerciseState::Revealed;
        self.finish_if_done()
    }

    /// Records the current exercise's result once it is over.
    fn finish_if_done(&mut self) -> Option<ExerciseResult> {
        let kind = self.current()?.task.kind();
        self.state.done().then(|| {
            let first_right = self.state == ExerciseState::Correct && self.attempts == 1;
            let result = ExerciseResult {
                kind,
                correct: first_right,
                attempts: self.attempts,
                revealed: self.state == ExerciseState::Revealed,
            };
            self.results.push(result);
            result
        })
    }

    /// The next exercise (or the summary), once the current one is over.
    pub fn next(&mut self) {
        if self.state.done() && !self.finished() {
            self.index += 1;
            self.state = ExerciseState::Open;
            self.attempts = 0;
            self.unreadable.clear();
            self.response = Response::default();
        }
    }

    /// Whether the student can still change the response (an exercise open or wrong once).
    pub fn answering(&self) -> bool {
        self.current().is_some() && !self.state.done()
    }
}

/// A change to the practice set.
#[derive(Debug, Clone, PartialEq)]
pub enum PracticeAction {
    /// Start a set with this seed (the filter the page had is kept and comes back at Stop).
    Start(u64),
    /// Start a quiz with this seed: predictions only.
    StartQuiz(u64),
    /// Mark or unmark a cell (place).
    Pick(u64),
    /// Predict's answer, submitted at once.
    Answer(QuizAnswer),
    /// Submit the response: the panel's fields as entered (its numbers and ticks; the
    /// cells and the answer are already in the state).
    Submit(Response),
    /// "Show me": reveal the answer and its working.
    Show,
    /// The next exercise, or the summary.
    Next,
    /// End the set: the filter the page had before it comes back.
    Stop,
}

impl Response {
    /// Applies one change of the student's entry.
    pub fn apply(&mut self, action: &PracticeAction) {
        match action {
            PracticeAction::Pick(cell) => match self.cells.binary_search(cell) {
                Ok(at) => {
                    self.cells.remove(at);
                }
                Err(at) => self.cells.insert(at, *cell),
            },
            PracticeAction::Answer(answer) => self.answer = Some(*answer),
            PracticeAction::Submit(entered) => {
                let (cells, answer) = (std::mem::take(&mut self.cells), self.answer);
                *self = Response {
                    cells,
                    answer,
                    ..entered.clone()
                };
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn kinds(set: &[Exercise]) -> Vec<ExerciseKind> {
        set.iter().map(|e| e.task.kind()).collect()
    }

    #[test]
    fn a_seed_gives_the_same_set_and_other_seeds_other_items() {
        assert_eq!(practice_set(7), practice_set(7));
        let items = |seed| -> Vec<String> {
            practice_set(seed)
                .iter()
                .filter_map(|e| e.task.item().map(str::to_owned))
                .collect()
        };
        let seeds: Vec<Vec<String>> = (1..=20).map(items).collect();
        for (i, a) in seeds.iter().enumerate() {
            for b in &seeds[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn every_set_asks_every_kind_on_the_filter_it_names() {
        for seed in 1..=200 {
            let set = practice_set(seed);
            let mut asked = kinds(&set);
            asked.dedup();
            assert_eq!(asked, ExerciseKind::ALL.to_vec(), "seed {seed}");
            for exercise in &set {
                let (filter, members) = replay(&exercise.settings, &exercise.log);
                assert!(filter.shape().m() <= 64);
                match &exercise.task {
                    Task::Place { item, cells } => {
                        assert!(!members.contains(item));
                        assert_eq!(cells, &distinct_positions(&filter, item));
                    }
                    Task::Predict { item, truth } => {
                        assert_eq!(answer_for(&filter, &members, item), *truth)
                    }
                    Task::Culprits { item, setters } => {
                        assert_eq!(
                            answer_for(&filter, &members, item),
                            QuizAnswer::FalsePositive
                        );
                        // every bit of a false positive was set by some member
                        assert!(setters
                            .iter()
                            .all(|(p, s)| filter.is_set(*p) && !s.is_empty()));
                    }
                    Task::Read { figure, value } => {
                        let x = filter.count_set() as f64;
                        let expected = match figure {
                            ReadFigure::BitsSet => x,
                            ReadFigure::Fill => x / 32.0,
                            ReadFigure::Rate => fpr_exact(32.0, members.len() as f64, 3.0),
                        };
                        assert_eq!(*value, expected);
                    }
                    Task::Size { .. } => {}
                    Task::Counters { item, after } => {
                        assert_eq!(exercise.settings.mode(), Mode::Counting);
                        let mut log = exercise.log.clone();
                        log.push(LogEntry::Remove(item.clone()));
                        let (removed, _) = replay(&exercise.settings, &log);
                        for &(p, count) in after {
                            assert_eq!(removed.count(p), count, "seed {seed}");
                        }
                    }
                    Task::Lost { item, lost } => {
                        let mut log = exercise.log.clone();
                        log.push(LogEntry::NaiveDelete(item.clone()));
                        let (deleted, _) = replay(&exercise.settings, &log);
                        let gone: Vec<String> = members
                            .list()
                            .iter()
                            .filter(|mb| &mb.item != item && !deleted.contains(mb.item.as_bytes()))
                            .map(|mb| mb.item.clone())
                            .collect();
                        assert_eq!(&gone, lost);
                    }
                }
            }
        }
    }

    #[test]
    fn a_quiz_is_ten_balanced_predictions_on_its_own_filter() {
        for seed in 1..=30 {
            let set = quiz_set(seed);
            assert_eq!(set.len(), crate::state::quiz::QUIZ_QUESTIONS);
            let mut per_answer = [0; 3];
            for exercise in &set {
                let (filter, members) = replay(&exercise.settings, &exercise.log);
                let Task::Predict { item, truth } = &exercise.task else {
                    panic!("a quiz only predicts");
                };
                assert_eq!(answer_for(&filter, &members, item), *truth);
                per_answer[QuizAnswer::ALL.iter().position(|a| a == truth).unwrap()] += 1;
            }
            assert!(
                per_answer.iter().all(|&n| (3..=4).contains(&n)),
                "seed {seed}: {per_answer:?}"
            );
        }
        assert_ne!(quiz_set(1), quiz_set(2));
    }

    #[test]
    fn predict_covers_all_three_answers_over_seeds() {
        let truths: BTreeSet<&str> = (1..=30)
            .flat_map(practice_set)
            .filter_map(|e| match e.task {
                Task::Predict { truth, .. } => Some(truth.key()),
                _ => None,
            })
            .collect();
        assert_eq!(truths.len(), 3);
    }

    #[test]
    fn numbers_are_read_as_students_type_them() {
        let share = |text: &str| read_share(text);
        assert_eq!(share("0.25"), Some(0.25));
        assert_eq!(share(" 25 % "), Some(0.25));
        assert_eq!(share("25"), Some(0.25));
        assert_eq!(share("0,5"), Some(0.5));
        assert_eq!(read_count("12"), Some(12.0));
        assert_eq!(read_count("1,000,000"), Some(1e6));
        assert_eq!(share(""), None);
        assert_eq!(share("abc"), None);
        assert_eq!(share("inf"), None);
    }

    #[test]
    fn rates_are_accepted_within_two_percent_or_at_three_digits() {
        let v = 0.0834567;
        assert!(rate_accepted(v * 1.0199, v));
        assert!(rate_accepted(v * 0.9801, v));
        assert!(!rate_accepted(v * 1.0201, v));
        assert!(!rate_accepted(v * 0.9799, v));
        assert_eq!(three_digits(v), "0.0835");
        assert_eq!(three_digits(0.5), "0.500");
        assert_eq!(three_digits(13.0), "13.0");
        assert!(rate_accepted(0.0835, v));
        // 3 significant digits of a value near a boundary of 2 %: 0.0100 shown for 0.010049
        let w = 0.010049;
        assert!(rate_accepted(0.01, w));
        assert!(!rate_accepted(0.0103, w));
    }

    /// The number fields `task` asks for.
    fn number_fields(task: &Task) -> Vec<NumberField> {
        match task {
            Task::Read { .. } => vec![NumberField::Answer],
            Task::Size { .. } => vec![NumberField::M, NumberField::K],
            Task::Counters { after, .. } => (0..after.len()).map(NumberField::Counter).collect(),
            _ => Vec::new(),
        }
    }

    /// The text of `field` in `response`.
    fn field_text(response: &mut Response, field: NumberField) -> &mut String {
        match field {
            NumberField::Answer => &mut response.number,
            NumberField::M => &mut response.m,
            NumberField::K => &mut response.k,
            NumberField::Counter(i) => &mut response.counters[i],
        }
    }

    #[test]
    fn an_entry_that_is_not_a_number_costs_no_attempt_in_every_number_field() {
        let mut asked = BTreeSet::new();
        for seed in 1..=12 {
            let mut practice = Practice::start(seed, false);
            while !practice.finished() {
                let task = practice.current().unwrap().task.clone();
                for field in number_fields(&task) {
                    asked.insert(task.kind().key());
                    for typed in ["twelve", "", "12 bits"] {
                        practice.response = right_response(&task);
                        *field_text(&mut practice.response, field) = typed.into();
                        assert_eq!(practice.submit(), None);
                        assert_eq!(practice.unreadable, vec![field], "{task:?} {typed:?}");
                        assert_eq!(
                            (practice.state, practice.attempts),
                            (ExerciseState::Open, 0)
                        );
                    }
                }
                if !number_fields(&task).is_empty() {
                    // the same field with a number: read, and it counts
                    practice.response = right_response(&task);
                    *field_text(&mut practice.response, number_fields(&task)[0]) = "1000".into();
                    practice.submit();
                    assert!(practice.unreadable.is_empty());
                    assert_eq!(
                        (practice.state, practice.attempts),
                        (ExerciseState::Wrong, 1)
                    );
                }
                practice.reveal();
                practice.next();
            }
        }
        assert_eq!(
            asked.into_iter().collect::<Vec<_>>(),
            ["delete", "read", "size"]
        );
    }

    #[test]
    fn the_revealed_answer_typed_back_as_the_page_writes_it_is_right() {
        use crate::state::numbers::{grouped, percent};
        let mut figures = BTreeSet::new();
        for seed in 1..=60 {
            for exercise in practice_set(seed) {
                let task = &exercise.task;
                // every way the page writes the answer, and the same with the percent
                // sign dropped or the space before it gone
                let answers: Vec<Response> = match task {
                    Task::Read { figure, value } => {
                        figures.insert(format!("{figure:?}"));
                        let mut forms = vec![three_digits(*value), grouped(*value as u64)];
                        if *figure != ReadFigure::BitsSet {
                            let pct = percent(*value);
                            forms.retain(|f| f != &grouped(*value as u64));
                            forms.push(pct.replace('\u{a0}', ""));
                            forms.push(pct.trim_end_matches(['%', '\u{a0}']).to_owned());
                            forms.push(pct);
                        }
                        forms
                            .into_iter()
                            .map(|number| Response {
                                number,
                                ..Response::default()
                            })
                            .collect()
                    }
                    Task::Size {
                        n,
                        p,
                        smallest_m,
                        smallest_k,
                    } => {
                        let (textbook_m, textbook_k) = textbook_size(*n, *p);
                        [(*smallest_m, *smallest_k), (textbook_m, textbook_k)]
                            .into_iter()
                            .flat_map(|(m, k)| {
                                [grouped(m), m.to_string()].map(|m| Response {
                                    m,
                                    k: k.to_string(),
                                    ..Response::default()
                                })
                            })
                            .collect()
                    }
                    Task::Counters { after, .. } => vec![Response {
                        counters: after.iter().map(|(_, c)| grouped(u64::from(*c))).collect(),
                        ..Response::default()
                    }],
                    _ => Vec::new(),
                };
                for answer in answers {
                    assert!(unreadable_fields(task, &answer).is_empty(), "{answer:?}");
                    assert!(check(task, &answer), "seed {seed}: {task:?} {answer:?}");
                }
            }
        }
        assert_eq!(figures.len(), 3);
    }

    #[test]
    fn whole_numbers_are_exact() {
        let task = Task::Read {
            figure: ReadFigure::BitsSet,
            value: 13.0,
        };
        let answer = |text: &str| Response {
            number: text.to_owned(),
            ..Response::default()
        };
        assert!(check(&task, &answer("13")));
        assert!(!check(&task, &answer("13.2")));
        assert!(!check(&task, &answer("12")));
        assert!(!check(&task, &answer("")));
    }

    #[test]
    fn size_answers_meet_p_within_one_percent_and_ten_percent_of_the_smallest_m() {
        // n = 1,000 at p = 1 %: the smallest m meeting p at a whole k
        let (smallest_m, smallest_k) = smallest_bits(1_000, 0.01).unwrap();
        assert!(fpr_exact(smallest_m as f64, 1000.0, f64::from(smallest_k)) <= 0.01);
        assert!((1..=64).all(|k| fpr_exact(smallest_m as f64 - 1.0, 1000.0, f64::from(k)) > 0.01));
        assert!(size_accepted(
            smallest_m, smallest_k, 1_000, 0.01, smallest_m
        ));
        let top = (smallest_m as f64 * 1.1).floor() as u64;
        assert!(size_accepted(top, 7, 1_000, 0.01, smallest_m));
        assert!(!size_accepted(top + 1, 7, 1_000, 0.01, smallest_m));
        // enough bits, but a k whose rate misses p
        assert!(!size_accepted(smallest_m, 1, 1_000, 0.01, smallest_m));
        assert!(!size_accepted(smallest_m, 0, 1_000, 0.01, smallest_m));
        // fewer bits: accepted while the rate is at most 1.01 %, refused past it
        let rate = |m: u64| fpr_exact(m as f64, 1000.0, 7.0);
        let fewest = (1..smallest_m).rev().find(|&m| rate(m) > 0.0101).unwrap() + 1;
        assert!(rate(fewest) <= 0.0101 && rate(fewest) > 0.01);
        assert!(size_accepted(fewest, 7, 1_000, 0.01, smallest_m));
        assert!(!size_accepted(fewest - 1, 7, 1_000, 0.01, smallest_m));
    }

    #[test]
    fn the_textbook_size_is_accepted_in_every_case_a_set_draws() {
        for (n, p) in SIZE_CASES {
            let (smallest_m, _) = smallest_bits(n, p).unwrap();
            let (m, k) = textbook_size(n, p);
            let rate = fpr_exact(m as f64, n as f64, f64::from(k));
            assert!(
                size_accepted(m, k, n, p, smallest_m),
                "n = {n}, p = {p}: {m}, {k}"
            );
            // it is the slack that lets it in: the textbook m misses p in most cases
            assert!(rate <= size_rate_limit(p), "{rate}");
        }
        let misses = SIZE_CASES
            .iter()
            .filter(|&&(n, p)| {
                let (m, k) = textbook_size(n, p);
                fpr_exact(m as f64, n as f64, f64::from(k)) > p
            })
            .count();
        assert!(misses > 0);
        assert_eq!(textbook_size(1_000, 0.01), (9_586, 7));
    }

    #[test]
    fn every_kind_is_checked_right_and_wrong() {
        for exercise in practice_set(3) {
            let right = right_response(&exercise.task);
            assert!(check(&exercise.task, &right), "{:?}", exercise.task);
            let mut wrong = right.clone();
            match &exercise.task {
                Task::Place { cells, .. } => {
                    let extra = (0..32).find(|p| !cells.contains(p)).unwrap();
                    wrong.cells.push(extra);
                }
                Task::Predict { truth, .. } => {
                    wrong.answer = QuizAnswer::ALL.into_iter().find(|a| a != truth)
                }
                Task::Culprits { .. } => {
                    wrong.culprits.pop();
                }
                Task::Read { .. } => wrong.number = "1000".into(),
                Task::Size { .. } => wrong.m = "1".into(),
                Task::Counters { .. } => wrong.counters[0] = "99".into(),
                Task::Lost { .. } => {
                    wrong.items.push("not-an-item".into());
                }
            }
            assert!(!check(&exercise.task, &wrong), "{:?}", exercise.task);
        }
    }

    /// The response that answers `task` right.
    fn right_response(task: &Task) -> Response {
        let mut r = Response::default();
        match task {
            Task::Place { cells, .. } => r.cells = cells.clone(),
            Task::Predict { truth, .. } => r.answer = Some(*truth),
            Task::Culprits { setters, .. } => {
                r.culprits = setters
                    .iter()
                    .flat_map(|(p, s)| s.iter().map(move |i| (*p, i.clone())))
                    .collect()
            }
            Task::Read { value, .. } => r.number = value.to_string(),
            Task::Size {
                smallest_m,
                smallest_k,
                ..
            } => {
                r.m = smallest_m.to_string();
                r.k = smallest_k.to_string();
            }
            Task::Counters { after, .. } => {
                r.counters = after.iter().map(|(_, c)| c.to_string()).collect()
            }
            Task::Lost { lost, .. } => r.items = lost.clone(),
        }
        r
    }

    #[test]
    fn the_first_attempt_scores_and_the_second_reveals() {
        let mut practice = Practice::start(5, false);
        let task = practice.current().unwrap().task.clone();
        // wrong, then right: correct, but not scored
        practice.response.cells = vec![99];
        assert_eq!(practice.submit(), None);
        assert_eq!(practice.state, ExerciseState::Wrong);
        practice.response = right_response(&task);
        let result = practice.submit().unwrap();
        assert_eq!(practice.state, ExerciseState::Correct);
        assert!(!result.correct);
        assert_eq!(result.attempts, 2);
        assert_eq!(practice.submit(), None);
        practice.next();
        // right at once: scored
        practice.response = right_response(&practice.current().unwrap().task.clone());
        assert!(practice.submit().unwrap().correct);
        practice.next();
        // wrong twice: revealed
        assert_eq!(practice.submit(), None);
        let result = practice.submit().unwrap();
        assert_eq!(practice.state, ExerciseState::Revealed);
        assert!(!result.correct);
        practice.next();
        // "Show me" first: revealed, no attempt
        let result = practice.reveal().unwrap();
        assert_eq!((result.correct, result.attempts), (false, 0));
        assert_eq!(practice.score(), 1);
        while !practice.finished() {
            practice.next();
            practice.reveal();
        }
        let messages = practice.messages();
        assert_eq!(messages.len(), practice.exercises.len() + 1);
        assert!(messages[0].starts_with(r#"{"type":"bloomlab:result","seed":5,"index":1,"kind":"place","correct":false,"attempts":2,"revealed":false,"score":0,"#));
        assert!(messages[1].contains(
            r#""index":2,"kind":"predict","correct":true,"attempts":1,"revealed":false,"score":1,"#
        ));
        // wrong twice, and "Show me" before any attempt: both revealed
        assert!(messages[2].contains(r#""attempts":2,"revealed":true,"#));
        assert!(messages[3].contains(r#""attempts":0,"revealed":true,"#));
        let summary = messages.last().unwrap();
        assert!(
            summary.starts_with(r#"{"type":"bloomlab:summary","seed":5,"score":1,"#),
            "{summary}"
        );
        assert!(summary.contains(
            r#""byKind":{"place":{"score":0,"total":1},"predict":{"score":1,"total":1},"#
        ));
        let total: u32 = practice.by_kind().iter().map(|&(_, _, done)| done).sum();
        assert_eq!(total as usize, practice.exercises.len());
        assert_eq!(practice.results.len(), practice.exercises.len());
    }
}
