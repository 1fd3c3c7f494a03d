//! The files view: a Parquet file opened on this computer (picker, drag and drop, or the
//! bundled example). The Parquet worker ([`send`]) reads the file and makes
//! the view's content (its filters, the value's verdicts, the chosen filter's header and
//! image); this view holds the controls, sends the worker each change, and shows what it
//! answers. The app's `use_files_worker` opens the example a link asks
//! for and has the content written again in a new language.

use crate::markup;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, HtmlInputElement};
use yew::prelude::*;

use crate::i18n::Text;
use crate::markup::Markup;
use crate::state::files_view::FilesAction;
use crate::state::{Action, AppState};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::hooks::parquet_reader::{open_example, send};

/// The files view: the picker and the example's button, what the worker made last, and the
/// value's field. The controls inside the markup are read from the events that reach the
/// panel: a file chosen (`change`) or dropped, the example's button, a value to try
/// (`data-try`), a table's Draw button (`data-place`).
pub fn files_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let files = state.files();
    let lang = state.lang().key();
    let (value, filter) = (files.query.clone(), files.selected);
    let open = {
        let (dispatch, value) = (dispatch.clone(), value.clone());
        move |file: web_sys::File| {
            dispatch.emit(Action::Files(FilesAction::Opening));
            let name = file.name();
            send(
                &dispatch,
                lang,
                Some((file.into(), name)),
                value.clone(),
                filter,
            );
        }
    };
    let onchange = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let input = e.target_dyn_into::<HtmlInputElement>();
            if let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) {
                open(file);
            }
        })
    };
    let ondrop = Callback::from(move |e: DragEvent| {
        e.prevent_default();
        let dropped = e.data_transfer().and_then(|d| d.files());
        if let Some(file) = dropped.and_then(|f| f.get(0)) {
            open(file);
        }
    });
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let onquery = {
        let dispatch = dispatch.clone();
        Callback::from(move |value: String| {
            dispatch.emit(Action::Files(FilesAction::Query(value.clone())));
            send(&dispatch, lang, None, value, filter);
        })
    };
    let onclick = {
        let dispatch = dispatch.clone();
        Callback::from(move |e: MouseEvent| {
            let target = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
            let Some(button) = target.and_then(|el| el.closest("button").ok().flatten()) else {
                return;
            };
            if button.id() == "parquet-example" {
                open_example(&dispatch, lang, value.clone(), filter);
            } else if let Some(tried) = button.get_attribute("data-try") {
                dispatch.emit(Action::Files(FilesAction::Query(tried.clone())));
                send(&dispatch, lang, None, tried, filter);
            } else if let Some(place) = button
                .get_attribute("data-place")
                .and_then(|v| v.parse().ok())
            {
                dispatch.emit(Action::Files(FilesAction::Select(place)));
                send(&dispatch, lang, None, value.clone(), place);
            }
        })
    };
    let content = files.content.clone().unwrap_or_default();
    let raw = |markup: &str| Html::from_html_unchecked(AttrValue::from(markup.to_owned()));
    let mut head = Markup::default();
    markup!(
        head,
        concat!(
            "<h2 id=\"files-title\">{files_title}</h2><p class=\"lead\" ",
            "id=\"files-lead\">{files_intro}</p><div class=\"toolbar\"><div ",
            "class=\"field\"><label for=\"parquet-file\">{files_pick}</label>",
            "<input id=\"parquet-file\" type=\"file\" accept=\".parquet\" ",
            "aria-describedby=\"parquet-file-error\"></div><button ",
            "type=\"button\" id=\"parquet-example\">{files_example}</button>",
            "</div>"
        ),
        files_title = text.files_title,
        files_intro = text.files_intro,
        files_pick = text.files_pick,
        files_example = text.files_example
    );
    html! {
        <main class="single">
            <section class="panel files" id="files" aria-labelledby="files-title" aria-busy={files.reading.then_some("true")}
                     {onchange} {onclick} {ondrop} {ondragover}>
                { raw(&head.into_string()) }
                { raw(&content.top) }
                if !content.bottom.is_empty() {
                    { text_field(TextField::new("parquet-query", text.files_query, files.query.clone(), None), onquery) }
                    { raw(&content.bottom) }
                }
            </section>
        </main>
    }
}
