//! The Embed dialog, a WebAssembly module of its own (`src/bin/embed_dialog.rs`) that the
//! page loads when its Embed button is first pressed: the `<bloom-lab>` widget of the
//! current view, the plain `<iframe>`, and the script that reads results, each with its
//! Copy button ([`crate::state::embed_code`] writes them). Modal, over the page (the
//! header does not move): its first Copy button takes the focus when it is drawn, Tab stays
//! inside, and Escape or Close closes it (the page then gives the focus back).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;
use yew::prelude::*;

use crate::i18n::view_texts::{ViewTexts, EMBED};
use crate::protocol::embed_dialog::{EmbedInput, EmbedOutput, FIRST_CONTROL};
use crate::state::embed_code::{EmbedCode, EmbedPart};
use crate::ui::browser;
use crate::ui::view_module::{self, MountedApp, PageAnswer};

/// The dialog's controls in Tab order; Tab from the last goes to the first, and back.
const CONTROLS: [&str; 7] = [
    "embed-snippet",
    FIRST_CONTROL,
    "embed-iframe",
    "embed-copy-iframe",
    "embed-listener",
    "embed-copy-listener",
    "embed-close",
];

/// The Yew number of this module's first app, past the page's and the other modules' (see
/// [`view_module::mount_or_update`]).
const FIRST_OWN_APP: u32 = 48;

thread_local! {
    static MOUNTED: MountedApp<EmbedApp> = const { RefCell::new(None) };
}

/// Draws the dialog into `root` from the page's message (bytes of an [`EmbedInput`]); its
/// messages go to `answer`. A message that does not decode changes nothing.
pub fn show(root: Element, message: &[u8], answer: js_sys::Function) {
    let Ok(input) = EmbedInput::decode(message) else {
        return;
    };
    let props = AppProps {
        input: Rc::new(input),
        answer: PageAnswer(answer),
    };
    MOUNTED.with(|mounted| view_module::mount_or_update(mounted, root, props, FIRST_OWN_APP));
}

/// Props of [`EmbedApp`].
#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// What the page sent.
    pub input: Rc<EmbedInput>,
    /// Where the dialog's messages go.
    pub answer: PageAnswer,
}

/// Copies one snippet; once it is on the clipboard the dialog says so beside it
/// (`copied`). Where the browser refuses, the snippet's text is selected for Ctrl+C.
fn copy(
    snippet: String,
    part: EmbedPart,
    field: &'static str,
    copied: &UseStateHandle<Option<EmbedPart>>,
) -> Callback<MouseEvent> {
    let copied = copied.clone();
    Callback::from(move |_: MouseEvent| {
        let Some(window) = web_sys::window() else {
            return;
        };
        let promise = window.navigator().clipboard().write_text(&snippet);
        let copied = copied.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if JsFuture::from(promise).await.is_ok() {
                copied.set(Some(part));
            } else if let Some(area) = browser::focus(field)
                .and_then(|el| el.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                area.select();
            }
        });
    })
}

/// The id of the element that has the focus.
fn focused_id() -> Option<String> {
    let document = web_sys::window()?.document()?;
    Some(document.active_element()?.id())
}

/// One snippet: what it is for, its text, its Copy button and, once copied, a note.
fn snippet(
    t: &ViewTexts,
    code: &EmbedCode,
    (part, field, button): (EmbedPart, &'static str, &'static str),
    (about, copy_name): (&'static str, &'static str),
    copied: &UseStateHandle<Option<EmbedPart>>,
) -> Html {
    let value = code.text(part).to_owned();
    // A row per 80 characters of each line, as the dialog's width wraps them.
    let wrapped: usize = value
        .lines()
        .map(|line| line.chars().count().div_ceil(80).max(1))
        .sum();
    let rows = wrapped.clamp(2, 9).to_string();
    let note = if **copied == Some(part) {
        t.get("embed_copied")
    } else {
        ""
    };
    html! {
        <div class="embed-part" data-embed-part={field}>
            <label for={field}>{ t.get(about) }</label>
            <textarea id={field} readonly=true rows={rows} spellcheck="false" value={value.clone()} />
            <div class="embed-copy">
                <button type="button" id={button} aria-label={t.get(copy_name).to_owned()}
                        onclick={copy(value, part, field, copied)}>{ t.get("embed_copy_button") }</button>
                <span role="status">{ note }</span>
            </div>
        </div>
    }
}

/// Escape closes the dialog; Tab and Shift+Tab go round its controls.
fn keys(answer: PageAnswer) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
        "Escape" => {
            e.prevent_default();
            e.stop_propagation();
            answer.send(&EmbedOutput::Closed {}.encode());
        }
        "Tab" => {
            let at = focused_id();
            let (edge, other) = if e.shift_key() {
                (CONTROLS[0], CONTROLS[CONTROLS.len() - 1])
            } else {
                (CONTROLS[CONTROLS.len() - 1], CONTROLS[0])
            };
            if at.as_deref() == Some(edge) || !at.is_some_and(|id| CONTROLS.contains(&id.as_str()))
            {
                e.prevent_default();
                browser::focus(other);
            }
        }
        _ => {}
    })
}

/// The dialog.
#[function_component(EmbedApp)]
pub fn embed_app(props: &AppProps) -> Html {
    let input = &props.input;
    let t = view_module::use_view_texts(EMBED, input.lang);
    let copied = use_state(|| None::<EmbedPart>);
    let code = use_memo(Rc::clone(input), |input| {
        EmbedCode::new(&input.page, &input.query, &input.title)
    });
    // A new opening: nothing copied yet, and the first Copy button has the focus.
    {
        let copied = copied.clone();
        use_effect_with(Rc::clone(input), move |_| {
            copied.set(None);
            browser::focus(FIRST_CONTROL);
        });
    }
    let answer = props.answer.clone();
    let close = Callback::from(move |_: MouseEvent| answer.send(&EmbedOutput::Closed {}.encode()));
    html! {
        <div class="help-overlay embed-overlay" id="embed" onkeydown={keys(props.answer.clone())}>
            <div class="help-box embed-box" role="dialog" aria-modal="true" aria-labelledby="embed-title">
                <h2 id="embed-title">{ t.get("embed_title") }</h2>
                { snippet(&t, &code, (EmbedPart::Element, "embed-snippet", FIRST_CONTROL),
                          ("embed_element", "embed_copy_element"), &copied) }
                { snippet(&t, &code, (EmbedPart::Iframe, "embed-iframe", "embed-copy-iframe"),
                          ("embed_iframe", "embed_copy_iframe"), &copied) }
                { snippet(&t, &code, (EmbedPart::Listener, "embed-listener", "embed-copy-listener"),
                          ("embed_results", "embed_copy_listener"), &copied) }
                <button type="button" id="embed-close" onclick={close}>{ t.get("embed_close") }</button>
            </div>
        </div>
    }
}
