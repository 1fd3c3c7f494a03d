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

/// A labelled drop-down; choosing a lesson opens it at its first step.
#[component]
pub fn LessonPicker(props: &LessonPickerProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let onchange = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                let id = select.value();
                if !id.is_empty() {
                    d.emit(Action::StartLesson(id));
                }
            }
        })
    };
    let current = props.current.clone().unwrap_or_default();
    html! {
        <div class="lesson-picker">
            <label for="lesson-select">{ text.lesson_label }</label>
            <select id="lesson-select" {onchange} disabled={props.lessons.is_empty()}>
                <option value="" selected={current.is_empty()}>{ text.lesson_none }</option>
                { for props.lessons.iter().map(|(id, title)| html! {
                    <option value={id.clone()} selected={*id == current}>{ title.clone() }</option>
                }) }
            </select>
        </div>
    }
}
