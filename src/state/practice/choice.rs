//! What a practice set holds when a link chooses (`practice_kinds=`, `practice_n=`): which
//! kinds of exercise and how many. A set of chosen kinds takes, in order, the exercises of
//! those kinds from the seed's full set, then from further sets drawn from the seed, until
//! it has as many as asked; without a choice it is the seed's full set, as before.

use crate::filter::experiment::splitmix64;

use super::tasks::{practice_set, Exercise, ExerciseKind};

/// The most exercises a link may ask for (`practice_n=`).
pub const MAX_PRACTICE_N: u64 = 20;

/// Mixed with the round's number into the seed of each further set a chosen set draws from.
const ROUND_STREAM: u64 = 0x726f_756e_6400;

/// How many further sets a chosen set may draw from: a kind that a set may lack (culprits,
/// when its filter gives no false positive within the search) is found well within this.
const MAX_ROUNDS: u64 = 64;

/// The kinds and the number of exercises a link chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PracticeChoice {
    /// Whether each kind of [`ExerciseKind::ALL`] is asked, as bit i for the kind at place i.
    kinds: u8,
    /// How many exercises, 1 to [`MAX_PRACTICE_N`]; none: one full round of the kinds.
    pub count: Option<u8>,
}

impl Default for PracticeChoice {
    /// Every kind, one full set.
    fn default() -> Self {
        PracticeChoice {
            kinds: (1 << ExerciseKind::ALL.len()) - 1,
            count: None,
        }
    }
}

impl PracticeChoice {
    /// Only these kinds (every kind when the list is empty), keeping the count.
    pub fn with_kinds(self, kinds: &[ExerciseKind]) -> Self {
        let mut mask = 0;
        for kind in kinds {
            mask |= Self::bit(*kind);
        }
        PracticeChoice {
            kinds: if mask == 0 {
                Self::default().kinds
            } else {
                mask
            },
            ..self
        }
    }

    /// This number of exercises (none: one full round of the kinds), keeping the kinds.
    pub fn with_count(self, count: Option<u8>) -> Self {
        PracticeChoice { count, ..self }
    }

    fn bit(kind: ExerciseKind) -> u8 {
        1 << ExerciseKind::ALL
            .iter()
            .position(|k| *k == kind)
            .unwrap_or(0)
    }

    /// Whether the set asks this kind.
    pub fn asks(self, kind: ExerciseKind) -> bool {
        self.kinds & Self::bit(kind) != 0
    }

    /// The kinds asked, in a set's order; empty when every kind is (nothing to print).
    pub fn chosen_kinds(self) -> Vec<ExerciseKind> {
        if self.kinds == Self::default().kinds {
            return Vec::new();
        }
        ExerciseKind::ALL
            .into_iter()
            .filter(|k| self.asks(*k))
            .collect()
    }
}

/// The exercises of the set with `seed` as `choice` asks: the seed's full set without a
/// choice, else the chosen kinds' exercises from the seed's set and then from sets drawn
/// from it, `count` of them (without a count, those of the seed's set, at least one).
pub fn chosen_set(seed: u64, choice: PracticeChoice) -> Vec<Exercise> {
    if choice == PracticeChoice::default() {
        return practice_set(seed);
    }
    let wanted = choice.count.map_or(usize::MAX, usize::from);
    let mut set = Vec::new();
    for round in 0..MAX_ROUNDS {
        let round_seed = if round == 0 {
            seed
        } else {
            splitmix64(seed ^ ROUND_STREAM.wrapping_add(round))
        };
        for exercise in practice_set(round_seed) {
            if set.len() < wanted && choice.asks(exercise.task.kind()) {
                set.push(exercise);
            }
        }
        let enough = set.len() >= wanted || (choice.count.is_none() && !set.is_empty());
        if enough {
            break;
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(set: &[Exercise]) -> Vec<ExerciseKind> {
        set.iter().map(|e| e.task.kind()).collect()
    }

    #[test]
    fn no_choice_is_the_seeds_full_set() {
        for seed in 1..=20 {
            assert_eq!(
                chosen_set(seed, PracticeChoice::default()),
                practice_set(seed)
            );
        }
    }

    #[test]
    fn chosen_kinds_repeat_in_order_until_the_count() {
        use ExerciseKind::{Place, Size};
        let choice = PracticeChoice {
            count: Some(5),
            ..PracticeChoice::default().with_kinds(&[Size, Place])
        };
        for seed in 1..=30 {
            let set = chosen_set(seed, choice);
            assert_eq!(
                kinds(&set),
                [Place, Size, Place, Size, Place],
                "seed {seed}"
            );
            let own = practice_set(seed);
            let own_size = own.iter().find(|e| e.task.kind() == Size);
            assert_eq!(
                (&set[0], Some(&set[1])),
                (&own[0], own_size),
                "seed {seed}: its own set first"
            );
            assert_eq!(set, chosen_set(seed, choice), "the same seed, the same set");
            assert_ne!(set[0], set[2], "a further round asks other items");
        }
    }

    #[test]
    fn a_kind_alone_fills_the_count_even_where_some_sets_lack_it() {
        let choice = PracticeChoice {
            count: Some(MAX_PRACTICE_N as u8),
            ..PracticeChoice::default().with_kinds(&[ExerciseKind::Culprits])
        };
        for seed in 1..=10 {
            let set = chosen_set(seed, choice);
            assert_eq!(set.len(), MAX_PRACTICE_N as usize, "seed {seed}");
            assert!(set.iter().all(|e| e.task.kind() == ExerciseKind::Culprits));
        }
    }

    #[test]
    fn a_count_alone_cuts_or_extends_the_full_set() {
        let three = PracticeChoice {
            count: Some(3),
            ..PracticeChoice::default()
        };
        assert_eq!(chosen_set(4, three), practice_set(4)[..3].to_vec());
        let twenty = PracticeChoice {
            count: Some(20),
            ..PracticeChoice::default()
        };
        assert_eq!(chosen_set(4, twenty).len(), 20);
    }

    #[test]
    fn kinds_without_a_count_take_the_seeds_set_of_those_kinds() {
        let choice = PracticeChoice::default().with_kinds(&[ExerciseKind::Delete]);
        let set = chosen_set(9, choice);
        assert_eq!(set, practice_set(9)[practice_set(9).len() - 2..].to_vec());
        assert_eq!(choice.chosen_kinds(), [ExerciseKind::Delete]);
        assert!(PracticeChoice::default().chosen_kinds().is_empty());
    }
}
