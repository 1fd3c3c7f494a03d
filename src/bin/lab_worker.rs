//! The page's worker: a Web Worker running the core in WebAssembly. It answers each request
//! of the page, a `Float64Array` (or an array of one and a text, for a pasted corpus or an
//! address to check): one filter of a lab run or the verdict on a finished run
//! ([`bloomlab::filter::lab_tasks`]), a growing-filters run or a hash-quality job
//! ([`bloomlab::state::tasks`]), or the use cases' simulations
//! ([`bloomlab::state::apps_tasks`]). A long job posts its progress as
//! `{ progress: <numbers> }` before its answer. It says `"ready"` once it can take
//! requests; a request that describes no valid task gets an empty answer.
//!
//! Trunk builds it beside the page (`lab_worker.js`, `lab_worker_bg.wasm` and
//! `lab_worker_loader.js`); the page starts its workers on first use.

#[cfg(target_arch = "wasm32")]
fn main() {
    use bloomlab::filter::lab_tasks;
    use bloomlab::state::apps_tasks::{run_apps, APPS};
    use bloomlab::state::tasks::{run_grow, run_hash_quality, GROW, HASH_QUALITY};
    use js_sys::{Array, Float64Array, Object, Reflect};
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Milliseconds between two progress messages of a long job.
    const PROGRESS_MS: f64 = 100.0;

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_request = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let data = event.data();
        let (request, text) = if Array::is_array(&data) {
            let parts = Array::from(&data);
            let text = parts.get(1).as_string().unwrap_or_default();
            (Float64Array::new(&parts.get(0)).to_vec(), text)
        } else {
            (Float64Array::new(&data).to_vec(), String::new())
        };
        // Posting a typed array or a plain object to the page cannot fail.
        let mut post = |numbers: Vec<f64>, last: bool| {
            let numbers = Float64Array::from(&numbers[..]);
            if last {
                let _ = replies.post_message(&numbers);
            } else {
                let progress = Object::new();
                let _ = Reflect::set(&progress, &"progress".into(), &numbers);
                let _ = replies.post_message(&progress);
            }
        };
        let answered = match request.first() {
            Some(&kind) if kind == GROW => {
                run_grow(&request, js_sys::Date::now, PROGRESS_MS, &mut post)
            }
            Some(&kind) if kind == HASH_QUALITY => run_hash_quality(&request, &text, &mut post),
            Some(&kind) if kind == APPS => {
                run_apps(&request, &text).map(|answer| post(answer, true))
            }
            _ => lab_tasks::answer(&request).map(|answer| post(answer, true)),
        };
        if answered.is_none() {
            post(Vec::new(), true);
        }
    });
    scope.set_onmessage(Some(on_request.as_ref().unchecked_ref()));
    on_request.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// The worker runs only in a browser; natively there is nothing to do.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("lab_worker is the page's Web Worker; build it with trunk");
}
