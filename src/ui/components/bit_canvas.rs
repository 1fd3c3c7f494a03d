//! The bit array as pixels, for m above the DOM grid's limit (up to the memory cap). One
//! pixel per bit, drawn in horizontal bands; zoom scales the pixels; rings mark positions.

use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};
use yew::prelude::*;

use crate::state::{Action, FilterModel};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use crate::i18n::{fill, Text};
use crate::ui::browser::{now_ms, yield_then};
use crate::ui::components::bit_grid::{cursor_keys, BitViewProps};
use crate::ui::marks::MarkKind;
use crate::ui::shared::Shared;

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

fn context_of(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, String> {
    canvas
        .get_context("2d")
        .map_err(|_| "no 2d context".to_owned())?
        .ok_or("no 2d context")?
        .dyn_into()
        .map_err(|_| "not a 2d context".to_owned())
}

/// Rows per band: at most 2^17 pixels (512 KiB of RGBA), a few milliseconds of work.
fn band_rows(columns: u64) -> u64 {
    ((1u64 << 17) / columns).max(1)
}

/// Sizes the canvas for `filter`: `columns` bits per row.
fn size_canvas(canvas: &HtmlCanvasElement, filter: &FilterModel, columns: u64) {
    // Sized here, not in html!: re-setting a canvas's width attribute clears it.
    canvas.set_width(columns as u32);
    canvas.set_height(filter.shape().m().div_ceil(columns) as u32);
}

/// Draws rows `row .. row + height` of `filter`.
fn draw_band(
    context: &CanvasRenderingContext2d,
    filter: &FilterModel,
    columns: u64,
    row: u64,
    height: u64,
) -> Result<(), String> {
    let m = filter.shape().m();
    let (counting, max) = match filter {
        FilterModel::Plain(_) => (false, 1),
        FilterModel::Counting(f) => (true, f.max_count()),
    };
    let mut band = vec![0u8; (height * columns * 4) as usize];
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
        .map_err(|_| "put image data".to_owned())
}

/// Draws every bit of `filter` into the canvas at once, `columns` bits per row.
pub fn draw(canvas: &HtmlCanvasElement, filter: &FilterModel, columns: u64) -> Result<(), String> {
    size_canvas(canvas, filter, columns);
    let context = context_of(canvas)?;
    let rows = filter.shape().m().div_ceil(columns);
    let step = band_rows(columns);
    let mut row = 0;
    while row < rows {
        draw_band(&context, filter, columns, row, step.min(rows - row))?;
        row += step;
    }
    Ok(())
}

/// Above this many bits a full redraw is split into tasks of about [`TASK_MS`].
const SYNC_DRAW_MAX: u64 = 1 << 20;
/// Work per task of a split redraw, in milliseconds.
const TASK_MS: f64 = 8.0;

/// A full redraw split into tasks, so the page stays responsive at m = 2^24. A newer draw
/// (a different `generation`) stops it.
struct SplitDraw {
    canvas: HtmlCanvasElement,
    filter: Shared<FilterModel>,
    columns: u64,
    row: u64,
    generation: u64,
    current: Rc<Cell<u64>>,
    drawn: Rc<RefCell<Option<Shared<FilterModel>>>>,
    started_ms: f64,
    longest_task_ms: f64,
}

impl SplitDraw {
    fn run(mut self) {
        if self.current.get() != self.generation {
            return;
        }
        let task_start = now_ms();
        if self.row == 0 && self.canvas.width() as u64 != self.columns {
            // Allocating a large canvas is a task of its own.
            size_canvas(&self.canvas, &self.filter, self.columns);
            self.longest_task_ms = now_ms() - task_start;
            yield_then(move || self.run());
            return;
        }
        let rows = self.filter.shape().m().div_ceil(self.columns);
        let step = band_rows(self.columns);
        let Ok(context) = context_of(&self.canvas) else {
            return;
        };
        while self.row < rows && now_ms() - task_start < TASK_MS {
            let height = step.min(rows - self.row);
            if draw_band(&context, &self.filter, self.columns, self.row, height).is_err() {
                return;
            }
            self.row += height;
        }
        self.longest_task_ms = self.longest_task_ms.max(now_ms() - task_start);
        if self.row < rows {
            yield_then(move || self.run());
        } else {
            *self.drawn.borrow_mut() = Some(self.filter.clone());
            let c = &self.canvas;
            let _ = c.set_attribute(
                "data-draw-ms",
                &format!("{:.1}", now_ms() - self.started_ms),
            );
            let _ = c.set_attribute(
                "data-draw-longest-task-ms",
                &format!("{:.1}", self.longest_task_ms),
            );
            let _ = c.set_attribute("data-draw-kind", "full");
        }
    }
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
    let context = context_of(canvas)?;
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

/// The canvas view.
#[component]
pub fn BitCanvas(props: &BitViewProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let m = props.filter.shape().m();
    let columns = canvas_columns(m);
    let rows = m.div_ceil(columns);
    let zoom = use_state(|| fitting_zoom(columns));
    let canvas_ref = use_node_ref();
    // The filter on the canvas once its drawing is complete: an add or remove then repaints
    // only the pixels that changed. Large full redraws run in tasks of about 8 ms.
    let drawn = use_mut_ref(|| None::<Shared<FilterModel>>);
    let generation = use_mut_ref(|| Rc::new(Cell::new(0u64)));
    {
        let canvas_ref = canvas_ref.clone();
        let current = generation.borrow().clone();
        use_effect_with(props.filter.clone(), move |filter| {
            let Some(canvas) = canvas_ref.cast::<HtmlCanvasElement>() else {
                return;
            };
            let start = now_ms();
            current.set(current.get() + 1);
            let previous = drawn.borrow_mut().take();
            let changes = previous
                .filter(|_| canvas.width() as u64 == columns)
                .and_then(|old| changed_positions(&old, filter, INCREMENTAL_LIMIT));
            let m = filter.shape().m();
            let result = match &changes {
                Some(positions) => draw_changes(&canvas, filter, columns, positions),
                None if m <= SYNC_DRAW_MAX => draw(&canvas, filter, columns),
                None => {
                    let split = SplitDraw {
                        canvas: canvas.clone(),
                        filter: filter.clone(),
                        columns,
                        row: 0,
                        generation: current.get(),
                        current: current.clone(),
                        drawn: drawn.clone(),
                        started_ms: start,
                        longest_task_ms: 0.0,
                    };
                    split.run();
                    return;
                }
            };
            if let Err(problem) = result {
                web_sys::console::error_1(&format!("canvas: {problem}").into());
            }
            *drawn.borrow_mut() = Some(filter.clone());
            // How long the last paint took, and whether it was a full redraw (benchmark).
            let kind = if changes.is_some() { "partial" } else { "full" };
            let _ = canvas.set_attribute("data-draw-ms", &format!("{:.1}", now_ms() - start));
            let _ = canvas.set_attribute("data-draw-kind", kind);
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
    let onkeydown = cursor_keys(&props.ondispatch, props.cursor, m, columns);
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
                 aria-label={text.canvas_label}>
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
