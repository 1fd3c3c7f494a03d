//! Notices about ignored URL parameters, and the message about the last action.

use crate::state::FilterAction;
use crate::state::PageAction;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::i18n::sentences;
use crate::i18n::{describe, Text};
use crate::state::url::Notice;
use crate::state::{Action, Message};

/// Props of [`Notices`].
pub struct NoticesProps {
    /// The notices.
    pub notices: Vec<Notice>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The list of URL notices.
pub fn notices(text: &'static Text, props: &NoticesProps) -> Html {
    if props.notices.is_empty() {
        return html! {};
    }
    html! {
        <section class="notices" role="status">
            { for props.notices.iter().enumerate().map(|(i, notice)| {
                let dismiss = send::<MouseEvent>(&props.ondispatch, Action::Page(PageAction::DismissNotice(i)));
                html! {
                    <p class="notice" data-notice-param={notice.param.clone()}>
                        { describe::notice(text, notice) }
                        <button class="small" onclick={dismiss}>
                            { text.notice_dismiss }
                        </button>
                    </p>
                }
            }) }
        </section>
    }
}

/// Props of [`MessageBar`].
pub struct MessageBarProps {
    /// The message.
    pub message: Message,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The message area.
pub fn message_bar(text: &'static Text, props: &MessageBarProps) -> Html {
    let kind = match &props.message {
        Message::RemoveRefusedAbsent { .. }
        | Message::RemoveRefusedFalsePositive { .. }
        | Message::PlainCannotRemove { .. }
        | Message::EmptyItem
        | Message::ItemRefused(_)
        | Message::ItemsLocked => "warning",
        Message::FalseNegativesCreated { .. } => "danger",
        _ => "info",
    };
    let remove_anyway = match &props.message {
        Message::RemoveRefusedFalsePositive { item } => Some(item.clone()),
        _ => None,
    };
    html! {
        <div class={crate::class_list!("message", kind)} data-message={kind}>
            <span>{ sentences::message(text, &props.message) }</span>
            if let Some(item) = remove_anyway {
                <button id="remove-anyway-button" class="small danger"
                        onclick={send::<MouseEvent>(
                            &props.ondispatch,
                            Action::Filter(FilterAction::ForceRemove(item)),
                        )}>
                    { text.remove_anyway }
                </button>
            }
        </div>
    }
}
