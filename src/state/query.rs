//! The answer to a query, with the evidence for it.

use crate::filter::{FilterShape, HashStep};

use super::log::{LogEntry, Members};
use super::settings::FilterModel;

/// At most this many setters are listed per position.
pub const MAX_SETTERS_SHOWN: usize = 8;

/// What a query found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Some position is 0, and the item is not in the set: "definitely not in the set".
    DefinitelyNot {
        /// The positions whose bit (counter) is 0.
        zero_positions: Vec<u64>,
    },
    /// All positions set and the item is in the set: "probably in the set", correctly.
    Probably,
    /// All positions set but the item was never added.
    FalsePositive {
        /// For each hash index, the members that set that bit.
        culprits: Vec<PositionCulprits>,
    },
    /// Some position is 0 although the item is in the set: only an unsafe delete can do
    /// this.
    FalseNegative {
        /// The positions whose bit (counter) is 0.
        zero_positions: Vec<u64>,
        /// The items whose unsafe delete (a naive delete, or a counting removal of an item
        /// never added) last cleared one of those positions, in the order they were deleted.
        cleared_by: Vec<String>,
    },
    /// Some position is 0 and the item, once added, was taken out of the set again:
    /// "definitely not", rightly, because of that removal.
    Removed {
        /// The positions whose bit (counter) is 0.
        zero_positions: Vec<u64>,
    },
}

impl Verdict {
    /// The value of the page's `data-query-result` attribute.
    pub fn key(&self) -> &'static str {
        match self {
            Verdict::DefinitelyNot { .. } | Verdict::Removed { .. } => "definitely-not",
            Verdict::Probably => "probably",
            Verdict::FalsePositive { .. } => "false-positive",
            Verdict::FalseNegative { .. } => "false-negative",
        }
    }

    /// The value of the answer panel's `data-verdict`: what the answer is, given the
    /// item's history (`definitely-not`, `member`, `false-positive`, `false-negative`,
    /// `removed`).
    pub fn answer_key(&self) -> &'static str {
        match self {
            Verdict::Probably => "member",
            Verdict::Removed { .. } => "removed",
            other => other.key(),
        }
    }

    /// The positions whose bit (counter) is 0, for the answers "definitely not".
    pub fn zero_positions(&self) -> Option<&[u64]> {
        match self {
            Verdict::DefinitelyNot { zero_positions }
            | Verdict::FalseNegative { zero_positions, .. }
            | Verdict::Removed { zero_positions } => Some(zero_positions),
            Verdict::Probably | Verdict::FalsePositive { .. } => None,
        }
    }
}

/// How an item that was added left the set again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// A plain filter's naive delete set its bits to 0.
    NaiveDelete,
    /// A counting filter's removal took 1 from its counters for each copy added.
    Counters,
}

/// Who set one position of a false positive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionCulprits {
    /// The query's hash index i.
    pub hash_index: u32,
    /// The position `pos_i`.
    pub position: u64,
    /// Members with some hash index landing on this position (at most
    /// [`MAX_SETTERS_SHOWN`]).
    pub setters: Vec<Setter>,
    /// How many setters there are in all.
    pub total_setters: usize,
}

/// A member and its hash index that landed on a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setter {
    /// The member.
    pub item: String,
    /// Its hash index.
    pub hash_index: u32,
}

/// A query: the item, its hash arithmetic and the verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryReport {
    /// The item queried.
    pub item: String,
    /// One row per hash index.
    pub steps: Vec<HashStep>,
    /// The answer.
    pub verdict: Verdict,
    /// The filter keeps counters (a position is set while its counter is above 0).
    pub counting: bool,
    /// How the item left the set, when it was added and is no longer in it.
    pub removal: Option<Removal>,
}

impl QueryReport {
    /// How many bits the item maps to: k, less the positions two hashes share.
    pub fn distinct_bits(&self) -> usize {
        distinct_steps(&self.steps).count()
    }
}

/// The filter, the items in it and the log that made it (up to the filter shown): what a
/// query is asked of, and what tells its true answers from false ones.
#[derive(Debug, Clone, Copy)]
pub struct Asked<'a> {
    /// The filter.
    pub filter: &'a FilterModel,
    /// The items in the set.
    pub members: &'a Members,
    /// The log that built the filter, oldest first.
    pub history: &'a [LogEntry],
}

/// Queries `item` against the filter, using the member set to tell true answers from false
/// and the log to say how an item left the set or lost a bit.
pub fn run_query(asked: Asked, item: &str) -> QueryReport {
    query_with(asked, item, true)
}

/// [`run_query`] without looking for who set a false positive's bits (an empty culprit
/// list): `k` hashes, a set lookup and a pass over the log, cheap enough for every
/// keystroke.
pub fn run_query_without_culprits(asked: Asked, item: &str) -> QueryReport {
    query_with(asked, item, false)
}

fn query_with(asked: Asked, item: &str, find_culprits: bool) -> QueryReport {
    let Asked {
        filter, members, ..
    } = asked;
    let shape = filter.shape();
    let steps = shape.steps(item.as_bytes());
    // Two hashes can land on one position; it is one bit, named once.
    let zero_positions: Vec<u64> = distinct_steps(&steps)
        .map(|s| s.position)
        .filter(|&p| !filter.is_set(p))
        .collect();
    let is_member = members.contains(item);
    let removal = (!is_member)
        .then(|| removal_of(asked.history, item))
        .flatten();
    let verdict = match (zero_positions.is_empty(), is_member) {
        (false, false) if removal.is_some() => Verdict::Removed { zero_positions },
        (false, false) => Verdict::DefinitelyNot { zero_positions },
        (false, true) => Verdict::FalseNegative {
            cleared_by: cleared_by(shape, asked.history, &zero_positions),
            zero_positions,
        },
        (true, true) => Verdict::Probably,
        (true, false) => Verdict::FalsePositive {
            culprits: if find_culprits {
                culprits(filter, members, &steps)
            } else {
                Vec::new()
            },
        },
    };
    QueryReport {
        item: item.to_owned(),
        steps,
        verdict,
        counting: matches!(filter, FilterModel::Counting(_)),
        removal,
    }
}

/// How `item` last left the set: the last naive delete or removal of it after it was first
/// added, unless it was added again since. `None` for an item never added.
fn removal_of(history: &[LogEntry], item: &str) -> Option<Removal> {
    let mut added = false;
    let mut removal = None;
    for entry in history.iter().filter(|e| e.item() == item) {
        match entry {
            LogEntry::Add(_) => {
                added = true;
                removal = None;
            }
            LogEntry::NaiveDelete(_) if added => removal = Some(Removal::NaiveDelete),
            LogEntry::Remove(_) if added => removal = Some(Removal::Counters),
            _ => {}
        }
    }
    removal
}

/// The items whose unsafe delete (naive delete, or forced removal of an item never added)
/// was the last to reach one of `zero_positions`, in log order: for a member, whose bits
/// only such a delete can clear, the items that cleared them.
fn cleared_by(shape: FilterShape, history: &[LogEntry], zero_positions: &[u64]) -> Vec<String> {
    let mut last: Vec<Option<usize>> = vec![None; zero_positions.len()];
    for (at, entry) in history.iter().enumerate() {
        if let LogEntry::NaiveDelete(item) | LogEntry::ForceRemove(item) = entry {
            for position in shape.positions(item.as_bytes()) {
                for (slot, _) in zero_positions
                    .iter()
                    .enumerate()
                    .filter(|(_, &p)| p == position)
                {
                    last[slot] = Some(at);
                }
            }
        }
    }
    let mut names: Vec<String> = Vec::new();
    for (at, entry) in history.iter().enumerate() {
        let name = entry.item();
        if last.contains(&Some(at)) && !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
    }
    names
}

/// The steps whose position no earlier step has: one per bit the item maps to.
pub fn distinct_steps(steps: &[HashStep]) -> impl Iterator<Item = &HashStep> {
    steps
        .iter()
        .enumerate()
        .filter(|(i, s)| !steps[..*i].iter().any(|e| e.position == s.position))
        .map(|(_, s)| s)
}

fn culprits(filter: &FilterModel, members: &Members, steps: &[HashStep]) -> Vec<PositionCulprits> {
    let distinct: Vec<&HashStep> = distinct_steps(steps).collect();
    let positions: Vec<u64> = distinct.iter().map(|s| s.position).collect();
    distinct
        .iter()
        .zip(setters_at(filter, members, &positions))
        .map(|(s, (setters, total_setters))| PositionCulprits {
            hash_index: s.index,
            position: s.position,
            setters,
            total_setters,
        })
        .collect()
}

/// For each of `positions`, the members (with their hash index) whose positions include
/// it: at most [`MAX_SETTERS_SHOWN`] of them, and how many there are in all. One pass over
/// the members, `n·k` hashes.
pub fn setters_at(
    filter: &FilterModel,
    members: &Members,
    positions: &[u64],
) -> Vec<(Vec<Setter>, usize)> {
    let shape = filter.shape();
    let mut result = vec![(Vec::new(), 0); positions.len()];
    for member in members.list() {
        for (member_index, position) in shape.positions(member.item.as_bytes()).enumerate() {
            for (slot, _) in positions.iter().enumerate().filter(|(_, &p)| p == position) {
                let (setters, total) = &mut result[slot];
                *total += 1;
                if setters.len() < MAX_SETTERS_SHOWN {
                    setters.push(Setter {
                        item: member.item.clone(),
                        hash_index: member_index as u32,
                    });
                }
            }
        }
    }
    result
}
