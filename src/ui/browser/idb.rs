//! Sessions too large for local storage, kept in IndexedDB by `static/sessions.js` (the
//! database `bloomlab`, its store `sessions`): each answer is a promise, settled once the
//! transaction has committed.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(module = "/static/sessions.js")]
extern "C" {
    /// Stores the query string `value` under `key`.
    #[wasm_bindgen(js_name = idbPut)]
    pub fn put(key: &str, value: &str) -> js_sys::Promise;
    /// The query string stored under `key` (undefined when there is none).
    #[wasm_bindgen(js_name = idbGet)]
    pub fn get(key: &str) -> js_sys::Promise;
    /// Deletes what is stored under `key`.
    #[wasm_bindgen(js_name = idbDelete)]
    pub fn delete(key: &str) -> js_sys::Promise;
}
