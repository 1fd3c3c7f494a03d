//! The files view: a Parquet file opened on this computer (picker, drag and drop, or the
//! bundled example). The Parquet worker ([`send`]) reads the file and reports what it found
//! (its filters, the value's verdicts, the chosen filter's header and images); this view
//! holds the controls, sends the worker each change, and draws its report: the controls
//! and the table of filters (whose Draw buttons are controls) with `html!`, the rest with
//! the markup writer (`crate::files_markup`). The app's `use_files_worker`
//! opens the example a link asks for.

use web_sys::{DragEvent, HtmlInputElement};
use yew::prelude::*;

use crate::decimal::fixed;
use crate::files_markup::{drawing, file_error, file_summary, filter_columns, verdicts};
use crate::filter::parquet_report::{FileReport, PAGE_ROWS};
use crate::i18n::Text;
use crate::state::files_view::{FilesAction, EXAMPLE_NAME, EXAMPLE_VALUES};
use crate::state::numbers::{fraction, grouped, percent};
use crate::state::{Action, AppState};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::hooks::parquet_reader::{open_example, send};
use crate::ui::raw::IntoHtml;

/// The files view: the picker and the example's button, the file's problem, its figures
/// and table of filters, the value's field with the example's values to try, the value's
/// verdicts, and the chosen filter drawn.
pub fn files_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let files = state.files();
    let (value, filter, page) = (files.query.clone(), files.selected, files.page);
    let open = {
        let (dispatch, value) = (dispatch.clone(), value.clone());
        move |file: web_sys::File| {
            dispatch.emit(Action::Files(FilesAction::Opening));
            let name = file.name();
            send(
                &dispatch,
                Some((file.into(), name)),
                value.clone(),
                filter,
                page,
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
    // A value typed or tried, and a filter chosen: the state, then the worker.
    let try_value = {
        let dispatch = dispatch.clone();
        Callback::from(move |value: String| {
            dispatch.emit(Action::Files(FilesAction::Query(value.clone())));
            send(&dispatch, None, value, filter, page);
        })
    };
    let select = {
        let (dispatch, value) = (dispatch.clone(), value.clone());
        Callback::from(move |place: usize| {
            dispatch.emit(Action::Files(FilesAction::Select(place)));
            send(&dispatch, None, value.clone(), place, page);
        })
    };
    let turn = {
        let (dispatch, value) = (dispatch.clone(), value.clone());
        Callback::from(move |page: usize| {
            dispatch.emit(Action::Files(FilesAction::Page(page)));
            send(&dispatch, None, value.clone(), filter, page);
        })
    };
    let example = {
        let (dispatch, value) = (dispatch.clone(), value.clone());
        Callback::from(move |_: MouseEvent| open_example(&dispatch, value.clone(), filter, page))
    };
    let shown = files.shown.as_deref();
    let file = shown.and_then(|s| s.report.file.as_ref());
    html! {
        <main class="single">
            <section class="panel files" id="files" aria-labelledby="files-title"
                     aria-busy={files.reading.then_some("true")} {ondrop} {ondragover}>
                <h2 id="files-title">{ text.files_title }</h2>
                <p class="lead" id="files-lead">{ text.files_intro }</p>
                <div class="toolbar">
                    <div class="field">
                        <label for="parquet-file">{ text.files_pick }</label>
                        <input id="parquet-file" type="file" accept=".parquet" aria-describedby="parquet-file-error"
                               {onchange} />
                    </div>
                    <button type="button" id="parquet-example" onclick={example}>{ text.files_example }</button>
                </div>
                { file_error(text, files.error()).html() }
                if let Some(file) = file {
                    { file_summary(text, file).html() }
                    { filter_columns(text, file).html() }
                    { page_turner(text, file, &turn) }
                    { filter_table(text, file, &select) }
                    { text_field(TextField::new("parquet-query", text.files_query, files.query.clone(), None),
                                 try_value.clone()) }
                    if file.name == EXAMPLE_NAME {
                        <p class="try">{ text.try_these }
                            for tried in EXAMPLE_VALUES {
                                <button type="button" data-try={tried}
                                        onclick={try_value.reform(move |_: MouseEvent| tried.to_owned())}>
                                    { tried }
                                </button>
                            }
                        </p>
                    }
                    { verdicts(text, file).html() }
                    if let (Some(drawn), Some(images)) = (&file.drawing, shown.and_then(|s| s.images.as_ref())) {
                        { drawing(text, drawn, images).html() }
                    }
                }
            </section>
        </main>
    }
}

/// Which filters the table shows, of how many, and the buttons to the pages before and
/// after (none when one page holds them all).
fn page_turner(text: &Text, file: &FileReport, turn: &Callback<usize>) -> Html {
    if file.filter_count <= PAGE_ROWS {
        return Html::default();
    }
    let page = file.first / PAGE_ROWS;
    let last = (file.first + file.filters.len()).max(1);
    let shown = crate::i18n::fill(
        text.files_page,
        &[
            &grouped(file.first as u64 + 1),
            &grouped(last as u64),
            &grouped(file.filter_count as u64),
        ],
    );
    let more = last < file.filter_count;
    html! {
        <p class="toolbar parquet-pages" data-first={file.first.to_string()} data-count={file.filter_count.to_string()}>
            <button type="button" id="parquet-page-previous" disabled={page == 0}
                    onclick={turn.reform(move |_: MouseEvent| page.saturating_sub(1))}>
                { text.files_page_previous }
            </button>
            <span aria-live="polite">{ shown }</span>
            <button type="button" id="parquet-page-next" disabled={!more}
                    onclick={turn.reform(move |_: MouseEvent| page + 1)}>
                { text.files_page_next }
            </button>
        </p>
    }
}

/// The table of the file's filters: where each is, its size, its bits and what they imply,
/// and a button that draws it.
fn filter_table(text: &Text, file: &FileReport, select: &Callback<usize>) -> Html {
    let headings = [
        text.col_row_group,
        text.col_column,
        text.col_bytes,
        text.col_blocks,
        text.col_bits_set,
        text.col_fill,
        text.col_n_hat,
        text.col_fill_rate,
        "",
    ];
    let rows = file.filters.iter().enumerate().map(|(row, filter)| {
        let place = file.first + row;
        let shown = if place == file.selected { "true" } else { "false" };
        let estimate = filter
            .estimated_items
            .map_or_else(|| text.estimate_undefined.to_owned(), |n| fixed(n, 1));
        let onclick = select.reform(move |_: MouseEvent| place);
        html! {
            <tr class="parquet-filter" data-shown={shown} data-row-group={filter.row_group.to_string()}
                data-column={filter.column.clone()} data-blocks={filter.blocks.to_string()}
                data-bits-set={filter.bits_set.to_string()} data-bytes={filter.length.to_string()}>
                <td>{ filter.row_group }</td>
                <td class="mono">{ &filter.column }</td>
                <td>{ grouped(filter.length) }</td>
                <td>{ grouped(filter.blocks) }</td>
                <td>{ grouped(filter.bits_set) }</td>
                <td>{ fraction(filter.fill, 4) }</td>
                <td>{ estimate }</td>
                <td>{ percent(filter.rate) }</td>
                <td>
                    <button type="button" data-place={place.to_string()} aria-pressed={shown} {onclick}>
                        { text.files_show }
                    </button>
                </td>
            </tr>
        }
    });
    html! {
        <table class="parquet-filters">
            <caption>{ text.files_filters }</caption>
            <thead><tr>
                for heading in headings {
                    <th scope="col">{ heading }</th>
                }
            </tr></thead>
            <tbody>{ for rows }</tbody>
        </table>
    }
}
