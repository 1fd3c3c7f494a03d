//! [`PARAMS`], the table of every URL parameter in the order a link prints them: each
//! entry's key, whether it repeats, its default, and how it is read and printed, made of the
//! readers and printers of the [parent module](super).

use crate::filter::MAX_COUNTER_WIDTH;
use crate::lang::Lang;
use crate::state::fields::{
    parse_bits, parse_hashes, parse_small_whole, parse_whole, FieldProblem,
};
use crate::state::log::LogEntry;
use crate::state::practice::{ExerciseKind, Outcome, MAX_PRACTICE_N};
use crate::state::settings::{DEFAULT_K, DEFAULT_M};
use crate::state::url::{Lockable, NoticeReason, MAX_FOLDS};

use super::view_table::VIEW_PARAMS;
use super::{choice, choices, flag, item, print_entries, spelled, unless_default, Param, Rejected};

/// Every parameter, in the order a link prints them: the filter's and the item log's
/// (`FILTER_PARAMS`), the views' (`VIEW_PARAMS`, in their own file), the page's
/// (`PAGE_PARAMS`).
pub const PARAMS: ParamTable = ParamTable;

/// The groups of [`PARAMS`], in order.
const GROUPS: [&[Param]; 3] = [FILTER_PARAMS, VIEW_PARAMS, PAGE_PARAMS];

/// The table of every parameter: its groups read as one list.
pub struct ParamTable;

impl ParamTable {
    /// Every parameter, in order.
    pub fn iter(&self) -> Params {
        Params { group: 0, place: 0 }
    }
}

/// The parameters of [`PARAMS`] in order, group after group.
pub struct Params {
    group: usize,
    place: usize,
}

impl Iterator for Params {
    type Item = &'static Param;

    fn next(&mut self) -> Option<&'static Param> {
        while let Some(group) = GROUPS.get(self.group) {
            if let Some(param) = group.get(self.place) {
                self.place += 1;
                return Some(param);
            }
            self.group += 1;
            self.place = 0;
        }
        None
    }
}

impl std::ops::Index<usize> for ParamTable {
    type Output = Param;

    /// The parameter at `place` in the whole table (a place beyond it panics, as a slice's).
    fn index(&self, mut place: usize) -> &Param {
        for group in GROUPS {
            if place < group.len() {
                return &group[place];
            }
            place -= group.len();
        }
        panic!("no parameter at this place")
    }
}

/// The filter's parameters and the item log's.
const FILTER_PARAMS: &[Param] = &[
    Param {
        key: "m",
        repeats: false,
        default: "32",
        parse: |url, v| {
            url.settings = url.settings.with_m(parse_bits(v)?)?;
            Ok(())
        },
        // A lesson's link spells out the whole filter, which replaces the lesson's own.
        print: |url, out| {
            if url.settings.m() != DEFAULT_M || url.lesson.is_some() {
                out(&url.settings.m().to_string());
            }
        },
    },
    Param {
        key: "k",
        repeats: false,
        default: "3",
        parse: |url, v| {
            url.settings = url.settings.with_k(parse_hashes(v)?)?;
            Ok(())
        },
        print: |url, out| {
            if url.settings.k() != DEFAULT_K || url.lesson.is_some() {
                out(&url.settings.k().to_string());
            }
        },
    },
    Param {
        key: "hash",
        repeats: false,
        default: "murmur3",
        parse: |url, v| {
            url.settings = url.settings.with_family(choice(v)?)?;
            Ok(())
        },
        print: |url, out| spelled(url, out, url.settings.family().key(), "murmur3"),
    },
    Param {
        key: "layout",
        repeats: false,
        default: "standard",
        // What the link leaves out of m, k and the hash is fitted to the layout
        // (`layout=split-block` alone is a 1,024-bit filter with k = 8, and
        // `layout=split-block&m=2048` has k = 8 too); what it names must suit the layout.
        parse: |url, v| {
            let layout = choice(v)?;
            let named = url.settings;
            let fitted = named.fitted_to(layout);
            let from = |key| if url.given.has(key) { named } else { fitted };
            let base = named
                .with_family(from("hash").family())?
                .with_m(from("m").m())?
                .with_k(from("k").k())?;
            url.settings = base.with_layout(layout)?;
            Ok(())
        },
        print: |url, out| spelled(url, out, url.settings.layout().key(), "standard"),
    },
    Param {
        key: "mode",
        repeats: false,
        default: "bloom",
        parse: |url, v| {
            url.settings = url.settings.with_mode(choice(v)?);
            Ok(())
        },
        print: |url, out| spelled(url, out, url.settings.mode().key(), "bloom"),
    },
    Param {
        key: "width",
        repeats: false,
        default: "4",
        parse: |url, v| {
            let width = parse_small_whole(v).map_err(|p| p.with_max(MAX_COUNTER_WIDTH.into()))?;
            url.settings = url.settings.with_width(width)?;
            Ok(())
        },
        print: |url, out| spelled(url, out, &url.settings.width().to_string(), "4"),
    },
    Param {
        key: "add",
        repeats: true,
        default: "",
        parse: |url, v| {
            url.entries_mut().push(LogEntry::Add(item(v)?));
            Ok(())
        },
        print: |url, out| print_entries(url, out, |e| matches!(e, LogEntry::Add(_))),
    },
    Param {
        key: "remove",
        repeats: true,
        default: "",
        parse: |url, v| {
            url.entries_mut().push(LogEntry::Remove(item(v)?));
            Ok(())
        },
        print: |url, out| print_entries(url, out, |e| matches!(e, LogEntry::Remove(_))),
    },
    Param {
        key: "force_remove",
        repeats: true,
        default: "",
        parse: |url, v| {
            url.entries_mut().push(LogEntry::ForceRemove(item(v)?));
            Ok(())
        },
        print: |url, out| print_entries(url, out, |e| matches!(e, LogEntry::ForceRemove(_))),
    },
    Param {
        key: "naive_delete",
        repeats: true,
        default: "",
        parse: |url, v| {
            url.entries_mut().push(LogEntry::NaiveDelete(item(v)?));
            Ok(())
        },
        print: |url, out| print_entries(url, out, |e| matches!(e, LogEntry::NaiveDelete(_))),
    },
    Param {
        key: "query",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.query = Some(item(v)?);
            Ok(())
        },
        print: |url, out| url.query.iter().for_each(|q| out(q)),
    },
    Param {
        key: "view",
        repeats: false,
        default: "visualizer",
        parse: |url, v| {
            url.view = choice(v)?;
            Ok(())
        },
        print: |url, out| unless_default(out, url.view.key(), "visualizer"),
    },
    Param {
        key: "seta",
        repeats: true,
        default: "",
        parse: |url, v| {
            url.sets_mut()[0].push(v.to_owned());
            Ok(())
        },
        print: |url, out| url.sets[0].iter().for_each(|i| out(i)),
    },
    Param {
        key: "setb",
        repeats: true,
        default: "",
        parse: |url, v| {
            url.sets_mut()[1].push(v.to_owned());
            Ok(())
        },
        print: |url, out| url.sets[1].iter().for_each(|i| out(i)),
    },
    Param {
        key: "fold",
        repeats: false,
        default: "0",
        parse: |url, v| match parse_small_whole(v)? {
            folds if folds <= MAX_FOLDS => {
                url.folds = folds;
                Ok(())
            }
            _ => Err(NoticeReason::AtMost(MAX_FOLDS).into()),
        },
        print: |url, out| unless_default(out, &url.folds.to_string(), "0"),
    },
];

/// The page's own parameters: its language, presentation, practice, lessons and embedding.
const PAGE_PARAMS: &[Param] = &[
    Param {
        key: "lang",
        repeats: false,
        default: "browser",
        parse: |url, v| {
            url.lang = Some(choice(v)?);
            Ok(())
        },
        print: |url, out| {
            if let Some(lang) = url.lang.filter(|l| *l != Lang::default()) {
                out(lang.key());
            }
        },
    },
    Param {
        key: "present",
        repeats: false,
        default: "0",
        parse: |url, v| {
            url.presentation = flag(v)?;
            Ok(())
        },
        print: |url, out| {
            if url.presentation {
                out("1");
            }
        },
    },
    Param {
        key: "quiz",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.quiz = Some(parse_whole(v)?);
            Ok(())
        },
        print: |url, out| url.quiz.iter().for_each(|seed| out(&seed.to_string())),
    },
    Param {
        key: "practice",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.practice = Some(parse_whole(v)?);
            Ok(())
        },
        print: |url, out| url.practice.iter().for_each(|seed| out(&seed.to_string())),
    },
    Param {
        key: "practice_kinds",
        repeats: false,
        default: "",
        // Comma-separated kinds; the unknown ones are named and the known ones kept.
        parse: |url, v| {
            let mut kinds = Vec::new();
            let mut unknown = Vec::new();
            for name in v.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                match choice::<ExerciseKind>(name) {
                    Ok(kind) => kinds.push(kind),
                    Err(_) => unknown.push(name),
                }
            }
            url.practice_choice = url.practice_choice.with_kinds(&kinds);
            if unknown.is_empty() {
                Ok(())
            } else {
                Err(Rejected {
                    part: Some(unknown.join(",")),
                    reason: NoticeReason::Choices(choices::<ExerciseKind>()),
                })
            }
        },
        print: |url, out| {
            let kinds = url.practice_choice.chosen_kinds();
            if !kinds.is_empty() {
                let names: Vec<&str> = kinds.iter().map(|k| k.key()).collect();
                out(&names.join(","));
            }
        },
    },
    Param {
        key: "practice_n",
        repeats: false,
        default: "",
        parse: |url, v| match parse_whole(v).map_err(|p| p.with_max(MAX_PRACTICE_N))? {
            0 => Err(FieldProblem::BelowMin(1).into()),
            n if n > MAX_PRACTICE_N => Err(FieldProblem::AboveMax(MAX_PRACTICE_N).into()),
            n => {
                url.practice_choice.count = Some(n as u8);
                Ok(())
            }
        },
        print: |url, out| {
            if let Some(n) = url.practice_choice.count {
                out(&n.to_string());
            }
        },
    },
    Param {
        key: "practice_done",
        repeats: false,
        default: "",
        // One token per finished exercise, all or none: a bad one would shift the others.
        parse: |url, v| {
            let tokens: Vec<&str> = v.split(',').map(str::trim).collect();
            let outcomes: Vec<Outcome> = tokens.iter().filter_map(|t| Outcome::read(t)).collect();
            if outcomes.len() == tokens.len() {
                url.practice_done = outcomes;
                return Ok(());
            }
            let bad: Vec<&str> = tokens
                .into_iter()
                .filter(|t| Outcome::read(t).is_none())
                .collect();
            Err(Rejected {
                part: Some(bad.join(",")),
                reason: NoticeReason::Choices("1, 2, 0s, 1s, 2s".to_owned()),
            })
        },
        // A saved session's answers are the launch page's to give, never part of a link.
        print: |_, _| {},
    },
    Param {
        key: "lesson",
        repeats: false,
        default: "",
        parse: |url, v| {
            let id_like = |c: char| c.is_ascii_alphanumeric() || c == '-';
            if v.is_empty() || !v.chars().all(id_like) {
                return Err(NoticeReason::UnknownLesson.into());
            }
            url.lesson = Some(v.to_owned());
            Ok(())
        },
        print: |url, out| url.lesson.iter().for_each(|id| out(id)),
    },
    Param {
        key: "step",
        repeats: false,
        default: "1",
        parse: |url, v| {
            url.step = parse_whole(v)?;
            Ok(())
        },
        // A lesson link always names its step, so that it reopens where it was.
        print: |url, out| {
            if url.lesson.is_some() {
                out(&url.step.to_string());
            }
        },
    },
    Param {
        key: "embed",
        repeats: false,
        default: "0",
        parse: |url, v| {
            url.embedding.compact = flag(v)?;
            Ok(())
        },
        print: |url, out| {
            if url.embedding.compact {
                out("1");
            }
        },
    },
    Param {
        key: "lock",
        repeats: true,
        default: "",
        parse: |url, v| {
            let names = v.split(',').map(str::trim).filter(|n| !n.is_empty());
            let mut unknown = Vec::new();
            for name in names {
                match choice::<Lockable>(name) {
                    Ok(control) => url.embedding.lock(control),
                    Err(_) => unknown.push(name),
                }
            }
            if unknown.is_empty() {
                Ok(())
            } else {
                Err(Rejected {
                    part: Some(unknown.join(",")),
                    reason: NoticeReason::Choices(choices::<Lockable>()),
                })
            }
        },
        print: |url, out| {
            if !url.embedding.locked.is_empty() {
                let names: Vec<&str> = url.embedding.locked.iter().map(|l| l.key()).collect();
                out(&names.join(","));
            }
        },
    },
];
