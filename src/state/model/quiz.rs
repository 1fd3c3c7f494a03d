//! The quiz on the page's filter: a set is drawn on a filter that can give all three
//! answers (the quiz fills or replaces one that cannot), and each answer reveals the query.

use std::rc::Rc;

use crate::state::log::LogEntry;
use crate::state::query::run_query;
use crate::state::quiz::{
    quiz_fill, quiz_questions, Quiz, QuizAction, QUIZ_MAX_FILLED_M, QUIZ_MIN_ITEMS, QUIZ_SHAPE,
    QUIZ_WORDS_SEED,
};
use crate::state::url::{Lockable, View};
use crate::state::words::fresh_words;

use super::{AppState, Message, QuizFilterChange};

impl AppState {
    /// Applies one change to the quiz.
    pub(super) fn apply_quiz(&mut self, action: QuizAction) {
        match action {
            QuizAction::Start(seed) => self.start_quiz(seed),
            QuizAction::Answer(prediction) => {
                if let Some(mut quiz) = self.quiz.current.take() {
                    if quiz.answer().is_none() {
                        let report = run_query(&self.filter, &self.members, quiz.item());
                        quiz.record(prediction, &report.verdict);
                        self.draft = quiz.item().to_owned();
                        self.last_query = Some(Rc::new(report));
                    }
                    self.quiz.current = Some(quiz);
                }
            }
            QuizAction::Next => {
                if let Some(quiz) = &mut self.quiz.current {
                    quiz.next();
                    self.last_query = None;
                    self.draft.clear();
                }
            }
            QuizAction::Stop => {
                self.quiz.current = None;
                self.quiz.open = false;
            }
            // A quiz in progress keeps its panel (it has its own Stop button).
            QuizAction::ToggleSetup => {
                if self.quiz.current.is_none() {
                    self.quiz.open = !self.quiz.open;
                }
                self.page.view = View::Visualizer;
            }
            QuizAction::SetSeed(seed) => self.quiz.seed = seed,
        }
    }

    /// Starts a set with this seed on a filter that can give all three answers.
    pub(super) fn start_quiz(&mut self, seed: u64) {
        self.build_quiz_filter(seed);
        self.quiz.current = Some(Quiz::start(seed, &self.filter, &self.members));
        // The bit array outlines the question's positions, not a typed word's.
        self.last_query = None;
        self.draft.clear();
    }

    /// Before a quiz: a filter of fewer than [`QUIZ_MIN_ITEMS`] items is filled to about
    /// half its bits with words drawn from the quiz's seed (the same for the whole class),
    /// first made m = 32, k = 3 when its m is above 64; a filter that still cannot give each
    /// of the three answers ([`quiz_questions`]) is replaced by such a filter of words. One
    /// undo step, and a message says what changed. Controls the embedding page locked are
    /// left alone.
    fn build_quiz_filter(&mut self, seed: u64) {
        let had = self.members.len();
        let balanced = |state: &Self| quiz_questions(seed, &state.filter, &state.members).1;
        let embedding = &self.page.embedding;
        if embedding.is_locked(Lockable::Items) || (had >= QUIZ_MIN_ITEMS && balanced(self)) {
            return;
        }
        let shape_locked = embedding.is_locked(Lockable::M) || embedding.is_locked(Lockable::K);
        let resize = had < QUIZ_MIN_ITEMS && self.settings.m() > QUIZ_MAX_FILLED_M && !shape_locked;
        self.one_undo_step(|state| {
            let mut how = QuizFilterChange::Filled;
            if resize {
                state.set_quiz_shape();
                how = QuizFilterChange::Resized;
            }
            let mut added = Vec::new();
            if had < QUIZ_MIN_ITEMS {
                added = state.add_quiz_words(seed, had);
            }
            if !balanced(state) {
                if !shape_locked {
                    state.set_quiz_shape();
                }
                state.rebuild(state.settings, Vec::new());
                added = state.add_quiz_words(seed, 0);
                how = QuizFilterChange::Replaced;
            }
            state.message = Some(Message::QuizFilterBuilt {
                had,
                added,
                m: state.settings.m(),
                k: state.settings.k(),
                how,
            });
        });
    }

    /// m and k become [`QUIZ_SHAPE`] (the items kept).
    fn set_quiz_shape(&mut self) {
        let (m, k) = QUIZ_SHAPE;
        if let Ok(settings) = self.settings.with_m(m).and_then(|s| s.with_k(k)) {
            if settings != self.settings {
                self.set_settings(settings, None);
            }
        }
    }

    /// Adds words of the quiz's seed until the filter holds [`quiz_fill`] items (it holds
    /// `had`); returns them.
    fn add_quiz_words(&mut self, seed: u64, had: usize) -> Vec<String> {
        let wanted = quiz_fill(self.settings.m(), self.settings.k()).saturating_sub(had);
        let members = Rc::clone(&self.members);
        let (words, _) = fresh_words(seed ^ QUIZ_WORDS_SEED, 0, wanted, |w| members.contains(w));
        self.push_entries(words.iter().cloned().map(LogEntry::Add).collect());
        words
    }
}
