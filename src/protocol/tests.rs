//! Every request and answer survives its encoding, bytes that are not a message are
//! refused without a panic, and work shared among workers through the messages gives the
//! core's own results.

use super::serve::answer;
use super::*;
use crate::filter::agreement::{self, Cause};
use crate::filter::experiment::{splitmix64, Experiment};
use crate::filter::growing::{GrowingRun, SliceInfo};
use crate::filter::hash_quality::{report, HashUnderTest};
use crate::filter::hash_quality_job::CorpusSource;
use crate::filter::hashing::Layout;
use crate::filter::lab_tasks::TaskQueue;
use crate::filter::parquet_fixtures::HeldFile;
use crate::filter::parquet_report::FilesModel;
use crate::filter::parquet_summary::{FileError, FileSummary, FoundFilter};
use crate::filter::use_cases::{run_apps, KvReport, MailReport, Verdict as MailVerdict};
use crate::filter::{double_hashing_rate, HashFamily};

fn shape() -> FilterShape {
    FilterShape::new(2_000, 4, HashFamily::Fnv1a)
        .unwrap()
        .with_layout(Layout::Partitioned)
        .unwrap()
}

fn plan() -> ExperimentPlan {
    ExperimentPlan::new(shape(), vec![50, 200, 400], 700, 9, u64::MAX - 3).unwrap()
}

fn apps_job() -> AppsJob {
    AppsJob {
        store: FilterShape::new(8000, 6, HashFamily::Murmur3).unwrap(),
        share: 0.5,
        lookups: 2_000,
        spam: FilterShape::new(1200, 3, HashFamily::Murmur3).unwrap(),
        check: "user0003@mail.example".into(),
    }
}

/// One request of each kind, with values that test the encoding's edges (a 64-bit seed, a
/// text beyond ASCII, an empty list).
fn requests() -> Vec<Request> {
    let points = Experiment::new(plan()).run_to_end();
    vec![
        Request::MeasureFilter {
            run: u64::MAX,
            task: FilterTask { plan: 1, filter: 8 },
            plan: plan(),
        },
        Request::JudgeRun {
            run: 3,
            plan: 0,
            shape: shape(),
            points,
        },
        Request::Grow {
            generation: 2,
            family: HashFamily::Murmur3,
            job: GrowJob {
                p: 0.001,
                ..GrowJob::default()
            },
        },
        Request::HashQuality {
            generation: 5,
            job: HashQualityJob {
                source: CorpusSource::Pasted,
                size: 3,
                m: 64,
                k: 3,
            },
            pasted: "apple\npoire\n梨".into(),
        },
        Request::Apps {
            generation: 6,
            job: apps_job(),
        },
        Request::ShowFile {
            open: Some(FileToOpen {
                name: "x.parquet".into(),
                address: Some("examples/x.parquet".into()),
            }),
            value: "値".into(),
            filter: 2,
            page: 7,
        },
        Request::ShowFile {
            open: None,
            value: String::new(),
            filter: 0,
            page: 0,
        },
    ]
}

/// A file of one filter of two blocks, with a value checked and the filter drawn.
fn files_report() -> FilesReport {
    let mut bitset = vec![0u8; 64];
    bitset[5] = 0b1010_0001;
    let filter = FoundFilter::split_block(1, "a.b".into(), 4, 16, &bitset);
    let summary = FileSummary {
        size: 2000,
        rows: -1,
        row_groups: 2,
        columns: 3,
        created_by: Some("writer".into()),
        filters: vec![filter],
    };
    let mut file = HeldFile {
        model: FilesModel::default(),
        bitsets: vec![bitset],
    };
    file.model.query = "値".into();
    file.model.opened("f.parquet".into(), Ok(summary));
    file.report()
}

/// One answer of each kind.
fn answers() -> Vec<Answer> {
    let job = GrowJob::default();
    let mut run = GrowingRun::new(job.plan(HashFamily::Fnv1a).unwrap());
    run.run_slice(20_000);
    let corpus: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
    let hash_job = HashQualityJob {
        source: CorpusSource::Pasted,
        size: 3,
        m: 64,
        k: 3,
    };
    let hash_report = report(
        HashUnderTest::ALL[4],
        &corpus,
        hash_job.probes(&corpus),
        64,
        3,
    );
    vec![
        Answer::Measured {
            run: 1,
            plan: 1,
            measurement: crate::filter::measure_filter(&plan(), 3),
        },
        Answer::Judged {
            run: 2,
            plan: 0,
            verdict: agreement::Verdict::Departs {
                above: true,
                cause: Some(Cause::Spread),
            },
            double_hashing: vec![(0.0, 0.0), (16.0, 0.25), (17.0, f64::INFINITY)],
        },
        Answer::Judged {
            run: 2,
            plan: 1,
            verdict: agreement::Verdict::CouldBeChance,
            double_hashing: Vec::new(),
        },
        Answer::Grew {
            results: GrowResults {
                generation: 4,
                family: HashFamily::Fnv1a,
                points: run.points().to_vec(),
                slices: run.slices(),
                progress: run.progress(),
                done: false,
            },
        },
        Answer::HashReported {
            generation: 9,
            report: hash_report,
        },
        Answer::AppsReported {
            generation: 3,
            report: run_apps(&apps_job()).unwrap(),
        },
        Answer::FileShown {
            report: files_report(),
        },
        Answer::FileShown {
            report: FilesReport {
                error: Some(FileError::UnknownAlgorithm {
                    column: "a.b".into(),
                    part: crate::filter::parquet_summary::HeaderPart::Compression,
                    member: None,
                }),
                file: None,
            },
        },
        Answer::Refused,
    ]
}

#[test]
fn every_request_and_answer_decodes_to_itself() {
    for request in requests() {
        assert_eq!(
            Request::decode(&request.encode()),
            Ok(request.clone()),
            "{request:?}"
        );
    }
    for answer in answers() {
        assert_eq!(
            Answer::decode(&answer.encode()),
            Ok(answer.clone()),
            "{answer:?}"
        );
    }
    // The examples cover every variant: a variant added without one fails here.
    let request_kinds: std::collections::BTreeSet<u8> =
        requests().iter().map(|r| r.encode()[0]).collect();
    assert_eq!(request_kinds.len(), 6);
    let answer_kinds: std::collections::BTreeSet<u8> =
        answers().iter().map(|a| a.encode()[0]).collect();
    assert_eq!(answer_kinds.len(), 7);
}

#[test]
fn a_truncated_or_lengthened_message_is_an_error() {
    for request in requests() {
        let bytes = request.encode();
        for len in 0..bytes.len() {
            assert!(
                Request::decode(&bytes[..len]).is_err(),
                "{request:?} cut at {len}"
            );
        }
        let mut longer = bytes;
        longer.push(0);
        assert_eq!(Request::decode(&longer), Err(DecodeError::TrailingBytes));
    }
    for answer in answers() {
        let bytes = answer.encode();
        for len in 0..bytes.len() {
            assert!(
                Answer::decode(&bytes[..len]).is_err(),
                "{answer:?} cut at {len}"
            );
        }
    }
    assert_eq!(Answer::decode(&[]), Err(DecodeError::Truncated));
}

#[test]
fn bytes_that_describe_nothing_valid_are_an_error() {
    assert_eq!(Request::decode(&[6]), Err(DecodeError::UnknownTag(6)));
    assert_eq!(Answer::decode(&[7]), Err(DecodeError::UnknownTag(7)));
    // Every byte of every request changed in turn: an error or another request, never a
    // panic.
    for request in requests() {
        let bytes = request.encode();
        for at in 0..bytes.len() {
            for value in [0, 1, 0x7f, 0xff] {
                let mut changed = bytes.clone();
                changed[at] = value;
                let _ = Request::decode(&changed);
            }
        }
    }
    // m = 0, a checkpoint list that does not increase, a length beyond the message, a
    // text that is not UTF-8, a bool that is neither.
    let measure = Request::MeasureFilter {
        run: 1,
        task: FilterTask { plan: 0, filter: 0 },
        plan: plan(),
    };
    let bytes = measure.encode();
    let m_at = 1 + 8 + 16;
    let mut no_bits = bytes.clone();
    no_bits[m_at..m_at + 8].copy_from_slice(&0u64.to_le_bytes());
    assert_eq!(Request::decode(&no_bits), Err(DecodeError::Invalid));
    let checkpoints_at = m_at + 8 + 8 + 2 + 8;
    let mut decreasing = bytes.clone();
    decreasing[checkpoints_at..checkpoints_at + 8].copy_from_slice(&500u64.to_le_bytes());
    assert_eq!(Request::decode(&decreasing), Err(DecodeError::Invalid));
    // The answer's tag, Some, Unreadable's tag, the detail's length and bytes, no file.
    let shown = Answer::FileShown {
        report: FilesReport {
            error: Some(FileError::Unreadable {
                detail: "ab".into(),
            }),
            file: None,
        },
    }
    .encode();
    let mut too_long = shown.clone();
    too_long[3..11].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(Answer::decode(&too_long).is_err());
    let mut not_text = shown;
    not_text[11] = 0xff;
    assert_eq!(Answer::decode(&not_text), Err(DecodeError::NotText));
    let mut list = Answer::Judged {
        run: 1,
        plan: 0,
        verdict: agreement::Verdict::Consistent,
        double_hashing: Vec::new(),
    }
    .encode();
    list[1 + 8 + 8 + 1..].copy_from_slice(&u64::MAX.to_le_bytes());
    assert_eq!(Answer::decode(&list), Err(DecodeError::Truncated));
}

/// Every answer `request` gets from a lab worker, each through its bytes.
fn served(request: &Request) -> Vec<(Answer, bool)> {
    let request = Request::decode(&request.encode()).unwrap();
    let mut answers = Vec::new();
    let clock = std::cell::Cell::new(0.0);
    let now = || {
        clock.set(clock.get() + 1.0);
        clock.get()
    };
    answer(request, now, 2.0, |answer, last| {
        answers.push((Answer::decode(&answer.encode()).unwrap(), last))
    });
    answers
}

/// The lab's plans: one per family that hashes doubly.
fn lab_plans() -> Vec<ExperimentPlan> {
    HashFamily::DOUBLE_HASHING
        .into_iter()
        .map(|family| {
            let shape = FilterShape::new(2_000, 4, family).unwrap();
            ExperimentPlan::new(shape, vec![50, 200, 400], 700, 9, u64::MAX - 3).unwrap()
        })
        .collect()
}

/// The run shared among `workers` workers, as the page's pool does: each worker holds one
/// task; the one that answers next is chosen by a scrambled order, and it is handed the
/// queue's next task.
fn pooled(workers: usize) -> Vec<Vec<MeasuredPoint>> {
    let plans = lab_plans();
    let mut queue = TaskQueue::new(&plans);
    let mut runs: Vec<Experiment> = plans.iter().cloned().map(Experiment::new).collect();
    let request = |task: FilterTask| Request::MeasureFilter {
        run: 7,
        task,
        plan: plans[task.plan].clone(),
    };
    let mut holding: Vec<Option<Request>> = (0..workers)
        .map(|_| queue.next_task().map(request))
        .collect();
    let mut turn = 0u64;
    while holding.iter().any(Option::is_some) {
        turn += 1;
        let worker = (splitmix64(turn) % workers as u64) as usize;
        let Some(message) = holding[worker].take() else {
            continue;
        };
        let [(
            Answer::Measured {
                run: 7,
                plan,
                measurement,
            },
            true,
        )] = &served(&message)[..]
        else {
            panic!("not a measurement");
        };
        runs[*plan].accept(measurement.clone());
        holding[worker] = queue.next_task().map(request);
    }
    assert!(runs.iter().all(Experiment::is_done));
    runs.iter().map(Experiment::points).collect()
}

#[test]
fn one_two_and_four_workers_measure_the_same_points() {
    let alone: Vec<Vec<MeasuredPoint>> = lab_plans()
        .into_iter()
        .map(|plan| Experiment::new(plan).run_to_end())
        .collect();
    for workers in [1, 2, 4] {
        assert_eq!(pooled(workers), alone, "{workers} workers");
    }
    assert_eq!(alone[0][0].filters(), 9);
}

#[test]
fn a_judged_run_gets_the_verdict_the_page_would_compute() {
    let shape = FilterShape::new(32, 3, HashFamily::Murmur3).unwrap();
    let plan = ExperimentPlan::new(shape, vec![4, 8, 12, 16], 1000, 60, 1).unwrap();
    let points = Experiment::new(plan).run_to_end();
    let expected = agreement::verdict(&points, shape);
    assert!(
        matches!(expected, agreement::Verdict::Departs { above: true, .. }),
        "{expected:?}"
    );
    // The answer carries double hashing's exact rate from n = 0 to the last point's 16.
    let curve = double_hashing_rate::curve(shape, 16);
    assert_eq!(curve.last().map(|p| p.0), Some(16.0));
    let judged = Answer::Judged {
        run: 4,
        plan: 3,
        verdict: expected,
        double_hashing: curve,
    };
    assert_eq!(
        served(&Request::JudgeRun {
            run: 4,
            plan: 3,
            shape,
            points
        }),
        [(judged, true)]
    );
}

#[test]
fn a_request_no_job_runs_is_refused() {
    let beyond = Request::MeasureFilter {
        run: 5,
        task: FilterTask { plan: 1, filter: 9 },
        plan: plan(),
    };
    let no_plan = Request::Grow {
        generation: 1,
        family: HashFamily::Murmur3,
        job: GrowJob {
            s: 1,
            ..GrowJob::default()
        },
    };
    let no_bits = Request::HashQuality {
        generation: 1,
        job: HashQualityJob {
            m: 0,
            ..HashQualityJob::default()
        },
        pasted: String::new(),
    };
    let no_store = Request::Apps {
        generation: 1,
        job: AppsJob {
            share: 2.0,
            ..apps_job()
        },
    };
    let file = Request::ShowFile {
        open: None,
        value: String::new(),
        filter: 0,
        page: 0,
    };
    for request in [beyond, no_plan, no_bits, no_store, file] {
        assert_eq!(served(&request), [(Answer::Refused, true)], "{request:?}");
    }
}

#[test]
fn long_jobs_post_their_progress_then_their_last_answer() {
    let job = GrowJob::default();
    let mut grown = served(&Request::Grow {
        generation: 7,
        family: HashFamily::Murmur3,
        job,
    });
    let Some((Answer::Grew { results }, true)) = grown.pop() else {
        panic!("no last results");
    };
    assert!(results.done && results.generation == 7);
    assert_eq!(
        results.points,
        GrowingRun::new(job.plan(HashFamily::Murmur3).unwrap()).run_to_end()
    );
    assert!(!grown.is_empty(), "progress was posted");
    assert!(grown
        .iter()
        .all(|(a, last)| !last && matches!(a, Answer::Grew { results } if !results.done)));
    let slices: &[SliceInfo] = &results.slices;
    assert!(!slices.is_empty());

    let hash_job = HashQualityJob {
        source: CorpusSource::Pasted,
        size: 3,
        m: 64,
        k: 3,
    };
    let pasted = "apple\npear\nplum";
    let reports = served(&Request::HashQuality {
        generation: 4,
        job: hash_job,
        pasted: pasted.into(),
    });
    assert_eq!(reports.len(), HashUnderTest::ALL.len());
    let corpus: Vec<String> = pasted.split('\n').map(str::to_owned).collect();
    for (index, ((answer, last), hash)) in reports.into_iter().zip(HashUnderTest::ALL).enumerate() {
        let expected = report(hash, &corpus, hash_job.probes(&corpus), 64, 3);
        assert_eq!(
            answer,
            Answer::HashReported {
                generation: 4,
                report: expected
            }
        );
        assert_eq!(last, index == HashUnderTest::ALL.len() - 1);
    }

    let job = apps_job();
    let [(
        Answer::AppsReported {
            generation: 2,
            report,
        },
        true,
    )] = &served(&Request::Apps {
        generation: 2,
        job: job.clone(),
    })[..]
    else {
        panic!("no report");
    };
    let KvReport { counts, .. } = report.kv;
    assert_eq!(counts.lookups, 2_000);
    let MailReport { verdict, .. } = &report.mail;
    assert!(matches!(
        verdict,
        Some(
            MailVerdict::DeliveredNotInFilter
                | MailVerdict::DeliveredWhitelisted
                | MailVerdict::BlockedFalsePositive
        )
    ));
    assert_eq!(Some(report), run_apps(&job).as_ref());
}
