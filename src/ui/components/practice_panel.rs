//! The practice panel: where the set stands, the exercise (its form, the feedback and, once
//! it is over, the working), the summary at the end of a set, and Stop.
//!
//! The form is [`PracticeForm`]; the words are in
//! [`practice_words`](crate::ui::components::practice_words).

use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::state::practice::{ExerciseState, Practice, PracticeAction, Task};
use crate::state::{Action, FilterModel, Members};
use crate::ui::components::practice_focus::on_click;
use crate::ui::components::practice_form::{entry, PracticeForm};
use crate::ui::components::practice_words::{hint, kind_label, question, working};
use crate::ui::raw::{IntoHtml, Markup};

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

/// The end of a set: the score, the score per kind, a new set.
fn summary(text: &'static Text, props: &PracticePanelProps) -> Html {
    let practice = props.practice;
    let total = practice.exercises.len();
    let next_seed = practice.seed.wrapping_add(1);
    let new_set = if practice.quiz {
        PracticeAction::StartQuiz(next_seed)
    } else {
        PracticeAction::Start(next_seed)
    };
    let done = fill(
        text.practice_done,
        &[&practice.score(), &total, &practice.seed],
    );
    html! {
        <div class="practice-summary" id="practice-summary">
            <p class="practice-done" id="practice-question" tabindex="-1">{ done }</p>
            <ul class="practice-by-kind">
                { for practice.by_kind().into_iter().map(|(kind, right, done)| html! {
                    <li data-kind={kind.key()} data-right={right.to_string()}
                        data-done={done.to_string()}>
                        { fill(text.practice_by_kind, &[&kind_label(text, kind), &right, &done]) }
                    </li>
                }) }
            </ul>
            if practice.quiz {
                <p class="hint">{ text.quiz_balance }</p>
            }
            <button type="button" id="practice-new" class="primary" data-practice-action="new"
                    onclick={on_click(&props.ondispatch, new_set, &["practice-question"])}>
                { text.practice_new_set }
            </button>
        </div>
    }
}

/// Whether the exercise was answered right, as (class, symbol, sentence), once it is over.
fn verdict(
    text: &'static Text,
    practice: &Practice,
) -> Option<(&'static str, &'static str, &'static str)> {
    match (practice.state, practice.attempts) {
        (ExerciseState::Open, _) => None,
        (ExerciseState::Correct, 1) => Some(("right", "✓", text.practice_right)),
        (ExerciseState::Correct, _) => Some(("right", "✓", text.practice_right_second)),
        (ExerciseState::Wrong, _) => Some(("wrong", "✗", text.practice_wrong)),
        (ExerciseState::Revealed, _) => Some(("wrong", "✗", text.practice_revealed)),
    }
}

/// The exercise: where it stands, the form, the feedback and, once over, the working.
fn exercise(text: &'static Text, props: &PracticePanelProps, task: &Task) -> Html {
    let practice = props.practice;
    let shape = props.filter.shape();
    let total = practice.exercises.len();
    let standing = fill(
        text.practice_filter,
        &[
            &(practice.index + 1),
            &total,
            &shape.m(),
            &shape.k(),
            &props.members.len(),
            &practice.seed,
        ],
    );
    // A new form, starting from the entry as last checked, whenever the exercise moves on.
    let form_key = format!(
        "{}-{}-{}-{}",
        practice.seed,
        practice.index,
        practice.attempts,
        practice.state.key()
    );
    let state = practice.state;
    let working = state.done().then(|| {
        let mut out = Markup::default();
        working(
            text,
            (props.practice, props.filter, props.members),
            task,
            &mut out,
        );
        out.html()
    });
    html! {
        <>
            <p class="hint">{ standing }</p>
            <PracticeForm key={form_key}
                          question={question(text, task, props.filter)}
                          entry={entry(text, practice, task, props.members)}
                          response={practice.response.clone()}
                          answering={practice.answering()}
                          last={practice.index + 1 == total}
                          ondispatch={props.ondispatch.clone()} />
            <div class="practice-feedback">
                if let Some((class, symbol, sentence)) = verdict(text, practice) {
                    <p class={classes!("practice-verdict", class)}>{ symbol }{ " " }{ sentence }</p>
                }
                if state == ExerciseState::Wrong {
                    <p class="hint" id="practice-hint">
                        { hint(text, task, props.filter, props.members) }
                    </p>
                }
            </div>
            { working }
        </>
    }
}

/// The panel.
pub fn practice_panel(text: &'static Text, props: &PracticePanelProps) -> Html {
    let practice = props.practice;
    let total = practice.exercises.len();
    let current = practice.current();
    let kind = current.map_or("", |e| e.task.kind().key());
    let state = current.map_or("done", |_| practice.state.key());
    let item = current.and_then(|e| e.task.item()).unwrap_or("").to_owned();
    let title = if practice.quiz {
        text.quiz_title
    } else {
        text.practice_heading
    };
    let score = fill(
        text.practice_score,
        &[&practice.score(), &practice.results.len()],
    );
    html! {
        <div class="practice-host">
            <section class="panel practice" id="practice" aria-labelledby="practice-title"
                     data-practice-seed={practice.seed.to_string()}
                     data-exercise-index={(practice.index + 1).min(total).to_string()}
                     data-exercise-kind={kind} data-exercise-state={state}
                     data-exercise-item={item} data-score={practice.score().to_string()}
                     data-total={total.to_string()}>
                <h2 id="practice-title">{ title }</h2>
                <div aria-live="polite">
                    { match current {
                        Some(e) => exercise(text, props, &e.task),
                        None => summary(text, props),
                    } }
                    <p class="quiz-score">{ score }</p>
                </div>
                <button type="button" id="practice-stop" class="small" data-practice-action="stop"
                        onclick={on_click(&props.ondispatch, PracticeAction::Stop, &[])}>
                    { text.practice_stop }
                </button>
            </section>
        </div>
    }
}
