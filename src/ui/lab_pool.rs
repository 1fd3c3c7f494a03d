//! The lab's pool of Web Workers, each running the core in WebAssembly
//! (`src/bin/lab_worker.rs`). The pool starts on the lab's first run and is reused after;
//! it has one worker per core (`navigator.hardwareConcurrency`, at most
//! [`DEFAULT_WORKERS_CAP`]) unless the lab's Workers field (`workers=`) says otherwise.
//!
//! Each worker holds one task at a time, one filter of one plan ([`TaskQueue`]); when it
//! answers, the answer goes to the lab's state as [`LabAction::FilterMeasured`] and the
//! worker gets the next task. The page's thread only files counts and draws. Once the run
//! is done, a worker judges each family's points ([`LabAction::Judged`]), so the statistics
//! also stay off the page's thread. Pausing stops handing out tasks; a cancelled run's
//! answers are dropped. A worker that fails gives its task back, and the run pauses with
//! the reason shown.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Float64Array;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};
use yew::prelude::*;

use crate::filter::lab_tasks::{
    judge_request, read_answer, request, Answer, FilterTask, TaskQueue,
};
use crate::filter::ExperimentPlan;
use crate::state::lab::{LabAction, LabState, RunStatus};
use crate::state::Action;
use crate::ui::browser::now_ms;
use crate::ui::shared::Shared;

/// The worker's loader, beside the page.
const WORKER_SCRIPT: &str = "lab_worker_loader.js";
/// The most workers started when the Workers field is empty.
pub const DEFAULT_WORKERS_CAP: u64 = 8;

/// One worker and what it holds.
struct PoolWorker {
    worker: Worker,
    /// It said it can take requests.
    ready: bool,
    /// The run it is working for, and the filter it measures (none while it judges).
    task: Option<(u64, Option<FilterTask>)>,
    /// It failed and was stopped.
    failed: bool,
    _on_message: Closure<dyn Fn(MessageEvent)>,
    _on_error: Closure<dyn Fn(ErrorEvent)>,
}

/// The run being shared out.
struct Job {
    generation: u64,
    plans: Vec<ExperimentPlan>,
    queue: TaskQueue,
    /// Tasks given back by a worker that failed, handed out first.
    given_back: Vec<FilterTask>,
    running: bool,
    started_ms: f64,
}

impl Job {
    fn next_task(&mut self) -> Option<FilterTask> {
        self.given_back.pop().or_else(|| self.queue.next_task())
    }
}

/// The pool.
#[derive(Default)]
pub struct LabPool {
    workers: Vec<PoolWorker>,
    job: Option<Job>,
    /// The last run whose verdicts were asked for.
    judged: Option<u64>,
}

type SharedPool = Rc<RefCell<LabPool>>;

/// The number of workers for a run: typed, or one per core up to [`DEFAULT_WORKERS_CAP`].
pub fn pool_size(lab: &LabState) -> u64 {
    lab.workers_typed().unwrap_or_else(|| {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
        (cores as u64).clamp(1, DEFAULT_WORKERS_CAP)
    })
}

/// Starts worker `index` of the pool.
fn start_worker(
    pool: &SharedPool,
    index: usize,
    dispatch: &Callback<Action>,
) -> Result<PoolWorker, String> {
    let worker = Worker::new(WORKER_SCRIPT).map_err(|e| describe(&e))?;
    let on_message = {
        let (pool, dispatch) = (Rc::downgrade(pool), dispatch.clone());
        Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(pool) = pool.upgrade() {
                let actions = pool.borrow_mut().answered(index, &event.data());
                for action in actions {
                    dispatch.emit(Action::Lab(action));
                }
            }
        })
    };
    let on_error = {
        let (pool, dispatch) = (Rc::downgrade(pool), dispatch.clone());
        Closure::<dyn Fn(ErrorEvent)>::new(move |event: ErrorEvent| {
            event.prevent_default();
            if let Some(pool) = pool.upgrade() {
                let reason = if event.message().is_empty() {
                    WORKER_SCRIPT.to_owned()
                } else {
                    event.message()
                };
                pool.borrow_mut().failed(index);
                dispatch.emit(Action::Lab(LabAction::WorkersFailed(reason)));
            }
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(PoolWorker {
        worker,
        ready: false,
        task: None,
        failed: false,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// A JavaScript error's text.
fn describe(error: &JsValue) -> String {
    js_sys::Error::from(error.clone())
        .message()
        .as_string()
        .unwrap_or_else(|| WORKER_SCRIPT.to_owned())
}

impl LabPool {
    /// Hands a task to every ready worker that has none, while the run is running.
    fn feed(&mut self) {
        let Some(job) = self.job.as_mut().filter(|job| job.running) else {
            return;
        };
        for worker in self
            .workers
            .iter_mut()
            .filter(|w| w.ready && w.task.is_none())
        {
            let Some(task) = job.next_task() else {
                return;
            };
            let message = Float64Array::from(&request(task, &job.plans[task.plan])[..]);
            if worker.worker.post_message(&message).is_ok() {
                worker.task = Some((job.generation, Some(task)));
            } else {
                job.given_back.push(task);
            }
        }
    }

    /// Worker `index` sent `data`: "ready", or the answer to its task. Returns the actions
    /// to send once the pool is no longer borrowed.
    fn answered(&mut self, index: usize, data: &JsValue) -> Vec<LabAction> {
        let Some(worker) = self.workers.get_mut(index) else {
            return Vec::new();
        };
        let mut actions = Vec::new();
        if data.is_string() {
            worker.ready = true;
        } else if let Some((generation, _)) = worker.task.take() {
            let answer = Float64Array::new(data).to_vec();
            let current = self.job.as_ref().filter(|job| job.generation == generation);
            match (read_answer(&answer), current) {
                (Some(Answer::Measured(plan, measurement)), Some(job)) => {
                    actions.push(LabAction::FilterMeasured {
                        generation,
                        plan,
                        measurement,
                        elapsed_ms: now_ms() - job.started_ms,
                    });
                }
                (Some(Answer::Judged(plan, verdict)), _) => {
                    actions.push(LabAction::Judged {
                        generation,
                        plan,
                        verdict,
                    });
                }
                (None, _) => actions.push(LabAction::WorkersFailed(WORKER_SCRIPT.to_owned())),
                (Some(Answer::Measured(..)), None) => {}
            }
        }
        self.feed();
        actions
    }

    /// Asks the workers for the verdict on each family of `lab`'s finished run, once.
    fn judge(&mut self, lab: &LabState) {
        if self.judged == Some(lab.generation) {
            return;
        }
        self.judged = Some(lab.generation);
        let ready: Vec<usize> = (0..self.workers.len())
            .filter(|&i| self.workers[i].ready)
            .collect();
        for (plan, experiment) in lab.experiments.iter().enumerate() {
            let Some(&index) = ready.get(plan % ready.len().max(1)) else {
                return;
            };
            let message = judge_request(plan, experiment.plan(), &experiment.points());
            let worker = &mut self.workers[index];
            if worker
                .worker
                .post_message(&Float64Array::from(&message[..]))
                .is_ok()
            {
                worker.task = Some((lab.generation, None));
            }
        }
    }

    /// Worker `index` failed: its task goes back to the run, which stops handing out work
    /// until resumed; the worker is replaced on the next run or resume.
    fn failed(&mut self, index: usize) {
        if let Some(worker) = self.workers.get_mut(index) {
            worker.worker.terminate();
            worker.ready = false;
            worker.failed = true;
            if let (Some((generation, Some(task))), Some(job)) =
                (worker.task.take(), self.job.as_mut())
            {
                if generation == job.generation {
                    job.given_back.push(task);
                }
            }
        }
        if let Some(job) = self.job.as_mut() {
            job.running = false;
        }
    }
}

/// Brings the pool in line with the lab: a new run shares out its filters, a pause holds
/// them, a resume or a new worker count restarts handing out, a cancel drops the run.
fn sync(pool: &SharedPool, lab: &LabState, dispatch: &Callback<Action>) {
    let running = lab.status == RunStatus::Running;
    let live = matches!(lab.status, RunStatus::Running | RunStatus::Paused);
    let mut started = None;
    {
        let mut this = pool.borrow_mut();
        let same_run = this
            .job
            .as_ref()
            .is_some_and(|j| j.generation == lab.generation);
        if !live {
            this.job = None;
            if lab.status == RunStatus::Done {
                this.judge(lab);
            }
        } else if !same_run {
            let plans: Vec<ExperimentPlan> =
                lab.experiments.iter().map(|e| e.plan().clone()).collect();
            this.job = Some(Job {
                generation: lab.generation,
                queue: TaskQueue::new(&plans),
                plans,
                given_back: Vec::new(),
                running,
                started_ms: now_ms(),
            });
            started = Some(pool_size(lab) as usize);
        } else if let Some(job) = this.job.as_mut() {
            job.running = running;
        }
    }
    if let Some(size) = started {
        if let Err(reason) = resize(pool, size, dispatch) {
            dispatch.emit(Action::Lab(LabAction::WorkersFailed(reason)));
            return;
        }
        dispatch.emit(Action::Lab(LabAction::WorkersStarted(size as u64)));
    } else if running {
        // A resume after a failure restarts the workers that failed.
        let size = pool.borrow().workers.len();
        if let Err(reason) = replace_failed(pool, size, dispatch) {
            dispatch.emit(Action::Lab(LabAction::WorkersFailed(reason)));
            return;
        }
    }
    pool.borrow_mut().feed();
}

/// Makes the pool `size` workers: new ones are started, extra ones stopped.
fn resize(pool: &SharedPool, size: usize, dispatch: &Callback<Action>) -> Result<(), String> {
    {
        let mut this = pool.borrow_mut();
        while this.workers.len() > size {
            if let Some(extra) = this.workers.pop() {
                extra.worker.terminate();
            }
        }
    }
    replace_failed(pool, size, dispatch)?;
    while pool.borrow().workers.len() < size {
        let index = pool.borrow().workers.len();
        let worker = start_worker(pool, index, dispatch)?;
        pool.borrow_mut().workers.push(worker);
    }
    Ok(())
}

/// Starts a new worker in place of each one that failed, among the first `size`.
fn replace_failed(
    pool: &SharedPool,
    size: usize,
    dispatch: &Callback<Action>,
) -> Result<(), String> {
    for index in 0..size.min(pool.borrow().workers.len()) {
        let failed = pool.borrow().workers[index].failed;
        if failed {
            let worker = start_worker(pool, index, dispatch)?;
            pool.borrow_mut().workers[index] = worker;
        }
    }
    Ok(())
}

/// Runs the lab's filters in the pool while the lab says so.
#[hook]
pub fn use_lab_pool(lab: Shared<LabState>, dispatch: Callback<Action>) {
    let pool = use_mut_ref(LabPool::default);
    let key = (lab.generation, lab.status);
    use_effect_with(key, move |_| sync(&pool, &lab, &dispatch));
}
