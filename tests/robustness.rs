//! Nothing lost, nothing frozen: long links open in one pass or in slices and give the same
//! state either way, and a set of members keeps its order however many leave it.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use bloomlab::state::log::{replay, LogEntry, Members};
use bloomlab::state::url::parse;
use bloomlab::state::{Action, AppState, FilterAction, Message, LINK_AT_ONCE};
use proptest::prelude::*;

/// A link of `adds` items, the first `removes` of them removed, in counting mode.
fn long_link(adds: usize, removes: usize, extra: &str) -> String {
    let mut query: String = (0..adds).map(|i| format!("add=item{i}&")).collect();
    query.extend((0..removes).map(|i| format!("remove=item{i}&")));
    query + "m=4096&mode=counting" + extra
}

/// Opens a link as the page does: at once, or its entries added `slice` at a time.
fn opened_in_slices(query: &str, slice: usize) -> AppState {
    let (mut state, builder) = AppState::opening(parse(query), LINK_AT_ONCE);
    let mut builder = builder.expect("a long link is added in slices");
    let opening = state
        .bulk()
        .copied()
        .expect("the state says it is adding the link");
    assert!(opening.opening_link);
    assert!(state.members().is_empty());
    while !builder.add_link_slice(slice) {
        state = state.apply(Action::Filter(FilterAction::BulkProgress(builder.added())));
    }
    state.apply(Action::Filter(FilterAction::BulkFinish(Rc::new(builder))))
}

#[test]
fn a_long_link_added_in_slices_is_the_link_opened_at_once() {
    let query = long_link(
        12_000,
        3_000,
        "&remove=never&force_remove=zzz&query=item5000",
    );
    let at_once = AppState::from_url(parse(&query));
    let sliced = opened_in_slices(&query, 5_000);
    assert_eq!(sliced.settings(), at_once.settings());
    assert_eq!(sliced.log(), at_once.log());
    assert_eq!(sliced.members(), at_once.members());
    assert_eq!(sliced.members().len(), 9_000);
    assert_eq!(sliced.notices(), at_once.notices());
    assert_eq!(sliced.message(), at_once.message());
    assert_eq!(sliced.last_query(), at_once.last_query());
    assert!(sliced.bulk().is_none());
    // Opening a link leaves nothing to undo.
    assert!(!sliced.can_undo() && !at_once.can_undo());
    // The refused removal is named once, in both.
    let refused: Vec<&str> = at_once.notices().iter().map(|n| n.param.as_str()).collect();
    assert_eq!(
        refused.iter().filter(|p| **p == "remove").count(),
        1,
        "{refused:?}"
    );
}

#[test]
fn a_short_link_or_a_lesson_opens_at_once() {
    let (state, builder) = AppState::opening(parse(&long_link(LINK_AT_ONCE, 0, "")), LINK_AT_ONCE);
    assert!(builder.is_none());
    assert_eq!(state.members().len(), LINK_AT_ONCE);
    let lesson = long_link(LINK_AT_ONCE + 1, 0, "&lesson=basics");
    assert!(AppState::opening(parse(&lesson), LINK_AT_ONCE).1.is_none());
}

#[test]
fn the_filter_waits_while_a_link_is_opening() {
    let (state, builder) = AppState::opening(parse(&long_link(8_000, 0, "")), LINK_AT_ONCE);
    let mut builder = builder.unwrap();
    builder.add_link_slice(LINK_AT_ONCE);
    let state = state.apply(Action::Filter(FilterAction::BulkProgress(builder.added())));
    // Adding, changing m or undoing now would throw the link's items away: refused, said.
    let tried = state
        .clone()
        .apply(Action::Filter(FilterAction::AddItem("mine".into())))
        .apply(Action::Filter(FilterAction::SetM("64".into())));
    assert!(matches!(
        tried.message(),
        Some(Message::LinkStillOpening {
            done: 5_000,
            total: 8_000
        })
    ));
    assert_eq!(tried.settings().m(), 4096);
    // Typing is fine meanwhile, and the link's items all arrive.
    let typed = tried.apply(Action::Filter(FilterAction::SetDraft("x".into())));
    assert!(builder.add_link_slice(LINK_AT_ONCE));
    let done = typed.apply(Action::Filter(FilterAction::BulkFinish(Rc::new(builder))));
    assert_eq!(done.members().len(), 8_000);
    assert_eq!(done.draft(), "x");
    let added = done.apply(Action::Filter(FilterAction::AddItem("mine".into())));
    assert_eq!(added.members().len(), 8_001);
}

#[test]
fn a_link_of_twenty_thousand_adds_and_removes_opens_with_every_entry_applied() {
    // 8-bit counters: none saturates, so every counter goes back to 0.
    let state = AppState::from_url(parse(&long_link(20_000, 20_000, "&width=8")));
    assert!(state.members().is_empty());
    assert_eq!(state.log().len(), 40_000);
    assert_eq!(state.filter().count_set(), 0);
    let half = AppState::from_url(parse(&long_link(20_000, 10_000, "")));
    let left: Vec<&str> = half
        .members()
        .list()
        .iter()
        .map(|m| m.item.as_str())
        .collect();
    assert_eq!(left.len(), 10_000);
    assert_eq!(left[0], "item10000");
    assert_eq!(left[9_999], "item19999");
}

proptest! {
    /// Members removed one at a time, or all leaving gaps closed at the end, are the same
    /// set in the same order as the log replayed.
    #[test]
    fn members_removed_in_one_pass_keep_their_order(
        ops in prop::collection::vec((0u8..3, 0usize..12), 0..80)
    ) {
        let settings = bloomlab::state::Settings::default()
            .with_mode(bloomlab::state::Mode::Counting);
        let log: Vec<LogEntry> = ops
            .iter()
            .map(|&(op, i)| match op {
                0 | 1 => LogEntry::Add(format!("w{i}")),
                _ => LogEntry::Remove(format!("w{i}")),
            })
            .collect();
        let (filter, replayed) = replay(&settings, &log);
        let mut one_by_one = Members::default();
        let mut counting = settings.empty_filter();
        for entry in &log {
            bloomlab::state::log::apply_entry(&mut counting, &mut one_by_one, entry);
        }
        prop_assert_eq!(&one_by_one, &replayed);
        prop_assert_eq!(counting, filter);
        for member in replayed.list() {
            prop_assert!(replayed.contains(&member.item));
        }
    }
}

// --- Input limits -----------------------------------------------------------------------

use bloomlab::filter::hash_quality_job::{CorpusSource, HashQualityJob, PROBES};
use bloomlab::state::fields::{check_item, FieldProblem, MAX_ITEM_BYTES};
use bloomlab::state::hash_quality_view::{
    check_corpus, HashQualityAction, HashQualitySettings, HashQualityState, MAX_CORPUS,
    MAX_PASTED_BYTES,
};
use bloomlab::state::url::NoticeReason;

const TOO_LONG: FieldProblem = FieldProblem::TooLong(MAX_ITEM_BYTES as u64);

#[test]
fn an_item_is_at_most_a_thousand_bytes_of_utf8() {
    assert!(check_item(&"a".repeat(MAX_ITEM_BYTES)).is_ok());
    assert_eq!(check_item(&"a".repeat(MAX_ITEM_BYTES + 1)), Err(TOO_LONG));
    // Bytes, not characters: 333 three-byte characters fit, 334 do not.
    assert!(check_item(&"日".repeat(333)).is_ok());
    assert_eq!(check_item(&"日".repeat(334)), Err(TOO_LONG));
}

#[test]
fn a_link_value_over_the_limit_is_refused_by_name_and_the_rest_is_opened() {
    let longest = "b".repeat(MAX_ITEM_BYTES);
    let over = "c".repeat(MAX_ITEM_BYTES + 1);
    for key in [
        "add",
        "query",
        "hq_item",
        "hq_show",
        "cms_add",
        "spam_check",
        "seta",
        "m",
    ] {
        let query = format!("add=a&add={longest}&{key}={over}");
        let url = parse(&query);
        let refusals: Vec<_> = url.notices.iter().filter(|n| n.param == key).collect();
        assert_eq!(refusals.len(), 1, "{key}: {:?}", url.notices);
        assert_eq!(refusals[0].reason, NoticeReason::Problem(TOO_LONG), "{key}");
        let (state, _) = AppState::opening(url, LINK_AT_ONCE);
        assert_eq!(state.members().len(), 2, "{key}: the items that fit are in");
    }
}

#[test]
fn a_typed_item_over_the_limit_is_kept_in_the_field_named_and_never_used() {
    let state = AppState::opening(parse("m=64&add=a"), LINK_AT_ONCE).0;
    let long = "x".repeat(MAX_ITEM_BYTES + 1);
    let typed = state.apply(Action::Filter(FilterAction::SetDraft(long.clone())));
    assert_eq!(typed.draft(), long, "the field keeps what was typed");
    assert_eq!(typed.message(), Some(&Message::ItemRefused(TOO_LONG)));
    assert_eq!(
        typed.shown_item(),
        None,
        "nothing is hashed or shown for it"
    );
    assert!(typed.live_report().is_none());
    for action in [
        FilterAction::AddDraft,
        FilterAction::QueryDraft,
        FilterAction::RemoveDraft,
    ] {
        let after = typed.clone().apply(Action::Filter(action));
        assert_eq!(after.members().len(), 1);
        assert_eq!(after.message(), Some(&Message::ItemRefused(TOO_LONG)));
        assert_eq!(after.filter(), typed.filter());
    }
    // Shortened to the limit, it is an item again and the message goes.
    let fits = typed.apply(Action::Filter(FilterAction::SetDraft(long[1..].to_owned())));
    assert_eq!(fits.message(), None);
    let added = fits.apply(Action::Filter(FilterAction::AddDraft));
    assert_eq!(added.members().len(), 2);
}

#[test]
fn a_paste_with_a_line_over_the_limit_is_refused_whole_naming_the_line() {
    let state = AppState::opening(parse("m=64"), LINK_AT_ONCE).0;
    let text = format!("a\n\nb\n{}\nc", "x".repeat(MAX_ITEM_BYTES + 1));
    let after = state.apply(Action::Filter(FilterAction::AddLines(text)));
    assert!(after.members().is_empty());
    let problem = FieldProblem::LineTooLong(4, MAX_ITEM_BYTES as u64);
    assert_eq!(after.message(), Some(&Message::ItemRefused(problem)));
}

/// `lines` distinct lines of `len` bytes each.
fn corpus_of(lines: usize, len: usize) -> String {
    (0..lines)
        .map(|i| format!("{i:0len$}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_pasted_corpus_is_limited_per_line_in_lines_and_in_bytes() {
    let line = |n: usize| "y".repeat(n);
    assert!(check_corpus(&line(MAX_ITEM_BYTES)).is_ok());
    let second_too_long = format!("a\n{}", line(MAX_ITEM_BYTES + 1));
    assert_eq!(
        check_corpus(&second_too_long),
        Err(FieldProblem::LineTooLong(2, MAX_ITEM_BYTES as u64))
    );
    // 20,000 distinct lines are a corpus; one more is not (repeats count once).
    let most = corpus_of(MAX_CORPUS as usize, 5);
    assert!(check_corpus(&most).is_ok());
    assert!(check_corpus(&format!("{most}\n00000\n00001")).is_ok());
    assert_eq!(
        check_corpus(&format!("{most}\n99999x")),
        Err(FieldProblem::TooManyLines(MAX_CORPUS))
    );
    // In bytes: 200 lines of 999 bytes and their 199 line ends fit; a byte more does not.
    let full = corpus_of(200, 999);
    assert_eq!(full.len(), MAX_PASTED_BYTES - 1);
    assert!(check_corpus(&format!("{full}x")).is_ok());
    assert_eq!(
        check_corpus(&format!("{full}xy")),
        Err(FieldProblem::TooLong(MAX_PASTED_BYTES as u64))
    );
}

#[test]
fn a_refused_corpus_keeps_the_one_measured_and_its_reports() {
    let settings = HashQualitySettings {
        source: CorpusSource::Pasted,
        pasted: "apple\npear".into(),
        ..HashQualitySettings::default()
    };
    let view = HashQualityState::new(settings.clone());
    let generation = view.generation();
    let refused = view
        .clone()
        .apply(HashQualityAction::Edit(HashQualitySettings {
            pasted: "a".repeat(150_000),
            ..settings
        }));
    assert_eq!(refused.corpus(), ["apple", "pear"]);
    assert_eq!(refused.generation(), generation, "the measurement goes on");
    assert_eq!(
        refused.problems().pasted,
        Some(FieldProblem::LineTooLong(1, MAX_ITEM_BYTES as u64))
    );
}

#[test]
fn the_hash_quality_pass_reads_an_amount_linear_in_the_line_length_one_probe_at_a_time() {
    let job = HashQualityJob {
        source: CorpusSource::Pasted,
        ..HashQualityJob::default()
    };
    let mut per_byte = Vec::new();
    for (lines, len) in [
        (1, 10),
        (1, 100),
        (1, 1000),
        (10, 1000),
        (200, 999),
        (20_000, 5),
    ] {
        let corpus: Vec<String> = corpus_of(lines, len)
            .split('\n')
            .map(String::from)
            .collect();
        let (mut count, mut bytes, mut longest) = (0u64, 0usize, 0usize);
        for probe in job.probes(&corpus) {
            count += 1;
            bytes += probe.len();
            longest = longest.max(probe.len());
        }
        assert_eq!(count, PROBES);
        // A probe is a line and a round number of at most five digits: never more than one
        // line's bytes and six are held at once, and all of them are 20,000 such.
        assert!(longest <= len + 6, "{lines} × {len}: {longest}");
        assert!(
            bytes <= PROBES as usize * (len + 6),
            "{lines} × {len}: {bytes}"
        );
        per_byte.push(bytes as f64 / len as f64);
    }
    // The work per byte of line does not grow with the line.
    assert!(per_byte[2] <= per_byte[1] && per_byte[1] <= per_byte[0]);
    // The original failure: one line of 150,000 characters is refused before any work.
    let view = HashQualityState::new(HashQualitySettings {
        source: CorpusSource::Pasted,
        pasted: "a".repeat(150_000),
        ..HashQualitySettings::default()
    });
    assert!(view.corpus().is_empty());
}
