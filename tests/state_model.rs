//! The page model driven by actions, as the UI drives it.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::{ExperimentPlan, HashFamily, ParamError};
use bloomlab::state::calculator_view::CalculatorAction;
use bloomlab::state::fields::FieldProblem;
use bloomlab::state::practice::PracticeAction;
use bloomlab::state::quiz::{QuizAnswer, QUIZ_QUESTIONS};
use bloomlab::state::sets_view::SetsAction;
use bloomlab::state::url::parse;
use bloomlab::state::FilterAction;
use bloomlab::state::PageAction;
use bloomlab::state::{Action, AppState, LogEntry, Message, Mode, Verdict, WalkKind};

fn state_from(query: &str) -> AppState {
    AppState::from_url(parse(query))
}

fn act(state: AppState, actions: impl IntoIterator<Item = Action>) -> AppState {
    actions.into_iter().fold(state, AppState::apply)
}

/// An item that is a false positive in `state`, found by search.
fn find_false_positive(state: &AppState) -> String {
    (0..100_000)
        .map(|i| format!("probe{i}"))
        .find(|s| state.is_false_positive(s))
        .expect("a dense filter has false positives")
}

#[test]
fn added_items_light_their_bits_and_query_as_probably() {
    let state = act(
        AppState::default(),
        [
            Action::Filter(FilterAction::SetDraft("apple".into())),
            Action::Filter(FilterAction::AddDraft),
        ],
    );
    let shape = state.filter().shape();
    for p in shape.positions(b"apple") {
        assert!(state.filter().is_set(p));
    }
    assert!(matches!(state.message(), Some(Message::Added { .. })));
    // The field is empty for the next word; the array still shows "apple".
    assert_eq!(state.draft(), "");
    assert_eq!(state.shown_item(), Some("apple"));
    let state = state
        .apply(Action::Filter(FilterAction::SetDraft("apple".into())))
        .apply(Action::Filter(FilterAction::QueryDraft));
    assert_eq!(state.last_query().unwrap().verdict, Verdict::Probably);
    assert_eq!(state.last_query().unwrap().steps.len(), 3);
}

#[test]
fn the_three_verdicts_and_the_culprits_of_a_false_positive() {
    let state = state_from("m=16&k=3&add=a&add=b&add=c&add=d&add=e");
    let absent = (0..1000)
        .map(|i| format!("x{i}"))
        .find(|s| !state.filter().contains(s.as_bytes()))
        .unwrap();
    let state = state.apply(Action::Filter(FilterAction::QueryItem(absent)));
    match &state.last_query().unwrap().verdict {
        Verdict::DefinitelyNot { zero_positions } => assert!(!zero_positions.is_empty()),
        other => panic!("{other:?}"),
    }
    let fp = find_false_positive(&state);
    let state = state.apply(Action::Filter(FilterAction::QueryItem(fp.clone())));
    let report = state.last_query().unwrap();
    let Verdict::FalsePositive { culprits } = &report.verdict else {
        panic!("{:?}", report.verdict)
    };
    assert_eq!(culprits.len(), 3);
    let shape = state.filter().shape();
    for culprit in culprits {
        assert!(culprit.total_setters >= 1, "every set bit has a setter");
        for setter in &culprit.setters {
            let pos = shape
                .hash_pair(setter.item.as_bytes())
                .position(setter.hash_index, 16);
            assert_eq!(pos, culprit.position);
        }
    }
}

#[test]
fn changing_parameters_rebuilds_from_the_log_and_bad_input_keeps_the_old_value() {
    let state = state_from("m=64&add=one&add=two");
    let state = state.apply(Action::Filter(FilterAction::SetM("128".into())));
    assert_eq!(state.settings().m(), 128);
    assert_eq!(state.members().len(), 2);
    assert!(state.filter().contains(b"one") && state.filter().contains(b"two"));
    let state = act(
        state,
        [
            Action::Filter(FilterAction::SetM("-5".into())),
            Action::Filter(FilterAction::SetK("abc".into())),
            Action::Filter(FilterAction::SetWidth("12".into())),
        ],
    );
    assert_eq!(state.settings().m(), 128);
    assert_eq!(state.settings().k(), 3);
    assert_eq!(state.field_errors().m.as_ref().unwrap().input, "-5");
    assert!(state.field_errors().k.is_some());
    assert!(state.field_errors().width.is_some());
    let state = state.apply(Action::Filter(FilterAction::SetM("1000000000000".into())));
    assert_eq!(state.settings().m(), 128);
    assert!(matches!(
        state.field_errors().m.as_ref().unwrap().problem,
        FieldProblem::Invalid(ParamError::TooManyBits { .. })
    ));
    let state = state.apply(Action::Filter(FilterAction::SetFamily(HashFamily::Murmur3)));
    assert!(state.filter().contains(b"one"));
}

#[test]
fn undo_and_redo_walk_the_history() {
    let state = act(
        AppState::default(),
        [
            Action::Filter(FilterAction::AddItem("a".into())),
            Action::Filter(FilterAction::AddItem("b".into())),
            Action::Filter(FilterAction::SetK("5".into())),
        ],
    );
    let state = state.apply(Action::Filter(FilterAction::Undo));
    assert_eq!(state.settings().k(), 3);
    assert_eq!(state.members().len(), 2);
    let state = act(
        state,
        [
            Action::Filter(FilterAction::Undo),
            Action::Filter(FilterAction::Undo),
        ],
    );
    assert!(state.members().is_empty());
    assert_eq!(state.filter().count_set(), 0);
    let state = state.apply(Action::Filter(FilterAction::Undo));
    assert_eq!(state.message(), Some(&Message::NothingToUndo));
    let state = act(
        state,
        [
            Action::Filter(FilterAction::Redo),
            Action::Filter(FilterAction::Redo),
            Action::Filter(FilterAction::Redo),
        ],
    );
    assert_eq!(state.settings().k(), 5);
    assert_eq!(state.members().len(), 2);
    let mut many = AppState::default();
    for i in 0..60 {
        many = many.apply(Action::Filter(FilterAction::AddItem(format!("w{i}"))));
    }
    for _ in 0..50 {
        many = many.apply(Action::Filter(FilterAction::Undo));
    }
    assert_eq!(
        many.members().len(),
        10,
        "undo reaches back at least 50 actions"
    );
}

#[test]
fn counting_mode_removes_members_and_refuses_unsafe_removals() {
    let state = state_from("mode=counting&m=32&k=3&add=cat&add=dog&add=emu&add=fox&add=gnu");
    let state = state.apply(Action::Filter(FilterAction::Remove("cat".into())));
    assert!(
        matches!(state.message(), Some(Message::Removed { changes, .. }) if changes.len() == 3)
    );
    assert!(!state.members().contains("cat"));
    assert!(state.false_negatives().is_empty());
    let absent = (0..1000)
        .map(|i| format!("x{i}"))
        .find(|s| !state.filter().contains(s.as_bytes()))
        .unwrap();
    let before = state.filter().clone();
    let state = state.apply(Action::Filter(FilterAction::Remove(absent)));
    assert!(matches!(
        state.message(),
        Some(Message::RemoveRefusedAbsent { .. })
    ));
    assert_eq!(state.filter(), &before);
    let fp = find_false_positive(&state);
    let state = state.apply(Action::Filter(FilterAction::Remove(fp.clone())));
    assert!(matches!(
        state.message(),
        Some(Message::RemoveRefusedFalsePositive { .. })
    ));
    assert_eq!(state.filter(), &before);
    let state = state.apply(Action::Filter(FilterAction::ForceRemove(fp)));
    assert!(matches!(
        state.message(),
        Some(Message::FalseNegativesCreated { .. })
    ));
    assert_ne!(state.filter(), &before);
}

#[test]
fn a_plain_filter_refuses_remove_and_naive_delete_causes_false_negatives() {
    let state = state_from("m=16&k=3&add=a&add=b&add=c&add=d&add=e");
    let state = state.apply(Action::Filter(FilterAction::Remove("a".into())));
    assert!(matches!(
        state.message(),
        Some(Message::PlainCannotRemove { .. })
    ));
    // Some member shares a bit with another at m = 16; deleting it naively loses that one.
    let victim_maker = state
        .members()
        .list()
        .iter()
        .map(|m| m.item.clone())
        .find(|item| {
            let s = state
                .clone()
                .apply(Action::Filter(FilterAction::NaiveDelete(item.clone())));
            !s.false_negatives().is_empty()
        })
        .expect("\"a\" and \"e\" share bits 8 and 12 at m = 16 with FNV-1a");
    let state = state.apply(Action::Filter(FilterAction::NaiveDelete(
        victim_maker.clone(),
    )));
    let Some(Message::FalseNegativesCreated { victims, .. }) = state.message() else {
        panic!("{:?}", state.message())
    };
    let victim = victims[0].clone();
    let state = state.apply(Action::Filter(FilterAction::QueryItem(victim)));
    assert!(matches!(
        state.last_query().unwrap().verdict,
        Verdict::FalseNegative { .. }
    ));
}

#[test]
fn switching_mode_keeps_the_items() {
    let state = state_from("add=a&add=b&add=a");
    let state = state.apply(Action::Filter(FilterAction::SetMode(Mode::Counting)));
    assert_eq!(state.members().len(), 2);
    assert_eq!(
        state.log(),
        &[
            LogEntry::Add("a".into()),
            LogEntry::Add("a".into()),
            LogEntry::Add("b".into())
        ],
        "both copies of \"a\" carry over"
    );
    assert!(state.filter().contains(b"a"));
}

#[test]
fn url_removals_that_cannot_apply_become_notices() {
    let state = state_from("add=a&remove=a");
    assert_eq!(state.notices().len(), 1);
    assert_eq!(state.notices()[0].param, "remove");
    assert!(state.members().contains("a"));
    let state = state_from("mode=counting&add=a&remove=zzz&query=a");
    assert_eq!(state.notices()[0].param, "remove");
    assert_eq!(state.last_query().unwrap().verdict, Verdict::Probably);
    assert!(!state.can_undo(), "loading a URL leaves nothing to undo");
}

#[test]
fn the_walk_steps_through_hash_positions_and_result_then_adds() {
    let state = act(
        AppState::default(),
        [
            Action::Filter(FilterAction::SetDraft("kiwi".into())),
            Action::Filter(FilterAction::StartWalk(WalkKind::Add)),
        ],
    );
    assert_eq!(state.walk().unwrap().step, 0);
    let mut state = state;
    for step in 1..=3 {
        state = state.apply(Action::Filter(FilterAction::StepWalk));
        assert_eq!(state.walk().unwrap().step, step);
        assert!(
            state.members().is_empty(),
            "nothing is added before the last step"
        );
    }
    state = state
        .apply(Action::Filter(FilterAction::StepBackWalk))
        .apply(Action::Filter(FilterAction::StepWalk));
    state = state.apply(Action::Filter(FilterAction::StepWalk));
    assert_eq!(state.walk().unwrap().step, 4);
    state = state.apply(Action::Filter(FilterAction::StepWalk));
    assert!(state.walk().is_none());
    assert!(state.members().contains("kiwi"));
}

#[test]
fn bulk_and_random_adds() {
    let state = AppState::default().apply(Action::Filter(FilterAction::AddLines(
        "one\r\ntwo\n\n  \nthree".into(),
    )));
    assert_eq!(state.members().len(), 3);
    let state = state.apply(Action::Filter(FilterAction::AddRandomWords(10)));
    assert_eq!(state.members().len(), 13);
    let state = state.apply(Action::Filter(FilterAction::AddRandomWords(200)));
    assert_eq!(state.members().len(), 213, "words never repeat");
    let _ = ExperimentPlan::even_checkpoints(1, 1);
}

#[test]
fn demos_load_in_one_action_and_undo_restores_the_previous_state() {
    use bloomlab::state::demos::Demo;
    let state = AppState::default().apply(Action::Filter(FilterAction::AddItem("mine".into())));
    let state = state.apply(Action::Filter(FilterAction::LoadDemo(Demo::Saturation)));
    assert_eq!(state.settings().mode(), Mode::Counting);
    assert_eq!(state.settings().width(), 2);
    assert_eq!(state.members().len(), 4);
    let first = state.draft().to_owned();
    let state = state.apply(Action::Filter(FilterAction::RemoveDraft));
    let Some(Message::Removed { changes, .. }) = state.message() else {
        panic!("{:?}", state.message())
    };
    assert!(
        changes.iter().any(|c| c.saturated && c.after == 3),
        "{changes:?}"
    );
    assert!(!state.members().contains(&first));
    let state = state
        .apply(Action::Filter(FilterAction::Undo))
        .apply(Action::Filter(FilterAction::Undo));
    assert!(state.members().contains("mine"));
    assert_eq!(state.settings().mode(), Mode::Bloom);
}

#[test]
fn an_embedding_page_can_lock_controls_and_items() {
    let state = state_from("m=16&add=a&embed=1&lock=m,items,bogus");
    assert!(state.embedding().compact);
    assert_eq!(state.notices()[0].param, "lock");
    let state = act(
        state,
        [
            Action::Filter(FilterAction::SetM("64".into())),
            Action::Filter(FilterAction::AddItem("b".into())),
            Action::Filter(FilterAction::Reset),
            Action::Filter(FilterAction::SetK("5".into())),
            Action::Filter(FilterAction::QueryItem("a".into())),
        ],
    );
    assert_eq!(state.settings().m(), 16, "m is locked");
    assert_eq!(state.members().len(), 1, "items are locked");
    assert_eq!(state.settings().k(), 5, "k is not locked");
    assert!(state.last_query().is_some(), "queries stay allowed");
    let printed = bloomlab::state::url::print(&state.url_state());
    assert!(
        printed.contains("embed=1") && printed.contains("lock=m,items"),
        "{printed}"
    );
}

/// The right answer for `item` on the state's filter.
fn truth_of(state: &AppState, item: &str) -> QuizAnswer {
    match (
        state.filter().contains(item.as_bytes()),
        state.members().contains(item),
    ) {
        (false, _) => QuizAnswer::DefinitelyNot,
        (true, true) => QuizAnswer::Member,
        (true, false) => QuizAnswer::FalsePositive,
    }
}

/// The item of the exercise on screen.
fn asked(state: &AppState) -> String {
    let practice = state.practice().unwrap();
    practice.current().unwrap().task.item().unwrap().to_owned()
}

#[test]
fn a_quiz_is_balanced_whatever_the_page_filter_and_one_answer_every_time_scores_at_most_four() {
    let filters = [
        "",
        "m=16&k=3&add=a&add=b&add=c&add=d&add=e",
        "m=100000&k=7&add=a&add=b&add=c&add=d",
        "m=1&k=1&add=x",
        "m=64&lock=items",
    ];
    for link in filters {
        let start = state_from(link);
        let mut sets = std::collections::HashSet::new();
        for seed in 0..150u64 {
            let mut state = start
                .clone()
                .apply(Action::Practice(PracticeAction::StartQuiz(seed)));
            assert_eq!(state.settings().m(), 32, "the quiz's own filter");
            let mut counts = [0u32; 3];
            let mut items = Vec::new();
            for index in 0..QUIZ_QUESTIONS {
                assert_eq!(state.practice().unwrap().index, index);
                let item = asked(&state);
                let truth = truth_of(&state, &item);
                counts[QuizAnswer::ALL.iter().position(|&a| a == truth).unwrap()] += 1;
                items.push(item);
                // one answer every time, twice when the first is wrong
                for _ in 0..2 {
                    state = state.apply(Action::Practice(PracticeAction::Answer(
                        QuizAnswer::DefinitelyNot,
                    )));
                }
                state = state.apply(Action::Practice(PracticeAction::Next));
            }
            assert!(
                counts.iter().all(|&c| c == 3 || c == 4),
                "{link} seed {seed}: {counts:?}"
            );
            let practice = state.practice().unwrap();
            assert!(practice.finished());
            assert!(practice.score() <= 4, "{link} seed {seed}");
            sets.insert(items.clone());
            #[expect(
                clippy::disallowed_methods,
                reason = "a test: its sort never reaches the page"
            )]
            items.sort();
            items.dedup();
            assert_eq!(items.len(), QUIZ_QUESTIONS, "{link} seed {seed}");
        }
        // Different seeds give different sets.
        assert_eq!(sets.len(), 150, "{link}");
        // Ending the quiz gives the page its filter back.
        let ended = start
            .clone()
            .apply(Action::Practice(PracticeAction::StartQuiz(1)))
            .apply(Action::Practice(PracticeAction::Stop));
        assert_eq!(ended.settings(), start.settings());
        assert_eq!(ended.log(), start.log());
    }
}

#[test]
fn the_quiz_scores_first_answers_reveals_the_verdict_and_a_seed_gives_the_same_questions() {
    let questions = |seed| {
        let mut state = state_from("").apply(Action::Practice(PracticeAction::StartQuiz(seed)));
        let mut items = Vec::new();
        for _ in 0..QUIZ_QUESTIONS {
            items.push(asked(&state));
            state = state
                .apply(Action::Practice(PracticeAction::Show))
                .apply(Action::Practice(PracticeAction::Next));
        }
        items
    };
    assert_eq!(questions(7), questions(7));
    assert_ne!(questions(7), questions(8));
    let mut state = state_from("").apply(Action::Practice(PracticeAction::StartQuiz(7)));
    let mut right = 0;
    for index in 0..QUIZ_QUESTIONS {
        let item = asked(&state);
        let truth = truth_of(&state, &item);
        // Nothing is revealed before the answer.
        assert!(state.last_query().is_none());
        let honest = index % 2 == 0;
        let at = QuizAnswer::ALL.iter().position(|&a| a == truth).unwrap();
        let given = if honest {
            truth
        } else {
            QuizAnswer::ALL[(at + 1) % 3]
        };
        state = state.apply(Action::Practice(PracticeAction::Answer(given)));
        if !honest {
            // a second attempt, right this time: correct, but not scored
            state = state.apply(Action::Practice(PracticeAction::Answer(truth)));
        } else {
            right += 1;
        }
        // The verdict is revealed, for the question's item.
        let report = state.last_query().unwrap();
        assert_eq!(report.item, item);
        assert_eq!(QuizAnswer::of(&report.verdict), truth);
        assert_eq!(state.practice().unwrap().score(), right);
        state = state.apply(Action::Practice(PracticeAction::Next));
    }
    assert!(state.practice().unwrap().finished());
    assert_eq!(state.practice().unwrap().score(), 5);
}

#[test]
fn a_language_whose_texts_cannot_be_loaded_leaves_a_notice_and_english() {
    use bloomlab::i18n::{describe, EN};
    use bloomlab::lang::Lang;
    let opened_in_japanese = state_from("m=16&lang=ja").apply(Action::Page(
        PageAction::LanguageFailed(Lang::Ja, "i18n/ja.txt: HTTP 404".into()),
    ));
    assert_eq!(opened_in_japanese.lang(), Lang::En);
    let notice = opened_in_japanese.notices().last().expect("a notice");
    assert_eq!(notice.param, "lang");
    assert_eq!(
        describe::notice(&EN, notice),
        "The 日本語 texts could not be loaded (i18n/ja.txt: HTTP 404); the page keeps the language it had."
    );
    // The link still asks for Japanese, so that a reload tries again; until another
    // language is chosen.
    assert!(opened_in_japanese.url_query(true).contains("lang=ja"));
    let english = opened_in_japanese.apply(Action::Page(PageAction::SetLang(Lang::En)));
    assert_eq!(english.lang(), Lang::En);
    assert!(!english.url_query(true).contains("lang=ja"));
    // Switching from Chinese to Japanese that fails keeps Chinese.
    let chinese = state_from("m=16&lang=zh").apply(Action::Page(PageAction::LanguageFailed(
        Lang::Ja,
        "no network".into(),
    )));
    assert_eq!(chinese.lang(), Lang::Zh);
    assert!(!chinese.url_query(true).contains("lang=ja"));
}

#[test]
fn a_paste_survives_work_in_the_sets_view_and_a_second_paste_waits_its_turn() {
    use std::rc::Rc;
    let state = state_from("m=64&k=3");
    let lines: Vec<String> = (0..10).map(|i| format!("line{i}")).collect();
    let mut builder = state.bulk_builder(lines.len());
    builder.add_slice(lines.clone());
    let state = act(
        state,
        [
            Action::Filter(FilterAction::BulkStart(10)),
            Action::Sets(SetsAction::Set(0, "a\nb".into())),
            Action::Sets(SetsAction::Fold(1)),
            // A second paste's start while the first runs changes nothing.
            Action::Filter(FilterAction::BulkStart(99)),
        ],
    );
    assert_eq!(state.bulk().map(|b| b.total), Some(10));
    let state = state.apply(Action::Filter(FilterAction::BulkFinish(Rc::new(builder))));
    assert_eq!(state.members().len(), 10);
    // A change to the items themselves drops a paste built on the old ones.
    let mut stale = state.bulk_builder(1);
    stale.add_slice(["late".to_owned()]);
    let state = act(
        state,
        [
            Action::Filter(FilterAction::BulkStart(1)),
            Action::Filter(FilterAction::AddItem("x".into())),
        ],
    );
    let state = state.apply(Action::Filter(FilterAction::BulkFinish(Rc::new(stale))));
    assert!(!state.members().contains("late"));
    assert!(state.members().contains("x"));
}

#[test]
fn a_set_in_the_sets_view_holds_each_distinct_line_once_and_no_blank_ones() {
    let from_link = state_from("m=64&seta=cat&seta=cat&seta=dog&seta=%20&setb=cat&setb=cat");
    let sets = from_link.sets();
    assert_eq!(sets[0], vec!["cat".to_owned(), "dog".to_owned()]);
    assert_eq!(sets[1], vec!["cat".to_owned()]);
    let typed = from_link.apply(Action::Sets(SetsAction::Set(
        1,
        "owl\r\n\n  \t\nfox\nowl\ncat".into(),
    )));
    assert_eq!(
        typed.sets()[1],
        vec!["owl".to_owned(), "fox".to_owned(), "cat".to_owned()]
    );
    // The link carries each item once.
    assert_eq!(typed.url_query(true).matches("setb=owl").count(), 1);
}

#[test]
fn the_calculator_question_and_fields_travel_in_the_link() {
    use bloomlab::state::calculator_view::{CalculatorInput, Solve};
    let state = state_from("view=calculator&solve=rate&cn=1000&cm=5000&ck=5");
    let (solve, input) = (state.calculator().solve(), state.calculator().input());
    assert_eq!(solve, Solve::RateForShape);
    assert_eq!(
        (input.n.as_str(), input.m.as_str(), input.k.as_str()),
        ("1000", "5000", "5")
    );
    assert_eq!(input.p, CalculatorInput::default().p);
    assert!(state.notices().is_empty());
    let link = state.url_query(true);
    for part in [
        "view=calculator",
        "solve=rate",
        "cn=1000",
        "cm=5000",
        "ck=5",
    ] {
        assert!(link.contains(part), "{link} lacks {part}");
    }
    assert!(!link.contains("cp="), "{link}");
    // What is typed goes into the link as typed, even a value the field rejects.
    let typed = state
        .clone()
        .apply(Action::Calculator(CalculatorAction::SetInput(
            CalculatorInput {
                n: "2.5 items".into(),
                ..CalculatorInput::default()
            },
        )));
    let link = typed.url_query(true);
    assert!(link.contains("cn=2.5%20items"), "{link}");
    let reopened = state_from(&link);
    assert_eq!(reopened.calculator().input(), typed.calculator().input());
    assert_eq!(reopened.calculator().solve(), typed.calculator().solve());
    // While a field is wrong the last answer of the question stays on screen, greyed.
    assert!(typed.calculator().result().is_err());
    assert_eq!(typed.calculator().shown(), state.calculator().shown());
    assert!(state.calculator().shown().is_some());
    // The default question and fields add nothing to a link; an unknown question is named.
    assert!(!state_from("m=64").url_query(true).contains("solve="));
    let bad = state_from("solve=everything");
    assert_eq!(bad.calculator().solve(), Solve::default());
    assert_eq!(
        bad.notices().last().map(|n| n.param.as_str()),
        Some("solve")
    );
}

#[test]
fn the_lab_settings_travel_in_the_link() {
    use bloomlab::state::lab_view::{FamilyChoice, LabAction, LabSettings, LabState};
    use bloomlab::state::plot::AxisKind;
    let state =
        state_from("view=lab&lab_n=500&lab_filters=40&lab_probes=5000&lab_seed=9&lab_compare=both&lab_axis=log");
    let settings = &state.lab().settings();
    assert_eq!(settings.max_items, "500");
    assert_eq!(settings.filters, "40");
    assert_eq!(settings.probes, "5000");
    assert_eq!(settings.seed, "9");
    assert_eq!(settings.points, LabSettings::default().points);
    assert_eq!(
        (settings.families, settings.axis),
        (FamilyChoice::Both, AxisKind::Log)
    );
    assert!(state.notices().is_empty());
    let link = state.url_query(true);
    for part in [
        "lab_n=500",
        "lab_filters=40",
        "lab_probes=5000",
        "lab_seed=9",
        "lab_compare=both",
        "lab_axis=log",
    ] {
        assert!(link.contains(part), "{link} lacks {part}");
    }
    assert!(!link.contains("lab_points="), "{link}");
    // The lab opens with them, each checked as if typed.
    let lab = LabState::with_settings(settings);
    assert_eq!(lab.settings(), *settings);
    assert!(lab.probes.problem.is_none());
    let bad = LabState::with_settings(&LabSettings {
        probes: "0".into(),
        ..LabSettings::default()
    });
    assert!(bad.probes.problem.is_some());
    // A change in the lab reaches the link; unknown choices are named.
    let changed = state.apply(Action::Lab(LabAction::SetProbes("1000".into())));
    let changed = act(
        changed,
        [
            Action::Lab(LabAction::SetMaxItems(String::new())),
            Action::Lab(LabAction::SetFilters(String::new())),
            Action::Lab(LabAction::SetSeed("1".into())),
            Action::Lab(LabAction::SetFamilies(FamilyChoice::Current)),
            Action::Lab(LabAction::SetAxis(AxisKind::Linear)),
        ],
    );
    assert!(!changed.url_query(true).contains("lab_"));
    let unknown = state_from("lab_axis=cubic&lab_compare=all");
    let mut params: Vec<&str> = unknown.notices().iter().map(|n| n.param.as_str()).collect();
    #[expect(
        clippy::disallowed_methods,
        reason = "a test: its sort never reaches the page"
    )]
    params.sort();
    assert_eq!(params, ["lab_axis", "lab_compare"]);
}

#[test]
fn the_hash_quality_settings_travel_in_the_link() {
    use bloomlab::filter::hash_quality_job::CorpusSource;
    use bloomlab::state::hash_quality_view::{HashQualityAction, HashQualitySettings};
    let state =
        state_from("view=hashes&hq_corpus=paste&hq_m=512&hq_k=3&hq_item=a%20b&hq_item=&hq_item=c");
    let settings = state.hash_quality().settings().clone();
    assert_eq!(settings.source, CorpusSource::Pasted);
    assert_eq!((settings.m.as_str(), settings.k.as_str()), ("512", "3"));
    assert_eq!(settings.size, HashQualitySettings::default().size);
    // Blank lines are dropped; the rest keep their order and spaces.
    assert_eq!(settings.pasted_items(), ["a b", "c"]);
    assert!(state.notices().is_empty());
    assert_eq!(
        state.url_query(true),
        "view=hashes&hq_corpus=paste&hq_m=512&hq_k=3&hq_item=a%20b&hq_item=c"
    );
    // Text typed in the page is kept as typed; its items are the distinct non-empty lines,
    // with Windows line ends read as such, and the link carries those.
    let pasted = state
        .clone()
        .apply(Action::HashQuality(HashQualityAction::Edit(
            HashQualitySettings {
                pasted: "x\r\n\r\ny\nx\n".into(),
                ..settings.clone()
            },
        )));
    assert_eq!(pasted.hash_quality().settings().pasted, "x\r\n\r\ny\nx\n");
    assert_eq!(pasted.hash_quality().settings().pasted_items(), ["x", "y"]);
    assert_eq!(pasted.hash_quality().corpus(), ["x", "y"]);
    assert!(pasted.url_query(true).ends_with("hq_item=x&hq_item=y"));
    // Back to the defaults, nothing is printed; an unknown corpus is named.
    let reset = state.apply(Action::HashQuality(HashQualityAction::Edit(
        HashQualitySettings::default(),
    )));
    assert!(!reset.url_query(true).contains("hq_"));
    let unknown = state_from("hq_corpus=words&hq_size=50");
    assert_eq!(
        unknown.hash_quality().settings().source,
        CorpusSource::default()
    );
    assert_eq!(unknown.hash_quality().settings().size, "50");
    assert_eq!(unknown.hash_quality().job().size, 50);
    let params: Vec<&str> = unknown.notices().iter().map(|n| n.param.as_str()).collect();
    assert_eq!(params, ["hq_corpus"]);
}

#[test]
fn url_notices_name_the_parameter_and_refuse_empty_items() {
    use bloomlab::state::url::NoticeReason;
    let state = state_from("mode=counting&add=a&force_remove=zzz&naive_delete=&add=&add=x&query=");
    let notices: Vec<(&str, &NoticeReason)> = state
        .notices()
        .iter()
        .map(|n| (n.param.as_str(), &n.reason))
        .collect();
    assert!(
        notices.contains(&("add", &NoticeReason::EmptyItem)),
        "{notices:?}"
    );
    assert!(
        notices.contains(&("query", &NoticeReason::EmptyItem)),
        "{notices:?}"
    );
    assert!(
        notices.contains(&("naive_delete", &NoticeReason::EmptyItem)),
        "{notices:?}"
    );
    // A removal that cannot be made is named by its own parameter.
    assert!(
        notices.iter().any(|(p, _)| *p == "force_remove"),
        "{notices:?}"
    );
    assert_eq!(state.members().len(), 2);
    assert!(state.last_query().is_none());
    let stray = state_from("step=3");
    assert_eq!(stray.notices()[0].reason, NoticeReason::NeedsLesson);
}

#[test]
fn a_demonstration_says_it_replaced_the_filter_and_undo_brings_it_back() {
    use bloomlab::state::demos::Demo;
    let mine = state_from("m=32&add=apple");
    let demo = mine
        .clone()
        .apply(Action::Filter(FilterAction::LoadDemo(Demo::NaiveDelete)));
    assert_eq!(demo.message(), Some(&Message::DemoLoaded));
    assert_ne!(demo.settings(), mine.settings());
    let back = demo.apply(Action::Filter(FilterAction::Undo));
    assert_eq!(back.settings(), mine.settings());
    assert!(back.members().contains("apple"));
}

#[test]
fn folds_beyond_what_m_allows_are_named_and_not_kept() {
    use bloomlab::state::url::NoticeReason;
    let eight = state_from("view=sets&m=8&add=apple&fold=4");
    assert_eq!(eight.folds(), 3);
    assert_eq!(eight.notices()[0].param, "fold");
    assert_eq!(eight.notices()[0].reason, NoticeReason::AtMost(3));
    assert!(eight.url_query(true).contains("fold=3"));
    let odd = state_from("m=63&fold=1");
    assert_eq!(odd.folds(), 0);
    assert!(!odd.url_query(true).contains("fold="));
    // A fold chosen at an even m no longer applies once m is made odd.
    let folded = state_from("m=64&fold=2").apply(Action::Filter(FilterAction::SetM("63".into())));
    assert_eq!(folded.folds(), 0);
}

#[test]
fn a_parameter_given_twice_names_the_value_given_up() {
    use bloomlab::state::url::NoticeReason;
    let state = state_from("m=16&add=a&add=b&m=32&seta=x&seta=y&lang=ja&lang=zh");
    assert_eq!(state.settings().m(), 32);
    assert_eq!(state.members().len(), 2);
    let notices: Vec<(&str, &str, &NoticeReason)> = state
        .notices()
        .iter()
        .map(|n| (n.param.as_str(), n.value.as_str(), &n.reason))
        .collect();
    assert_eq!(
        notices,
        [
            ("m", "16", &NoticeReason::Repeated),
            ("lang", "ja", &NoticeReason::Repeated)
        ]
    );
    assert_eq!(state.lang(), bloomlab::lang::Lang::Zh);
    // Only the last is read, even when it is the bad one: the earlier value is not kept.
    let bad_last = state_from("hq_corpus=paste&hq_corpus=md5");
    assert_eq!(
        bad_last.hash_quality().settings().source,
        bloomlab::filter::hash_quality_job::CorpusSource::default()
    );
    assert_eq!(bad_last.notices().len(), 2);
    assert_eq!(bad_last.notices()[0].reason, NoticeReason::Repeated);
}

#[test]
fn a_bit_two_hashes_share_is_named_once() {
    // m = 1: every hash lands on bit 0, which is one bit, not k.
    let state =
        state_from("m=1&k=4&add=a").apply(Action::Filter(FilterAction::QueryItem("b".into())));
    let report = state.last_query().unwrap();
    assert_eq!((report.steps.len(), report.distinct_bits()), (4, 1));
    let Verdict::FalsePositive { culprits } = &report.verdict else {
        panic!("{:?}", report.verdict)
    };
    assert_eq!(culprits.len(), 1);
    assert_eq!((culprits[0].position, culprits[0].hash_index), (0, 0));
    // An empty FNV-1a filter at m = 16: "dog" maps to 9, 1, 9, two bits, each 0 once.
    let empty = state_from("m=16&k=3&hash=fnv");
    let positions: Vec<u64> = empty
        .filter()
        .shape()
        .steps(b"dog")
        .iter()
        .map(|s| s.position)
        .collect();
    assert_eq!(positions, [9, 1, 9]);
    let repeated = "dog".to_owned();
    let report = empty
        .apply(Action::Filter(FilterAction::QueryItem(repeated)))
        .last_query()
        .unwrap()
        .clone();
    let Verdict::DefinitelyNot { zero_positions } = &report.verdict else {
        panic!("{:?}", report.verdict)
    };
    assert_eq!(zero_positions, &[9, 1]);
    assert_eq!(report.distinct_bits(), 2);
}

#[test]
fn a_link_with_a_forced_removal_or_naive_delete_says_what_it_broke() {
    for query in [
        "m=16&k=3&hash=fnv&mode=counting&add=a&add=b&add=c&force_remove=q&add=z",
        "m=16&k=3&hash=fnv&add=a&add=b&add=c&naive_delete=a&add=z",
    ] {
        let state = state_from(query);
        let Some(Message::FalseNegativesCreated { victims, .. }) = state.message() else {
            panic!("{query}: {:?}", state.message())
        };
        assert_eq!(victims, &state.false_negatives(), "{query}");
    }
    // With FNV-1a at m = 16, "q" has exactly the positions of "a".
    let forced = state_from("m=16&k=3&hash=fnv&mode=counting&add=a&add=b&add=c&force_remove=q");
    assert_eq!(
        forced.false_negatives(),
        ["a"],
        "q shares a's only counter of 1"
    );
    // Plain adds leave no message behind.
    assert_eq!(state_from("m=16&k=3&add=a&add=b").message(), None);
}

#[test]
fn using_the_calculators_answer_is_one_undo_step_and_respects_locks() {
    use bloomlab::state::url::View;
    let state = state_from("view=calculator&cn=100&cp=0.01&add=a");
    let (m, k) = state.calculator().usable_shape().expect("100 items fit");
    assert_eq!(
        (m, k),
        (959, 7),
        "m = ⌈100·ln 100 / (ln 2)²⌉, k = round(9.59·ln 2)"
    );
    let used = state
        .clone()
        .apply(Action::Calculator(CalculatorAction::UseAnswer));
    assert_eq!(used.view(), View::Visualizer);
    assert_eq!((used.settings().m(), used.settings().k()), (m, k));
    assert_eq!(used.members().len(), 1, "the items stay");
    let undone = used.apply(Action::Filter(FilterAction::Undo));
    assert_eq!(
        undone.settings(),
        state.settings(),
        "one undo restores m and k"
    );
    // A course page that locked k keeps it: the answer is not applied.
    let locked = state_from("view=calculator&cn=100&cp=0.01&lock=k&embed=1");
    let refused = locked
        .clone()
        .apply(Action::Calculator(CalculatorAction::UseAnswer));
    assert_eq!(refused.settings(), locked.settings());
    assert_eq!(refused.view(), View::Calculator);
}

#[test]
fn a_number_field_keeps_what_is_typed_until_it_is_committed() {
    use bloomlab::state::SettingField;
    let state = state_from("m=32&add=a");
    let typing = act(
        state,
        [
            Action::Filter(FilterAction::TypeSetting(SettingField::M, "12".into())),
            Action::Filter(FilterAction::SetDraft("b".into())),
            Action::Filter(FilterAction::TypeSetting(SettingField::M, "128".into())),
            Action::Filter(FilterAction::AddItem("c".into())),
        ],
    );
    // Other actions meanwhile keep the text (the page shows it rather than m).
    assert_eq!(typing.field_drafts().m.as_deref(), Some("128"));
    assert_eq!(typing.settings().m(), 32);
    let committed = typing.apply(Action::Filter(FilterAction::SetM("128".into())));
    assert_eq!(committed.settings().m(), 128);
    assert_eq!(committed.field_drafts().m, None);
    // A rejected value is shown as typed, with its problem; undo shows m again.
    let rejected = committed
        .apply(Action::Filter(FilterAction::TypeSetting(
            SettingField::M,
            "12abc".into(),
        )))
        .apply(Action::Filter(FilterAction::SetM("12abc".into())));
    assert_eq!(rejected.field_drafts().m, None);
    assert_eq!(rejected.field_errors().m.as_ref().unwrap().input, "12abc");
    let undone = rejected
        .apply(Action::Filter(FilterAction::TypeSetting(
            SettingField::K,
            "9".into(),
        )))
        .apply(Action::Filter(FilterAction::Undo));
    assert_eq!(undone.field_drafts().k, None);
}

#[test]
fn the_sets_figures_are_computed_once_per_change_and_only_while_the_view_is_shown() {
    use bloomlab::state::url::View;
    let state = state_from("m=64&view=sets&seta=a&seta=b&setb=b&setb=c");
    let (at, figures) = state
        .sets_view()
        .figures
        .clone()
        .expect("computed on opening");
    assert_eq!(at, state.revision());
    assert_eq!(figures.true_sizes, (3, 1));
    // Typing in a set's field changes nothing shown: the same figures, not computed again.
    let typed = state.apply(Action::Sets(SetsAction::Type(0, "x".into())));
    let (_, same) = typed.sets_view().figures.clone().unwrap();
    assert!(std::rc::Rc::ptr_eq(&same, &figures));
    // A new item of A: computed again, once.
    let set = typed.apply(Action::Sets(SetsAction::Set(0, "a\nb\nd".into())));
    let (at, figures) = set.sets_view().figures.clone().unwrap();
    assert_eq!(at, set.revision());
    assert_eq!(figures.true_sizes, (4, 1));
    // Elsewhere, adding items leaves them as they were until the view is shown again.
    let away = set
        .apply(Action::Page(PageAction::SetView(View::Visualizer)))
        .apply(Action::Filter(FilterAction::AddItem("kiwi".into())));
    let (at, _) = away.sets_view().figures.clone().unwrap();
    assert!(at < away.revision());
    let back = away.apply(Action::Page(PageAction::SetView(View::Sets)));
    let (at, figures) = back.sets_view().figures.clone().unwrap();
    assert_eq!(at, back.revision());
    assert_eq!(figures.found, [1]);
}

mod timeline_and_practice {
    use super::*;
    use bloomlab::state::log::replay;
    use bloomlab::state::practice::{ExerciseState, Response, Task};
    use bloomlab::state::query_record::Outcome;

    fn five_items() -> AppState {
        state_from("?m=64&k=3&add=apple&add=pear&add=plum&add=fig&add=kiwi")
    }

    #[test]
    fn the_timeline_shows_an_earlier_filter_and_loses_nothing() {
        let state = five_items();
        let link = state.url_query(false);
        let back = state.apply(Action::Filter(FilterAction::Seek(Some(2))));
        assert_eq!(back.timeline_t(), 2);
        let (earlier, members) = replay(back.settings(), &back.log()[..2]);
        assert_eq!(back.filter().as_ref(), &earlier);
        assert_eq!(back.members().as_ref(), &members);
        assert_eq!(back.log().len(), 5, "the log is kept whole");
        assert_eq!(
            back.url_query(false),
            link,
            "the link does not follow the timeline"
        );
        // the operation at t is the item shown
        assert_eq!(back.shown_item(), Some("pear"));
        // a query asks the earlier filter: "plum" was not added yet
        let asked = back.apply(Action::Filter(FilterAction::QueryItem("plum".into())));
        assert_eq!(asked.timeline_t(), 2);
        assert!(!matches!(
            asked.last_query().unwrap().verdict,
            Verdict::Probably
        ));
        // forward one step at a time, then "Now"
        let forward = asked.apply(Action::Filter(FilterAction::Seek(Some(4))));
        assert_eq!(
            forward.filter().as_ref(),
            &replay(forward.settings(), &forward.log()[..4]).0
        );
        let now = forward.apply(Action::Filter(FilterAction::Seek(None)));
        assert_eq!(now.timeline_t(), 5);
        assert_eq!(now.filter(), five_items().filter());
        // an add while away from now first brings the filter back, then adds
        let added = act(
            five_items(),
            [
                Action::Filter(FilterAction::Seek(Some(1))),
                Action::Filter(FilterAction::AddItem("lime".into())),
            ],
        );
        assert_eq!(added.timeline_t(), 6);
        assert_eq!(
            added.filter().as_ref(),
            &replay(added.settings(), added.log()).0
        );
    }

    #[test]
    fn every_query_is_recorded_in_the_confusion_matrix() {
        let state = five_items();
        let fp = find_false_positive(&state);
        let state = act(
            state,
            [
                Action::Filter(FilterAction::QueryItem("apple".into())),
                Action::Filter(FilterAction::QueryItem(fp)),
                Action::Filter(FilterAction::NaiveDelete("pear".into())),
            ],
        );
        let lost = state.false_negatives();
        let mut state = state;
        for item in &lost {
            state = state.apply(Action::Filter(FilterAction::QueryItem(item.clone())));
        }
        let absent = (0..1000)
            .map(|i| format!("no{i}"))
            .find(|w| !state.filter().contains(w.as_bytes()))
            .unwrap();
        let state = state.apply(Action::Filter(FilterAction::QueryItem(absent)));
        let record = state.query_record();
        assert_eq!(record.count(Outcome::TruePositive), 1);
        assert_eq!(record.count(Outcome::FalsePositive), 1);
        assert_eq!(record.count(Outcome::FalseNegative), lost.len() as u64);
        assert_eq!(record.count(Outcome::TrueNegative), 1);
        assert_eq!(record.false_positive_share(), Some(0.5));
    }

    #[test]
    fn try_a_word_is_a_query_and_naming_the_culprits_is_not() {
        // A dense filter, so that some tried words are false positives.
        let mut state = state_from("?m=16&k=3&add=a&add=b&add=c&add=d&add=e&add=f");
        let mut culprits_shown = false;
        for asked in 1..=12u64 {
            state = state.apply(Action::Filter(FilterAction::TryWord));
            assert_eq!(
                state.query_record().total(),
                asked,
                "each tried word is recorded once"
            );
            let report = state.last_query().expect("a tried word is answered");
            assert_eq!(report.item, state.draft());
            assert_eq!(state.query_record().latest.last().unwrap().0, state.draft());
            if let Verdict::FalsePositive { culprits } = &report.verdict {
                assert!(culprits.is_empty(), "culprits wait until asked for");
                state = state.apply(Action::Filter(FilterAction::ShowCulprits));
                let Verdict::FalsePositive { culprits } = &state.last_query().unwrap().verdict
                else {
                    panic!("still the same answer");
                };
                assert!(!culprits.is_empty());
                assert_eq!(
                    state.query_record().total(),
                    asked,
                    "an explanation is no query"
                );
                culprits_shown = true;
            }
        }
        assert!(culprits_shown, "some tried word was a false positive");
        // The Query button (and Shift+Enter) record each press once.
        let state = act(
            state,
            [
                Action::Filter(FilterAction::SetDraft("a".into())),
                Action::Filter(FilterAction::QueryDraft),
            ],
        );
        assert_eq!(state.query_record().total(), 13);
        // Typing a word shows its answer live, but asks nothing.
        let state = state.apply(Action::Filter(FilterAction::SetDraft("typed".into())));
        assert!(state.live_report().is_some());
        assert_eq!(state.query_record().total(), 13);
    }

    #[test]
    fn the_query_record_starts_afresh_when_a_practice_set_replaces_the_filter() {
        let asked = act(
            five_items(),
            [
                Action::Filter(FilterAction::QueryItem("apple".into())),
                Action::Filter(FilterAction::QueryItem("nope".into())),
            ],
        );
        assert_eq!(asked.query_record().total(), 2);
        // A practice set brings its own filter, and the page's comes back when it ends.
        let practising = asked
            .clone()
            .apply(Action::Practice(PracticeAction::Start(7)));
        assert_eq!(practising.query_record().total(), 0);
        let back = practising.apply(Action::Practice(PracticeAction::Stop));
        assert_eq!(back.query_record().total(), 0);
    }

    #[test]
    fn practice_asks_on_its_own_filter_and_gives_the_page_its_filter_back() {
        let mine = five_items();
        let practising = mine
            .clone()
            .apply(Action::Practice(PracticeAction::Start(3)));
        let exercise = practising.practice().unwrap().current().unwrap().clone();
        assert!(matches!(exercise.task, Task::Place { .. }));
        assert_eq!(practising.settings(), &exercise.settings);
        assert_eq!(practising.log(), &exercise.log[..]);
        // the place exercise hides its item's positions until it is answered
        assert_eq!(practising.shown_item(), None);
        // the link keeps the page's own filter, and the set
        let link = practising.url_query(false);
        assert!(
            link.contains("practice=3") && link.contains("add=apple"),
            "{link}"
        );
        // the filter cannot be changed while practising
        let refused = practising
            .clone()
            .apply(Action::Filter(FilterAction::AddItem("lime".into())));
        assert_eq!(refused.log(), practising.log());
        assert!(matches!(
            refused.message(),
            Some(Message::PracticeInProgress)
        ));
        // the right cells, picked, are right; the item is then added on screen
        let Task::Place { item, cells } = &exercise.task else {
            unreachable!()
        };
        let picked = cells.iter().fold(practising, |s, &c| {
            s.apply(Action::Practice(PracticeAction::Pick(c)))
        });
        let answered = picked.apply(Action::Practice(
            PracticeAction::Submit(Response::default()),
        ));
        let practice = answered.practice().unwrap();
        assert_eq!(practice.state, ExerciseState::Correct);
        assert_eq!(practice.score(), 1);
        assert!(answered.members().contains(item));
        // ending the set brings the page's filter back
        let ended = answered.apply(Action::Practice(PracticeAction::Stop));
        assert!(ended.practice().is_none());
        assert_eq!(ended.log(), mine.log());
        assert_eq!(ended.settings(), mine.settings());
    }

    #[test]
    fn a_practice_link_opens_the_first_exercise_and_a_whole_set_can_be_shown() {
        let mut state = state_from("?practice=9");
        let total = state.practice().unwrap().exercises.len();
        assert_eq!(state.practice().unwrap().index, 0);
        for _ in 0..total {
            state = act(
                state,
                [
                    Action::Practice(PracticeAction::Show),
                    Action::Practice(PracticeAction::Next),
                ],
            );
        }
        let practice = state.practice().unwrap();
        assert!(practice.finished());
        assert_eq!(practice.results.len(), total);
        assert_eq!(practice.score(), 0);
    }
}

#[test]
fn the_count_min_and_use_case_views_follow_a_change_of_the_family() {
    use bloomlab::state::cms_view::CmsAction;
    let state = act(
        AppState::default(),
        [
            Action::Page(PageAction::SetView(bloomlab::state::View::Cms)),
            Action::Cms(CmsAction::Add("apple".into())),
        ],
    );
    assert_eq!(state.cms().sketch().family(), HashFamily::Murmur3);
    let state = state.apply(Action::Filter(FilterAction::SetFamily(HashFamily::Fnv1a)));
    assert_eq!(state.settings().family(), HashFamily::Fnv1a);
    let shown = state.cms();
    assert_eq!(shown.sketch().family(), HashFamily::Fnv1a);
    assert_eq!(shown.true_count("apple"), 1);
    assert!(shown.sketch().estimate(b"apple") >= 1);
    // The use cases' simulations start with the page's family too.
    let job = state.apps().job(state.settings().family());
    assert_eq!(job.store.family(), HashFamily::Fnv1a);
    assert_eq!(job.spam.family(), HashFamily::Fnv1a);
}
