//! The list of keyboard shortcuts, opened with `?`.

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::Action;

/// Props of [`HelpOverlay`].
#[derive(Properties, PartialEq)]
pub struct HelpOverlayProps {
    /// Sends actions (closing).
    pub ondispatch: Callback<Action>,
}

/// The overlay.
#[component]
pub fn HelpOverlay(props: &HelpOverlayProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let close_ref = use_node_ref();
    {
        let close_ref = close_ref.clone();
        use_effect_with((), move |_| {
            // Focus moves into the dialog, and back to where it was when the dialog closes.
            let before = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok());
            if let Some(button) = close_ref.cast::<web_sys::HtmlElement>() {
                let _ = button.focus();
            }
            move || {
                if let Some(element) = before.filter(|el| el.is_connected()) {
                    let _ = element.focus();
                }
            }
        });
    }
    let rows: [(&str, &str); 11] = [
        ("Enter", text.key_add),
        ("Shift+Enter", text.key_query),
        ("/", text.key_focus),
        ("→ ←", text.key_walk),
        ("→ ← PgDn PgUp", text.key_lesson),
        ("Esc", text.key_escape),
        ("Ctrl+Z, Ctrl+Y", text.key_undo),
        ("↑ ↓ ← → Home End", text.key_grid),
        ("1 2 3 4 5", text.key_views),
        ("p", text.key_present),
        ("?", text.key_help),
    ];
    let close = {
        let d = props.ondispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(Action::ToggleHelp))
    };
    // The dialog is modal: Tab and Shift+Tab stay on its one control, Close.
    let keep_focus = {
        let close_ref = close_ref.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Tab" {
                e.prevent_default();
                if let Some(button) = close_ref.cast::<web_sys::HtmlElement>() {
                    let _ = button.focus();
                }
            }
        })
    };
    html! {
        <div class="help-overlay" role="dialog" aria-modal="true" aria-labelledby="help-title" id="help"
             onkeydown={keep_focus}>
            <div class="help-box">
                <h2 id="help-title">{ text.help_title }</h2>
                <table>
                    <tbody>
                        { for rows.iter().map(|(key, what)| html! {
                            <tr><th scope="row"><kbd>{ *key }</kbd></th><td>{ *what }</td></tr>
                        }) }
                    </tbody>
                </table>
                <button ref={close_ref} id="help-close" onclick={close}>{ text.help_close }</button>
            </div>
        </div>
    }
}
