//! The canvas's pixels: the array's geometry at each zoom, the colours of a cell and of a
//! block of cells, and the tiles (canvases of about 2^20 bits, only those in sight holding a
//! bitmap) painted band by band.

use std::ops::Range;

use wasm_bindgen::{Clamped, JsCast};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

use crate::state::FilterModel;

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
pub(super) fn colour(value: u8, max: u8, counting: bool) -> [u8; 4] {
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

pub(super) fn context_of(canvas: &HtmlCanvasElement) -> Result<CanvasRenderingContext2d, String> {
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
pub(super) fn band_rows(columns: u64) -> u64 {
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
pub(super) struct Tiles {
    pub(super) canvases: Vec<HtmlCanvasElement>,
    pub(super) columns: u64,
    pub(super) rows_per_tile: u64,
    /// Bits per pixel along each side.
    pub(super) block: u64,
    /// The tiles in sight.
    pub(super) live: Range<u64>,
}

impl Tiles {
    /// The tile canvases inside `stage` (its `canvas` children, in order), for the array
    /// shown at zoom `z`.
    pub(super) fn of(stage: &web_sys::Element, columns: u64, z: f64) -> Tiles {
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
    pub(super) fn bitmap_size(&self, tile: u64, rows: u64) -> (u32, u32) {
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
    pub(super) fn sized_for(&self, m: u64) -> bool {
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
    pub(super) fn size(&self, m: u64, all: bool) -> Vec<u64> {
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
    pub(super) fn at_row(&self, row: u64) -> Result<(CanvasRenderingContext2d, u64), String> {
        let canvas = self
            .canvases
            .get((row / self.rows_per_tile) as usize)
            .ok_or("no tile for this row")?;
        Ok((context_of(canvas)?, row % self.rows_per_tile))
    }

    /// The array rows of tile `tile` when the array has `rows` rows.
    pub(super) fn rows_of(&self, tile: u64, rows: u64) -> Range<u64> {
        (tile * self.rows_per_tile).min(rows)..((tile + 1) * self.rows_per_tile).min(rows)
    }
}

/// The tiles of `tile_height` screen pixels that the scroll box around `stage` shows (with
/// a few pixels to spare), out of `count`; the first when the box is not laid out.
pub(super) fn tiles_in_sight(stage: &web_sys::Element, tile_height: f64, count: u64) -> Range<u64> {
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
pub(super) fn block_colour(
    filter: &FilterModel,
    columns: u64,
    block: u64,
    row: u64,
    column: u64,
) -> [u8; 4] {
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
pub(super) fn draw_band(
    tiles: &Tiles,
    filter: &FilterModel,
    row: u64,
    height: u64,
) -> Result<(), String> {
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
pub(super) fn draw_tiles(tiles: &Tiles, filter: &FilterModel, which: &[u64]) -> Result<(), String> {
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

/// Repaints the pixels of `positions` in the tiles in sight.
pub(super) fn draw_changes(
    tiles: &Tiles,
    filter: &FilterModel,
    positions: &[u64],
) -> Result<(), String> {
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
