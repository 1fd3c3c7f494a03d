//! The lesson in progress: its text for the current step, and the step controls.

use crate::state::LessonAction;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::state::Action;

/// Props of [`LessonPanel`].
#[derive(Properties, PartialEq)]
pub struct LessonPanelProps {
    /// The lesson's id (for `data-lesson`).
    pub id: String,
    /// Its title in the page's language.
    pub title: String,
    /// The step shown, from 0.
    pub step: usize,
    /// How many steps there are.
    pub count: usize,
    /// The step's paragraphs, placeholders filled.
    pub paragraphs: Vec<String>,
    /// When the screen no longer matches the step: the sentence that says so (the step's
    /// text is then not shown, so that it never states what the screen contradicts).
    #[prop_or_default]
    pub diverged: Option<String>,
    /// The id of the element the step's text is about, scrolled into view with the step.
    #[prop_or_default]
    pub show: Option<&'static str>,
    /// A step-by-step walk is in progress: "Next step" steps it first, hash by hash.
    #[prop_or_default]
    pub walking: bool,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The panel, docked at the window's top while the page scrolls (so that a step's text and
/// its buttons stay in view beside what the step shows). Its text is a polite live region,
/// so each new step is read out; a long text scrolls inside the panel (a tab stop, for the
/// keyboard to scroll it).
#[component]
pub fn LessonPanel(props: &LessonPanelProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let act = |action: Action| send::<MouseEvent>(&props.ondispatch, action);
    let at_end = props.step + 1 >= props.count;
    let (next_ref, back_ref) = (use_node_ref(), use_node_ref());
    let shown_lesson = use_mut_ref(String::new);
    {
        // A lesson just opened takes the focus to its Next button, unless a text field has
        // it (the menu's Start button, disabled once the lesson runs, would drop it). At the
        // last step Next is disabled in turn: the focus it drops goes to Back. What the
        // step's text is about comes into view with it, once laid out (a view the step
        // opened renders its parts a frame later).
        let (next_ref, back_ref) = (next_ref.clone(), back_ref.clone());
        let (id, at_end) = (props.id.clone(), at_end);
        use_effect_with(
            (props.id.clone(), props.step, props.show),
            move |&(_, _, show)| {
                let active = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.active_element());
                let tag = active.as_ref().map(|el| el.tag_name());
                let typing = matches!(tag.as_deref(), Some("INPUT" | "TEXTAREA"));
                // Focus on a button just disabled is lost to the keyboard, as is focus on body.
                let dropped = matches!(tag.as_deref(), None | Some("BODY"))
                    || active.is_some_and(|el| el.has_attribute("disabled"));
                let opened = *shown_lesson.borrow() != id;
                *shown_lesson.borrow_mut() = id;
                if (opened && !typing) || dropped {
                    let target = if at_end { &back_ref } else { &next_ref };
                    if let Some(button) = target.cast::<web_sys::HtmlElement>() {
                        let _ = button.focus();
                    }
                }
                match show {
                    Some(id) => crate::ui::browser::next_frame(move || {
                        crate::ui::browser::bring_into_view(id, 120)
                    }),
                    None => crate::ui::browser::stop_bringing_into_view(),
                }
            },
        );
    }
    html! {
        <section class="panel lesson" id="lesson" aria-labelledby="lesson-title"
                 data-lesson={props.id.clone()} data-step={(props.step + 1).to_string()}
                 data-steps={props.count.to_string()}
                 data-lesson-diverged={props.diverged.is_some().then_some("true")}>
            <div class="lesson-head">
                <h2 id="lesson-title">{ props.title.clone() }</h2>
                <span class="lesson-count">{ fill(text.lesson_step, &[&(props.step + 1), &props.count]) }</span>
                <button id="lesson-exit" class="small" onclick={act(Action::Lesson(LessonAction::Stop))}>
                    { text.lesson_exit }
                </button>
            </div>
            <div class="lesson-text" id="lesson-text" aria-live="polite" aria-atomic="true" tabindex="0">
                if let Some(sentence) = &props.diverged {
                    <p class="lesson-diverged">{ sentence.clone() }{ " " }
                        <button id="lesson-restore" class="primary"
                                onclick={act(Action::Lesson(LessonAction::Restore))}>{ text.lesson_restore }</button>
                    </p>
                } else {
                    { for props.paragraphs.iter().map(|p| html! { <p>{ p.clone() }</p> }) }
                    if at_end { <p class="lesson-end">{ text.lesson_end }</p> }
                }
            </div>
            <div class="toolbar lesson-nav">
                // The buttons do what the clicker's keys do: a walk in progress steps first.
                <button id="lesson-prev" ref={back_ref} disabled={props.step == 0 && !props.walking}
                        onclick={act(Action::Backward)}>
                    { "← " }{ text.lesson_back }
                </button>
                <button id="lesson-next" ref={next_ref} class="primary" disabled={at_end && !props.walking}
                        onclick={act(Action::Forward)}>
                    { text.lesson_next }{ " →" }
                </button>
                <span class="hint">{ text.lesson_keys }</span>
            </div>
        </section>
    }
}
