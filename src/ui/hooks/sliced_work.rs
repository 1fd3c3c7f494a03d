//! Long work in the background, one slice per task, so that the page stays responsive:
//! the one pattern the lab and the hash-quality view share. Their settings, validation and
//! results live in the model; only the running work lives here.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use yew::prelude::*;

use crate::state::Action;
use crate::ui::browser::yield_then;

/// Work done a slice at a time.
pub trait SlicedWork {
    /// Does the next slice (a few milliseconds of work) and returns the action that reports
    /// it to the model, and whether the work is now done.
    fn run_slice(&mut self) -> (Action, bool);
}

/// Where a chain of slices is: the job it belongs to, whether it may run, and a token that
/// a new chain takes so that an old one stops.
#[derive(Clone, Copy, PartialEq, Default)]
struct Live {
    job: Option<u64>,
    running: bool,
    chain: u64,
}

/// The work in progress, with the job it belongs to. Held as a trait object, so that only
/// the starting of the work is compiled once per kind of work.
type Work = Rc<RefCell<Option<(u64, Box<dyn SlicedWork>)>>>;

/// Runs `job`'s work, one slice per task, while `running`, dispatching each slice's action.
///
/// `job` names the work (a new value drops the work in progress and starts new work with
/// `start`; `None` means nothing to do). Pausing keeps the work; running again resumes it.
#[hook]
pub fn use_sliced_work<W, F>(job: Option<u64>, running: bool, start: F, dispatch: Callback<Action>)
where
    W: SlicedWork + 'static,
    F: FnOnce() -> W,
{
    let work: Work = use_mut_ref(|| None);
    let built = work.borrow().as_ref().map(|(id, _)| *id);
    if built != job {
        *work.borrow_mut() = job.map(|id| (id, Box::new(start()) as Box<dyn SlicedWork>));
    }
    use_slices(job, running, work, dispatch);
}

/// The slices of `work`, one per task while `running`.
#[hook]
fn use_slices(job: Option<u64>, running: bool, work: Work, dispatch: Callback<Action>) {
    let live: Rc<Cell<Live>> = use_memo((), |_| Cell::new(Live::default()));
    live.set(Live {
        job,
        running,
        ..live.get()
    });
    use_effect_with((job, running), move |_| {
        if running && job.is_some() {
            let chain = live.get().chain + 1;
            live.set(Live {
                chain,
                ..live.get()
            });
            next_slice(work, live.clone(), chain, dispatch);
        }
        // New inputs or the view closing stop the chain in progress.
        move || {
            live.set(Live {
                chain: live.get().chain + 1,
                ..live.get()
            })
        }
    });
}

fn next_slice(work: Work, live: Rc<Cell<Live>>, chain: u64, dispatch: Callback<Action>) {
    yield_then(move || {
        let now = live.get();
        if !now.running || now.chain != chain {
            return;
        }
        let report = match work.borrow_mut().as_mut() {
            Some((id, w)) if Some(*id) == now.job => w.run_slice(),
            _ => return,
        };
        let (action, done) = report;
        dispatch.emit(action);
        if !done {
            next_slice(work, live, chain, dispatch);
        }
    });
}
