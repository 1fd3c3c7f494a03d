//! [`PARAMS`], the table of every URL parameter in the order a link prints them: each
//! entry's key, whether it repeats, its default, and how it is read and printed, made of the
//! readers and printers of the [parent module](super).

use crate::filter::count_min::MAX_CMS_DEPTH;
use crate::filter::{ParamError, MAX_BITS, MAX_COUNTER_WIDTH, MAX_HASHES};
use crate::lang::Lang;
use crate::protocol::filters_view::{
    check_cuckoo_f, check_cuckoo_nb, check_quotient_q, check_quotient_r, FiltersParams,
};
use crate::state::apps_view::MAX_VIEW_LOOKUPS;
use crate::state::cms_view::{MAX_CMS_ADDS, MAX_VIEW_WIDTH, MAX_ZIPF};
use crate::state::fields::{
    parse_bits, parse_bounded, parse_hashes, parse_real, parse_small_whole, parse_whole,
    FieldProblem,
};
use crate::state::grow_view::{parse_growth, parse_m0, parse_rate, parse_ratio, parse_stream};
use crate::state::hash_quality_view::push_corpus_lines;
use crate::state::lab_view::MAX_LAB_WORKERS;
use crate::state::log::LogEntry;
use crate::state::settings::{DEFAULT_K, DEFAULT_M};
use crate::state::url::{Lockable, NoticeReason, UrlState, MAX_FOLDS};

use super::{
    bounded_text, checked_text, choice, choices, flag, in_range, item, print_entries, spelled,
    unless_default, Param, Rejected,
};

/// Every parameter, in the order a link prints them.
pub const PARAMS: &[Param] = &[
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
    Param {
        key: "lab_n",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.lab.max_items = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.lab.max_items, ""),
    },
    Param {
        key: "lab_filters",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.lab.filters = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.lab.filters, ""),
    },
    Param {
        key: "lab_probes",
        repeats: false,
        default: "1000",
        parse: |url, v| {
            url.lab.probes = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.lab.probes, "1000"),
    },
    Param {
        key: "lab_points",
        repeats: false,
        default: "20",
        parse: |url, v| {
            url.lab.points = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.lab.points, "20"),
    },
    Param {
        key: "lab_seed",
        repeats: false,
        default: "1",
        parse: |url, v| {
            url.lab.seed = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.lab.seed, "1"),
    },
    Param {
        key: "lab_compare",
        repeats: false,
        default: "one",
        parse: |url, v| {
            url.lab.families = choice(v)?;
            Ok(())
        },
        print: |url, out| unless_default(out, url.lab.families.key(), "one"),
    },
    Param {
        key: "lab_axis",
        repeats: false,
        default: "linear",
        parse: |url, v| {
            url.lab.axis = choice(v)?;
            Ok(())
        },
        print: |url, out| unless_default(out, url.lab.axis.key(), "linear"),
    },
    Param {
        key: "workers",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.lab.workers = Some(parse_bounded(v, MAX_LAB_WORKERS, ParamError::NoWorkers)?);
            Ok(())
        },
        print: |url, out| {
            let workers = url.lab.workers.map(|w| w.to_string()).unwrap_or_default();
            unless_default(out, &workers, "")
        },
    },
    Param {
        key: "solve",
        repeats: false,
        default: "size",
        parse: |url, v| {
            url.calculator.0 = choice(v)?;
            Ok(())
        },
        print: |url, out| unless_default(out, url.calculator.0.key(), "size"),
    },
    Param {
        key: "cn",
        repeats: false,
        default: "1000000",
        parse: |url, v| {
            url.calculator.1.n = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.calculator.1.n, "1000000"),
    },
    Param {
        key: "cp",
        repeats: false,
        default: "0.01",
        parse: |url, v| {
            url.calculator.1.p = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.calculator.1.p, "0.01"),
    },
    Param {
        key: "cm",
        repeats: false,
        default: "9585059",
        parse: |url, v| {
            url.calculator.1.m = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.calculator.1.m, "9585059"),
    },
    Param {
        key: "ck",
        repeats: false,
        default: "7",
        parse: |url, v| {
            url.calculator.1.k = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.calculator.1.k, "7"),
    },
    Param {
        key: "cms_w",
        repeats: false,
        default: "32",
        parse: |url, v| bounded_text(&mut url.cms.width, v, MAX_VIEW_WIDTH, ParamError::ZeroBits),
        print: |url, out| unless_default(out, &url.cms.width, "32"),
    },
    Param {
        key: "cms_d",
        repeats: false,
        default: "4",
        parse: |url, v| {
            bounded_text(
                &mut url.cms.depth,
                v,
                u64::from(MAX_CMS_DEPTH),
                ParamError::ZeroHashes,
            )
        },
        print: |url, out| unless_default(out, &url.cms.depth, "4"),
    },
    Param {
        key: "cms_add",
        repeats: true,
        default: "",
        parse: |url, v| {
            if v.is_empty() {
                return Err(NoticeReason::EmptyItem.into());
            }
            if url.cms.adds.len() >= MAX_CMS_ADDS {
                return Err(NoticeReason::AtMost(MAX_CMS_ADDS as u32).into());
            }
            url.cms.adds.push(v.to_owned());
            Ok(())
        },
        print: |url, out| url.cms.adds.iter().for_each(|a| out(a)),
    },
    Param {
        key: "cms_zipf",
        repeats: false,
        default: "0",
        parse: |url, v| {
            let words = parse_whole(v)?;
            if words > MAX_ZIPF {
                return Err(FieldProblem::AboveMax(MAX_ZIPF).into());
            }
            url.cms.zipf = words;
            Ok(())
        },
        print: |url, out| {
            if url.cms.zipf > 0 {
                out(&url.cms.zipf.to_string());
            }
        },
    },
    Param {
        key: "cms_query",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.cms.query = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.cms.query, ""),
    },
    Param {
        key: "hq_corpus",
        repeats: false,
        default: "similar",
        parse: |url, v| {
            url.hash_quality.source = choice(v)?;
            Ok(())
        },
        print: |url, out| unless_default(out, url.hash_quality.source.key(), "similar"),
    },
    Param {
        key: "hq_size",
        repeats: false,
        default: "1000",
        parse: |url, v| {
            url.hash_quality.size = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.hash_quality.size, "1000"),
    },
    Param {
        key: "hq_m",
        repeats: false,
        default: "10000",
        parse: |url, v| {
            url.hash_quality.m = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.hash_quality.m, "10000"),
    },
    Param {
        key: "hq_k",
        repeats: false,
        default: "4",
        parse: |url, v| {
            url.hash_quality.k = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.hash_quality.k, "4"),
    },
    Param {
        key: "hq_item",
        repeats: true,
        default: "",
        parse: |url, v| {
            push_corpus_lines(&mut url.hash_quality.pasted, v);
            Ok(())
        },
        print: |url, out| url.hash_quality.pasted_items().into_iter().for_each(out),
    },
    Param {
        key: "hq_show",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.hash_quality.show = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.hash_quality.show, ""),
    },
    Param {
        key: "kv_m",
        repeats: false,
        default: "8000",
        parse: |url, v| bounded_text(&mut url.apps.m, v, MAX_BITS, ParamError::ZeroBits),
        print: |url, out| unless_default(out, &url.apps.m, "8000"),
    },
    Param {
        key: "kv_k",
        repeats: false,
        default: "6",
        parse: |url, v| {
            bounded_text(
                &mut url.apps.k,
                v,
                u64::from(MAX_HASHES),
                ParamError::ZeroHashes,
            )
        },
        print: |url, out| unless_default(out, &url.apps.k, "6"),
    },
    Param {
        key: "kv_present",
        repeats: false,
        default: "0.5",
        parse: |url, v| {
            let share = parse_real(v)?;
            if !(0.0..=1.0).contains(&share) {
                return Err(
                    FieldProblem::Invalid(ParamError::RateOutOfRange { requested: share }).into(),
                );
            }
            url.apps.present = v.trim().to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.apps.present, "0.5"),
    },
    Param {
        key: "kv_lookups",
        repeats: false,
        default: "10000",
        parse: |url, v| {
            bounded_text(
                &mut url.apps.lookups,
                v,
                MAX_VIEW_LOOKUPS,
                ParamError::ZeroItems,
            )
        },
        print: |url, out| unless_default(out, &url.apps.lookups, "10000"),
    },
    Param {
        key: "spam_m",
        repeats: false,
        default: "1200",
        parse: |url, v| bounded_text(&mut url.apps.spam_m, v, MAX_BITS, ParamError::ZeroBits),
        print: |url, out| unless_default(out, &url.apps.spam_m, "1200"),
    },
    Param {
        key: "spam_check",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.apps.check = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.apps.check, ""),
    },
    Param {
        key: "files_example",
        repeats: false,
        default: "0",
        parse: |url, v| {
            url.files.0 = flag(v)?;
            Ok(())
        },
        print: |url, out| {
            if url.files.0 {
                out("1");
            }
        },
    },
    Param {
        key: "files_query",
        repeats: false,
        default: "",
        parse: |url, v| {
            url.files.1 = v.to_owned();
            Ok(())
        },
        print: |url, out| unless_default(out, &url.files.1, ""),
    },
    Param {
        key: "filter",
        repeats: false,
        default: "cuckoo",
        parse: |url, v| {
            url.filters.filter = choice(v)?;
            Ok(())
        },
        print: |url, out| unless_default(out, url.filters.filter.key(), "cuckoo"),
    },
    Param {
        key: "cuckoo_f",
        repeats: false,
        default: "8",
        parse: |url, v| {
            url.filters.cuckoo_f = in_range(v, check_cuckoo_f)?;
            Ok(())
        },
        print: |url, out| filters_number(url, out, |p| p.cuckoo_f.into()),
    },
    Param {
        key: "cuckoo_nb",
        repeats: false,
        default: "8",
        parse: |url, v| {
            url.filters.cuckoo_nb = in_range(v, check_cuckoo_nb)?;
            Ok(())
        },
        print: |url, out| filters_number(url, out, |p| p.cuckoo_nb),
    },
    Param {
        key: "quotient_q",
        repeats: false,
        default: "4",
        parse: |url, v| {
            url.filters.quotient_q = in_range(v, check_quotient_q)?;
            Ok(())
        },
        print: |url, out| filters_number(url, out, |p| p.quotient_q.into()),
    },
    Param {
        key: "quotient_r",
        repeats: false,
        default: "6",
        parse: |url, v| {
            url.filters.quotient_r = in_range(v, check_quotient_r)?;
            Ok(())
        },
        print: |url, out| filters_number(url, out, |p| p.quotient_r.into()),
    },
    Param {
        key: "grow_m0",
        repeats: false,
        default: "2000",
        parse: |url, v| checked_text(&mut url.grow.m0, v, parse_m0),
        print: |url, out| unless_default(out, &url.grow.m0, "2000"),
    },
    Param {
        key: "grow_p",
        repeats: false,
        default: "0.01",
        parse: |url, v| checked_text(&mut url.grow.p, v, parse_rate),
        print: |url, out| unless_default(out, &url.grow.p, "0.01"),
    },
    Param {
        key: "grow_r",
        repeats: false,
        default: "0.5",
        parse: |url, v| checked_text(&mut url.grow.r, v, parse_ratio),
        print: |url, out| unless_default(out, &url.grow.r, "0.5"),
    },
    Param {
        key: "grow_s",
        repeats: false,
        default: "2",
        parse: |url, v| checked_text(&mut url.grow.s, v, parse_growth),
        print: |url, out| unless_default(out, &url.grow.s, "2"),
    },
    Param {
        key: "grow_n",
        repeats: false,
        default: "10000",
        parse: |url, v| checked_text(&mut url.grow.n, v, parse_stream),
        print: |url, out| unless_default(out, &url.grow.n, "10000"),
    },
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

/// Prints one of the filters view's numbers unless it is the default.
fn filters_number(url: &UrlState, out: &mut dyn FnMut(&str), number: fn(&FiltersParams) -> u64) {
    let value = number(&url.filters);
    if value != number(&FiltersParams::default()) {
        out(&value.to_string());
    }
}
