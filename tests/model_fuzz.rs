//! Arbitrary sequences of user actions never panic, and the filter always equals its log
//! replayed; only the unsafe deletes can hide a member.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::HashFamily;
use bloomlab::state::demos::Demo;
use bloomlab::state::log::replay;
use bloomlab::state::url::View;
use bloomlab::state::{Action, AppState, LogEntry, Mode, WalkKind};
use proptest::prelude::*;

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
            Just(Demo::NaiveDelete),
            Just(Demo::CountingDelete),
            Just(Demo::Saturation)
        ]
        .prop_map(Action::LoadDemo),
        prop_oneof![Just(View::Lab), Just(View::Sets), Just(View::Visualizer)]
            .prop_map(Action::SetView),
        ((0usize..3), "[a-c\\n]{0,6}").prop_map(|(s, t)| Action::SetSetItems(s, t)),
        (0u32..7).prop_map(Action::SetFolds),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn action_sequences_keep_the_filter_equal_to_its_log(actions in prop::collection::vec(action(), 0..40)) {
        let mut state = AppState::default();
        for action in actions {
            state = state.apply(action);
            let (filter, members) = replay(state.settings(), state.log());
            prop_assert_eq!(state.filter(), &filter);
            prop_assert_eq!(state.members(), &members);
            prop_assert!(state.folds() <= 4);
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
