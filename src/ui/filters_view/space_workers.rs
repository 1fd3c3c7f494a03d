//! The space table's workers: started for one measurement, each handed one job at a time
//! from the table's queue (a job is one filter at one target, from a fraction of a second
//! to a few seconds), stopped when the measurement ends or is replaced.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::protocol::space::{SpaceAnswer, SpaceRequest};
use crate::state::space_table::{SpaceAction, SpaceStatus, SpaceTableState};

/// The worker's script, built by Trunk beside the page.
const SCRIPT: &str = "space_worker_loader.js";
/// Workers when the lab's `workers` is not set: one per core, at most this many.
const DEFAULT_WORKERS_CAP: u64 = 8;

/// The table's state, shared by the panel and the workers' handlers.
pub type SharedTable = Rc<RefCell<SpaceTableState>>;

/// The running workers; dropping them stops them.
pub struct SpaceWorkers {
    workers: Vec<Worker>,
    _handlers: Vec<Closure<dyn FnMut(MessageEvent)>>,
    _failures: Vec<Closure<dyn FnMut(ErrorEvent)>>,
}

impl Drop for SpaceWorkers {
    fn drop(&mut self) {
        for worker in &self.workers {
            worker.terminate();
        }
    }
}

/// How many workers: the lab's `workers`, or when it is not set one per core but one (at
/// least one, at most 8), so that a core stays free for the page while the jobs run.
pub fn worker_count(workers: u64) -> u32 {
    let count = if workers == 0 {
        let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
        (cores as u64)
            .saturating_sub(1)
            .clamp(1, DEFAULT_WORKERS_CAP)
    } else {
        workers
    };
    count as u32
}

/// Hands `worker` the table's next job, if any.
fn feed(worker: &Worker, table: &SharedTable) {
    let (run, job) = {
        let mut table = table.borrow_mut();
        (table.run, table.next_job())
    };
    if let Some(job) = job {
        let bytes = SpaceRequest { run, job }.encode();
        // Posting bytes to a worker cannot fail.
        let _ = worker.post_message(&Uint8Array::from(&bytes[..]));
    }
}

/// Starts the table's workers (as many as its state says); `changed()` after each answer
/// or failure. `None` when the browser starts no worker.
pub fn start(table: &SharedTable, changed: Rc<dyn Fn()>) -> Option<SpaceWorkers> {
    let count = table.borrow().workers;
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let mut running = SpaceWorkers {
        workers: Vec::new(),
        _handlers: Vec::new(),
        _failures: Vec::new(),
    };
    for _ in 0..count {
        let worker = Worker::new_with_options(SCRIPT, &options).ok()?;
        let (me, shared, told) = (worker.clone(), Rc::clone(table), Rc::clone(&changed));
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let data = event.data();
            if data.is_string() {
                feed(&me, &shared);
                return;
            }
            let answer = SpaceAnswer::decode(&Uint8Array::new(&data).to_vec())
                .unwrap_or(SpaceAnswer::Refused);
            shared.borrow_mut().apply(SpaceAction::Answered(answer));
            feed(&me, &shared);
            told();
        });
        let (shared, told) = (Rc::clone(table), Rc::clone(&changed));
        let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            event.prevent_default();
            let text = event.message();
            let text = if text.is_empty() {
                SCRIPT.to_owned()
            } else {
                text
            };
            if shared.borrow().status == SpaceStatus::Running {
                shared.borrow_mut().apply(SpaceAction::Broke(text));
                told();
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        running.workers.push(worker);
        running._handlers.push(on_message);
        running._failures.push(on_error);
    }
    Some(running)
}
