//! The sets view's state: the items of filters A and B, their fields as being typed, and
//! how many times the visualizer's filter is folded.

use std::rc::Rc;

use crate::filter::{estimate_sets, BloomFilter, FilterShape, SetEstimates};

use super::log::Members;
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
    /// The figures shown, and the page state's revision they were computed for.
    pub figures: Option<(u64, Rc<SetsFigures>)>,
}

impl SetsState {
    /// The view with these items (each line once, blank lines dropped) and folds.
    pub fn new(a: Vec<String>, b: Vec<String>, folds: u32) -> Self {
        SetsState {
            items: Rc::new([set_items(a), set_items(b)]),
            typed: [None, None],
            folds: folds.min(MAX_FOLDS),
            figures: None,
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

/// The largest m whose arrays the sets view draws as grids (and whose extra bits it marks
/// one by one): four 4,096-cell grids would be 16,384 cells to build on every switch.
pub const SETS_GRID_MAX: u64 = 1024;

/// What the sets view shows, computed once per change of the filter's settings, its items,
/// the sets or the folds.
#[derive(Debug, Clone, PartialEq)]
pub struct SetsFigures {
    /// The filters of A and B.
    pub a: BloomFilter,
    /// B's filter.
    pub b: BloomFilter,
    /// A OR B: exactly the filter of A ∪ B.
    pub union: BloomFilter,
    /// A AND B: a superset of the bits of the filter of A ∩ B.
    pub and: BloomFilter,
    /// The filter of the true intersection A ∩ B.
    pub intersection: BloomFilter,
    /// |A ∪ B| and |A ∩ B|.
    pub true_sizes: (usize, usize),
    /// Whether A OR B equals the filter of A ∪ B (it always does).
    pub union_exact: bool,
    /// Bits AND sets that the true intersection's filter does not.
    pub extra_bits: u64,
    /// Those bits, one by one, for a grid small enough to mark them
    /// (m ≤ [`SETS_GRID_MAX`]); none above, where no grid is drawn.
    pub extra_positions: Vec<u64>,
    /// The sizes estimated from the fills (n̂ of A, B, A ∪ B, and A ∩ B by
    /// inclusion–exclusion).
    pub estimates: Option<SetEstimates>,
    /// The visualizer's filter folded 0, 1, … times.
    pub levels: Vec<BloomFilter>,
    /// How many of the visualizer's items each level still finds (all, always).
    pub found: Vec<usize>,
    /// Whether the last level can be folded once more (its m is even, and fewer than
    /// [`MAX_FOLDS`] folds are shown).
    pub can_fold: bool,
}

/// A filter of this shape holding `items`.
fn filter_of(shape: FilterShape, items: impl IntoIterator<Item = impl AsRef<[u8]>>) -> BloomFilter {
    let mut filter = BloomFilter::new(shape);
    for item in items {
        filter.insert(item.as_ref());
    }
    filter
}

impl SetsFigures {
    /// The figures of the sets view for filters of this shape holding the `sets` A and B,
    /// the visualizer's `members` folded `folds` times.
    pub fn of(
        shape: FilterShape,
        sets: &[Vec<String>; 2],
        members: &Members,
        folds: u32,
    ) -> SetsFigures {
        let [a_items, b_items] = sets;
        let a = filter_of(shape, a_items);
        let b = filter_of(shape, b_items);
        let union = a.union(&b).unwrap_or_else(|_| a.clone());
        let and = a.intersection(&b).unwrap_or_else(|_| a.clone());
        let true_union = crate::filter::distinct::first_occurrences(
            a_items.iter().chain(b_items).map(String::as_str),
        );
        // Each set holds an item once (the model keeps them so), so these are distinct.
        let common: Vec<&String> = a_items.iter().filter(|i| b_items.contains(i)).collect();
        let union_exact = filter_of(shape, true_union.iter()) == union;
        let intersection = filter_of(shape, common.iter());
        let extra_bits = and.count_ones() - intersection.count_ones();
        let extra_positions = if shape.m() <= SETS_GRID_MAX && extra_bits > 0 {
            (0..shape.m())
                .filter(|&p| and.bits().get(p) && !intersection.bits().get(p))
                .collect()
        } else {
            Vec::new()
        };
        let items: Vec<&str> = members.list().iter().map(|m| m.item.as_str()).collect();
        let mut levels = vec![filter_of(shape, &items)];
        for _ in 0..folds {
            match levels.last().and_then(|f| f.fold().ok()) {
                Some(next) => levels.push(next),
                None => break,
            }
        }
        let found = levels
            .iter()
            .map(|f| items.iter().filter(|i| f.contains(i.as_bytes())).count())
            .collect();
        let can_fold = folds < MAX_FOLDS && levels.last().is_some_and(|f| f.fold().is_ok());
        SetsFigures {
            estimates: estimate_sets(&a, &b).ok(),
            true_sizes: (true_union.len(), common.len()),
            a,
            b,
            union,
            and,
            intersection,
            union_exact,
            extra_bits,
            extra_positions,
            levels,
            found,
            can_fold,
        }
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

    fn shape(m: u64) -> FilterShape {
        FilterShape::new(m, 3, crate::filter::HashFamily::Murmur3).unwrap()
    }

    #[test]
    fn or_is_the_union_s_filter_and_and_holds_the_intersection_s_bits() {
        let sets = SetsState::new(
            ["apple", "pear", "plum", "fig"].map(String::from).to_vec(),
            ["plum", "fig", "kiwi"].map(String::from).to_vec(),
            0,
        );
        let figures = SetsFigures::of(shape(64), &sets.items, &Members::default(), 0);
        assert!(figures.union_exact);
        assert_eq!(figures.true_sizes, (5, 2));
        // AND covers every bit of the intersection's filter, and the extra ones are listed.
        for p in 0..64 {
            if figures.intersection.bits().get(p) {
                assert!(figures.and.bits().get(p));
            }
        }
        assert_eq!(figures.extra_positions.len() as u64, figures.extra_bits);
        assert_eq!(
            figures.and.count_ones(),
            figures.intersection.count_ones() + figures.extra_bits
        );
        let estimates = figures.estimates.unwrap();
        assert!(matches!(
            estimates.union,
            crate::filter::CountEstimate::Finite(_)
        ));
    }

    #[test]
    fn above_the_grid_limit_no_bit_is_walked_one_by_one() {
        let sets = SetsState::new(
            vec!["a".into(), "b".into()],
            vec!["b".into(), "c".into()],
            0,
        );
        let figures = SetsFigures::of(shape(1 << 20), &sets.items, &Members::default(), 0);
        assert!(figures.extra_positions.is_empty());
        assert_eq!(figures.true_sizes, (3, 1));
    }

    #[test]
    fn each_fold_halves_m_and_keeps_finding_every_item() {
        use crate::state::log::{replay, LogEntry};
        use crate::state::settings::Settings;
        let settings = Settings::default().with_m(64).unwrap();
        let log: Vec<LogEntry> = ["a", "b", "c", "d"]
            .map(|i| LogEntry::Add(i.into()))
            .to_vec();
        let (_, members) = replay(&settings, &log);
        let figures = SetsFigures::of(shape(64), &Default::default(), &members, 3);
        let ms: Vec<u64> = figures.levels.iter().map(|f| f.shape().m()).collect();
        assert_eq!(ms, [64, 32, 16, 8]);
        assert_eq!(figures.found, [4, 4, 4, 4]);
        assert!(figures.can_fold);
        let most = SetsFigures::of(shape(64), &Default::default(), &members, MAX_FOLDS);
        assert!(!most.can_fold);
    }
}
