//! The messages between the page and its Web Workers: one [`Request`] per message the
//! page sends, one [`Answer`] per message a worker sends back, and their encoding as bytes
//! ([`Request::encode`], [`Answer::decode`], …), which `static/workers.js` moves without
//! reading. The lab's workers (`src/bin/lab_worker.rs`, [`serve::answer`]) take every
//! request but [`Request::ShowFile`], which only the Parquet worker
//! (`src/bin/parquet_worker.rs`) takes:
//!
//! ```text
//! request                                  answer
//! MeasureFilter { run, task, plan }        Measured { run, plan, measurement }
//! JudgeRun { run, plan, shape, points }    Judged { run, plan, verdict, double_hashing }
//! Grow { generation, family, job }         Grew { results }: progress, then the last
//! HashQuality { generation, job, pasted }  HashReported { generation, report }, per hash
//! Apps { generation, job }                 AppsReported { generation, report }
//! ShowFile { open, value, filter, page }  FileShown { report }
//! a request a worker cannot do             Refused
//! ```
//!
//! `run` is the lab's number for a run and `generation` a view's number for its job: the
//! answer echoes it, so that answers of a replaced run or job are dropped. Decoding checks
//! what the core's constructors check (a filter's shape, an experiment's plan) and never
//! panics: bytes that are not a message are a [`DecodeError`]. The encoding of each value
//! is in `wire.rs` (numbers, texts, lists) and `values.rs` (the core's values).

pub mod embed_dialog;
pub mod files_view;
pub mod filters_view;
pub mod serve;
pub mod space;
mod values;
mod wire;

#[cfg(test)]
mod tests;

use crate::filter::agreement::Verdict;
use crate::filter::experiment::{ExperimentPlan, FilterMeasurement, MeasuredPoint};
use crate::filter::growing::{GrowJob, GrowResults};
use crate::filter::hash_quality::HashReport;
use crate::filter::hash_quality_job::HashQualityJob;
use crate::filter::hashing::HashFamily;
use crate::filter::lab_tasks::FilterTask;
use crate::filter::params::FilterShape;
use crate::filter::parquet_report::FilesReport;
use crate::filter::use_cases::{AppsJob, AppsReport};
use wire::{wire_enum, wire_struct, Reader, Wire};

pub use wire::DecodeError;

/// What the page asks a worker to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Measure filter `task.filter` of plan `task.plan` of the lab's run `run`.
    MeasureFilter {
        /// The run.
        run: u64,
        /// The plan's index in the run and the filter.
        task: FilterTask,
        /// The plan.
        plan: ExperimentPlan,
    },
    /// Judge plan `plan`'s finished points, of filters of `shape`.
    JudgeRun {
        /// The run.
        run: u64,
        /// The plan's index in the run.
        plan: usize,
        /// The filters' shape.
        shape: FilterShape,
        /// The points measured, in order of n.
        points: Vec<MeasuredPoint>,
    },
    /// Run the growing-filters view's job with `family`.
    Grow {
        /// The view's number for the job.
        generation: u64,
        /// The hash family of every filter.
        family: HashFamily,
        /// The job.
        job: GrowJob,
    },
    /// Report on every hash under test for the hash-quality view's job.
    HashQuality {
        /// The view's number for the job.
        generation: u64,
        /// The job.
        job: HashQualityJob,
        /// The pasted corpus's lines joined by `\n` when the corpus is pasted, else empty.
        pasted: String,
    },
    /// Run the use cases' simulations.
    Apps {
        /// The view's number for the job.
        generation: u64,
        /// The job, with the address to check.
        job: AppsJob,
    },
    /// Show the files view's content: the file opened last (or the one `open` names), the
    /// value tried against its filters and the filter drawn, in `lang`.
    ShowFile {
        /// A file to open first, or none to show the last one again.
        open: Option<FileToOpen>,
        /// The value tried.
        value: String,
        /// The filter drawn, by its place in the file's list.
        filter: usize,
        /// The page of the table of filters shown (filters `page · PAGE_ROWS` onwards,
        /// [`crate::filter::parquet_report::PAGE_ROWS`]); a page past the last shows the last.
        page: usize,
    },
}

/// A file the Parquet worker opens.
#[derive(Debug, Clone, PartialEq)]
pub struct FileToOpen {
    /// Its name, as the page shows it.
    pub name: String,
    /// Where the worker fetches it (beside the page: the bundled example); none for a file
    /// chosen on this computer, whose `Blob` travels beside the request.
    pub address: Option<String>,
}

/// What a worker sends back.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// One filter of a lab run measured.
    Measured {
        /// The run.
        run: u64,
        /// The plan's index in the run.
        plan: usize,
        /// The filter's counts.
        measurement: FilterMeasurement,
    },
    /// A finished lab run judged.
    Judged {
        /// The run.
        run: u64,
        /// The plan's index in the run.
        plan: usize,
        /// The verdict.
        verdict: Verdict,
        /// Double hashing's exact rate as `(n, rate)`, where it is computed.
        double_hashing: Vec<(f64, f64)>,
    },
    /// A growing-filters run's results so far (its last when `results.done`).
    Grew {
        /// The results, with the job's generation.
        results: GrowResults,
    },
    /// One hash's report on a hash-quality job.
    HashReported {
        /// The job's generation.
        generation: u64,
        /// The report.
        report: HashReport,
    },
    /// The use cases' report.
    AppsReported {
        /// The job's generation.
        generation: u64,
        /// The report.
        report: AppsReport,
    },
    /// What the Parquet worker found: the files view's content, as data.
    FileShown {
        /// The report.
        report: FilesReport,
    },
    /// The request was not one this worker can do (not a message, or values no job runs).
    Refused,
}

wire_enum!(Request {
    0 => MeasureFilter { run, task, plan },
    1 => JudgeRun { run, plan, shape, points },
    2 => Grow { generation, family, job },
    3 => HashQuality { generation, job, pasted },
    4 => Apps { generation, job },
    5 => ShowFile { open, value, filter, page },
});

wire_struct!(FileToOpen { name, address });

wire_enum!(Answer {
    0 => Measured { run, plan, measurement },
    1 => Judged { run, plan, verdict, double_hashing },
    2 => Grew { results },
    3 => HashReported { generation, report },
    4 => AppsReported { generation, report },
    5 => FileShown { report },
    6 => Refused {},
});

impl Request {
    /// The request as bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }

    /// The request `bytes` hold, or why they hold none.
    pub fn decode(bytes: &[u8]) -> Result<Request, DecodeError> {
        wire::decode(bytes)
    }
}

impl Answer {
    /// The answer as bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }

    /// The answer `bytes` hold, or why they hold none.
    pub fn decode(bytes: &[u8]) -> Result<Answer, DecodeError> {
        wire::decode(bytes)
    }
}
