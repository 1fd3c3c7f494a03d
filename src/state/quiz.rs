//! Predict, then reveal: the page picks an item, the student predicts what the filter
//! answers and whether it is right ("definitely not", "in the set", or "a false
//! positive"), the page reveals the verdict and keeps score. The items come from a seed
//! shown on screen, so a whole class sees the same sequence.

use crate::filter::experiment::splitmix64;

use super::log::Members;
use super::query::Verdict;
use super::words::random_word;

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
            Verdict::DefinitelyNot { .. } | Verdict::FalseNegative { .. } => {
                QuizAnswer::DefinitelyNot
            }
            Verdict::Probably => QuizAnswer::Member,
            Verdict::FalsePositive { .. } => QuizAnswer::FalsePositive,
        }
    }
}

/// The fewest items a quiz works with: with fewer, a filter that is nearly empty would
/// answer almost every question "definitely not".
pub const QUIZ_MIN_ITEMS: usize = 3;
/// The m and k of the filter a quiz builds when the filter is too large to fill quickly.
pub const QUIZ_SHAPE: (u64, u32) = (32, 3);
/// Mixed into the quiz's seed to draw the words of the filter it builds (a sequence apart
/// from its questions').
pub const QUIZ_WORDS_SEED: u64 = 0x5155_495a;
/// The largest m a quiz fills as it is.
pub const QUIZ_MAX_FILLED_M: u64 = 64;

/// How many items a quiz's filter of m bits and k hashes is filled to: about half its bits
/// set, `n = round(m·ln 2 / k)`, at least [`QUIZ_MIN_ITEMS`]. Half full, a random word is a
/// false positive about one time in `2^k`.
pub fn quiz_fill(m: u64, k: u32) -> usize {
    ((m as f64 * std::f64::consts::LN_2 / k as f64).round() as usize).max(QUIZ_MIN_ITEMS)
}

/// One answered question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The item asked about.
    pub item: String,
    /// What the student answered.
    pub predicted: QuizAnswer,
    /// The right answer.
    pub truth: QuizAnswer,
}

impl Answer {
    /// Whether the student was right.
    pub fn correct(&self) -> bool {
        self.predicted == self.truth
    }
}

/// A quiz in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quiz {
    /// The seed that fixes the sequence of items.
    pub seed: u64,
    /// The question number, from 0.
    pub index: u64,
    /// The item asked now.
    pub item: String,
    /// The answer to the current question, once given.
    pub answer: Option<Answer>,
    /// Correct answers so far.
    pub correct: u32,
    /// Questions answered so far.
    pub answered: u32,
}

/// Question `index` of the quiz with `seed`: one time in three a member of the set (when
/// there is one), otherwise a word from the word list, which the filter answers "definitely
/// not" or, now and then, with a false positive: all three answers occur.
pub fn quiz_item(seed: u64, index: u64, members: &Members) -> String {
    let roll = splitmix64(seed ^ 0x9e37_79b9 ^ index.wrapping_mul(0x2545_f491_4f6c_dd1d));
    if roll.is_multiple_of(3) && !members.is_empty() {
        let at = (roll / 3) % members.len() as u64;
        members.list()[at as usize].item.clone()
    } else {
        random_word(seed.wrapping_mul(31), index)
    }
}

impl Quiz {
    /// The first question of a quiz.
    pub fn start(seed: u64, members: &Members) -> Self {
        Quiz {
            seed,
            index: 0,
            item: quiz_item(seed, 0, members),
            answer: None,
            correct: 0,
            answered: 0,
        }
    }

    /// Records an answer against the filter's verdict (once per question).
    pub fn answer(&mut self, predicted: QuizAnswer, verdict: &Verdict) {
        if self.answer.is_some() {
            return;
        }
        let answer = Answer {
            item: self.item.clone(),
            predicted,
            truth: QuizAnswer::of(verdict),
        };
        self.answered += 1;
        self.correct += answer.correct() as u32;
        self.answer = Some(answer);
    }

    /// Moves to the next question.
    pub fn next(&mut self, members: &Members) {
        self.index += 1;
        self.item = quiz_item(self.seed, self.index, members);
        self.answer = None;
    }
}
