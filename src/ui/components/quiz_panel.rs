//! Predict, then reveal: the quiz panel.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::i18n::{describe, fill, Text};
use crate::state::fields::parse_whole;
use crate::state::quiz::{Prediction, Quiz};
use crate::state::Action;

/// What [`quiz_panel`] shows.
pub struct QuizPanelProps {
    /// The quiz in progress.
    pub quiz: Option<Quiz>,
    /// The seed as typed, for the next quiz.
    pub seed: String,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The panel.
pub fn quiz_panel(text: &'static Text, props: &QuizPanelProps) -> Html {
    let act = |action: Action| {
        let d = props.ondispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(action.clone()))
    };
    let body = match &props.quiz {
        None => {
            let parsed = parse_whole(&props.seed);
            let problem = parsed.as_ref().err().map(|p| describe::problem(text, p));
            let seed = parsed.ok();
            let oninput = {
                let d = props.ondispatch.clone();
                Callback::from(move |e: InputEvent| {
                    if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                        d.emit(Action::SetQuizSeed(input.value()));
                    }
                })
            };
            html! {
                <div class="toolbar">
                    <label for="quiz-seed">{ text.quiz_seed }</label>
                    <input id="quiz-seed" type="text" inputmode="numeric" size="6" value={props.seed.clone()} {oninput}
                           aria-invalid={problem.is_some().to_string()} aria-describedby="quiz-seed-error" />
                    <button id="quiz-start" class="primary" disabled={seed.is_none()}
                            onclick={act(Action::StartQuiz(seed.unwrap_or(1)))}>{ text.quiz_start }</button>
                    <button id="quiz-close" onclick={act(Action::ToggleQuizSetup)}>{ text.quiz_close }</button>
                    <span class="field-error" role="alert" id="quiz-seed-error" data-field-error="quiz-seed">{ problem.unwrap_or_default() }</span>
                </div>
            }
        }
        Some(quiz) => html! {
            <div data-quiz-index={quiz.index.to_string()} data-quiz-correct={quiz.correct.to_string()}
                 data-quiz-answered={quiz.answered.to_string()}>
                <p class="quiz-question">{ fill(text.quiz_question, &[&(quiz.index + 1), &quiz.item]) }</p>
                if let Some(answer) = &quiz.answer {
                    <p class={classes!("quiz-verdict", if answer.correct { "right" } else { "wrong" })} aria-live="polite">
                        { if answer.correct { "✓ " } else { "✗ " } }
                        { if answer.correct { text.quiz_right } else { text.quiz_wrong } }
                    </p>
                    <button id="quiz-next" class="primary" onclick={act(Action::NextQuestion)}>{ text.quiz_next }</button>
                } else {
                    <div class="toolbar">
                        <button id="quiz-no" onclick={act(Action::Predict(Prediction::DefinitelyNot))}>{ text.quiz_no }</button>
                        <button id="quiz-yes" onclick={act(Action::Predict(Prediction::ProbablyYes))}>{ text.quiz_yes }</button>
                    </div>
                }
                <p class="quiz-score">{ fill(text.quiz_score, &[&quiz.correct, &quiz.answered]) }</p>
                <p class="hint">{ fill(text.quiz_hint, &[&quiz.seed]) }</p>
                <button id="quiz-stop" class="small" onclick={act(Action::StopQuiz)}>{ text.quiz_stop }</button>
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
