//! The construction of a peeled filter as data: each attempt's seed, counts, stacks and
//! peeling steps, then the assignment in reverse peeling order. The page turns these into
//! sentences.

/// The whole construction: every attempt, in order (all but the last failed), and the
/// assignment that followed the attempt that peeled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ConstructionWalk {
    /// The attempts, one per seed.
    pub attempts: Vec<PeelAttempt>,
    /// The slots set, in reverse peeling order (the last key peeled is set first).
    pub assignment: Vec<Assignment>,
}

/// One attempt with one seed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PeelAttempt {
    /// The seed the keys were hashed with.
    pub seed: u64,
    /// How many keys each slot holds before peeling, one count per slot.
    pub counts: Vec<u32>,
    /// The slots holding exactly one key before peeling, in ascending order, in the stack
    /// they wait in ([`super::PeelingShape::stack_of`]): three stacks (one per block) for
    /// the xor filter, one for the binary fuse filter. Each stack is popped from its end.
    pub stacks: Vec<Vec<u32>>,
    /// What happened to each slot taken from a stack, in order.
    pub events: Vec<PeelEvent>,
    /// The keys left when the stacks ran dry, ascending: empty when every key was peeled,
    /// else the 2-core (each of its slots holds two keys or more) and the attempt failed.
    pub remaining: Vec<u64>,
}

impl PeelAttempt {
    /// Whether every key was peeled.
    pub fn succeeded(&self) -> bool {
        self.remaining.is_empty()
    }

    /// The keys peeled, with the slot each was given, in peeling order.
    pub fn peeled(&self) -> impl Iterator<Item = (u64, u32)> + '_ {
        self.events.iter().filter_map(|event| match *event {
            PeelEvent::Peeled { key, slot, .. } => Some((key, slot)),
            PeelEvent::Stale { .. } => None,
        })
    }
}

/// One slot taken from the top of a stack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeelEvent {
    /// The slot still held one key: the key is peeled and given this slot, and removed from
    /// its other two slots; `pushed` are those of them left with exactly one key, pushed
    /// onto their stacks in this order.
    Peeled {
        /// The key peeled.
        key: u64,
        /// The slot it is given.
        slot: u32,
        /// Its other slots that now hold one key.
        pushed: Vec<u32>,
    },
    /// The slot holds no key any more: its key was peeled through another of its slots
    /// after this one was stacked. Nothing happens.
    Stale {
        /// The slot.
        slot: u32,
    },
}

/// One slot set during the assignment: `B[slot] = fp ⊕ B[others[0]] ⊕ B[others[1]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assignment {
    /// The slot set.
    pub slot: u32,
    /// The key it was given while peeling.
    pub key: u64,
    /// The key's fingerprint.
    pub fingerprint: u16,
    /// The key's two other slots.
    pub others: [u32; 2],
    /// Their values when this slot is set (final: no later step writes them).
    pub other_values: [u16; 2],
    /// The value written, `fingerprint ⊕ other_values[0] ⊕ other_values[1]`.
    pub value: u16,
}
