//! A link's parameters are validated together: the same parameters give the same state
//! and the same notices in any order, each refusal names the parameter docs/contract.md says
//! is refused, and each appears once.
#![cfg(not(target_arch = "wasm32"))]

use std::rc::Rc;

use bloomlab::filter::{HashFamily, Layout, ParamError};
use bloomlab::state::lesson_file::{parse_index, parse_lesson, Lesson};
use bloomlab::state::url::{parse, Notice, NoticeReason};
use bloomlab::state::{Action, AppState, LessonAction};
use proptest::prelude::*;

/// The state a link opens, with the shipped lessons arrived.
fn opened(query: &str) -> AppState {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static/lessons");
    let index = std::fs::read_to_string(format!("{dir}/index.txt")).unwrap();
    let lessons: Vec<Rc<Lesson>> = parse_index(&index)
        .iter()
        .map(|file| {
            let source = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
            Rc::new(parse_lesson(&source).unwrap())
        })
        .collect();
    AppState::from_url(parse(query))
        .apply(Action::Lesson(LessonAction::Loaded(lessons, Vec::new())))
}

/// What a reader sees of a state: its canonical link (settings, items, views' settings),
/// its members in order, and its notices: those about the page's parameters in the
/// table's order, then those naming unknown keys (in the link's order, so compared here as
/// a set).
fn seen(state: &AppState) -> (String, Vec<String>, Vec<Notice>, Vec<String>) {
    let members = state
        .members()
        .list()
        .iter()
        .map(|m| m.item.clone())
        .collect();
    let (mut unknown, known): (Vec<&Notice>, Vec<&Notice>) = state
        .notices()
        .iter()
        .partition(|n| n.reason == NoticeReason::Unknown);
    #[expect(
        clippy::disallowed_methods,
        reason = "a test: its sort never reaches the page"
    )]
    unknown.sort_by(|a, b| (&a.param, &a.value).cmp(&(&b.param, &b.value)));
    let unknown = unknown
        .iter()
        .map(|n| format!("{}={}", n.param, n.value))
        .collect();
    (
        state.url_query(true),
        members,
        known.into_iter().cloned().collect(),
        unknown,
    )
}

fn named(state: &AppState) -> Vec<&str> {
    state.notices().iter().map(|n| n.param.as_str()).collect()
}

#[test]
fn seed_000_beside_seven_hashes_refuses_hash_in_either_order() {
    for query in ["hash=seed000&k=7", "k=7&hash=seed000"] {
        let state = opened(query);
        assert_eq!(state.settings().family(), HashFamily::Murmur3, "{query}");
        assert_eq!(state.settings().k(), 7, "{query}");
        assert_eq!(named(&state), ["hash"], "{query}");
    }
    assert_eq!(
        seen(&opened("hash=seed000&k=7")),
        seen(&opened("k=7&hash=seed000"))
    );
}

#[test]
fn partitioned_beside_fewer_bits_than_hashes_refuses_layout_and_keeps_m_and_k() {
    for query in [
        "layout=partitioned&k=64&m=1",
        "m=1&layout=partitioned&k=64",
        "k=64&m=1&layout=partitioned",
    ] {
        let state = opened(query);
        let settings = state.settings();
        assert_eq!(
            (settings.m(), settings.k(), settings.layout()),
            (1, 64, Layout::Standard)
        );
        assert_eq!(named(&state), ["layout"], "{query}");
        assert_eq!(
            state.notices()[0].reason,
            NoticeReason::Param(ParamError::FewerBitsThanHashes { m: 1, k: 64 }),
            "the notice gives the m and k the link gave"
        );
    }
}

#[test]
fn a_lesson_link_s_refused_removals_are_named_once() {
    for (query, param) in [
        ("lesson=basics&mode=counting&remove=y", "remove"),
        ("lesson=basics&mode=counting&naive_delete=y", "naive_delete"),
        ("lesson=basics&mode=counting&force_remove=y", "force_remove"),
        ("lesson=basics&remove=y", "remove"),
    ] {
        let state = opened(query);
        let count = state.notices().iter().filter(|n| n.param == param).count();
        assert_eq!(count, 1, "{query}: {:?}", state.notices());
    }
    // A link naming a lesson that does not exist still opens its own items, once.
    let state = opened("lesson=nonesuch&add=a&add=b&query=a");
    assert_eq!(named(&state), ["lesson"]);
    assert_eq!(state.members().len(), 2);
}

#[test]
fn growing_values_that_cannot_run_together_are_named_by_the_notice() {
    for (query, params) in [
        ("view=grow&grow_p=1e-300", "grow_p"),
        ("view=grow&grow_s=18446744073709551615", "grow_s"),
        (
            "view=grow&grow_m0=16777216&grow_s=1000000&grow_n=200000",
            "grow_m0 grow_s grow_n",
        ),
        // Any order, the same names in the table's order.
        (
            "grow_n=200000&view=grow&grow_s=1000000&grow_m0=16777216",
            "grow_m0 grow_s grow_n",
        ),
    ] {
        let state = opened(query);
        let notices: Vec<&Notice> = state
            .notices()
            .iter()
            .filter(|n| matches!(n.reason, NoticeReason::GrowPlan(_)))
            .collect();
        assert_eq!(notices.len(), 1, "{query}: {:?}", state.notices());
        assert_eq!(notices[0].param, params, "{query}");
        for key in params.split(' ') {
            assert!(
                notices[0].value.contains(&format!("{key}=")),
                "{:?}",
                notices[0]
            );
        }
    }
    // Values that run together give no notice.
    assert!(opened("view=grow&grow_m0=4000&grow_s=3")
        .notices()
        .is_empty());
}

/// Parameters of every kind, valid and not, that interact: a link is a subset of them.
const POOL: &[(&str, &str)] = &[
    ("m", "1"),
    ("k", "64"),
    ("hash", "seed000"),
    ("layout", "partitioned"),
    ("mode", "counting"),
    ("width", "9"),
    ("remove", "zz"),
    ("naive_delete", "b"),
    ("query", "c"),
    ("view", "grow"),
    ("grow_p", "1e-300"),
    ("grow_s", "1000000"),
    ("grow_m0", "16777216"),
    ("fold", "4"),
    ("step", "3"),
    ("lesson", "basics"),
    ("unknown_a", "1"),
    ("unknown_b", "2"),
    ("present", "maybe"),
];

/// The items added, in their order in the link.
const ADDED: &[&str] = &["a", "b", "c", "d"];

fn link(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(key, value)| format!("{key}={value}"))
        .collect::<Vec<_>>()
        .join("&")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Permuting a link's parameters (the items keeping their order among themselves, as
    /// `add=` is applied in order) gives the same state and the same notices.
    #[test]
    fn permuted_parameters_give_the_same_state_and_notices(
        chosen in proptest::sample::subsequence(POOL.to_vec(), 0..POOL.len()),
        added in 0..=ADDED.len(),
        order in any::<u64>(),
    ) {
        let mut pairs: Vec<(&str, &str)> = chosen.clone();
        pairs.extend(ADDED[..added].iter().map(|item| ("add", *item)));
        let original = link(&pairs);
        // A permutation drawn from `order`, then the items put back in their order.
        let mut permuted = pairs.clone();
        let mut state = order;
        for i in (1..permuted.len()).rev() {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            permuted.swap(i, (state >> 33) as usize % (i + 1));
        }
        let mut items = ADDED[..added].iter();
        for pair in permuted.iter_mut().filter(|(key, _)| *key == "add") {
            pair.1 = items.next().unwrap();
        }
        let permuted = link(&permuted);
        prop_assert_eq!(seen(&opened(&original)), seen(&opened(&permuted)), "{} vs {}", original, permuted);
    }
}
