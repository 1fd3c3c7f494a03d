//! The files view's drawing: the picker and the example's button, the file's problem, its
//! figures and table of filters, the value's field with the example's values to try, the
//! value's verdicts, and the chosen filter drawn. The controls and the table of filters
//! (whose Draw buttons are controls) are `html!`; the rest is written by
//! [`crate::files_markup`]. Each control changes the model and asks the worker again.

use web_sys::{DragEvent, HtmlInputElement};
use yew::prelude::*;

use crate::decimal::fixed;
use crate::files_markup::{drawing, file_error, file_summary, filter_columns, verdicts};
use crate::filter::parquet_report::{FileReport, PAGE_ROWS};
use crate::i18n::view_texts::ViewTexts;
use crate::state::files_view::{FilesAction, FilesState, EXAMPLE_NAME, EXAMPLE_VALUES};
use crate::state::numbers::{fraction, grouped, percent};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::raw::IntoHtml;

use super::{apply, model, reader, tell_page_query};

/// A value typed or tried: the model, the link, then the worker.
fn try_value(value: String) {
    apply(FilesAction::Query(value.clone()));
    tell_page_query(value.clone());
    let state = model();
    reader::send(None, value, state.selected, state.page);
}

/// The filter at `place` drawn.
fn select(place: usize) {
    apply(FilesAction::Select(place));
    let state = model();
    reader::send(None, state.query.clone(), place, state.page);
}

/// The table's page `page` shown.
fn turn(page: usize) {
    apply(FilesAction::Page(page));
    let state = model();
    reader::send(None, state.query.clone(), state.selected, page);
}

/// The view, drawn from the model in the view's texts.
pub fn files_panel(t: &ViewTexts, files: &FilesState) -> Html {
    let onchange = Callback::from(|e: Event| {
        let input = e.target_dyn_into::<HtmlInputElement>();
        if let Some(file) = input.and_then(|i| i.files()).and_then(|f| f.get(0)) {
            reader::open_file(file);
        }
    });
    let ondrop = Callback::from(|e: DragEvent| {
        e.prevent_default();
        let dropped = e.data_transfer().and_then(|d| d.files());
        if let Some(file) = dropped.and_then(|f| f.get(0)) {
            reader::open_file(file);
        }
    });
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let example = Callback::from(|_: MouseEvent| reader::open_example());
    let shown = files.shown.as_deref();
    let file = shown.and_then(|s| s.report.file.as_ref());
    let label = t.get("files_query").to_owned();
    let query_field = TextField::new("parquet-query", label, files.query.clone(), None);
    html! {
        <section class="panel files" id="files" aria-labelledby="files-title"
                 aria-busy={files.reading.then_some("true")} {ondrop} {ondragover}>
            <h2 id="files-title">{ t.get("files_title") }</h2>
            <p class="lead" id="files-lead">{ t.get("files_intro") }</p>
            <div class="toolbar">
                <div class="field">
                    <label for="parquet-file">{ t.get("files_pick") }</label>
                    <input id="parquet-file" type="file" accept=".parquet" aria-describedby="parquet-file-error"
                           {onchange} />
                </div>
                <button type="button" id="parquet-example" onclick={example}>{ t.get("files_example") }</button>
            </div>
            { file_error(t, files.error()).html() }
            if let Some(file) = file {
                { file_summary(t, file).html() }
                { filter_columns(t, file).html() }
                { page_turner(t, file) }
                { filter_table(t, file) }
                { text_field(query_field, Callback::from(try_value)) }
                if file.name == EXAMPLE_NAME {
                    <p class="try">{ t.get("files_try") }
                        for tried in EXAMPLE_VALUES {
                            <button type="button" data-try={tried}
                                    onclick={Callback::from(move |_: MouseEvent| try_value(tried.to_owned()))}>
                                { tried }
                            </button>
                        }
                    </p>
                }
                { verdicts(t, file).html() }
                if let (Some(drawn), Some(images)) = (&file.drawing, shown.and_then(|s| s.images.as_ref())) {
                    { drawing(t, drawn, images).html() }
                }
            }
        </section>
    }
}

/// Which filters the table shows, of how many, and the buttons to the pages before and
/// after (none when one page holds them all).
fn page_turner(t: &ViewTexts, file: &FileReport) -> Html {
    if file.filter_count <= PAGE_ROWS {
        return Html::default();
    }
    let page = file.first / PAGE_ROWS;
    let last = (file.first + file.filters.len()).max(1);
    let shown = t.fill(
        "files_page",
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
                    onclick={Callback::from(move |_: MouseEvent| turn(page.saturating_sub(1)))}>
                { t.get("files_page_previous") }
            </button>
            <span aria-live="polite">{ shown }</span>
            <button type="button" id="parquet-page-next" disabled={!more}
                    onclick={Callback::from(move |_: MouseEvent| turn(page + 1))}>
                { t.get("files_page_next") }
            </button>
        </p>
    }
}

/// The table of the file's filters: where each is, its size, its bits and what they imply,
/// and a button that draws it.
fn filter_table(t: &ViewTexts, file: &FileReport) -> Html {
    let headings = [
        "col_row_group",
        "col_column",
        "col_bytes",
        "col_blocks",
        "col_bits_set",
        "col_fill",
        "col_n_hat",
        "col_fill_rate",
    ];
    let rows = file.filters.iter().enumerate().map(|(row, filter)| {
        let place = file.first + row;
        let shown = if place == file.selected { "true" } else { "false" };
        // A filter whose bitset could not be read has no figures: a dash, not a number.
        let estimate = match (filter.bits_set, filter.estimated_items) {
            (None, _) => "—".to_owned(),
            (Some(_), None) => t.get("files_estimate_undefined").to_owned(),
            (Some(_), Some(n)) => fixed(n, 1),
        };
        let unknown = || "—".to_owned();
        html! {
            <tr class="parquet-filter" data-shown={shown} data-row-group={filter.row_group.to_string()}
                data-column={filter.column.clone()} data-blocks={filter.blocks.to_string()}
                data-bits-set={filter.bits_set.map_or_else(String::new, |b| b.to_string())}
                data-bytes={filter.length.to_string()}>
                <td>{ filter.row_group }</td>
                <td class="mono">{ &filter.column }</td>
                <td>{ grouped(filter.length) }</td>
                <td>{ grouped(filter.blocks) }</td>
                <td>{ filter.bits_set.map_or_else(unknown, grouped) }</td>
                <td>{ filter.fill.map_or_else(unknown, |f| fraction(f, 4)) }</td>
                <td>{ estimate }</td>
                <td>{ filter.rate.map_or_else(unknown, percent) }</td>
                <td>
                    <button type="button" data-place={place.to_string()} aria-pressed={shown}
                            onclick={Callback::from(move |_: MouseEvent| select(place))}>
                        { t.get("files_show") }
                    </button>
                </td>
            </tr>
        }
    });
    // On a phone the table is wider than the window: it scrolls sideways in its own box (a
    // tab stop, so that the keyboard scrolls it too), not the page.
    let caption = t.get("files_filters").to_owned();
    html! {
        <div class="table-scroll" tabindex="0" role="region" aria-label={caption}>
            <table class="parquet-filters">
                <caption>{ t.get("files_filters") }</caption>
                <thead><tr>
                    for heading in headings {
                        <th scope="col">{ t.get(heading) }</th>
                    }
                    <th scope="col"></th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}
