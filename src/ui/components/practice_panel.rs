//! The practice panel: the exercise asked, the student's entry (cells on the bit array,
//! an answer, ticks, numbers), Check, "Show me" and Next, the working once the exercise is
//! over, and the summary at the end of a set.
//!
//! The panel is written as markup, with one click and one submit handler on the panel that
//! read the `data-practice-action` of the button pressed and, at Check, the fields and
//! ticks as entered: typing and ticking change nothing until Check, so the markup (and the
//! focus in it) stays put while the student works.

use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::filter::math::fpr_exact;
use crate::filter::HashStep;
use crate::i18n::{fill, shown_item, Text};
use crate::state::numbers::{grouped, percent, percent_beside};
use crate::state::practice::{
    size_rate_limit, textbook_size, three_digits, ExerciseKind, ExerciseState, NumberField,
    Practice, PracticeAction, ReadFigure, Response, Task, SIZE_SLACK,
};
use crate::state::quiz::QuizAnswer;
use crate::state::{Action, FilterModel, Members};
use crate::ui::browser;
use crate::ui::raw::{IntoHtml, Markup, Trusted};

/// What [`practice_panel`] shows.
pub struct PracticePanelProps<'a> {
    /// The set in progress.
    pub practice: &'a Practice,
    /// The filter on screen (the exercise's).
    pub filter: &'a FilterModel,
    /// Its items.
    pub members: &'a Members,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// A kind's name on the page.
fn kind_label(text: &'static Text, kind: ExerciseKind) -> &'static str {
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
fn answer_label(text: &'static Text, answer: QuizAnswer) -> &'static str {
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
fn item_list(text: &'static Text, items: &[String]) -> String {
    listed(text, items, |i| format!("“{}”", shown_item(i)))
}

/// Numbers joined by commas, or "none".
fn number_list(text: &'static Text, numbers: &[u64]) -> String {
    listed(text, numbers, u64::to_string)
}

/// The question, in the page's language.
fn question(text: &'static Text, task: &Task, filter: &FilterModel) -> String {
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
fn hint(text: &'static Text, task: &Task, filter: &FilterModel, members: &Members) -> String {
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
fn working(text: &'static Text, props: &PracticePanelProps, task: &Task, out: &mut Markup) {
    let (practice, filter) = (props.practice, props.filter);
    let shape = filter.shape();
    let (m, k) = (shape.m(), shape.k());
    out.push(
        "<div class=\"practice-working\" id=\"practice-working\">",
        &[],
    );
    let mut line = |sentence: String| {
        out.push("<p>{}</p>", &[&sentence]);
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
                    &[&m, &k, &props.members.len(), &three_digits(*value)],
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
    out.push("</div>", &[]);
}

/// A checkbox, its id and label; ticked when `checked`.
fn tick(out: &mut Markup, id: &str, label: &str, checked: bool, disabled: bool) {
    out.push(
        "<label class=\"practice-tick\" for=\"{}\"><input type=\"checkbox\" id=\"{}\"{}{}>{}</label>",
        &[&id, &id, &Trusted(if checked { " checked" } else { "" }), &Trusted(if disabled { " disabled" } else { "" }), &label],
    );
}

/// The id of a number field's input: `practice-number`, `practice-m`, `practice-k`,
/// `practice-counter-I` (the ids [`Form::entered`] reads).
fn field_id(field: NumberField) -> String {
    match field {
        NumberField::Answer => "practice-number".to_owned(),
        NumberField::M => "practice-m".to_owned(),
        NumberField::K => "practice-k".to_owned(),
        NumberField::Counter(i) => format!("practice-counter-{i}"),
    }
}

/// A number field, its label and value, with the message `ID-unreadable` beside it (and
/// the field marked invalid) when the last Check could not read it.
fn number_field(
    out: &mut Markup,
    field: NumberField,
    label: &str,
    value: &str,
    unreadable: Option<&str>,
    disabled: bool,
) {
    let id = field_id(field);
    out.push(
        "<span class=\"practice-field\"><label class=\"practice-number\" for=\"{}\">{} <input id=\"{}\" type=\"text\" inputmode=\"decimal\" size=\"10\" autocomplete=\"off\" value=\"{}\"{}",
        &[&id, &label, &id, &value, &Trusted(if disabled { " disabled" } else { "" })],
    );
    match unreadable {
        Some(message) => {
            let error = format!("{id}-unreadable");
            out.push(
                " aria-invalid=\"true\" aria-describedby=\"{}\"></label><span class=\"field-error\" role=\"alert\" id=\"{}\">{}</span></span>",
                &[&error, &error, &message],
            );
        }
        None => {
            out.push("></label></span>", &[]);
        }
    }
}

/// The checkboxes of the task as (id, the pair or item it stands for): culprits tick a
/// (bit, item) pair, the lost-items question an item.
fn ticks(task: &Task, members: &Members) -> Vec<(String, u64, String)> {
    let mut ticks = Vec::new();
    for (i, member) in members.list().iter().enumerate() {
        let item = member.item.clone();
        match task {
            Task::Culprits { setters, .. } => {
                for (bit, _) in setters {
                    ticks.push((format!("culprit-{bit}-{i}"), *bit, item.clone()));
                }
            }
            Task::Lost { item: deleted, .. } if member.item != *deleted => {
                ticks.push((format!("lost-{i}"), 0, item))
            }
            _ => {}
        }
    }
    ticks
}

/// What the student enters for this task.
fn entry(text: &'static Text, props: &PracticePanelProps, task: &Task, out: &mut Markup) {
    let practice = props.practice;
    let response = &practice.response;
    let closed = !practice.answering();
    let unreadable = |field: NumberField| {
        practice
            .unreadable
            .contains(&field)
            .then_some(text.practice_unreadable)
    };
    match task {
        Task::Place { .. } => {
            let marked = number_list(text, &response.cells);
            out.push(
                "<p class=\"practice-marked\" id=\"practice-marked\">{}</p>",
                &[&fill(text.practice_marked, &[&marked])],
            );
        }
        Task::Predict { .. } => {
            out.push("<div class=\"toolbar quiz-answers\">", &[]);
            for answer in QuizAnswer::ALL {
                out.push(
                    "<button type=\"button\" data-quiz-answer=\"{}\" data-practice-action=\"answer\" aria-pressed=\"{}\"{}>{}</button>",
                    &[&answer.key(), &Trusted(if response.answer == Some(answer) { "true" } else { "false" }),
                      &Trusted(if closed { " disabled" } else { "" }), &answer_label(text, answer)],
                );
            }
            out.push("</div>", &[]);
        }
        Task::Culprits { setters, .. } => {
            out.push("<div class=\"practice-bits\">", &[]);
            let all = ticks(task, props.members);
            for (bit, _) in setters {
                out.push(
                    "<fieldset data-culprit-bit=\"{}\"><legend>{}</legend>",
                    &[bit, &fill(text.practice_bit, &[bit])],
                );
                for (id, _, item) in all.iter().filter(|(_, b, _)| b == bit) {
                    let checked = response.culprits.contains(&(*bit, item.clone()));
                    tick(out, id, &shown_item(item), checked, closed);
                }
                out.push("</fieldset>", &[]);
            }
            out.push("</div>", &[]);
        }
        Task::Read { .. } => {
            let field = NumberField::Answer;
            let label = text.practice_answer_label;
            let unreadable = unreadable(field);
            number_field(out, field, label, &response.number, unreadable, closed);
        }
        Task::Size { .. } => {
            out.push("<div class=\"practice-fields\">", &[]);
            let (m, k) = (NumberField::M, NumberField::K);
            number_field(out, m, text.bits_m, &response.m, unreadable(m), closed);
            number_field(out, k, text.hashes_k, &response.k, unreadable(k), closed);
            out.push("</div>", &[]);
        }
        Task::Counters { after, .. } => {
            out.push("<div class=\"practice-fields\">", &[]);
            for (i, (counter, _)) in after.iter().enumerate() {
                let field = NumberField::Counter(i);
                let label = fill(text.practice_counter, &[counter]);
                let typed = response.counters.get(i).map_or("", String::as_str);
                number_field(out, field, &label, typed, unreadable(field), closed);
            }
            out.push("</div>", &[]);
        }
        Task::Lost { .. } => {
            out.push(
                "<fieldset class=\"practice-items\"><legend>{}</legend>",
                &[&text.practice_answer_label],
            );
            for (id, _, item) in ticks(task, props.members) {
                tick(
                    out,
                    &id,
                    &shown_item(&item),
                    response.items.contains(&item),
                    closed,
                );
            }
            out.push("</fieldset>", &[]);
        }
    }
}

/// The end of a set: the score, the score per kind, a new set.
fn summary(text: &'static Text, practice: &Practice, out: &mut Markup) {
    let total = practice.exercises.len();
    out.push(
        "<div class=\"practice-summary\" id=\"practice-summary\"><p class=\"practice-done\" id=\"practice-question\" tabindex=\"-1\">{}</p><ul class=\"practice-by-kind\">",
        &[&fill(text.practice_done, &[&practice.score(), &total, &practice.seed])],
    );
    for (kind, right, done) in practice.by_kind() {
        out.push(
            "<li data-kind=\"{}\" data-right=\"{}\" data-done=\"{}\">{}</li>",
            &[
                &kind.key(),
                &right,
                &done,
                &fill(
                    text.practice_by_kind,
                    &[&kind_label(text, kind), &right, &done],
                ),
            ],
        );
    }
    out.push("</ul>", &[]);
    if practice.quiz {
        out.push("<p class=\"hint\">{}</p>", &[&text.quiz_balance]);
    }
    out.push(
        "<button type=\"button\" id=\"practice-new\" class=\"primary\" data-practice-action=\"new\">{}</button></div>",
        &[&text.practice_new_set],
    );
}

/// The exercise: where it stands, the question, the entry, the buttons, the feedback and,
/// once over, the working.
fn exercise(text: &'static Text, props: &PracticePanelProps, task: &Task, out: &mut Markup) {
    let practice = props.practice;
    let shape = props.filter.shape();
    let total = practice.exercises.len();
    out.push(
        "<p class=\"hint\">{}</p><form class=\"practice-form\" id=\"practice-form\"><p class=\"practice-question\" id=\"practice-question\" tabindex=\"-1\">{}</p>",
        &[
            &fill(text.practice_filter, &[&(practice.index + 1), &total, &shape.m(), &shape.k(), &props.members.len(), &practice.seed]),
            &question(text, task, props.filter),
        ],
    );
    entry(text, props, task, out);
    out.push("<div class=\"toolbar\">", &[]);
    if practice.answering() {
        if task.kind() != ExerciseKind::Predict {
            out.push(
                "<button type=\"submit\" id=\"practice-submit\" class=\"primary\">{}</button>",
                &[&text.practice_submit],
            );
        }
        out.push("<button type=\"button\" id=\"practice-show\" data-practice-action=\"show\">{}</button>", &[&text.practice_show]);
    } else {
        let label = if practice.index + 1 == total {
            text.practice_summary_button
        } else {
            text.practice_next
        };
        out.push("<button type=\"button\" id=\"practice-next\" class=\"primary\" data-practice-action=\"next\">{}</button>", &[&label]);
    }
    out.push("</div></form><div class=\"practice-feedback\">", &[]);
    let state = practice.state;
    let verdict = match (state, practice.attempts) {
        (ExerciseState::Open, _) => None,
        (ExerciseState::Correct, 1) => Some(("right", "✓", text.practice_right)),
        (ExerciseState::Correct, _) => Some(("right", "✓", text.practice_right_second)),
        (ExerciseState::Wrong, _) => Some(("wrong", "✗", text.practice_wrong)),
        (ExerciseState::Revealed, _) => Some(("wrong", "✗", text.practice_revealed)),
    };
    if let Some((class, symbol, sentence)) = verdict {
        out.push(
            "<p class=\"practice-verdict {}\">{} {}</p>",
            &[&Trusted(class), &Trusted(symbol), &sentence],
        );
    }
    if state == ExerciseState::Wrong {
        out.push(
            "<p class=\"hint\" id=\"practice-hint\">{}</p>",
            &[&hint(text, task, props.filter, props.members)],
        );
    }
    out.push("</div>", &[]);
    if state.done() {
        working(text, props, task, out);
    }
}

/// After an action, the focus goes to the first of these elements that the new markup has
/// (the button or field that had it may be gone).
fn focus_after(ids: &'static [&'static str]) {
    browser::next_frame(move || {
        ids.iter().find(|id| browser::focus(id).is_some());
    });
}

/// The value of the text field `id`, or nothing when it is not on the page.
fn field_value(id: &str) -> String {
    element::<HtmlInputElement>(id)
        .map(|input| input.value())
        .unwrap_or_default()
}

/// The element with this id, as `T`.
fn element<T: JsCast>(id: &str) -> Option<T> {
    web_sys::window()?
        .document()?
        .get_element_by_id(id)?
        .dyn_into::<T>()
        .ok()
}

/// What Check reads: the task's checkboxes ([`ticks`]), whether they are culprits' (else
/// items lost), and how many counter fields it has.
struct Form {
    ticks: Vec<(String, u64, String)>,
    culprits: bool,
    counters: usize,
}

impl Form {
    fn of(task: &Task, members: &Members) -> Self {
        Form {
            ticks: ticks(task, members),
            culprits: matches!(task, Task::Culprits { .. }),
            counters: match task {
                Task::Counters { after, .. } => after.len(),
                _ => 0,
            },
        }
    }

    /// The fields and ticks as entered.
    fn entered(&self) -> Response {
        let mut response = Response {
            number: field_value("practice-number"),
            m: field_value("practice-m"),
            k: field_value("practice-k"),
            ..Response::default()
        };
        response.counters = (0..self.counters)
            .map(|i| field_value(&format!("practice-counter-{i}")))
            .collect();
        for (id, bit, item) in &self.ticks {
            if element::<HtmlInputElement>(id).is_some_and(|input| input.checked()) {
                if self.culprits {
                    response.culprits.push((*bit, item.clone()));
                } else {
                    response.items.push(item.clone());
                }
            }
        }
        response
    }
}

/// The panel.
pub fn practice_panel(text: &'static Text, props: &PracticePanelProps) -> Html {
    let practice = props.practice;
    let total = practice.exercises.len();
    let current = practice.current();
    let mut body = Markup::default();
    body.push(
        "<section class=\"panel practice\" id=\"practice\" aria-labelledby=\"practice-title\" data-practice-seed=\"{}\" data-exercise-index=\"{}\" data-exercise-kind=\"{}\" data-exercise-state=\"{}\" data-exercise-item=\"{}\" data-score=\"{}\" data-total=\"{}\"><h2 id=\"practice-title\">{}</h2><div aria-live=\"polite\">",
        &[
            &practice.seed,
            &(practice.index + 1).min(total),
            &current.map_or("", |e| e.task.kind().key()),
            &current.map_or("done", |_| practice.state.key()),
            &current.and_then(|e| e.task.item()).unwrap_or(""),
            &practice.score(),
            &total,
            &if practice.quiz { text.quiz_title } else { text.practice_heading },
        ],
    );
    match current {
        Some(e) => exercise(text, props, &e.task, &mut body),
        None => summary(text, practice, &mut body),
    }
    body.push(
        "<p class=\"quiz-score\">{}</p></div><button type=\"button\" id=\"practice-stop\" class=\"small\" data-practice-action=\"stop\">{}</button></section>",
        &[&fill(text.practice_score, &[&practice.score(), &practice.results.len()]), &text.practice_stop],
    );
    let onclick = {
        let d = props.ondispatch.clone();
        let (next_seed, quiz) = (practice.seed.wrapping_add(1), practice.quiz);
        Callback::from(move |e: MouseEvent| {
            let Some(button) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest("[data-practice-action]").ok().flatten())
            else {
                return;
            };
            let (action, focus): (PracticeAction, &'static [&'static str]) =
                match button.get_attribute("data-practice-action").as_deref() {
                    Some("answer") => {
                        let key = button.get_attribute("data-quiz-answer").unwrap_or_default();
                        let Some(answer) = QuizAnswer::ALL.into_iter().find(|a| a.key() == key)
                        else {
                            return;
                        };
                        (PracticeAction::Answer(answer), &["practice-next"])
                    }
                    Some("show") => (PracticeAction::Show, &["practice-next"]),
                    Some("next") => (PracticeAction::Next, &["practice-question"]),
                    Some("new") if quiz => {
                        (PracticeAction::StartQuiz(next_seed), &["practice-question"])
                    }
                    Some("new") => (PracticeAction::Start(next_seed), &["practice-question"]),
                    Some("stop") => (PracticeAction::Stop, &[]),
                    _ => return,
                };
            d.emit(Action::Practice(action));
            focus_after(focus);
        })
    };
    let onsubmit = {
        let d = props.ondispatch.clone();
        let form = current.map(|e| Form::of(&e.task, props.members));
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if let Some(form) = &form {
                d.emit(Action::Practice(PracticeAction::Submit(form.entered())));
                focus_after(&["practice-next", "practice-submit"]);
            }
        })
    };
    // The panel's buttons and form, by delegation from one element around it.
    html! { <div class="practice-host" {onclick} {onsubmit}>{ body.html() }</div> }
}
