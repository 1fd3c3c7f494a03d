//! The bit array as pixels, for m above the DOM grid's limit (up to the memory cap). One
//! pixel per bit, drawn in horizontal bands; zoom scales the pixels; rings mark positions.

use crate::decimal::{fixed, Shortest};
use crate::state::VisualizerAction;
use yew::prelude::*;

use crate::state::{Action, FilterModel};
use std::cell::{Cell, RefCell};
use std::ops::Range;
use std::rc::Rc;

use crate::i18n::{fill, Text};
use crate::ui::browser::{now_ms, yield_then};
use crate::ui::components::bit_grid::{cursor_keys, BitViewProps};
use crate::ui::links::use_links_follow;
use crate::ui::marks::hash_class;
use crate::ui::shared::Shared;

mod tiles;

use tiles::{band_rows, bits_per_pixel_side, draw_band, draw_changes, draw_tiles, Tiles};
pub use tiles::{canvas_columns, fitting_zoom, tile_rows, ZOOM_LEVELS};

/// Above this many bits in sight a full redraw is split into tasks of about [`TASK_MS`]:
/// 2^17 bits paint in a few milliseconds; 10^6 bits at once took 25–40 ms on a slow
/// machine, on top of the render that asked for them.
const SYNC_DRAW_MAX: u64 = 1 << 17;
/// Work per task of a split redraw, in milliseconds.
const TASK_MS: f64 = 8.0;

/// A full redraw split into tasks, so the page stays responsive at m = 2^25. A newer draw
/// (a different `generation`) stops it.
struct SplitDraw {
    stage: web_sys::Element,
    tiles: Tiles,
    filter: Shared<FilterModel>,
    zoom: f64,
    /// The rows left to draw.
    rows: Range<u64>,
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
        let step = band_rows(self.tiles.columns);
        while !self.rows.is_empty() && now_ms() - task_start < TASK_MS {
            let height = step.min(self.rows.end - self.rows.start);
            if draw_band(&self.tiles, &self.filter, self.rows.start, height).is_err() {
                return;
            }
            self.rows.start += height;
        }
        self.longest_task_ms = self.longest_task_ms.max(now_ms() - task_start);
        if !self.rows.is_empty() {
            yield_then(move || self.run());
        } else {
            *self.drawn.borrow_mut() = Some(self.filter.clone());
            let stage = &self.stage;
            let _ = stage.set_attribute("data-draw-ms", &fixed(now_ms() - self.started_ms, 1));
            let _ =
                stage.set_attribute("data-draw-longest-task-ms", &fixed(self.longest_task_ms, 1));
            let _ = stage.set_attribute("data-draw-kind", "full");
            // The reader may have scrolled meanwhile.
            bring_tiles_into_sight(stage, &self.filter, self.tiles.columns, self.zoom);
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

/// Gives the tiles that came into sight their bitmap and paint, and releases the ones that
/// left it, once `filter` is fully drawn.
fn bring_tiles_into_sight(stage: &web_sys::Element, filter: &FilterModel, columns: u64, z: f64) {
    let tiles = Tiles::of(stage, columns, z);
    let entering = tiles.size(filter.shape().m(), false);
    if let Err(problem) = draw_tiles(&tiles, filter, &entering) {
        web_sys::console::error_1(&format!("canvas: {problem}").into());
    }
}

/// Paints `filter` on the tiles in `stage` at zoom `z`: only the changed pixels when the
/// tiles show the same shape, else every tile in sight (split into tasks above
/// [`SYNC_DRAW_MAX`] bits). The stage records how long the paint took and whether it was
/// full (`data-draw-*`, read by the benchmark); those marks are removed while a paint is
/// under way.
fn paint(
    stage: &web_sys::Element,
    filter: &Shared<FilterModel>,
    (columns, z): (u64, f64),
    current: &Rc<Cell<u64>>,
    drawn: &Rc<RefCell<Option<Shared<FilterModel>>>>,
) {
    for mark in [
        "data-draw-ms",
        "data-draw-kind",
        "data-draw-longest-task-ms",
    ] {
        let _ = stage.remove_attribute(mark);
    }
    let tiles = Tiles::of(stage, columns, z);
    let start = now_ms();
    current.set(current.get() + 1);
    let m = filter.shape().m();
    let previous = drawn.borrow_mut().take();
    let changes = previous
        .filter(|_| tiles.sized_for(m))
        .and_then(|old| changed_positions(&old, filter, INCREMENTAL_LIMIT));
    let result = match &changes {
        Some(positions) => draw_changes(&tiles, filter, positions),
        None => {
            let live = tiles.size(m, true);
            let rows = m.div_ceil(columns);
            let span = match (live.first(), live.last()) {
                (Some(&first), Some(&last)) => {
                    tiles.rows_of(first, rows).start..tiles.rows_of(last, rows).end
                }
                _ => 0..0,
            };
            if (span.end - span.start) * columns <= SYNC_DRAW_MAX {
                draw_tiles(&tiles, filter, &live)
            } else {
                let split = SplitDraw {
                    stage: stage.clone(),
                    tiles,
                    filter: filter.clone(),
                    zoom: z,
                    rows: span,
                    generation: current.get(),
                    current: current.clone(),
                    drawn: drawn.clone(),
                    started_ms: start,
                    longest_task_ms: 0.0,
                };
                // Its first slice too runs in a task of its own, not after the render that
                // asked for it (which, for a new 2^24-bit filter, has already taken 30-40 ms).
                yield_then(move || split.run());
                return;
            }
        }
    };
    if let Err(problem) = result {
        web_sys::console::error_1(&format!("canvas: {problem}").into());
    }
    *drawn.borrow_mut() = Some(filter.clone());
    let kind = if changes.is_some() { "partial" } else { "full" };
    let _ = stage.set_attribute("data-draw-ms", &fixed(now_ms() - start, 1));
    let _ = stage.set_attribute("data-draw-kind", kind);
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
    let stage_ref = use_node_ref();
    // The filter on the canvas once its drawing is complete: an add or remove then repaints
    // only the pixels that changed. Large full redraws run in tasks of about 8 ms.
    let drawn = use_mut_ref(|| None::<Shared<FilterModel>>);
    let generation = use_mut_ref(|| Rc::new(Cell::new(0u64)));
    let z = *zoom;
    let block = bits_per_pixel_side(z);
    let hint = if block == 1 {
        fill(text.canvas_hint, &[&m])
    } else {
        fill(text.canvas_hint_blocks, &[&m, &block])
    };
    {
        let stage_ref = stage_ref.clone();
        let current = generation.borrow().clone();
        let drawn = drawn.clone();
        // A new zoom may change the pixels' blocks and the tiles in sight.
        use_effect_with((props.filter.clone(), z.to_bits()), move |(filter, _)| {
            if let Some(stage) = stage_ref.cast::<web_sys::Element>() {
                paint(&stage, filter, (columns, z), &current, &drawn);
            }
            // A newer filter, or the canvas view closing, stops a split redraw in progress.
            move || current.set(current.get() + 1)
        });
    }
    let set_zoom = |level: f64| {
        let zoom = zoom.clone();
        Callback::from(move |_| zoom.set(level))
    };
    // A click on tile `tile` at (x, y) in screen pixels selects the bit under it.
    let tile_height = tile_rows(columns);
    let onclick_tile = |tile: u64| {
        let d = props.ondispatch.clone();
        Callback::from(move |e: MouseEvent| {
            let (x, y) = (e.offset_x() as f64 / z, e.offset_y() as f64 / z);
            let row = tile * tile_height + y.floor() as u64;
            let position = row * columns + x.floor() as u64;
            if x >= 0.0 && y >= 0.0 && x < columns as f64 && position < m {
                d.emit(Action::Visualizer(VisualizerAction::SelectCell(Some(
                    position,
                ))));
            }
        })
    };
    let onkeydown = cursor_keys(&props.ondispatch, columns);
    // The links from the strip follow the rings, once drawn and as the canvas scrolls.
    use_links_follow(&stage_ref, &props.marks, columns, z);
    let onscroll = {
        let stage_ref = stage_ref.clone();
        Callback::from(move |_: Event| {
            let Some(stage) = stage_ref.cast::<web_sys::Element>() else {
                return;
            };
            if let Some(filter) = drawn.borrow().clone() {
                bring_tiles_into_sight(&stage, &filter, columns, z);
            }
            crate::ui::links::redraw(&stage);
        })
    };
    let cursor_ring = props.cursor.map(|c| {
        let x = (c % columns) as f64 * z + z / 2.0;
        let y = (c / columns) as f64 * z + z / 2.0;
        html! {
            <div class="canvas-mark cursor" style={format!("left: {}px; top: {}px", Shortest(x), Shortest(y))}
                 data-cursor={c.to_string()} />
        }
    });
    let stage_style = format!(
        "width: {}px; height: {}px",
        Shortest(columns as f64 * z),
        Shortest(rows as f64 * z)
    );
    html! {
        <div class="canvas-view" data-m={m.to_string()}>
            <div class="canvas-toolbar">
                <span>{ hint }</span>
                <span class="zoom" role="group" aria-label={text.zoom}>
                    { text.zoom }{ ": " }
                    { for ZOOM_LEVELS.iter().map(|&level| html! {
                        <button class={crate::class_list!((level == z).then_some("active"))}
                                aria-pressed={(level == z).to_string()}
                                onclick={set_zoom(level)}>
                            { format!("{}×", Shortest(level)) }
                        </button>
                    }) }
                </span>
            </div>
            <div class="canvas-scroll" tabindex="0" {onkeydown} {onscroll} role="application"
                 aria-label={text.canvas_label}>
                <div class="canvas-stage" style={stage_style} ref={stage_ref}>
                    { for (0..rows.div_ceil(tile_height)).map(|tile| {
                        let tile_rows_here = (rows - tile * tile_height).min(tile_height);
                        let (width, height) = (Shortest(columns as f64 * z), Shortest(tile_rows_here as f64 * z));
                        html! {
                            <canvas class="bit-canvas" data-tile={tile.to_string()}
                                    style={format!("width: {width}px; height: {height}px")}
                                    onclick={onclick_tile(tile)} />
                        }
                    }) }
                    <div class="canvas-marks">
                    { cursor_ring }
                    { for props.marks.iter().map(|mark| {
                        let x = (mark.position % columns) as f64 * z + z / 2.0;
                        let y = (mark.position / columns) as f64 * z + z / 2.0;
                        let kind = mark.kind.class();
                        let colour = hash_class(mark.hash_index);
                        let decider = mark.decides.then_some("decider");
                        let position = mark.position.to_string();
                        html! {
                            <div class={crate::class_list!("canvas-mark", kind, colour, decider)}
                                 style={format!("left: {}px; top: {}px", Shortest(x), Shortest(y))}
                                 data-position={position.clone()} data-mark-position={position}
                                 data-decider={mark.decides.then_some("true")}
                                 title={format!("{}: {}", fill(text.hash_name, &[&mark.hash_index]), mark.position)}>
                                <span class={crate::class_list!("chip", colour)}>{ mark.hash_index }</span>
                            </div>
                        }
                    }) }
                    </div>
                </div>
            </div>
        </div>
    }
}
