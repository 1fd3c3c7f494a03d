//! The lesson menu in the page header.

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::Action;

/// Props of [`LessonPicker`].
#[derive(Properties, PartialEq)]
pub struct LessonPickerProps {
    /// Each lesson's id and title in the page's language.
    pub lessons: Vec<(String, String)>,
    /// The lesson open, if any.
    #[prop_or_default]
    pub current: Option<String>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// A labelled drop-down and a Start button (Enter in the menu does the same and leaves the
/// menu, so that the page's keys step the lesson). Choosing
/// alone starts nothing, so arrowing through the closed menu does not run every lesson it
/// passes.
#[component]
pub fn LessonPicker(props: &LessonPickerProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let current = props.current.clone().unwrap_or_default();
    // The lesson chosen in the menu; it follows the lesson open whenever that changes.
    let chosen = use_state(|| current.clone());
    {
        let chosen = chosen.clone();
        use_effect_with(current.clone(), move |current| chosen.set(current.clone()));
    }
    let start = {
        let (d, chosen) = (props.ondispatch.clone(), chosen.clone());
        move || {
            if !chosen.is_empty() {
                d.emit(Action::StartLesson((*chosen).clone()));
            }
        }
    };
    let onchange = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                chosen.set(select.value());
            }
        })
    };
    let onkeydown = {
        let start = start.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                start();
                // The menu lets go of the keyboard, so that the next Page Down (a clicker)
                // or `p` goes to the lesson rather than to the menu's choice.
                if let Some(select) = e.target_dyn_into::<web_sys::HtmlElement>() {
                    let _ = select.blur();
                }
            }
        })
    };
    let onclick = Callback::from(move |_: MouseEvent| start());
    html! {
        <div class="lesson-picker">
            <label for="lesson-select">{ text.lesson_label }</label>
            <select id="lesson-select" {onchange} {onkeydown} disabled={props.lessons.is_empty()}>
                <option value="" selected={chosen.is_empty()}>{ text.lesson_none }</option>
                { for props.lessons.iter().map(|(id, title)| html! {
                    <option value={id.clone()} selected={*id == *chosen}>{ title.clone() }</option>
                }) }
            </select>
            <button id="lesson-start" type="button" {onclick} disabled={chosen.is_empty()}>
                { text.lesson_start }
            </button>
        </div>
    }
}
