//! The answer to a query, with the evidence for it.

use crate::filter::HashStep;

use super::log::Members;
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
    },
}

impl Verdict {
    /// The value of the page's `data-query-result` attribute.
    pub fn key(&self) -> &'static str {
        match self {
            Verdict::DefinitelyNot { .. } => "definitely-not",
            Verdict::Probably => "probably",
            Verdict::FalsePositive { .. } => "false-positive",
            Verdict::FalseNegative { .. } => "false-negative",
        }
    }
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
}

impl QueryReport {
    /// How many bits the item maps to: k, less the positions two hashes share.
    pub fn distinct_bits(&self) -> usize {
        distinct_steps(&self.steps).count()
    }
}

/// Queries `item` against the filter, using the member set to tell true answers from false.
pub fn run_query(filter: &FilterModel, members: &Members, item: &str) -> QueryReport {
    query_with(filter, members, item, true)
}

/// [`run_query`] without looking for who set a false positive's bits (an empty culprit
/// list): `k` hashes and a set lookup, cheap enough for every keystroke.
pub fn run_query_without_culprits(
    filter: &FilterModel,
    members: &Members,
    item: &str,
) -> QueryReport {
    query_with(filter, members, item, false)
}

fn query_with(
    filter: &FilterModel,
    members: &Members,
    item: &str,
    find_culprits: bool,
) -> QueryReport {
    let shape = filter.shape();
    let steps = shape.steps(item.as_bytes());
    // Two hashes can land on one position; it is one bit, named once.
    let zero_positions: Vec<u64> = distinct_steps(&steps)
        .map(|s| s.position)
        .filter(|&p| !filter.is_set(p))
        .collect();
    let is_member = members.contains(item);
    let verdict = match (zero_positions.is_empty(), is_member) {
        (false, false) => Verdict::DefinitelyNot { zero_positions },
        (false, true) => Verdict::FalseNegative { zero_positions },
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
    }
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
