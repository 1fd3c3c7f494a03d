//! The exercises of a practice set: their kinds and tasks, and the sets drawn from a seed
//! (a practice set, or the quiz's predictions) on the small filter each is asked on.

use crate::filter::experiment::splitmix64;
use crate::filter::math::fpr_exact;

use crate::filter::sizing::smallest_bits;
use crate::state::log::{replay, LogEntry, Members};
use crate::state::quiz::{
    answer_for, find_item, quiz_fill, quiz_questions, Question, QuizAnswer, QUIZ_SHAPE,
    QUIZ_WORDS_SEED,
};
use crate::state::settings::{FilterModel, Mode, Settings};
use crate::state::words::{fresh_words, random_word};

/// m and k of the filter a practice set is asked on.
pub const PRACTICE_SHAPE: (u64, u32) = (32, 3);

/// How many items the filter holds before the first exercise.
pub const PRACTICE_ITEMS: usize = 5;

/// Mixed into the seed to draw the filter's words.
const WORDS_SEED: u64 = 0x7072_6163;

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

/// The distinct positions of `item`, in increasing order.
pub(super) fn distinct_positions(filter: &FilterModel, item: &str) -> Vec<u64> {
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
pub(super) const SIZE_CASES: [(u64, f64); 6] = [
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
