//! The list of keyboard shortcuts, opened with `?`. Modal: its focus is managed by
//! [`crate::ui::hooks::use_dialog_focus`].

use crate::markup;
use crate::state::PageAction;
use crate::ui::browser;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::i18n::labels::view_tab;
use crate::i18n::{fill, Text};
use crate::state::Action;
use crate::state::View;
use crate::ui::raw::{IntoHtml, Markup};

/// The id of the dialog's one control, which keeps the focus while it is open.
pub const HELP_CLOSE_ID: &str = "help-close";

/// The overlay.
pub fn help_overlay(text: &'static Text, dispatch: &Callback<Action>) -> Html {
    let rows: [(&str, &str); 10] = [
        ("Enter", text.key_add),
        ("Shift+Enter", text.key_query),
        ("/", text.key_focus),
        ("→ ←", text.key_walk),
        ("→ ← PgDn PgUp", text.key_lesson),
        ("Esc", text.key_escape),
        ("Ctrl+Z, Ctrl+Y", text.key_undo),
        ("↑ ↓ ← → Home End", text.key_grid),
        ("p", text.key_present),
        ("?", text.key_help),
    ];
    let mut table = Markup::default();
    markup!(table, "<table><tbody>");
    for (key, what) in rows {
        markup!(
            table,
            "<tr><th scope=\"row\"><kbd>{key}</kbd></th><td>{what}</td></tr>",
            key,
            what
        );
    }
    // One line per view, under its key.
    for view in View::ALL {
        if let Some(key) = view.shortcut() {
            markup!(
                table,
                concat!(
                    "<tr data-view-key=\"{key}\"><th scope=\"row\"><kbd>{to_string}",
                    "</kbd></th><td>{key_view}</td></tr>"
                ),
                key = view.key(),
                to_string = key.to_string(),
                key_view = fill(text.key_view, &[&view_tab(text, *view)])
            );
        }
    }
    markup!(table, "</tbody></table>");
    let close = send::<MouseEvent>(dispatch, Action::Page(PageAction::ToggleHelp));
    // The dialog is modal: Tab and Shift+Tab stay on its one control, Close.
    let keep_focus = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Tab" {
            e.prevent_default();
            browser::focus(HELP_CLOSE_ID);
        }
    });
    html! {
        <div class="help-overlay" role="dialog" aria-modal="true" aria-labelledby="help-title" id="help"
             onkeydown={keep_focus}>
            <div class="help-box">
                <h2 id="help-title">{ text.help_title }</h2>
                { table.html() }
                <button id={HELP_CLOSE_ID} onclick={close}>{ text.help_close }</button>
            </div>
        </div>
    }
}
