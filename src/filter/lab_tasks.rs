//! The lab's work shared among workers: one task per filter of each plan, handed out in a
//! fixed order, the verdict on a finished run, and the messages between the page and a
//! worker as lists of numbers.
//!
//! Filter t of a plan has its own items ([`ExperimentPlan::source_of_filter`]), and
//! [`Experiment::accept`](super::Experiment::accept) files its counts in filter order, so a
//! run gives the same points with one worker or eight, whichever finishes first.
//!
//! Every number in a message is a whole number below 2^53, exact in a JavaScript number:
//! the 64-bit seed travels as two 32-bit halves.
//!
//! The first number says what the message is, the second which run it belongs to (the
//! page's number for the run, echoed in the answer so that answers of a cancelled run are
//! dropped):
//!
//! ```text
//! 0, run, plan index, filter, m, k, family, layout, probes, seed >> 32, seed mod 2^32,
//!    filters, then the J checkpoints              measure one filter
//! 0, run, plan index, filter, then J false-positive counts, then J counts of bits set
//!                                                 its answer
//! 1, run, plan index, m, k, family, layout, probes, J, T, then the J values of n, then
//!    for each point its T counts                  judge a finished run
//! 1, run, plan index, verdict (0 consistent, 1 could be chance, 2 departs), above (0 or
//!    1), cause (0 none, 1 double hashing, 2 the hash's spread), then pairs n, rate of
//!    double hashing's exact rate from n = 0 to the last n (none where it is not computed)
//!                                                 its answer
//! ```
//!
//! The rates of a judged run's curve are the only numbers that are not whole.

use super::agreement::{self, Cause, Verdict};
use super::double_hashing_rate;
use super::experiment::{measure_filter, ExperimentPlan, FilterMeasurement, MeasuredPoint};
use super::hashing::{HashFamily, Layout};
use super::params::FilterShape;

/// Numbers before the checkpoints in a request to measure a filter.
const REQUEST_HEAD: usize = 12;
/// The kind of a message that measures a filter.
const MEASURE: f64 = 0.0;
/// The kind of a message that judges a run.
const JUDGE: f64 = 1.0;

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

/// The request for `task` of the plan `plan`, in run `run`.
pub fn request(run: u64, task: FilterTask, plan: &ExperimentPlan) -> Vec<f64> {
    let shape = plan.shape();
    let mut out = vec![MEASURE, run as f64, task.plan as f64, task.filter as f64];
    out.extend(shape_numbers(shape));
    out.extend([
        plan.probes() as f64,
        (plan.seed() >> 32) as f64,
        (plan.seed() & 0xffff_ffff) as f64,
        plan.filters() as f64,
    ]);
    out.extend(plan.checkpoints().iter().map(|&n| n as f64));
    out
}

/// A number of a message as a whole number, if it is one below 2^53.
pub fn whole(value: f64) -> Option<u64> {
    let exact = (0.0..9_007_199_254_740_992.0).contains(&value) && value.fract() == 0.0;
    exact.then_some(value as u64)
}

/// A family's number in messages: its place in [`HashFamily::ALL`].
pub fn family_number(family: HashFamily) -> u64 {
    HashFamily::ALL
        .iter()
        .position(|&f| f == family)
        .unwrap_or(0) as u64
}

/// A shape as four numbers: m, k, family, layout.
fn shape_numbers(shape: FilterShape) -> [f64; 4] {
    let layout = Layout::ALL.iter().position(|&l| l == shape.layout());
    [
        shape.m() as f64,
        f64::from(shape.k()),
        family_number(shape.family()) as f64,
        layout.unwrap_or(0) as f64,
    ]
}

/// The shape four numbers describe, if valid.
fn read_shape(numbers: &[u64]) -> Option<FilterShape> {
    let family = *HashFamily::ALL.get(*numbers.get(2)? as usize)?;
    let layout = *Layout::ALL.get(*numbers.get(3)? as usize)?;
    let k = u32::try_from(numbers[1]).ok()?;
    FilterShape::new(numbers[0], k, family)
        .and_then(|s| s.with_layout(layout))
        .ok()
}

/// A message's numbers as whole numbers, if every one is.
fn whole_numbers(message: &[f64]) -> Option<Vec<u64>> {
    let mut numbers = Vec::with_capacity(message.len());
    for &value in message {
        numbers.push(whole(value)?);
    }
    Some(numbers)
}

/// The run, task and plan a request describes, or `None` when it describes no valid plan.
pub fn read_request(request: &[f64]) -> Option<(u64, FilterTask, ExperimentPlan)> {
    let numbers = whole_numbers(request)?;
    if numbers.len() < REQUEST_HEAD || request[0] != MEASURE {
        return None;
    }
    let shape = read_shape(&numbers[4..8])?;
    let seed = (numbers[9] << 32) | (numbers[10] & 0xffff_ffff);
    let checkpoints = numbers[REQUEST_HEAD..].to_vec();
    let plan = ExperimentPlan::new(shape, checkpoints, numbers[8], numbers[11], seed).ok()?;
    let task = FilterTask {
        plan: numbers[2] as usize,
        filter: numbers[3],
    };
    (task.filter < plan.filters()).then_some((numbers[1], task, plan))
}

/// The request to judge plan `plan_index`'s finished points, in run `run`.
pub fn judge_request(
    run: u64,
    plan_index: usize,
    plan: &ExperimentPlan,
    points: &[MeasuredPoint],
) -> Vec<f64> {
    // Every point has the same filters; the fewest any has, to be safe.
    let mut filters = points.first().map_or(0, |p| p.false_positives.len());
    for point in points {
        filters = filters.min(point.false_positives.len());
    }
    let mut out = vec![JUDGE, run as f64, plan_index as f64];
    out.extend(shape_numbers(plan.shape()));
    out.extend([plan.probes() as f64, points.len() as f64, filters as f64]);
    for point in points {
        out.push(point.n as f64);
    }
    for point in points {
        for &count in &point.false_positives[..filters] {
            out.push(count as f64);
        }
    }
    out
}

/// The run, plan index, shape and points a judge request carries.
fn read_judge_request(request: &[f64]) -> Option<(u64, usize, FilterShape, Vec<MeasuredPoint>)> {
    let numbers = whole_numbers(request)?;
    if numbers.len() < 10 || request[0] != JUDGE {
        return None;
    }
    let shape = read_shape(&numbers[3..7])?;
    let (probes, points, filters) = (numbers[7], numbers[8] as usize, numbers[9] as usize);
    let counts = &numbers[10..];
    if counts.len() != points.checked_mul(filters.checked_add(1)?)? {
        return None;
    }
    let (ns, counts) = counts.split_at(points);
    let points = ns
        .iter()
        .zip(counts.chunks(filters.max(1)))
        .map(|(&n, counts)| MeasuredPoint {
            n,
            probes,
            false_positives: counts.to_vec(),
            ones: 0,
        })
        .collect();
    Some((numbers[1], numbers[2] as usize, shape, points))
}

/// A verdict as three numbers: which, above, cause.
fn verdict_numbers(verdict: Verdict) -> [f64; 3] {
    match verdict {
        Verdict::Consistent => [0.0, 0.0, 0.0],
        Verdict::CouldBeChance => [1.0, 0.0, 0.0],
        Verdict::Departs { above, cause } => {
            let cause = match cause {
                None => 0.0,
                Some(Cause::DoubleHashing) => 1.0,
                Some(Cause::Spread) => 2.0,
            };
            [2.0, f64::from(u8::from(above)), cause]
        }
    }
}

/// The verdict three numbers describe.
fn read_verdict_numbers(numbers: &[u64]) -> Option<Verdict> {
    let cause = match numbers.get(2)? {
        0 => None,
        1 => Some(Cause::DoubleHashing),
        2 => Some(Cause::Spread),
        _ => return None,
    };
    match numbers[0] {
        0 => Some(Verdict::Consistent),
        1 => Some(Verdict::CouldBeChance),
        2 => Some(Verdict::Departs {
            above: numbers[1] == 1,
            cause,
        }),
        _ => None,
    }
}

/// What a worker sends back for `request`: the filter measured, or the run judged; `None`
/// for a request that describes neither.
pub fn answer(request: &[f64]) -> Option<Vec<f64>> {
    if let Some((run, plan_index, shape, points)) = read_judge_request(request) {
        let mut out = vec![JUDGE, run as f64, plan_index as f64];
        out.extend(verdict_numbers(agreement::verdict(&points, shape)));
        let n_max = points.last().map_or(0, |p| p.n);
        for (n, rate) in double_hashing_rate::curve(shape, n_max) {
            out.extend([n, rate]);
        }
        return Some(out);
    }
    let (run, task, plan) = read_request(request)?;
    let measured = measure_filter(&plan, task.filter);
    let mut out = vec![MEASURE, run as f64, task.plan as f64, task.filter as f64];
    out.extend(measured.false_positives.iter().map(|&c| c as f64));
    out.extend(measured.ones.iter().map(|&c| c as f64));
    Some(out)
}

/// What an answer says.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// One filter of plan `.0` measured.
    Measured(usize, FilterMeasurement),
    /// Plan `.0`'s run judged, with double hashing's exact rate as `(n, rate)` where it
    /// was computed.
    Judged(usize, Verdict, Vec<(f64, f64)>),
}

/// The run an answer belongs to and what it carries, or `None` when it is malformed.
pub fn read_answer(answer: &[f64]) -> Option<(u64, Answer)> {
    if answer.first() == Some(&JUDGE) {
        let (head, rates) = answer.split_at_checked(6)?;
        let head = whole_numbers(head)?;
        let verdict = read_verdict_numbers(&head[3..])?;
        let pairs = rates.chunks_exact(2);
        if !pairs.remainder().is_empty() || rates.iter().any(|r| !r.is_finite()) {
            return None;
        }
        let curve = pairs.map(|pair| (pair[0], pair[1])).collect();
        return Some((head[1], Answer::Judged(head[2] as usize, verdict, curve)));
    }
    let numbers = whole_numbers(answer)?;
    let (head, rest) = numbers.split_at_checked(3)?;
    let (run, plan) = (head[1], head[2] as usize);
    let (filter, counts) = rest.split_first()?;
    if answer[0] != MEASURE || counts.len() % 2 != 0 {
        return None;
    }
    let (false_positives, ones) = counts.split_at(counts.len() / 2);
    let measurement = FilterMeasurement {
        filter: *filter,
        false_positives: false_positives.to_vec(),
        ones: ones.to_vec(),
    };
    Some((run, Answer::Measured(plan, measurement)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{Experiment, MeasuredPoint};

    fn plans() -> Vec<ExperimentPlan> {
        HashFamily::DOUBLE_HASHING
            .into_iter()
            .map(|family| {
                let shape = FilterShape::new(2_000, 4, family).unwrap();
                ExperimentPlan::new(shape, vec![50, 200, 400], 700, 9, u64::MAX - 3).unwrap()
            })
            .collect()
    }

    /// The run shared among `workers` workers, as the page's pool does: each worker holds
    /// one task; the one that answers next is chosen by a scrambled order, and it is
    /// handed the queue's next task. Every request and answer goes through its numbers.
    fn pooled(workers: usize) -> Vec<Vec<MeasuredPoint>> {
        let plans = plans();
        let mut queue = TaskQueue::new(&plans);
        let mut runs: Vec<Experiment> = plans.iter().cloned().map(Experiment::new).collect();
        let mut holding: Vec<Option<Vec<f64>>> = (0..workers)
            .map(|_| queue.next_task().map(|t| request(7, t, &plans[t.plan])))
            .collect();
        let mut turn = 0u64;
        while holding.iter().any(Option::is_some) {
            turn += 1;
            let worker = (crate::filter::experiment::splitmix64(turn) % workers as u64) as usize;
            let Some(message) = holding[worker].take() else {
                continue;
            };
            let Some((7, Answer::Measured(plan, measured))) =
                read_answer(&answer(&message).unwrap())
            else {
                panic!("not a measurement");
            };
            runs[plan].accept(measured);
            holding[worker] = queue.next_task().map(|t| request(7, t, &plans[t.plan]));
        }
        assert!(runs.iter().all(Experiment::is_done));
        runs.iter().map(Experiment::points).collect()
    }

    #[test]
    fn one_two_and_four_workers_measure_the_same_points() {
        let alone: Vec<Vec<MeasuredPoint>> = plans()
            .into_iter()
            .map(|plan| Experiment::new(plan).run_to_end())
            .collect();
        for workers in [1, 2, 4] {
            assert_eq!(pooled(workers), alone, "{workers} workers");
        }
        assert_eq!(alone[0][0].filters(), 9);
    }

    #[test]
    fn tasks_go_out_filter_by_filter_across_the_plans() {
        let plans = plans();
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

    #[test]
    fn a_request_keeps_a_64_bit_seed_and_bad_messages_are_refused() {
        let plan = &plans()[1];
        let task = FilterTask { plan: 1, filter: 8 };
        let (run, read_task, read_plan) = read_request(&request(5, task, plan)).unwrap();
        assert_eq!((run, read_task, &read_plan), (5, task, plan));
        let mut bad = request(5, task, plan);
        bad[3] = 9.0; // filter 9 of 9
        assert_eq!(read_request(&bad), None);
        for (at, value) in [
            (0, 2.0),
            (4, 0.0),
            (5, 0.5),
            (6, 7.0),
            (8, -1.0),
            (12, f64::NAN),
        ] {
            let mut bad = request(5, task, plan);
            bad[at] = value;
            assert_eq!(read_request(&bad), None, "{at} = {value}");
        }
        assert_eq!(answer(&[1.0, 2.0]), None);
        assert_eq!(read_answer(&[0.0, 1.0, 1.0, 2.0, 5.0]), None);
        assert_eq!(read_answer(&[0.0]), None);
        assert_eq!(read_answer(&[1.0, 1.0, 0.0, 3.0, 0.0, 0.0]), None);
    }

    #[test]
    fn a_judged_run_gets_the_verdict_the_page_would_compute() {
        let shape = FilterShape::new(32, 3, HashFamily::Murmur3).unwrap();
        let plan = ExperimentPlan::new(shape, vec![4, 8, 12, 16], 1000, 60, 1).unwrap();
        let points = Experiment::new(plan.clone()).run_to_end();
        let expected = agreement::verdict(&points, shape);
        assert!(
            matches!(expected, Verdict::Departs { above: true, .. }),
            "{expected:?}"
        );
        let answered = answer(&judge_request(4, 3, &plan, &points)).unwrap();
        // The answer carries double hashing's exact rate from n = 0 to the last point's 16.
        let curve = double_hashing_rate::curve(shape, 16);
        assert_eq!(curve.last().map(|p| p.0), Some(16.0));
        assert_eq!(
            read_answer(&answered),
            Some((4, Answer::Judged(3, expected, curve)))
        );
        // An answer with half a pair, or a rate that is not a number, is refused.
        let mut odd = answered.clone();
        odd.pop();
        assert_eq!(read_answer(&odd), None);
        let mut broken = answered;
        broken[7] = f64::NAN;
        assert_eq!(read_answer(&broken), None);
        // A request whose counts do not fill its points is refused.
        let mut short = judge_request(4, 3, &plan, &points);
        short.pop();
        assert_eq!(answer(&short), None);
    }
}
