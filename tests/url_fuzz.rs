//! The URL parser never panics, and printing a state then parsing it gives the state back.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::hash_quality::Corpus;
use bloomlab::filter::hash_quality_job::CorpusSource;
use bloomlab::filter::HashFamily;
use bloomlab::lang::Lang;
use bloomlab::state::hash_quality_view::{corpus_lines, HashQualitySettings};
use std::rc::Rc;

use bloomlab::state::calculator_view::{CalculatorInput, Solve};
use bloomlab::state::practice::{ExerciseKind, PracticeChoice, MAX_PRACTICE_N};
use bloomlab::state::url::params::PARAMS;
use bloomlab::state::url::{parse, print, Embedding, Lockable, UrlState, View, MAX_FOLDS};
use bloomlab::state::{AppState, LogEntry, Mode, Settings};
use proptest::prelude::*;

fn item() -> impl Strategy<Value = String> {
    // Unicode of every kind, plus the characters that matter in a query string.
    prop_oneof![
        any::<String>(),
        "[a-z&=%+#?/ ]{0,12}",
        Just(String::new()),
        Just("<img src=x onerror=alert(1)>".to_owned()),
        Just("布隆\u{0301}🙂\u{05e9}\u{0000}".to_owned()),
    ]
}

/// An item the page accepts in `add=`, `remove=` and `query=`: at least one character.
fn filter_item() -> impl Strategy<Value = String> {
    item().prop_filter("an item has at least one character", |i| !i.is_empty())
}

fn hash_quality() -> impl Strategy<Value = HashQualitySettings> {
    (
        prop_oneof![
            Just(CorpusSource::Generated(Corpus::Similar)),
            Just(CorpusSource::Generated(Corpus::Urls)),
            Just(CorpusSource::Pasted),
        ],
        item(),
        item(),
        prop::collection::vec(item(), 0..4),
    )
        .prop_map(|(source, size, k, lines)| HashQualitySettings {
            source,
            size,
            k,
            // The page keeps a pasted corpus as its non-empty lines.
            pasted: corpus_lines(lines.iter().flat_map(|l| l.split('\n'))),
            ..HashQualitySettings::default()
        })
}

fn url_state() -> impl Strategy<Value = UrlState> {
    (
        1u64..=5000,
        1u32..=64,
        prop_oneof![Just(HashFamily::Fnv1a), Just(HashFamily::Murmur3)],
        prop_oneof![Just(Mode::Bloom), Just(Mode::Counting)],
        1u32..=8,
        prop::collection::vec(filter_item(), 0..6),
        prop::collection::vec(filter_item(), 0..3),
        prop::option::of(filter_item()),
        prop_oneof![
            Just(View::Visualizer),
            Just(View::Lab),
            Just(View::Calculator),
            Just(View::Sets),
            Just(View::Hashes)
        ],
        (
            prop::collection::vec(item(), 0..3),
            prop::collection::vec(item(), 0..3),
        ),
        0..=MAX_FOLDS,
        (
            prop::option::of(prop_oneof![Just(Lang::Zh), Just(Lang::Ja)]),
            prop::option::of(("[a-z0-9-]{1,12}", 1u64..100)),
            hash_quality(),
            prop::sample::subsequence(Lockable::ALL.to_vec(), 0..=6),
            (
                any::<bool>(),
                any::<bool>(),
                prop::option::of(any::<u64>()),
                prop::option::of(any::<u64>()),
                (
                    prop::sample::subsequence(ExerciseKind::ALL.to_vec(), 0..=3),
                    prop::option::of(1u8..=MAX_PRACTICE_N as u8),
                ),
            ),
            (item(), item(), item(), item()),
        ),
    )
        .prop_map(
            |(
                m,
                k,
                family,
                mode,
                width,
                adds,
                removes,
                query,
                view,
                (a, b),
                folds,
                (
                    lang,
                    lesson,
                    hash_quality,
                    locks,
                    (presentation, compact, quiz, practice, (kinds, count)),
                    calculator,
                ),
            )| {
                let mut entries: Vec<LogEntry> = adds.into_iter().map(LogEntry::Add).collect();
                entries.extend(removes.into_iter().map(LogEntry::Remove));
                UrlState {
                    settings: Settings::new(m, k, family, mode, width).unwrap(),
                    entries: Rc::new(entries),
                    query,
                    view,
                    lang,
                    sets: Rc::new([a, b]),
                    folds,
                    embedding: Embedding {
                        compact,
                        locked: locks,
                    },
                    presentation,
                    // A quiz beside a lesson is refused (a lesson's practice takes practice=).
                    quiz: quiz.filter(|_| lesson.is_none()),
                    practice,
                    practice_choice: PracticeChoice::default()
                        .with_kinds(&kinds)
                        .with_count(count),
                    practice_done: Vec::new(),
                    step: lesson.as_ref().map_or(1, |(_, step)| *step),
                    lesson: lesson.map(|(id, _)| id),
                    calculator: (
                        Solve::default(),
                        CalculatorInput {
                            n: calculator.0,
                            p: calculator.1,
                            m: calculator.2,
                            k: calculator.3,
                        },
                    ),
                    lab: Default::default(),
                    grow: Default::default(),
                    cms: Default::default(),
                    apps: Default::default(),
                    files: Default::default(),
                    filters: Default::default(),
                    hash_quality,
                    notices: Vec::new(),
                    given: Default::default(),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100_000))]

    #[test]
    fn any_query_string_parses_without_panicking(query in ".{0,80}") {
        let url = parse(&query);
        prop_assert!(url.settings.m() >= 1 && url.settings.k() >= 1);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn printing_then_parsing_gives_the_state_back(url in url_state()) {
        let printed = print(&url);
        prop_assert_eq!(parse(&printed), url);
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    #[test]
    fn query_strings_made_of_parameter_names_never_panic(
        pairs in prop::collection::vec(
            (prop::sample::select(PARAMS.iter().map(|p| p.key).chain(["x"]).collect::<Vec<_>>()),
             "[0-9a-z%+.,\\-]{0,8}"),
            0..8)
    ) {
        let query = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
        let state = AppState::from_url(parse(&query));
        prop_assert!(state.settings().m() <= bloomlab::filter::MAX_BITS);
    }
}
