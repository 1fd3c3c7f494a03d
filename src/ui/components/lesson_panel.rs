//! The lesson in progress: its text for the current step, and the step controls.

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
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The panel. Its text is a polite live region, so each new step is read out.
#[component]
pub fn LessonPanel(props: &LessonPanelProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let act = |action: Action| {
        let d = props.ondispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(action.clone()))
    };
    let at_end = props.step + 1 >= props.count;
    let next_ref = use_node_ref();
    {
        // A lesson just opened takes the focus to its Next button, unless a text field has
        // it: the menu's Start button, disabled once the lesson runs, would drop it.
        let next_ref = next_ref.clone();
        use_effect_with(props.id.clone(), move |_| {
            let typing = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA"));
            if let Some(button) = next_ref.cast::<web_sys::HtmlElement>().filter(|_| !typing) {
                let _ = button.focus();
            }
        });
    }
    html! {
        <section class="panel lesson" id="lesson" aria-labelledby="lesson-title"
                 data-lesson={props.id.clone()} data-step={(props.step + 1).to_string()}
                 data-steps={props.count.to_string()}>
            <div class="lesson-head">
                <h2 id="lesson-title">{ props.title.clone() }</h2>
                <span class="lesson-count">{ fill(text.lesson_step, &[&(props.step + 1), &props.count]) }</span>
                <button id="lesson-exit" class="small" onclick={act(Action::StopLesson)}>{ text.lesson_exit }</button>
            </div>
            <div class="lesson-text" aria-live="polite" aria-atomic="true">
                { for props.paragraphs.iter().map(|p| html! { <p>{ p.clone() }</p> }) }
                if at_end { <p class="lesson-end">{ text.lesson_end }</p> }
            </div>
            <div class="toolbar lesson-nav">
                <button id="lesson-back" disabled={props.step == 0} onclick={act(Action::LessonBack)}>
                    { "← " }{ text.lesson_back }
                </button>
                <button id="lesson-next" ref={next_ref} class="primary" disabled={at_end} onclick={act(Action::LessonNext)}>
                    { text.lesson_next }{ " →" }
                </button>
                <span class="hint">{ text.lesson_keys }</span>
            </div>
        </section>
    }
}
