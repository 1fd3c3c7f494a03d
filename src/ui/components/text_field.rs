//! A labelled text field that reports every keystroke and shows why its value was rejected.

use web_sys::HtmlInputElement;
use yew::prelude::*;

/// What a [`text_field`] shows.
pub struct TextField {
    /// The input's id (also `data-field-error` of its message).
    pub id: &'static str,
    /// The label.
    pub label: AttrValue,
    /// The text.
    pub value: String,
    /// Why the text was rejected, shown beside the field.
    pub problem: Option<String>,
    /// Greyed out (a field the current mode does not read).
    pub disabled: bool,
    /// Shown when empty.
    pub placeholder: String,
}

impl TextField {
    /// A field with no placeholder, enabled.
    pub fn new(
        id: &'static str,
        label: impl Into<AttrValue>,
        value: String,
        problem: Option<String>,
    ) -> Self {
        TextField {
            id,
            label: label.into(),
            value,
            problem,
            disabled: false,
            placeholder: String::new(),
        }
    }
}

/// The field; `oninput` receives the text after every keystroke, so a re-render of the page
/// never resets what is being typed.
pub fn text_field(field: TextField, oninput: Callback<String>) -> Html {
    let TextField {
        id,
        label,
        value,
        problem,
        disabled,
        placeholder,
    } = field;
    let oninput = Callback::from(move |e: InputEvent| {
        if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
            oninput.emit(input.value());
        }
    });
    let error_id = format!("{id}-error");
    html! {
        <div class={crate::class_list!("field", problem.is_some().then_some("invalid"), disabled.then_some("unused"))}>
            <label for={id}>{ label }</label>
            <input id={id} type="text" {value} {placeholder} {oninput} {disabled} autocomplete="off"
                   aria-invalid={problem.is_some().to_string()} aria-describedby={error_id.clone()} />
            <span id={error_id} class="field-error" role="alert" data-field-error={id}>
                { problem.unwrap_or_default() }
            </span>
        </div>
    }
}
