//! The page's URL contract: parameters in, notices for the ones ignored, and the state
//! printed back as a query string.
//!
//! Every parameter is declared once, in [`params::PARAMS`] (its key, whether it repeats,
//! its default, how it is read and printed); docs/contract.md's table lists the same
//! parameters and a test keeps the two equal. Values are percent-encoded UTF-8 (`+` is a
//! space). A missing parameter takes its default; an invalid one takes its default and
//! produces a [`Notice`] naming it; a single-valued one given twice takes its last value, and
//! a notice names the other.

use std::rc::Rc;

use crate::lang::Lang;
use crate::protocol::files_view::FilesParams;
use crate::protocol::filters_view::FiltersParams;

use super::apps_view::AppsSettings;
use super::calculator_view::{CalculatorInput, Solve};
use super::cms_view::CmsSettings;
use super::grow_view::GrowSettings;
use super::hash_quality_view::HashQualitySettings;
use super::lab_view::LabSettings;
use super::log::LogEntry;
use super::practice::{Outcome, PracticeChoice};
use super::settings::Settings;
use crate::filter::growing::GrowError;

mod encoding;
mod notice;
pub mod params;
mod reading;

pub use crate::state::embedding::{Embedding, Lockable};
pub use crate::state::view::View;
pub use encoding::{percent_decode, percent_encode, percent_encode_into, query_pairs};
pub use notice::{Notice, NoticeReason};
use params::PARAMS;
pub use reading::{parse, LinkReader};

/// The most times the sets view folds the filter.
pub const MAX_FOLDS: u32 = 4;

/// How many times a filter of m bits can be folded: each fold halves an even m, so as many
/// times as 2 divides m, at most [`MAX_FOLDS`].
pub fn possible_folds(m: u64) -> u32 {
    m.trailing_zeros().min(MAX_FOLDS)
}

/// What a link holds: everything the page keeps in its address bar.
#[derive(Debug, Clone, PartialEq)]
pub struct UrlState {
    /// m, k, hash, mode and width.
    pub settings: Settings,
    /// The item log: `add=`, then `remove=`, then `force_remove=` and `naive_delete=`
    /// entries, in that order. Shared with the page, so a link is printed without copying
    /// a long log.
    pub entries: Rc<Vec<LogEntry>>,
    /// The `query=` item.
    pub query: Option<String>,
    /// The `view=` shown.
    pub view: View,
    /// The `lang=` asked for; `None` lets the browser's languages decide.
    pub lang: Option<Lang>,
    /// Items of filter A (`seta=`) and B (`setb=`) in the sets view.
    pub sets: Rc<[Vec<String>; 2]>,
    /// How many times the visualizer's filter is folded in the sets view (`fold=`, 0 to 4).
    pub folds: u32,
    /// `embed=` and `lock=`.
    pub embedding: Embedding,
    /// `present=1`: large type and high contrast for a projector.
    pub presentation: bool,
    /// `quiz=SEED`: a predict-then-reveal quiz with this seed.
    pub quiz: Option<u64>,
    /// `practice=SEED`: a practice set with this seed.
    pub practice: Option<u64>,
    /// `practice_kinds=` and `practice_n=`: the kinds and number of the practice set's
    /// exercises.
    pub practice_choice: PracticeChoice,
    /// `practice_done=`: the outcomes of the set's first exercises, from a saved session
    /// (read when the page opens; the page does not write it).
    pub practice_done: Vec<Outcome>,
    /// `lesson=ID`: a lesson.
    pub lesson: Option<String>,
    /// `step=N`: the lesson's step, from 1.
    pub step: u64,
    /// The calculator's question (`solve=`) and its four fields as typed (`cn=`, `cp=`,
    /// `cm=`, `ck=`); a field's own message names a value it cannot use.
    pub calculator: (Solve, CalculatorInput),
    /// The lab's settings as typed (`lab_n=`, `lab_probes=`, …).
    pub lab: LabSettings,
    /// The hash-quality view's settings as typed (`hq_corpus=`, …, `hq_item=` per line).
    pub hash_quality: HashQualitySettings,
    /// The growing-filters view's settings as typed.
    pub grow: GrowSettings,
    /// The count-min sketch view's settings as typed.
    pub cms: CmsSettings,
    /// The use-case view's settings as typed.
    pub apps: AppsSettings,
    /// The files view: open the bundled example (`files_example=1`) and the value checked
    /// against its filters (`files_query=`).
    pub files: FilesParams,
    /// The filters view's structure and sizes (`filter=`, `cuckoo_f=`, …).
    pub filters: FiltersParams,
    /// Parameters that were ignored.
    pub notices: Vec<Notice>,
    /// The parameters the link spelled out (and that were read).
    pub given: GivenKeys,
}

/// The keys a link spelled out. Not part of what a link describes: two links are equal
/// whichever of their defaults they spell out, so any two of these compare equal.
#[derive(Debug, Clone, Default)]
pub struct GivenKeys(pub Vec<&'static str>);

impl GivenKeys {
    /// Whether the link gave `key`.
    pub fn has(&self, key: &str) -> bool {
        self.0.contains(&key)
    }
}

impl PartialEq for GivenKeys {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Default for UrlState {
    fn default() -> Self {
        UrlState {
            settings: Settings::default(),
            entries: Rc::default(),
            query: None,
            view: View::default(),
            lang: None,
            sets: Rc::default(),
            folds: 0,
            embedding: Embedding::default(),
            presentation: false,
            quiz: None,
            practice: None,
            practice_choice: PracticeChoice::default(),
            practice_done: Vec::new(),
            lesson: None,
            step: 1,
            calculator: (Solve::default(), CalculatorInput::default()),
            lab: LabSettings::default(),
            hash_quality: HashQualitySettings::default(),
            grow: GrowSettings::default(),
            cms: CmsSettings::default(),
            apps: AppsSettings::default(),
            files: FilesParams::default(),
            filters: FiltersParams::default(),
            notices: Vec::new(),
            given: GivenKeys::default(),
        }
    }
}

impl UrlState {
    /// The item log, to append to.
    pub fn entries_mut(&mut self) -> &mut Vec<LogEntry> {
        Rc::make_mut(&mut self.entries)
    }

    /// The items of the two sets, to append to.
    pub fn sets_mut(&mut self) -> &mut [Vec<String>; 2] {
        Rc::make_mut(&mut self.sets)
    }
}

/// The notice for growing-filter values that each parse but cannot run together: it names
/// the values at fault that the link gave (for memory, all five shape the three designs;
/// otherwise a slice's rate or hash count, which m0, p and r decide), or every growing
/// value the link gave.
pub fn grow_plan_notice(given: &GivenKeys, grow: &GrowSettings, error: GrowError) -> Notice {
    let values = [
        ("grow_m0", &grow.m0),
        ("grow_p", &grow.p),
        ("grow_r", &grow.r),
        ("grow_s", &grow.s),
        ("grow_n", &grow.n),
    ];
    let shaping: &[&str] = match error {
        GrowError::TooMuchMemory { .. } => &["grow_m0", "grow_p", "grow_r", "grow_s", "grow_n"],
        _ => &["grow_m0", "grow_p", "grow_r"],
    };
    let mut at_fault: Vec<_> = values
        .iter()
        .filter(|(key, _)| shaping.contains(key) && given.has(key))
        .collect();
    if at_fault.is_empty() {
        at_fault = values.iter().filter(|(key, _)| given.has(key)).collect();
    }
    let (mut names, mut pairs) = (String::new(), String::new());
    for (key, value) in at_fault {
        if !names.is_empty() {
            names.push(' ');
            pairs.push_str(", ");
        }
        names.push_str(key);
        pairs.push_str(key);
        pairs.push('=');
        pairs.push_str(value);
    }
    Notice {
        param: names,
        value: pairs,
        reason: NoticeReason::GrowPlan(error),
    }
}

/// The number of items in the set that the query string's log leaves (its entries replayed
/// under its settings).
pub fn items_in_query(query: &str) -> u64 {
    let url = parse(query);
    super::log::replay(&url.settings, &url.entries).1.len() as u64
}

/// The query string (without `?`) that reproduces the state: each parameter of
/// [`params::PARAMS`] in order, those at their default left out, so a URL read by [`parse`]
/// prints back unchanged.
pub fn print(url: &UrlState) -> String {
    let mut out = String::new();
    for param in PARAMS.iter() {
        (param.print)(url, &mut |value: &str| {
            if !out.is_empty() {
                out.push('&');
            }
            out.push_str(param.key);
            out.push('=');
            percent_encode_into(&mut out, value);
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_s_items_are_those_its_log_leaves() {
        assert_eq!(items_in_query(""), 0);
        assert_eq!(items_in_query("m=64&add=a&add=b&add=a"), 2);
        // Counting mode: a removal of a member takes it out; one of a stranger that tests
        // absent is refused.
        assert_eq!(
            items_in_query("m=64&mode=counting&add=a&add=b&remove=a&remove=zz"),
            1
        );
        assert_eq!(items_in_query("m=64&add=a&add=b&naive_delete=a"), 1);
    }
    use crate::filter::HashFamily;
    use crate::state::settings::{DEFAULT_K, DEFAULT_M};

    #[test]
    fn a_notice_echoes_a_name_no_longer_than_a_value() {
        let long = "n".repeat(10_000);
        let url = parse(&format!("{long}={long}&m=8"));
        assert_eq!(url.settings.m(), 8);
        assert_eq!(url.notices.len(), 1);
        let notice = &url.notices[0];
        assert_eq!(notice.reason, NoticeReason::Unknown);
        assert_eq!(notice.param, notice.value);
        assert_eq!(notice.param.chars().count(), notice::NOTICE_CHARS + 1);
        assert!(notice.param.ends_with('…'));
        // A name within the bound is echoed whole, without the ellipsis.
        let short = "x".repeat(notice::NOTICE_CHARS);
        assert_eq!(parse(&format!("{short}=1")).notices[0].param, short);
    }

    #[test]
    fn a_saved_session_never_reopens_in_the_compact_view() {
        let saved = "m=32&add=a&embed=1&lock=m";
        assert!(parse(saved).embedding.compact);
        let reopened = LinkReader::new(saved.to_owned(), true).read_all().finish();
        assert!(!reopened.embedding.compact);
        assert_eq!(reopened.settings.m(), 32);
        assert_eq!(reopened.entries.len(), 1);
        assert!(!print(&reopened).contains("embed"));
    }

    #[test]
    fn the_documented_example_parses() {
        let url = parse("?m=16&k=3&hash=murmur3&add=a&add=b&add=c&query=d");
        assert_eq!(url.settings.m(), 16);
        assert_eq!(url.settings.k(), 3);
        assert_eq!(url.settings.family(), HashFamily::Murmur3);
        let adds = ["a", "b", "c"].map(|i| LogEntry::Add(i.into()));
        assert_eq!(*url.entries, adds);
        assert_eq!(url.query.as_deref(), Some("d"));
        assert!(url.notices.is_empty());
    }

    #[test]
    fn the_seed_family_takes_at_most_six_hashes_and_partitioned_needs_a_bit_per_hash() {
        let url = parse("?hash=seed000&k=6&layout=partitioned&m=12");
        assert_eq!(url.settings.family(), HashFamily::Seed000);
        assert_eq!(url.settings.layout(), crate::filter::Layout::Partitioned);
        assert!(url.notices.is_empty());
        let url = parse("?k=7&hash=seed000");
        assert_eq!(url.settings.family(), HashFamily::Murmur3);
        assert_eq!(url.notices[0].param, "hash");
        assert_eq!(
            url.notices[0].reason,
            NoticeReason::Param(crate::filter::ParamError::FamilyHashes {
                requested: 7,
                max: 6
            })
        );
        let url = parse("?m=4&k=5&layout=partitioned");
        assert_eq!(url.settings.layout(), crate::filter::Layout::Standard);
        assert_eq!(url.notices[0].param, "layout");
        let url = parse("?layout=sideways");
        assert_eq!(
            url.notices[0].reason,
            NoticeReason::Choices("standard, partitioned, blocked, split-block".into())
        );
    }

    #[test]
    fn blocked_layouts_fit_default_settings_and_refuse_m_that_is_not_whole_blocks() {
        use crate::filter::{Layout, ParamError};
        let url = parse("?layout=split-block");
        assert_eq!(url.settings.layout(), Layout::SplitBlock);
        assert_eq!((url.settings.m(), url.settings.k()), (1024, 8));
        assert!(url.notices.is_empty());
        let url = parse("?layout=blocked&m=2048&k=6&hash=fnv");
        assert_eq!(url.settings.layout(), Layout::Blocked);
        assert_eq!((url.settings.m(), url.settings.k()), (2048, 6));
        let url = parse("?layout=blocked&m=1000&k=6");
        assert_eq!(url.settings.layout(), Layout::Standard);
        assert_eq!(url.notices[0].param, "layout");
        assert_eq!(
            url.notices[0].reason,
            NoticeReason::Param(ParamError::NotWholeBlocks {
                m: 1000,
                block: 512
            })
        );
        let url = parse("?layout=split-block&m=512&k=6");
        assert_eq!(
            url.notices[0].reason,
            NoticeReason::Param(ParamError::SplitBlockHashes { requested: 6 })
        );
        // A fitted link prints its m and k, so it reads back the same.
        let link = print(&parse("?layout=split-block"));
        assert!(link.contains("m=1024") && link.contains("k=8"), "{link}");
        assert_eq!(parse(&link).settings, parse("?layout=split-block").settings);
    }

    #[test]
    fn a_layout_fits_what_the_link_leaves_out_and_refuses_only_what_it_names() {
        use crate::filter::{Layout, ParamError};
        // The link names m but not k: k is the layout's 8.
        for (link, m) in [
            ("?layout=split-block&m=1024", 1024),
            ("?m=2048&layout=split-block", 2048),
        ] {
            let url = parse(link);
            assert!(url.notices.is_empty(), "{link}: {:?}", url.notices);
            assert_eq!(url.settings.layout(), Layout::SplitBlock, "{link}");
            assert_eq!((url.settings.m(), url.settings.k()), (m, 8), "{link}");
        }
        // The link names k but not m: m is fitted to whole blocks, k kept.
        let url = parse("?layout=blocked&k=6");
        assert!(url.notices.is_empty(), "{:?}", url.notices);
        assert_eq!((url.settings.m(), url.settings.k()), (1024, 6));
        // A k the link gives that the layout cannot take is refused, naming that k.
        let url = parse("?layout=split-block&m=1024&k=3");
        assert_eq!(url.settings.layout(), Layout::Standard);
        assert_eq!(
            url.notices[0].reason,
            NoticeReason::Param(ParamError::SplitBlockHashes { requested: 3 })
        );
        // An m the link gives is kept as given, and refused when it is not whole blocks.
        let url = parse("?layout=split-block&m=32");
        assert_eq!(
            url.notices[0].reason,
            NoticeReason::Param(ParamError::NotWholeBlocks { m: 32, block: 256 })
        );
    }

    #[test]
    fn the_sketch_and_layout_links_print_back_as_they_were_read() {
        let link = concat!(
            "layout=partitioned&view=cms&cms_w=16&cms_d=3",
            "&cms_add=a%20b&cms_add=a%20b&cms_zipf=2000&cms_query=a%20b"
        );
        let url = parse(link);
        assert!(url.notices.is_empty(), "{:?}", url.notices);
        assert_eq!(url.cms.adds, ["a b", "a b"]);
        assert_eq!(url.cms.zipf, 2000);
        assert_eq!(parse(&print(&url)), url);
        for bad in [
            "cms_w=0",
            "cms_w=1025",
            "cms_d=17",
            "cms_zipf=20001",
            "cms_add=",
        ] {
            let url = parse(bad);
            assert_eq!(url.notices.len(), 1, "{bad}");
            assert_eq!(
                url.cms,
                crate::state::cms_view::CmsSettings::default(),
                "{bad}"
            );
        }
    }

    #[test]
    fn bad_parameters_fall_back_with_a_notice_naming_them_in_link_order() {
        let url = parse("m=abc&k=0&hash=md5&mode=fancy&width=9&colour=red");
        assert_eq!(url.settings, Settings::default());
        let named: Vec<&str> = url.notices.iter().map(|n| n.param.as_str()).collect();
        assert_eq!(named, ["m", "k", "hash", "mode", "width", "colour"]);
        assert_eq!(
            url.notices[2].reason,
            NoticeReason::Choices("fnv, murmur3, seed000".into())
        );
        let url = parse("m=1000000000000&k=1000000");
        assert_eq!(url.settings.m(), DEFAULT_M);
        assert_eq!(url.settings.k(), DEFAULT_K);
        assert!(parse("lang=ja").notices.is_empty());
    }

    #[test]
    fn removes_apply_after_adds_and_print_back_unchanged() {
        let url = parse("mode=counting&remove=a&add=a&add=b");
        let expected = [
            LogEntry::Add("a".into()),
            LogEntry::Add("b".into()),
            LogEntry::Remove("a".into()),
        ];
        assert_eq!(*url.entries, expected);
        let printed = print(&url);
        assert_eq!(printed, "mode=counting&add=a&add=b&remove=a");
        assert_eq!(parse(&printed), url);
    }

    #[test]
    fn lock_repeats_and_each_unknown_name_is_named() {
        let url = parse("lock=m&lock=items");
        assert!(url.notices.is_empty(), "{:?}", url.notices);
        assert_eq!(url.embedding.locked, [Lockable::M, Lockable::Items]);
        assert_eq!(print(&url), "lock=m,items");
        let url = parse("lock=k,colour,m,size");
        assert_eq!(url.embedding.locked, [Lockable::M, Lockable::K]);
        assert_eq!(url.notices.len(), 1);
        assert_eq!(url.notices[0].value, "colour,size");
    }

    #[test]
    fn a_repeated_single_parameter_keeps_its_last_value() {
        let url = parse("m=16&k=4&m=64");
        assert_eq!(url.settings.m(), 64);
        assert_eq!(url.notices.len(), 1);
        assert_eq!(url.notices[0].param, "m");
        assert_eq!(url.notices[0].value, "16");
        assert_eq!(url.notices[0].reason, NoticeReason::Repeated);
    }

    #[test]
    fn every_parameter_at_its_declared_default_prints_nothing() {
        // The table's defaults are what the parser and printer really use: a link that
        // spells out a default is the same state as a link without it.
        for param in PARAMS.iter().filter(|p| !p.repeats) {
            let value = match param.default {
                "" | "browser" => continue,
                value => value,
            };
            let url = parse(&format!("{}={value}", param.key));
            assert!(url.notices.is_empty(), "{}: {:?}", param.key, url.notices);
            assert_eq!(print(&url), "", "{}={value}", param.key);
            assert_eq!(url, UrlState::default(), "{}={value}", param.key);
        }
    }

    #[test]
    fn every_parameter_has_one_declaration() {
        let mut keys: Vec<&str> = PARAMS.iter().map(|p| p.key).collect();
        #[expect(
            clippy::disallowed_methods,
            reason = "a test: its sort never reaches the page"
        )]
        keys.sort_unstable();
        let count = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), count);
    }
}
