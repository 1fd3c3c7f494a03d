//! The files view's content, made by the Parquet worker (`src/bin/parquet_worker.rs`) so
//! that neither the `parquet` crate nor the code that lays out a file's filters is part of
//! the page's first visit: the file's filters as a table, a value's verdict in each, the
//! chosen filter's header, and its blocks as an image (a bitmap made by [`bitmap`], which
//! the worker turns into a `data:` address for the markup's `<img>`). The page shows the
//! markup as it comes (every value in it is escaped by [`Markup`]).

use crate::decimal::fixed;
use crate::filter::blocked::BlockFill;
use crate::filter::parquet_summary::{FileError, FileSummary, FileVerdict};
use crate::filter::split_block;
use crate::i18n::{describe, fill, Text};
use crate::markup;
use crate::markup::Markup;
use crate::state::files_view::{FilesContent, EXAMPLE_NAME};
use crate::state::numbers::{fraction, grouped, percent};

/// Blocks drawn side by side in a filter of `blocks` blocks.
fn blocks_per_row(blocks: u64) -> u64 {
    if blocks <= 64 {
        8
    } else {
        32
    }
}

/// The most blocks drawn (half a million bits).
pub const DRAWN_BLOCKS: u64 = 2048;

/// Width and height of one block in pixels, with its one-pixel gap: eight rows of 32 bits.
const CELL_WIDTH: u64 = 33;
const CELL_HEIGHT: u64 = 9;

/// Screen pixels a bit takes in the enlarged block, and image pixels it is drawn with (a
/// square of one colour, then a pixel of gap on its right and below), shown scaled up
/// without smoothing.
const ZOOM_CELL: u64 = 12;
const ZOOM_PIXELS: u64 = 4;

/// The values the example file offers to try: one of its values, and one that is not.
const EXAMPLE_VALUES: [&str; 2] = ["dog", "cat"];

/// The image's colours as red, green, blue, each pixel naming one by its place: the gap, a
/// 0 bit, a 1 bit, the value's frame, and its set and unset lanes.
const PALETTE: [[u8; 3]; 6] = [
    [0xff, 0xff, 0xff],
    [0xe8, 0xe9, 0xe2],
    [0x1f, 0x4e, 0x8c],
    [0x21, 0x25, 0x29],
    [0xe8, 0x59, 0x0c],
    [0xd0, 0x1b, 0x1b],
];
const GAP: u8 = 0;
const ZERO: u8 = 1;
const ONE: u8 = 2;
const FRAME: u8 = 3;
const LANE_SET: u8 = 4;
const LANE_ZERO: u8 = 5;

/// A file read: its name, what the worker found, and each filter's fill figures.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenedFile {
    /// The name the page gave it.
    pub name: String,
    /// Its filters.
    pub summary: FileSummary,
    /// Each filter's [`BlockFill`], in the order of `summary.filters`.
    pub fills: Vec<BlockFill>,
}

/// What the worker keeps between the page's requests.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FilesModel {
    /// The last file read.
    pub file: Option<OpenedFile>,
    /// Why the last file opened cannot be shown (the one before stays).
    pub error: Option<FileError>,
    /// The value checked against every filter.
    pub query: String,
    /// The filter drawn (its place in the list).
    pub selected: usize,
}

impl FilesModel {
    /// Takes the result of reading the file `name`: a file that cannot be read leaves the
    /// last one read, with the reason.
    pub fn opened(&mut self, name: String, result: Result<FileSummary, FileError>) {
        match result {
            Ok(summary) => {
                let fills = summary.filters.iter().map(|f| f.fill()).collect();
                self.file = Some(OpenedFile {
                    name,
                    summary,
                    fills,
                });
                self.selected = 0;
                self.error = None;
            }
            Err(error) => self.error = Some(error),
        }
    }
}

/// The content for `model` in the language of `text`; `image` turns the chosen filter's
/// bitmap (a BMP file) into the address of an image.
pub fn render(model: &FilesModel, text: &Text, image: impl Fn(Vec<u8>) -> String) -> FilesContent {
    let mut top = Markup::default();
    let error = model.error.as_ref();
    markup!(
        top,
        concat!(
            "<p id=\"parquet-file-error\" class=\"field-error\" ",
            "role=\"alert\" data-file-error=\"{key}\">{message}</p>"
        ),
        key = error.map_or("", FileError::key),
        message = error
            .map(|e| describe::file_error(text, e))
            .unwrap_or_default()
    );
    let Some(file) = &model.file else {
        return FilesContent {
            top: top.into_string(),
            ..FilesContent::default()
        };
    };
    file_table(&mut top, text, file, model.selected);
    let mut bottom = Markup::default();
    let verdicts: Vec<FileVerdict> = if model.query.is_empty() {
        Vec::new()
    } else {
        let value = model.query.as_bytes();
        file.summary
            .filters
            .iter()
            .map(|f| f.verdict(value))
            .collect()
    };
    if file.name == EXAMPLE_NAME {
        // Values to try in the example: one of its values, and one that is not.
        markup!(
            bottom,
            "<p class=\"try\">{try_these}",
            try_these = text.try_these
        );
        for value in EXAMPLE_VALUES {
            markup!(
                bottom,
                "<button type=\"button\" data-try=\"{value}\">{value}</button>",
                value
            );
        }
        markup!(bottom, "</p>");
    }
    verdict_list(&mut bottom, text, file, &model.query, &verdicts);
    if let Some(filter) = file.summary.filters.get(model.selected) {
        let header = fill(
            text.files_header,
            &[
                &filter.offset,
                &filter.header_bytes,
                &filter.num_bytes,
                &filter.algorithm,
                &filter.hash,
                &filter.compression,
                &filter.blocks(),
            ],
        );
        markup!(
            bottom,
            concat!(
                "<p class=\"formula\" data-header-offset=\"{offset}\"><code>{header}",
                "</code></p>"
            ),
            offset = filter.offset,
            header
        );
        let (pixels, width, height) = pixels(&filter.bitset, verdicts.get(model.selected));
        let mut caption = fill(text.files_drawn, &[&filter.row_group, &filter.column]);
        let drawn = filter.blocks().min(DRAWN_BLOCKS);
        if drawn < filter.blocks() {
            caption.push(' ');
            caption.push_str(&fill(text.files_drawn_some, &[&drawn, &filter.blocks()]));
        }
        // Three screen pixels per bit at most, narrower when the panel is.
        markup!(
            bottom,
            concat!(
                "<figure class=\"parquet-drawing\"><img class=\"parquet-blocks\" ",
                "src=\"{image}\" alt=\"{caption}\" width=\"{width}\" ",
                "height=\"{height}\" style=\"max-width: {max_width}px\"><figcaption>{caption}",
                "</figcaption></figure>"
            ),
            image = image(bitmap(&pixels, width, height)),
            caption,
            width,
            height,
            max_width = (width * 3)
        );
        // One block at ZOOM_CELL screen pixels a bit: the value's block, else the first.
        let value = verdicts.get(model.selected);
        let block = value.map_or(0, |v| v.block);
        let (pixels, width, height) = zoom_pixels(&filter.bitset, block, value);
        let scale = ZOOM_CELL / ZOOM_PIXELS;
        markup!(
            bottom,
            concat!(
                "<figure class=\"parquet-drawing\"><img class=\"parquet-zoom\" ",
                "data-block=\"{block}\" src=\"{image}\" alt=\"{files_zoom}\" ",
                "width=\"{width}\" height=\"{height}\"><figcaption>{files_zoom}",
                "</figcaption></figure>"
            ),
            block,
            image = image(bitmap(&pixels, width, height)),
            files_zoom = fill(text.files_zoom, &[&block]),
            width = (u64::from(width) * scale),
            height = (u64::from(height) * scale)
        );
    }
    FilesContent {
        top: top.into_string(),
        bottom: bottom.into_string(),
    }
}

/// A BMP file of `pixels` (each a place in [`PALETTE`]), `width` × `height`: the 14-byte
/// file header, the 40-byte `BITMAPINFOHEADER` (8 bits per pixel, no compression, the
/// palette's 6 colours), the palette as blue, green, red and a zero byte each, then the rows
/// from the bottom up, each padded to a multiple of 4 bytes.
pub fn bitmap(pixels: &[u8], width: u32, height: u32) -> Vec<u8> {
    const HEADERS: u32 = 14 + 40 + 4 * PALETTE.len() as u32;
    let row = width.div_ceil(4) * 4;
    let size = HEADERS + row * height;
    let mut file = Vec::with_capacity(size as usize);
    file.extend_from_slice(b"BM");
    for field in [size, 0, HEADERS, 40, width, height] {
        file.extend_from_slice(&field.to_le_bytes());
    }
    // One plane, 8 bits per pixel; no compression, the image's size, 2835 pixels per metre
    // (72 dpi) both ways, the palette's colours, all of them needed.
    file.extend_from_slice(&1u16.to_le_bytes());
    file.extend_from_slice(&8u16.to_le_bytes());
    let colours = PALETTE.len() as u32;
    for field in [0, row * height, 2835, 2835, colours, colours] {
        file.extend_from_slice(&field.to_le_bytes());
    }
    for [red, green, blue] in PALETTE {
        file.extend_from_slice(&[blue, green, red, 0]);
    }
    for line in pixels.chunks_exact(width.max(1) as usize).rev() {
        file.extend_from_slice(line);
        file.resize(file.len() + (row - width) as usize, 0);
    }
    file
}

/// The file's figures, who wrote it, and one row per filter: where it is, its size, its
/// bits and what they imply, with a button that draws it (`data-place`).
fn file_table(out: &mut Markup, text: &Text, file: &OpenedFile, selected: usize) {
    let summary = &file.summary;
    let mut line = fill(
        text.files_summary,
        &[
            &file.name,
            &grouped(summary.size),
            &summary.rows,
            &summary.row_groups,
            &summary.columns,
            &summary.filters.len(),
        ],
    );
    if let Some(writer) = &summary.created_by {
        line.push(' ');
        line.push_str(&fill(text.files_created_by, &[writer]));
    }
    markup!(
        out,
        concat!(
            "<p class=\"files-summary\">{line}</p><table ",
            "class=\"parquet-filters\"><caption>{files_filters}</caption>",
            "<thead><tr>"
        ),
        line,
        files_filters = text.files_filters
    );
    for heading in [
        text.col_row_group,
        text.col_column,
        text.col_bytes,
        text.col_blocks,
        text.col_bits_set,
        text.col_fill,
        text.col_n_hat,
        text.col_fill_rate,
        "",
    ] {
        markup!(out, "<th scope=\"col\">{heading}</th>", heading);
    }
    markup!(out, "</tr></thead><tbody>");
    for (place, (filter, figures)) in summary.filters.iter().zip(&file.fills).enumerate() {
        let ones = filter.bits_set();
        let fill_ratio = ones as f64 / (filter.blocks() * split_block::BLOCK_BITS).max(1) as f64;
        let estimate = figures
            .estimated_items
            .map_or_else(|| text.estimate_undefined.to_owned(), |n| fixed(n, 1));
        let shown = if place == selected { "true" } else { "false" };
        markup!(
            out,
            concat!(
                "<tr class=\"parquet-filter\" data-shown=\"{shown}\" ",
                "data-row-group=\"{row_group}\" data-column=\"{column}\" ",
                "data-blocks=\"{blocks}\" data-bits-set=\"{ones}\" ",
                "data-bytes=\"{length}\"><td>{row_group}</td><td class=\"mono\">{column}",
                "</td>"
            ),
            shown,
            row_group = filter.row_group,
            column = filter.column,
            blocks = filter.blocks(),
            ones,
            length = filter.length
        );
        markup!(
            out,
            concat!(
                "<td>{length}</td><td>{blocks}</td><td>{ones}</td><td>{fill}",
                "</td><td>{estimate}</td><td>{rate}</td><td><button ",
                "type=\"button\" data-place=\"{place}\" aria-pressed=\"{shown}\">{files_show}",
                "</button></td></tr>"
            ),
            length = grouped(filter.length),
            blocks = grouped(filter.blocks()),
            ones = grouped(ones),
            fill = fraction(fill_ratio, 4),
            estimate,
            rate = percent(figures.rate),
            place,
            shown,
            files_show = text.files_show
        );
    }
    markup!(out, "</tbody></table>");
}

/// The value's hash and lanes, then each filter's verdict.
fn verdict_list(
    out: &mut Markup,
    text: &Text,
    file: &OpenedFile,
    query: &str,
    verdicts: &[FileVerdict],
) {
    if verdicts.is_empty() {
        return;
    }
    let h = split_block::hash(query.as_bytes());
    let mut lanes = String::new();
    for (word, bit) in split_block::lane_bits(h).iter().enumerate() {
        if word > 0 {
            lanes.push_str(", ");
        }
        lanes.push_str(&bit.to_string());
    }
    let hash = fill(text.files_value_hash, &[&format!("0x{h:016x}"), &lanes]);
    markup!(
        out,
        concat!(
            "<p class=\"formula\" data-value-hash=\"{h}\"><code>{hash}</code>",
            "</p><ul class=\"parquet-verdicts\">"
        ),
        h,
        hash
    );
    for (filter, verdict) in file.summary.filters.iter().zip(verdicts) {
        let mut set = 0;
        for &(_, bit_set) in &verdict.lanes {
            set += u32::from(bit_set);
        }
        let (key, answer) = if verdict.may_contain() {
            ("may-contain", text.files_may)
        } else {
            ("absent", text.files_absent)
        };
        let line = fill(
            text.files_verdict,
            &[&filter.row_group, &filter.column, &verdict.block, &set],
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
}

/// The pixels (places in [`PALETTE`]) of a filter's first [`DRAWN_BLOCKS`] blocks, each drawn as eight rows of
/// 32 bits (its words), and the image's width and height. The value's block is framed and
/// its eight bits coloured: orange when set, red when 0 (a bit that makes it "definitely
/// not").
pub fn pixels(bitset: &[u8], value: Option<&FileVerdict>) -> (Vec<u8>, u32, u32) {
    let blocks = (bitset.len() as u64 / 32).min(DRAWN_BLOCKS);
    let per_row = blocks_per_row(blocks);
    let width = per_row.min(blocks.max(1)) * CELL_WIDTH;
    let height = blocks.div_ceil(per_row).max(1) * CELL_HEIGHT;
    let mut image = vec![GAP; (width * height) as usize];
    let mut paint = |x: u64, y: u64, colour: u8| {
        if let Some(pixel) = image.get_mut((y * width + x) as usize) {
            *pixel = colour;
        }
    };
    let corner = |block: u64| {
        (
            (block % per_row) * CELL_WIDTH,
            (block / per_row) * CELL_HEIGHT,
        )
    };
    for block in 0..blocks {
        let (left, top) = corner(block);
        for bit in 0..256 {
            let index = block * 256 + bit;
            let set = split_block::bitset_bit(bitset, index);
            paint(
                left + bit % 32,
                top + bit / 32,
                if set { ONE } else { ZERO },
            );
        }
    }
    if let Some(value) = value.filter(|v| v.block < blocks) {
        let (left, top) = corner(value.block);
        // The frame takes the gap pixels around the block.
        for x in left.saturating_sub(1)..=left + 32 {
            paint(x, top.saturating_sub(1), FRAME);
            paint(x, top + 8, FRAME);
        }
        for y in top.saturating_sub(1)..=top + 8 {
            paint(left.saturating_sub(1), y, FRAME);
            paint(left + 32, y, FRAME);
        }
        for (word, &(bit, set)) in value.lanes.iter().enumerate() {
            let colour = if set { LANE_SET } else { LANE_ZERO };
            paint(left + u64::from(bit), top + word as u64, colour);
        }
    }
    (image, width as u32, height as u32)
}

/// The pixels of one block of `bitset`, each of its 256 bits a square of [`ZOOM_PIXELS`]
/// pixels (a pixel of it gap), in its eight rows of 32 bits; the value's bits in colour
/// when it is the value's block.
pub fn zoom_pixels(bitset: &[u8], block: u64, value: Option<&FileVerdict>) -> (Vec<u8>, u32, u32) {
    let (width, height) = (32 * ZOOM_PIXELS, 8 * ZOOM_PIXELS);
    let mut image = vec![GAP; (width * height) as usize];
    for bit in 0..256u64 {
        let set = split_block::bitset_bit(bitset, block * 256 + bit);
        let (word, place) = (bit / 32, bit % 32);
        let lane = value
            .filter(|v| v.block == block)
            .and_then(|v| v.lanes.get(word as usize))
            .filter(|&&(lane_bit, _)| u64::from(lane_bit) == place);
        let colour = match lane {
            Some(&(_, true)) => LANE_SET,
            Some(&(_, false)) => LANE_ZERO,
            None if set => ONE,
            None => ZERO,
        };
        for y in 0..ZOOM_PIXELS - 1 {
            for x in 0..ZOOM_PIXELS - 1 {
                let (px, py) = (place * ZOOM_PIXELS + x, word * ZOOM_PIXELS + y);
                image[(py * width + px) as usize] = colour;
            }
        }
    }
    (image, width as u32, height as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::parquet_summary::FoundFilter;

    /// parquet-testing's bloom_filter.xxhash.bin as the one filter of a file.
    fn model(query: &str) -> FilesModel {
        let bin = include_bytes!("../tests/data/parquet/bloom_filter.xxhash.bin");
        let filter = FoundFilter {
            row_group: 0,
            column: "value".into(),
            offset: 4,
            length: bin.len() as u64,
            header_bytes: 16,
            num_bytes: 1024,
            algorithm: "BLOCK".into(),
            hash: "XXHASH".into(),
            compression: "UNCOMPRESSED".into(),
            bitset: bin[16..].to_vec(),
        };
        let summary = FileSummary {
            size: 2000,
            rows: 4,
            row_groups: 1,
            columns: 1,
            created_by: Some("a <writer>".into()),
            filters: vec![filter],
        };
        let mut model = FilesModel {
            query: query.into(),
            ..FilesModel::default()
        };
        model.opened("f.parquet".into(), Ok(summary));
        model
    }

    #[test]
    fn the_table_and_verdicts_carry_the_contract_attributes() {
        let content = render(&model("hello"), &crate::i18n::EN, |bmp| {
            bmp.len().to_string()
        });
        assert!(content.top.contains("data-file-error=\"\""));
        assert!(content.top.contains("data-row-group=\"0\" data-column=\"value\" data-blocks=\"32\" data-bits-set=\"32\" data-bytes=\"1040\""));
        // The writer's name is escaped.
        assert!(content.top.contains("a &lt;writer&gt;"));
        assert!(content
            .bottom
            .contains("data-verdict=\"may-contain\" data-block=\"4\""));
        let content = render(&model("absent"), &crate::i18n::EN, |bmp| {
            bmp.len().to_string()
        });
        assert!(content
            .bottom
            .contains("data-verdict=\"absent\" data-block=\"18\""));
        assert!(content.bottom.contains(crate::i18n::EN.files_absent));
        // 32 blocks, 8 a row: 4 rows of blocks, 264 × 36 pixels of a byte after 54 bytes of
        // headers and 24 of palette.
        let size = 54 + 24 + 264 * 36;
        assert!(content.bottom.contains(&format!("src=\"{size}\"")));
        assert!(content.bottom.contains("width=\"264\" height=\"36\""));
    }

    #[test]
    fn a_bitmap_is_bottom_up_with_padded_rows_and_its_palette() {
        // 2 × 2: the top row 0 bit, 1 bit; the bottom row frame, gap.
        let bmp = bitmap(&[ZERO, ONE, FRAME, GAP], 2, 2);
        assert_eq!(&bmp[..2], b"BM");
        assert_eq!(u32::from_le_bytes(bmp[2..6].try_into().unwrap()), 78 + 8);
        assert_eq!(u32::from_le_bytes(bmp[10..14].try_into().unwrap()), 78);
        assert_eq!(u16::from_le_bytes(bmp[28..30].try_into().unwrap()), 8);
        // The palette's 1 bit, as blue, green, red.
        assert_eq!(&bmp[54 + 8..54 + 12], &[0x8c, 0x4e, 0x1f, 0]);
        // The bottom row comes first, each padded to 4 bytes.
        assert_eq!(&bmp[78..], &[FRAME, GAP, 0, 0, ZERO, ONE, 0, 0]);
    }

    #[test]
    fn the_value_s_lanes_are_painted_in_its_block() {
        let filter = &model("").file.unwrap().summary.filters[0];
        let verdict = filter.verdict(b"absent");
        let (image, width, _) = pixels(&filter.bitset, Some(&verdict));
        // "absent" is in block 18 (row 2, column 2 of blocks); its word 0 needs bit 10,
        // which is 0: red.
        let (x, y) = (2 * 33 + 10, 2 * 9);
        assert_eq!(image[y * width as usize + x], LANE_ZERO);
    }

    #[test]
    fn the_value_s_block_is_enlarged_to_twelve_pixels_a_bit() {
        let filter = &model("").file.unwrap().summary.filters[0];
        let verdict = filter.verdict(b"absent");
        let (image, width, height) = zoom_pixels(&filter.bitset, 18, Some(&verdict));
        assert_eq!((width, height), (128, 32));
        let at = |x: u64, y: u64| image[(y * 128 + x) as usize];
        // Word 0's lane is bit 10, which is 0: red over its 3 × 3 square, then a gap.
        assert_eq!(at(40, 0), LANE_ZERO);
        assert_eq!(at(42, 2), LANE_ZERO);
        assert_eq!(at(43, 0), GAP);
        // Every other bit is drawn as the bitset has it.
        for bit in (0..256u64).filter(|&b| verdict.lanes[(b / 32) as usize].0 as u64 != b % 32) {
            let set = split_block::bitset_bit(&filter.bitset, 18 * 256 + bit);
            assert_eq!(at(bit % 32 * 4, bit / 32 * 4), if set { ONE } else { ZERO });
        }
        // Shown at 12 screen pixels a bit, with the value's block named.
        let content = render(&model("absent"), &crate::i18n::EN, |_| String::new());
        assert!(content.bottom.contains(
            "<img class=\"parquet-zoom\" data-block=\"18\" src=\"\" alt=\"Block 18 enlarged"
        ));
        assert!(content.bottom.contains("width=\"384\" height=\"96\""));
    }

    #[test]
    fn only_the_example_file_offers_values_to_try() {
        assert!(!render(&model(""), &crate::i18n::EN, |_| String::new())
            .bottom
            .contains("data-try"));
        let mut example = model("");
        example.file.as_mut().unwrap().name = EXAMPLE_NAME.into();
        let content = render(&example, &crate::i18n::EN, |_| String::new());
        assert!(content.bottom.contains(
            "<p class=\"try\">Try:<button type=\"button\" data-try=\"dog\">dog</button><button type=\"button\" data-try=\"cat\">cat</button></p>"
        ));
    }

    #[test]
    fn a_bad_file_keeps_the_last_good_one_and_names_its_problem() {
        let mut model = model("hello");
        model.opened("x".into(), Err(FileError::EncryptedFooter));
        let content = render(&model, &crate::i18n::EN, |_| String::new());
        assert!(content.top.contains("data-file-error=\"encrypted-footer\""));
        assert!(content.top.contains("f.parquet"));
        let empty = render(&FilesModel::default(), &crate::i18n::EN, |_| String::new());
        assert!(empty.bottom.is_empty());
    }
}
