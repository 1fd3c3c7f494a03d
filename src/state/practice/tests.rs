use super::tasks::{distinct_positions, SIZE_CASES};
use super::*;
use crate::filter::math::fpr_exact;
use crate::filter::sizing::smallest_bits;
use crate::state::answer_number::{read_count, read_share};
use crate::state::log::{replay, LogEntry};
use crate::state::quiz::{answer_for, QuizAnswer};
use crate::state::settings::Mode;
use std::collections::BTreeSet;

fn kinds(set: &[Exercise]) -> Vec<ExerciseKind> {
    set.iter().map(|e| e.task.kind()).collect()
}

#[test]
fn a_seed_gives_the_same_set_and_other_seeds_other_items() {
    assert_eq!(practice_set(7), practice_set(7));
    let items = |seed| -> Vec<String> {
        practice_set(seed)
            .iter()
            .filter_map(|e| e.task.item().map(str::to_owned))
            .collect()
    };
    let seeds: Vec<Vec<String>> = (1..=20).map(items).collect();
    for (i, a) in seeds.iter().enumerate() {
        for b in &seeds[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn every_set_asks_every_kind_on_the_filter_it_names() {
    for seed in 1..=200 {
        let set = practice_set(seed);
        let mut asked = kinds(&set);
        asked.dedup();
        assert_eq!(asked, ExerciseKind::ALL.to_vec(), "seed {seed}");
        for exercise in &set {
            let (filter, members) = replay(&exercise.settings, &exercise.log);
            assert!(filter.shape().m() <= 64);
            match &exercise.task {
                Task::Place { item, cells } => {
                    assert!(!members.contains(item));
                    assert_eq!(cells, &distinct_positions(&filter, item));
                }
                Task::Predict { item, truth } => {
                    assert_eq!(answer_for(&filter, &members, item), *truth)
                }
                Task::Culprits { item, setters } => {
                    assert_eq!(
                        answer_for(&filter, &members, item),
                        QuizAnswer::FalsePositive
                    );
                    // every bit of a false positive was set by some member
                    assert!(setters
                        .iter()
                        .all(|(p, s)| filter.is_set(*p) && !s.is_empty()));
                }
                Task::Read { figure, value } => {
                    let x = filter.count_set() as f64;
                    let expected = match figure {
                        ReadFigure::BitsSet => x,
                        ReadFigure::Fill => x / 32.0,
                        ReadFigure::Rate => fpr_exact(32.0, members.len() as f64, 3.0),
                    };
                    assert_eq!(*value, expected);
                }
                Task::Size { .. } => {}
                Task::Counters { item, after } => {
                    assert_eq!(exercise.settings.mode(), Mode::Counting);
                    let mut log = exercise.log.clone();
                    log.push(LogEntry::Remove(item.clone()));
                    let (removed, _) = replay(&exercise.settings, &log);
                    for &(p, count) in after {
                        assert_eq!(removed.count(p), count, "seed {seed}");
                    }
                }
                Task::Lost { item, lost } => {
                    let mut log = exercise.log.clone();
                    log.push(LogEntry::NaiveDelete(item.clone()));
                    let (deleted, _) = replay(&exercise.settings, &log);
                    let gone: Vec<String> = members
                        .list()
                        .iter()
                        .filter(|mb| &mb.item != item && !deleted.contains(mb.item.as_bytes()))
                        .map(|mb| mb.item.clone())
                        .collect();
                    assert_eq!(&gone, lost);
                }
            }
        }
    }
}

#[test]
fn a_quiz_is_ten_balanced_predictions_on_its_own_filter() {
    for seed in 1..=30 {
        let set = quiz_set(seed);
        assert_eq!(set.len(), crate::state::quiz::QUIZ_QUESTIONS);
        let mut per_answer = [0; 3];
        for exercise in &set {
            let (filter, members) = replay(&exercise.settings, &exercise.log);
            let Task::Predict { item, truth } = &exercise.task else {
                panic!("a quiz only predicts");
            };
            assert_eq!(answer_for(&filter, &members, item), *truth);
            per_answer[QuizAnswer::ALL.iter().position(|a| a == truth).unwrap()] += 1;
        }
        assert!(
            per_answer.iter().all(|&n| (3..=4).contains(&n)),
            "seed {seed}: {per_answer:?}"
        );
    }
    assert_ne!(quiz_set(1), quiz_set(2));
}

#[test]
fn predict_covers_all_three_answers_over_seeds() {
    let truths: BTreeSet<&str> = (1..=30)
        .flat_map(practice_set)
        .filter_map(|e| match e.task {
            Task::Predict { truth, .. } => Some(truth.key()),
            _ => None,
        })
        .collect();
    assert_eq!(truths.len(), 3);
}

#[test]
fn numbers_are_read_as_students_type_them() {
    let share = |text: &str| read_share(text);
    assert_eq!(share("0.25"), Some(0.25));
    assert_eq!(share(" 25 % "), Some(0.25));
    assert_eq!(share("25"), Some(0.25));
    assert_eq!(share("0,5"), Some(0.5));
    assert_eq!(read_count("12"), Some(12.0));
    assert_eq!(read_count("1,000,000"), Some(1e6));
    assert_eq!(share(""), None);
    assert_eq!(share("abc"), None);
    assert_eq!(share("inf"), None);
}

#[test]
fn rates_are_accepted_within_two_percent_or_at_three_digits() {
    let v = 0.0834567;
    assert!(rate_accepted(v * 1.0199, v));
    assert!(rate_accepted(v * 0.9801, v));
    assert!(!rate_accepted(v * 1.0201, v));
    assert!(!rate_accepted(v * 0.9799, v));
    assert_eq!(three_digits(v), "0.0835");
    assert_eq!(three_digits(0.5), "0.500");
    assert_eq!(three_digits(13.0), "13.0");
    assert!(rate_accepted(0.0835, v));
    // 3 significant digits of a value near a boundary of 2 %: 0.0100 shown for 0.010049
    let w = 0.010049;
    assert!(rate_accepted(0.01, w));
    assert!(!rate_accepted(0.0103, w));
}

/// The number fields `task` asks for.
fn number_fields(task: &Task) -> Vec<NumberField> {
    match task {
        Task::Read { .. } => vec![NumberField::Answer],
        Task::Size { .. } => vec![NumberField::M, NumberField::K],
        Task::Counters { after, .. } => (0..after.len()).map(NumberField::Counter).collect(),
        _ => Vec::new(),
    }
}

/// The text of `field` in `response`.
fn field_text(response: &mut Response, field: NumberField) -> &mut String {
    match field {
        NumberField::Answer => &mut response.number,
        NumberField::M => &mut response.m,
        NumberField::K => &mut response.k,
        NumberField::Counter(i) => &mut response.counters[i],
    }
}

#[test]
fn an_entry_that_is_not_a_number_costs_no_attempt_in_every_number_field() {
    let mut asked = BTreeSet::new();
    for seed in 1..=12 {
        let mut practice = Practice::start(seed, false);
        while !practice.finished() {
            let task = practice.current().unwrap().task.clone();
            for field in number_fields(&task) {
                asked.insert(task.kind().key());
                for typed in ["twelve", "", "12 bits"] {
                    practice.response = right_response(&task);
                    *field_text(&mut practice.response, field) = typed.into();
                    assert_eq!(practice.submit(), None);
                    assert_eq!(practice.unreadable, vec![field], "{task:?} {typed:?}");
                    assert_eq!(
                        (practice.state, practice.attempts),
                        (ExerciseState::Open, 0)
                    );
                }
            }
            if !number_fields(&task).is_empty() {
                // the same field with a number: read, and it counts
                practice.response = right_response(&task);
                *field_text(&mut practice.response, number_fields(&task)[0]) = "1000".into();
                practice.submit();
                assert!(practice.unreadable.is_empty());
                assert_eq!(
                    (practice.state, practice.attempts),
                    (ExerciseState::Wrong, 1)
                );
            }
            practice.reveal();
            practice.next();
        }
    }
    assert_eq!(
        asked.into_iter().collect::<Vec<_>>(),
        ["delete", "read", "size"]
    );
}

#[test]
fn the_revealed_answer_typed_back_as_the_page_writes_it_is_right() {
    use crate::state::numbers::{grouped, percent};
    let mut figures = BTreeSet::new();
    for seed in 1..=60 {
        for exercise in practice_set(seed) {
            let task = &exercise.task;
            // every way the page writes the answer, and the same with the percent
            // sign dropped or the space before it gone
            let answers: Vec<Response> = match task {
                Task::Read { figure, value } => {
                    figures.insert(format!("{figure:?}"));
                    let mut forms = vec![three_digits(*value), grouped(*value as u64)];
                    if *figure != ReadFigure::BitsSet {
                        let pct = percent(*value);
                        forms.retain(|f| f != &grouped(*value as u64));
                        forms.push(pct.replace('\u{a0}', ""));
                        forms.push(pct.trim_end_matches(['%', '\u{a0}']).to_owned());
                        forms.push(pct);
                    }
                    forms
                        .into_iter()
                        .map(|number| Response {
                            number,
                            ..Response::default()
                        })
                        .collect()
                }
                Task::Size {
                    n,
                    p,
                    smallest_m,
                    smallest_k,
                } => {
                    let (textbook_m, textbook_k) = textbook_size(*n, *p);
                    [(*smallest_m, *smallest_k), (textbook_m, textbook_k)]
                        .into_iter()
                        .flat_map(|(m, k)| {
                            [grouped(m), m.to_string()].map(|m| Response {
                                m,
                                k: k.to_string(),
                                ..Response::default()
                            })
                        })
                        .collect()
                }
                Task::Counters { after, .. } => vec![Response {
                    counters: after.iter().map(|(_, c)| grouped(u64::from(*c))).collect(),
                    ..Response::default()
                }],
                _ => Vec::new(),
            };
            for answer in answers {
                assert!(unreadable_fields(task, &answer).is_empty(), "{answer:?}");
                assert!(check(task, &answer), "seed {seed}: {task:?} {answer:?}");
            }
        }
    }
    assert_eq!(figures.len(), 3);
}

#[test]
fn whole_numbers_are_exact() {
    let task = Task::Read {
        figure: ReadFigure::BitsSet,
        value: 13.0,
    };
    let answer = |text: &str| Response {
        number: text.to_owned(),
        ..Response::default()
    };
    assert!(check(&task, &answer("13")));
    assert!(!check(&task, &answer("13.2")));
    assert!(!check(&task, &answer("12")));
    assert!(!check(&task, &answer("")));
}

#[test]
fn size_answers_meet_p_within_one_percent_and_ten_percent_of_the_smallest_m() {
    // n = 1,000 at p = 1 %: the smallest m meeting p at a whole k
    let (smallest_m, smallest_k) = smallest_bits(1_000, 0.01).unwrap();
    assert!(fpr_exact(smallest_m as f64, 1000.0, f64::from(smallest_k)) <= 0.01);
    assert!((1..=64).all(|k| fpr_exact(smallest_m as f64 - 1.0, 1000.0, f64::from(k)) > 0.01));
    assert!(size_accepted(
        smallest_m, smallest_k, 1_000, 0.01, smallest_m
    ));
    let top = (smallest_m as f64 * 1.1).floor() as u64;
    assert!(size_accepted(top, 7, 1_000, 0.01, smallest_m));
    assert!(!size_accepted(top + 1, 7, 1_000, 0.01, smallest_m));
    // enough bits, but a k whose rate misses p
    assert!(!size_accepted(smallest_m, 1, 1_000, 0.01, smallest_m));
    assert!(!size_accepted(smallest_m, 0, 1_000, 0.01, smallest_m));
    // fewer bits: accepted while the rate is at most 1.01 %, refused past it
    let rate = |m: u64| fpr_exact(m as f64, 1000.0, 7.0);
    let fewest = (1..smallest_m).rev().find(|&m| rate(m) > 0.0101).unwrap() + 1;
    assert!(rate(fewest) <= 0.0101 && rate(fewest) > 0.01);
    assert!(size_accepted(fewest, 7, 1_000, 0.01, smallest_m));
    assert!(!size_accepted(fewest - 1, 7, 1_000, 0.01, smallest_m));
}

#[test]
fn the_textbook_size_is_accepted_in_every_case_a_set_draws() {
    for (n, p) in SIZE_CASES {
        let (smallest_m, _) = smallest_bits(n, p).unwrap();
        let (m, k) = textbook_size(n, p);
        let rate = fpr_exact(m as f64, n as f64, f64::from(k));
        assert!(
            size_accepted(m, k, n, p, smallest_m),
            "n = {n}, p = {p}: {m}, {k}"
        );
        // it is the slack that lets it in: the textbook m misses p in most cases
        assert!(rate <= size_rate_limit(p), "{rate}");
    }
    let misses = SIZE_CASES
        .iter()
        .filter(|&&(n, p)| {
            let (m, k) = textbook_size(n, p);
            fpr_exact(m as f64, n as f64, f64::from(k)) > p
        })
        .count();
    assert!(misses > 0);
    assert_eq!(textbook_size(1_000, 0.01), (9_586, 7));
}

#[test]
fn every_kind_is_checked_right_and_wrong() {
    for exercise in practice_set(3) {
        let right = right_response(&exercise.task);
        assert!(check(&exercise.task, &right), "{:?}", exercise.task);
        let mut wrong = right.clone();
        match &exercise.task {
            Task::Place { cells, .. } => {
                let extra = (0..32).find(|p| !cells.contains(p)).unwrap();
                wrong.cells.push(extra);
            }
            Task::Predict { truth, .. } => {
                wrong.answer = QuizAnswer::ALL.into_iter().find(|a| a != truth)
            }
            Task::Culprits { .. } => {
                wrong.culprits.pop();
            }
            Task::Read { .. } => wrong.number = "1000".into(),
            Task::Size { .. } => wrong.m = "1".into(),
            Task::Counters { .. } => wrong.counters[0] = "99".into(),
            Task::Lost { .. } => {
                wrong.items.push("not-an-item".into());
            }
        }
        assert!(!check(&exercise.task, &wrong), "{:?}", exercise.task);
    }
}

/// The response that answers `task` right.
fn right_response(task: &Task) -> Response {
    let mut r = Response::default();
    match task {
        Task::Place { cells, .. } => r.cells = cells.clone(),
        Task::Predict { truth, .. } => r.answer = Some(*truth),
        Task::Culprits { setters, .. } => {
            r.culprits = setters
                .iter()
                .flat_map(|(p, s)| s.iter().map(move |i| (*p, i.clone())))
                .collect()
        }
        Task::Read { value, .. } => r.number = value.to_string(),
        Task::Size {
            smallest_m,
            smallest_k,
            ..
        } => {
            r.m = smallest_m.to_string();
            r.k = smallest_k.to_string();
        }
        Task::Counters { after, .. } => {
            r.counters = after.iter().map(|(_, c)| c.to_string()).collect()
        }
        Task::Lost { lost, .. } => r.items = lost.clone(),
    }
    r
}

#[test]
fn the_first_attempt_scores_and_the_second_reveals() {
    let mut practice = Practice::start(5, false);
    let task = practice.current().unwrap().task.clone();
    // wrong, then right: correct, but not scored
    practice.response.cells = vec![99];
    assert_eq!(practice.submit(), None);
    assert_eq!(practice.state, ExerciseState::Wrong);
    practice.response = right_response(&task);
    let result = practice.submit().unwrap();
    assert_eq!(practice.state, ExerciseState::Correct);
    assert!(!result.correct);
    assert_eq!(result.attempts, 2);
    assert_eq!(practice.submit(), None);
    practice.next();
    // right at once: scored
    practice.response = right_response(&practice.current().unwrap().task.clone());
    assert!(practice.submit().unwrap().correct);
    practice.next();
    // wrong twice: revealed
    assert_eq!(practice.submit(), None);
    let result = practice.submit().unwrap();
    assert_eq!(practice.state, ExerciseState::Revealed);
    assert!(!result.correct);
    practice.next();
    // "Show me" first: revealed, no attempt
    let result = practice.reveal().unwrap();
    assert_eq!((result.correct, result.attempts), (false, 0));
    assert_eq!(practice.score(), 1);
    while !practice.finished() {
        practice.next();
        practice.reveal();
    }
    let messages = practice.messages();
    assert_eq!(messages.len(), practice.exercises.len() + 1);
    assert!(messages[0].starts_with(concat!(
        r#"{"type":"bloomlab:result","version":1,"seed":5,"index":1,"kind":"place","#,
        r#""correct":false,"attempts":2,"revealed":false,"score":0,"#
    )));
    assert!(messages[1].contains(
        r#""index":2,"kind":"predict","correct":true,"attempts":1,"revealed":false,"score":1,"#
    ));
    // wrong twice, and "Show me" before any attempt: both revealed
    assert!(messages[2].contains(r#""attempts":2,"revealed":true,"#));
    assert!(messages[3].contains(r#""attempts":0,"revealed":true,"#));
    let summary = messages.last().unwrap();
    assert!(
        summary.starts_with(r#"{"type":"bloomlab:summary","version":1,"seed":5,"score":1,"#),
        "{summary}"
    );
    assert!(summary
        .contains(r#""byKind":{"place":{"score":0,"total":1},"predict":{"score":1,"total":1},"#));
    let total: u32 = practice.by_kind().iter().map(|&(_, _, done)| done).sum();
    assert_eq!(total as usize, practice.exercises.len());
    assert_eq!(practice.results.len(), practice.exercises.len());
}
