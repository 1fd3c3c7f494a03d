//! The sessions saved in this browser. Local storage holds the newest saved session (what a
//! bare visit in a new tab opens) and, newest first, up to [`KEPT_SESSIONS`] sessions that
//! saves replaced, each a slot of three keys: its query string, its number of items and the
//! id of the tab that wrote it. A query string local storage refuses (its quota) is kept in
//! IndexedDB (`idb`), and its slot holds a pointer to it.
//!
//! Each tab writes under its own id, drawn once and kept in session storage (a reload keeps
//! it, a new tab or a duplicated one draws its own). A page replaces the saved session only
//! when its tab wrote it and this page load wrote it or opened it (a reload); a save over
//! any other session (another tab's, one a bare visit opened, one saved before a link was
//! opened) first keeps that one.

use crate::filter::hashing::fnv1a64;
use wasm_bindgen_futures::JsFuture;

use super::{idb, local_storage, store, stored};

/// The most sessions kept: a keep beyond them drops the oldest.
const KEPT_SESSIONS: usize = 4;
/// How a slot that points into IndexedDB starts (no query string starts so); the key follows.
const POINTER: &str = "idb:";

/// One stored session: its query string (or a pointer), its number of items and the id of
/// the tab that wrote it, each as stored.
#[derive(Default)]
struct Session {
    query: String,
    items: String,
    writer: String,
}

/// The key of a slot's query string; `.items` and `.writer` follow it. Slot 0 is the saved
/// session (`bloomlab.state`), slots 1 to [`KEPT_SESSIONS`] the kept ones, newest first
/// (`bloomlab.kept.state`, then `bloomlab.kept2.state` …).
fn slot_key(slot: usize) -> String {
    match slot {
        0 => "bloomlab.state".to_owned(),
        1 => "bloomlab.kept.state".to_owned(),
        n => format!("bloomlab.kept{n}.state"),
    }
}

fn read(storage: &web_sys::Storage, slot: usize) -> Session {
    let key = slot_key(slot);
    let get = |suffix: &str| stored(storage, &format!("{key}{suffix}")).unwrap_or_default();
    Session {
        query: get(""),
        items: get(".items"),
        writer: get(".writer"),
    }
}

/// `idb:` and the IndexedDB key of `query`: FNV-1a 64 of it, in hexadecimal (equal
/// sessions share one record).
fn pointer(query: &str) -> String {
    format!("{POINTER}{:016x}", fnv1a64(query.as_bytes()))
}

/// Writes `session` in `slot`. A query string local storage refuses goes to IndexedDB and
/// the slot holds a pointer to it; the error is local storage's when both refuse.
async fn write(storage: &web_sys::Storage, slot: usize, session: &Session) -> Result<(), String> {
    let key = slot_key(slot);
    if let Err(refused) = store(storage, &key, &session.query) {
        let pointer = pointer(&session.query);
        if session.query.starts_with(POINTER)
            || JsFuture::from(idb::put(&pointer[POINTER.len()..], &session.query))
                .await
                .is_err()
            || store(storage, &key, &pointer).is_err()
        {
            return Err(refused);
        }
    }
    store(storage, &format!("{key}.items"), &session.items)?;
    store(storage, &format!("{key}.writer"), &session.writer)
}

/// Deletes the IndexedDB record `value` points to, when it is a pointer no slot holds (a
/// refused delete leaves a record nothing points to, and nothing else).
fn forget_unless_held(storage: &web_sys::Storage, value: &str) {
    let held = (0..=KEPT_SESSIONS).any(|s| stored(storage, &slot_key(s)).as_deref() == Some(value));
    if let Some(id) = value.strip_prefix(POINTER).filter(|_| !held) {
        let _ = idb::delete(id);
    }
}

thread_local! {
    /// This tab's writer id, once read or drawn.
    static WRITER: std::cell::OnceCell<String> = const { std::cell::OnceCell::new() };
    /// FNV-1a 64 of the stored query of the session this tab's last save kept: the one
    /// "Restore it" reopens.
    static KEPT_BY_THIS_TAB: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
    /// This page load wrote the saved session, or opened it (a bare visit or a link equal to
    /// it) when this tab had written it: only then is it this page's to replace.
    static OWNS_SAVED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The save waiting for the one under way, if any (a newer one replaces it).
    static NEXT_SAVE: std::cell::RefCell<Option<(String, usize, SaveDone)>> =
        const { std::cell::RefCell::new(None) };
    static SAVING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The session-storage key that holds this tab's writer id while no page of the tab runs.
const WRITER_KEY: &str = "bloomlab.writer";

/// This tab's id as a writer of saved sessions: drawn once per tab and kept in session
/// storage (`bloomlab.writer`), which a reload keeps and a new tab does not share. A running
/// page takes the id out of session storage and puts it back only when it is left
/// (`pagehide`), so that a tab duplicated from it (which copies its session storage) finds
/// none and draws its own: two tabs never write under one id.
fn writer_id() -> String {
    WRITER.with(|id| {
        id.get_or_init(|| {
            let tab = web_sys::window().and_then(|w| w.session_storage().ok().flatten());
            let id = tab
                .as_ref()
                .and_then(|s| stored(s, WRITER_KEY))
                .unwrap_or_else(|| ((js_sys::Math::random() * 2f64.powi(53)) as u64).to_string());
            if let Some(tab) = tab {
                let _ = tab.remove_item(WRITER_KEY);
                hold_while_shown(tab, id.clone());
            }
            id
        })
        .clone()
    })
}

/// Puts the writer id back into the tab's session storage when the page is left, and takes
/// it out again when the page is shown from the back-forward cache.
fn hold_while_shown(tab: web_sys::Storage, id: String) {
    use wasm_bindgen::{closure::Closure, JsCast};
    let Some(window) = web_sys::window() else {
        return;
    };
    let left_tab = tab.clone();
    let on_hide = Closure::<dyn Fn()>::new(move || {
        let _ = store(&left_tab, WRITER_KEY, &id);
    });
    let on_show = Closure::<dyn Fn()>::new(move || {
        let _ = tab.remove_item(WRITER_KEY);
    });
    let _ = window.add_event_listener_with_callback("pagehide", on_hide.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback("pageshow", on_show.as_ref().unchecked_ref());
    // Both listen for the page's whole life.
    on_hide.forget();
    on_show.forget();
}

/// Saves the state's query string (with its number of items) as this tab's session, or
/// says why the browser refused. A saved session this tab did not write is first kept:
/// the answer is then its number of items. When that copy is refused, nothing is replaced.
async fn save(query: String, items: usize) -> Result<Option<u64>, String> {
    let storage = local_storage()?;
    let mine = writer_id();
    let saved = read(&storage, 0);
    let written_here = saved.writer == mine;
    if saved.query == query || (saved.query.starts_with(POINTER) && saved.query == pointer(&query))
    {
        OWNS_SAVED.set(OWNS_SAVED.get() || written_here);
        return Ok(None);
    }
    let mut kept = None;
    let replaced = saved.query.clone();
    let own = written_here && OWNS_SAVED.get();
    if !own && !saved.query.is_empty() {
        let count = saved
            .items
            .parse()
            .unwrap_or_else(|_| crate::state::items_in_query(&saved.query));
        KEPT_BY_THIS_TAB.set(Some(fnv1a64(saved.query.as_bytes())));
        let mut list = kept_sessions(&storage);
        list.retain(|s| s.query != saved.query);
        list.insert(0, saved);
        write_kept(&storage, list).await?;
        kept = Some(count);
    }
    let session = Session {
        query,
        items: items.to_string(),
        writer: mine,
    };
    write(&storage, 0, &session).await?;
    OWNS_SAVED.set(true);
    forget_unless_held(&storage, &replaced);
    Ok(kept)
}

fn kept_sessions(storage: &web_sys::Storage) -> Vec<Session> {
    let mut kept: Vec<Session> = (1..=KEPT_SESSIONS)
        .map(|slot| read(storage, slot))
        .collect();
    kept.retain(|s| !s.query.is_empty());
    kept
}

/// Writes `kept` into the kept slots, newest first; the oldest beyond [`KEPT_SESSIONS`]
/// are dropped. Slots are written from the last, so that a refusal part-way leaves each
/// session in some slot.
async fn write_kept(storage: &web_sys::Storage, mut kept: Vec<Session>) -> Result<(), String> {
    let dropped = kept.split_off(kept.len().min(KEPT_SESSIONS));
    for slot in (1..=KEPT_SESSIONS).rev() {
        write(
            storage,
            slot,
            kept.get(slot - 1).unwrap_or(&Session::default()),
        )
        .await?;
    }
    for session in dropped {
        forget_unless_held(storage, &session.query);
    }
    Ok(())
}

type SaveDone = Box<dyn FnOnce(Result<Option<u64>, String>)>;

/// Saves the state's query string (see [`save`]) and calls `done` with the answer. Saves run
/// one at a time, in order (one into IndexedDB waits for the database); a save asked for
/// while another runs replaces any that waits, which then never runs.
pub fn save_state(
    query: String,
    items: usize,
    done: impl FnOnce(Result<Option<u64>, String>) + 'static,
) {
    NEXT_SAVE.set(Some((query, items, Box::new(done))));
    if !SAVING.replace(true) {
        wasm_bindgen_futures::spawn_local(async {
            while let Some((query, items, done)) = NEXT_SAVE.take() {
                done(save(query, items).await);
            }
            SAVING.set(false);
        });
    }
}

/// Reopens a kept session as this tab's own: the one this tab's last save kept, else the
/// newest, goes to slot 0 and the page reopens it; the saved session it replaces goes last
/// among the kept ones, so that restoring again in turn reaches each kept session.
pub fn restore_kept_state() {
    wasm_bindgen_futures::spawn_local(async {
        let Ok(storage) = local_storage() else {
            return;
        };
        let mut kept = kept_sessions(&storage);
        let by_this_tab = KEPT_BY_THIS_TAB.get();
        let chosen = kept
            .iter()
            .position(|s| Some(fnv1a64(s.query.as_bytes())) == by_this_tab);
        if kept.is_empty() {
            return;
        }
        let mut restored = kept.remove(chosen.unwrap_or(0));
        restored.writer = writer_id();
        kept.push(read(&storage, 0));
        if write_kept(&storage, kept).await.is_ok() && write(&storage, 0, &restored).await.is_ok() {
            super::open_bare_page();
        }
    });
}

/// The stored session a bare visit opens: this tab's own (after a reload: the newest it
/// wrote), else the newest saved one. A query string, or a pointer for [`read_session`].
pub fn saved_state() -> Option<String> {
    let storage = local_storage().ok()?;
    let mine = Some(writer_id());
    let query = |slot| stored(&storage, &slot_key(slot)).filter(|q| !q.is_empty());
    let writer = |slot| stored(&storage, &format!("{}.writer", slot_key(slot)));
    let own = (0..=KEPT_SESSIONS).find(|&slot| writer(slot) == mine && query(slot).is_some());
    OWNS_SAVED.set(own == Some(0));
    own.map_or_else(|| query(0), query)
}

/// Whether a stored session is a pointer into IndexedDB (read by [`read_session`]).
pub fn is_pointer(stored: &str) -> bool {
    stored.starts_with(POINTER)
}

/// A stored session's query string: itself, or for a pointer the record it names in
/// IndexedDB (none when that is gone or refused).
pub async fn read_session(stored: String) -> Option<String> {
    match stored.strip_prefix(POINTER) {
        Some(id) => JsFuture::from(idb::get(id)).await.ok()?.as_string(),
        None => Some(stored),
    }
}

/// The number of items of the newest kept session, when one is kept.
pub fn newest_kept_items() -> Option<u64> {
    let storage = local_storage().ok()?;
    stored(&storage, &format!("{}.items", slot_key(1)))?
        .parse()
        .ok()
}
