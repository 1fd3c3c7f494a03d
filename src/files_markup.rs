//! The display-only parts of the files view, drawn from the Parquet worker's report
//! ([`crate::filter::parquet_report::FilesReport`]) with the markup writer: the file's
//! problem, its figures, the value's hash and each filter's verdict, and the chosen
//! filter's header and images, in the view's own texts ([`ViewTexts`]). The table of
//! filters and the buttons are `html!` (`src/ui/files_view/`). Outside `ui` so that its
//! tests run natively.

use crate::filter::parquet_drawing::{ZOOM_CELL, ZOOM_PIXELS};
use crate::filter::parquet_report::{FileReport, FilterDrawing};
use crate::filter::parquet_summary::{FileError, HeaderPart, Refusal};
use crate::i18n::view_texts::ViewTexts;
use crate::markup;
use crate::markup::Markup;
use crate::state::numbers::grouped;

/// Why the last file opened cannot be shown (`data-file-error`, empty when nothing is
/// wrong): kept in the page so that a screen reader hears each new problem.
pub fn file_error(text: &ViewTexts, error: Option<&FileError>) -> Markup {
    let mut out = Markup::default();
    markup!(
        out,
        concat!(
            "<p id=\"parquet-file-error\" class=\"field-error\" ",
            "role=\"alert\" data-file-error=\"{key}\" data-file-reason=\"{reason}\">{message}</p>"
        ),
        key = error.map_or("", FileError::key),
        reason = match error {
            Some(FileError::Refused { reason }) => reason.key(),
            Some(FileError::ReaderStopped) => "reader-stopped",
            _ => "",
        },
        message = error
            .map(|e| file_error_sentence(text, e))
            .unwrap_or_default()
    );
    out
}

/// The file's figures and who wrote it.
pub fn file_summary(text: &ViewTexts, file: &FileReport) -> Markup {
    let mut line = text.fill(
        "files_summary",
        &[
            &file.name,
            &grouped(file.size),
            &file.rows,
            &file.row_groups,
            &file.columns,
            &grouped(file.filter_count as u64),
        ],
    );
    if let Some(writer) = &file.created_by {
        line.push(' ');
        line.push_str(&text.fill("files_created_by", &[writer]));
    }
    let mut out = Markup::default();
    markup!(out, "<p class=\"files-summary\">{line}</p>", line);
    out
}

/// The file's columns with filters: each listed column's filters and bytes, and how many
/// more columns have filters (`data-filter-columns` counts them all).
pub fn filter_columns(text: &ViewTexts, file: &FileReport) -> Markup {
    let mut list = String::new();
    for (place, column) in file.filter_columns.iter().enumerate() {
        if place > 0 {
            list.push_str("; ");
        }
        list.push_str(&text.fill(
            "files_column",
            &[
                &column.column,
                &grouped(column.filters as u64),
                &grouped(column.bytes),
            ],
        ));
    }
    if file.more_columns > 0 {
        list.push_str("; ");
        list.push_str(&text.fill("files_columns_more", &[&grouped(file.more_columns as u64)]));
    }
    let mut out = Markup::default();
    markup!(
        out,
        "<p class=\"files-columns\" data-filter-columns=\"{count}\">{line}</p>",
        count = (file.filter_columns.len() + file.more_columns),
        line = text.fill("files_columns", &[&list])
    );
    out
}

/// The value's hash and lanes, then each filter's verdict (nothing without a value).
pub fn verdicts(text: &ViewTexts, file: &FileReport) -> Markup {
    let mut out = Markup::default();
    let Some(value) = &file.value else {
        return out;
    };
    let mut lanes = String::new();
    for (word, bit) in value.lanes.iter().enumerate() {
        if word > 0 {
            lanes.push_str(", ");
        }
        lanes.push_str(&bit.to_string());
    }
    let h = value.hash;
    let hash = text.fill("files_value_hash", &[&format!("0x{h:016x}"), &lanes]);
    let count = grouped(file.filter_count as u64);
    let summary = if value.may_contain == 0 {
        text.fill("files_value_none", &[&count])
    } else {
        let mut ranges = String::new();
        let mut listed = 0;
        for (place, &(first, last)) in value.ranges.iter().enumerate() {
            if place > 0 {
                ranges.push_str(", ");
            }
            ranges.push_str(&first.to_string());
            if last > first {
                ranges.push('–');
                ranges.push_str(&last.to_string());
            }
            listed += last - first + 1;
        }
        if listed < value.row_groups {
            ranges.push_str(", …");
        }
        text.fill(
            "files_value_some",
            &[
                &grouped(value.may_contain as u64),
                &count,
                &grouped(value.row_groups as u64),
                &ranges,
            ],
        )
    };
    markup!(
        out,
        concat!(
            "<p class=\"formula\" data-value-hash=\"{h}\"><code>{hash}</code></p>",
            "<p class=\"parquet-value-summary\" data-may-contain=\"{may}\" ",
            "data-row-groups=\"{row_groups}\">{summary}</p>",
            "<ul class=\"parquet-verdicts\">"
        ),
        h,
        hash,
        may = value.may_contain,
        row_groups = value.row_groups,
        summary
    );
    for (filter, verdict) in file.filters.iter().zip(&value.verdicts) {
        let (key, answer) = if verdict.may_contain {
            ("may-contain", text.get("files_may"))
        } else {
            ("absent", text.get("files_absent"))
        };
        let line = text.fill(
            "files_verdict",
            &[
                &filter.row_group,
                &filter.column,
                &verdict.block,
                &verdict.bits_set,
            ],
        );
        markup!(
            out,
            concat!(
                "<li class=\"parquet-verdict {key}\" ",
                "data-row-group=\"{row_group}\" data-column=\"{column}\" ",
                "data-verdict=\"{key}\" data-block=\"{block}\">{line}: <strong>{answer}",
                "</strong></li>"
            ),
            key,
            row_group = filter.row_group,
            column = filter.column,
            block = verdict.block,
            line,
            answer
        );
    }
    markup!(out, "</ul>");
    out
}

/// The chosen filter's header, its first blocks (`images.0`) and its enlarged block
/// (`images.1`).
pub fn drawing(text: &ViewTexts, drawing: &FilterDrawing, images: &(String, String)) -> Markup {
    let mut out = Markup::default();
    let filter = &drawing.filter;
    let header = text.fill(
        "files_header",
        &[
            &filter.offset,
            &filter.header_bytes,
            &filter.num_bytes,
            &filter.algorithm,
            &filter.hash,
            &filter.compression,
            &filter.blocks,
        ],
    );
    markup!(
        out,
        "<p class=\"formula\" data-header-offset=\"{offset}\"><code>{header}</code></p>",
        offset = filter.offset,
        header
    );
    let mut caption = text.fill("files_drawn", &[&filter.row_group, &filter.column]);
    if drawing.drawn_blocks < filter.blocks {
        caption.push(' ');
        caption.push_str(&text.fill("files_drawn_some", &[&drawing.drawn_blocks, &filter.blocks]));
    }
    // Three screen pixels per bit at most, narrower when the panel is.
    let overview = &drawing.overview;
    markup!(
        out,
        concat!(
            "<figure class=\"parquet-drawing\"><img class=\"parquet-blocks\" ",
            "src=\"{image}\" alt=\"{caption}\" width=\"{width}\" ",
            "height=\"{height}\" style=\"max-width: {max_width}px\"><figcaption>{caption}",
            "</figcaption></figure>"
        ),
        image = images.0,
        caption,
        width = overview.width,
        height = overview.height,
        max_width = (overview.width * 3)
    );
    // The block at ZOOM_CELL screen pixels a bit.
    let scale = ZOOM_CELL / ZOOM_PIXELS;
    let block = drawing.zoom_block;
    markup!(
        out,
        concat!(
            "<figure class=\"parquet-drawing\"><img class=\"parquet-zoom\" ",
            "data-block=\"{block}\" src=\"{image}\" alt=\"{files_zoom}\" ",
            "width=\"{width}\" height=\"{height}\"><figcaption>{files_zoom}",
            "</figcaption></figure>"
        ),
        block,
        image = images.1,
        files_zoom = text.fill("files_zoom", &[&block]),
        width = (u64::from(drawing.zoom.width) * scale),
        height = (u64::from(drawing.zoom.height) * scale)
    );
    out
}

/// What a refused footer or filter header declares that the reader will not follow.
fn refusal(text: &ViewTexts, reason: &Refusal) -> String {
    // Counts and offsets grouped by three, as the page writes large numbers.
    let signed = |n: i64| {
        let sign = if n < 0 { "-" } else { "" };
        format!("{sign}{}", grouped(n.unsigned_abs()))
    };
    match reason {
        Refusal::CountPastEnd {
            declared,
            bytes_left,
        } => text.fill(
            "file_refused_count",
            &[&grouped(*declared), &grouped(*bytes_left)],
        ),
        Refusal::LengthPastEnd {
            declared,
            bytes_left,
        } => text.fill(
            "file_refused_length",
            &[&grouped(*declared), &grouped(*bytes_left)],
        ),
        Refusal::NestedTooDeep { limit } => text.fill("file_refused_nesting", &[limit]),
        Refusal::NotThrift { offset } => text.fill("file_refused_thrift", &[&grouped(*offset)]),
        Refusal::WrongFieldType { field, found } => {
            text.fill("file_refused_field", &[field, found])
        }
        Refusal::SchemaChildren {
            element,
            declared,
            following,
        } => text.fill(
            "file_refused_children",
            &[&grouped(*element), &signed(*declared), &grouped(*following)],
        ),
        Refusal::SchemaTooDeep { limit } => text.fill("file_refused_depth", &[limit]),
        Refusal::BitsetLength { column, num_bytes } => {
            text.fill("file_refused_bitset", &[column, &signed(*num_bytes)])
        }
        Refusal::FilterOffset { column, offset } => {
            text.fill("file_refused_offset", &[column, &signed(*offset)])
        }
    }
}

/// Which member of which choice a filter header holds that this reader does not know.
fn header_member(text: &ViewTexts, part: HeaderPart, member: Option<i64>) -> String {
    let part = text.get(match part {
        HeaderPart::Algorithm => "file_part_algorithm",
        HeaderPart::Hash => "file_part_hash",
        HeaderPart::Compression => "file_part_compression",
    });
    match member {
        Some(id) => text.fill("file_header_member", &[&part, &id]),
        None => text.fill("file_header_no_member", &[&part]),
    }
}

/// Why a file's Bloom filters cannot be shown, in the page's language.
pub fn file_error_sentence(text: &ViewTexts, error: &FileError) -> String {
    match error {
        FileError::Empty => text.get("file_error_empty").to_owned(),
        FileError::NotParquet => text.get("file_error_not_parquet").to_owned(),
        FileError::Truncated => text.get("file_error_truncated").to_owned(),
        FileError::EncryptedFooter => text.get("file_error_encrypted").to_owned(),
        FileError::NoBloomFilter { columns } => text.fill("file_error_no_filter", &[columns]),
        FileError::UnknownAlgorithm {
            column,
            part,
            member,
        } => text.fill(
            "file_error_algorithm",
            &[column, &header_member(text, *part, *member)],
        ),
        FileError::Unreadable { detail } => text.fill("file_error_reader", &[detail]),
        FileError::Refused { reason } => {
            text.fill("file_error_unreadable", &[&refusal(text, reason)])
        }
        FileError::ReaderStopped => {
            text.fill("file_error_unreadable", &[&text.get("file_reader_stopped")])
        }
        FileError::TooLarge { bytes } => text.fill("file_error_too_large", &[bytes]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::parquet_fixtures::example_model;
    use crate::i18n::view_texts::FILES;

    /// parquet-testing's bloom_filter.xxhash.bin as the one filter of a file.
    fn report(query: &str) -> FileReport {
        *example_model(query).report().file.unwrap()
    }

    #[test]
    fn the_summary_and_verdicts_carry_the_contract_attributes() {
        let text = &ViewTexts::english(FILES);
        // The writer's name is escaped.
        assert!(file_summary(text, &report(""))
            .into_string()
            .contains("a &lt;writer&gt;"));
        let hello = verdicts(text, &report("hello")).into_string();
        assert!(hello.contains("data-verdict=\"may-contain\" data-block=\"4\""));
        let absent = verdicts(text, &report("absent")).into_string();
        assert!(absent.contains("data-verdict=\"absent\" data-block=\"18\""));
        assert!(absent.contains(text.get("files_absent")));
        assert!(verdicts(text, &report("")).into_string().is_empty());
        let error = file_error(text, Some(&FileError::EncryptedFooter)).into_string();
        assert!(error.contains("data-file-error=\"encrypted-footer\""));
        assert!(file_error(text, None)
            .into_string()
            .contains("data-file-error=\"\""));
    }

    #[test]
    fn a_header_s_unknown_choice_and_a_negative_offset_are_said_in_the_view_s_words() {
        let text = &ViewTexts::english(FILES);
        let unknown = FileError::UnknownAlgorithm {
            column: "a.b".into(),
            part: HeaderPart::Hash,
            member: Some(2),
        };
        let said = file_error_sentence(text, &unknown);
        assert!(
            said.contains("column a.b") && said.contains("(its hash is member 2)"),
            "{said}"
        );
        let none = FileError::UnknownAlgorithm {
            column: "c".into(),
            part: HeaderPart::Compression,
            member: None,
        };
        assert!(file_error_sentence(text, &none).contains("its compression names no member"));
        let offset = FileError::Refused {
            reason: Refusal::FilterOffset {
                column: "c".into(),
                offset: -1_000,
            },
        };
        let said = file_error_sentence(text, &offset);
        assert!(said.contains("starts at byte -1,000"), "{said}");
    }

    #[test]
    fn a_large_file_names_its_columns_and_sums_up_a_value_by_row_group() {
        use crate::filter::parquet_fixtures::many_filters_model;
        let text = &ViewTexts::english(FILES);
        let mut model = many_filters_model(1000);
        model.query = "a500".into();
        let file = *model.report().file.unwrap();
        let columns = filter_columns(text, &file).into_string();
        assert!(columns.contains("data-filter-columns=\"2\""), "{columns}");
        assert!(
            columns.contains("a: 1,000 filters, 48,000 bytes"),
            "{columns}"
        );
        let shown = verdicts(text, &file).into_string();
        let value = file.value.as_ref().unwrap();
        assert!(shown.contains(&format!("data-may-contain=\"{}\"", value.may_contain)));
        assert!(shown.contains("500"), "{shown}");
        assert_eq!(shown.matches("<li ").count(), 50);
        model.query = "in none".into();
        let none = verdicts(text, &model.report().file.unwrap()).into_string();
        if model.report().file.unwrap().value.unwrap().may_contain == 0 {
            assert!(none.contains("data-row-groups=\"0\""), "{none}");
        }
    }

    #[test]
    fn the_drawing_names_the_enlarged_block_and_scales_it_to_twelve_pixels_a_bit() {
        let file = report("absent");
        let images = ("A".to_owned(), "B".to_owned());
        let shown = drawing(
            &ViewTexts::english(FILES),
            file.drawing.as_ref().unwrap(),
            &images,
        )
        .into_string();
        assert!(
            shown.contains("src=\"A\" alt=\"Row group 0, column value:"),
            "{shown}"
        );
        assert!(shown.contains("width=\"264\" height=\"36\" style=\"max-width: 792px\""));
        assert!(shown.contains(
            "<img class=\"parquet-zoom\" data-block=\"18\" src=\"B\" alt=\"Block 18 enlarged"
        ));
        assert!(shown.contains("width=\"384\" height=\"96\""));
    }
}
