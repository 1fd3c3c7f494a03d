//! The page's worker: a Web Worker running the core in WebAssembly. Each request of the
//! page is the bytes of a [`bloomlab::protocol::Request`] (a `Uint8Array`): one filter of a
//! lab run or the verdict on a finished run, a growing-filters run, a hash-quality job or
//! the use cases' simulations, answered by [`bloomlab::protocol::serve::answer`] with the
//! bytes of each [`bloomlab::protocol::Answer`]. A long job posts its progress as
//! `{ progress: <bytes> }` before its last answer. It says `"ready"` once it can take
//! requests; bytes that are not a request are answered [`Answer::Refused`].
//!
//! Trunk builds it beside the page (`lab_worker.js`, `lab_worker_bg.wasm` and
//! `lab_worker_loader.js`); the page starts its workers on first use.
//!
//! [`Answer::Refused`]: bloomlab::protocol::Answer::Refused

#[cfg(target_arch = "wasm32")]
fn main() {
    use bloomlab::protocol::{serve, Answer, Request};
    use js_sys::{Object, Reflect, Uint8Array};
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// Milliseconds between two progress messages of a long job.
    const PROGRESS_MS: f64 = 100.0;

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_request = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        // Posting bytes or a plain object to the page cannot fail.
        let post = |answer: Answer, last: bool| {
            let bytes = Uint8Array::from(&answer.encode()[..]);
            if last {
                let _ = replies.post_message(&bytes);
            } else {
                let progress = Object::new();
                let _ = Reflect::set(&progress, &"progress".into(), &bytes);
                let _ = replies.post_message(&progress);
            }
        };
        match Request::decode(&Uint8Array::new(&event.data()).to_vec()) {
            Ok(request) => serve::answer(request, js_sys::Date::now, PROGRESS_MS, post),
            Err(_) => post(Answer::Refused, true),
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
