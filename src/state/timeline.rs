//! The timeline: the filter as it was after the first t operations of the item log, and a
//! cell's history through the log.
//!
//! Stepping forward applies the next entries to the filter already shown (one entry per
//! arrow key); stepping back replays the log's first t entries. Either way the filter is
//! the one [`replay`] gives for those t entries.

use std::rc::Rc;

use super::log::{apply_entry, replay, LogEntry, Members};
use super::settings::{FilterModel, Settings};

/// The filter after the first `t` operations of the log.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// How many operations are applied, `0..=log.len()`.
    pub t: usize,
    /// The filter after them.
    pub filter: Rc<FilterModel>,
    /// The members after them.
    pub members: Rc<Members>,
}

impl Timeline {
    /// The filter after the first `t` operations of `log` (at most all of them).
    pub fn at(settings: &Settings, log: &[LogEntry], t: usize) -> Self {
        let t = t.min(log.len());
        let (filter, members) = replay(settings, &log[..t]);
        Timeline {
            t,
            filter: Rc::new(filter),
            members: Rc::new(members),
        }
    }

    /// Moves to operation `t`: forward by applying the entries in between (to this
    /// filter, copied first only if it is shared), back by replaying the log's first `t`
    /// entries.
    pub fn seek(&mut self, settings: &Settings, log: &[LogEntry], t: usize) {
        let t = t.min(log.len());
        if t < self.t {
            *self = Timeline::at(settings, log, t);
            return;
        }
        if t > self.t {
            let filter = Rc::make_mut(&mut self.filter);
            let members = Rc::make_mut(&mut self.members);
            for entry in &log[self.t..t] {
                apply_entry(filter, members, entry);
            }
        }
        self.t = t;
    }
}

/// One operation that touched a cell: its place in the log (from 1), the entry, and the
/// cell's value (bit or counter) just after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellEvent {
    /// The operation's number, from 1.
    pub operation: usize,
    /// The entry.
    pub entry: LogEntry,
    /// The cell's value after it.
    pub value: u8,
}

/// Every operation of `log` whose item's positions include `cell`, in order, with the
/// cell's value after each: which add set a bit (and which later adds found it set), every
/// increment and decrement of a counter, the naive delete that cleared a bit. A removal
/// the filter refused (a counter at 0) leaves the value as it was.
pub fn cell_history(settings: &Settings, log: &[LogEntry], cell: u64) -> Vec<CellEvent> {
    let shape = settings.shape();
    let mut filter = settings.empty_filter();
    let mut members = Members::default();
    let mut events = Vec::new();
    for (index, entry) in log.iter().enumerate() {
        apply_entry(&mut filter, &mut members, entry);
        if shape.positions(entry.item().as_bytes()).any(|p| p == cell) {
            events.push(CellEvent {
                operation: index + 1,
                entry: entry.clone(),
                value: filter.count(cell),
            });
        }
    }
    events
}

// Property tests use proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::state::settings::Mode;
    use proptest::prelude::*;

    /// A log of adds, removals and naive deletes over a few items, so that they repeat.
    fn log_strategy() -> impl Strategy<Value = Vec<LogEntry>> {
        let entry = (0..4u8, 0..8u8).prop_map(|(kind, item)| {
            let item = format!("w{item}");
            match kind {
                0 | 1 => LogEntry::Add(item),
                2 => LogEntry::Remove(item),
                _ => LogEntry::NaiveDelete(item),
            }
        });
        proptest::collection::vec(entry, 0..40)
    }

    fn settings(counting: bool) -> Settings {
        let plain = Settings::default()
            .with_m(32)
            .and_then(|s| s.with_k(3))
            .unwrap();
        if counting {
            plain.with_mode(Mode::Counting)
        } else {
            plain
        }
    }

    proptest! {
        /// Any sequence of moves, forward by single steps or jumps and back, ends on the
        /// filter that replaying the log's first t operations gives.
        #[test]
        fn seeking_equals_replaying_the_first_t_operations(
            log in log_strategy(),
            moves in proptest::collection::vec(0..45usize, 1..12),
            counting in any::<bool>(),
        ) {
            let settings = settings(counting);
            let mut timeline = Timeline::at(&settings, &log, 0);
            for t in moves {
                timeline.seek(&settings, &log, t);
                let t = t.min(log.len());
                let (filter, members) = replay(&settings, &log[..t]);
                prop_assert_eq!(timeline.t, t);
                prop_assert_eq!(timeline.filter.as_ref(), &filter);
                prop_assert_eq!(timeline.members.as_ref(), &members);
            }
        }

        /// A cell's history lists exactly the operations whose item lands on it, each with
        /// the cell's value in the filter after that operation.
        #[test]
        fn a_cells_history_follows_the_log(log in log_strategy(), cell in 0..32u64, counting in any::<bool>()) {
            let settings = settings(counting);
            let history = cell_history(&settings, &log, cell);
            let touching: Vec<usize> = log.iter().enumerate()
                .filter(|(_, e)| settings.shape().positions(e.item().as_bytes()).any(|p| p == cell))
                .map(|(i, _)| i + 1)
                .collect();
            prop_assert_eq!(history.iter().map(|e| e.operation).collect::<Vec<_>>(), touching);
            for event in &history {
                let (filter, _) = replay(&settings, &log[..event.operation]);
                prop_assert_eq!(event.value, filter.count(cell));
            }
        }
    }

    #[test]
    fn a_counter_goes_up_and_down_with_its_items() {
        let settings = settings(true);
        let log = vec![
            LogEntry::Add("apple".into()),
            LogEntry::Add("apple".into()),
            LogEntry::Remove("apple".into()),
        ];
        let cell = settings.shape().positions(b"apple").next().unwrap();
        let hits = settings
            .shape()
            .positions(b"apple")
            .filter(|&p| p == cell)
            .count() as u8;
        let values: Vec<u8> = cell_history(&settings, &log, cell)
            .iter()
            .map(|e| e.value)
            .collect();
        assert_eq!(values, vec![hits, 2 * hits, hits]);
    }
}
