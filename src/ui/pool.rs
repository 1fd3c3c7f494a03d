//! The page's pool of Web Workers, each running the core in WebAssembly
//! (`src/bin/lab_worker.rs`). It starts on first use (the lab's first run, or the first
//! growing-filters, hash-quality or use-case job) and is reused after; it has one worker per core
//! (`navigator.hardwareConcurrency`, at most [`DEFAULT_WORKERS_CAP`]) unless the link's
//! `workers=` says otherwise.
//!
//! `static/workers.js` starts and stops the workers and moves their messages, the bytes of
//! a [`Request`] or an [`Answer`], without reading them; this module decides the work. Idle
//! workers ask for the next request: a view's job (a growing-filters run or a hash-quality
//! job, answered with progress messages, or the use cases' simulations), the verdict on a
//! finished lab run, or the lab's next filter ([`TaskQueue`]).
//! The lab's measurements go to its state as [`LabAction::FiltersMeasured`], at most one
//! action every [`BATCH_MS`], so that the page draws a few times a second and leaves the
//! cores to the workers; the page's thread only files results and draws. Pausing stops
//! handing out the lab's tasks; answers of a replaced run or job are dropped (every message
//! names its run or the view's generation). When a worker fails, the pool stops and the
//! lab's run ends with what it measured and a notice; the next run starts new workers.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Function, Uint8Array};
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::filter::lab_tasks::TaskQueue;
use crate::filter::{ExperimentPlan, FilterMeasurement, HashFamily};
use crate::protocol::{Answer, Request};
use crate::state::apps_view::AppsAction;
use crate::state::grow_view::GrowAction;
use crate::state::hash_quality_view::HashQualityAction;
use crate::state::lab_view::{LabAction, LabState, RunStatus};
use crate::state::Action;
use crate::ui::browser::{after_ms, now_ms};
use crate::ui::shared::Shared;

#[wasm_bindgen(module = "/static/workers.js")]
extern "C" {
    /// Makes the pool `size` workers; idle workers call `next`, answers go to `answer`.
    #[wasm_bindgen(js_name = poolStart, catch)]
    fn pool_start(size: u32, next: &Function, answer: &Function) -> Result<(), JsValue>;
    /// Asks `next` again for every idle worker.
    #[wasm_bindgen(js_name = poolWake)]
    fn pool_wake();
}

/// The most workers started when `workers=` is not given.
pub const DEFAULT_WORKERS_CAP: u64 = 8;
/// The lab's answers that arrive within this many milliseconds go to it as one action.
const BATCH_MS: i32 = 250;
/// Named in the notice when a worker fails without saying why.
const WORKER_SCRIPT: &str = "lab_worker.js";

/// The lab's run being shared out.
struct Job {
    run: u64,
    plans: Vec<ExperimentPlan>,
    queue: TaskQueue,
    running: bool,
    started_ms: f64,
}

/// The views whose jobs go to the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewJob {
    /// The growing-filters view's run.
    Grow,
    /// The hash-quality view's reports.
    HashQuality,
    /// The use cases' simulations.
    Apps,
}

/// Which job of a view a request is: a view hands the pool one request per key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestKey {
    /// The view.
    pub view: ViewJob,
    /// The view's number for its job.
    pub generation: u64,
    /// The family the job runs with, when the view runs one job with several (the growing
    /// filters follow the page's family).
    pub family: Option<HashFamily>,
}

/// What the pool's callbacks share.
#[derive(Default)]
struct PoolState {
    started: bool,
    /// Views' requests (growing filters, hash quality, use cases), handed out first (at
    /// most one of each view is waiting).
    requests: Vec<Request>,
    /// The key of the last request each view made.
    submitted: Vec<RequestKey>,
    job: Option<Job>,
    /// Requests to judge a finished run.
    judging: Vec<Request>,
    /// The last run whose verdicts were asked for.
    judged: Option<u64>,
    /// Measurements not yet sent to the lab, and when the last of them arrived.
    pending: Vec<(usize, FilterMeasurement)>,
    pending_ms: f64,
    dispatch: Option<Callback<Action>>,
}

type SharedState = Rc<RefCell<PoolState>>;

/// The pool's state and the two callbacks `workers.js` holds.
struct Pool {
    state: SharedState,
    next: Closure<dyn FnMut() -> JsValue>,
    answer: Closure<dyn FnMut(JsValue)>,
}

thread_local! {
    static POOL: Pool = Pool::new();
}

/// The number of workers: `workers=`, or one per core up to [`DEFAULT_WORKERS_CAP`].
fn pool_size(workers: Option<u64>) -> u64 {
    workers.unwrap_or_else(|| {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
        (cores as u64).clamp(1, DEFAULT_WORKERS_CAP)
    })
}

impl PoolState {
    /// The next request for an idle worker: a view's, else a run to judge, else the lab's
    /// next filter while its run is running, else nothing.
    fn next_request(&mut self) -> JsValue {
        let request = self
            .requests
            .pop()
            .or_else(|| self.judging.pop())
            .or_else(|| {
                let job = self.job.as_mut().filter(|job| job.running)?;
                let task = job.queue.next_task()?;
                let plan = job.plans[task.plan].clone();
                Some(Request::MeasureFilter {
                    run: job.run,
                    task,
                    plan,
                })
            });
        request.map_or(JsValue::UNDEFINED, |r| {
            Uint8Array::from(&r.encode()[..]).into()
        })
    }

    /// What a worker's answer (or failure's text) means now; a lab measurement is kept in
    /// `pending` instead (true is returned when it is the first one kept). An answer that
    /// is not one, or a refusal, stops the pool as a failure does.
    fn action_for(&mut self, data: &JsValue) -> (Option<Action>, bool) {
        let answer = match data.as_string() {
            Some(reason) => return (Some(self.failed(reason)), false),
            None => Answer::decode(&Uint8Array::new(data).to_vec()),
        };
        let action = match answer {
            Ok(Answer::Measured {
                run,
                plan,
                measurement,
            }) => {
                let Some(job) = self.job.as_ref().filter(|job| job.run == run) else {
                    return (None, false);
                };
                self.pending_ms = now_ms() - job.started_ms;
                self.pending.push((plan, measurement));
                return (None, self.pending.len() == 1);
            }
            Ok(Answer::Judged {
                run,
                plan,
                verdict,
                double_hashing,
            }) => Action::Lab(LabAction::Judged {
                generation: run,
                plan,
                verdict,
                double_hashing,
            }),
            Ok(Answer::Grew { results }) => Action::Grow(GrowAction::Measured(results)),
            Ok(Answer::HashReported { generation, report }) => {
                Action::HashQuality(HashQualityAction::Reported(generation, report))
            }
            Ok(Answer::AppsReported { generation, report }) => {
                Action::Apps(AppsAction::Reported(generation, report))
            }
            Ok(Answer::FileShown { .. } | Answer::Refused) | Err(_) => {
                self.failed(WORKER_SCRIPT.to_owned())
            }
        };
        (Some(action), false)
    }

    /// The measurements kept since the last batch, as one action.
    fn take_batch(&mut self) -> Option<Action> {
        let run = self.job.as_ref()?.run;
        if self.pending.is_empty() {
            return None;
        }
        Some(Action::Lab(LabAction::FiltersMeasured {
            generation: run,
            measurements: std::mem::take(&mut self.pending),
            elapsed_ms: self.pending_ms,
        }))
    }

    /// The workers failed: the pool stops, and the lab's run ends with what it measured.
    fn failed(&mut self, reason: String) -> Action {
        self.started = false;
        self.job = None;
        self.judging.clear();
        self.pending.clear();
        self.requests.clear();
        self.submitted.clear();
        Action::Lab(LabAction::WorkersFailed(reason))
    }
}

impl Pool {
    fn new() -> Self {
        let state = SharedState::default();
        let next = {
            let state = state.clone();
            Closure::<dyn FnMut() -> JsValue>::new(move || state.borrow_mut().next_request())
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
                    dispatch.emit(action);
                }
                if first_kept {
                    let state = state.clone();
                    after_ms(BATCH_MS, move || {
                        let batch = state.borrow_mut().take_batch();
                        if let Some(batch) = batch {
                            dispatch.emit(batch);
                        }
                    });
                }
            })
        };
        Pool {
            state,
            next,
            answer,
        }
    }

    /// Starts the pool's `size` workers (or makes the running pool that size); false when
    /// they cannot start, after the failure has been sent.
    fn start(&self, size: u64, dispatch: &Callback<Action>) -> bool {
        self.state.borrow_mut().started = true;
        let next = self.next.as_ref().unchecked_ref();
        let answer = self.answer.as_ref().unchecked_ref();
        if pool_start(size as u32, next, answer).is_err() {
            let failure = self.state.borrow_mut().failed(WORKER_SCRIPT.to_owned());
            dispatch.emit(failure);
            return false;
        }
        true
    }

    /// Brings the pool in line with the lab: a new run shares out its filters, a pause
    /// holds them, a resume hands them out again, a cancel drops the run, and a finished
    /// run is judged.
    fn sync_lab(&self, lab: &LabState, dispatch: &Callback<Action>) {
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
                        state.judging.push(Request::JudgeRun {
                            run: lab.generation,
                            plan,
                            shape: experiment.plan().shape(),
                            points: experiment.points(),
                        });
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
                let mut plans: Vec<ExperimentPlan> = Vec::new();
                for experiment in &lab.experiments {
                    plans.push(experiment.plan().clone());
                }
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
        let size = pool_size(lab.workers);
        if self.start(size, dispatch) {
            dispatch.emit(Action::Lab(LabAction::WorkersStarted(size)));
        }
    }

    /// Queues a view's request, unless its last request had the same key; starts the pool if
    /// it has not started.
    fn submit(&self, key: RequestKey, request: Request, dispatch: &Callback<Action>) {
        let start = {
            let mut state = self.state.borrow_mut();
            state.dispatch = Some(dispatch.clone());
            if state.submitted.contains(&key) {
                return;
            }
            state
                .submitted
                .retain(|submitted| submitted.view != key.view);
            state.submitted.push(key);
            state.requests.push(request);
            !state.started
        };
        if start {
            self.start(pool_size(None), dispatch);
        } else {
            pool_wake();
        }
    }
}

/// What makes a view's request, when it is handed over.
pub type MakeRequest = Rc<dyn Fn() -> Request>;

/// Hands a view's request to the pool once per `key` while `wanted`; `make` is called
/// only when the request is handed over.
#[hook]
pub fn use_pool_request(
    key: RequestKey,
    wanted: bool,
    make: MakeRequest,
    dispatch: Callback<Action>,
) {
    use_effect_with((key, wanted), move |&(key, wanted)| {
        if wanted {
            POOL.with(|pool| pool.submit(key, make(), &dispatch));
        }
    });
}

/// Runs the lab's filters in the pool while the lab says so.
#[hook]
pub fn use_lab_pool(lab: Shared<LabState>, dispatch: Callback<Action>) {
    let key = (lab.generation, lab.status);
    use_effect_with(key, move |_| {
        POOL.with(|pool| pool.sync_lab(&lab, &dispatch))
    });
}
