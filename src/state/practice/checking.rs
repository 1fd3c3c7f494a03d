//! A student's answer to an exercise: the fields as typed, how each number is read (the
//! page's own formats), and whether the answer is right, within the tolerance each question
//! states.

use super::tasks::{ReadFigure, Task};
use crate::decimal::{decimal_to_f64, fixed};
use crate::filter::math::fpr_exact;
use crate::state::answer_number::{read_count, read_share};

use crate::state::quiz::QuizAnswer;

/// A rate or fill is accepted within this relative error.
pub const RATE_TOLERANCE: f64 = 0.02;

/// A size answer's m may exceed the smallest m that meets p by this share.
pub const SIZE_SLACK: f64 = 0.10;

/// A size answer's exact rate may exceed p by this share of p: the textbook
/// `m = ⌈−n·ln p / (ln 2)²⌉` with `k = round((m/n)·ln 2)` misses p by up to 0.54 % of p in
/// the cases a set draws from (a whole k is not the real optimum, and the exact rate is
/// a little above the formula's), and is accepted.
pub const SIZE_RATE_SLACK: f64 = 0.01;

/// What the student has entered for the current exercise.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Response {
    /// Cells marked (place), in increasing order.
    pub cells: Vec<u64>,
    /// (position, item) pairs ticked (culprits).
    pub culprits: Vec<(u64, String)>,
    /// Items ticked (delete: items lost).
    pub items: Vec<String>,
    /// The answer chosen (predict).
    pub answer: Option<QuizAnswer>,
    /// The number typed (read).
    pub number: String,
    /// m typed (size).
    pub m: String,
    /// k typed (size).
    pub k: String,
    /// Each counter's value typed (delete: counters), in the task's order.
    pub counters: Vec<String>,
}

/// A number field of the practice panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberField {
    /// The read exercise's answer.
    Answer,
    /// The size exercise's m.
    M,
    /// The size exercise's k.
    K,
    /// The counters exercise's field for its counter at this place in the task's list.
    Counter(usize),
}

/// The number fields of `task` that `response` leaves unreadable (empty, `twelve`,
/// `12 bits`), in the panel's order: Check refuses them without costing an attempt. The
/// read exercise's fill and rate are shares ([`read_share`]); bits set, m, k and counters
/// are counts ([`read_count`]).
pub fn unreadable_fields(task: &Task, response: &Response) -> Vec<NumberField> {
    let mut fields = Vec::new();
    let mut need = |field, number: Option<f64>| {
        if number.is_none() {
            fields.push(field);
        }
    };
    match task {
        Task::Read { figure, .. } => need(
            NumberField::Answer,
            match figure {
                ReadFigure::BitsSet => read_count(&response.number),
                ReadFigure::Fill | ReadFigure::Rate => read_share(&response.number),
            },
        ),
        Task::Size { .. } => {
            need(NumberField::M, read_count(&response.m));
            need(NumberField::K, read_count(&response.k));
        }
        Task::Counters { after, .. } => {
            for i in 0..after.len() {
                let typed = response.counters.get(i).map_or("", String::as_str);
                need(NumberField::Counter(i), read_count(typed));
            }
        }
        _ => {}
    }
    fields
}

/// `typed` read as a count, when it is a whole number in `0..=max`.
fn whole(typed: &str, max: u64) -> Option<u64> {
    read_count(typed)
        .filter(|v| v.fract() == 0.0 && (0.0..=max as f64).contains(v))
        .map(|v| v as u64)
}

/// The textbook's m and k for n items at rate p: `m = ⌈−n·ln p / (ln 2)²⌉` and
/// `k = round((m/n)·ln 2)`.
pub fn textbook_size(n: u64, p: f64) -> (u64, u32) {
    let ln2 = std::f64::consts::LN_2;
    let m = (-(n as f64) * p.ln() / (ln2 * ln2)).ceil();
    (m as u64, (m / n as f64 * ln2).round() as u32)
}

/// `x` rounded to 3 significant digits, as the page shows a rate or fill (`0.0835`).
pub fn three_digits(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return "0".to_owned();
    }
    let decimals = 2 - x.abs().log10().floor() as i32;
    fixed(x, decimals.max(0) as usize)
}

/// `x` rounded to 3 significant digits.
fn round_three(x: f64) -> f64 {
    decimal_to_f64(&three_digits(x)).unwrap_or(x)
}

/// Whether `typed` is accepted for a rate or fill of `value`: within
/// [`RATE_TOLERANCE`] relative error, or equal to `value` once both are rounded to the 3
/// significant digits the page shows.
pub fn rate_accepted(typed: f64, value: f64) -> bool {
    let close = (typed - value).abs() <= RATE_TOLERANCE * value.abs();
    close || round_three(typed) == round_three(value)
}

/// The largest exact rate a size answer for p may have: p and [`SIZE_RATE_SLACK`] of p.
pub fn size_rate_limit(p: f64) -> f64 {
    p * (1.0 + SIZE_RATE_SLACK)
}

/// Whether m and k answer a size task: the exact rate `(1 − (1 − 1/m)^{kn})^k` is at most
/// [`size_rate_limit`] of p, and m is at most [`SIZE_SLACK`] above the smallest m that
/// meets p at a whole k.
pub fn size_accepted(m: u64, k: u32, n: u64, p: f64, smallest_m: u64) -> bool {
    (1..=64).contains(&k)
        && m as f64 <= smallest_m as f64 * (1.0 + SIZE_SLACK)
        && fpr_exact(m as f64, n as f64, f64::from(k)) <= size_rate_limit(p)
}

/// Whether two lists without repeats hold the same values, in any order (the sets here
/// have a handful of values).
fn same_values<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().all(|x| b.contains(x))
}

/// Whether `response` answers `task` right.
pub fn check(task: &Task, response: &Response) -> bool {
    match task {
        Task::Place { cells, .. } => same_values(&response.cells, cells),
        Task::Predict { truth, .. } => response.answer == Some(*truth),
        Task::Culprits { setters, .. } => {
            // every ticked pair is right, and there are as many as there are setters
            let ticks = setters.iter().map(|(_, items)| items.len()).sum::<usize>();
            response.culprits.len() == ticks
                && response.culprits.iter().all(|(bit, item)| {
                    setters
                        .iter()
                        .any(|(p, items)| p == bit && items.contains(item))
                })
        }
        Task::Read { figure, value } => match figure {
            ReadFigure::BitsSet => read_count(&response.number) == Some(*value),
            ReadFigure::Fill | ReadFigure::Rate => {
                read_share(&response.number).is_some_and(|typed| rate_accepted(typed, *value))
            }
        },
        Task::Size {
            n, p, smallest_m, ..
        } => {
            let m = whole(&response.m, u64::MAX);
            let k = whole(&response.k, 64);
            matches!((m, k), (Some(m), Some(k)) if size_accepted(m, k as u32, *n, *p, *smallest_m))
        }
        Task::Counters { after, .. } => {
            let mut right = after.len() == response.counters.len();
            for (i, (_, want)) in after.iter().enumerate() {
                let typed = response.counters.get(i).map(|t| read_count(t));
                right &= typed == Some(Some(f64::from(*want)));
            }
            right
        }
        Task::Lost { lost, .. } => same_values(&response.items, lost),
    }
}
