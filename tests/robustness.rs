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
