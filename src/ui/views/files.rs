//! The files view: a Parquet file opened on this computer (picker, drag and drop, or the
//! bundled example). The Parquet worker ([`parquet_reader`]) reads the file and makes
//! the view's content (its filters, the value's verdicts, the chosen filter's header and
//! pixels); this view holds the controls, sends the worker each change, and shows what it
//! answers.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DragEvent, HtmlInputElement};
use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::state::files_view::{FilesAction, FilesState, EXAMPLE_FILE};
use crate::state::{Action, AppState};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::hooks::parquet_reader::{self, FilesRequest};
use crate::ui::shared::Shared;

/// The files view.
pub fn files_view(_text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    html! {
        <main class="single">
            <FilesPanel files={Shared(state.shared_files())} lang={state.lang().key()}
                        ondispatch={dispatch.clone()} />
        </main>
    }
}

/// Props of [`FilesPanel`].
#[derive(Properties, PartialEq)]
pub struct FilesPanelProps {
    /// The view's state.
    pub files: Shared<FilesState>,
    /// The page's language key (the worker writes the content in it).
    pub lang: &'static str,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The picker, the worker's content, the value's field and the drawing.
#[component]
pub fn FilesPanel(props: &FilesPanelProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let lang = props.lang;
    let files = &*props.files;
    let dispatch = props.ondispatch.clone();
    // Sends the worker a request for `file` (or for the last file again), with the value,
    // filter and language given.
    let request = {
        let dispatch = dispatch.clone();
        move |file: Option<JsValue>, name: String, value: String, filter: usize| {
            let request = FilesRequest {
                file,
                name,
                value,
                filter,
                lang,
            };
            parquet_reader::send(request, &dispatch);
        }
    };
    let open_example = {
        let (request, dispatch) = (request.clone(), dispatch.clone());
        let (value, filter) = (files.query.clone(), files.selected);
        move || {
            dispatch.emit(Action::Files(FilesAction::OpeningExample));
            let name = crate::state::files_view::EXAMPLE_NAME.to_owned();
            request(
                Some(JsValue::from_str(EXAMPLE_FILE)),
                name,
                value.clone(),
                filter,
            );
        }
    };
    {
        // `files_example=1` opens the example once, when no file has been opened; a new
        // language has the worker write the last file's content again.
        let (open_example, request) = (open_example.clone(), request.clone());
        let (value, filter) = (files.query.clone(), files.selected);
        use_effect_with((lang, files.wants_example()), move |&(_, wanted)| {
            if wanted {
                open_example();
            } else {
                request(None, String::new(), value, filter);
            }
        });
    }
    let open = {
        let (request, dispatch) = (request.clone(), dispatch.clone());
        let (value, filter) = (files.query.clone(), files.selected);
        Callback::from(move |file: web_sys::File| {
            dispatch.emit(Action::Files(FilesAction::Opening(file.name())));
            request(
                Some(file.clone().into()),
                file.name(),
                value.clone(),
                filter,
            );
        })
    };
    // The controls inside the markup are read from the events that reach the panel: a file
    // chosen (`change`) or dropped, the example's button, a table's Draw button
    // (`data-place`).
    let onchange = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let input = e.target_dyn_into::<HtmlInputElement>();
            if let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) {
                open.emit(file);
            }
        })
    };
    let ondrop = Callback::from(move |e: DragEvent| {
        e.prevent_default();
        let dropped = e.data_transfer().and_then(|d| d.files());
        if let Some(file) = dropped.and_then(|f| f.get(0)) {
            open.emit(file);
        }
    });
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let onquery = {
        let (request, dispatch) = (request.clone(), dispatch.clone());
        let filter = files.selected;
        Callback::from(move |value: String| {
            dispatch.emit(Action::Files(FilesAction::Query(value.clone())));
            request(None, String::new(), value, filter);
        })
    };
    let value = files.query.clone();
    let onclick = Callback::from(move |e: MouseEvent| {
        let target = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let Some(button) = target.and_then(|el| el.closest("button").ok().flatten()) else {
            return;
        };
        if button.id() == "parquet-example" {
            open_example();
        } else if let Some(place) = button
            .get_attribute("data-place")
            .and_then(|v| v.parse().ok())
        {
            dispatch.emit(Action::Files(FilesAction::Select(place)));
            request(None, String::new(), value.clone(), place);
        }
    });
    let status = files
        .reading
        .as_ref()
        .map(|name| fill(text.files_reading, &[name]))
        .unwrap_or_default();
    let content = files.content.clone().unwrap_or_default();
    let raw = |markup: &str| Html::from_html_unchecked(AttrValue::from(markup.to_owned()));
    let mut head = crate::markup::Markup::default();
    head.push(
        "<h2 id=\"files-title\">{}</h2><p class=\"hint\">{}</p><div class=\"toolbar\"><div class=\"field\"><label for=\"parquet-file\">{}</label><input id=\"parquet-file\" type=\"file\" accept=\".parquet\" aria-describedby=\"parquet-file-error\"></div><button type=\"button\" id=\"parquet-example\">{}</button></div>",
        &[&text.files_title, &text.files_intro, &text.files_pick, &text.files_example],
    );
    html! {
        <section class="panel files" id="files" aria-labelledby="files-title" {onchange} {onclick} {ondrop} {ondragover}>
            { raw(&head.into_string()) }
            <p class="files-status" aria-live="polite">{ status }</p>
            { raw(&content.top) }
            if !content.bottom.is_empty() {
                { text_field(TextField::new("parquet-query", text.files_query, files.query.clone(), None), onquery) }
                { raw(&content.bottom) }
            }
        </section>
    }
}
