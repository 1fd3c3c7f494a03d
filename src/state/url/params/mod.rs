//! The URL contract, one declaration per parameter: its key, whether it may repeat, its
//! default as docs/contract.md states it, how its value is read into a [`UrlState`] and how the
//! state prints it back. [`super::parse`] and [`super::print`] only walk the table,
//! [`PARAMS`], so a new parameter is one entry there (and its row in docs/contract.md,
//! which a test compares with the table).
//!
//! This file holds what an entry is made of: [`Param`], the readers of a value (a choice of
//! a [`Keyed`] enumeration, an on/off flag, an item, a bounded number) and the printers (a
//! value unless it is the default); the table itself is in `table.rs`.

use crate::filter::hash_quality_job::CorpusSource;
use crate::filter::space::SpaceEps;
use crate::filter::{HashFamily, Layout, ParamError};
use crate::lang::Lang;
use crate::protocol::filters_view::{FilterChoice, OutOfRange};
use crate::state::calculator_view::Solve;
use crate::state::fields::{parse_bounded, parse_whole, FieldProblem};
use crate::state::lab_view::FamilyChoice;
use crate::state::log::LogEntry;
use crate::state::plot::AxisKind;
use crate::state::practice::ExerciseKind;
use crate::state::settings::Mode;

use super::{Lockable, NoticeReason, UrlState, View};

mod table;
mod view_table;

pub use table::PARAMS;

/// Why a value was not used: the reason, and the part of the value it is about when that
/// is not the whole value (one unknown name in `lock=m,colour`).
#[derive(Debug, Clone, PartialEq)]
pub struct Rejected {
    /// The part of the value refused, if not all of it.
    pub part: Option<String>,
    /// Why.
    pub reason: NoticeReason,
}

impl<T: Into<NoticeReason>> From<T> for Rejected {
    fn from(reason: T) -> Self {
        Rejected {
            part: None,
            reason: reason.into(),
        }
    }
}

/// Reads one value into the state.
pub type ParseValue = fn(&mut UrlState, &str) -> Result<(), Rejected>;
/// Hands each value the state has for the parameter to `out` (nothing at the default).
pub type PrintValues = fn(&UrlState, &mut dyn FnMut(&str));

/// One URL parameter.
pub struct Param {
    /// The name in the query string.
    pub key: &'static str,
    /// Whether it may be given more than once (each value counts, in order); a single-valued
    /// parameter given twice takes its last value and a notice names the other.
    pub repeats: bool,
    /// The default as docs/contract.md's table states it (empty when there is no value).
    pub default: &'static str,
    /// How a value is read.
    pub parse: ParseValue,
    /// How the state prints it.
    pub print: PrintValues,
}

/// An enumeration whose values have URL keys.
pub trait Keyed: Copy + PartialEq + 'static {
    /// Every value, in the order notices list them.
    const ALL: &'static [Self];
    /// The value's key.
    fn key(self) -> &'static str;
}

/// The value whose key is `text`, or the choices as the notice lists them.
pub fn choice<T: Keyed>(text: &str) -> Result<T, Rejected> {
    T::ALL
        .iter()
        .copied()
        .find(|value| value.key() == text)
        .ok_or_else(|| NoticeReason::Choices(choices::<T>()).into())
}

/// The keys of `T`, joined by commas.
pub fn choices<T: Keyed>() -> String {
    T::ALL
        .iter()
        .map(|v| v.key())
        .collect::<Vec<_>>()
        .join(", ")
}

macro_rules! keyed {
    ($($ty:ty => $all:expr),* $(,)?) => {
        $(impl Keyed for $ty {
            const ALL: &'static [Self] = &$all;
            fn key(self) -> &'static str {
                <$ty>::key(self)
            }
        })*
    };
}

keyed!(
    HashFamily => HashFamily::ALL,
    Layout => Layout::ALL,
    Mode => Mode::ALL,
    View => *View::ALL,
    Lang => Lang::ALL,
    Solve => Solve::ALL,
    FamilyChoice => FamilyChoice::ALL,
    AxisKind => AxisKind::ALL,
    CorpusSource => CorpusSource::ALL,
    Lockable => Lockable::ALL,
    OnOff => OnOff::ALL,
    FilterChoice => FilterChoice::ALL,
    SpaceEps => SpaceEps::ALL,
    ExerciseKind => ExerciseKind::ALL,
);

/// An on/off parameter's value: `1` (or `true`) and `0` (or `false`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OnOff(pub bool);

impl OnOff {
    const ALL: [OnOff; 2] = [OnOff(true), OnOff(false)];

    fn key(self) -> &'static str {
        if self.0 {
            "1"
        } else {
            "0"
        }
    }
}

fn flag(text: &str) -> Result<bool, Rejected> {
    match text {
        "true" => Ok(true),
        "false" => Ok(false),
        other => choice::<OnOff>(other).map(|on| on.0),
    }
}

/// An item for `add=`, `query=` and the like: anything but nothing.
fn item(text: &str) -> Result<String, Rejected> {
    if text.is_empty() {
        Err(NoticeReason::EmptyItem.into())
    } else {
        Ok(text.to_owned())
    }
}

/// Keeps `v` (trimmed) in `field` when it is a whole number from 1 to `max` (0 is `zero`).
#[inline(never)]
fn bounded_text(field: &mut String, v: &str, max: u64, zero: ParamError) -> Result<(), Rejected> {
    checked_text(field, v, |v| parse_bounded(v, max, zero))
}

/// A whole number that `check` takes: a value outside its range is named with the range's
/// end it passed, and a value that is not a power of two where one is needed with the
/// powers of two it may be.
fn in_range<T>(v: &str, check: fn(u64) -> Result<T, OutOfRange>) -> Result<T, Rejected> {
    let value = parse_whole(v)?;
    check(value).map_err(|range| {
        if value > range.max {
            FieldProblem::AboveMax(range.max).into()
        } else if value < range.min {
            FieldProblem::BelowMin(range.min).into()
        } else {
            let powers: Vec<String> = (range.min.max(1).ilog2()..=range.max.ilog2())
                .map(|e| (1u64 << e).to_string())
                .collect();
            NoticeReason::Choices(powers.join(", ")).into()
        }
    })
}

/// Keeps `v` (trimmed) as the text of `field` when `check` reads it, else its reason.
fn checked_text<T>(
    field: &mut String,
    v: &str,
    check: impl FnOnce(&str) -> Result<T, FieldProblem>,
) -> Result<(), Rejected> {
    check(v)?;
    *field = v.trim().to_owned();
    Ok(())
}

/// Prints `value` unless it equals `default`.
fn unless_default(out: &mut dyn FnMut(&str), value: &str, default: &str) {
    if value != default {
        out(value);
    }
}

/// Prints a filter setting unless it is the default; a lesson's link always spells it out
/// (its filter replaces the lesson's own, setting by setting).
fn spelled(url: &UrlState, out: &mut dyn FnMut(&str), value: &str, default: &str) {
    if value != default || url.lesson.is_some() {
        out(value);
    }
}

/// Prints every entry of one kind of the item log.
fn print_entries(url: &UrlState, out: &mut dyn FnMut(&str), kind: fn(&LogEntry) -> bool) {
    url.entries
        .iter()
        .filter(|e| kind(e))
        .for_each(|e| out(e.item()));
}

/// The place of `key` in [`PARAMS`].
pub fn param_place(key: &str) -> Option<usize> {
    PARAMS.iter().position(|p| p.key == key)
}
