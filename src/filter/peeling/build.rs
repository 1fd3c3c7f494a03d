//! Building a peeled filter: one algorithm, run fast (no record) or walked (every attempt
//! and every step recorded as a [`ConstructionWalk`]); both give the same array.
//!
//! The peeling order is the reference's: the slots holding one key after the counts are
//! pushed in ascending order onto their stacks ([`PeelingShape::stack_of`]); the stacks are
//! emptied in turn (stack 0 until empty, then 1, then 2, again until all are empty), each
//! popped from its top; a popped slot whose count is 0 is skipped; a peeled key is removed
//! from its other slots in the order `h[(i+1) mod 3]`, `h[(i+2) mod 3]` (i its peeled
//! slot's index), each pushed when left with one key. With the xor filter's three stacks
//! this is `xor8_populate`, with the binary fuse filter's one stack `binary_fuse8_populate`.
//! What differs from the reference, none of which changes the array for distinct keys:
//! - the keys are sorted and deduplicated first ([`super::distinct_keys`]); the reference
//!   does so only after failures (the xor filter at its 10th attempt, the binary fuse
//!   filter when it detects a repeat);
//! - a slot remembers the XOR of its keys' indices, not of their hashes (the hash is a
//!   bijection of the key, so both name the same key), and counts are 32-bit (the binary
//!   fuse reference keeps 6-bit counts and retries when a slot would hold 64 keys);
//! - an empty key set builds an all-zero array (the reference's xor filter refuses it);
//! - slots given to no key hold 0 (the reference's xor filter leaves them unset).

use super::walk::{Assignment, ConstructionWalk, PeelAttempt, PeelEvent};
use super::{
    check_array, check_fingerprint_bits, distinct_keys, fingerprint_of, mix_split, next_seed,
    PeelError, PeeledFilter, PeelingShape, MAX_ATTEMPTS, MAX_KEYS,
};

impl<S: PeelingShape> PeeledFilter<S> {
    /// Builds the filter of `keys` (repeats removed) with the reference's shape for the
    /// distinct keys and the reference's rng state [`PeelingShape::RNG_START`].
    pub fn build(keys: &[u64], fingerprint_bits: u32) -> Result<Self, PeelError> {
        let keys = distinct_keys(keys);
        construct(
            shape_for(&keys)?,
            &keys,
            fingerprint_bits,
            S::RNG_START,
            None,
        )
    }

    /// [`Self::build`], recording the construction.
    pub fn build_walked(
        keys: &[u64],
        fingerprint_bits: u32,
    ) -> Result<(Self, ConstructionWalk), PeelError> {
        let keys = distinct_keys(keys);
        let mut walk = ConstructionWalk::default();
        let shape = shape_for(&keys)?;
        let filter = construct(
            shape,
            &keys,
            fingerprint_bits,
            S::RNG_START,
            Some(&mut walk),
        )?;
        Ok((filter, walk))
    }

    /// Builds the filter of `keys` (repeats removed) in a caller's shape (say a smaller
    /// array, to make failures likely), drawing seeds from `rng_state`.
    pub fn build_with(
        shape: S,
        keys: &[u64],
        fingerprint_bits: u32,
        rng_state: u64,
    ) -> Result<Self, PeelError> {
        construct(
            shape,
            &distinct_keys(keys),
            fingerprint_bits,
            rng_state,
            None,
        )
    }

    /// [`Self::build_with`], recording the construction.
    pub fn build_walked_with(
        shape: S,
        keys: &[u64],
        fingerprint_bits: u32,
        rng_state: u64,
    ) -> Result<(Self, ConstructionWalk), PeelError> {
        let mut walk = ConstructionWalk::default();
        let keys = distinct_keys(keys);
        let filter = construct(shape, &keys, fingerprint_bits, rng_state, Some(&mut walk))?;
        Ok((filter, walk))
    }
}

/// The reference's shape for these distinct keys.
fn shape_for<S: PeelingShape>(keys: &[u64]) -> Result<S, PeelError> {
    S::for_keys(keys.len() as u64)
}

/// Tries seeds drawn from `rng_state` until one peels, then assigns the array.
fn construct<S: PeelingShape>(
    shape: S,
    keys: &[u64],
    fingerprint_bits: u32,
    mut rng_state: u64,
    mut walk: Option<&mut ConstructionWalk>,
) -> Result<PeeledFilter<S>, PeelError> {
    check_fingerprint_bits(fingerprint_bits)?;
    if keys.len() as u64 > MAX_KEYS {
        return Err(PeelError::TooManyKeys {
            requested: keys.len() as u64,
        });
    }
    check_array(&shape, fingerprint_bits)?;
    let mut peeler = Peeler::new(&shape, keys);
    for attempt in 1..=MAX_ATTEMPTS {
        let seed = next_seed(&mut rng_state);
        let record = walk.as_deref_mut().map(|walk| {
            walk.attempts.push(PeelAttempt {
                seed,
                ..PeelAttempt::default()
            });
            walk.attempts
                .last_mut()
                .expect("an attempt was just pushed")
        });
        if peeler.peel(seed, record) {
            let assignment = walk.map(|walk| &mut walk.assignment);
            let fingerprints = peeler.assign(seed, fingerprint_bits, assignment);
            return Ok(PeeledFilter {
                shape,
                seed,
                attempts: attempt,
                fingerprint_bits,
                keys: keys.len() as u64,
                fingerprints,
            });
        }
    }
    Err(PeelError::Unpeelable {
        attempts: MAX_ATTEMPTS,
    })
}

/// The peeling's state: per slot the count of keys and the XOR of their indices, and the
/// peeling order found, each key's index with the index (0, 1 or 2) of the slot it got.
struct Peeler<'a, S> {
    shape: &'a S,
    keys: &'a [u64],
    counts: Vec<u32>,
    members: Vec<u32>,
    order: Vec<(u32, usize)>,
}

impl<'a, S: PeelingShape> Peeler<'a, S> {
    fn new(shape: &'a S, keys: &'a [u64]) -> Self {
        let length = shape.array_length() as usize;
        Peeler {
            shape,
            keys,
            counts: vec![0; length],
            members: vec![0; length],
            order: Vec::with_capacity(keys.len()),
        }
    }

    /// The key's three slots under `seed`.
    fn slots_of(&self, index: u32, seed: u64) -> [u32; 3] {
        self.shape.slots(mix_split(self.keys[index as usize], seed))
    }

    /// One attempt: counts, stacks, peeling. Whether every key was peeled.
    fn peel(&mut self, seed: u64, mut record: Option<&mut PeelAttempt>) -> bool {
        self.counts.fill(0);
        self.members.fill(0);
        self.order.clear();
        for index in 0..self.keys.len() as u32 {
            for slot in self.slots_of(index, seed) {
                self.counts[slot as usize] += 1;
                self.members[slot as usize] ^= index;
            }
        }
        let mut stacks = vec![Vec::new(); self.shape.stack_count()];
        for slot in 0..self.shape.array_length() {
            if self.counts[slot as usize] == 1 {
                stacks[self.shape.stack_of(slot)].push(slot);
            }
        }
        if let Some(record) = record.as_deref_mut() {
            record.counts = self.counts.clone();
            record.stacks = stacks.clone();
        }
        while stacks.iter().any(|stack| !stack.is_empty()) {
            for stack in 0..stacks.len() {
                while let Some(slot) = stacks[stack].pop() {
                    let event = self.peel_slot(slot, seed, &mut stacks, record.is_some());
                    if let Some(record) = record.as_deref_mut() {
                        record.events.push(event);
                    }
                }
            }
        }
        let peeled = self.order.len() == self.keys.len();
        if let Some(record) = record {
            record.remaining = self.remaining();
        }
        peeled
    }

    /// Peels the key of `slot` if it still holds one: gives it the slot and removes it
    /// from its other two slots, pushing those left with one key. The event is filled in
    /// (its `pushed` list) only when `recording`.
    fn peel_slot(
        &mut self,
        slot: u32,
        seed: u64,
        stacks: &mut [Vec<u32>],
        recording: bool,
    ) -> PeelEvent {
        if self.counts[slot as usize] == 0 {
            return PeelEvent::Stale { slot };
        }
        let index = self.members[slot as usize];
        let slots = self.slots_of(index, seed);
        let found = if slots[0] == slot {
            0
        } else if slots[1] == slot {
            1
        } else {
            2
        };
        self.order.push((index, found));
        self.counts[slot as usize] = 0;
        self.members[slot as usize] = 0;
        let mut pushed = Vec::new();
        for other in [slots[(found + 1) % 3], slots[(found + 2) % 3]] {
            let other_index = other as usize;
            self.counts[other_index] -= 1;
            self.members[other_index] ^= index;
            if self.counts[other_index] == 1 {
                stacks[self.shape.stack_of(other)].push(other);
                if recording {
                    pushed.push(other);
                }
            }
        }
        PeelEvent::Peeled {
            key: self.keys[index as usize],
            slot,
            pushed,
        }
    }

    /// The keys not peeled, ascending (the keys are sorted).
    fn remaining(&self) -> Vec<u64> {
        let mut peeled = vec![false; self.keys.len()];
        for &(index, _) in &self.order {
            peeled[index as usize] = true;
        }
        self.keys
            .iter()
            .zip(peeled)
            .filter(|(_, peeled)| !peeled)
            .map(|(&key, _)| key)
            .collect()
    }

    /// Sets the array in reverse peeling order: `B[h_i] = fp ⊕ B[h_(i+1)] ⊕ B[h_(i+2)]`.
    fn assign(
        &self,
        seed: u64,
        fingerprint_bits: u32,
        mut steps: Option<&mut Vec<Assignment>>,
    ) -> Vec<u16> {
        let mut b = vec![0u16; self.shape.array_length() as usize];
        for &(index, found) in self.order.iter().rev() {
            let key = self.keys[index as usize];
            let hash = mix_split(key, seed);
            let slots = self.shape.slots(hash);
            let fingerprint = fingerprint_of(hash, fingerprint_bits);
            let others = [slots[(found + 1) % 3], slots[(found + 2) % 3]];
            let other_values = others.map(|slot| b[slot as usize]);
            let value = fingerprint ^ other_values[0] ^ other_values[1];
            b[slots[found] as usize] = value;
            if let Some(steps) = steps.as_deref_mut() {
                steps.push(Assignment {
                    slot: slots[found],
                    key,
                    fingerprint,
                    others,
                    other_values,
                    value,
                });
            }
        }
        b
    }
}
