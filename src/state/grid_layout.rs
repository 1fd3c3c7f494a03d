//! How a grid of m cells fits a width: columns, cell size, and which labels a cell has room
//! for. Cells grow with the space, up to [`MAX_CELL_PX`]; labels that would not fit beside
//! the bit digit are left out of the cell (the strip, the tooltip and the inspector still
//! name them), so that no label ever covers a digit.

/// The largest cell, in CSS pixels.
pub const MAX_CELL_PX: f64 = 96.0;
/// The smallest cell that shows its bit index above the digit.
pub const INDEX_MIN_PX: f64 = 40.0;
/// The smallest cell that shows the numbers of the hashes that landed on it.
pub const HASHES_MIN_PX: f64 = 34.0;
/// The smallest cell that shows its digit (bit or count).
pub const DIGIT_MIN_PX: f64 = 14.0;
/// The smallest cell that, too small to show its index, still shows it when the page names
/// the cell: the index in the top band, a smaller digit under it, no hash numbers. Smaller
/// cells are read off the grid's rulers (and the strip, for the shown item's cells).
pub const PICKED_INDEX_MIN_PX: f64 = 24.0;
/// The largest grid whose cells carry labels.
pub const LABELLED_MAX: u64 = 1024;
/// The smallest cell a grid of at most 64 cells is given before it takes fewer columns.
const LARGE_MIN_PX: f64 = 32.0;

/// The labels a cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellLabels {
    /// The bit index, in the cell's top band.
    pub index: bool,
    /// The bit (or count), in the middle.
    pub digit: bool,
    /// The hash numbers, in the bottom band.
    pub hashes: bool,
    /// The index of a cell the page names (a hash of the shown item picked it, the lesson's
    /// step names it, the student marked it), where the cells are too small for
    /// [`Self::index`] but large enough for it in their top band; the other cells are read
    /// off the grid's rulers.
    pub named_index: bool,
}

/// A grid's layout for one width.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridLayout {
    /// Cells per row.
    pub columns: u64,
    /// The side of a cell, in CSS pixels.
    pub cell_px: f64,
    /// The gap between cells, in CSS pixels.
    pub gap_px: f64,
    /// What a cell has room for.
    pub labels: CellLabels,
}

/// The gap between cells of about `cell` pixels.
fn gap_for(cell: f64) -> f64 {
    match cell {
        c if c >= LARGE_MIN_PX => 6.0,
        c if c >= DIGIT_MIN_PX => 3.0,
        _ => 1.0,
    }
}

/// The side of a cell when `columns` cells share `width` pixels.
fn cell_for(width: f64, columns: u64) -> (f64, f64) {
    let columns = columns.max(1) as f64;
    let rough = width / columns;
    let gap = gap_for(rough);
    let cell = ((width - (columns - 1.0) * gap) / columns).clamp(1.0, MAX_CELL_PX);
    (cell, gap)
}

impl GridLayout {
    /// The layout of m cells in `width` CSS pixels. Up to 64 cells take 16 columns (m
    /// itself up to 16) while a cell stays at least 32 px, else 8, 4, 2 or 1; up to 1,024
    /// cells take 32 columns and more cells 64. Below a cell of 1 px the row overflows (and
    /// scrolls).
    pub fn for_width(m: u64, width: f64) -> GridLayout {
        let width = if width.is_finite() && width > 0.0 {
            width
        } else {
            800.0
        };
        let columns = match m {
            0..=64 => {
                let widest = m.clamp(1, 16);
                let choices = [widest, 8, 4, 2, 1];
                choices
                    .into_iter()
                    .filter(|&c| c <= widest)
                    .find(|&c| cell_for(width, c).0 >= LARGE_MIN_PX)
                    .unwrap_or(1)
            }
            65..=1024 => 32,
            _ => 64,
        };
        let (cell_px, gap_px) = cell_for(width, columns);
        // More than 1,024 cells are drawn as colours only (the cursor's cell is named by
        // the inspector): labels on thousands of cells would slow every change.
        let labelled = m <= LABELLED_MAX;
        GridLayout {
            columns,
            cell_px,
            gap_px,
            labels: CellLabels {
                index: labelled && cell_px >= INDEX_MIN_PX,
                digit: labelled && cell_px >= DIGIT_MIN_PX,
                hashes: labelled && cell_px >= HASHES_MIN_PX,
                named_index: labelled && (PICKED_INDEX_MIN_PX..INDEX_MIN_PX).contains(&cell_px),
            },
        }
    }

    /// Rows of m cells.
    pub fn rows(&self, m: u64) -> u64 {
        m.div_ceil(self.columns)
    }

    /// The width the cells and gaps of a full row take.
    pub fn row_width(&self) -> f64 {
        self.columns as f64 * self.cell_px + (self.columns as f64 - 1.0) * self.gap_px
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_arrays_fill_the_width_up_to_96_px_a_cell() {
        // A 16-bit array on a 1,852-px projector line: 96-px cells, 85 % of the width.
        let wide = GridLayout::for_width(16, 1852.0);
        assert_eq!((wide.columns, wide.cell_px), (16, 96.0));
        assert!(wide.row_width() / 1852.0 > 0.8);
        // At 1,300 px the 32-bit array's 16 columns share the width.
        let desk = GridLayout::for_width(32, 1300.0);
        assert_eq!(desk.columns, 16);
        assert!((desk.row_width() - 1300.0).abs() < 1.0, "{desk:?}");
        assert!(desk.labels.index && desk.labels.digit && desk.labels.hashes);
        // A phone keeps cells of at least 40 px by taking fewer columns.
        let phone = GridLayout::for_width(32, 350.0);
        assert_eq!(phone.columns, 8);
        assert!(phone.cell_px >= 38.0, "{phone:?}");
        // Too small to index every cell, large enough to index the named ones inside.
        assert!(!phone.labels.index && phone.labels.named_index, "{phone:?}");
    }

    #[test]
    fn every_layout_fits_its_width_and_labels_need_their_room() {
        for m in [1, 2, 5, 16, 17, 32, 64, 65, 100, 1024, 1025, 4096] {
            for width in (100..=2000).step_by(7) {
                let width = width as f64;
                let layout = GridLayout::for_width(m, width);
                assert!(layout.cell_px <= MAX_CELL_PX, "{m} {width} {layout:?}");
                if layout.cell_px > 1.0 {
                    assert!(
                        layout.row_width() <= width + 0.001,
                        "{m} {width} {layout:?}"
                    );
                }
                assert!(layout.columns >= 1 && layout.rows(m) * layout.columns >= m);
                let labels = layout.labels;
                let labelled = m <= LABELLED_MAX;
                assert_eq!(labels.index, labelled && layout.cell_px >= INDEX_MIN_PX);
                assert_eq!(labels.hashes, labelled && layout.cell_px >= HASHES_MIN_PX);
                assert_eq!(labels.digit, labelled && layout.cell_px >= DIGIT_MIN_PX);
                // A named cell's index where the others have none, with room for it.
                assert_eq!(
                    labels.named_index,
                    labelled && !labels.index && layout.cell_px >= PICKED_INDEX_MIN_PX
                );
            }
        }
    }

    #[test]
    fn a_1024_cell_grid_in_half_a_page_shows_colours_only() {
        let half = GridLayout::for_width(1024, 300.0);
        assert_eq!(half.columns, 32);
        assert!(!half.labels.digit && !half.labels.index && !half.labels.hashes);
    }
}
