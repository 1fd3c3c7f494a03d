//! The lab's worker: a Web Worker running the core in WebAssembly. It answers each request
//! of the page (one filter of a lab run, as a `Float64Array`) with that filter's counts
//! ([`bloomlab::filter::lab_tasks`]), and says `"ready"` once it can take requests. A
//! request that describes no valid task gets an empty answer.
//!
//! Trunk builds it beside the page (`lab_worker.js`, `lab_worker_bg.wasm` and
//! `lab_worker_loader.js`); the page starts it on the lab's first run.

#[cfg(target_arch = "wasm32")]
fn main() {
    use bloomlab::filter::lab_tasks;
    use js_sys::Float64Array;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_request = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let request = Float64Array::new(&event.data()).to_vec();
        let answer = lab_tasks::answer(&request).unwrap_or_default();
        // Posting a typed array to the page cannot fail once the worker runs.
        let _ = replies.post_message(&Float64Array::from(&answer[..]));
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
