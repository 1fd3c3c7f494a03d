//! The space table's state: a measurement of every filter at every target rate, shared
//! among workers, and the rows that came back.
//!
//! A run is every [`SpaceJob`] of [`SpaceJob::all`]; workers take the jobs in order and
//! answer each with its row (or why it has none). The rows do not depend on which worker
//! measured them, so the table is the same for one worker or many; only the timings differ.

use crate::filter::space::{SpaceEps, SpaceError, SpaceFilter, SpaceJob, SpaceRow};
use crate::protocol::space::SpaceAnswer;

/// Where a measurement stands.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum SpaceStatus {
    /// Nothing measured yet.
    #[default]
    Idle,
    /// Jobs are out.
    Running,
    /// Every job answered.
    Done,
    /// A worker failed (its text); the rows so far stay.
    Broken(String),
}

impl SpaceStatus {
    /// The key the page gives the table (`data-status`).
    pub fn key(&self) -> &'static str {
        match self {
            SpaceStatus::Idle => "idle",
            SpaceStatus::Running => "running",
            SpaceStatus::Done => "done",
            SpaceStatus::Broken(_) => "failed",
        }
    }
}

/// The table's state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SpaceTableState {
    /// The measurement's number: answers of an earlier one are dropped.
    pub run: u64,
    /// Items (and probes) per job.
    pub n: u64,
    /// The workers the jobs were shared among.
    pub workers: u32,
    /// The jobs not yet handed out, in order.
    pub queue: Vec<SpaceJob>,
    /// The jobs of the run.
    pub total: usize,
    /// The rows measured.
    pub rows: Vec<SpaceRow>,
    /// The jobs that have no row, and why.
    pub failed: Vec<(SpaceJob, SpaceError)>,
    /// Where the measurement stands.
    pub status: SpaceStatus,
}

/// What changes the table.
#[derive(Debug, Clone, PartialEq)]
pub enum SpaceAction {
    /// Measure every filter at n items with the item source's `seed`, on `workers` workers.
    Start {
        /// Items per job.
        n: u64,
        /// The item source's seed.
        seed: u64,
        /// Workers to share the jobs among.
        workers: u32,
    },
    /// A worker answered.
    Answered(SpaceAnswer),
    /// A worker failed: every worker stops.
    Broke(String),
}

impl SpaceTableState {
    /// Applies `action`.
    pub fn apply(&mut self, action: SpaceAction) {
        match action {
            SpaceAction::Start { n, seed, workers } => {
                let mut queue = SpaceJob::all(n, seed);
                queue.reverse();
                *self = SpaceTableState {
                    run: self.run + 1,
                    n,
                    workers: workers.max(1),
                    total: queue.len(),
                    queue,
                    rows: Vec::new(),
                    failed: Vec::new(),
                    status: SpaceStatus::Running,
                };
            }
            SpaceAction::Answered(answer) => {
                if self.status != SpaceStatus::Running {
                    return;
                }
                match answer {
                    SpaceAnswer::Measured { run, row } if run == self.run => self.rows.push(row),
                    SpaceAnswer::Failed { run, job, error } if run == self.run => {
                        self.failed.push((job, error));
                    }
                    _ => return,
                }
                if self.answered() == self.total {
                    self.status = SpaceStatus::Done;
                }
            }
            SpaceAction::Broke(text) => {
                if self.status == SpaceStatus::Running {
                    self.queue.clear();
                    self.status = SpaceStatus::Broken(text);
                }
            }
        }
    }

    /// The next job to hand a worker, taken from the queue.
    pub fn next_job(&mut self) -> Option<SpaceJob> {
        if self.status == SpaceStatus::Running {
            self.queue.pop()
        } else {
            None
        }
    }

    /// Jobs answered so far.
    pub fn answered(&self) -> usize {
        self.rows.len() + self.failed.len()
    }

    /// The row of `filter` at `eps`, if measured.
    pub fn row(&self, filter: SpaceFilter, eps: SpaceEps) -> Option<&SpaceRow> {
        self.rows
            .iter()
            .find(|r| r.job.filter == filter && r.job.eps == eps)
    }

    /// Why `filter` at `eps` has no row, if it failed.
    pub fn failure(&self, filter: SpaceFilter, eps: SpaceEps) -> Option<SpaceError> {
        self.failed
            .iter()
            .find(|(job, _)| job.filter == filter && job.eps == eps)
            .map(|&(_, error)| error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::space::{serve, SpaceRequest};

    /// Runs the state's jobs with `workers` simulated workers taking turns.
    fn run(workers: u32) -> SpaceTableState {
        let mut state = SpaceTableState::default();
        state.apply(SpaceAction::Start {
            n: 10_000,
            seed: 5,
            workers,
        });
        let mut held: Vec<Vec<SpaceJob>> = vec![Vec::new(); workers as usize];
        loop {
            for hand in held.iter_mut() {
                if let Some(job) = state.next_job() {
                    hand.push(job);
                }
            }
            let Some(hand) = held.iter_mut().rev().find(|h| !h.is_empty()) else {
                break;
            };
            let job = hand.remove(0);
            let request = SpaceRequest {
                run: state.run,
                job,
            };
            state.apply(SpaceAction::Answered(serve(&request.encode(), &|| 0.0)));
        }
        state
    }

    #[test]
    fn one_worker_or_four_give_the_same_rows() {
        let (one, four) = (run(1), run(4));
        assert_eq!(one.status, SpaceStatus::Done);
        assert_eq!(one.answered(), one.total);
        for filter in SpaceFilter::ALL {
            for eps in SpaceEps::ALL {
                let figures = |s: &SpaceTableState| {
                    s.row(filter, eps)
                        .map(|r| (r.rate, r.memory_bits, r.sizing))
                };
                assert_eq!(figures(&one), figures(&four), "{filter:?} {eps:?}");
                assert_eq!(one.failure(filter, eps), four.failure(filter, eps));
            }
        }
    }

    #[test]
    fn answers_of_an_earlier_run_and_after_a_failure_are_dropped() {
        let mut state = SpaceTableState::default();
        state.apply(SpaceAction::Start {
            n: 10_000,
            seed: 1,
            workers: 2,
        });
        let job = state.next_job().unwrap();
        let stale = serve(&SpaceRequest { run: 0, job }.encode(), &|| 0.0);
        state.apply(SpaceAction::Answered(stale));
        assert_eq!(state.answered(), 0);
        state.apply(SpaceAction::Broke("worker failed".into()));
        assert_eq!(state.status.key(), "failed");
        assert_eq!(state.next_job(), None);
        let late = serve(
            &SpaceRequest {
                run: state.run,
                job,
            }
            .encode(),
            &|| 0.0,
        );
        state.apply(SpaceAction::Answered(late));
        assert_eq!(state.answered(), 0);
    }
}
