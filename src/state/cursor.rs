//! The keyboard cursor over the bit array's cells.

/// One move of the cell cursor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CursorStep {
    /// One cell on (→); from no cursor, the first cell.
    Next,
    /// One cell back (←).
    Previous,
    /// One row down (↓), rows of this many cells; from no cursor, the first cell.
    Down(u64),
    /// One row up (↑), rows of this many cells.
    Up(u64),
    /// The first cell (Home).
    First,
    /// The last cell (End).
    Last,
}

impl CursorStep {
    /// The step for a key (`ArrowRight`, …, `Home`, `End`) in a view of `columns` cells per
    /// row, or `None` for keys the cursor ignores.
    pub fn from_key(key: &str, columns: u64) -> Option<CursorStep> {
        Some(match key {
            "ArrowRight" => CursorStep::Next,
            "ArrowLeft" => CursorStep::Previous,
            "ArrowDown" => CursorStep::Down(columns),
            "ArrowUp" => CursorStep::Up(columns),
            "Home" => CursorStep::First,
            "End" => CursorStep::Last,
            _ => return None,
        })
    }

    /// Where the cursor lands from `cursor` in an array of `m` cells (always a cell < m).
    pub fn target(self, cursor: Option<u64>, m: u64) -> u64 {
        let at = cursor.unwrap_or(0);
        let target = match (self, cursor) {
            (CursorStep::Next | CursorStep::Down(_), None) => 0,
            (CursorStep::Next, Some(_)) => at + 1,
            (CursorStep::Previous, _) => at.saturating_sub(1),
            (CursorStep::Down(columns), Some(_)) => at + columns,
            (CursorStep::Up(columns), _) => at.saturating_sub(columns),
            (CursorStep::First, _) => 0,
            (CursorStep::Last, _) => m.saturating_sub(1),
        };
        target.min(m.saturating_sub(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(k: &str, cursor: Option<u64>) -> Option<u64> {
        CursorStep::from_key(k, 16).map(|s| s.target(cursor, 64))
    }

    #[test]
    fn arrows_move_by_a_cell_or_a_row_and_stay_inside_the_array() {
        assert_eq!(key("ArrowRight", None), Some(0));
        assert_eq!(key("ArrowDown", None), Some(0));
        assert_eq!(key("ArrowRight", Some(5)), Some(6));
        assert_eq!(key("ArrowLeft", Some(0)), Some(0));
        assert_eq!(key("ArrowDown", Some(5)), Some(21));
        assert_eq!(key("ArrowDown", Some(60)), Some(63));
        assert_eq!(key("ArrowUp", Some(5)), Some(0));
        assert_eq!(key("Home", Some(40)), Some(0));
        assert_eq!(key("End", None), Some(63));
        assert_eq!(key("ArrowRight", Some(63)), Some(63));
        assert_eq!(key("a", Some(3)), None);
    }
}
