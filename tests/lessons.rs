//! Every shipped lesson reads, is complete in three languages, and runs to its end with
//! every verdict it claims.
#![cfg(not(target_arch = "wasm32"))]
#![expect(
    clippy::disallowed_methods,
    reason = "a test: its sorts never reach the page"
)]

use bloomlab::state::FilterAction;
use bloomlab::state::LessonAction;
use bloomlab::state::PageAction;
use std::rc::Rc;

use bloomlab::lang::Lang;
use bloomlab::state::lesson_file::{
    fill_text, parse_index, parse_lesson, unknown_placeholders, Lesson,
};
use bloomlab::state::url::{parse, print};
use bloomlab::state::{Action, AppState};

fn shipped() -> Vec<Rc<Lesson>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static/lessons");
    let index = std::fs::read_to_string(format!("{dir}/index.txt")).unwrap();
    parse_index(&index)
        .iter()
        .map(|file| {
            let source = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
            Rc::new(parse_lesson(&source).unwrap_or_else(|e| panic!("{file}: {e}")))
        })
        .collect()
}

fn loaded() -> AppState {
    AppState::default().apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())))
}

/// Every step's text, filled, in one language.
fn step_text(state: &AppState, lang: Lang) -> String {
    let progress = state.lesson().unwrap();
    progress
        .current()
        .paragraphs(lang)
        .iter()
        .map(|p| fill_text(p, state.filter(), state.members().len()))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs a lesson from its first step to its last, checking each claimed verdict.
fn run_to_end(id: &str, mut each: impl FnMut(&AppState)) -> AppState {
    let mut state = loaded().apply(Action::Lesson(LessonAction::Start(id.to_owned())));
    loop {
        let progress = state.lesson().expect("the lesson is open").clone();
        if let Some(expect) = progress.current().expect {
            let report = state
                .last_query()
                .expect("a step that expects a verdict queries");
            assert!(
                expect.matches(&report.verdict),
                "{id} step {}: expected {expect:?}, got {:?} for {:?}",
                progress.step + 1,
                report.verdict,
                report.item
            );
        }
        assert!(state.notices().is_empty(), "{id}: {:?}", state.notices());
        each(&state);
        if progress.at_end() {
            return state;
        }
        state = state.apply(Action::Lesson(LessonAction::Next));
        assert_eq!(state.lesson().unwrap().step, progress.step + 1);
    }
}

#[test]
fn the_nine_lessons_are_listed_and_read() {
    let ids: Vec<String> = shipped().iter().map(|l| l.id.clone()).collect();
    assert_eq!(
        ids,
        [
            "basics",
            "false-positives",
            "sizing",
            "deleting",
            "crawler",
            "beyond",
            "real-systems",
            "filters-that-delete",
            "filters-near-the-limit"
        ]
    );
}

#[test]
fn the_real_systems_lesson_compares_layouts_at_the_same_bits_per_item() {
    use bloomlab::filter::{blocked, Layout};
    use bloomlab::state::url::View;
    let mut steps = 0;
    let end = run_to_end("real-systems", |state| {
        let step = state.lesson().unwrap().step + 1;
        let text = step_text(state, Lang::En);
        let shape = state.filter().shape();
        let n = state.members().len() as f64;
        let (m, k) = (shape.m() as f64, shape.k());
        // Every step keeps the 1,024 words of the first in m = 10,240 bits: 10 bits per item.
        assert_eq!(state.members().len(), 256, "step {step}");
        assert_eq!(shape.m(), 2_560, "step {step}");
        let layout = state.settings().layout();
        match step {
            1 => {
                assert_eq!(layout, Layout::Standard);
                assert_eq!(k, 6);
                assert!(text.contains("10.0 bits per item"), "{text}");
            }
            2 | 3 => {
                assert_eq!(layout, Layout::Blocked);
                assert!(text.contains("RocksDB") || step == 3, "{text}");
                assert_eq!(k, 6);
                assert_eq!(m / n, 10.0);
                // "The price is a slightly higher rate": above the standard rate, and
                // within 1 % of RocksDB's own estimate.
                let rate = shape.fpr(n);
                let standard = bloomlab::filter::math::fpr_exact(m, n, f64::from(k));
                let rocksdb = blocked::rocksdb_cache_local_rate(10.0, 6, 512);
                assert!(rate > standard, "{rate} {standard}");
                assert!(
                    ((rate - rocksdb) / rocksdb).abs() < 0.01,
                    "{rate} {rocksdb}"
                );
                if step == 3 {
                    // "All 6 positions lie in that one line", the line named, "and at least
                    // one of them is 0".
                    let heron: Vec<u64> = shape.positions(b"heron").collect();
                    let line = heron[0] / 512;
                    assert!(heron.iter().all(|p| p / 512 == line), "{heron:?}");
                    assert!(heron.iter().any(|&p| !state.filter().is_set(p)));
                    assert!(!state.members().contains("heron"));
                    assert!(
                        text.contains(&format!("picks line {line}, the bits from {line}·512")),
                        "{text}"
                    );
                }
            }
            _ => {
                // Split-block from step 4 on: the calculator and the files view leave the
                // filter as it is.
                assert_eq!(layout, Layout::SplitBlock);
                assert_eq!(k, 8);
                if step == 4 {
                    assert!(text.contains("split-block"), "{text}");
                    let rate = shape.fpr(n);
                    let standard = bloomlab::filter::math::fpr_exact(m, n, f64::from(k));
                    assert!(rate > standard, "{rate} {standard}");
                    assert_eq!(rate, blocked::split_block_rate(10.0));
                }
            }
        }
        let view = state.view();
        match step {
            5 => assert_eq!(view, View::Calculator),
            6 => assert_eq!(view, View::Files),
            _ => assert_eq!(view, View::Visualizer),
        }
        steps += 1;
    });
    assert_eq!(steps, 6);
    assert_eq!(end.view(), View::Files);
    assert!(
        end.page().files.example,
        "the last step opens the bundled example"
    );
}

#[test]
fn the_beyond_lesson_shows_slices_then_a_sketch_that_never_under_counts() {
    use bloomlab::filter::{math, Layout};
    use bloomlab::state::url::View;
    let mut seen = Vec::new();
    let mut grown = Vec::new();
    run_to_end("beyond", |state| {
        let step = state.lesson().unwrap().step;
        let text = step_text(state, Lang::En);
        match step {
            0 | 1 => {
                assert_eq!(state.settings().layout(), Layout::Partitioned);
                assert!(text.contains("s = ⌊m/k⌋ = 10") || step == 1, "{text}");
            }
            2..=4 => {
                assert_eq!(state.view(), View::Cms);
                let apple = state.cms().true_count("apple");
                assert_eq!(apple, 2);
                assert!(state.cms().sketch().estimate(b"apple") >= apple);
            }
            _ => {
                assert_eq!(state.view(), View::Grow);
                grown.push(grow_claims(state, &text));
            }
        }
        if step == 1 {
            // {fpr} is the partitioned rate with s = 10, n = 3, k = 3; {fpr_standard} the other.
            let partitioned = math::fpr_partitioned(10.0, 3.0, 3.0) * 100.0;
            let standard = math::fpr_exact(32.0, 3.0, 3.0) * 100.0;
            assert!(
                text.contains(&format!(
                    "= {}\u{a0}%",
                    bloomlab::decimal::fixed(partitioned, 2)
                )),
                "{text}"
            );
            assert!(
                text.contains(&format!("{}\u{a0}%", bloomlab::decimal::fixed(standard, 2))),
                "{text}"
            );
        }
        seen.push((state.cms().sketch().width(), state.cms().sketch().total()));
    });
    assert_eq!(seen[2], (16, 3));
    assert_eq!(seen[3], (16, 1003));
    assert_eq!(seen[4], (256, 1003));
    // r = 0.5, then r = 0.9: the scalable filter's last measured rate against p = 1 %, and
    // how far the bound of its 7 slices stays under p.
    assert_eq!(grown.len(), 2);
    let (half, tenths) = (grown[0], grown[1]);
    assert!(
        half.0 > 0.01,
        "step 6 says r = 0.5 carried the rate over p: {half:?}"
    );
    assert!(
        tenths.0 < 0.01,
        "step 7 says r = 0.9 stays below p: {tenths:?}"
    );
    assert!((half.1 - 0.01 * 0.5f64.powi(7)).abs() < 1e-15);
    assert!((tenths.1 - 0.01 * 0.9f64.powi(7)).abs() < 1e-15);
}

/// Runs the growing-filter view's simulation for the step on screen and checks what its
/// text says of it; returns the scalable filter's last measured rate and p minus its bound.
fn grow_claims(state: &AppState, text: &str) -> (f64, f64) {
    use bloomlab::filter::growing::{Design, GrowingRun};
    use bloomlab::filter::HashFamily;
    let job = state.grow().job();
    assert_eq!((job.n, job.m0, job.s, job.p), (10_000, 2_000, 2, 0.01));
    let plan = job.plan(HashFamily::Murmur3).unwrap();
    assert_eq!(plan.params().guess_n, 1_000, "a guess of 1,000 items");
    assert_eq!(plan.slices().len(), 7, "7 slices");
    let points = GrowingRun::new(plan).run_to_end();
    let last = points.last().unwrap();
    // (a) climbs towards 1 past its guess.
    assert!(last.design(Design::Fixed).rate() > 0.9, "{last:?}");
    let bound = last.scalable_bound;
    if job.r == 0.9 {
        assert!(text.contains("only 0.52 %"), "{text}");
        assert_eq!(bloomlab::decimal::fixed(bound * 100.0, 2), "0.52");
    } else {
        assert_eq!(job.r, 0.5);
        assert!(text.contains("10,000 items"), "{text}");
        // (c) stays near p = 1 % at every point measured.
        for point in &points {
            let rate = point.design(Design::Scalable).rate();
            assert!((0.005..0.015).contains(&rate), "{point:?}");
        }
    }
    (last.design(Design::Scalable).rate(), job.p - bound)
}

#[test]
fn lesson_text_uses_only_known_placeholders_in_every_language() {
    for lesson in shipped() {
        for (n, step) in lesson.steps.iter().enumerate() {
            for lang in Lang::ALL {
                for paragraph in step.paragraphs(lang) {
                    let unknown = unknown_placeholders(paragraph);
                    assert!(
                        unknown.is_empty(),
                        "{} step {} {lang:?}: {unknown:?}",
                        lesson.id,
                        n + 1
                    );
                }
            }
        }
    }
}

#[test]
fn every_lesson_runs_to_its_end_with_the_verdicts_it_claims() {
    for lesson in shipped() {
        let end = run_to_end(&lesson.id, |state| {
            if std::env::var("SHOW_LESSONS").is_ok() {
                let p = state.lesson().unwrap();
                eprintln!(
                    "--- {} step {} ---\n{}",
                    p.lesson.id,
                    p.step + 1,
                    step_text(state, Lang::En)
                );
                if let Some(c) = state.crawl() {
                    eprintln!("crawl: {c:?}");
                }
            }
        });
        assert!(end.lesson().unwrap().at_end());
    }
}

#[test]
fn the_basics_lesson_meets_all_three_answers_at_m_16() {
    let mut verdicts = Vec::new();
    run_to_end("basics", |state| {
        // The last step's practice set is asked on a filter of its own.
        if state.practice().is_some() {
            assert_eq!(state.settings().m(), 32);
            return;
        }
        assert_eq!(state.settings().m(), 16);
        if let Some(r) = state.last_query() {
            verdicts.push((r.item.clone(), r.verdict.key()));
        }
    });
    verdicts.dedup();
    let keys: Vec<&str> = verdicts.iter().map(|(_, k)| *k).collect();
    assert_eq!(
        keys,
        ["definitely-not", "probably", "false-positive"],
        "{verdicts:?}"
    );
}

#[test]
fn the_crawler_skips_repeats_and_sometimes_a_new_url() {
    let end = run_to_end("crawler", |_| {});
    let tally = end.crawl().expect("the crawler ran");
    assert!(tally.repeats_skipped > 0);
    assert!(!tally.new_skipped.is_empty(), "{tally:?}");
    assert!(
        tally.new_skipped.len() * 10 < tally.distinct as usize,
        "{tally:?}"
    );
    // Every URL is fetched once or skipped: fetched ones are exactly the filter's items.
    assert_eq!(tally.fetched as usize, end.members().len());
    assert!(tally.exact_bytes > end.settings().m() / 8 * 10);
}

#[test]
fn a_lesson_step_in_the_url_rebuilds_the_same_state() {
    for lesson in shipped() {
        let mut state = loaded().apply(Action::Lesson(LessonAction::Start(lesson.id.clone())));
        for _ in 1..lesson.steps.len() {
            state = state.apply(Action::Lesson(LessonAction::Next));
            let link = state.url_state();
            let (id, step) = (link.lesson.unwrap(), link.step);
            // The short link a teacher shares: only the lesson and the step.
            let short = AppState::from_url(parse(&format!("lesson={id}&step={step}")))
                .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())));
            // The full link in the address bar: the filter as well.
            let full = AppState::from_url(parse(&print(&state.url_state())))
                .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())));
            for reopened in [&short, &full] {
                assert_eq!(reopened.settings(), state.settings(), "{id} {step}");
                assert_eq!(reopened.log(), state.log(), "{id} {step}");
                assert_eq!(
                    reopened.lesson().unwrap().step,
                    state.lesson().unwrap().step
                );
                assert_eq!(reopened.crawl(), state.crawl());
                assert_eq!(reopened.walk(), state.walk());
                assert!(reopened.notices().is_empty());
            }
        }
    }
}

#[test]
fn back_rebuilds_the_previous_step_and_undo_takes_one_step_back() {
    let start = loaded().apply(Action::Lesson(LessonAction::Start("basics".into())));
    let two = start
        .clone()
        .apply(Action::Lesson(LessonAction::Next))
        .apply(Action::Lesson(LessonAction::Next));
    let three = two.clone().apply(Action::Lesson(LessonAction::Next));
    let back = three.clone().apply(Action::Lesson(LessonAction::Back));
    assert_eq!(back.lesson().unwrap().step, 2);
    assert_eq!(back.log(), two.log());
    let undone = three.apply(Action::Filter(FilterAction::Undo));
    assert_eq!(undone.log(), two.log());
}

#[test]
fn forward_steps_a_walk_before_the_lesson() {
    let mut state = loaded()
        .apply(Action::Lesson(LessonAction::Start("basics".into())))
        .apply(Action::Lesson(LessonAction::Next));
    assert!(state.walk().is_some());
    let k = state.settings().k();
    for _ in 0..=k + 1 {
        state = state.apply(Action::Forward);
    }
    assert!(state.walk().is_none());
    assert!(state.members().contains("cat"));
    assert_eq!(state.lesson().unwrap().step, 1);
    state = state.apply(Action::Forward);
    assert_eq!(state.lesson().unwrap().step, 2);
}

#[test]
fn a_url_naming_no_lesson_or_a_bad_step_is_reported() {
    let unknown = AppState::from_url(parse("lesson=nope"))
        .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())));
    assert!(unknown.lesson().is_none());
    assert_eq!(unknown.notices()[0].param, "lesson");
    let far = AppState::from_url(parse("lesson=basics&step=99"))
        .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())));
    assert!(far.lesson().unwrap().at_end());
    assert_eq!(far.notices()[0].param, "step");
}

#[test]
fn a_changed_filter_in_the_url_is_kept_beside_the_lesson() {
    let url = "m=16&k=3&add=mine&lesson=basics&step=3";
    let state = AppState::from_url(parse(url))
        .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())));
    assert_eq!(state.lesson().unwrap().step, 2);
    assert!(state.members().contains("mine"));
    assert_eq!(state.members().len(), 1);
}

#[test]
fn the_deleting_lesson_ends_with_a_refused_removal_of_an_absent_item() {
    let end = run_to_end("deleting", |_| {});
    assert!(
        matches!(
            end.message(),
            Some(bloomlab::state::Message::RemoveRefusedAbsent { .. })
        ),
        "{:?}",
        end.message()
    );
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    fn basics_source() -> String {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static/lessons");
        std::fs::read_to_string(format!("{dir}/basics.txt")).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// Any text reads as a lesson or as a typed error naming a line, never a panic.
        #[test]
        fn any_text_reads_or_is_refused(text in ".{0,200}") {
            let _ = parse_lesson(&text);
            let _ = parse_index(&text);
        }

        /// The shipped lesson with one line replaced by anything still reads, or is refused
        /// at that line or after it (a removed "step" shows on the next line), or as a whole.
        #[test]
        fn a_damaged_lesson_names_the_damaged_line(line in 0usize..60, junk in ".{0,40}") {
            let source = basics_source();
            let mut lines: Vec<&str> = source.lines().collect();
            let at = line.min(lines.len() - 1);
            lines[at] = &junk;
            let damaged = lines.join("\n");
            if let Err(e) = parse_lesson(&damaged) {
                prop_assert!(e.line == 0 || e.line > at, "{e} (damaged line {})", at + 1);
            }
        }
    }
}

#[test]
fn undo_and_redo_move_through_lesson_steps_with_the_filter() {
    let step3 = loaded()
        .apply(Action::Lesson(LessonAction::Start("basics".into())))
        .apply(Action::Lesson(LessonAction::Next))
        .apply(Action::Lesson(LessonAction::Next));
    assert_eq!(step3.lesson().unwrap().step, 2);
    let step4 = step3.clone().apply(Action::Lesson(LessonAction::Next));
    assert_eq!(step4.lesson().unwrap().step, 3);
    assert_ne!(step4.members().len(), step3.members().len());
    // Undo goes back to step 3 as a whole: its text and its filter.
    let undone = step4.clone().apply(Action::Filter(FilterAction::Undo));
    assert_eq!(undone.lesson().unwrap().step, 2);
    assert_eq!(undone.url_query(true), step3.url_query(true));
    assert_eq!(step_text(&undone, Lang::En), step_text(&step3, Lang::En));
    let redone = undone.apply(Action::Filter(FilterAction::Redo));
    assert_eq!(redone.lesson().unwrap().step, 3);
    assert_eq!(redone.url_query(true), step4.url_query(true));
    // The crawler's tally goes back with its step.
    let crawled = loaded()
        .apply(Action::Lesson(LessonAction::Start("crawler".into())))
        .apply(Action::Lesson(LessonAction::Next))
        .apply(Action::Lesson(LessonAction::Next));
    let taken = crawled.crawl().unwrap().taken;
    let back = crawled
        .clone()
        .apply(Action::Lesson(LessonAction::Next))
        .apply(Action::Filter(FilterAction::Undo));
    assert_eq!(back.crawl().unwrap().taken, taken);
    assert_eq!(back.members().len(), crawled.members().len());
}

#[test]
fn starting_a_lesson_retires_the_note_about_a_restored_session() {
    let restored = loaded().restored(Some(3));
    assert!(restored.persistence().restored);
    assert_eq!(restored.persistence().kept_items, Some(3));
    let in_lesson = restored.apply(Action::Lesson(LessonAction::Start("basics".into())));
    assert!(!in_lesson.persistence().restored);
}

#[test]
fn a_walk_cancelled_with_escape_is_still_added_when_the_lesson_goes_on() {
    // Step 2 of the basics lesson walks "cat" in; the later steps count on it.
    let walking = loaded()
        .apply(Action::Lesson(LessonAction::Start("basics".into())))
        .apply(Action::Lesson(LessonAction::Next));
    assert!(walking.walk().is_some());
    let cancelled = walking.apply(Action::Filter(FilterAction::CancelWalk));
    assert!(cancelled.walk().is_none() && !cancelled.members().contains("cat"));
    let mut state = cancelled.apply(Action::Forward);
    assert!(state.members().contains("cat"));
    // The rest of the lesson still meets every verdict it claims.
    while !state.lesson().unwrap().at_end() {
        state = state.apply(Action::Lesson(LessonAction::Next));
        let progress = state.lesson().unwrap();
        if let (Some(expect), Some(report)) = (progress.current().expect, state.last_query()) {
            assert!(
                expect.matches(&report.verdict),
                "step {}",
                progress.step + 1
            );
        }
    }
}

/// Opens `lesson=id&step=n` with `extra` parameters, once the lessons have arrived.
fn opened(id: &str, step: usize, extra: &str) -> AppState {
    AppState::from_url(parse(&format!("lesson={id}&step={step}{extra}")))
        .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())))
}

#[test]
fn every_step_with_each_hash_family_either_holds_or_says_it_no_longer_applies() {
    use bloomlab::filter::HashFamily;
    use bloomlab::state::Divergence;
    for lesson in shipped() {
        for step in 1..=lesson.steps.len() {
            let pinned = opened(&lesson.id, step, "");
            assert_eq!(pinned.lesson_divergence(), None, "{} {step}", lesson.id);
            if pinned.practice().is_some() {
                // A step that starts a practice set shows the set's own filter, whatever
                // the link says of the lesson's.
                for family in HashFamily::ALL {
                    let state = opened(&lesson.id, step, &format!("&hash={}", family.key()));
                    assert_eq!(state.settings(), pinned.settings(), "{} {step}", lesson.id);
                    assert_eq!(state.lesson_divergence(), None);
                }
                continue;
            }
            for family in HashFamily::ALL {
                let state = opened(&lesson.id, step, &format!("&hash={}", family.key()));
                let progress = state.lesson().unwrap();
                assert_eq!(progress.step + 1, step);
                let refused = family
                    .max_hashes()
                    .is_some_and(|max| pinned.settings().k() > max)
                    || (pinned.settings().layout() == bloomlab::filter::Layout::Blocked
                        && family.with_pair_or_murmur3() != family);
                if family == pinned.settings().family() || refused {
                    // The lesson's own family, or one that cannot have its k (the seed's
                    // six hashes) or its layout (RocksDB's lines need an (h1, h2) pair):
                    // the lesson's filter stays as it is.
                    assert_eq!(state.settings(), pinned.settings(), "{} {step}", lesson.id);
                    assert_eq!(state.lesson_divergence(), None, "{} {step}", lesson.id);
                    // The step's claimed verdict is the one on screen.
                    if let Some(expect) = progress.current().expect {
                        let report = state.last_query().expect("the step queries");
                        assert!(expect.matches(&report.verdict), "{} {step}", lesson.id);
                    }
                } else {
                    assert_eq!(
                        state.lesson_divergence(),
                        Some(Divergence::Settings),
                        "{} {step} with {family:?}",
                        lesson.id
                    );
                    // Only the hash changed: the lesson's other settings stay.
                    assert_eq!(state.settings().m(), pinned.settings().m());
                    assert_eq!(state.settings().k(), pinned.settings().k());
                    assert_eq!(state.settings().mode(), pinned.settings().mode());
                }
            }
        }
    }
}

#[test]
fn a_changed_hash_diverges_and_back_to_the_lessons_filter_is_one_undo_step() {
    use bloomlab::filter::HashFamily;
    use bloomlab::state::Divergence;
    let step7 = opened("basics", 7, "");
    assert_eq!(step7.lesson_divergence(), None);
    let changed = step7
        .clone()
        .apply(Action::Filter(FilterAction::SetFamily(HashFamily::Fnv1a)));
    assert_eq!(changed.lesson_divergence(), Some(Divergence::Settings));
    let back = changed.clone().apply(Action::Lesson(LessonAction::Restore));
    assert_eq!(back.lesson_divergence(), None);
    assert_eq!(back.settings(), step7.settings());
    assert_eq!(back.log(), step7.log());
    assert!(
        back.last_query().is_some(),
        "the step's query is asked again"
    );
    let undone = back.apply(Action::Filter(FilterAction::Undo));
    assert_eq!(undone.settings(), changed.settings());
    // Adding the false positive makes it a member: the step's verdict no longer holds.
    let member = step7.apply(Action::Filter(FilterAction::AddItem("ram".into())));
    assert_eq!(
        member.lesson_divergence(),
        Some(Divergence::Verdict { item: "ram".into() })
    );
}

#[test]
fn a_lesson_link_with_its_own_filter_keeps_the_lessons_other_settings() {
    // The crawler lesson is at m = 1024: a link that asks for FNV-1a stays at 1024 bits.
    let state = opened("crawler", 2, "&hash=fnv");
    assert_eq!(state.settings().m(), 1024);
    assert_eq!(state.settings().family().key(), "fnv");
    // The page's own link spells out the whole filter and reopens the same state.
    let again = AppState::from_url(parse(&print(&state.url_state())))
        .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())));
    assert_eq!(again.settings(), state.settings());
    assert_eq!(again.log(), state.log());
}

#[test]
fn a_changed_sketch_or_growing_run_diverges_only_while_its_view_is_shown() {
    use bloomlab::state::cms_view::CmsAction;
    use bloomlab::state::grow_view::GrowAction;
    use bloomlab::state::url::View;
    use bloomlab::state::Divergence;
    // Step 3 of the last lesson: "apple" added twice and "pear" once to the sketch.
    let sketch = opened("beyond", 3, "");
    assert_eq!(sketch.view(), View::Cms);
    assert_eq!(sketch.lesson_divergence(), None);
    let changed = sketch.apply(Action::Cms(CmsAction::Add("fig".into())));
    assert_eq!(changed.lesson_divergence(), Some(Divergence::View));
    // Elsewhere the step's text is not about the screen; back on the sketch it is again.
    let away = changed.apply(Action::Page(PageAction::SetView(View::Visualizer)));
    assert_eq!(away.lesson_divergence(), None);
    let back = away.apply(Action::Page(PageAction::SetView(View::Cms)));
    assert_eq!(back.lesson_divergence(), Some(Divergence::View));
    let restored = back.apply(Action::Lesson(LessonAction::Restore));
    assert_eq!(restored.lesson_divergence(), None);
    assert_eq!(restored.cms().true_count("fig"), 0);
    // Step 7: r = 0.9. Another r diverges; the run's results arriving do not.
    let growing = opened("beyond", 7, "");
    assert_eq!(growing.view(), View::Grow);
    assert_eq!(growing.grow().job().r, 0.9);
    assert_eq!(growing.lesson_divergence(), None);
    let mut settings = growing.grow().settings().clone();
    settings.r = "0.5".into();
    let edited = growing.apply(Action::Grow(GrowAction::Edit(settings)));
    assert_eq!(edited.lesson_divergence(), Some(Divergence::View));
    let restored = edited.apply(Action::Lesson(LessonAction::Restore));
    assert_eq!(restored.lesson_divergence(), None);
    assert_eq!(restored.grow().job().r, 0.9);
}

/// Numbers of the English text that a translation writes in words: (lesson, step, language,
/// number).
const IN_WORDS: &[(&str, usize, Lang, &str)] = &[
    ("crawler", 2, Lang::Zh, "10"), // 十分之三
    ("crawler", 2, Lang::Zh, "3"),
    ("sizing", 5, Lang::Zh, "10"), // 十倍, 十分之一
];

/// The numbers a text states, in order of size: every run of digits (with the decimal
/// point and the thousands' comma inside it).
fn numbers_in(text: &str) -> Vec<String> {
    let mut numbers = Vec::new();
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() || (!current.is_empty() && (c == '.' || c == ',')) {
            current.push(c);
        } else if !current.is_empty() {
            numbers.push(current.trim_end_matches(['.', ',']).to_owned());
            current.clear();
        }
    }
    numbers.sort();
    numbers
}

#[test]
fn every_step_shows_the_item_it_acts_on_and_states_the_same_numbers_in_each_language() {
    for lesson in shipped() {
        let mut shown_before: Option<String> = None;
        let mut checked = 0;
        run_to_end(&lesson.id, |state| {
            let progress = state.lesson().unwrap();
            let (step, at) = (progress.current(), progress.step + 1);
            // The item of the strip, the marks, the lines, the arithmetic and the field.
            let expected = match step.named_item() {
                Some(item) => Some(item.to_owned()),
                None if step.acts() => None,
                None => shown_before.clone(),
            };
            let shown = state.shown_item().map(str::to_owned);
            assert_eq!(shown, expected, "{} step {at}", lesson.id);
            if let Some(item) = step.named_item() {
                let walking = state.walk().is_some();
                assert!(
                    walking || state.draft() == item,
                    "{} step {at}: the field",
                    lesson.id
                );
            }
            // The same step reached by its link shows the same item.
            let linked = opened(&lesson.id, at, "");
            assert_eq!(
                linked.shown_item().map(str::to_owned),
                shown,
                "{} {at}",
                lesson.id
            );
            shown_before = shown;
            // What the step scrolls into view is on its screen.
            if let Some(target) = step.show {
                use bloomlab::state::lesson_file::ShowTarget;
                use bloomlab::state::url::View;
                let on_screen = match target {
                    ShowTarget::Figures => state.view() == View::Visualizer,
                    ShowTarget::Crawl => {
                        state.view() == View::Visualizer && state.crawl().is_some()
                    }
                    ShowTarget::GrowPlots => state.view() == View::Grow,
                };
                assert!(on_screen, "{} step {at}: {target:?}", lesson.id);
            }
            // What the text states in figures, it states in every language: each number of
            // the English text is in the translation (but for the few a translation writes
            // in words), which adds none but small counts ("1 つ", "二つ").
            let english = numbers_in(&step_text(state, Lang::En));
            for lang in [Lang::Zh, Lang::Ja] {
                let mut translated = numbers_in(&step_text(state, lang));
                let mut missing = Vec::new();
                for number in &english {
                    match translated.iter().position(|n| n == number) {
                        Some(at) => drop(translated.remove(at)),
                        None => missing.push(number.as_str()),
                    }
                }
                let in_words = IN_WORDS
                    .iter()
                    .filter(|(id, n, l, _)| *id == lesson.id && *n == at && *l == lang)
                    .map(|(_, _, _, number)| *number)
                    .collect::<Vec<_>>();
                assert_eq!(missing, in_words, "{} step {at} in {lang:?}", lesson.id);
                assert!(
                    translated
                        .iter()
                        .all(|n| n.parse::<u32>().is_ok_and(|n| n <= 10)),
                    "{} step {at} in {lang:?} adds {translated:?}",
                    lesson.id
                );
            }
            checked += 1;
        });
        assert_eq!(checked, lesson.steps.len());
    }
}

/// The items of the filter whose positions include `position`.
fn setters(state: &AppState, position: u64) -> Vec<String> {
    let shape = state.filter().shape();
    let mut items: Vec<String> = state
        .members()
        .list()
        .iter()
        .filter(|m| shape.positions(m.item.as_bytes()).any(|p| p == position))
        .map(|m| m.item.clone())
        .collect();
    items.sort();
    items
}

fn positions(state: &AppState, item: &str) -> Vec<u64> {
    state.filter().shape().positions(item.as_bytes()).collect()
}

#[test]
fn what_lesson_one_says_of_the_bits_is_true_of_the_screen_at_each_step() {
    run_to_end("basics", |state| {
        let step = state.lesson().unwrap().step + 1;
        let text = step_text(state, Lang::En);
        match step {
            4 => {
                // "One of them was already 1, set by “cat”."
                let cat = positions(state, "cat");
                let shared: Vec<u64> = positions(state, "emu")
                    .into_iter()
                    .filter(|p| cat.contains(p))
                    .collect();
                assert_eq!(shared.len(), 1, "{shared:?}");
                let cow = positions(state, "cow");
                assert!(!cow.contains(&shared[0]));
            }
            5 => {
                // "Two of its hashes land on the same bit … A bit it needs is 0."
                let hawk = positions(state, "hawk");
                let mut distinct = hawk.clone();
                distinct.sort();
                distinct.dedup();
                assert_eq!(distinct.len(), hawk.len() - 1, "{hawk:?}");
                assert!(hawk.iter().any(|&p| !state.filter().is_set(p)));
            }
            7 => {
                // "its bits 9, 14, 3 are all 1 too: “cow” set 9 and 3, “cat” and “emu” both
                // set 14."
                assert_eq!(positions(state, "ram"), [9, 14, 3]);
                assert!(text.contains("its bits 9, 14, 3 are all 1"), "{text}");
                assert_eq!(setters(state, 9), ["cow"]);
                assert_eq!(setters(state, 3), ["cow"]);
                assert_eq!(setters(state, 14), ["cat", "emu"]);
            }
            _ => {}
        }
    });
}

#[test]
fn what_the_deleting_lesson_says_of_shared_bits_and_counters_is_true() {
    use bloomlab::filter::MAX_COUNTER_WIDTH;
    run_to_end("deleting", |state| {
        let step = state.lesson().unwrap().step + 1;
        let a = positions(state, "a");
        let shared: Vec<u64> = positions(state, "d")
            .into_iter()
            .filter(|p| a.contains(p))
            .collect();
        // "“a” … “d” … They share bits."
        assert!(!shared.is_empty());
        match step {
            // "it clears the bits “d” shares with it."
            2 => assert!(shared.iter().all(|&p| !state.filter().is_set(p))),
            // "The counters “d” shares with it go down but stay above 0."
            5 => assert!(shared.iter().all(|&p| state.filter().count(p) > 0)),
            // "each counter here takes 4 bits … its maximum (15)".
            6 => {
                assert_eq!(state.settings().width(), 4);
                assert!(state.settings().width() <= MAX_COUNTER_WIDTH);
                assert!(step_text(state, Lang::En).contains("(15)"));
            }
            _ => {}
        }
    });
}

#[test]
fn lesson_one_ends_with_three_exercises_on_their_own_filter_and_gives_its_filter_back() {
    use bloomlab::state::practice::{ExerciseKind, PracticeAction};
    let end = run_to_end("basics", |_| {});
    let practice = end.practice().expect("the last step starts a practice set");
    let kinds: Vec<ExerciseKind> = practice.exercises.iter().map(|e| e.task.kind()).collect();
    assert_eq!(
        kinds,
        [
            ExerciseKind::Place,
            ExerciseKind::Predict,
            ExerciseKind::Culprits
        ]
    );
    assert_eq!(end.settings().m(), 32);
    assert_eq!(end.lesson_divergence(), None);
    // the link keeps the lesson's filter; ending the set shows it again
    let ended = end.apply(Action::Practice(PracticeAction::Stop));
    assert_eq!(ended.settings().m(), 16);
    assert!(ended.members().contains("cow"));
    assert_eq!(ended.lesson_divergence(), None);
}

#[test]
fn the_query_record_belongs_to_the_filter_a_lesson_step_built() {
    let asked = loaded().apply(Action::Filter(FilterAction::QueryItem("nope".into())));
    assert_eq!(asked.query_record().total(), 1);
    // Lesson 1 builds its own filter and asks "hawk", "cow" and "ram" of it at steps 5 to 7.
    let mut lesson = asked.apply(Action::Lesson(LessonAction::Start("basics".into())));
    let mut totals = vec![lesson.query_record().total()];
    for _ in 0..6 {
        lesson = lesson.apply(Action::Lesson(LessonAction::Next));
        totals.push(lesson.query_record().total());
    }
    assert_eq!(totals, [0, 0, 0, 0, 1, 2, 3]);
    // Lesson 4 asks "d" of its plain filter at step 3; step 4 replaces it with a counting
    // filter, which is asked "d" at step 6.
    let mut deleting = lesson.apply(Action::Lesson(LessonAction::Start("deleting".into())));
    let mut totals = vec![deleting.query_record().total()];
    for _ in 0..6 {
        deleting = deleting.apply(Action::Lesson(LessonAction::Next));
        totals.push(deleting.query_record().total());
    }
    assert_eq!(totals, [0, 0, 1, 0, 0, 1, 1]);
}

/// The page's items as the filters view receives them: each as many times as it was added.
fn view_items(state: &AppState) -> Vec<String> {
    let mut items = Vec::new();
    for member in state.members().list() {
        items.extend(std::iter::repeat_n(
            member.item.clone(),
            member.copies as usize,
        ));
    }
    items
}

/// The cuckoo filter the filters view builds from the page: its parameters, the lab's
/// seed and the page's items in order, with the report of the last insert.
fn view_cuckoo(
    state: &AppState,
) -> (
    bloomlab::filter::cuckoo::CuckooFilter,
    Option<bloomlab::filter::cuckoo::InsertReport>,
) {
    use bloomlab::filter::cuckoo::{CuckooFilter, CuckooShape};
    let params = state.page().filters;
    let shape = CuckooShape::new(params.cuckoo_nb, params.cuckoo_f).unwrap();
    let seed = bloomlab::state::fields::parse_whole(&state.lab().settings().seed).unwrap();
    let mut filter = CuckooFilter::new(shape, seed);
    let mut last = None;
    for item in view_items(state) {
        last = filter.insert(item.as_bytes()).ok();
    }
    (filter, last)
}

#[test]
fn what_the_filters_lesson_says_is_true_of_the_filters_view_at_each_step() {
    use bloomlab::filter::cuckoo::{Placement, MAX_KICKS};
    use bloomlab::filter::quotient::{QuotientFilter, QuotientShape};
    use bloomlab::protocol::filters_view::FilterChoice;
    use bloomlab::state::url::View;
    let mut steps = 0;
    run_to_end("filters-that-delete", |state| {
        let step = state.lesson().unwrap().step + 1;
        let text = step_text(state, Lang::En);
        let params = state.page().filters;
        steps += 1;
        if step == 1 {
            // "{m} positions … a counter of 4 bits: {m} × 4 = 256 bits"
            assert_eq!(state.view(), View::Visualizer);
            assert_eq!(state.settings().width(), 4);
            assert_eq!(state.settings().m() * 4, 256);
            assert!(text.contains("64 × 4 = 256 bits"), "{text}");
            return;
        }
        assert_eq!(state.view(), View::Filters, "step {step}");
        let (cuckoo, last) = view_cuckoo(state);
        let shape = cuckoo.shape();
        let at = |item: &str| shape.positions(item.as_bytes());
        match step {
            2 => {
                // "the same 256 bits: 8 buckets of 4 slots, … an 8-bit fingerprint.
                // “cat” … i1 = 6, … fp = 105, … i2 = 3 … in a free slot of bucket 6."
                assert_eq!(params.filter, FilterChoice::Cuckoo);
                assert_eq!((shape.buckets(), shape.fingerprint_bits()), (8, 8));
                assert_eq!(shape.memory_bits(), 256);
                assert_eq!(state.draft(), "cat");
                let cat = at("cat");
                assert_eq!((cat.i1, cat.fingerprint, cat.i2), (6, 105, 3));
                assert!(cuckoo.bucket(6).contains(&Some(105)));
            }
            3 => {
                // "4 buckets and 14 items stored, both buckets of “bat” (i1 = 2, i2 = 3,
                // fp = 117) are full … 117 takes a slot of bucket 3, whose fingerprint 178
                // moves to … 1 … its fingerprint 117 (“owl”’s …) moves on to bucket 0 …
                // The 2 moves"
                let items = view_items(state);
                assert_eq!((shape.buckets(), items.len()), (4, 15));
                assert_eq!(items.last().map(String::as_str), Some("bat"));
                let bat = at("bat");
                assert_eq!((bat.i1, bat.i2, bat.fingerprint), (2, 3, 117));
                assert_eq!(at("owl").fingerprint, 117);
                let report = last.unwrap();
                let moves: Vec<_> = report
                    .kicks
                    .iter()
                    .map(|k| (k.from, k.to, k.fingerprint, k.replaced_by))
                    .collect();
                assert_eq!(moves, [(3, 1, 178, 117), (1, 0, 117, 178)]);
                assert!(matches!(
                    report.placement,
                    Placement::Slot { bucket: 0, .. }
                ));
            }
            4 => {
                // "1 bucket holds 4 fingerprints. “gnu” … 500 times … the last victim,
                // fingerprint 105 (“cat”’s), waits in the stash. The filter is full"
                assert_eq!((shape.buckets(), shape.slots()), (1, 4));
                assert_eq!(state.draft(), "gnu");
                let report = last.unwrap();
                assert_eq!(report.kicks.len() as u32, MAX_KICKS);
                assert!(cuckoo.is_full());
                assert_eq!(cuckoo.stash().map(|s| s.fingerprint), Some(105));
                assert_eq!(at("cat").fingerprint, 105);
            }
            5 => {
                // "4-bit fingerprints, “cod” was never added, yet its fingerprint 15 is in its
                // bucket 1: it is the copy of “fox”. A query for “cod” says “probably”"
                assert_eq!(shape.fingerprint_bits(), 4);
                assert_eq!(state.draft(), "cod");
                let members = view_items(state);
                assert!(!members.contains(&"cod".to_owned()));
                assert!(cuckoo.contains(b"cod"));
                let hazard = cuckoo.delete_hazard(b"cod", &members).unwrap();
                assert_eq!((hazard.fingerprint, hazard.bucket), (15, 1));
                let victims: Vec<&str> = hazard
                    .victims
                    .iter()
                    .map(|&i| members[i].as_str())
                    .collect();
                assert_eq!(victims, ["fox"]);
                // Deleting it makes “fox” a false negative.
                let mut deleted = cuckoo.clone();
                deleted.delete(b"cod").unwrap();
                assert!(!deleted.contains(b"fox"));
            }
            6 => {
                // "8 slots … “bee” has quotient 3 and remainder 13, but slot 3 holds the run
                // of quotient 2 (remainders 7, 10, 11), so the run of quotient 3 starts at
                // slot 5, with is_shifted = 1. Slots 2 to 6 are one cluster of 2 runs"
                assert_eq!(params.filter, FilterChoice::Quotient);
                assert_eq!(state.draft(), "bee");
                let shape = QuotientShape::new(params.quotient_q, params.quotient_r).unwrap();
                let mut filter = QuotientFilter::new(shape);
                for item in view_items(state) {
                    filter.insert(item.as_bytes()).unwrap();
                }
                assert_eq!(shape.slots(), 8);
                let bee = shape.positions(b"bee");
                assert_eq!((bee.quotient, bee.remainder), (3, 13));
                let slots: Vec<Option<u64>> = (2..=5).map(|s| filter.remainder(s)).collect();
                assert_eq!(slots, [Some(7), Some(10), Some(11), Some(13)]);
                assert!(filter.bits(5).shifted && !filter.bits(5).continuation);
                let cluster = filter
                    .clusters()
                    .into_iter()
                    .find(|c| c.start == 2)
                    .unwrap();
                assert_eq!((cluster.len, cluster.runs.len()), (5, 2));
                let runs: Vec<(u64, u64)> =
                    cluster.runs.iter().map(|r| (r.quotient, r.start)).collect();
                assert_eq!(runs, [(2, 2), (3, 5)]);
            }
            _ => panic!("lesson 8 has 6 steps"),
        }
    });
    assert_eq!(steps, 6);
}

/// The claims of lesson 9's text that name figures, each checked against the core that
/// computes it: `claim(text, figure)` fails when the text does not state the figure.
fn claims(text: &str, figures: &[String]) {
    for figure in figures {
        assert!(text.contains(figure.as_str()), "“{figure}” not in: {text}");
    }
}

#[test]
fn what_the_near_the_limit_lesson_says_is_true_of_each_screen() {
    use bloomlab::decimal::fixed;
    use bloomlab::filter::fuse::{BinaryFuseFilter, FuseShape};
    use bloomlab::filter::peeling::{key_of, mix_split, PeelingShape};
    use bloomlab::filter::ribbon::{FailureChance, KeyRow, RibbonFilter, RibbonShape};
    use bloomlab::filter::space::{self, measure, Sizing, SpaceEps, SpaceFilter, SpaceJob};
    use bloomlab::filter::xor::{XorFilter, XorShape, XOR_RETRY_WORDS};
    use bloomlab::protocol::filters_view::FilterChoice;
    use bloomlab::state::numbers::grouped;
    use bloomlab::state::url::View;
    use std::f64::consts::LN_2;
    // ε = 2^−8: the limit log2(1/ε) in bits per item, and Bloom's log2(1/ε) / ln 2.
    let eps = SpaceEps::OneIn256.rate();
    let limit = (1.0 / eps).log2();
    assert_eq!(limit, 8.0);
    let bloom_bits = limit / LN_2;
    let mut steps = 0;
    run_to_end("filters-near-the-limit", |state| {
        let step = state.lesson().unwrap().step + 1;
        let text = step_text(state, Lang::En);
        let params = state.page().filters;
        let items = view_items(state);
        let keys: Vec<u64> = items.iter().map(|i| key_of(i.as_bytes())).collect();
        let n = items.len() as u64;
        steps += 1;
        match step {
            1 | 2 => {
                // The eight words in a Bloom filter sized for ε by the space table's rule.
                assert_eq!(state.view(), View::Visualizer);
                assert_eq!(items, XOR_RETRY_WORDS);
                let (m, k) = space::sizing::bloom(n, eps);
                assert_eq!((state.settings().m(), state.settings().k()), (m, k));
                let rate = state.filter().shape().fpr(n as f64);
                if step == 1 {
                    // "2^−8 = 1/256 (0.39 %) the limit is 8 bits per item, 64 bits for these
                    // 8 words", near the rate the filter shows.
                    assert!((rate - eps).abs() < 0.1 * eps, "{rate}");
                    claims(
                        &text,
                        &[
                            format!(
                                "1/{} ({} %)",
                                SpaceEps::OneIn256.one_in(),
                                fixed(eps * 100.0, 2)
                            ),
                            format!("limit is {limit} bits per item, {} bits", limit * n as f64),
                        ],
                    );
                } else {
                    // "k = log2(1/ε) = 8 … ≈ 1.44 · log2(1/ε): 11.54 bits per item … instead
                    // of 8", and about half the bits 0.
                    assert_eq!(f64::from(k), limit);
                    claims(
                        &text,
                        &[
                            format!("k = log2(1/ε) = {limit}"),
                            format!(
                                "≈ {} · log2(1/ε): {} bits",
                                fixed(1.0 / LN_2, 2),
                                fixed(bloom_bits, 2)
                            ),
                        ],
                    );
                    let fill = state.filter().count_set() as f64 / m as f64;
                    assert!((fill - 0.5).abs() < 0.1, "{fill}");
                }
            }
            3 | 4 => {
                assert_eq!(state.view(), View::Filters);
                assert_eq!(params.filter, FilterChoice::Xor);
                assert_eq!(items, XOR_RETRY_WORDS);
                let (filter, walk) = XorFilter::build_walked(&keys, params.xor_bits).unwrap();
                let shape = filter.shape();
                let word = |key: u64| {
                    items
                        .iter()
                        .find(|i| key_of(i.as_bytes()) == key)
                        .unwrap()
                        .clone()
                };
                if step == 3 {
                    // "c = ⌊(32 + 1.23 · n) / 3⌋ · 3 = 39 slots of 8 bits, three blocks of 13"
                    assert_eq!(u64::from(shape.array_length()), XorShape::capacity(n));
                    claims(
                        &text,
                        &[format!(
                            "3 = {} slots of {} bits, three blocks of {}",
                            shape.array_length(),
                            filter.fingerprint_bits(),
                            shape.block_length()
                        )],
                    );
                    // "With the first seed 6 words peel, then “bat” and “pig” are left: they
                    // have the same three slots"
                    assert_eq!(walk.attempts.len(), 2);
                    let first = &walk.attempts[0];
                    let left: Vec<String> = first.remaining.iter().map(|&k| word(k)).collect();
                    claims(
                        &text,
                        &[format!(
                            "first seed {} words peel, then “{}” and “{}” are left",
                            first.peeled().count(),
                            left[0],
                            left[1]
                        )],
                    );
                    let slots: Vec<[u32; 3]> = first
                        .remaining
                        .iter()
                        .map(|&k| shape.slots(mix_split(k, first.seed)))
                        .collect();
                    assert_eq!(slots[0], slots[1]);
                } else {
                    // "“ant” is alone in slot 3 and goes first … “bee”, peeled last, is set
                    // first: B[14] = fp ⊕ B[27] ⊕ B[1] = 43 ⊕ 0 ⊕ 0 = 43."
                    assert_eq!(state.draft(), "bee");
                    let second = &walk.attempts[1];
                    assert!(second.succeeded());
                    let (first_key, first_slot) = second.peeled().next().unwrap();
                    let (last_key, _) = second.peeled().last().unwrap();
                    assert_eq!(word(last_key), "bee");
                    claims(
                        &text,
                        &[format!(
                            "“{}” is alone in slot {first_slot} and goes first",
                            word(first_key)
                        )],
                    );
                    let set = walk.assignment[0];
                    assert_eq!(set.key, last_key);
                    claims(
                        &text,
                        &[format!(
                            "B[{}] = fp ⊕ B[{}] ⊕ B[{}] = {} ⊕ {} ⊕ {} = {}.",
                            set.slot,
                            set.others[0],
                            set.others[1],
                            set.fingerprint,
                            set.other_values[0],
                            set.other_values[1],
                            set.value
                        )],
                    );
                    // "No word was given slot 27 or slot 1 … each given slot simply holds its
                    // word's fingerprint"
                    assert!(walk
                        .assignment
                        .iter()
                        .all(|a| !set.others.contains(&a.slot)));
                    assert!(walk.assignment.iter().all(|a| a.value == a.fingerprint));
                    // "A query for “bee” reads its slots 1, 14 and 27: 0 ⊕ 43 ⊕ 0 = 43 = fp"
                    let q = filter.query(last_key);
                    assert!(q.contains);
                    claims(
                        &text,
                        &[format!(
                            "slots {}, {} and {}: {} ⊕ {} ⊕ {} = {} = fp",
                            q.slots[0],
                            q.slots[1],
                            q.slots[2],
                            q.values[0],
                            q.values[1],
                            q.values[2],
                            q.xor
                        )],
                    );
                    claims(
                        &text,
                        &[format!("probability 2^−{}", filter.fingerprint_bits())],
                    );
                }
            }
            5 => {
                // The fuse rule at 10^6 and at the page's 33 words, against the xor filter's.
                assert_eq!(params.filter, FilterChoice::Fuse);
                let (filter, _) = BinaryFuseFilter::build_walked(&keys, params.xor_bits).unwrap();
                let big = FuseShape::for_keys(1_000_000).unwrap();
                let per_item = |slots: u64| fixed(slots as f64 * 8.0 / 1e6, 2);
                let (fuse_big, xor_big) =
                    (u64::from(big.array_length()), XorShape::capacity(1_000_000));
                assert_eq!(big.size_factor(), 1.125);
                claims(
                    &text,
                    &[
                        format!("about {} · n slots", big.size_factor()),
                        format!(
                            "at n = {}, {} slots ({} bits per item) against {} ({})",
                            grouped(1_000_000),
                            grouped(fuse_big),
                            per_item(fuse_big),
                            grouped(xor_big),
                            per_item(xor_big)
                        ),
                    ],
                );
                let shape = filter.shape();
                assert_eq!(shape.keys(), 33);
                let segments = shape.array_length() / shape.segment_length();
                assert_eq!(segments, 3);
                assert!(u64::from(shape.array_length()) > XorShape::capacity(n));
                claims(
                    &text,
                    &[format!(
                        "L = {} and a factor of {}, a target of {} slots, which still takes {segments} whole \
                         segments: {} slots, more than the xor filter's {}",
                        shape.segment_length(),
                        fixed(shape.size_factor(), 3),
                        shape.target(),
                        shape.array_length(),
                        XorShape::capacity(n)
                    )],
                );
            }
            6 => {
                // "w = 32 … 10 % overhead … ⌈33 · 1.1⌉ = 37 slots … 37 − 32 + 1 = 6 slots …
                // seed 0 … “cow”, the last word … Seed 1 … slot 5 … 0xb0865a7f … 87"
                assert_eq!(params.filter, FilterChoice::Ribbon);
                assert_eq!(state.draft(), "cow");
                let overhead = 1.0 + f64::from(params.ribbon_overhead) / 100.0;
                let shape = RibbonShape::with_overhead(n, params.ribbon_w, 8, overhead).unwrap();
                let walk = RibbonFilter::build_walked(&keys, shape).unwrap();
                let w = shape.width();
                claims(
                    &text,
                    &[
                        format!("w = {w} coefficient bits"),
                        format!("With {} % overhead", params.ribbon_overhead),
                        format!(
                            "⌈{n} · {overhead}⌉ = {} slots, so a row starts at one of {} − {w} + 1 = {} slots",
                            shape.num_slots(),
                            shape.num_slots(),
                            shape.num_starts()
                        ),
                    ],
                );
                assert_eq!(walk.attempts.len(), 2);
                let failed = &walk.attempts[0];
                let cow = key_of(b"cow");
                assert_eq!(failed.failed_key, Some(cow));
                assert_eq!(failed.keys.len(), items.len(), "the last word");
                assert_eq!(items.last().map(String::as_str), Some("cow"));
                let filter = walk.filter.as_ref().unwrap();
                let row = KeyRow::new(cow, &shape, filter.seed());
                claims(
                    &text,
                    &[
                        format!("With seed {} the row of “cow”", failed.seed),
                        format!(
                            "Seed {} solves it: there “cow” starts at slot {} with coefficients {:#x} and fingerprint {}",
                            filter.seed(),
                            row.start,
                            row.coeff,
                            row.fp
                        ),
                    ],
                );
                assert!(filter.query_key(cow).matches);
            }
            7 | 8 => {
                assert_eq!(state.view(), View::Filters);
                let space_n = params.space_n.expect("the step's link names space_n");
                if step == 8 {
                    // "a blocked Bloom filter reads one line of 512 bits … a xor or binary
                    // fuse filter 3 slots, and a ribbon filter … w = 64 slots"
                    let ribbon =
                        RibbonShape::for_items(space_n, 64, 8, FailureChance::OneIn20).unwrap();
                    claims(
                        &text,
                        &[
                            format!("one line of {} bits", bloomlab::filter::blocked::LINE_BITS),
                            format!(
                                "binary fuse filter {} slots",
                                XorShape::with_block_length(1).unwrap().slots(0).len()
                            ),
                            format!("band of w = {} slots", ribbon.width()),
                        ],
                    );
                    assert!(SpaceFilter::Xor.is_static() && SpaceFilter::Ribbon.is_static());
                    assert!(!SpaceFilter::Bloom.is_static());
                    return;
                }
                // Bits per item at the page's n, as the table measures them; and at 10^6 by
                // the sizing rules.
                let seed =
                    bloomlab::state::fields::parse_whole(&state.lab().settings().seed).unwrap();
                let row = |filter: SpaceFilter| {
                    let job = SpaceJob {
                        filter,
                        eps: SpaceEps::OneIn256,
                        n: space_n,
                        seed,
                    };
                    measure(job, &|| 0.0).unwrap()
                };
                let bits = |filter: SpaceFilter| fixed(row(filter).bits_per_item(), 2);
                let fuse = FuseShape::for_keys(space_n).unwrap();
                claims(
                    &text,
                    &[
                        format!("ε = 2^−8 from the same {} items", grouped(space_n)),
                        format!("with {} items never added", grouped(space_n)),
                        format!(
                            "Bloom filter takes {} bits per item, {} times the limit of {limit} that ε = 2^−8 sets",
                            bits(SpaceFilter::Bloom),
                            fixed(row(SpaceFilter::Bloom).bits_per_item() / limit, 2)
                        ),
                        format!(
                            "xor {}; binary fuse {}, still above xor, since its factor is {} at {} items; ribbon {}.",
                            bits(SpaceFilter::Xor),
                            bits(SpaceFilter::Fuse),
                            fuse.size_factor(),
                            grouped(space_n),
                            bits(SpaceFilter::Ribbon)
                        ),
                        format!("with {} probes each measured rate is rough", grouped(space_n)),
                    ],
                );
                assert!(
                    row(SpaceFilter::Fuse).bits_per_item() > row(SpaceFilter::Xor).bits_per_item()
                );
                let (cuckoo, quotient) = (row(SpaceFilter::Cuckoo), row(SpaceFilter::Quotient));
                assert_eq!(cuckoo.bits_per_item(), quotient.bits_per_item());
                let Sizing::Cuckoo { buckets, .. } = cuckoo.sizing else {
                    panic!()
                };
                let Sizing::Quotient { q, .. } = quotient.sizing else {
                    panic!()
                };
                assert!(buckets.is_power_of_two());
                claims(
                    &text,
                    &[format!(
                        "take {}, as they round their tables up to powers of two: {} buckets, 2^{q} slots",
                        fixed(cuckoo.bits_per_item(), 2),
                        grouped(buckets)
                    )],
                );
                let at_large = |slots: u64| fixed(slots as f64 * 8.0 / 1e6, 2);
                let ribbon =
                    RibbonShape::for_items(1_000_000, 64, 8, FailureChance::OneIn20).unwrap();
                claims(
                    &text,
                    &[format!(
                        "Choose {} and Measure for step 5's figures: xor {}, binary fuse {}, ribbon {}.",
                        grouped(1_000_000),
                        at_large(XorShape::capacity(1_000_000)),
                        at_large(u64::from(FuseShape::for_keys(1_000_000).unwrap().array_length())),
                        at_large(ribbon.num_slots())
                    )],
                );
            }
            _ => panic!("lesson 9 has 8 steps"),
        }
    });
    assert_eq!(steps, 8);
}

#[test]
fn a_lesson_link_with_a_practice_seed_asks_that_set_at_its_practice_step() {
    use bloomlab::state::practice::{practice_set, ExerciseKind};
    let end = run_to_end("basics", |_| {});
    let last = end.lesson().unwrap().step + 1;
    let open = |query: &str| {
        AppState::from_url(parse(query))
            .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())))
    };
    // At the practice step: the link's set, the lesson's three exercises of it.
    let own = open(&format!("lesson=basics&step={last}&practice=77"));
    let practice = own.practice().expect("the practice step starts a set");
    assert_eq!(practice.seed, 77);
    assert_eq!(practice.exercises, practice_set(77)[..3].to_vec());
    assert_eq!(own.lesson().unwrap().step + 1, last);
    assert!(own.notices().is_empty());
    // Opened at the first step, the set waits for the practice step, and the link keeps it.
    let mut early = open("lesson=basics&practice=77&practice_kinds=size&practice_n=2");
    assert!(early.practice().is_none());
    let link = print(&early.url_state());
    assert!(link.contains("practice=77"), "{link}");
    assert!(link.contains("practice_kinds=size&practice_n=2"), "{link}");
    while early.practice().is_none() {
        early = early.apply(Action::Lesson(LessonAction::Next));
    }
    let kinds: Vec<ExerciseKind> = early
        .practice()
        .unwrap()
        .exercises
        .iter()
        .map(|e| e.task.kind())
        .collect();
    assert_eq!(kinds, [ExerciseKind::Size, ExerciseKind::Size]);
    // Another lesson started from the menu asks its own set.
    let other = early.apply(Action::Lesson(LessonAction::Start("deleting".into())));
    assert!(!print(&other.url_state()).contains("practice=77"));
}

#[test]
fn a_saved_sessions_outcomes_carry_a_set_on_at_the_next_exercise() {
    let end = run_to_end("basics", |_| {});
    let last = end.lesson().unwrap().step + 1;
    let open = |query: &str| {
        AppState::from_url(parse(query))
            .apply(Action::Lesson(LessonAction::Loaded(shipped(), Vec::new())))
    };
    let plain = open("practice=5&practice_done=1,2s");
    let practice = plain.practice().unwrap();
    assert_eq!(practice.index, 2);
    let outcomes: Vec<(bool, u32, bool)> = practice
        .results
        .iter()
        .map(|r| (r.correct, r.attempts, r.revealed))
        .collect();
    assert_eq!(outcomes, [(true, 1, false), (false, 2, true)]);
    assert!(plain.notices().is_empty());
    // The page never writes a saved session into its link.
    assert!(!print(&plain.url_state()).contains("practice_done"));
    // In a lesson: at its practice step, with more outcomes than its three exercises.
    let lesson = open(&format!(
        "lesson=basics&step={last}&practice=9&practice_done=2,1,0s,1"
    ));
    let practice = lesson.practice().unwrap();
    assert_eq!((practice.seed, practice.index), (9, 3));
    let notice = lesson.notices();
    assert_eq!(notice.len(), 1, "{notice:?}");
    assert_eq!(notice[0].param, "practice_done");
    // A bad token is named and none is taken: the others' places would shift.
    let bad = open("practice=5&practice_done=1,3,2");
    assert_eq!(bad.practice().unwrap().index, 0);
    assert_eq!(bad.notices()[0].param, "practice_done");
}

#[test]
fn a_quiz_beside_a_lesson_is_refused_by_name_and_starts_nothing() {
    use bloomlab::state::url::NoticeReason;
    let state = opened("basics", 1, "&quiz=12");
    assert!(state.practice().is_none());
    assert_eq!(
        state.lesson().unwrap().step,
        0,
        "the lesson opens at its first step"
    );
    let quiz: Vec<_> = state
        .notices()
        .iter()
        .filter(|n| n.param == "quiz")
        .collect();
    assert_eq!(quiz.len(), 1, "{:?}", state.notices());
    assert_eq!(
        (quiz[0].value.as_str(), &quiz[0].reason),
        ("12", &NoticeReason::BesideLesson)
    );
    assert!(!print(&state.url_state()).contains("quiz="));
    // Without a lesson, the quiz starts as before.
    let alone = AppState::from_url(parse("quiz=12"));
    assert!(alone.practice().is_some_and(|p| p.quiz && p.seed == 12));
    assert!(alone.notices().is_empty());
}
