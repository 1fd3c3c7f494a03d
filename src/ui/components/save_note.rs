//! The note about keeping the state across reloads: restored, not saved, or too long for
//! a link.

use crate::state::FilterAction;
use crate::state::PageAction;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::state::numbers::grouped;
use crate::state::{Action, Persistence};
use crate::ui::browser;

/// Props of [`SaveNote`].
pub struct SaveNoteProps {
    /// What the page knows.
    pub persistence: Persistence,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The note, or nothing when there is nothing to say.
pub fn save_note(text: &'static Text, props: &SaveNoteProps) -> Html {
    let p = &props.persistence;
    let kept = p.kept_items.map(grouped);
    if p.dismissed
        || !(p.restored || p.save_error.is_some() || p.too_long_for_link || kept.is_some())
    {
        return html! {};
    }
    let act = |action: Action| send::<MouseEvent>(&props.ondispatch, action);
    // Without a saved copy or a link, the work is kept nowhere else.
    let failed = if p.too_long_for_link {
        text.storage_failed_unlinked
    } else {
        text.storage_failed
    };
    // The kept session becomes the saved one, and a bare visit opens it.
    let restore_kept = Callback::from(|_: MouseEvent| browser::restore_kept_state());
    html! {
        <section class="notices save-note" role="status">
            if let Some(error) = &p.save_error {
                <p class="notice" data-save="failed">{ fill(failed, &[error]) }</p>
            } else if p.too_long_for_link {
                <p class="notice" data-save="too-long">{ text.link_too_long }</p>
            }
            if let Some(kept) = kept {
                <p class="notice" data-save="kept"
                   data-kept-items={p.kept_items.map(|n| n.to_string())}>
                    { fill(text.storage_kept, &[&kept]) }{ " " }
                    <button id="restore-kept" class="small" onclick={restore_kept}>
                        { text.storage_restore_kept }
                    </button>
                </p>
            }
            if p.restored {
                <p class="notice" data-save="restored">
                    { text.storage_restored }
                    <button id="start-fresh" class="small"
                            onclick={act(Action::Filter(FilterAction::StartFresh))}>{ text.storage_fresh }</button>
                </p>
            }
            <button class="small" id="save-note-dismiss"
                    onclick={act(Action::Page(PageAction::DismissSaveNote))}>{ text.notice_dismiss }</button>
        </section>
    }
}
