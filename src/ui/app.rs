//! The root component: owns the state and composes the page: header, notices, tabs, the
//! lesson, and the view shown.

use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::{fill, sentences, Text};
use crate::state::lesson_file::fill_text;
use crate::state::url::View;
use crate::state::{Action, AppState, LessonsStatus};
use crate::ui::components::{
    embed_code::embed_host,
    help_overlay::{help_overlay, HELP_CLOSE_ID},
    lesson_panel::LessonPanel,
    notices::{notices, NoticesProps},
    save_note::{save_note, SaveNoteProps},
};
use crate::ui::header::header;
use crate::ui::hooks::{
    follow_language, use_dialog_focus, use_drawn_parts, use_link, use_practice_messages,
    use_shortcuts, use_startup, DrawnParts,
};
use crate::ui::opening;
use crate::ui::shared::{dispatch_to, StateHandle};
use crate::ui::tabs::tabs;
use crate::ui::views::visualizer::Visualizer;

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).apply(action))
    }
}

/// The lesson in progress, its placeholders filled from the live filter; when the screen
/// no longer matches the step, the sentence that says so instead.
fn lesson(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Option<Html> {
    let lang = state.lang();
    state.lesson().map(|progress| {
        let paragraphs = progress
            .current()
            .paragraphs(lang)
            .iter()
            .map(|p| fill_text(p, state.filter(), state.members().len()))
            .collect::<Vec<_>>();
        let diverged = state
            .lesson_divergence()
            .map(|d| sentences::divergence(text, &d, &progress.settings));
        html! {
            <LessonPanel id={progress.lesson.id.clone()} title={progress.lesson.title(lang).to_owned()}
                         step={progress.step} count={progress.lesson.steps.len()} {paragraphs} {diverged}
                         walking={state.walk().is_some()}
                         show={progress.current().show.map(|target| target.element_id())}
                         ondispatch={dispatch.clone()} />
        }
    })
}

/// The application.
///
/// Optional panels sit in fixed `slot` wrappers: Yew diffs unkeyed siblings by position,
/// so a panel appearing beside a component must not shift that component (the grid would
/// be rebuilt, losing focus and the canvas its pixels).
#[component]
pub fn App() -> Html {
    let state = use_reducer(opening::take_initial_state);
    let text: &'static Text = state.lang().text();
    follow_language(state.lang());
    let links = use_link(&state);
    let drawn = use_drawn_parts();
    let whole = drawn.has(DrawnParts::Whole);
    use_startup(&state, whole);
    use_practice_messages(&state);
    use_shortcuts(&state);
    let dialog = match (state.help_open(), state.embed_code()) {
        (true, _) => Some(HELP_CLOSE_ID),
        (false, Some(_)) => Some(crate::protocol::embed_dialog::FIRST_CONTROL),
        (false, None) => None,
    };
    use_dialog_focus(dialog);
    let dispatch = dispatch_to(&state);
    crate::ui::hooks::embed_dialog::use_embed_dialog(&state, dispatch.clone());
    crate::ui::hooks::files_view::use_files_view(&state, whole, dispatch.clone());
    crate::ui::hooks::filters_view::use_filters_view(&state, whole, dispatch.clone());
    let compact = state.embedding().compact;
    let lessons_problem = match state.lessons_status() {
        LessonsStatus::Failed(why) => Some(html! {
            <p class="notice" role="status" id="lessons-failed">{ fill(text.lessons_failed, &[why]) }</p>
        }),
        _ => None,
    };
    // The visualizer stays mounted once it has been shown, its rendering kept but skipped
    // while another view is open (`.away`): leaving it and coming back neither tears down
    // nor rebuilds and lays out a grid of up to 4096 cells.
    let visualizer_shown = use_mut_ref(|| false);
    let on_visualizer = state.view() == View::Visualizer && drawn.has(DrawnParts::Entry);
    if on_visualizer {
        *visualizer_shown.borrow_mut() = true;
    }
    let visualizer = (*visualizer_shown.borrow()).then(
        || html! { <Visualizer state={StateHandle::new(state.clone())} away={!on_visualizer} {drawn} /> },
    );
    let view = whole.then(|| crate::ui::views::draw(state.view(), text, &state, &dispatch));
    // One live region, always in the page, says what the last action did: screen readers
    // hear adds, removals, refusals and verdicts (the walk and the lesson have their own).
    let announcement = match (state.message(), state.last_query()) {
        (Some(message), _) => sentences::message(text, message),
        (None, Some(report)) => crate::i18n::answer::verdict(text, report),
        (None, None) => String::new(),
    };
    let notices_props = NoticesProps {
        notices: state.notices().to_vec(),
        ondispatch: dispatch.clone(),
    };
    let save_props = SaveNoteProps {
        persistence: state.persistence().clone(),
        ondispatch: dispatch.clone(),
    };
    let classes = crate::class_list!(
        "app",
        compact.then_some("compact"),
        state.presentation().then_some("present"),
        state.lesson().is_some().then_some("in-lesson")
    );
    html! {
        <ContextProvider<&'static Text> context={text}>
            <div class={classes} data-ready={whole.then_some("true")}>
                if state.help_open() { { help_overlay(text, &dispatch) } }
                if let Some((_, failure)) = state.embed_code() { { embed_host(text, failure.as_deref(), &dispatch) } }
                { header(text, &state, &links) }
                { notices(text, &notices_props) }
                if !compact { { tabs(text, state.view(), &dispatch) } }
                { save_note(text, &save_props) }
                <div class="slot">{ lessons_problem }</div>
                <div class="slot">{ lesson(text, &state, &dispatch) }</div>
                <div class="slot">{ visualizer }</div>
                <div class="slot">{ view }</div>
                <div id="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
                    { announcement }
                </div>
            </div>
        </ContextProvider<&'static Text>>
    }
}
