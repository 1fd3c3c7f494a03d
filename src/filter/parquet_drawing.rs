//! A Parquet filter's bits as images: its first blocks, eight rows of 32 bits each, and one
//! block enlarged, with a value's block framed and its eight lanes in colour; each written
//! as a BMP file (8 bits a pixel, a palette of six colours) that the page shows as an image.

use crate::filter::parquet_summary::FileVerdict;
use crate::filter::split_block;

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

/// Screen pixels a bit takes in the enlarged block.
pub const ZOOM_CELL: u64 = 12;
/// Image pixels a bit is drawn with in the enlarged block (a square of one colour, then a
/// pixel of gap on its right and below), shown scaled up to [`ZOOM_CELL`] without
/// smoothing.
pub const ZOOM_PIXELS: u64 = 4;

/// The image's colours as red, green, blue, each pixel naming one by its place: the gap, a
/// 0 bit, a 1 bit, the value's frame, and its set and unset lanes.
pub const PALETTE: [[u8; 3]; 6] = [
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

/// The pixels of a filter's block `block`, whose 32 bytes are `bytes`: each of its 256 bits
/// a square of [`ZOOM_PIXELS`] pixels (a pixel of it gap), in its eight rows of 32 bits; the
/// value's bits in colour when it is the value's block.
pub fn zoom_pixels(bytes: &[u8], block: u64, value: Option<&FileVerdict>) -> (Vec<u8>, u32, u32) {
    let (width, height) = (32 * ZOOM_PIXELS, 8 * ZOOM_PIXELS);
    let mut image = vec![GAP; (width * height) as usize];
    for bit in 0..256u64 {
        let set = split_block::bitset_bit(bytes, bit);
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

    /// parquet-testing's bloom_filter.xxhash.bin: its filter and bitset.
    fn filter() -> (FoundFilter, &'static [u8]) {
        let bin = include_bytes!("../../tests/data/parquet/bloom_filter.xxhash.bin");
        let bitset = &bin[16..];
        (
            FoundFilter::split_block(0, "c".into(), 4, 16, bitset),
            bitset,
        )
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
        let (filter, bitset) = filter();
        let verdict = filter.verdict(split_block::hash(b"absent"), &bitset[18 * 32..19 * 32]);
        let (image, width, _) = pixels(bitset, Some(&verdict));
        // "absent" is in block 18 (row 2, column 2 of blocks); its word 0 needs bit 10,
        // which is 0: red.
        let (x, y) = (2 * 33 + 10, 2 * 9);
        assert_eq!(image[y * width as usize + x], LANE_ZERO);
    }

    #[test]
    fn the_value_s_block_is_enlarged_to_twelve_pixels_a_bit() {
        let (filter, bitset) = filter();
        let block = &bitset[18 * 32..19 * 32];
        let verdict = filter.verdict(split_block::hash(b"absent"), block);
        let (image, width, height) = zoom_pixels(block, 18, Some(&verdict));
        assert_eq!((width, height), (128, 32));
        let at = |x: u64, y: u64| image[(y * 128 + x) as usize];
        // Word 0's lane is bit 10, which is 0: red over its 3 × 3 square, then a gap.
        assert_eq!(at(40, 0), LANE_ZERO);
        assert_eq!(at(42, 2), LANE_ZERO);
        assert_eq!(at(43, 0), GAP);
        // Every other bit is drawn as the bitset has it.
        for bit in (0..256u64).filter(|&b| verdict.lanes[(b / 32) as usize].0 as u64 != b % 32) {
            let set = split_block::bitset_bit(bitset, 18 * 256 + bit);
            assert_eq!(at(bit % 32 * 4, bit / 32 * 4), if set { ONE } else { ZERO });
        }
    }
}
