//! Notices about ignored URL parameters, and the message about the last action.

use yew::prelude::*;

use crate::i18n::{describe, fill, number_list, quoted_list, shown_item, Text};
use crate::state::url::Notice;
use crate::state::{Action, Message};

/// Props of [`Notices`].
#[derive(Properties, PartialEq)]
pub struct NoticesProps {
    /// The notices.
    pub notices: Vec<Notice>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The list of URL notices.
#[component]
pub fn Notices(props: &NoticesProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    if props.notices.is_empty() {
        return html! {};
    }
    html! {
        <section class="notices" role="status">
            { for props.notices.iter().enumerate().map(|(i, notice)| {
                let d = props.ondispatch.clone();
                html! {
                    <p class="notice" data-notice-param={notice.param.clone()}>
                        { describe::notice(text, notice) }
                        <button class="small" onclick={Callback::from(move |_| d.emit(Action::DismissNotice(i)))}>
                            { text.notice_dismiss }
                        </button>
                    </p>
                }
            }) }
        </section>
    }
}

/// Props of [`MessageBar`].
#[derive(Properties, PartialEq)]
pub struct MessageBarProps {
    /// The message.
    pub message: Message,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The wording of a message.
pub fn message_text(text: &Text, message: &Message) -> String {
    let list = |items: &[String]| quoted_list(text, items);
    match message {
        Message::EmptyItem => text.msg_empty_item.to_owned(),
        Message::ItemsLocked => text.msg_items_locked.to_owned(),
        Message::DemoLoaded => text.msg_demo_loaded.to_owned(),
        Message::LessonReplaced => text.msg_lesson_replaced.to_owned(),
        Message::Added { item, newly_set } => fill(text.msg_added, &[&shown_item(item), newly_set]),
        Message::AddedMany { count } => fill(text.msg_added_many, &[count]),
        Message::BulkStopped { done, total } => fill(text.bulk_stopped, &[done, total]),
        Message::RemoveRefusedAbsent {
            item,
            zero_positions,
        } => fill(
            match zero_positions.len() {
                1 => text.msg_refused_absent,
                _ => text.msg_refused_absent_many,
            },
            &[&shown_item(item), &number_list(text, zero_positions)],
        ),
        Message::RemoveRefusedFalsePositive { item } => {
            fill(text.msg_refused_false_positive, &[&shown_item(item)])
        }
        Message::PlainCannotRemove { item } => {
            fill(text.msg_plain_cannot_remove, &[&shown_item(item)])
        }
        Message::Removed { item, changes } => {
            let steps = changes
                .iter()
                .map(|c| {
                    if c.saturated {
                        fill(text.msg_counter_stuck, &[&c.position, &c.before])
                    } else {
                        fill(text.msg_counter_step, &[&c.position, &c.before, &c.after])
                    }
                })
                .collect::<Vec<_>>()
                .join(text.clause_separator);
            let stuck = changes
                .iter()
                .find(|c| c.saturated)
                .map(|c| {
                    format!(
                        " {}",
                        fill(text.msg_saturated_kept, &[&c.position, &c.before])
                    )
                })
                .unwrap_or_default();
            fill(text.msg_removed, &[&shown_item(item), &steps]) + &stuck
        }
        Message::FalseNegativesCreated { item, victims } if victims.is_empty() => {
            fill(text.msg_no_false_negatives, &[&shown_item(item)])
        }
        Message::FalseNegativesCreated { item, victims } => fill(
            match victims.len() {
                1 => text.msg_false_negative_one,
                _ => text.msg_false_negatives,
            },
            &[&shown_item(item), &list(victims)],
        ),
        Message::NothingToUndo => text.msg_nothing_to_undo.to_owned(),
        Message::NothingToRedo => text.msg_nothing_to_redo.to_owned(),
    }
}

/// The message area.
#[component]
pub fn MessageBar(props: &MessageBarProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let kind = match &props.message {
        Message::RemoveRefusedAbsent { .. }
        | Message::RemoveRefusedFalsePositive { .. }
        | Message::PlainCannotRemove { .. }
        | Message::EmptyItem
        | Message::ItemsLocked => "warning",
        Message::FalseNegativesCreated { .. } => "danger",
        _ => "info",
    };
    let remove_anyway = match &props.message {
        Message::RemoveRefusedFalsePositive { item } => Some(item.clone()),
        _ => None,
    };
    let d = props.ondispatch.clone();
    html! {
        <div class={classes!("message", kind)} data-message={kind}>
            <span>{ message_text(text, &props.message) }</span>
            if let Some(item) = remove_anyway {
                <button id="remove-anyway-button" class="small danger"
                        onclick={Callback::from(move |_| d.emit(Action::ForceRemove(item.clone())))}>
                    { text.remove_anyway }
                </button>
            }
        </div>
    }
}
