//! The bit array as pixels, for m above the DOM grid's limit (up to the memory cap). One
//! pixel per bit, drawn in horizontal bands; zoom scales the pixels; rings mark positions.

use crate::decimal::{fixed, Shortest};
use crate::state::VisualizerAction;
use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};
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

/// Bits per canvas pixel along each side at zoom `z`: 1 from 1× up; below, one pixel
/// stands for a `1/z` × `1/z` block (the screen could not show the bits apart anyway), so
/// that the canvases of m = 2^25 hold 8 MiB of pixels rather than 128 MiB.
pub fn bits_per_pixel_side(z: f64) -> u64 {
    if z < 1.0 {
        (1.0 / z).round() as u64
    } else {
        1
    }
}

/// Rows per band: at most 2^17 bits, a few milliseconds of work; a multiple of 4 so that
/// a band holds whole blocks at every [`bits_per_pixel_side`].
fn band_rows(columns: u64) -> u64 {
    ((1u64 << 17) / columns / 4).max(1) * 4
}

/// Bits per canvas tile. A canvas allocates its whole bitmap on the first paint; tiles of
/// 2^20 bits (4 MiB at one pixel per bit) take a few milliseconds each, and only the tiles
/// in sight hold a bitmap (the renderer keeps several times a bitmap's size per canvas).
const TILE_BITS: u64 = 1 << 20;

/// Rows per tile for `columns` bits per row: a multiple of the band height.
pub fn tile_rows(columns: u64) -> u64 {
    let band = band_rows(columns);
    ((TILE_BITS / columns) / band).max(1) * band
}

/// The canvases of the bit array, top to bottom, and the geometry they share. Only the
/// tiles in sight have a bitmap; the others are released (0 × 0, their size on screen
/// kept by their style).
struct Tiles {
    canvases: Vec<HtmlCanvasElement>,
    columns: u64,
    rows_per_tile: u64,
    /// Bits per pixel along each side.
    block: u64,
    /// The tiles in sight.
    live: Range<u64>,
}

impl Tiles {
    /// The tile canvases inside `stage` (its `canvas` children, in order), for the array
    /// shown at zoom `z`.
    fn of(stage: &web_sys::Element, columns: u64, z: f64) -> Tiles {
        let list = stage.get_elements_by_tag_name("canvas");
        let mut canvases: Vec<HtmlCanvasElement> = Vec::new();
        for i in 0..list.length() {
            if let Some(canvas) = list.item(i).and_then(|e| e.dyn_into().ok()) {
                canvases.push(canvas);
            }
        }
        let rows_per_tile = tile_rows(columns);
        let live = tiles_in_sight(stage, rows_per_tile as f64 * z, canvases.len() as u64);
        Tiles {
            canvases,
            columns,
            rows_per_tile,
            block: bits_per_pixel_side(z),
            live,
        }
    }

    /// The bitmap size of tile `tile` when the array has `rows` rows; 0 × 0 out of sight.
    fn bitmap_size(&self, tile: u64, rows: u64) -> (u32, u32) {
        if !self.live.contains(&tile) {
            return (0, 0);
        }
        let tile_rows = rows
            .saturating_sub(tile * self.rows_per_tile)
            .min(self.rows_per_tile);
        (
            (self.columns / self.block) as u32,
            tile_rows.div_ceil(self.block) as u32,
        )
    }

    /// Whether every tile already has its bitmap size (then pixels can be repainted in
    /// place).
    fn sized_for(&self, m: u64) -> bool {
        let rows = m.div_ceil(self.columns);
        self.canvases.len() as u64 == rows.div_ceil(self.rows_per_tile)
            && self
                .canvases
                .iter()
                .enumerate()
                .all(|(i, c)| (c.width(), c.height()) == self.bitmap_size(i as u64, rows))
    }

    /// Sizes the tiles for `m` bits, the ones in sight only when `all` is false: sizing
    /// clears a canvas (its bitmap comes on first paint), and a released tile drops its
    /// bitmap. Returns the tiles in sight that were sized, which need a full paint.
    fn size(&self, m: u64, all: bool) -> Vec<u64> {
        let rows = m.div_ceil(self.columns);
        let mut sized = Vec::new();
        for (i, canvas) in self.canvases.iter().enumerate() {
            let (width, height) = self.bitmap_size(i as u64, rows);
            // Sized here, not in html!: re-setting a canvas's width attribute clears it.
            if all || (canvas.width(), canvas.height()) != (width, height) {
                canvas.set_width(width);
                canvas.set_height(height);
                if width > 0 {
                    sized.push(i as u64);
                }
            }
        }
        sized
    }

    /// The 2D context of the tile holding array row `row`, and that row's y in the tile.
    fn at_row(&self, row: u64) -> Result<(CanvasRenderingContext2d, u64), String> {
        let canvas = self
            .canvases
            .get((row / self.rows_per_tile) as usize)
            .ok_or("no tile for this row")?;
        Ok((context_of(canvas)?, row % self.rows_per_tile))
    }

    /// The array rows of tile `tile` when the array has `rows` rows.
    fn rows_of(&self, tile: u64, rows: u64) -> Range<u64> {
        (tile * self.rows_per_tile).min(rows)..((tile + 1) * self.rows_per_tile).min(rows)
    }
}

/// The tiles of `tile_height` screen pixels that the scroll box around `stage` shows (with
/// a few pixels to spare), out of `count`; the first when the box is not laid out.
fn tiles_in_sight(stage: &web_sys::Element, tile_height: f64, count: u64) -> Range<u64> {
    const SPARE_PX: f64 = 32.0;
    let Some(scroll) = stage.parent_element() else {
        return 0..count.min(1);
    };
    let (top, height) = (scroll.scroll_top() as f64, scroll.client_height() as f64);
    if height <= 0.0 || tile_height <= 0.0 {
        return 0..count.min(1);
    }
    let first = ((top - SPARE_PX).max(0.0) / tile_height).floor() as u64;
    let last = ((top + height + SPARE_PX) / tile_height).floor() as u64;
    first.min(count)..(last + 1).min(count)
}

/// The colour of the pixel for the `block` × `block` bits from array row `row`, column
/// `column`: a cell's own colour at one bit per pixel; else unset when no bit of the block
/// is set, and darker the larger the share of set bits (any set bit shows).
fn block_colour(filter: &FilterModel, columns: u64, block: u64, row: u64, column: u64) -> [u8; 4] {
    let m = filter.shape().m();
    let (counting, max) = match filter {
        FilterModel::Plain(_) => (false, 1),
        FilterModel::Counting(f) => (true, f.max_count()),
    };
    if block == 1 {
        let position = row * columns + column;
        return if position < m {
            colour(filter.count(position), max, counting)
        } else {
            [255, 255, 255, 0]
        };
    }
    let (mut bits, mut set) = (0u64, 0u64);
    for r in row..row + block {
        let first = r * columns + column;
        for position in first..(first + block).min(m) {
            bits += 1;
            set += u64::from(filter.count(position) > 0);
        }
    }
    if bits == 0 {
        return [255, 255, 255, 0];
    }
    if set == 0 {
        return UNSET;
    }
    let share = 0.5 + 0.5 * set as f64 / bits as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * share) as u8;
    [
        mix(UNSET[0], SET[0]),
        mix(UNSET[1], SET[1]),
        mix(UNSET[2], SET[2]),
        255,
    ]
}

/// Draws array rows `row .. row + height` of `filter` (within one tile: bands never cross
/// a tile edge, as a tile's height is a multiple of the band height).
fn draw_band(tiles: &Tiles, filter: &FilterModel, row: u64, height: u64) -> Result<(), String> {
    let block = tiles.block;
    let (width, pixel_rows) = (tiles.columns / block, height.div_ceil(block));
    let mut band = vec![0u8; (width * pixel_rows * 4) as usize];
    for (offset, pixel) in band.chunks_exact_mut(4).enumerate() {
        let (x, y) = (offset as u64 % width, offset as u64 / width);
        let rgba = block_colour(filter, tiles.columns, block, row + y * block, x * block);
        pixel.copy_from_slice(&rgba);
    }
    let image = ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(&band[..]),
        width as u32,
        pixel_rows as u32,
    )
    .map_err(|_| "image data".to_owned())?;
    let (context, y) = tiles.at_row(row)?;
    context
        .put_image_data(&image, 0.0, (y / block) as f64)
        .map_err(|_| "put image data".to_owned())
}

/// Draws every bit of `filter` in the tiles `tiles` at once.
fn draw_tiles(tiles: &Tiles, filter: &FilterModel, which: &[u64]) -> Result<(), String> {
    let rows = filter.shape().m().div_ceil(tiles.columns);
    let step = band_rows(tiles.columns);
    for &tile in which {
        let mut span = tiles.rows_of(tile, rows);
        while !span.is_empty() {
            let height = step.min(span.end - span.start);
            draw_band(tiles, filter, span.start, height)?;
            span.start += height;
        }
    }
    Ok(())
}

/// Above this many bits in sight a full redraw is split into tasks of about [`TASK_MS`].
const SYNC_DRAW_MAX: u64 = 1 << 20;
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

/// Repaints the pixels of `positions` in the tiles in sight.
fn draw_changes(tiles: &Tiles, filter: &FilterModel, positions: &[u64]) -> Result<(), String> {
    let block = tiles.block;
    for &p in positions {
        let row = p / tiles.columns;
        if !tiles.live.contains(&(row / tiles.rows_per_tile)) {
            continue;
        }
        let (x, y) = (
            (p % tiles.columns) / block,
            (row % tiles.rows_per_tile) / block,
        );
        let first_row = row - row % tiles.rows_per_tile + y * block;
        let rgba = block_colour(filter, tiles.columns, block, first_row, x * block);
        let (context, _) = tiles.at_row(row)?;
        context.set_fill_style_str(&format!("rgb({},{},{})", rgba[0], rgba[1], rgba[2]));
        context.fill_rect(x as f64, y as f64, 1.0, 1.0);
    }
    Ok(())
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
                        html! {
                            <canvas class="bit-canvas" data-tile={tile.to_string()}
                                    style={format!("width: {}px; height: {}px", Shortest(columns as f64 * z), Shortest(tile_rows_here as f64 * z))}
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
                        html! {
                            <div class={crate::class_list!("canvas-mark", kind, colour, mark.decides.then_some("decider"))}
                                 style={format!("left: {}px; top: {}px", Shortest(x), Shortest(y))}
                                 data-position={mark.position.to_string()} data-mark-position={mark.position.to_string()}
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
