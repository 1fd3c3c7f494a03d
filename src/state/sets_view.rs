//! The sets view's state: the items of filters A and B, their fields as being typed, and
//! how many times the visualizer's filter is folded.

use std::rc::Rc;

use super::url::{possible_folds, MAX_FOLDS};

/// A change to the sets view.
#[derive(Debug, Clone, PartialEq)]
pub enum SetsAction {
    /// Text typed in the items of filter A (0) or B (1), not yet committed.
    Type(usize, String),
    /// Replace the items of filter A (0) or B (1) by these lines.
    Set(usize, String),
    /// Fold the visualizer's filter this many times (0 to 4).
    Fold(u32),
}

/// The items of a set: each distinct line once, in the order first given; blank lines are
/// not items.
pub fn set_items(lines: impl IntoIterator<Item = String>) -> Vec<String> {
    let lines: Vec<String> = lines.into_iter().collect();
    crate::filter::distinct::first_occurrences(
        lines
            .iter()
            .map(String::as_str)
            .filter(|line| !line.trim().is_empty()),
    )
    .into_iter()
    .map(str::to_owned)
    .collect()
}

/// The sets view.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SetsState {
    /// The items of A and B (shared: cheap to clone and to put in a link).
    pub items: Rc<[Vec<String>; 2]>,
    /// A's and B's fields while they are being typed.
    pub typed: [Option<String>; 2],
    /// How many times the visualizer's filter is folded, as asked (at most [`MAX_FOLDS`]).
    pub folds: u32,
}

impl SetsState {
    /// The view with these items (each line once, blank lines dropped) and folds.
    pub fn new(a: Vec<String>, b: Vec<String>, folds: u32) -> Self {
        SetsState {
            items: Rc::new([set_items(a), set_items(b)]),
            typed: [None, None],
            folds: folds.min(MAX_FOLDS),
        }
    }

    /// The view after `action`, and whether the items or the folds changed.
    pub fn apply(mut self, action: SetsAction) -> (Self, bool) {
        match action {
            SetsAction::Type(side, text) => {
                if let Some(slot) = self.typed.get_mut(side) {
                    *slot = Some(text);
                }
                (self, false)
            }
            SetsAction::Set(side, text) if side < 2 => {
                self.typed[side] = None;
                let lines = text.lines().map(|l| l.trim_end_matches('\r').to_owned());
                Rc::make_mut(&mut self.items)[side] = set_items(lines);
                (self, true)
            }
            SetsAction::Set(..) => (self, false),
            SetsAction::Fold(folds) => {
                self.folds = folds.min(MAX_FOLDS);
                (self, true)
            }
        }
    }

    /// The folds shown for a filter of `m` bits: as asked, as far as m halves evenly.
    pub fn folds_for(&self, m: u64) -> u32 {
        self.folds.min(possible_folds(m))
    }

    /// The text of A's (0) or B's (1) field: as typed while it is being typed, else its
    /// items one per line.
    pub fn text(&self, side: usize) -> String {
        self.typed.get(side).cloned().flatten().unwrap_or_else(|| {
            self.items
                .get(side)
                .map(|s| s.join("\n"))
                .unwrap_or_default()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_keeps_each_line_once_and_no_blank_line() {
        let (sets, changed) =
            SetsState::default().apply(SetsAction::Set(0, "a\n\nb\na\r\n ".into()));
        assert!(changed);
        assert_eq!(sets.items[0], ["a", "b"]);
        assert_eq!(sets.text(0), "a\nb");
    }

    #[test]
    fn typing_shows_the_text_until_it_is_committed() {
        let (typed, changed) = SetsState::default().apply(SetsAction::Type(1, "x\n".into()));
        assert!(!changed);
        assert_eq!(typed.text(1), "x\n");
        assert!(typed.items[1].is_empty());
        let (set, _) = typed.apply(SetsAction::Set(1, "x\n".into()));
        assert_eq!(set.text(1), "x");
        let (same, changed) = set.clone().apply(SetsAction::Set(2, "y".into()));
        assert!(!changed);
        assert_eq!(same, set);
    }

    #[test]
    fn folds_stop_at_four_and_where_m_is_odd() {
        let (sets, _) = SetsState::default().apply(SetsAction::Fold(9));
        assert_eq!(sets.folds, MAX_FOLDS);
        assert_eq!(sets.folds_for(64), 4);
        assert_eq!(sets.folds_for(24), 3);
        assert_eq!(sets.folds_for(31), 0);
    }
}
