//! The quotient filter's insert, query and delete as the paper gives them, each returning
//! its walk: the slots visited in order, what was read there and what it told.

use std::cmp::Ordering;

use super::{QuotientError, QuotientFilter, QuotientPositions, SlotBits};

/// One step of a walk: a slot, what was read there (after writing, for a step that writes)
/// and what the step concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WalkStep {
    /// The slot.
    pub slot: u64,
    /// Its three bits.
    pub bits: SlotBits,
    /// Its remainder, `None` when empty.
    pub remainder: Option<u64>,
    /// What the step concluded.
    pub kind: StepKind,
}

/// What one step of a walk concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// `is_occupied` of the canonical slot read: 0 means no stored fingerprint has this
    /// quotient, so a query or delete ends here.
    Canonical {
        /// The bit read.
        occupied: bool,
    },
    /// Insert: the canonical slot is empty (all three bits 0), so the remainder goes there.
    CanonicalEmpty,
    /// Insert: `is_occupied` of the canonical slot set to 1 before the walk (the quotient
    /// had no run).
    MarkOccupied,
    /// `is_shifted` = 1: this remainder is not in its own slot, so the cluster began
    /// earlier: step back.
    ShiftedStepBack,
    /// `is_shifted` = 0: the cluster starts here, with the run of this slot's own quotient.
    ClusterStart,
    /// `is_continuation` = 1: still the run of `quotient`.
    InRun {
        /// The run's quotient.
        quotient: u64,
    },
    /// `is_continuation` = 0: the run of `quotient` starts here (the next slot after the
    /// previous run's quotient with `is_occupied` = 1).
    RunStart {
        /// The run's quotient.
        quotient: u64,
    },
    /// Insert: the quotient had no run; its run starts here, after the runs of the
    /// quotients before it.
    NewRunHere,
    /// The remainder here compared with the item's: `Less` goes on, `Equal` is a match,
    /// `Greater` ends the search (runs are sorted).
    Compare {
        /// The stored remainder against the item's.
        ordering: Ordering,
    },
    /// `is_continuation` = 0 (or the slot is empty): the run ended before this slot.
    RunEnd,
    /// Insert: the remainder written here.
    Store,
    /// Insert: the remainder that was in the slot before now sits here, one slot right.
    ShiftedRight,
    /// Delete: the remainder removed from here.
    Remove,
    /// Delete: the removed remainder was its quotient's only one: `is_occupied` of the
    /// canonical slot cleared.
    ClearOccupied,
    /// Delete: the remainder of the next slot moved here, one slot left.
    ShiftedLeft,
    /// Delete: the slot left empty, all three bits 0.
    Cleared,
}

/// A query's walk and its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryWalk {
    /// The item's quotient and remainder.
    pub positions: QuotientPositions,
    /// The steps in order.
    pub steps: Vec<WalkStep>,
    /// The slot whose remainder matched: "probably in the set"; `None`: definitely not.
    pub found: Option<u64>,
}

/// An insert's walk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InsertWalk {
    /// The item's quotient and remainder.
    pub positions: QuotientPositions,
    /// The steps in order.
    pub steps: Vec<WalkStep>,
    /// The slot the remainder was stored in.
    pub slot: u64,
}

/// A delete's walk.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeleteWalk {
    /// The item's quotient and remainder.
    pub positions: QuotientPositions,
    /// The steps in order.
    pub steps: Vec<WalkStep>,
    /// The slot the removed remainder was in; `None` when it was not stored.
    pub removed: Option<u64>,
}

impl QuotientFilter {
    /// Looks the item up: its canonical slot's `is_occupied`, then back to the cluster's
    /// start, forward to its run, and along the sorted run.
    pub fn query(&self, item: &[u8]) -> QueryWalk {
        let positions = self.shape.positions(item);
        let mut steps = Vec::new();
        let found = self
            .find(&positions, &mut steps)
            .and_then(|(_, at)| at.ok());
        QueryWalk {
            positions,
            steps,
            found,
        }
    }

    /// Inserts the item's remainder into its run, in sorted order (after any equal copy),
    /// shifting the following remainders of the cluster one slot right. Refused with
    /// [`QuotientError::Full`] when every slot is used.
    pub fn insert(&mut self, item: &[u8]) -> Result<InsertWalk, QuotientError> {
        if self.is_full() {
            return Err(QuotientError::Full);
        }
        let positions = self.shape.positions(item);
        let (fq, fr) = (positions.quotient, positions.remainder);
        let mut steps = Vec::new();
        if self.bits(fq).is_empty() {
            self.write(
                fq,
                fr,
                SlotBits {
                    occupied: true,
                    ..SlotBits::default()
                },
            );
            self.len += 1;
            self.step(&mut steps, fq, StepKind::CanonicalEmpty);
            return Ok(InsertWalk {
                positions,
                steps,
                slot: fq,
            });
        }
        let was_occupied = self.bits(fq).occupied;
        self.step(
            &mut steps,
            fq,
            StepKind::Canonical {
                occupied: was_occupied,
            },
        );
        if !was_occupied {
            self.bits[fq as usize].occupied = true;
            self.step(&mut steps, fq, StepKind::MarkOccupied);
        }
        let run_start = self.run_start(fq, was_occupied, &mut steps);
        let mut slot = run_start;
        if was_occupied {
            loop {
                let ordering = (self.remainders[slot as usize] as u64).cmp(&fr);
                self.step(&mut steps, slot, StepKind::Compare { ordering });
                if ordering == Ordering::Greater {
                    break;
                }
                slot = self.next(slot);
                if !self.bits(slot).continuation {
                    self.step(&mut steps, slot, StepKind::RunEnd);
                    break;
                }
            }
        }
        // Before the run's first remainder, the new one starts the run and the old first
        // becomes a continuation; at the end of a run, the new one continues it.
        let before_first = was_occupied && slot == run_start;
        let continuation = was_occupied && !before_first;
        self.shift_right_and_store(slot, (fq, fr), continuation, before_first, &mut steps);
        self.len += 1;
        Ok(InsertWalk {
            positions,
            steps,
            slot,
        })
    }

    /// Deletes one copy of the item's remainder from its run, shifting the rest of the
    /// cluster left; `removed` is `None` (and nothing changes) when it is not stored.
    pub fn delete(&mut self, item: &[u8]) -> DeleteWalk {
        let positions = self.shape.positions(item);
        let mut steps = Vec::new();
        let Some((run_start, Ok(slot))) = self.find(&positions, &mut steps) else {
            return DeleteWalk {
                positions,
                steps,
                removed: None,
            };
        };
        let fq = positions.quotient;
        self.step(&mut steps, slot, StepKind::Remove);
        let removed_run_start = slot == run_start;
        if removed_run_start && !self.bits(self.next(slot)).continuation {
            self.bits[fq as usize].occupied = false;
            self.step(&mut steps, fq, StepKind::ClearOccupied);
        }
        self.shift_left(slot, fq, removed_run_start, &mut steps);
        self.len -= 1;
        DeleteWalk {
            positions,
            steps,
            removed: Some(slot),
        }
    }

    /// Finds the item's run and its remainder in it: `None` when the quotient has no run,
    /// else the run's first slot and `Ok(slot)` of a match or `Err(slot)` where the search
    /// stopped.
    fn find(
        &self,
        p: &QuotientPositions,
        steps: &mut Vec<WalkStep>,
    ) -> Option<(u64, Result<u64, u64>)> {
        let occupied = self.bits(p.quotient).occupied;
        self.step(steps, p.quotient, StepKind::Canonical { occupied });
        if !occupied {
            return None;
        }
        let run_start = self.run_start(p.quotient, true, steps);
        let mut slot = run_start;
        loop {
            let ordering = (self.remainders[slot as usize] as u64).cmp(&p.remainder);
            self.step(steps, slot, StepKind::Compare { ordering });
            match ordering {
                Ordering::Equal => return Some((run_start, Ok(slot))),
                Ordering::Greater => return Some((run_start, Err(slot))),
                Ordering::Less => {}
            }
            slot = self.next(slot);
            if !self.bits(slot).continuation {
                self.step(steps, slot, StepKind::RunEnd);
                return Some((run_start, Err(slot)));
            }
        }
    }

    /// The first slot of fq's run (where it starts, for a quotient whose run is new): back
    /// to the cluster's start by `is_shifted`, then forward run by run.
    fn run_start(&self, fq: u64, had_run: bool, steps: &mut Vec<WalkStep>) -> u64 {
        let mut slot = fq;
        while self.bits(slot).shifted {
            self.step(steps, slot, StepKind::ShiftedStepBack);
            slot = self.prev(slot);
        }
        self.step(steps, slot, StepKind::ClusterStart);
        let mut quotient = slot;
        while quotient != fq {
            slot = self.next(slot);
            if self.bits(slot).continuation {
                self.step(steps, slot, StepKind::InRun { quotient });
                continue;
            }
            quotient = self.next_occupied(quotient);
            let kind = if quotient == fq && !had_run {
                StepKind::NewRunHere
            } else {
                StepKind::RunStart { quotient }
            };
            self.step(steps, slot, kind);
        }
        slot
    }

    /// Writes `fr` at `slot` and carries what was there one slot right, and so on until an
    /// empty slot. `is_occupied` stays with its slot; every moved remainder is shifted; the
    /// first one carried becomes a continuation when `displaced_continues`.
    fn shift_right_and_store(
        &mut self,
        slot: u64,
        (fq, fr): (u64, u64),
        continuation: bool,
        displaced_continues: bool,
        steps: &mut Vec<WalkStep>,
    ) {
        let here = self.bits(slot);
        let mut carried = (!here.is_empty()).then(|| {
            (
                self.remainders[slot as usize],
                here.continuation || displaced_continues,
            )
        });
        let bits = SlotBits {
            occupied: here.occupied,
            continuation,
            shifted: slot != fq,
        };
        self.write(slot, fr, bits);
        self.step(steps, slot, StepKind::Store);
        let mut at = slot;
        while let Some((remainder, continuation)) = carried {
            at = self.next(at);
            let here = self.bits(at);
            carried = (!here.is_empty()).then(|| (self.remainders[at as usize], here.continuation));
            let bits = SlotBits {
                occupied: here.occupied,
                continuation,
                shifted: true,
            };
            self.write(at, remainder as u64, bits);
            self.step(steps, at, StepKind::ShiftedRight);
        }
    }

    /// Moves the remainders after `slot` one slot left until an empty slot, a remainder in
    /// its canonical slot, or the whole circle; each moved remainder's quotient is followed
    /// (the same while `is_continuation` is 1, else the next occupied quotient) to set its
    /// `is_shifted`.
    fn shift_left(
        &mut self,
        slot: u64,
        fq: u64,
        removed_run_start: bool,
        steps: &mut Vec<WalkStep>,
    ) {
        let (mut at, mut quotient) = (slot, fq);
        loop {
            let next = self.next(at);
            let moving = self.bits(next);
            if moving.is_empty() || !moving.shifted || next == slot {
                let occupied = self.bits(at).occupied;
                self.write(
                    at,
                    0,
                    SlotBits {
                        occupied,
                        ..SlotBits::default()
                    },
                );
                self.step(steps, at, StepKind::Cleared);
                return;
            }
            if !moving.continuation {
                quotient = self.next_occupied(quotient);
            }
            let bits = SlotBits {
                occupied: self.bits(at).occupied,
                continuation: moving.continuation && !(at == slot && removed_run_start),
                shifted: at != quotient,
            };
            self.write(at, self.remainders[next as usize] as u64, bits);
            self.step(steps, at, StepKind::ShiftedLeft);
            at = next;
        }
    }

    fn write(&mut self, slot: u64, remainder: u64, bits: SlotBits) {
        self.remainders[slot as usize] = remainder as u32;
        self.bits[slot as usize] = bits;
    }

    fn step(&self, steps: &mut Vec<WalkStep>, slot: u64, kind: StepKind) {
        steps.push(WalkStep {
            slot,
            bits: self.bits(slot),
            remainder: self.remainder(slot),
            kind,
        });
    }
}
