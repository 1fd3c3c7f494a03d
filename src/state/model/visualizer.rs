//! The visualizer's own panels: the grid's cursor, the "More" area beside m and k, the
//! deletion section and the member it compares, and the first visit's hint.

use crate::state::cursor::CursorStep;

/// A change to the visualizer's panels.
#[derive(Debug, Clone, PartialEq)]
pub enum VisualizerAction {
    /// Put the grid's cursor on a cell (or take it away), to inspect that bit.
    SelectCell(Option<u64>),
    /// Move the cell cursor by a key (arrows, Home, End) from wherever it is now: computed
    /// in the reducer, so keys pressed faster than the page renders all count.
    MoveCursor(CursorStep),
    /// Open or close the "More" area of the visualizer's tools.
    ShowMore(bool),
    /// Open or close the deletion section (its demonstrations and comparison).
    ShowDeletion(bool),
    /// The member the deletion comparison deletes.
    ChooseCompared(String),
    /// Hide the first visit's hint for good.
    DismissIntro,
}

/// The visualizer's panels.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VisualizerState {
    /// The cell under the grid's cursor.
    pub selected_cell: Option<u64>,
    /// The "More" area is open.
    pub more_open: bool,
    /// The deletion section is open.
    pub deletion_open: bool,
    /// The member chosen for the deletion comparison.
    pub compared: Option<String>,
    /// The first visit's hint was hidden.
    pub intro_dismissed: bool,
}

impl VisualizerState {
    /// The panels after `action`, for a filter of `m` bits (the cursor stays on a cell).
    pub fn apply(mut self, action: VisualizerAction, m: u64) -> Self {
        match action {
            VisualizerAction::SelectCell(cell) => self.selected_cell = cell.filter(|&c| c < m),
            VisualizerAction::MoveCursor(step) => {
                self.selected_cell = Some(step.target(self.selected_cell, m))
            }
            VisualizerAction::ShowMore(open) => self.more_open = open,
            VisualizerAction::ShowDeletion(open) => self.deletion_open = open,
            VisualizerAction::ChooseCompared(item) => self.compared = Some(item),
            VisualizerAction::DismissIntro => self.intro_dismissed = true,
        }
        self
    }

    /// The panels for a filter that now has `m` bits: a cursor past the end goes.
    pub fn for_bits(mut self, m: u64) -> Self {
        self.selected_cell = self.selected_cell.filter(|&c| c < m);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cursor_stays_on_a_cell_of_the_array() {
        let panels = VisualizerState::default();
        let past = panels
            .clone()
            .apply(VisualizerAction::SelectCell(Some(40)), 32);
        assert_eq!(past.selected_cell, None);
        let last = panels.apply(VisualizerAction::MoveCursor(CursorStep::Last), 32);
        assert_eq!(last.selected_cell, Some(31));
        let moved = last
            .clone()
            .apply(VisualizerAction::MoveCursor(CursorStep::Next), 32);
        assert_eq!(moved.selected_cell, Some(31));
        assert_eq!(last.for_bits(16).selected_cell, None);
    }

    #[test]
    fn panels_open_close_and_remember() {
        let panels = VisualizerState::default()
            .apply(VisualizerAction::ShowMore(true), 32)
            .apply(VisualizerAction::ShowDeletion(true), 32)
            .apply(VisualizerAction::ChooseCompared("d".into()), 32)
            .apply(VisualizerAction::DismissIntro, 32);
        assert!(panels.more_open && panels.deletion_open && panels.intro_dismissed);
        assert_eq!(panels.compared.as_deref(), Some("d"));
        let closed = panels.apply(VisualizerAction::ShowMore(false), 32);
        assert!(!closed.more_open);
    }
}
