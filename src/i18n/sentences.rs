//! Sentences the page builds from the model's values: the message about the last action,
//! a walk's step and a measured point.

use crate::filter::{HashStep, Layout, MeasuredPoint, StepInput};
use crate::state::{Divergence, Message, Mode, Settings, Walk, WalkKind};

use super::arithmetic::step_arithmetic;
use super::{fill, number_list, quoted_list, shown_item, Text};

/// The wording of a message.
pub fn message(text: &Text, message: &Message) -> String {
    let list = |items: &[String]| quoted_list(text, items);
    match message {
        Message::EmptyItem => text.msg_empty_item.to_owned(),
        Message::ItemRefused(problem) => fill(
            text.msg_item_refused,
            &[&super::describe::problem(text, problem)],
        ),
        Message::ItemsLocked => text.msg_items_locked.to_owned(),
        Message::LinkStillOpening { done, total } => fill(text.msg_link_opening, &[done, total]),
        Message::PracticeInProgress => text.msg_practice_busy.to_owned(),
        Message::DemoLoaded => text.msg_demo_loaded.to_owned(),
        Message::LessonReplaced => text.msg_lesson_replaced.to_owned(),
        Message::Added { item, newly_set } => fill(text.msg_added, &[&shown_item(item), newly_set]),
        Message::AddedMany { count } => fill(text.msg_added_many, &[count]),
        Message::BulkStopped { done, total } => fill(text.bulk_stopped, &[done, total]),
        Message::RemoveRefusedAbsent {
            item,
            zero_positions,
        } => fill(
            match zero_positions.len() {
                1 => text.msg_refused_absent,
                _ => text.msg_refused_absent_many,
            },
            &[&shown_item(item), &number_list(text, zero_positions)],
        ),
        Message::RemoveRefusedFalsePositive { item } => {
            fill(text.msg_refused_false_positive, &[&shown_item(item)])
        }
        Message::PlainCannotRemove { item } => {
            fill(text.msg_plain_cannot_remove, &[&shown_item(item)])
        }
        Message::Removed { item, changes } => {
            let steps = changes
                .iter()
                .map(|c| {
                    if c.saturated {
                        fill(text.msg_counter_stuck, &[&c.position, &c.before])
                    } else {
                        fill(text.msg_counter_step, &[&c.position, &c.before, &c.after])
                    }
                })
                .collect::<Vec<_>>()
                .join(text.clause_separator);
            let stuck = changes
                .iter()
                .find(|c| c.saturated)
                .map(|c| {
                    format!(
                        " {}",
                        fill(text.msg_saturated_kept, &[&c.position, &c.before])
                    )
                })
                .unwrap_or_default();
            fill(text.msg_removed, &[&shown_item(item), &steps]) + &stuck
        }
        Message::FalseNegativesCreated { item, victims } if victims.is_empty() => {
            fill(text.msg_no_false_negatives, &[&shown_item(item)])
        }
        Message::FalseNegativesCreated { item, victims } => fill(
            match victims.len() {
                1 => text.msg_false_negative_one,
                _ => text.msg_false_negatives,
            },
            &[&shown_item(item), &list(victims)],
        ),
        Message::NothingToUndo => text.msg_nothing_to_undo.to_owned(),
        Message::NothingToRedo => text.msg_nothing_to_redo.to_owned(),
    }
}

/// A counting filter's counter at each step's position, and the largest value a counter
/// holds.
#[derive(Debug, Clone, Copy)]
pub struct StepCounts<'a> {
    /// The counter at each step's position, before the walk's add.
    pub counts: &'a [u8],
    /// `2^w − 1`.
    pub max: u8,
}

/// The sentence for the walk's current step in a filter of this layout; with `counts`, a
/// counting filter's, it speaks of counters.
pub fn walk_step(
    text: &Text,
    walk: &Walk,
    steps: &[HashStep],
    set: &[bool],
    counts: Option<StepCounts>,
    layout: Layout,
) -> String {
    let k = steps.len() as u32;
    let Some(first) = steps.first() else {
        return String::new();
    };
    match walk.step {
        0 => match first.input {
            StepInput::Classic(_) => text.walk_hash_seed.to_owned(),
            StepInput::Pair(pair) => fill(text.walk_hash, &[&pair.h1, &pair.h2]),
            // The split-block layout's one hash is shown in the h1 place, with h2 = 0.
            StepInput::XxHash64(h) => fill(text.walk_hash, &[&h, &0]),
        },
        s if s <= k => {
            let i = (s - 1) as usize;
            let step = &steps[i];
            let earlier = steps[..i]
                .iter()
                .filter(|e| e.position == step.position)
                .count() as u32;
            // The counter as this hash finds it: an earlier hash of the same add that landed
            // here already raised it (up to its maximum).
            let now = counts.map(|c| match walk.kind {
                WalkKind::Add => (u32::from(c.counts[i]) + earlier).min(u32::from(c.max)),
                WalkKind::Query => u32::from(c.counts[i]),
            });
            let template = match (walk.kind, now) {
                (WalkKind::Add, None) if !set[i] && earlier == 0 => text.walk_set_new,
                (WalkKind::Add, None) => text.walk_set_again,
                (WalkKind::Query, None) if set[i] => text.walk_test_set,
                (WalkKind::Query, None) => text.walk_test_zero,
                (WalkKind::Add, Some(c)) if counts.is_some_and(|s| c == u32::from(s.max)) => {
                    text.walk_count_full
                }
                (WalkKind::Add, Some(_)) => text.walk_count_add,
                (WalkKind::Query, Some(0)) => text.walk_count_zero,
                (WalkKind::Query, Some(_)) => text.walk_count_test,
            };
            let now = now.unwrap_or(0);
            let values: [&dyn std::fmt::Display; 6] = [
                &step.index,
                &step_arithmetic(step, layout),
                &"",
                &step.position,
                &now,
                &(now + 1),
            ];
            fill(template, &values)
        }
        _ => match (walk.kind, counts) {
            (WalkKind::Add, None) => fill(text.walk_done_add, &[&shown_item(&walk.item)]),
            (WalkKind::Add, Some(_)) => fill(text.walk_count_done, &[&shown_item(&walk.item)]),
            (WalkKind::Query, _) => text.walk_done_query.to_owned(),
        },
    }
}

/// Describes a point for its tooltip and the readout: one filter's count, or the mean of
/// several with the spread of single filters.
pub fn observed_point(text: &Text, label: &str, p: &MeasuredPoint, theory: f64) -> String {
    let (low, high) = p.interval();
    let rate = |r: f64| crate::state::numbers::probability(r);
    if p.filters() == 1 {
        return fill(
            text.plot_point,
            &[
                &label,
                &p.n,
                &p.total_false_positives(),
                &p.probes,
                &rate(p.rate()),
                &rate(low),
                &rate(high),
                &rate(theory),
            ],
        );
    }
    let (spread_low, spread_high) = p.spread();
    fill(
        text.plot_point_mean,
        &[
            &label,
            &p.n,
            &p.filters(),
            &p.total_false_positives(),
            &p.total_probes(),
            &rate(p.rate()),
            &rate(low),
            &rate(high),
            &rate(spread_low),
            &rate(spread_high),
            &rate(theory),
        ],
    )
}

/// Why the lesson's step no longer describes the screen, naming the filter it was written
/// for.
pub fn divergence(text: &Text, divergence: &Divergence, lesson: &Settings) -> String {
    let mode = match lesson.mode() {
        Mode::Bloom => text.mode_bloom,
        Mode::Counting => text.mode_counting,
    };
    let filter = fill(
        text.lesson_filter,
        &[&lesson.m(), &lesson.k(), &lesson.family().label(), &mode],
    );
    match divergence {
        Divergence::Settings => fill(text.lesson_diverged_settings, &[&filter]),
        Divergence::Verdict { item } => {
            fill(text.lesson_diverged_verdict, &[&shown_item(item), &filter])
        }
        Divergence::View => text.lesson_diverged_view.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{FilterShape, HashFamily};
    use crate::lang::Lang;

    #[test]
    fn a_counting_filter_walk_speaks_of_counters_and_their_values() {
        crate::i18n::install_bundled();
        let shape = FilterShape::new(16, 3, HashFamily::Murmur3).unwrap();
        let steps = shape.steps(b"cat");
        let set = vec![true; steps.len()];
        let counts = [2u8, 15, 0];
        let counts = StepCounts {
            counts: &counts,
            max: 15,
        };
        for (lang, bit, counter) in [
            (Lang::En, "Bit", "Counter"),
            (Lang::Zh, "位是", "计数器"),
            (Lang::Ja, "ビット", "カウンター"),
        ] {
            let text = lang.text();
            for kind in [WalkKind::Add, WalkKind::Query] {
                for step in 1..=4 {
                    let walk = Walk {
                        kind,
                        item: "cat".into(),
                        step,
                    };
                    let sentence =
                        walk_step(text, &walk, &steps, &set, Some(counts), Layout::Standard);
                    assert!(!sentence.contains(bit), "{lang:?}: {sentence}");
                    if step <= 3 {
                        assert!(sentence.contains(counter), "{lang:?}: {sentence}");
                    }
                }
            }
            let add = |step| Walk {
                kind: WalkKind::Add,
                item: "cat".into(),
                step,
            };
            let say = |step| {
                walk_step(
                    text,
                    &add(step),
                    &steps,
                    &set,
                    Some(counts),
                    Layout::Standard,
                )
            };
            // 2 becomes 3; 15, the maximum, stays.
            let as_written = |template, step: &HashStep, now: u32| {
                let arithmetic = step_arithmetic(step, Layout::Standard);
                let values: [&dyn std::fmt::Display; 6] = [
                    &step.index,
                    &arithmetic,
                    &"",
                    &step.position,
                    &now,
                    &(now + 1),
                ];
                fill(template, &values)
            };
            assert_eq!(say(1), as_written(text.walk_count_add, &steps[0], 2));
            assert_eq!(say(2), as_written(text.walk_count_full, &steps[1], 15));
        }
    }
}
