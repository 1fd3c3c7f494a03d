//! A growing-filters run as a job of the page's workers: the last valid values of the view
//! ([`GrowJob`]), what a run has measured so far ([`GrowResults`]), and [`run_grow`], which
//! runs a job to its end and hands over its results as it goes.

use super::{GrowError, GrowParams, GrowPlan, GrowPoint, GrowingRun, SliceInfo};
use crate::filter::HashFamily;

/// Non-members asked at each checkpoint.
pub const GROW_PROBES: u64 = 5_000;
/// Checkpoints along the stream.
pub const GROW_CHECKPOINTS: u64 = 20;
/// The seed of the stream's items and probes.
pub const GROW_SEED: u64 = 1;

/// The n the fixed design is sized for: a tenth of the stream, rounded up.
pub fn guess(n: u64) -> u64 {
    n.div_ceil(10)
}

/// What is run: the last valid values, which together make a plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GrowJob {
    /// m0.
    pub m0: u64,
    /// p.
    pub p: f64,
    /// r.
    pub r: f64,
    /// s.
    pub s: u64,
    /// n.
    pub n: u64,
}

impl Default for GrowJob {
    fn default() -> Self {
        GrowJob {
            m0: 2000,
            p: 0.01,
            r: 0.5,
            s: 2,
            n: 10_000,
        }
    }
}

impl GrowJob {
    /// The simulation's parameters for this job with `family`.
    pub fn params(self, family: HashFamily) -> GrowParams {
        GrowParams {
            m0: self.m0,
            p: self.p,
            r: self.r,
            s: self.s,
            n: self.n,
            guess_n: guess(self.n),
            probes: GROW_PROBES,
            checkpoints: GROW_CHECKPOINTS,
            seed: GROW_SEED,
            family,
        }
    }

    /// The plan of this job with `family`.
    pub fn plan(self, family: HashFamily) -> Result<GrowPlan, GrowError> {
        GrowPlan::new(self.params(family))
    }
}

/// A run's measurements so far.
#[derive(Debug, Clone, PartialEq)]
pub struct GrowResults {
    /// The job's generation.
    pub generation: u64,
    /// The family it ran with.
    pub family: HashFamily,
    /// Checkpoints measured, in order.
    pub points: Vec<GrowPoint>,
    /// The scalable design's slices opened so far.
    pub slices: Vec<SliceInfo>,
    /// Fraction done, 0 to 1.
    pub progress: f64,
    /// Every checkpoint measured.
    pub done: bool,
}

/// Operations between two looks at the clock in a growing run.
const GROW_SLICE: u64 = 4096;

/// Runs `job` with `family` to its end, handing the results so far to `post` whenever
/// `now()` (milliseconds) has moved on by `every_ms`, then the last results with `true`.
/// The results carry `generation`, the view's number for the job. An error when the job
/// makes no valid plan.
pub fn run_grow(
    generation: u64,
    family: HashFamily,
    job: GrowJob,
    now: impl Fn() -> f64,
    every_ms: f64,
    mut post: impl FnMut(GrowResults, bool),
) -> Result<(), GrowError> {
    let mut run = GrowingRun::new(job.plan(family)?);
    let mut last = now();
    loop {
        let done = run.run_slice(GROW_SLICE);
        if done || now() - last >= every_ms {
            last = now();
            let results = GrowResults {
                generation,
                family,
                points: run.points().to_vec(),
                slices: run.slices(),
                progress: run.progress(),
                done,
            };
            post(results, done);
        }
        if done {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_growing_run_posts_its_progress_then_the_runs_own_results() {
        let job = GrowJob::default();
        let family = HashFamily::Murmur3;
        let mut posted = Vec::new();
        let clock = std::cell::Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 1.0);
            clock.get()
        };
        run_grow(7, family, job, now, 2.0, |results, last| {
            posted.push((results, last))
        })
        .unwrap();
        let (last, is_last) = posted.pop().unwrap();
        assert!(is_last && last.done && last.progress == 1.0);
        assert!(posted
            .iter()
            .all(|(r, last)| !last && !r.done && r.generation == 7));
        assert!(!posted.is_empty(), "progress was posted");
        let expected = GrowingRun::new(job.plan(family).unwrap()).run_to_end();
        assert_eq!(last.points, expected);
        assert!(!last.slices.is_empty());
        let no_plan = GrowJob { s: 1, ..job };
        assert!(run_grow(1, family, no_plan, || 0.0, 1.0, |_, _| {}).is_err());
    }
}
