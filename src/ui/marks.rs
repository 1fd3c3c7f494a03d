//! Which cells to mark, derived from the state: the preview of the typed item, the walk in
//! progress, or the last query.

use crate::filter::HashStep;
use crate::state::{AppState, WalkKind};

/// Why a cell is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// A position of the typed item (or of the walk, already visited).
    Probe,
    /// The position the walk is at now.
    Current,
    /// A position whose bit is 0 in the last query.
    Zero,
    /// A bit the picture singles out with no hash of its own: in the sets view, a bit the
    /// AND of two filters sets that the filter of their true intersection does not.
    Extra,
}

impl MarkKind {
    /// The cell's class for this mark.
    pub fn class(self) -> &'static str {
        match self {
            MarkKind::Probe => "probe",
            MarkKind::Current => "current",
            MarkKind::Zero => "zero-hit",
            MarkKind::Extra => "extra",
        }
    }

    /// Whether the mark is a hash landing on the cell (with its colour and number).
    pub fn is_hash(self) -> bool {
        self != MarkKind::Extra
    }
}

/// One marked cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// The cell.
    pub position: u64,
    /// The hash index i that landed there.
    pub hash_index: u32,
    /// Why.
    pub kind: MarkKind,
    /// An add-walk has reached this position: the cell is shown as set before the add is
    /// committed at the walk's last step.
    pub adding: bool,
    /// The 0 bit that decides a "definitely not": the first zero in hash order.
    pub decides: bool,
}

/// The number of hash colours; hash i takes colour `i mod HASH_COLOURS`.
pub const HASH_COLOURS: u32 = 8;

/// The class that gives an element hash i's colour (`hash-0` … `hash-7`, repeating).
pub fn hash_class(i: u32) -> &'static str {
    const CLASSES: [&str; HASH_COLOURS as usize] = [
        "hash-0", "hash-1", "hash-2", "hash-3", "hash-4", "hash-5", "hash-6", "hash-7",
    ];
    CLASSES[(i % HASH_COLOURS) as usize]
}

/// The item the screen shows ([`AppState::shown_item`]) and its hash steps.
pub fn shown_steps(state: &AppState) -> Option<(String, Vec<HashStep>)> {
    let item = state.shown_item()?;
    Some((
        item.to_owned(),
        state.filter().shape().steps(item.as_bytes()),
    ))
}

/// The marks for the current state.
pub fn marks(state: &AppState, steps: &[HashStep]) -> Vec<Mark> {
    let visible = match state.walk() {
        // Step 0 shows the hash only; step s shows positions 0..s; the last step all k.
        Some(walk) => walk.step.min(steps.len() as u32) as usize,
        None => steps.len(),
    };
    let current = state
        .walk()
        .filter(|w| w.step >= 1 && w.step as usize <= steps.len())
        .map(|w| w.step - 1);
    let query_zeroes: Vec<u64> = match state.last_query().map(|q| q.verdict.zero_positions()) {
        Some(Some(zero_positions))
            if state.draft().is_empty()
                || state.last_query().map(|q| q.item.as_str()) == Some(state.draft()) =>
        {
            zero_positions.to_vec()
        }
        _ => Vec::new(),
    };
    let walk_kind = state.walk().map(|w| w.kind);
    let walk_query = walk_kind == Some(WalkKind::Query);
    // The first hash (in order) whose bit is 0 decides a "definitely not".
    let decider = steps
        .iter()
        .find(|s| query_zeroes.contains(&s.position))
        .map(|s| s.index);
    steps[..visible]
        .iter()
        .map(|s| {
            let kind = if Some(s.index) == current {
                MarkKind::Current
            } else if query_zeroes.contains(&s.position)
                || (walk_query && !state.filter().is_set(s.position))
            {
                MarkKind::Zero
            } else {
                MarkKind::Probe
            };
            Mark {
                position: s.position,
                hash_index: s.index,
                kind,
                adding: walk_kind == Some(WalkKind::Add),
                decides: Some(s.index) == decider,
            }
        })
        .collect()
}
