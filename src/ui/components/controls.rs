//! The filter settings: m, k, hash family, mode and counter width.

use crate::ui::shared::send;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::filter::HashFamily;
use crate::i18n::{describe, fill, Text};
use crate::state::url::Lockable;
use crate::state::{Action, FieldDrafts, FieldError, Mode, SettingField, Settings};

/// What [`controls`] shows.
pub struct ControlsProps {
    /// Current settings.
    pub settings: Settings,
    /// Rejected m input.
    pub m_error: Option<FieldError>,
    /// Rejected k input.
    pub k_error: Option<FieldError>,
    /// Rejected width input.
    pub width_error: Option<FieldError>,
    /// The fields as being typed.
    pub drafts: FieldDrafts,
    /// Controls the embedding page locked.
    pub locked: Vec<Lockable>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// One number field.
struct NumberField {
    id: &'static str,
    label: &'static str,
    /// The committed value.
    value: String,
    /// The text being typed, if any.
    draft: Option<String>,
    error: Option<FieldError>,
    oninput: Callback<String>,
    onchange: Callback<String>,
    disabled: bool,
}

/// A text field for a whole number that commits on Enter or leaving the field and shows
/// why a value was rejected beside it. What is being typed is kept by the model until it is
/// committed, so that a re-render meanwhile shows it rather than the committed value.
fn number_field(text: &'static Text, field: NumberField) -> Html {
    let shown = field
        .draft
        .or_else(|| field.error.as_ref().map(|e| e.input.clone()))
        .unwrap_or(field.value);
    let oninput = {
        let cb = field.oninput;
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                cb.emit(input.value());
            }
        })
    };
    let onchange = {
        let cb = field.onchange;
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                cb.emit(input.value());
            }
        })
    };
    let error_id = format!("{}-error", field.id);
    html! {
        <div class={crate::class_list!("field", field.error.is_some().then_some("invalid"))}>
            <label for={field.id}>{ field.label }</label>
            <input id={field.id} type="text" inputmode="numeric" value={shown}
                   {oninput} {onchange} disabled={field.disabled} aria-invalid={field.error.is_some().to_string()}
                   aria-describedby={error_id.clone()} autocomplete="off" />
            <span id={error_id} class="field-error" role="alert" data-field-error={field.id}>
                { field.error.as_ref().map(|e| describe::problem(text, &e.problem)).unwrap_or_default() }
            </span>
        </div>
    }
}

/// The filter's settings, a compact row above the bit array.
pub fn controls(text: &'static Text, props: &ControlsProps) -> Html {
    let s = props.settings;
    let commit = |make: fn(String) -> Action| {
        let d = props.ondispatch.clone();
        Callback::from(move |v: String| d.emit(make(v)))
    };
    let typing = |field: SettingField| {
        let d = props.ondispatch.clone();
        Callback::from(move |v: String| d.emit(Action::TypeSetting(field, v)))
    };
    let on_family = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                if let Some(family) = HashFamily::from_key(&select.value()) {
                    d.emit(Action::SetFamily(family));
                }
            }
        })
    };
    let on_mode = |mode: Mode| send::<Event>(&props.ondispatch, Action::SetMode(mode));
    let counting = s.mode() == Mode::Counting;
    let locked = |control: Lockable| props.locked.contains(&control);
    html! {
        <div class="controls" role="group" aria-label={text.settings}>
            <div class="control-row">
                { number_field(text, NumberField { id: "field-m", label: text.bits_m, value: s.m().to_string(),
                      draft: props.drafts.m.clone(), error: props.m_error.clone(), oninput: typing(SettingField::M),
                      onchange: commit(Action::SetM), disabled: locked(Lockable::M) }) }
                { number_field(text, NumberField { id: "field-k", label: text.hashes_k, value: s.k().to_string(),
                      draft: props.drafts.k.clone(), error: props.k_error.clone(), oninput: typing(SettingField::K),
                      onchange: commit(Action::SetK), disabled: locked(Lockable::K) }) }
                <div class="field">
                    <label for="field-hash">{ text.hash_family }</label>
                    <select id="field-hash" onchange={on_family} disabled={locked(Lockable::Hash)}>
                        { for HashFamily::ALL.iter().map(|f| html! {
                            <option value={f.key()} selected={*f == s.family()}>{ f.label() }</option>
                        }) }
                    </select>
                </div>
                <fieldset class="field mode">
                    <legend>{ text.mode }</legend>
                    <label>
                        <input type="radio" name="mode" value="bloom" checked={!counting} disabled={locked(Lockable::Mode)}
                               onchange={on_mode(Mode::Bloom)} />
                        { text.mode_bloom }
                    </label>
                    <label>
                        <input type="radio" name="mode" value="counting" checked={counting} disabled={locked(Lockable::Mode)}
                               onchange={on_mode(Mode::Counting)} />
                        { text.mode_counting }
                    </label>
                </fieldset>
                if counting {
                    { number_field(text, NumberField { id: "field-width", label: text.counter_width,
                          value: s.width().to_string(), draft: props.drafts.width.clone(), error: props.width_error.clone(),
                          oninput: typing(SettingField::Width),
                          onchange: commit(Action::SetWidth), disabled: locked(Lockable::Width) }) }
                    <p class="memory-cost">
                        { fill(text.memory_cost, &[&(s.m() * s.width() as u64), &s.m()]) }
                    </p>
                }
            </div>
        </div>
    }
}
