//! The space table's worker: a Web Worker the filters view starts when the table is
//! measured. Each request is the bytes of a [`bloomlab::protocol::space::SpaceRequest`] (one
//! filter at one target rate), answered with the bytes of a
//! [`bloomlab::protocol::space::SpaceAnswer`] (its row, timed with `performance.now()`). It
//! says `"ready"` once it can take requests.
//!
//! Trunk builds it beside the page (`space_worker.js`, `space_worker_bg.wasm` and
//! `space_worker_loader.js`); it holds every filter of the table and the crates it compares
//! them with, so neither the first visit nor the filters view loads them.

#[cfg(target_arch = "wasm32")]
fn main() {
    use bloomlab::protocol::space::serve;
    use js_sys::Uint8Array;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let clock = scope.performance();
    let on_request = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let now = || clock.as_ref().map_or_else(js_sys::Date::now, |p| p.now());
        let answer = serve(&Uint8Array::new(&event.data()).to_vec(), &now);
        // Posting bytes to the page cannot fail.
        let _ = replies.post_message(&Uint8Array::from(&answer.encode()[..]));
    });
    scope.set_onmessage(Some(on_request.as_ref().unchecked_ref()));
    on_request.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// The worker runs only in a browser; natively there is nothing to do.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("space_worker is the space table's Web Worker; build it with trunk");
}
