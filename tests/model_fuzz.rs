//! Arbitrary sequences of user actions never panic, and the filter always equals its log
//! replayed; only the unsafe deletes can hide a member.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::HashFamily;
use bloomlab::state::calculator::{CalculatorInput, Solve};
use bloomlab::state::cursor::CursorStep;
use bloomlab::state::demos::Demo;
use bloomlab::state::lesson::{parse_index, parse_lesson};
use bloomlab::state::log::replay;
use bloomlab::state::url::View;
use bloomlab::state::{Action, AppState, LogEntry, Mode, WalkKind};
use proptest::prelude::*;
use std::rc::Rc;

/// The shipped lessons, so that lesson steps take part in the sequences.
fn lessons_loaded() -> Action {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static/lessons");
    let index = std::fs::read_to_string(format!("{dir}/index.txt")).unwrap();
    let lessons = parse_index(&index)
        .iter()
        .map(|f| {
            let source = std::fs::read_to_string(format!("{dir}/{f}")).unwrap();
            Rc::new(parse_lesson(&source).unwrap())
        })
        .collect();
    Action::LessonsLoaded(lessons, Vec::new())
}

/// One step of a sequence: an action, or a long paste built from the state at the time
/// (finished at once, or after another action made it stale).
#[derive(Debug, Clone)]
enum Step {
    Act(Action),
    Paste(Vec<String>),
    StalePaste(Vec<String>, Action),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => action().prop_map(Step::Act),
        1 => prop::collection::vec(word(), 0..6).prop_map(Step::Paste),
        1 => (prop::collection::vec(word(), 1..4), action()).prop_map(|(w, a)| Step::StalePaste(w, a)),
    ]
}

fn run(state: AppState, step: Step) -> AppState {
    match step {
        Step::Act(action) => state.apply(action),
        Step::Paste(lines) | Step::StalePaste(lines, _) if lines.is_empty() => state,
        Step::Paste(lines) => {
            let mut builder = state.bulk_builder(lines.len());
            let total = lines.len();
            builder.add_slice(lines);
            state
                .apply(Action::BulkStart(total))
                .apply(Action::BulkFinish(Rc::new(builder)))
        }
        Step::StalePaste(lines, between) => {
            let mut builder = state.bulk_builder(lines.len());
            let total = lines.len();
            builder.add_slice(lines);
            state
                .apply(Action::BulkStart(total))
                .apply(between)
                .apply(Action::BulkFinish(Rc::new(builder)))
        }
    }
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof!["[a-e]{0,2}", any::<String>(), Just("<b>x</b>".to_owned()),]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        word().prop_map(Action::SetDraft),
        Just(Action::AddDraft),
        Just(Action::QueryDraft),
        Just(Action::RemoveDraft),
        word().prop_map(Action::AddItem),
        word().prop_map(Action::QueryItem),
        word().prop_map(Action::Remove),
        word().prop_map(Action::ForceRemove),
        word().prop_map(Action::NaiveDelete),
        "[a-c\\n]{0,8}".prop_map(Action::AddLines),
        (0usize..4).prop_map(Action::AddRandomWords),
        prop_oneof![
            Just("0".to_owned()),
            Just("-1".to_owned()),
            Just("x".to_owned()),
            (1u64..200).prop_map(|m| m.to_string()),
            Just("1e12".to_owned())
        ]
        .prop_map(Action::SetM),
        prop_oneof![
            Just("0".to_owned()),
            Just("65".to_owned()),
            (1u32..8).prop_map(|k| k.to_string())
        ]
        .prop_map(Action::SetK),
        prop_oneof![
            Just("0".to_owned()),
            Just("9".to_owned()),
            (1u32..=8).prop_map(|w| w.to_string())
        ]
        .prop_map(Action::SetWidth),
        prop_oneof![Just(HashFamily::Fnv1a), Just(HashFamily::Murmur3)].prop_map(Action::SetFamily),
        prop_oneof![Just(Mode::Bloom), Just(Mode::Counting)].prop_map(Action::SetMode),
        Just(Action::Reset),
        Just(Action::Undo),
        Just(Action::Redo),
        prop_oneof![Just(WalkKind::Add), Just(WalkKind::Query)].prop_map(Action::StartWalk),
        Just(Action::StepWalk),
        Just(Action::StepBackWalk),
        Just(Action::CancelWalk),
        (0usize..3).prop_map(Action::DismissNotice),
        prop::option::of(0u64..300).prop_map(Action::SelectCell),
        prop_oneof![
            Just(CursorStep::Next),
            Just(CursorStep::Previous),
            (1u64..80).prop_map(CursorStep::Down),
            (1u64..80).prop_map(CursorStep::Up),
            Just(CursorStep::First),
            Just(CursorStep::Last),
        ]
        .prop_map(Action::MoveCursor),
        prop_oneof![
            Just(Demo::NaiveDelete),
            Just(Demo::CountingDelete),
            Just(Demo::Saturation)
        ]
        .prop_map(Action::LoadDemo),
        prop_oneof![Just(View::Lab), Just(View::Sets), Just(View::Visualizer)]
            .prop_map(Action::SetView),
        ((0usize..3), "[a-c\\n]{0,6}").prop_map(|(s, t)| Action::SetSetItems(s, t)),
        (0u32..7).prop_map(Action::SetFolds),
        (0usize..4).prop_map(|i| Action::SetCalculatorMode(Solve::ALL[i])),
        ("[0-9.e%x ]{0,6}", "[0-9.e%x ]{0,6}").prop_map(|(n, m)| {
            Action::SetCalculatorInput(CalculatorInput {
                n,
                m,
                ..CalculatorInput::default()
            })
        }),
        prop_oneof![
            Just("basics"),
            Just("false-positives"),
            Just("sizing"),
            Just("deleting"),
            Just("crawler"),
            Just("nope")
        ]
        .prop_map(|id| Action::StartLesson(id.to_owned())),
        Just(Action::LessonNext),
        Just(Action::LessonBack),
        Just(Action::StopLesson),
        Just(Action::Forward),
        Just(Action::Backward),
        Just(Action::StartFresh),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn action_sequences_keep_the_filter_equal_to_its_log(steps in prop::collection::vec(step(), 0..40)) {
        let mut state = AppState::default().apply(lessons_loaded());
        for step in steps {
            state = run(state, step);
            let (filter, members) = replay(state.settings(), state.log());
            prop_assert_eq!(state.filter(), &filter);
            prop_assert_eq!(state.members(), &members);
            prop_assert!(state.folds() <= 4);
            prop_assert!(state.selected_cell().is_none_or(|c| c < state.settings().m()));
            let unsafe_delete = state
                .log()
                .iter()
                .any(|e| matches!(e, LogEntry::ForceRemove(_) | LogEntry::NaiveDelete(_)));
            if !unsafe_delete {
                prop_assert!(state.false_negatives().is_empty(), "a member vanished without an unsafe delete");
            }
        }
    }
}
