//! The lines from each hash in the strip above the bit array to its cell (or, on the
//! canvas, its ring). Drawn straight into the stage's `svg.links` after the grid or canvas
//! has rendered, from the positions the browser laid out.

use crate::decimal::Fixed;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// The centre of `rect`'s bottom or top edge, relative to `origin`.
fn anchor(rect: &web_sys::DomRect, origin: &web_sys::DomRect, bottom: bool) -> (f64, f64) {
    let y = if bottom { rect.bottom() } else { rect.top() };
    (
        rect.left() + rect.width() / 2.0 - origin.left(),
        y - origin.top(),
    )
}

/// Draws one link per hash in the strip of `root`, from the hash to its cell (or ring),
/// into `root`'s `svg.links`. The paths hold only numbers computed here.
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
    let chips = root.query_selector_all("[data-strip-hash]");
    let mut paths = String::new();
    if let Ok(chips) = chips {
        for i in 0..chips.length() {
            let Some(chip) = chips.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
                continue;
            };
            let (Some(hash), Some(position)) = (
                chip.get_attribute("data-strip-hash"),
                chip.get_attribute("data-strip-position"),
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
            let (x1, y1) = anchor(&chip.get_bounding_client_rect(), &origin, true);
            let (x2, y2) = anchor(&target.get_bounding_client_rect(), &origin, false);
            let (c1, c2) = (
                y1 + ((y2 - y1) / 2.0).max(12.0),
                y2 - ((y2 - y1) / 2.0).max(12.0),
            );
            let class = chip.get_attribute("data-link-class").unwrap_or_default();
            // One hash after another: hash i starts 60 ms after hash i − 1 (at most 8 apart).
            let delay = 60 * hash.parse::<u32>().unwrap_or(0).min(8);
            paths.push_str(&format!(
                "<path class=\"link {class}\" data-link-hash=\"{hash}\" data-link-position=\"{position}\" \
                 d=\"M{x1} {y1}C{x1} {c1} {x2} {c2} {x2} {y2}\" pathLength=\"1\" \
                 style=\"animation-delay:{delay}ms\"/>",
                x1 = Fixed(x1, 0),
                y1 = Fixed(y1, 0),
                c1 = Fixed(c1, 0),
                x2 = Fixed(x2, 0),
                c2 = Fixed(c2, 0),
                y2 = Fixed(y2, 0),
            ));
        }
    }
    svg.set_inner_html(&paths);
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
        svg.set_inner_html("");
    }
    crate::ui::browser::next_frame(move || {
        crate::ui::browser::yield_then(move || {
            PENDING.with(|p| p.set(false));
            draw_into(&stage);
        })
    });
}
