//! Predict, then reveal: the quiz panel.

use crate::state::quiz::QuizAction;
use crate::ui::shared::send;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::filter::HashStep;
use crate::i18n::{describe, fill, shown_item, Text};
use crate::state::fields::parse_whole;
use crate::state::quiz::{Answer, Quiz, QuizAnswer};
use crate::state::{Action, Verdict};
use crate::ui::marks::hash_class;
use crate::ui::raw::{IntoHtml, Markup};

/// What [`quiz_panel`] shows.
pub struct QuizPanelProps {
    /// The quiz in progress.
    pub quiz: Option<Quiz>,
    /// The seed as typed, for the next quiz.
    pub seed: String,
    /// Once answered: the question's steps, whether each position is set, and the verdict.
    pub revealed: Option<(Vec<HashStep>, Vec<bool>, Verdict)>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The label of an answer's button.
fn answer_label(text: &'static Text, answer: QuizAnswer) -> &'static str {
    match answer {
        QuizAnswer::DefinitelyNot => text.quiz_no,
        QuizAnswer::Member => text.quiz_member,
        QuizAnswer::FalsePositive => text.quiz_false_positive,
    }
}

/// Why the answer is what it is: each position in its hash's colour with its bit, then one
/// sentence.
fn reveal(
    text: &'static Text,
    answer: &Answer,
    (steps, set, verdict): &(Vec<HashStep>, Vec<bool>, Verdict),
) -> Html {
    let template = match verdict {
        Verdict::DefinitelyNot { .. } => text.quiz_why_not,
        Verdict::FalseNegative { .. } => text.quiz_why_false_negative,
        Verdict::Probably => text.quiz_why_member,
        Verdict::FalsePositive { .. } => text.quiz_why_false_positive,
    };
    let mut out = Markup::default();
    out.push("<p class=\"quiz-why\"><span class=\"quiz-positions\">", &[]);
    for (step, &on) in steps.iter().zip(set) {
        let bit = on as u8;
        out.push("<span class=\"quiz-position{}\" data-position=\"{}\" data-bit=\"{}\"><span class=\"chip {}\">{}</span> → {} = {}</span>", &[&if on { "" } else { " zero" }, &step.position, &bit, &hash_class(step.index), &step.index, &step.position, &bit]);
    }
    out.push(
        "</span> {}</p>",
        &[&&fill(template, &[&shown_item(&answer.item)])],
    );
    out.html()
}

/// The end of a set: the score, the score per right answer, and a new set.
fn summary(text: &'static Text, quiz: &Quiz, ondispatch: &Callback<Action>) -> Html {
    let by_answer = quiz.by_answer();
    let mut list = Markup::default();
    list.push("<ul>", &[]);
    for &(truth, right, asked) in &by_answer {
        list.push(
            "<li data-quiz-truth=\"{}\" data-right=\"{}\" data-asked=\"{}\">{}</li>",
            &[
                &truth.key(),
                &right,
                &asked,
                &&fill(
                    text.quiz_by_answer,
                    &[&answer_label(text, truth), &right, &asked],
                ),
            ],
        );
    }
    list.push("</ul>", &[]);
    let balanced = by_answer
        .iter()
        .all(|&(_, _, asked)| (3..=4).contains(&asked));
    html! {
        <div class="quiz-summary" id="quiz-summary" data-quiz-done="true" data-quiz-score={quiz.correct().to_string()}
             data-quiz-total={quiz.answers.len().to_string()}>
            <p class="quiz-done">{ fill(text.quiz_done, &[&quiz.correct(), &quiz.answers.len(), &quiz.seed]) }</p>
            { list.html() }
            if balanced {
                <p class="hint">{ text.quiz_balance }</p>
            }
            <button id="quiz-new" class="primary" onclick={send::<MouseEvent>(ondispatch, Action::Quiz(QuizAction::Start(quiz.seed.wrapping_add(1))))}>
                { text.quiz_new_set }
            </button>
        </div>
    }
}

/// The panel.
pub fn quiz_panel(text: &'static Text, props: &QuizPanelProps) -> Html {
    let act = |action: Action| send::<MouseEvent>(&props.ondispatch, action);
    let body = match &props.quiz {
        None => {
            let parsed = parse_whole(&props.seed);
            let problem = parsed.as_ref().err().map(|p| describe::problem(text, p));
            let seed = parsed.ok();
            let oninput = {
                let d = props.ondispatch.clone();
                Callback::from(move |e: InputEvent| {
                    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                        d.emit(Action::Quiz(QuizAction::SetSeed(input.value())));
                    }
                })
            };
            html! {
                <div class="toolbar">
                    <label for="quiz-seed">{ text.quiz_seed }</label>
                    <input id="quiz-seed" type="text" inputmode="numeric" size="6" value={props.seed.clone()} {oninput}
                           aria-invalid={problem.is_some().to_string()} aria-describedby="quiz-seed-error" />
                    <button id="quiz-start" class="primary" disabled={seed.is_none()}
                            onclick={act(Action::Quiz(QuizAction::Start(seed.unwrap_or(1))))}>{ text.quiz_start }</button>
                    <button id="quiz-close" onclick={act(Action::Quiz(QuizAction::ToggleSetup))}>{ text.quiz_close }</button>
                    <span class="field-error" role="alert" id="quiz-seed-error" data-field-error="quiz-seed">{ problem.unwrap_or_default() }</span>
                </div>
            }
        }
        Some(quiz) => html! {
            <div data-quiz-index={quiz.index.to_string()} data-quiz-correct={quiz.correct().to_string()}
                 data-quiz-answered={quiz.answered().to_string()}>
                <p class="quiz-question">{ fill(text.quiz_question, &[&(quiz.index + 1), &shown_item(quiz.item()), &quiz.questions.len()]) }</p>
                if let Some(answer) = quiz.answer() {
                    <p class={crate::class_list!("quiz-verdict", if answer.correct() { "right" } else { "wrong" })} aria-live="polite"
                       data-quiz-truth={answer.truth.key()}>
                        { if answer.correct() { "✓ " } else { "✗ " } }
                        if answer.correct() {
                            { text.quiz_right }
                        } else {
                            { fill(text.quiz_wrong, &[&answer_label(text, answer.truth)]) }
                        }
                    </p>
                    if let Some(revealed) = &props.revealed {
                        { reveal(text, answer, revealed) }
                    }
                    if quiz.finished() {
                        { summary(text, quiz, &props.ondispatch) }
                    } else {
                        <button id="quiz-next" class="primary" onclick={act(Action::Quiz(QuizAction::Next))}>{ text.quiz_next }</button>
                    }
                } else {
                    <p class="hint">{ text.quiz_how }</p>
                    <div class="toolbar quiz-answers">
                        { for QuizAnswer::ALL.iter().map(|&a| html! {
                            <button data-quiz-answer={a.key()} onclick={act(Action::Quiz(QuizAction::Answer(a)))}>{ answer_label(text, a) }</button>
                        }) }
                    </div>
                }
                <p class="quiz-score">{ fill(text.quiz_score, &[&quiz.correct(), &quiz.answered()]) }</p>
                <p class="hint">{ fill(text.quiz_hint, &[&quiz.seed]) }</p>
                <button id="quiz-stop" class="small" onclick={act(Action::Quiz(QuizAction::Stop))}>{ text.quiz_stop }</button>
            </div>
        },
    };
    html! {
        <section class="panel quiz" aria-labelledby="quiz-title">
            <h2 id="quiz-title">{ text.quiz_title }</h2>
            { body }
        </section>
    }
}
