//! Predict, then reveal: the student predicts what the filter answers for an item and
//! whether it is right ("definitely not", "in the set", or "a false positive"). A quiz
//! (`quiz=SEED`) is a practice set of [`QUIZ_QUESTIONS`] such predictions drawn from a
//! seed, and it is balanced: each of the three answers is right three or four times, so
//! that giving one answer every time scores at most 4 in 10.

use crate::filter::experiment::splitmix64;

use super::log::Members;
use super::query::Verdict;
use super::settings::FilterModel;
use super::words::{random_word, WORDS};

/// A student's answer, and the truth it is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QuizAnswer {
    /// Some bit is 0: the filter answers "definitely not".
    DefinitelyNot,
    /// Every bit is 1 and the item was added: "probably yes", and right.
    Member,
    /// Every bit is 1 but the item was never added: a false positive.
    FalsePositive,
}

impl QuizAnswer {
    /// The three answers, in the order the page offers them.
    pub const ALL: [QuizAnswer; 3] = [
        QuizAnswer::DefinitelyNot,
        QuizAnswer::Member,
        QuizAnswer::FalsePositive,
    ];

    /// The page's `data-quiz-answer`: `definitely-not`, `member` or `false-positive`.
    pub fn key(self) -> &'static str {
        match self {
            QuizAnswer::DefinitelyNot => "definitely-not",
            QuizAnswer::Member => "member",
            QuizAnswer::FalsePositive => "false-positive",
        }
    }

    /// The right answer for a verdict. A false negative (a member whose bit a naive delete
    /// cleared) is answered "definitely not": that is what the filter says.
    pub fn of(verdict: &Verdict) -> QuizAnswer {
        match verdict {
            Verdict::DefinitelyNot { .. }
            | Verdict::FalseNegative { .. }
            | Verdict::Removed { .. } => QuizAnswer::DefinitelyNot,
            Verdict::Probably => QuizAnswer::Member,
            Verdict::FalsePositive { .. } => QuizAnswer::FalsePositive,
        }
    }
}

/// The questions in a set.
pub const QUIZ_QUESTIONS: usize = 10;
/// The fewest items a quiz works with: a set asks about up to four members, each once.
pub const QUIZ_MIN_ITEMS: usize = 4;
/// The m and k of the filter a quiz is asked on.
pub const QUIZ_SHAPE: (u64, u32) = (32, 3);
/// Mixed into the quiz's seed to draw the words of the filter it builds (a sequence apart
/// from its questions').
pub const QUIZ_WORDS_SEED: u64 = 0x5155_495a;
/// How many candidate words a question tries before it settles for another answer: a
/// filter where one answer is rarer than 1 in 4,000 cannot balance a set.
pub const QUIZ_SEARCH: u64 = 4_000;

/// How many items a quiz's filter of m bits and k hashes is filled to: about half its bits
/// set, `n = round(m·ln 2 / k)`, at least [`QUIZ_MIN_ITEMS`]. Half full, a random word is a
/// false positive about one time in `2^k`.
pub fn quiz_fill(m: u64, k: u32) -> usize {
    ((m as f64 * std::f64::consts::LN_2 / k as f64).round() as usize).max(QUIZ_MIN_ITEMS)
}

/// The right answers of a set, in order: each answer three times, and one of them (chosen
/// by the seed) a fourth time, shuffled by the seed (Fisher–Yates).
pub fn quiz_plan(seed: u64) -> [QuizAnswer; QUIZ_QUESTIONS] {
    let fourth = QuizAnswer::ALL[(splitmix64(seed ^ 0x706c_616e) % 3) as usize];
    let mut plan = [QuizAnswer::DefinitelyNot; QUIZ_QUESTIONS];
    let mut next = 0;
    for answer in QuizAnswer::ALL {
        let times = if answer == fourth { 4 } else { 3 };
        for _ in 0..times {
            plan[next] = answer;
            next += 1;
        }
    }
    for i in (1..QUIZ_QUESTIONS).rev() {
        let j =
            splitmix64(seed ^ 0x7368_7566 ^ (i as u64).wrapping_mul(0x9e37_79b9)) % (i as u64 + 1);
        plan.swap(i, j as usize);
    }
    plan
}

/// The `attempt`-th word question `index` of the quiz with `seed` tries: the word list in
/// a seeded order, then the same words with a number appended (`apple2`, …).
fn candidate(seed: u64, index: usize, attempt: u64) -> String {
    let stream = seed.wrapping_mul(31) ^ (index as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
    let word = random_word(stream, attempt);
    match attempt / WORDS.len() as u64 {
        0 => word,
        round => format!("{word}{}", round + 1),
    }
}

/// The answer the filter gives `item`, as the quiz scores it.
pub fn answer_for(filter: &FilterModel, members: &Members, item: &str) -> QuizAnswer {
    let all_set = filter
        .shape()
        .positions(item.as_bytes())
        .all(|p| filter.is_set(p));
    match (all_set, members.contains(item)) {
        (false, _) => QuizAnswer::DefinitelyNot,
        (true, true) => QuizAnswer::Member,
        (true, false) => QuizAnswer::FalsePositive,
    }
}

/// An item not yet asked whose answer is `wanted`: a member drawn by the seed, or the
/// first candidate word the filter answers that way.
pub fn find_item(
    seed: u64,
    index: usize,
    wanted: QuizAnswer,
    filter: &FilterModel,
    members: &Members,
    asked: &[Question],
) -> Option<String> {
    let fresh = |item: &str| !asked.iter().any(|q| q.item == item);
    if wanted == QuizAnswer::Member {
        let open: Vec<&str> = members
            .list()
            .iter()
            .map(|m| m.item.as_str())
            .filter(|&m| fresh(m) && answer_for(filter, members, m) == QuizAnswer::Member)
            .collect();
        let roll = splitmix64(seed ^ 0x6d65_6d62 ^ index as u64);
        return (!open.is_empty()).then(|| open[(roll % open.len() as u64) as usize].to_owned());
    }
    (0..QUIZ_SEARCH)
        .map(|attempt| candidate(seed, index, attempt))
        .find(|word| {
            !members.contains(word) && fresh(word) && answer_for(filter, members, word) == wanted
        })
}

/// One question of a set: its item and the answer it was chosen for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Question {
    /// The item asked about.
    pub item: String,
    /// The answer the filter gave it when the set was drawn.
    pub planned: QuizAnswer,
}

/// The questions of the set with `seed` on this filter, each with the answer of
/// [`quiz_plan`] where the filter can give it within [`QUIZ_SEARCH`] words, else with the
/// next candidate word whatever its answer; and whether every question got its planned
/// answer (the set is balanced).
pub fn quiz_questions(seed: u64, filter: &FilterModel, members: &Members) -> (Vec<Question>, bool) {
    let mut questions: Vec<Question> = Vec::with_capacity(QUIZ_QUESTIONS);
    let mut balanced = true;
    for (index, planned) in quiz_plan(seed).into_iter().enumerate() {
        let question = match find_item(seed, index, planned, filter, members, &questions) {
            Some(item) => Question { item, planned },
            None => {
                balanced = false;
                let item = candidate(seed, index, questions.len() as u64);
                let planned = answer_for(filter, members, &item);
                Question { item, planned }
            }
        };
        questions.push(question);
    }
    (questions, balanced)
}
