//! The rows a large grid shows while it catches up with the filter a few rows per frame.

/// Cells changed per frame (a created cell counts as two). Changing all 4,096 cells of the
/// largest grid at once costs about 60 ms of rendering and 60 ms of restyling in one task;
/// in parts of 256 cells a frame's work stays well under 50 ms (measured: 1,024 and 512
/// still gave frames of 50 to 75 ms on a 2-core machine), and the rows not yet brought up to
/// date keep their previous values (the grid is `aria-busy` meanwhile) for about 16 frames.
pub const CELLS_PER_FRAME: usize = 256;

/// What makes two grids comparable cell by cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GridShape {
    /// Bits or counters in the array.
    pub m: u64,
    /// Counters rather than bits.
    pub counting: bool,
}

/// The row values the grid shows, which follow the filter at most [`CELLS_PER_FRAME`]
/// changed cells per render.
#[derive(Debug, Default)]
pub struct ShownRows {
    shape: Option<GridShape>,
    rows: Vec<Vec<u8>>,
    behind: bool,
}

impl ShownRows {
    /// Brings the shown rows towards `target` (the filter's rows, top to bottom), changing
    /// or creating at most `budget` cells (always at least one row), and returns the rows to
    /// draw: up to date ones, stale ones, and no rows past the last one created so far.
    pub fn catch_up(
        &mut self,
        shape: GridShape,
        target: Vec<Vec<u8>>,
        budget: usize,
    ) -> Vec<Vec<u8>> {
        if self.shape != Some(shape) {
            self.shape = Some(shape);
            self.rows.clear();
        }
        let mut left = budget;
        let mut first = true;
        self.behind = false;
        for (i, row) in target.into_iter().enumerate() {
            let cost = match self.rows.get(i) {
                Some(shown) if *shown == row => continue,
                Some(shown) => shown.iter().zip(&row).filter(|(a, b)| a != b).count(),
                // Creating a cell (element, attributes, insertion) costs about twice as
                // much as changing one.
                None => 2 * row.len(),
            };
            if cost > left && !first {
                self.behind = true;
                if i >= self.rows.len() {
                    break;
                }
                continue;
            }
            left = left.saturating_sub(cost);
            first = false;
            match self.rows.get_mut(i) {
                Some(shown) => *shown = row,
                None => self.rows.push(row),
            }
        }
        self.rows.clone()
    }

    /// Whether some rows are stale or not yet created.
    pub fn is_behind(&self) -> bool {
        self.behind
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPE: GridShape = GridShape {
        m: 256,
        counting: false,
    };

    fn rows(value: u8) -> Vec<Vec<u8>> {
        vec![vec![value; 64]; 4]
    }

    #[test]
    fn a_new_grid_is_created_a_budget_of_cells_at_a_time() {
        // A new cell counts twice against the budget: 256 is two rows of 64 new cells.
        let mut shown = ShownRows::default();
        assert_eq!(shown.catch_up(SHAPE, rows(0), 256).len(), 2);
        assert!(shown.is_behind());
        assert_eq!(shown.catch_up(SHAPE, rows(0), 256).len(), 4);
        assert!(!shown.is_behind());
    }

    #[test]
    fn changed_rows_keep_their_old_values_until_their_turn() {
        let mut shown = ShownRows::default();
        shown.catch_up(SHAPE, rows(0), 1024);
        let drawn = shown.catch_up(SHAPE, rows(1), 100);
        assert_eq!(drawn[0], vec![1; 64]);
        assert_eq!(drawn[1..], rows(0)[1..]);
        assert!(shown.is_behind());
        for _ in 0..3 {
            shown.catch_up(SHAPE, rows(1), 100);
        }
        assert_eq!(shown.catch_up(SHAPE, rows(1), 100), rows(1));
        assert!(!shown.is_behind());
    }

    #[test]
    fn a_small_change_anywhere_is_shown_at_once() {
        let mut shown = ShownRows::default();
        shown.catch_up(SHAPE, rows(0), 1024);
        let mut target = rows(1);
        target[3] = vec![0; 64];
        target[3][5] = 1;
        // Rows 0-2 change 192 cells, over a budget of 100: only the first of them changes,
        // and the one cell of row 3 fits what is left.
        let drawn = shown.catch_up(SHAPE, target, 100);
        assert_eq!(drawn[0], vec![1; 64]);
        assert_eq!(drawn[1], vec![0; 64]);
        assert_eq!(drawn[3][5], 1);
    }

    #[test]
    fn another_shape_starts_over() {
        let mut shown = ShownRows::default();
        shown.catch_up(SHAPE, rows(1), 1024);
        let counting = GridShape {
            counting: true,
            ..SHAPE
        };
        assert_eq!(shown.catch_up(counting, rows(0), 64), rows(0)[..1]);
    }
}
