//! Sessions too large for local storage, kept in IndexedDB: the database `bloomlab`, its one
//! object store `sessions`, each query string under the key that local storage points to.

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbObjectStore, IdbTransactionMode};

use super::describe_error;

const DATABASE: &str = "bloomlab";
const STORE: &str = "sessions";

/// Waits until `target` (a request, a transaction) calls its `ok` handler (`onsuccess`,
/// `oncomplete`), or fails with its `onerror` or `onabort`: then the answer is its `error`.
async fn until(target: &JsValue, ok: &str) -> Result<(), String> {
    let done = js_sys::Promise::new(&mut |resolve, reject| {
        for (handler, call) in [(ok, &resolve), ("onerror", &reject), ("onabort", &reject)] {
            let _ = js_sys::Reflect::set(target, &handler.into(), call);
        }
    });
    let error = || js_sys::Reflect::get(target, &"error".into()).unwrap_or_else(|e| e);
    JsFuture::from(done)
        .await
        .map(drop)
        .map_err(|_| describe_error(&error()))
}

/// The database's store in a new transaction, the database created (with its store) on
/// first use.
async fn store(mode: IdbTransactionMode) -> Result<IdbObjectStore, String> {
    let factory = web_sys::window()
        .ok_or("no window")?
        .indexed_db()
        .map_err(|e| describe_error(&e))?
        .ok_or("IndexedDB is not available")?;
    let request = factory
        .open_with_u32(DATABASE, 1)
        .map_err(|e| describe_error(&e))?;
    let opened = request.clone();
    // The store exists from version 1 on; the handler runs only when the database is new.
    let upgrade = wasm_bindgen::closure::Closure::once_into_js(move || {
        if let Ok(database) = opened.result() {
            let _ = database
                .unchecked_into::<IdbDatabase>()
                .create_object_store(STORE);
        }
    });
    request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    until(&request, "onsuccess").await?;
    let database: IdbDatabase = request
        .result()
        .map_err(|e| describe_error(&e))?
        .unchecked_into();
    database
        .transaction_with_str_and_mode(STORE, mode)
        .and_then(|t| t.object_store(STORE))
        .map_err(|e| describe_error(&e))
}

/// Stores `value` under `key`, answering once the transaction has committed.
pub async fn put(key: &str, value: &str) -> Result<(), String> {
    let store = store(IdbTransactionMode::Readwrite).await?;
    store
        .put_with_key(&value.into(), &key.into())
        .map_err(|e| describe_error(&e))?;
    until(&store.transaction(), "oncomplete").await
}

/// The value stored under `key` (none when there is none, or the database refuses).
pub async fn get(key: &str) -> Option<String> {
    let request = store(IdbTransactionMode::Readonly)
        .await
        .ok()?
        .get(&key.into())
        .ok()?;
    until(&request, "onsuccess").await.ok()?;
    request.result().ok()?.as_string()
}

/// Deletes the value stored under `key`, if any (a refusal leaves it).
pub async fn delete(key: String) {
    if let Ok(store) = store(IdbTransactionMode::Readwrite).await {
        let _ = store.delete(&key.into());
    }
}
