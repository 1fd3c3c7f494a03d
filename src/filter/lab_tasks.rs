//! The lab's work shared among workers: one task per filter of each plan, handed out in a
//! fixed order, and the verdict on a finished run.
//!
//! Filter t of a plan has its own items ([`ExperimentPlan::source_of_filter`]), and
//! [`Experiment::accept`](super::Experiment::accept) files its counts in filter order, so a
//! run gives the same points with one worker or eight, whichever finishes first.

use super::agreement::{self, Verdict};
use super::double_hashing_rate;
use super::experiment::{ExperimentPlan, MeasuredPoint};
use super::params::FilterShape;

/// One filter of one plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FilterTask {
    /// The plan's index in the run.
    pub plan: usize,
    /// The filter, from 0.
    pub filter: u64,
}

/// The tasks of a run in the order they are handed out: filter 0 of every plan, then
/// filter 1, and so on, so that the families of a comparison progress together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskQueue {
    plans: usize,
    filters: u64,
    handed_out: u64,
}

impl TaskQueue {
    /// The queue of a run of `plans` (every plan of a run has the same number of filters).
    pub fn new(plans: &[ExperimentPlan]) -> Self {
        TaskQueue {
            plans: plans.len(),
            filters: plans.first().map_or(0, |p| p.filters()),
            handed_out: 0,
        }
    }

    /// The next task, or `None` when every task has been handed out.
    pub fn next_task(&mut self) -> Option<FilterTask> {
        let total = self.filters.checked_mul(self.plans as u64)?;
        if self.handed_out >= total {
            return None;
        }
        let task = FilterTask {
            plan: (self.handed_out % self.plans as u64) as usize,
            filter: self.handed_out / self.plans as u64,
        };
        self.handed_out += 1;
        Some(task)
    }
}

/// The verdict on a finished run of `shape` with these `points`, and double hashing's
/// exact rate `(n, rate)` from n = 0 to the last point's n where it is computed
/// ([`double_hashing_rate::curve`]).
pub fn judge(shape: FilterShape, points: &[MeasuredPoint]) -> (Verdict, Vec<(f64, f64)>) {
    let n_max = points.last().map_or(0, |p| p.n);
    (
        agreement::verdict(points, shape),
        double_hashing_rate::curve(shape, n_max),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::HashFamily;

    #[test]
    fn tasks_go_out_filter_by_filter_across_the_plans() {
        let plans: Vec<ExperimentPlan> = HashFamily::DOUBLE_HASHING
            .into_iter()
            .map(|family| {
                let shape = FilterShape::new(2_000, 4, family).unwrap();
                ExperimentPlan::new(shape, vec![50, 200, 400], 700, 9, u64::MAX - 3).unwrap()
            })
            .collect();
        let mut queue = TaskQueue::new(&plans);
        let order: Vec<(usize, u64)> = std::iter::from_fn(|| queue.next_task())
            .map(|t| (t.plan, t.filter))
            .take(4)
            .collect();
        assert_eq!(order, vec![(0, 0), (1, 0), (0, 1), (1, 1)]);
        let mut queue = TaskQueue::new(&plans);
        assert_eq!(std::iter::from_fn(|| queue.next_task()).count(), 18);
        assert_eq!(queue.next_task(), None);
    }
}
