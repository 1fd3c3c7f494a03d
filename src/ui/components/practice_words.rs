//! The practice panel's words: the names of kinds and answers, the question, the hint of a
//! second attempt, and the right answer with its working once an exercise is over (markup:
//! it has no controls).

use crate::filter::math::fpr_exact;
use crate::filter::HashStep;
use crate::i18n::{fill, shown_item, Text};
use crate::markup;
use crate::state::numbers::{grouped, percent, percent_beside};
use crate::state::practice::{
    size_rate_limit, textbook_size, three_digits, ExerciseKind, Practice, ReadFigure, Task,
    SIZE_SLACK,
};
use crate::state::quiz::QuizAnswer;
use crate::state::{FilterModel, Members};
use crate::ui::raw::Markup;

/// A kind's name on the page.
pub fn kind_label(text: &'static Text, kind: ExerciseKind) -> &'static str {
    match kind {
        ExerciseKind::Place => text.practice_kind_place,
        ExerciseKind::Predict => text.practice_kind_predict,
        ExerciseKind::Culprits => text.practice_kind_culprits,
        ExerciseKind::Read => text.practice_kind_read,
        ExerciseKind::Size => text.practice_kind_size,
        ExerciseKind::Delete => text.practice_kind_delete,
    }
}

/// The label of one of predict's answers.
pub fn answer_label(text: &'static Text, answer: QuizAnswer) -> &'static str {
    match answer {
        QuizAnswer::DefinitelyNot => text.quiz_no,
        QuizAnswer::Member => text.quiz_member,
        QuizAnswer::FalsePositive => text.quiz_false_positive,
    }
}

/// Values joined by commas, each as `show` writes it, or "none".
fn listed<T>(text: &'static Text, values: &[T], show: impl Fn(&T) -> String) -> String {
    let mut out = String::new();
    for value in values {
        if !out.is_empty() {
            out.push_str(", ");
        }
        out.push_str(&show(value));
    }
    if out.is_empty() {
        text.practice_none.to_owned()
    } else {
        out
    }
}

/// Items as the page lists them: `“a”, “b”`, or "none".
pub fn item_list(text: &'static Text, items: &[String]) -> String {
    listed(text, items, |i| format!("“{}”", shown_item(i)))
}

/// Numbers joined by commas, or "none".
pub fn number_list(text: &'static Text, numbers: &[u64]) -> String {
    listed(text, numbers, u64::to_string)
}

/// The question, in the page's language.
pub fn question(text: &'static Text, task: &Task, filter: &FilterModel) -> String {
    let shape = filter.shape();
    match task {
        Task::Place { item, .. } => {
            let first: Option<HashStep> = shape.steps(item.as_bytes()).into_iter().next();
            let (h1, h2) = first
                .and_then(|s| s.pair())
                .map_or((0, 0), |p| (p.h1, p.h2));
            fill(
                text.practice_place,
                &[
                    &shown_item(item),
                    &h1,
                    &h2,
                    &shape.k(),
                    &shape.m(),
                    &(shape.k() - 1),
                ],
            )
        }
        Task::Predict { item, .. } => fill(text.practice_predict, &[&shown_item(item)]),
        Task::Culprits { item, .. } => fill(text.practice_culprits, &[&shown_item(item)]),
        Task::Read { figure, .. } => match figure {
            ReadFigure::BitsSet => text.practice_read_bits.to_owned(),
            ReadFigure::Fill => text.practice_read_fill.to_owned(),
            ReadFigure::Rate => text.practice_read_rate.to_owned(),
        },
        Task::Size { n, p, .. } => fill(
            text.practice_size,
            &[&grouped(*n), &percent(*p), &percent(size_rate_limit(*p))],
        ),
        Task::Counters { item, .. } => fill(text.practice_counters, &[&shown_item(item)]),
        Task::Lost { item, .. } => fill(text.practice_lost, &[&shown_item(item)]),
    }
}

/// The hint of a second attempt, about the formula its question asks.
pub fn hint(text: &'static Text, task: &Task, filter: &FilterModel, members: &Members) -> String {
    let shape = filter.shape();
    match task {
        Task::Place { item, .. } => {
            let m = filter.shape().m();
            let (h1, h2) = filter
                .shape()
                .steps(item.as_bytes())
                .first()
                .and_then(HashStep::pair)
                .map_or((0, 0), |p| (p.h1, p.h2));
            fill(text.practice_place_hint, &[&m, &(h1 % m), &(h2 % m)])
        }
        Task::Predict { .. } => text.practice_hint_predict.to_owned(),
        Task::Culprits { .. } => text.practice_hint_culprits.to_owned(),
        Task::Read { figure, .. } => match figure {
            ReadFigure::BitsSet => text.practice_hint_bits.to_owned(),
            ReadFigure::Fill => fill(text.practice_hint_fill, &[&shape.m()]),
            ReadFigure::Rate => fill(
                text.practice_hint_rate,
                &[&shape.m(), &shape.k(), &members.len()],
            ),
        },
        Task::Size { .. } => text.practice_hint_size.to_owned(),
        Task::Counters { .. } => text.practice_hint_counters.to_owned(),
        Task::Lost { .. } => text.practice_hint_lost.to_owned(),
    }
}

/// The right answer and its working, once the exercise is over.
pub fn working(
    text: &'static Text,
    (practice, filter, members): (&Practice, &FilterModel, &Members),
    task: &Task,
    out: &mut Markup,
) {
    let shape = filter.shape();
    let (m, k) = (shape.m(), shape.k());
    markup!(
        out,
        "<div class=\"practice-working\" id=\"practice-working\">"
    );
    let mut line = |sentence: String| {
        markup!(out, "<p>{sentence}</p>", sentence);
    };
    match task {
        Task::Place { item, cells } => {
            line(fill(
                text.practice_answer_place,
                &[&shown_item(item), &number_list(text, cells), &m, &(k - 1)],
            ));
            let mut wrong = practice.response.cells.clone();
            wrong.retain(|c| !cells.contains(c));
            if !wrong.is_empty() {
                line(fill(
                    text.practice_wrong_cells,
                    &[&number_list(text, &wrong)],
                ));
            }
        }
        Task::Predict { truth, .. } => line(answer_label(text, *truth).to_owned()),
        Task::Culprits { setters, .. } => {
            for (bit, items) in setters {
                line(fill(
                    text.practice_answer_culprits,
                    &[bit, &item_list(text, items)],
                ));
            }
        }
        Task::Read { figure, value } => {
            let ones = filter.count_set();
            line(match figure {
                ReadFigure::BitsSet => fill(text.practice_answer_bits, &[&ones]),
                ReadFigure::Fill => fill(
                    text.practice_answer_fill,
                    &[&ones, &m, &three_digits(*value)],
                ),
                ReadFigure::Rate => fill(
                    text.practice_answer_rate,
                    &[&m, &k, &members.len(), &three_digits(*value)],
                ),
            })
        }
        Task::Size {
            n,
            p,
            smallest_m,
            smallest_k,
        } => {
            let rate = |m: u64, k: u32| fpr_exact(m as f64, *n as f64, f64::from(k));
            let top = (*smallest_m as f64 * (1.0 + SIZE_SLACK)).floor() as u64;
            let (textbook_m, textbook_k) = textbook_size(*n, *p);
            line(fill(
                text.practice_answer_size,
                &[
                    &grouped(*smallest_m),
                    smallest_k,
                    &percent_beside(rate(*smallest_m, *smallest_k), *p),
                    &grouped(top),
                    &percent(size_rate_limit(*p)),
                    &grouped(textbook_m),
                    &textbook_k,
                    &percent_beside(rate(textbook_m, textbook_k), *p),
                ],
            ))
        }
        Task::Counters { after, .. } => {
            for (counter, value) in after {
                line(fill(text.practice_answer_counters, &[counter, value]));
            }
        }
        Task::Lost { lost, .. } => line(fill(text.practice_answer_lost, &[&item_list(text, lost)])),
    }
    markup!(out, "</div>");
}
