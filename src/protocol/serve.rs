//! What the lab's workers answer: each request run by the core's job for it
//! ([`measure_filter`], [`judge`], [`run_grow`], [`run_hash_quality`], [`run_apps`]).

use super::{Answer, Request};
use crate::filter::experiment::measure_filter;
use crate::filter::growing::run_grow;
use crate::filter::hash_quality_job::run_hash_quality;
use crate::filter::lab_tasks::judge;
use crate::filter::use_cases::run_apps;

/// Answers `request`, handing each answer to `post` with `true` for the last: a long job
/// (a growing-filters run, every `every_ms` by `now()` in milliseconds; a hash-quality job,
/// per hash) posts several. A request no job runs gets [`Answer::Refused`].
pub fn answer(
    request: Request,
    now: impl Fn() -> f64,
    every_ms: f64,
    mut post: impl FnMut(Answer, bool),
) {
    let done = match request {
        Request::MeasureFilter { run, task, plan } => {
            let fits = task.filter < plan.filters();
            if fits {
                let measurement = measure_filter(&plan, task.filter);
                let plan = task.plan;
                post(
                    Answer::Measured {
                        run,
                        plan,
                        measurement,
                    },
                    true,
                );
            }
            fits
        }
        Request::JudgeRun {
            run,
            plan,
            shape,
            points,
        } => {
            let (verdict, double_hashing) = judge(shape, &points);
            let judged = Answer::Judged {
                run,
                plan,
                verdict,
                double_hashing,
            };
            post(judged, true);
            true
        }
        Request::Grow {
            generation,
            family,
            job,
        } => {
            let grew = |results, last| post(Answer::Grew { results }, last);
            run_grow(generation, family, job, now, every_ms, grew).is_ok()
        }
        Request::HashQuality {
            generation,
            job,
            pasted,
        } => {
            let reported = |report, last| post(Answer::HashReported { generation, report }, last);
            run_hash_quality(job, &pasted, reported).is_ok()
        }
        Request::Apps { generation, job } => match run_apps(&job) {
            Some(report) => {
                post(Answer::AppsReported { generation, report }, true);
                true
            }
            None => false,
        },
        Request::ShowFile { .. } => false,
    };
    if !done {
        post(Answer::Refused, true);
    }
}
