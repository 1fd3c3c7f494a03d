//! The bit array as a standalone SVG picture, for slides: the same cells, digits, bit
//! indexes, hash numbers and colours as on the page, and the item's strip with a line from
//! each hash to its cell.

use crate::decimal::{Fixed, Shortest};
use crate::markup;
use crate::markup::{Markup, Trusted};

use super::grid_layout::GridLayout;
use super::settings::FilterModel;

/// Hash i's colour and the colour of text on it (Okabe–Ito, as on the page).
pub const HASH_COLOURS: [(&str, &str); 8] = [
    ("#e69f00", "#000"),
    ("#56b4e9", "#000"),
    ("#009e73", "#000"),
    ("#d55e00", "#000"),
    ("#cc79a7", "#000"),
    ("#f0e442", "#000"),
    ("#0072b2", "#fff"),
    ("#000000", "#fff"),
];

/// The largest array drawn as a picture (the page's grid limit).
pub const PICTURE_MAX_BITS: u64 = 4096;

/// One marked position: the hash that landed there and whether its bit decides a
/// "definitely not".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PictureMark {
    /// The position.
    pub position: u64,
    /// Hash i.
    pub hash_index: u32,
    /// The query's deciding 0 bit.
    pub decides: bool,
}

/// Hash i's colours.
fn colours(i: u32) -> (&'static str, &'static str) {
    HASH_COLOURS[(i % HASH_COLOURS.len() as u32) as usize]
}

/// The picture of `filter` with `item`'s marks, `width` pixels wide; `None` above
/// [`PICTURE_MAX_BITS`].
pub fn bit_array_svg(
    filter: &FilterModel,
    item: Option<&str>,
    marks: &[PictureMark],
    width: f64,
) -> Option<String> {
    let m = filter.shape().m();
    if m > PICTURE_MAX_BITS {
        return None;
    }
    let margin = 16.0;
    let layout = GridLayout::for_width(m, width - 2.0 * margin);
    let (cell, gap) = (layout.cell_px, layout.gap_px);
    let strip_height = if item.is_some() { 34.0 } else { 0.0 };
    let top = margin + strip_height + if item.is_some() { 36.0 } else { 0.0 };
    let rows = layout.rows(m);
    let height = top + rows as f64 * (cell + gap) + margin;
    let at = |p: u64| {
        let (row, column) = (p / layout.columns, p % layout.columns);
        (
            margin + column as f64 * (cell + gap),
            top + row as f64 * (cell + gap),
        )
    };
    let counting = matches!(filter, FilterModel::Counting(_));
    let mut svg = Markup::default();
    markup!(
        svg,
        concat!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" ",
            "viewBox=\"0 0 {width} {height}\" font-family=\"monospace\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>"
        ),
        width = Fixed(width, 0),
        height = Fixed(height, 0)
    );
    // The strip: the item, then each hash's number and position; a line to each cell.
    if let Some(item) = item {
        markup!(
            svg,
            "<text x=\"{x}\" y=\"{y}\" font-size=\"18\" font-weight=\"700\">“{item}”</text>",
            x = Shortest(margin),
            y = Fixed(margin + 22.0, 1),
            item
        );
        let mut x = margin + 24.0 + 11.0 * item.chars().count().min(40) as f64;
        for mark in marks {
            let (fill, ink) = colours(mark.hash_index);
            let label = format!("{} → {}", mark.hash_index, mark.position);
            let chip = 12.0 + 9.0 * mark.hash_index.to_string().len() as f64;
            let (cx, cy) = at(mark.position);
            let (x2, y2) = (cx + cell / 2.0, cy);
            let (x1, y1) = (x + chip / 2.0, margin + 30.0);
            markup!(
                svg,
                concat!(
                    "<path d=\"M{x1} {y1} C{x1} {c1} {x2} {c2} {x2} {y2}\" ",
                    "fill=\"none\" stroke=\"{fill}\" stroke-width=\"3\"/>",
                    "<rect x=\"{chip_x}\" y=\"{chip_y}\" width=\"{chip_w}\" height=\"20\" rx=\"3\" fill=\"{fill}\"/>",
                    "<text x=\"{number_x}\" y=\"{text_y}\" font-size=\"14\" font-weight=\"700\" fill=\"{ink}\">",
                    "{hash}</text><text x=\"{arrow_x}\" y=\"{text_y}\" font-size=\"15\">{arrow}</text>"
                ),
                fill = Trusted(fill),
                ink = Trusted(ink),
                x1 = Fixed(x1, 1),
                y1 = Fixed(y1, 1),
                c1 = Fixed(y1 + 18.0, 1),
                x2 = Fixed(x2, 1),
                c2 = Fixed(y2 - 18.0, 1),
                y2 = Fixed(y2, 1),
                chip_x = Fixed(x, 1),
                chip_y = Fixed(margin + 8.0, 1),
                chip_w = Fixed(chip, 1),
                number_x = Fixed(x + 5.0, 1),
                text_y = Fixed(margin + 23.0, 1),
                hash = mark.hash_index,
                arrow_x = Fixed(x + chip + 4.0, 1),
                arrow = &label[label.find(' ').unwrap_or(0)..],
            );
            x += chip + 18.0 + 9.0 * (label.len() as f64 - 1.0);
        }
    }
    let labels = layout.labels;
    for p in 0..m {
        let (x, y) = at(p);
        let value = filter.count(p);
        let (fill, ink) = match (value, counting) {
            (0, _) => ("#ecece4", "#4e524b"),
            (1, true) => ("#8fb3dd", "#1d232b"),
            _ => ("#1d4e89", "#fff"),
        };
        let here: Vec<&PictureMark> = marks.iter().filter(|mk| mk.position == p).collect();
        markup!(
            svg,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" rx=\"3\" fill=\"{fill}\"",
            x = Fixed(x, 1),
            y = Fixed(y, 1),
            cell = Fixed(cell, 1),
            fill = Trusted(fill)
        );
        if let Some(first) = here.first() {
            let dash = if first.decides {
                " stroke-dasharray=\"6 3\""
            } else {
                ""
            };
            markup!(
                svg,
                " stroke=\"{stroke}\" stroke-width=\"4\"{dash}",
                stroke = Trusted(colours(first.hash_index).0),
                dash = Trusted(dash)
            );
        }
        markup!(svg, "/>");
        if labels.digit {
            markup!(
                svg,
                concat!(
                    "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" fill=\"{ink}\" text-anchor=\"middle\" ",
                    "dominant-baseline=\"central\">{value}</text>"
                ),
                x = Fixed(x + cell / 2.0, 1),
                y = Fixed(y + cell / 2.0, 1),
                size = Fixed(cell * 0.4, 1),
                ink = Trusted(ink),
                value
            );
        }
        if labels.index {
            markup!(
                svg,
                "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" fill=\"{ink}\">{p}</text>",
                x = Fixed(x + cell * 0.07, 1),
                y = Fixed(y + cell * 0.2, 1),
                size = Fixed(cell * 0.18, 1),
                ink = Trusted(ink),
                p
            );
        }
        if labels.hashes {
            let size = cell * 0.18;
            let mut chip_x = x + cell / 2.0 - here.len() as f64 * size * 0.6;
            for mark in &here {
                let (fill, ink) = colours(mark.hash_index);
                let w = size * (0.7 + 0.6 * mark.hash_index.to_string().len() as f64);
                markup!(
                    svg,
                    concat!(
                        "<rect x=\"{left}\" y=\"{top}\" width=\"{width}\" height=\"{height}\" rx=\"2\" ",
                        "fill=\"{fill}\"/><text x=\"{centre}\" y=\"{base}\" font-size=\"{size}\" fill=\"{ink}\" ",
                        "font-weight=\"700\" text-anchor=\"middle\">{hash}</text>"
                    ),
                    fill = Trusted(fill),
                    ink = Trusted(ink),
                    left = Fixed(chip_x, 1),
                    top = Fixed(y + cell * 0.77, 1),
                    width = Fixed(w, 1),
                    height = Fixed(size * 1.2, 1),
                    centre = Fixed(chip_x + w / 2.0, 1),
                    base = Fixed(y + cell * 0.93, 1),
                    size = Fixed(size, 1),
                    hash = mark.hash_index,
                );
                chip_x += w + 2.0;
            }
        }
    }
    markup!(svg, "</svg>");
    Some(svg.into_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{BloomFilter, FilterShape, HashFamily};

    #[test]
    fn the_picture_has_a_cell_per_bit_with_its_digit_and_the_marks_in_hash_colours() {
        let shape = FilterShape::new(16, 3, HashFamily::Fnv1a).unwrap();
        let mut filter = BloomFilter::new(shape);
        filter.insert(b"a");
        let ones = filter.bits().iter_ones().count();
        let filter = FilterModel::Plain(filter);
        let marks = [
            PictureMark {
                position: 3,
                hash_index: 0,
                decides: true,
            },
            PictureMark {
                position: 15,
                hash_index: 1,
                decides: false,
            },
        ];
        let svg = bit_array_svg(&filter, Some("d<&>"), &marks, 1200.0).unwrap();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>"));
        // 16 cells (rects with rx=3 and the cell size), set ones in the set colour.
        assert_eq!(svg.matches("rx=\"3\" fill=\"#1d4e89\"").count(), ones);
        assert_eq!(svg.matches("rx=\"3\" fill=\"#ecece4\"").count(), 16 - ones);
        // The marks: hash 0's orange ring (dashed, it decides), hash 1's sky blue, and a
        // line in each colour; the item is escaped.
        assert!(svg.contains("stroke=\"#e69f00\" stroke-width=\"4\" stroke-dasharray"));
        assert!(svg.contains("stroke=\"#56b4e9\" stroke-width=\"4\"/>"));
        assert_eq!(svg.matches("<path").count(), 2);
        assert!(svg.contains("“d&lt;&amp;&gt;”"));
        assert!(bit_array_svg(&filter, None, &[], 600.0).is_some());
    }

    #[test]
    fn an_array_beyond_the_grid_has_no_picture() {
        let shape = FilterShape::new(PICTURE_MAX_BITS + 1, 3, HashFamily::Fnv1a).unwrap();
        let filter = FilterModel::Plain(BloomFilter::new(shape));
        assert!(bit_array_svg(&filter, None, &[], 1200.0).is_none());
    }
}
