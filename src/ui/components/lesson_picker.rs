//! The lesson menu in the page header.

use crate::state::LessonAction;
use yew::prelude::*;

use crate::i18n::Text;
use crate::state::Action;
use crate::ui::shared::send;

/// What [`lesson_picker`] shows.
pub struct LessonPickerProps {
    /// Each lesson's id and title in the page's language.
    pub lessons: Vec<(String, String)>,
    /// The lesson the menu shows (chosen, or open), empty for none.
    pub chosen: String,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// A labelled drop-down and a Start button (Enter in the menu does the same and leaves the
/// menu, so that the page's keys step the lesson). Choosing alone starts nothing, so
/// arrowing through the closed menu does not run every lesson it passes.
pub fn lesson_picker(text: &'static Text, props: &LessonPickerProps) -> Html {
    let chosen = props.chosen.clone();
    let onchange = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                d.emit(Action::Lesson(LessonAction::Choose(select.value())));
            }
        })
    };
    let onkeydown = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                    // The menu's value, which keys may have changed since the last render.
                    let id = select.value();
                    if !id.is_empty() {
                        d.emit(Action::Lesson(LessonAction::Start(id)));
                    }
                    // The menu lets go of the keyboard, so that the next Page Down (a
                    // clicker) or `p` goes to the lesson rather than to the menu's choice.
                    let _ = select.blur();
                }
            }
        })
    };
    // Start is disabled while no lesson is chosen.
    let onclick = send::<MouseEvent>(
        &props.ondispatch,
        Action::Lesson(LessonAction::Start(chosen.clone())),
    );
    html! {
        <div class="lesson-picker">
            <label for="lesson-select">{ text.lesson_label }</label>
            <select id="lesson-select" {onchange} {onkeydown} disabled={props.lessons.is_empty()}>
                <option value="" selected={chosen.is_empty()}>{ text.lesson_none }</option>
                { for props.lessons.iter().map(|(id, title)| html! {
                    <option value={id.clone()} selected={*id == chosen}>{ title.clone() }</option>
                }) }
            </select>
            <button id="lesson-start" type="button" {onclick} disabled={chosen.is_empty()}>
                { text.lesson_start }
            </button>
        </div>
    }
}
