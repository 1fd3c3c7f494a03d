//! A practice set in progress: each exercise's state, the attempts and what is revealed,
//! and the actions that change them.

use super::checking::{check, unreadable_fields, NumberField, Response};
use super::choice::{chosen_set, PracticeChoice};
use super::tasks::{quiz_set, Exercise, ExerciseKind};

use crate::state::quiz::QuizAnswer;

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

/// How a finished exercise ended, as `practice_done=` writes it: `1` or `2` (found at that
/// attempt), `0s`, `1s` or `2s` (shown after that many attempts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The answers submitted.
    pub attempts: u32,
    /// Whether the answer was shown rather than found.
    pub revealed: bool,
}

impl Outcome {
    /// The outcome a token names, if it names one.
    pub fn read(token: &str) -> Option<Outcome> {
        let (digits, revealed) = match token.strip_suffix('s') {
            Some(digits) => (digits, true),
            None => (token, false),
        };
        let attempts = match digits {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            _ => return None,
        };
        (revealed || attempts > 0).then_some(Outcome { attempts, revealed })
    }

    /// Its token, as [`Outcome::read`] reads it.
    pub fn token(self) -> String {
        format!("{}{}", self.attempts, if self.revealed { "s" } else { "" })
    }
}

/// A practice set in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct Practice {
    /// The seed the set was drawn from.
    pub seed: u64,
    /// A quiz (`quiz=`): predictions only.
    pub quiz: bool,
    /// The kinds and number of exercises chosen (`practice_kinds=`, `practice_n=`; not for
    /// a quiz).
    pub choice: PracticeChoice,
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
        Practice::start_chosen(seed, quiz, PracticeChoice::default())
    }

    /// The first exercise of the set drawn from `seed`: a quiz (which has no choice), or
    /// the kinds and number `choice` asks.
    pub fn start_chosen(seed: u64, quiz: bool, choice: PracticeChoice) -> Self {
        let choice = if quiz {
            PracticeChoice::default()
        } else {
            choice
        };
        Practice {
            seed,
            quiz,
            choice,
            exercises: if quiz {
                quiz_set(seed)
            } else {
                chosen_set(seed, choice)
            },
            index: 0,
            state: ExerciseState::Open,
            attempts: 0,
            response: Response::default(),
            unreadable: Vec::new(),
            results: Vec::new(),
        }
    }

    /// Carries on a set just started from its first exercises' outcomes (a learning
    /// management system's saved session): their results recorded, the next exercise
    /// asked. Returns how many were taken: at most the set's length.
    pub fn resume(&mut self, done: &[Outcome]) -> usize {
        for (exercise, outcome) in self.exercises.iter().zip(done) {
            self.results.push(ExerciseResult {
                kind: exercise.task.kind(),
                correct: !outcome.revealed && outcome.attempts == 1,
                attempts: outcome.attempts,
                revealed: outcome.revealed,
            });
        }
        self.index = self.results.len();
        self.results.len()
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

    /// What an embedding course page receives, as JSON, in order, each with `version: 1`
    /// (the shape's version) and the set's seed: one `bloomlab:result` per finished
    /// exercise (its number from 1, kind, whether the first attempt was right, the attempts,
    /// whether the answer was revealed, the score so far and the set's length), then, once
    /// its last exercise is over, one `bloomlab:summary` with the score per kind.
    pub fn messages(&self) -> Vec<String> {
        let (seed, total) = (self.seed, self.exercises.len());
        let mut score = 0;
        let mut messages = Vec::new();
        for (index, r) in self.results.iter().enumerate() {
            score += u32::from(r.correct);
            messages.push(format!(
                concat!(
                    r#"{{"type":"bloomlab:result","version":1,"seed":{seed},"index":{index},"#,
                    r#""kind":"{kind}","#,
                    r#""correct":{correct},"attempts":{attempts},"revealed":{revealed},"#,
                    r#""score":{score},"total":{total}}}"#
                ),
                seed = seed,
                index = index + 1,
                kind = r.kind.key(),
                correct = r.correct,
                attempts = r.attempts,
                revealed = r.revealed,
                score = score,
                total = total
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
                concat!(
                    r#"{{"type":"bloomlab:summary","version":1,"seed":{seed},"score":{score},"#,
                    r#""total":{total},"byKind":{{{by_kind}}}}}"#
                ),
                seed = seed,
                score = score,
                total = total,
                by_kind = by_kind
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
