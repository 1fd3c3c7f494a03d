//! The filter settings: m and k in a compact row, with the hash family, the layout and the
//! mode (with the counter width) in a "More" area beside them, together with the tools a
//! first visit does not need. A setting that differs from its default stands in the row,
//! so that a link or a lesson that sets it shows it; in a lesson and in an embedded page
//! every setting stands in the row.

use crate::state::FilterAction;
use crate::state::VisualizerAction;
use crate::ui::shared::{on_details_toggle, send};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::filter::{HashFamily, Layout};
use crate::i18n::{describe, fill, Text};
use crate::state::model::FieldErrors;
use crate::state::url::Lockable;
use crate::state::{Action, FieldDrafts, FieldError, Mode, SettingField, Settings};

/// What [`controls`] shows.
pub struct ControlsProps {
    /// Current settings.
    pub settings: Settings,
    /// Rejected inputs, one per field.
    pub errors: FieldErrors,
    /// The fields as being typed.
    pub drafts: FieldDrafts,
    /// Controls the embedding page locked.
    pub locked: Vec<Lockable>,
    /// Every setting in the row, no "More" area (a lesson, an embedded page).
    pub all_in_row: bool,
    /// The "More" area is open.
    pub more_open: bool,
    /// The tools shown in the "More" area.
    pub more_tools: Html,
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
        Callback::from(move |v: String| d.emit(Action::Filter(FilterAction::TypeSetting(field, v))))
    };
    let on_family = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                if let Some(family) = HashFamily::from_key(&select.value()) {
                    d.emit(Action::Filter(FilterAction::SetFamily(family)));
                }
            }
        })
    };
    let on_layout = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                if let Some(layout) = Layout::from_key(&select.value()) {
                    d.emit(Action::Filter(FilterAction::SetLayout(layout)));
                }
            }
        })
    };
    let choice_error = |id: &str, error: &Option<FieldError>| {
        html! {
            <span id={format!("{id}-error")} class="field-error" role="alert" data-field-error={id.to_owned()}>
                { error.as_ref().map(|e| describe::problem(text, &e.problem)).unwrap_or_default() }
            </span>
        }
    };
    let errors = &props.errors;
    // A family or layout the other settings do not allow is offered disabled, with its
    // limit in the name, so the list never shows a choice the filter did not take.
    let family_allowed = |f: HashFamily| {
        f.max_hashes()
            .is_none_or(|max| s.k() <= max && s.layout() != Layout::Blocked)
    };
    // Parquet's layout hashes with xxHash64 and nothing else: the control says so.
    let split_block = s.layout() == Layout::SplitBlock;
    let on_mode = |mode: Mode| {
        send::<Event>(
            &props.ondispatch,
            Action::Filter(FilterAction::SetMode(mode)),
        )
    };
    let counting = s.mode() == Mode::Counting;
    let locked = |control: Lockable| props.locked.contains(&control);
    let family = html! {
        <div class="field">
            <label for="field-hash">{ text.hash_family }</label>
            <select id="field-hash" onchange={on_family} disabled={locked(Lockable::Hash) || split_block}>
                if split_block {
                    <option value="xxhash64" selected=true>{ "xxHash64" }</option>
                } else {
                    { for HashFamily::ALL.iter().map(|&f| html! {
                        <option value={f.key()} selected={f == s.family()} disabled={!family_allowed(f)}>
                            { if f == HashFamily::Seed000 { text.seed_family_limit } else { f.label() } }
                        </option>
                    }) }
                }
            </select>
            { choice_error("field-hash", &errors.family) }
        </div>
    };
    let layout = html! {
        <div class="field">
            <label for="field-layout">{ text.layout_label }</label>
            <select id="field-layout" onchange={on_layout} disabled={locked(Lockable::Layout)}>
                <option value="standard" selected={s.layout() == Layout::Standard}>{ text.layout_standard }</option>
                <option value="partitioned" selected={s.layout() == Layout::Partitioned}
                        disabled={s.m() < u64::from(s.k())}>{ text.layout_partitioned }</option>
                <option value="blocked" selected={s.layout() == Layout::Blocked}>{ text.layout_blocked }</option>
                <option value="split-block" selected={split_block}>{ text.layout_split_block }</option>
            </select>
            { choice_error("field-layout", &errors.layout) }
        </div>
    };
    let mode = html! {
        <>
            <fieldset class="field mode">
                <legend>{ text.mode }</legend>
                <label>
                    <input type="radio" name="mode" value="bloom" checked={!counting}
                           disabled={locked(Lockable::Mode)}
                           onchange={on_mode(Mode::Bloom)} />
                    { text.mode_bloom }
                </label>
                <label>
                    <input type="radio" name="mode" value="counting" checked={counting}
                           disabled={locked(Lockable::Mode)}
                           onchange={on_mode(Mode::Counting)} />
                    { text.mode_counting }
                </label>
            </fieldset>
            if counting {
                { number_field(text, NumberField { id: "field-width", label: text.counter_width,
                      value: s.width().to_string(), draft: props.drafts.width.clone(), error: errors.width.clone(),
                      oninput: typing(SettingField::Width),
                      onchange: commit(|v| Action::Filter(FilterAction::SetWidth(v))),
                      disabled: locked(Lockable::Width) }) }
                <p class="memory-cost">
                    { fill(text.memory_cost, &[&(s.m() * s.width() as u64), &s.m()]) }
                </p>
            }
        </>
    };
    let defaults = Settings::default();
    let in_row = |differs: bool| props.all_in_row || differs;
    let mut row = Vec::new();
    let mut more = Vec::new();
    for (field, differs) in [
        (family, s.family() != defaults.family()),
        (layout, s.layout() != defaults.layout()),
        (mode, counting),
    ] {
        if in_row(differs) {
            row.push(field);
        } else {
            more.push(field);
        }
    }
    let on_toggle = on_details_toggle(&props.ondispatch, props.more_open, |now| {
        Action::Visualizer(VisualizerAction::ShowMore(now))
    });
    html! {
        <div class="controls" role="group" aria-label={text.settings}>
            <div class="control-row">
                { number_field(text, NumberField { id: "field-m", label: text.bits_m, value: s.m().to_string(),
                      draft: props.drafts.m.clone(), error: errors.m.clone(), oninput: typing(SettingField::M),
                      onchange: commit(|v| Action::Filter(FilterAction::SetM(v))), disabled: locked(Lockable::M) }) }
                { number_field(text, NumberField { id: "field-k", label: text.hashes_k, value: s.k().to_string(),
                      draft: props.drafts.k.clone(), error: errors.k.clone(), oninput: typing(SettingField::K),
                      onchange: commit(|v| Action::Filter(FilterAction::SetK(v))), disabled: locked(Lockable::K) }) }
                { for row }
                if !props.all_in_row {
                    <details class="more" id="more" open={props.more_open} ontoggle={on_toggle}>
                        <summary>{ text.more_tools }</summary>
                        <div class="more-body">
                            { for more }
                            <div class="toolbar more-tools">{ props.more_tools.clone() }</div>
                        </div>
                    </details>
                }
            </div>
        </div>
    }
}
