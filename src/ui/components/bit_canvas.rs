//! The bit array as pixels, for m above the DOM grid's limit (up to the memory cap). One
//! pixel per bit, drawn in horizontal bands; zoom scales the pixels; rings mark positions.

use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData, KeyboardEvent};
use yew::prelude::*;

use crate::state::{Action, FilterModel};
use crate::ui::browser::now_ms;
use crate::ui::components::bit_grid::cursor_target;
use crate::ui::marks::{Mark, MarkKind};
use crate::ui::shared::Shared;
use crate::ui::text::{fill, Text};

/// Zoom levels in screen pixels per bit.
pub const ZOOM_LEVELS: [f64; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];

/// Bits per canvas row: the smallest multiple of 64 at or above `sqrt(m)`.
pub fn canvas_columns(m: u64) -> u64 {
    let side = (m as f64).sqrt().ceil() as u64;
    side.div_ceil(64).max(1) * 64
}

/// The zoom at which the canvas is about 1000 screen pixels wide (at most 16).
pub fn fitting_zoom(columns: u64) -> f64 {
    ZOOM_LEVELS
        .iter()
        .rev()
        .copied()
        .find(|z| columns as f64 * z <= 1000.0)
        .unwrap_or(ZOOM_LEVELS[0])
}

const UNSET: [u8; 4] = [236, 236, 228, 255];
const SET: [u8; 4] = [29, 78, 137, 255];
const SATURATED: [u8; 4] = [180, 60, 20, 255];

/// The colour of one cell value.
fn colour(value: u8, max: u8, counting: bool) -> [u8; 4] {
    if value == 0 {
        UNSET
    } else if counting && value == max && max > 1 {
        SATURATED
    } else if counting && max > 1 {
        // Lighter for 1, darker for higher counts.
        let t = (value as f64 / max as f64).min(1.0);
        let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * (0.55 + 0.45 * t)) as u8;
        [
            mix(UNSET[0], SET[0]),
            mix(UNSET[1], SET[1]),
            mix(UNSET[2], SET[2]),
            255,
        ]
    } else {
        SET
    }
}

/// Draws every bit of `filter` into the canvas, `columns` bits per row.
pub fn draw(canvas: &HtmlCanvasElement, filter: &FilterModel, columns: u64) -> Result<(), String> {
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(|_| "no 2d context".to_owned())?
        .ok_or("no 2d context")?
        .dyn_into()
        .map_err(|_| "not a 2d context".to_owned())?;
    let m = filter.shape().m();
    let rows = m.div_ceil(columns);
    // Sized here, not in html!: re-setting a canvas's width attribute clears it.
    canvas.set_width(columns as u32);
    canvas.set_height(rows as u32);
    let (counting, max) = match filter {
        FilterModel::Plain(_) => (false, 1),
        FilterModel::Counting(f) => (true, f.max_count()),
    };
    // Bands of at most 1 MiB of pixels keep the temporary buffer small.
    let band_rows = ((1u64 << 18) / columns).max(1);
    let mut band = Vec::new();
    let mut row = 0;
    while row < rows {
        let height = band_rows.min(rows - row);
        band.clear();
        band.resize((height * columns * 4) as usize, 0);
        for (offset, pixel) in band.chunks_exact_mut(4).enumerate() {
            let position = row * columns + offset as u64;
            let rgba = if position < m {
                colour(filter.count(position), max, counting)
            } else {
                [255, 255, 255, 0]
            };
            pixel.copy_from_slice(&rgba);
        }
        let image = ImageData::new_with_u8_clamped_array_and_sh(
            Clamped(&band[..]),
            columns as u32,
            height as u32,
        )
        .map_err(|_| "image data".to_owned())?;
        context
            .put_image_data(&image, 0.0, row as f64)
            .map_err(|_| "put image data".to_owned())?;
        row += height;
    }
    Ok(())
}

/// Positions whose value differs between two filters of the same shape and mode, or `None`
/// when they cannot be compared (another shape or mode) or more than `limit` differ.
pub fn changed_positions(old: &FilterModel, new: &FilterModel, limit: usize) -> Option<Vec<u64>> {
    let mut changed = Vec::new();
    match (old, new) {
        (FilterModel::Plain(a), FilterModel::Plain(b)) if a.shape() == b.shape() => {
            for (w, (x, y)) in a.bits().words().iter().zip(b.bits().words()).enumerate() {
                let mut diff = x ^ y;
                while diff != 0 {
                    changed.push(w as u64 * 64 + diff.trailing_zeros() as u64);
                    diff &= diff - 1;
                    if changed.len() > limit {
                        return None;
                    }
                }
            }
        }
        (FilterModel::Counting(a), FilterModel::Counting(b))
            if a.shape() == b.shape() && a.width() == b.width() =>
        {
            for (p, (x, y)) in a.counters().iter().zip(b.counters()).enumerate() {
                if x != y {
                    changed.push(p as u64);
                    if changed.len() > limit {
                        return None;
                    }
                }
            }
        }
        _ => return None,
    }
    Some(changed)
}

/// Repaints only `positions`, one pixel each.
fn draw_changes(
    canvas: &HtmlCanvasElement,
    filter: &FilterModel,
    columns: u64,
    positions: &[u64],
) -> Result<(), String> {
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(|_| "no 2d context".to_owned())?
        .ok_or("no 2d context")?
        .dyn_into()
        .map_err(|_| "not a 2d context".to_owned())?;
    let (counting, max) = match filter {
        FilterModel::Plain(_) => (false, 1),
        FilterModel::Counting(f) => (true, f.max_count()),
    };
    for &p in positions {
        let rgba = colour(filter.count(p), max, counting);
        context.set_fill_style_str(&format!("rgb({},{},{})", rgba[0], rgba[1], rgba[2]));
        context.fill_rect((p % columns) as f64, (p / columns) as f64, 1.0, 1.0);
    }
    Ok(())
}

/// Most pixels repainted one by one; more changes redraw everything.
const INCREMENTAL_LIMIT: usize = 4096;

/// Props of [`BitCanvas`].
#[derive(Properties, PartialEq)]
pub struct BitCanvasProps {
    /// The filter to draw.
    pub filter: Shared<FilterModel>,
    /// Marked cells.
    pub marks: Vec<Mark>,
    /// The cell under the cursor.
    #[prop_or_default]
    pub cursor: Option<u64>,
    /// Sends actions (cursor moves).
    pub ondispatch: Callback<Action>,
}

/// The canvas view.
#[component]
pub fn BitCanvas(props: &BitCanvasProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::ui::text::EN);
    let m = props.filter.shape().m();
    let columns = canvas_columns(m);
    let rows = m.div_ceil(columns);
    let zoom = use_state(|| fitting_zoom(columns));
    let canvas_ref = use_node_ref();
    // The filter now on the canvas: an add or remove repaints only the pixels that changed.
    let drawn = use_mut_ref(|| None::<Shared<FilterModel>>);
    {
        let canvas_ref = canvas_ref.clone();
        use_effect_with(props.filter.clone(), move |filter| {
            if let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() {
                let start = now_ms();
                let previous = drawn.borrow().clone();
                let changes = previous
                    .filter(|_| canvas.width() as u64 == columns)
                    .and_then(|old| changed_positions(&old, filter, INCREMENTAL_LIMIT));
                let result = match &changes {
                    Some(positions) => draw_changes(&canvas, filter, columns, positions),
                    None => draw(&canvas, filter, columns),
                };
                if let Err(problem) = result {
                    web_sys::console::error_1(&format!("canvas: {problem}").into());
                }
                *drawn.borrow_mut() = Some(filter.clone());
                // How long the last paint took, and whether it was a full redraw (benchmark).
                let kind = if changes.is_some() { "partial" } else { "full" };
                let _ = canvas.set_attribute("data-draw-ms", &format!("{:.1}", now_ms() - start));
                let _ = canvas.set_attribute("data-draw-kind", kind);
            }
        });
    }
    let z = *zoom;
    let set_zoom = |level: f64| {
        let zoom = zoom.clone();
        Callback::from(move |_| zoom.set(level))
    };
    let onclick = {
        let d = props.ondispatch.clone();
        Callback::from(move |e: MouseEvent| {
            let (x, y) = (e.offset_x() as f64 / z, e.offset_y() as f64 / z);
            let position = y.floor() as u64 * columns + x.floor() as u64;
            if x >= 0.0 && y >= 0.0 && position < m {
                d.emit(Action::SelectCell(Some(position)));
            }
        })
    };
    let onkeydown = {
        let (d, cursor) = (props.ondispatch.clone(), props.cursor);
        Callback::from(move |e: KeyboardEvent| {
            if let Some(target) = cursor_target(&e.key(), cursor, m, columns) {
                e.prevent_default();
                e.stop_propagation();
                d.emit(Action::SelectCell(Some(target)));
            }
        })
    };
    let cursor_ring = props.cursor.map(|c| {
        let x = (c % columns) as f64 * z + z / 2.0;
        let y = (c / columns) as f64 * z + z / 2.0;
        html! {
            <div class="canvas-mark cursor" style={format!("left: {x}px; top: {y}px")}
                 data-cursor={c.to_string()} />
        }
    });
    let stage_style = format!(
        "width: {}px; height: {}px",
        columns as f64 * z,
        rows as f64 * z
    );
    html! {
        <div class="canvas-view" data-m={m.to_string()}>
            <div class="canvas-toolbar">
                <span>{ fill(text.canvas_hint, &[&m]) }</span>
                <span class="zoom" role="group" aria-label={text.zoom}>
                    { text.zoom }{ ": " }
                    { for ZOOM_LEVELS.iter().map(|&level| html! {
                        <button class={classes!((level == z).then_some("active"))}
                                aria-pressed={(level == z).to_string()}
                                onclick={set_zoom(level)}>
                            { format!("{level}×") }
                        </button>
                    }) }
                </span>
            </div>
            <div class="canvas-scroll" tabindex="0" {onkeydown} role="application"
                 aria-label="bit array, arrow keys move the cursor">
                <div class="canvas-stage" style={stage_style.clone()}>
                    <canvas ref={canvas_ref} class="bit-canvas" style={stage_style} {onclick} />
                    <div class="canvas-marks">
                    { cursor_ring }
                    { for props.marks.iter().map(|mark| {
                        let x = (mark.position % columns) as f64 * z + z / 2.0;
                        let y = (mark.position / columns) as f64 * z + z / 2.0;
                        let kind = match mark.kind {
                            MarkKind::Probe => "probe",
                            MarkKind::Current => "current",
                            MarkKind::Zero => "zero-hit",
                        };
                        html! {
                            <div class={classes!("canvas-mark", kind)}
                                 style={format!("left: {x}px; top: {y}px")}
                                 data-position={mark.position.to_string()}
                                 title={format!("h{}: {}", mark.hash_index, mark.position)}>
                                <span>{ format!("h{}", mark.hash_index) }</span>
                            </div>
                        }
                    }) }
                    </div>
                </div>
            </div>
        </div>
    }
}
