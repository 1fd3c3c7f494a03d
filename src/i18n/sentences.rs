//! Sentences the page builds from the model's values: the message about the last action,
//! a query's verdict, a walk's step and a measured point.

use crate::filter::{HashStep, MeasuredPoint};
use crate::state::{Divergence, Message, Mode, QueryReport, Settings, Verdict, Walk, WalkKind};

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

/// The verdict in one sentence (also what a screen reader hears after a query).
pub fn verdict(text: &Text, report: &QueryReport) -> String {
    let item = &shown_item(&report.item);
    match &report.verdict {
        Verdict::DefinitelyNot { .. } => fill(text.result_definitely_not, &[item]),
        Verdict::Probably => fill(text.result_probably, &[item]),
        Verdict::FalsePositive { .. } => match report.distinct_bits() {
            1 => fill(text.result_false_positive_one, &[item]),
            bits => fill(text.result_false_positive, &[item, &bits]),
        },
        Verdict::FalseNegative { zero_positions } => {
            let template = match zero_positions.len() {
                1 => text.result_false_negative,
                _ => text.result_false_negative_many,
            };
            fill(template, &[item, &number_list(text, zero_positions)])
        }
    }
}

/// How step i's position is computed, with its numbers: `(h1 + i·h2) mod m`, the seed's
/// `HFLP(bytes) mod m`, or in a partitioned filter `i·s + (v mod s)`.
pub fn step_arithmetic(step: &HashStep, m: u64) -> String {
    let (prefix, value) = match step.classic {
        Some(hash) => (
            format!("{}(bytes) = {}, ", hash.label(), step.combined),
            step.combined.to_string(),
        ),
        None => (
            String::new(),
            format!("({} + {}·{})", step.h1, step.index, step.h2),
        ),
    };
    if step.size == m {
        format!("{prefix}{value} mod {m}")
    } else {
        format!(
            "{prefix}{}·{} + ({value} mod {})",
            step.index, step.size, step.size
        )
    }
}

/// The sentence for the walk's current step (m is the filter's size).
pub fn walk_step(text: &Text, walk: &Walk, steps: &[HashStep], set: &[bool], m: u64) -> String {
    let k = steps.len() as u32;
    let Some(first) = steps.first() else {
        return String::new();
    };
    match walk.step {
        0 if first.classic.is_some() => text.walk_hash_seed.to_owned(),
        0 => fill(text.walk_hash, &[&first.h1, &first.h2]),
        s if s <= k => {
            let i = (s - 1) as usize;
            let step = &steps[i];
            let values: [&dyn std::fmt::Display; 4] =
                [&step.index, &step_arithmetic(step, m), &"", &step.position];
            let earlier = steps[..i].iter().any(|e| e.position == step.position);
            let template = match walk.kind {
                WalkKind::Add if !set[i] && !earlier => text.walk_set_new,
                WalkKind::Add => text.walk_set_again,
                WalkKind::Query if set[i] => text.walk_test_set,
                WalkKind::Query => text.walk_test_zero,
            };
            fill(template, &values)
        }
        _ => match walk.kind {
            WalkKind::Add => fill(text.walk_done_add, &[&shown_item(&walk.item)]),
            WalkKind::Query => text.walk_done_query.to_owned(),
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
