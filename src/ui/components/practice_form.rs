//! The practice panel's form: the question, what the student enters (cells marked on the bit
//! array, an answer, ticks, numbers), Check, "Show me" and Next.
//!
//! What is typed and ticked is kept by the form as a draft and sent only at Check, so the
//! page's state (and the rest of the page) does not change while the student works. The
//! panel gives the form a new key whenever the exercise moves on (another exercise, another
//! attempt, a verdict), and a new form starts from the entry as last checked.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::i18n::{fill, shown_item, Text};
use crate::state::practice::{NumberField, Practice, PracticeAction, Response, Task};
use crate::state::quiz::QuizAnswer;
use crate::state::{Action, Members};
use crate::ui::components::practice_focus::{focus_after, on_click};
use crate::ui::components::practice_words::{answer_label, number_list};

/// A checkbox of the entry: its id, its label, and the (bit, item) pair (culprits) or the
/// item (items lost) it stands for.
#[derive(Clone, PartialEq)]
pub struct Tick {
    id: String,
    label: String,
    bit: u64,
    item: String,
}

/// A number field of the entry: which, its label, and the message beside it when the last
/// Check could not read it.
#[derive(Clone, PartialEq)]
pub struct Field {
    field: NumberField,
    label: String,
    unreadable: Option<&'static str>,
}

/// What the student enters for a task.
#[derive(Clone, PartialEq)]
pub enum Entry {
    /// Place: cells are marked on the bit array; the sentence lists them.
    Marked(String),
    /// Predict: one button per answer.
    Answers,
    /// Culprits: for each bit, its legend and one tick per item.
    Culprits(Vec<(u64, String, Vec<Tick>)>),
    /// Read: one number.
    Number(Field),
    /// Size (m and k) and counters: several numbers side by side.
    Numbers(Vec<Field>),
    /// Items lost: the legend and one tick per item.
    Items(String, Vec<Tick>),
}

/// The id of a number field's input: `practice-number`, `practice-m`, `practice-k`,
/// `practice-counter-I`.
fn field_id(field: NumberField) -> String {
    match field {
        NumberField::Answer => "practice-number".to_owned(),
        NumberField::M => "practice-m".to_owned(),
        NumberField::K => "practice-k".to_owned(),
        NumberField::Counter(i) => format!("practice-counter-{i}"),
    }
}

/// The checkboxes of the task: culprits tick a (bit, item) pair (`culprit-BIT-I`), the
/// lost-items question an item other than the one deleted (`lost-I`), I the item's place.
fn ticks(task: &Task, members: &Members) -> Vec<Tick> {
    let mut ticks = Vec::new();
    for (i, member) in members.list().iter().enumerate() {
        let item = member.item.clone();
        let label = shown_item(&item);
        match task {
            Task::Culprits { setters, .. } => {
                for (bit, _) in setters {
                    let (id, label) = (format!("culprit-{bit}-{i}"), label.clone());
                    let item = item.clone();
                    ticks.push(Tick {
                        id,
                        label,
                        bit: *bit,
                        item,
                    });
                }
            }
            Task::Lost { item: deleted, .. } if member.item != *deleted => {
                let id = format!("lost-{i}");
                ticks.push(Tick {
                    id,
                    label,
                    bit: 0,
                    item,
                })
            }
            _ => {}
        }
    }
    ticks
}

/// What the student enters for `task`, with the fields the last Check could not read.
pub fn entry(text: &'static Text, practice: &Practice, task: &Task, members: &Members) -> Entry {
    let field = |field: NumberField, label: String| Field {
        field,
        label,
        unreadable: practice
            .unreadable
            .contains(&field)
            .then_some(text.practice_unreadable),
    };
    match task {
        Task::Place { .. } => {
            let marked = number_list(text, &practice.response.cells);
            Entry::Marked(fill(text.practice_marked, &[&marked]))
        }
        Task::Predict { .. } => Entry::Answers,
        Task::Culprits { setters, .. } => {
            let all = ticks(task, members);
            let groups = setters.iter().map(|(bit, _)| {
                let mine = all.iter().filter(|t| t.bit == *bit).cloned().collect();
                (*bit, fill(text.practice_bit, &[bit]), mine)
            });
            Entry::Culprits(groups.collect())
        }
        Task::Read { .. } => Entry::Number(field(
            NumberField::Answer,
            text.practice_answer_label.to_owned(),
        )),
        Task::Size { .. } => Entry::Numbers(vec![
            field(NumberField::M, text.bits_m.to_owned()),
            field(NumberField::K, text.hashes_k.to_owned()),
        ]),
        Task::Counters { after, .. } => Entry::Numbers(
            after
                .iter()
                .enumerate()
                .map(|(i, (counter, _))| {
                    field(
                        NumberField::Counter(i),
                        fill(text.practice_counter, &[counter]),
                    )
                })
                .collect(),
        ),
        Task::Lost { .. } => {
            let legend = text.practice_answer_label.to_owned();
            Entry::Items(legend, ticks(task, members))
        }
    }
}

/// The text typed into `field` in `response`.
fn typed(response: &Response, field: NumberField) -> &str {
    match field {
        NumberField::Answer => &response.number,
        NumberField::M => &response.m,
        NumberField::K => &response.k,
        NumberField::Counter(i) => response.counters.get(i).map_or("", String::as_str),
    }
}

/// `response` with `value` typed into `field`.
fn with_typed(mut response: Response, field: NumberField, value: String) -> Response {
    match field {
        NumberField::Answer => response.number = value,
        NumberField::M => response.m = value,
        NumberField::K => response.k = value,
        NumberField::Counter(i) => {
            if response.counters.len() <= i {
                response.counters.resize(i + 1, String::new());
            }
            response.counters[i] = value;
        }
    }
    response
}

/// Whether `tick` is ticked in `response`.
fn ticked(response: &Response, tick: &Tick, culprits: bool) -> bool {
    if culprits {
        response.culprits.contains(&(tick.bit, tick.item.clone()))
    } else {
        response.items.contains(&tick.item)
    }
}

/// `response` with `tick` ticked or not.
fn with_ticked(mut response: Response, tick: &Tick, culprits: bool, on: bool) -> Response {
    if culprits {
        response
            .culprits
            .retain(|(b, i)| (*b, i) != (tick.bit, &tick.item));
        if on {
            response.culprits.push((tick.bit, tick.item.clone()));
        }
    } else {
        response.items.retain(|i| *i != tick.item);
        if on {
            response.items.push(tick.item.clone());
        }
    }
    response
}

/// What Check sends: the numbers of the entry's fields and its ticks in the entry's order,
/// taken from the draft (fields the entry does not have stay empty).
fn checked(entry: &Entry, draft: &Response) -> Response {
    let mut response = Response::default();
    let mut fields: Vec<&Field> = Vec::new();
    let mut ticks: Vec<&Tick> = Vec::new();
    match entry {
        Entry::Marked(_) | Entry::Answers => {}
        Entry::Culprits(groups) => groups.iter().for_each(|(_, _, t)| ticks.extend(t)),
        Entry::Number(field) => fields.push(field),
        Entry::Numbers(all) => fields.extend(all),
        Entry::Items(_, all) => ticks.extend(all),
    }
    for field in fields {
        response = with_typed(response, field.field, typed(draft, field.field).to_owned());
    }
    let culprits = matches!(entry, Entry::Culprits(_));
    for tick in ticks.into_iter().filter(|t| ticked(draft, t, culprits)) {
        response = with_ticked(response, tick, culprits, true);
    }
    response
}

/// What [`PracticeForm`] shows.
#[derive(Properties, PartialEq)]
pub struct PracticeFormProps {
    /// The question.
    pub question: String,
    /// What the student enters.
    pub entry: Entry,
    /// The entry as last checked (the draft starts from it).
    pub response: Response,
    /// The exercise is open: the entry can be changed and checked.
    pub answering: bool,
    /// The exercise is the set's last.
    pub last: bool,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// A number field, its label and value, with the message `ID-unreadable` beside it (and
/// the field marked invalid) when the last Check could not read it.
fn number_field(field: &Field, draft: &UseStateHandle<Response>, closed: bool) -> Html {
    let id = field_id(field.field);
    let error = field.unreadable.map(|_| format!("{id}-unreadable"));
    let oninput = {
        let (draft, which) = (draft.clone(), field.field);
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            draft.set(with_typed((*draft).clone(), which, input.value()));
        })
    };
    html! {
        <span class="practice-field">
            <label class="practice-number" for={id.clone()}>{ field.label.clone() }{ " " }
                <input id={id} type="text" inputmode="decimal" size="10" autocomplete="off"
                       value={typed(draft, field.field).to_owned()} disabled={closed} {oninput}
                       aria-invalid={error.as_ref().map(|_| "true")}
                       aria-describedby={error.clone()} />
            </label>
            if let (Some(error), Some(message)) = (error, field.unreadable) {
                <span class="field-error" role="alert" id={error}>{ message }</span>
            }
        </span>
    }
}

/// A checkbox and its label.
fn tick(tick: &Tick, draft: &UseStateHandle<Response>, culprits: bool, closed: bool) -> Html {
    let onchange = {
        let (draft, tick) = (draft.clone(), tick.clone());
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            draft.set(with_ticked(
                (*draft).clone(),
                &tick,
                culprits,
                input.checked(),
            ));
        })
    };
    html! {
        <label class="practice-tick" for={tick.id.clone()}>
            <input type="checkbox" id={tick.id.clone()} checked={ticked(draft, tick, culprits)}
                   disabled={closed} {onchange} />
            { tick.label.clone() }
        </label>
    }
}

/// The entry's controls.
fn entry_html(
    props: &PracticeFormProps,
    text: &'static Text,
    draft: &UseStateHandle<Response>,
) -> Html {
    let closed = !props.answering;
    match &props.entry {
        Entry::Marked(sentence) => {
            html! { <p class="practice-marked" id="practice-marked">{ sentence.clone() }</p> }
        }
        Entry::Answers => html! {
            <div class="toolbar quiz-answers">
                { for QuizAnswer::ALL.into_iter().map(|answer| {
                    let chosen = props.response.answer == Some(answer);
                    let onclick = on_click(
                        &props.ondispatch, PracticeAction::Answer(answer), &["practice-next"]);
                    html! {
                        <button type="button" data-quiz-answer={answer.key()}
                                data-practice-action="answer"
                                aria-pressed={if chosen { "true" } else { "false" }}
                                disabled={closed} {onclick}>
                            { answer_label(text, answer) }
                        </button>
                    }
                }) }
            </div>
        },
        Entry::Culprits(groups) => html! {
            <div class="practice-bits">
                { for groups.iter().map(|(bit, legend, ticks)| html! {
                    <fieldset data-culprit-bit={bit.to_string()}>
                        <legend>{ legend.clone() }</legend>
                        { for ticks.iter().map(|t| tick(t, draft, true, closed)) }
                    </fieldset>
                }) }
            </div>
        },
        Entry::Number(field) => number_field(field, draft, closed),
        Entry::Numbers(fields) => html! {
            <div class="practice-fields">
                { for fields.iter().map(|field| number_field(field, draft, closed)) }
            </div>
        },
        Entry::Items(legend, ticks) => html! {
            <fieldset class="practice-items">
                <legend>{ legend.clone() }</legend>
                { for ticks.iter().map(|t| tick(t, draft, false, closed)) }
            </fieldset>
        },
    }
}

/// The form: the question, the entry and its buttons.
#[component]
pub fn PracticeForm(props: &PracticeFormProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let draft = use_state(|| props.response.clone());
    let onsubmit = {
        let (dispatch, entry, draft) =
            (props.ondispatch.clone(), props.entry.clone(), draft.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let response = checked(&entry, &draft);
            dispatch.emit(Action::Practice(PracticeAction::Submit(response)));
            focus_after(&["practice-next", "practice-submit"]);
        })
    };
    let d = &props.ondispatch;
    let buttons = if props.answering {
        html! {
            <>
                if !matches!(props.entry, Entry::Answers) {
                    <button type="submit" id="practice-submit" class="primary">
                        { text.practice_submit }
                    </button>
                }
                <button type="button" id="practice-show" data-practice-action="show"
                        onclick={on_click(d, PracticeAction::Show, &["practice-next"])}>
                    { text.practice_show }
                </button>
            </>
        }
    } else {
        let label = if props.last {
            text.practice_summary_button
        } else {
            text.practice_next
        };
        html! {
            <button type="button" id="practice-next" class="primary" data-practice-action="next"
                    onclick={on_click(d, PracticeAction::Next, &["practice-question"])}>
                { label }
            </button>
        }
    };
    html! {
        <form class="practice-form" id="practice-form" {onsubmit}>
            <p class="practice-question" id="practice-question" tabindex="-1">
                { props.question.clone() }
            </p>
            { entry_html(props, text, &draft) }
            <div class="toolbar">{ buttons }</div>
        </form>
    }
}
