//! The lab's pool of Web Workers, each running the core in WebAssembly
//! (`src/bin/lab_worker.rs`). The pool starts on the lab's first run and is reused after;
//! it has one worker per core (`navigator.hardwareConcurrency`, at most
//! [`DEFAULT_WORKERS_CAP`]) unless the link's `workers=` says otherwise.
//!
//! `static/lab_pool.js` starts and stops the workers and moves messages; this module
//! decides the work. Each idle worker asks for the next task, one filter of one plan
//! ([`TaskQueue`]); the answers go to the lab's state as [`LabAction::FiltersMeasured`], at
//! most one action every [`BATCH_MS`], so that the page draws a few times a second rather
//! than once per filter and leaves the cores to the workers. The page's thread only files
//! counts and draws. Once the run is done, workers judge each
//! family's points ([`LabAction::Judged`]), so the statistics also stay off the page's
//! thread. Pausing stops handing out tasks; answers of a cancelled run are dropped (every
//! message names its run). When a worker fails, the pool stops and the run ends with what it
//! measured and a notice; the next run starts new workers.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Float64Array, Function};
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::filter::lab_tasks::{judge_request, read_answer, request, Answer, TaskQueue};
use crate::filter::{ExperimentPlan, FilterMeasurement};
use crate::state::lab::{LabAction, LabState, RunStatus};
use crate::state::Action;
use crate::ui::browser::{after_ms, now_ms};
use crate::ui::shared::Shared;

#[wasm_bindgen(module = "/static/lab_pool.js")]
extern "C" {
    /// Makes the pool `size` workers; idle workers call `next`, answers go to `answer`.
    #[wasm_bindgen(js_name = poolStart, catch)]
    fn pool_start(size: u32, next: &Function, answer: &Function) -> Result<(), JsValue>;
    /// Asks `next` again for every idle worker.
    #[wasm_bindgen(js_name = poolWake)]
    fn pool_wake();
}

/// The most workers started when the Workers field is empty.
pub const DEFAULT_WORKERS_CAP: u64 = 8;
/// Answers that arrive within this many milliseconds go to the lab as one action.
const BATCH_MS: i32 = 250;
/// Named in the notice when a worker fails without saying why.
const WORKER_SCRIPT: &str = "lab_worker.js";

/// The run being shared out.
struct Job {
    run: u64,
    plans: Vec<ExperimentPlan>,
    queue: TaskQueue,
    running: bool,
    started_ms: f64,
}

/// What the pool's callbacks share.
#[derive(Default)]
struct PoolState {
    job: Option<Job>,
    /// Requests to judge a finished run, handed out before any task.
    judging: Vec<Vec<f64>>,
    /// The last run whose verdicts were asked for.
    judged: Option<u64>,
    /// Measurements not yet sent to the lab, and when the last of them arrived.
    pending: Vec<(usize, FilterMeasurement)>,
    pending_ms: f64,
    dispatch: Option<Callback<Action>>,
}

type SharedState = Rc<RefCell<PoolState>>;

/// The pool's state and the two callbacks `lab_pool.js` holds.
struct LabPool {
    state: SharedState,
    next: Closure<dyn FnMut() -> JsValue>,
    answer: Closure<dyn FnMut(JsValue)>,
}

/// The number of workers for a run: `workers=`, or one per core up to
/// [`DEFAULT_WORKERS_CAP`].
fn pool_size(lab: &LabState) -> u64 {
    lab.workers.unwrap_or_else(|| {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
        (cores as u64).clamp(1, DEFAULT_WORKERS_CAP)
    })
}

impl PoolState {
    /// The next request for an idle worker: a run to judge, else the next filter while the
    /// run is running, else nothing.
    fn next_request(&mut self) -> Option<Vec<f64>> {
        if let Some(message) = self.judging.pop() {
            return Some(message);
        }
        let job = self.job.as_mut().filter(|job| job.running)?;
        let task = job.queue.next_task()?;
        Some(request(job.run, task, &job.plans[task.plan]))
    }

    /// What a worker's answer (or failure's text) means for the lab now; a measurement is
    /// kept in `pending` instead (true is returned when it is the first one kept).
    fn action_for(&mut self, data: &JsValue) -> (Option<LabAction>, bool) {
        let answer = match data.as_string() {
            Some(reason) => return (Some(self.failed(reason)), false),
            None => read_answer(&Float64Array::new(data).to_vec()),
        };
        match answer {
            Some((run, Answer::Measured(plan, measurement))) => {
                let Some(job) = self.job.as_ref().filter(|job| job.run == run) else {
                    return (None, false);
                };
                self.pending_ms = now_ms() - job.started_ms;
                self.pending.push((plan, measurement));
                (None, self.pending.len() == 1)
            }
            Some((run, Answer::Judged(plan, verdict))) => {
                let judged = LabAction::Judged {
                    generation: run,
                    plan,
                    verdict,
                };
                (Some(judged), false)
            }
            None => (Some(self.failed(WORKER_SCRIPT.to_owned())), false),
        }
    }

    /// The measurements kept since the last batch, as one action.
    fn take_batch(&mut self) -> Option<LabAction> {
        let run = self.job.as_ref()?.run;
        if self.pending.is_empty() {
            return None;
        }
        Some(LabAction::FiltersMeasured {
            generation: run,
            measurements: std::mem::take(&mut self.pending),
            elapsed_ms: self.pending_ms,
        })
    }

    /// The workers failed: the run stops handing out work and ends with what it measured.
    fn failed(&mut self, reason: String) -> LabAction {
        self.job = None;
        self.judging.clear();
        self.pending.clear();
        LabAction::WorkersFailed(reason)
    }
}

impl LabPool {
    fn new() -> Self {
        let state = SharedState::default();
        let next = {
            let state = state.clone();
            Closure::<dyn FnMut() -> JsValue>::new(move || {
                let message = state.borrow_mut().next_request();
                message.map_or(JsValue::UNDEFINED, |m| Float64Array::from(&m[..]).into())
            })
        };
        let answer = {
            let state = state.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |data: JsValue| {
                let ((action, first_kept), dispatch) = {
                    let mut state = state.borrow_mut();
                    (state.action_for(&data), state.dispatch.clone())
                };
                let Some(dispatch) = dispatch else {
                    return;
                };
                if let Some(action) = action {
                    dispatch.emit(Action::Lab(action));
                }
                if first_kept {
                    let state = state.clone();
                    after_ms(BATCH_MS, move || {
                        let batch = state.borrow_mut().take_batch();
                        if let Some(batch) = batch {
                            dispatch.emit(Action::Lab(batch));
                        }
                    });
                }
            })
        };
        LabPool {
            state,
            next,
            answer,
        }
    }

    /// Brings the pool in line with the lab: a new run shares out its filters, a pause
    /// holds them, a resume hands them out again, a cancel drops the run, and a finished
    /// run is judged.
    fn sync(&self, lab: &LabState, dispatch: &Callback<Action>) {
        let live = matches!(lab.status, RunStatus::Running | RunStatus::Paused);
        let running = lab.status == RunStatus::Running;
        let starting = {
            let mut state = self.state.borrow_mut();
            state.dispatch = Some(dispatch.clone());
            let same_run = state.job.as_ref().is_some_and(|j| j.run == lab.generation);
            if !live {
                state.job = None;
                state.pending.clear();
                if lab.status == RunStatus::Done && state.judged != Some(lab.generation) {
                    state.judged = Some(lab.generation);
                    for (plan, experiment) in lab.experiments.iter().enumerate() {
                        let points = experiment.points();
                        let message =
                            judge_request(lab.generation, plan, experiment.plan(), &points);
                        state.judging.push(message);
                    }
                }
                false
            } else if same_run {
                if let Some(job) = state.job.as_mut() {
                    job.running = running;
                }
                false
            } else {
                state.pending.clear();
                let plans: Vec<ExperimentPlan> =
                    lab.experiments.iter().map(|e| e.plan().clone()).collect();
                state.job = Some(Job {
                    run: lab.generation,
                    queue: TaskQueue::new(&plans),
                    plans,
                    running,
                    started_ms: now_ms(),
                });
                true
            }
        };
        if !starting {
            pool_wake();
            return;
        }
        let size = pool_size(lab);
        let next = self.next.as_ref().unchecked_ref();
        let answer = self.answer.as_ref().unchecked_ref();
        let action = match pool_start(size as u32, next, answer) {
            Ok(()) => LabAction::WorkersStarted(size),
            Err(error) => {
                let reason = js_sys::Error::from(error).message().into();
                self.state.borrow_mut().failed(reason)
            }
        };
        dispatch.emit(Action::Lab(action));
    }
}

/// Runs the lab's filters in the pool while the lab says so.
#[hook]
pub fn use_lab_pool(lab: Shared<LabState>, dispatch: Callback<Action>) {
    let pool = use_memo((), |_| LabPool::new());
    let key = (lab.generation, lab.status);
    use_effect_with(key, move |_| pool.sync(&lab, &dispatch));
}
