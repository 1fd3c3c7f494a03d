//! The lines from each hash in the strip above the bit array to its cell (or, on the
//! canvas, its ring). Drawn straight into the stage's `svg.links` after the grid or canvas
//! has rendered, from the positions the browser laid out.

use crate::decimal::Fixed;
use crate::markup;
use crate::markup::Markup;
use crate::ui::raw::set_markup;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::ui::marks::Mark;

/// The centre of `rect`'s bottom or top edge, relative to `origin`.
fn anchor(rect: &web_sys::DomRect, origin: &web_sys::DomRect, bottom: bool) -> (f64, f64) {
    let y = if bottom { rect.bottom() } else { rect.top() };
    (
        rect.left() + rect.width() / 2.0 - origin.left(),
        y - origin.top(),
    )
}

/// Where a line ends inside its cell: below the cell's top edge by about a fifth of its
/// height, above the digit.
fn end_inside(cell: &web_sys::DomRect, origin: &web_sys::DomRect) -> (f64, f64) {
    let (x, top) = anchor(cell, origin, false);
    (x, top + (cell.height() * 0.2).clamp(3.0, 16.0))
}

/// The path of a line from `(x1, y1)` under a hash of the strip to `(x2, y2)` inside a
/// cell of row `row` of a grid whose first row starts at `first_top`, with `gap` pixels
/// between cells. A cell of the first row is reached by a curve through the band above
/// the grid. A cell further down is reached through the gaps, so that the line never
/// crosses another cell: down to the band (each hash at its own height in it), along the
/// band to the column gap left of the cell, down that gap to the row gap above the cell,
/// along it to the cell's centre, and down into the cell.
fn path(
    start: (f64, f64),
    end: (f64, f64),
    cell: &web_sys::DomRect,
    grid: Option<GridGaps>,
    hash: u32,
) -> String {
    let ((x1, y1), (x2, y2)) = (start, end);
    let f = |v: f64| Fixed(v, 1);
    match grid {
        Some(g) if cell.top() - g.first_top > g.gap => {
            let lane = g.first_top - 5.0 - 3.0 * f64::from(hash % 5);
            let column_gap = cell.left() - g.origin_left - g.gap / 2.0;
            let row_gap = cell.top() - g.origin_top - g.gap / 2.0;
            format!(
                "M{} {}V{}H{}V{}H{}V{}",
                f(x1),
                f(y1),
                f(lane - g.origin_top),
                f(column_gap),
                f(row_gap),
                f(x2),
                f(y2)
            )
        }
        _ => {
            let top = y2 - (y2 - y1).min(cell.height() * 0.2);
            let bend = ((top - y1) / 2.0).max(12.0);
            format!(
                "M{} {}C{} {} {} {} {} {}L{} {}",
                f(x1),
                f(y1),
                f(x1),
                f(y1 + bend),
                f(x2),
                f(top - bend),
                f(x2),
                f(top),
                f(x2),
                f(y2)
            )
        }
    }
}

/// What routing through a labelled grid's gaps needs: where its first row starts, the gap
/// between cells, and the stage's origin (all in page coordinates).
#[derive(Clone, Copy)]
struct GridGaps {
    first_top: f64,
    gap: f64,
    origin_left: f64,
    origin_top: f64,
}

/// The gaps of a grid that labels its cells (the gap read from its first two cells).
fn grid_gaps(grid: &Element, origin: &web_sys::DomRect) -> Option<GridGaps> {
    let first = grid.query_selector("[data-bit-index=\"0\"]").ok()??;
    let first = first.get_bounding_client_rect();
    let gap = grid
        .query_selector("[data-bit-index=\"1\"]")
        .ok()
        .flatten()
        .map(|second| second.get_bounding_client_rect().left() - first.right())
        .filter(|gap| *gap > 0.0)
        .unwrap_or(2.0);
    Some(GridGaps {
        first_top: first.top(),
        gap,
        origin_left: origin.left(),
        origin_top: origin.top(),
    })
}

/// Draws one link per hash in the strip of `root`, from the hash to its cell (or ring),
/// into `root`'s `svg.links`, which lies over the cells: each line ends inside its cell,
/// marked with a dot, and reaches a cell below the first row through the gaps between
/// cells. The paths hold only numbers computed here.
fn draw_into(root: &Element) {
    let Ok(Some(svg)) = root.query_selector("svg.links") else {
        return;
    };
    let origin = root.get_bounding_client_rect();
    // Rings laid over a large grid or the canvas are few: look there first, and among the
    // cells (at most 1,024 of them) only for a grid that marks its cells.
    let rings = root
        .query_selector(".grid-marks, .canvas-marks")
        .ok()
        .flatten();
    let grid = root.query_selector(".bit-grid").ok().flatten();
    let gaps = match (&rings, &grid) {
        (None, Some(grid)) => grid_gaps(grid, &origin),
        _ => None,
    };
    let chips = root.query_selector_all("[data-strip-hash]");
    let mut paths = Markup::default();
    if let Ok(chips) = chips {
        for i in 0..chips.length() {
            let Some(chip) = chips.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                continue;
            };
            // Only numbers read back from the strip go into the selectors and the markup.
            let (Some(hash_index), Some(position)) = (
                chip.get_attribute("data-strip-hash")
                    .and_then(|v| v.parse::<u32>().ok()),
                chip.get_attribute("data-strip-position")
                    .and_then(|v| v.parse::<u64>().ok()),
            ) else {
                continue;
            };
            let target = match (&rings, &grid) {
                (Some(rings), _) => {
                    rings.query_selector(&format!("[data-mark-position=\"{position}\"]"))
                }
                (None, Some(grid)) => {
                    grid.query_selector(&format!("[data-bit-index=\"{position}\"]"))
                }
                (None, None) => continue,
            };
            let Ok(Some(target)) = target else {
                continue;
            };
            let cell = target.get_bounding_client_rect();
            let start = anchor(&chip.get_bounding_client_rect(), &origin, true);
            let end = end_inside(&cell, &origin);
            let d = path(start, end, &cell, gaps, hash_index);
            let class = crate::ui::marks::hash_class(hash_index);
            // One hash after another: hash i starts 60 ms after hash i − 1 (at most 8 apart).
            let delay = 60 * hash_index.min(8);
            markup!(
                paths,
                concat!(
                    "<g class=\"{class}\"><path class=\"link\" data-link-hash=\"{hash_index}\" ",
                    "data-link-position=\"{position}\" d=\"{d}\" pathLength=\"1\" ",
                    "style=\"animation-delay:{delay}ms\"/><circle class=\"link-end\" ",
                    "data-link-end=\"{position}\" cx=\"{x}\" cy=\"{y}\" r=\"4\" ",
                    "style=\"animation-delay:{delay}ms\"/></g>"
                ),
                class,
                hash_index,
                position,
                d,
                delay,
                x = Fixed(end.0, 1),
                y = Fixed(end.1, 1)
            );
        }
    }
    set_markup(&svg, paths);
}

thread_local! {
    /// A redraw is already asked for the next frame.
    static PENDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Redraws the links of the stage around `inside` (nothing when it is not in a stage, as
/// the small grids of the comparison and the sets view are not). The old links go at once;
/// the new ones are measured and drawn just after the next frame is painted, when the page
/// is laid out already, so that reading positions costs no layout of its own (they then
/// draw themselves over half a second). Several calls before that draw once.
pub fn redraw(inside: &Element) {
    let Ok(Some(stage)) = inside.closest(".bit-stage") else {
        return;
    };
    if PENDING.with(|p| p.replace(true)) {
        return;
    }
    if let Ok(Some(svg)) = stage.query_selector("svg.links") {
        set_markup(&svg, Markup::default());
    }
    crate::ui::browser::next_frame(move || {
        crate::ui::browser::yield_then(move || {
            PENDING.with(|p| p.set(false));
            draw_into(&stage);
        })
    });
}

/// Redraws the links inside `node` (see [`redraw`]) once it has rendered, whenever the
/// marks or the cells they are drawn over (`columns`, and a cell's size in pixels) change.
#[yew::hook]
pub fn use_links_follow(node: &yew::NodeRef, marks: &[Mark], columns: u64, cell_px: f64) {
    let node = node.clone();
    yew::use_effect_with((marks.to_vec(), columns, cell_px.to_bits()), move |_| {
        if let Some(inside) = node.cast::<Element>() {
            redraw(&inside);
        }
    });
}
