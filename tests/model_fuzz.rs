//! Arbitrary sequences of user actions never panic, and the filter always equals its log
//! replayed; only the unsafe deletes can hide a member.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::HashFamily;
use bloomlab::state::calculator_view::CalculatorAction;
use bloomlab::state::calculator_view::{CalculatorInput, Solve};
use bloomlab::state::cursor::CursorStep;
use bloomlab::state::demos::Demo;
use bloomlab::state::lesson_file::{parse_index, parse_lesson};
use bloomlab::state::log::replay;
use bloomlab::state::practice::{PracticeAction, Response};
use bloomlab::state::quiz::QuizAnswer;
use bloomlab::state::sets_view::SetsAction;
use bloomlab::state::url::View;
use bloomlab::state::FilterAction;
use bloomlab::state::LessonAction;
use bloomlab::state::PageAction;
use bloomlab::state::VisualizerAction;
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
    Action::Lesson(LessonAction::Loaded(lessons, Vec::new()))
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
                .apply(Action::Filter(FilterAction::BulkStart(total)))
                .apply(Action::Filter(FilterAction::BulkFinish(Rc::new(builder))))
        }
        Step::StalePaste(lines, between) => {
            let mut builder = state.bulk_builder(lines.len());
            let total = lines.len();
            builder.add_slice(lines);
            state
                .apply(Action::Filter(FilterAction::BulkStart(total)))
                .apply(between)
                .apply(Action::Filter(FilterAction::BulkFinish(Rc::new(builder))))
        }
    }
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof!["[a-e]{0,2}", any::<String>(), Just("<b>x</b>".to_owned()),]
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        word().prop_map(|v| Action::Filter(FilterAction::SetDraft(v))),
        Just(Action::Filter(FilterAction::AddDraft)),
        Just(Action::Filter(FilterAction::QueryDraft)),
        Just(Action::Filter(FilterAction::RemoveDraft)),
        word().prop_map(|v| Action::Filter(FilterAction::AddItem(v))),
        word().prop_map(|v| Action::Filter(FilterAction::QueryItem(v))),
        word().prop_map(|v| Action::Filter(FilterAction::Remove(v))),
        word().prop_map(|v| Action::Filter(FilterAction::ForceRemove(v))),
        word().prop_map(|v| Action::Filter(FilterAction::NaiveDelete(v))),
        "[a-c\\n]{0,8}".prop_map(|v| Action::Filter(FilterAction::AddLines(v))),
        (0usize..4).prop_map(|v| Action::Filter(FilterAction::AddRandomWords(v))),
        prop_oneof![
            Just("0".to_owned()),
            Just("-1".to_owned()),
            Just("x".to_owned()),
            (1u64..200).prop_map(|m| m.to_string()),
            Just("1e12".to_owned())
        ]
        .prop_map(|v| Action::Filter(FilterAction::SetM(v))),
        prop_oneof![
            Just("0".to_owned()),
            Just("65".to_owned()),
            (1u32..8).prop_map(|k| k.to_string())
        ]
        .prop_map(|v| Action::Filter(FilterAction::SetK(v))),
        prop_oneof![
            Just("0".to_owned()),
            Just("9".to_owned()),
            (1u32..=8).prop_map(|w| w.to_string())
        ]
        .prop_map(|v| Action::Filter(FilterAction::SetWidth(v))),
        prop_oneof![Just(HashFamily::Fnv1a), Just(HashFamily::Murmur3)]
            .prop_map(|v| Action::Filter(FilterAction::SetFamily(v))),
        prop_oneof![Just(Mode::Bloom), Just(Mode::Counting)]
            .prop_map(|v| Action::Filter(FilterAction::SetMode(v))),
        Just(Action::Filter(FilterAction::Reset)),
        Just(Action::Filter(FilterAction::Undo)),
        Just(Action::Filter(FilterAction::Redo)),
        prop_oneof![Just(WalkKind::Add), Just(WalkKind::Query)]
            .prop_map(|v| Action::Filter(FilterAction::StartWalk(v))),
        Just(Action::Filter(FilterAction::StepWalk)),
        Just(Action::Filter(FilterAction::StepBackWalk)),
        Just(Action::Filter(FilterAction::CancelWalk)),
        (0usize..3).prop_map(|v| Action::Page(PageAction::DismissNotice(v))),
        prop::option::of(0u64..300)
            .prop_map(|v| Action::Visualizer(VisualizerAction::SelectCell(v))),
        prop_oneof![
            Just(CursorStep::Next),
            Just(CursorStep::Previous),
            (1u64..80).prop_map(CursorStep::Down),
            (1u64..80).prop_map(CursorStep::Up),
            Just(CursorStep::First),
            Just(CursorStep::Last),
        ]
        .prop_map(|v| Action::Visualizer(VisualizerAction::MoveCursor(v))),
        prop_oneof![
            Just(Demo::NaiveDelete),
            Just(Demo::CountingDelete),
            Just(Demo::Saturation)
        ]
        .prop_map(|v| Action::Filter(FilterAction::LoadDemo(v))),
        prop_oneof![Just(View::Lab), Just(View::Sets), Just(View::Visualizer)]
            .prop_map(|v| Action::Page(PageAction::SetView(v))),
        ((0usize..3), "[a-c\\n]{0,6}").prop_map(|(s, t)| Action::Sets(SetsAction::Set(s, t))),
        (0u32..7).prop_map(|v| Action::Sets(SetsAction::Fold(v))),
        (0usize..4).prop_map(|i| Action::Calculator(CalculatorAction::SetMode(Solve::ALL[i]))),
        ("[0-9.e%x ]{0,6}", "[0-9.e%x ]{0,6}").prop_map(|(n, m)| {
            Action::Calculator(CalculatorAction::SetInput(CalculatorInput {
                n,
                m,
                ..CalculatorInput::default()
            }))
        }),
        prop_oneof![
            Just("basics"),
            Just("false-positives"),
            Just("sizing"),
            Just("deleting"),
            Just("crawler"),
            Just("nope")
        ]
        .prop_map(|id| Action::Lesson(LessonAction::Start(id.to_owned()))),
        Just(Action::Lesson(LessonAction::Next)),
        Just(Action::Lesson(LessonAction::Back)),
        Just(Action::Lesson(LessonAction::Stop)),
        Just(Action::Forward),
        Just(Action::Backward),
        Just(Action::Filter(FilterAction::StartFresh)),
        prop::option::of(0usize..30).prop_map(|t| Action::Filter(FilterAction::Seek(t))),
        prop_oneof![
            (0u64..4).prop_map(PracticeAction::Start),
            (0u64..40).prop_map(PracticeAction::Pick),
            Just(PracticeAction::Answer(QuizAnswer::FalsePositive)),
            Just(PracticeAction::Submit(Response::default())),
            Just(PracticeAction::Show),
            Just(PracticeAction::Next),
            Just(PracticeAction::Stop),
        ]
        .prop_map(Action::Practice),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn action_sequences_keep_the_filter_equal_to_its_log(steps in prop::collection::vec(step(), 0..40)) {
        let mut state = AppState::default().apply(lessons_loaded());
        for step in steps {
            state = run(state, step);
            // The filter is the log's first t operations: all of them unless the timeline
            // shows an earlier filter.
            let (filter, members) = replay(state.settings(), &state.log()[..state.timeline_t()]);
            prop_assert_eq!(state.filter().as_ref(), &filter);
            prop_assert_eq!(state.members().as_ref(), &members);
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
