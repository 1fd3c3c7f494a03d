//! Predict, then reveal: the page picks an item, the student predicts "definitely not" or
//! "probably yes", the page reveals the verdict and keeps score. The items come from a seed
//! shown on screen, so a whole class sees the same sequence.

use crate::filter::experiment::splitmix64;

use super::log::Members;
use super::query::Verdict;
use super::words::random_word;

/// A student's prediction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prediction {
    /// Some bit is 0.
    DefinitelyNot,
    /// All bits are 1 (a member or a false positive).
    ProbablyYes,
}

impl Prediction {
    /// Whether the prediction matches what the filter answers.
    pub fn matches(self, verdict: &Verdict) -> bool {
        let filter_says_yes = matches!(verdict, Verdict::Probably | Verdict::FalsePositive { .. });
        (self == Prediction::ProbablyYes) == filter_says_yes
    }
}

/// One answered question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The item asked about.
    pub item: String,
    /// What the student predicted.
    pub predicted: Prediction,
    /// Whether it matched the filter's answer.
    pub correct: bool,
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
/// there is one), otherwise a word from the word list, so that all three answers occur.
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

    /// Records a prediction against the filter's verdict (once per question).
    pub fn answer(&mut self, predicted: Prediction, verdict: &Verdict) {
        if self.answer.is_some() {
            return;
        }
        let correct = predicted.matches(verdict);
        self.answered += 1;
        self.correct += correct as u32;
        self.answer = Some(Answer {
            item: self.item.clone(),
            predicted,
            correct,
        });
    }

    /// Moves to the next question.
    pub fn next(&mut self, members: &Members) {
        self.index += 1;
        self.item = quiz_item(self.seed, self.index, members);
        self.answer = None;
    }
}
