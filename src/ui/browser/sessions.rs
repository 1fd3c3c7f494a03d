//! The sessions saved in this browser. Local storage holds the newest saved session (what a
//! bare visit in a new tab opens) and, newest first, up to [`KEPT_SESSIONS`] sessions that
//! saves replaced, each a slot of three keys: its query string, its number of items and the
//! id of the tab that wrote it. A query string too large for local storage is kept in
//! IndexedDB (`idb`), and its slot holds a pointer to it.
//!
//! Each tab writes under its own id, drawn once and kept in session storage (a reload keeps
//! it, a new tab draws its own), and replaces only its own session: a save over another
//! tab's session, or over any session this tab did not write, first keeps that one.

use crate::filter::hashing::fnv1a64;

use super::{idb, local_storage, store, stored};

/// The local-storage key of the newest saved session's query string.
pub const SAVED_STATE_KEY: &str = "bloomlab.state";
/// The most sessions kept: a keep beyond them drops the oldest.
pub const KEPT_SESSIONS: usize = 4;
/// How a slot that points into IndexedDB starts (no query string starts so); the key follows.
const POINTER: &str = "idb:";
/// The session-storage key of this tab's writer id.
const WRITER_KEY: &str = "bloomlab.writer";

/// One stored session: its query string (or a [`POINTER`]), its number of items and the id
/// of the tab that wrote it, each as stored.
#[derive(Default)]
struct Session {
    query: String,
    items: String,
    writer: String,
}

/// Slot 0 is the saved session (`bloomlab.state`, `bloomlab.state.items`,
/// `bloomlab.state.writer`), slots 1 to [`KEPT_SESSIONS`] the kept ones, newest first
/// (`bloomlab.kept.state`…, then `bloomlab.kept2.state`…). This is the slot's query key;
/// `.items` and `.writer` follow it.
fn slot_key(slot: usize) -> String {
    match slot {
        0 => SAVED_STATE_KEY.to_owned(),
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

/// Writes `session` in `slot`. A query string local storage refuses goes to IndexedDB, and
/// the slot holds a pointer to it; the error is local storage's when both refuse.
async fn write(storage: &web_sys::Storage, slot: usize, session: &Session) -> Result<(), String> {
    let key = slot_key(slot);
    if let Err(refused) = store(storage, &key, &session.query) {
        if session.query.starts_with(POINTER) {
            return Err(refused);
        }
        // The key names the content: equal sessions share one record.
        let id = format!("{:016x}", fnv1a64(session.query.as_bytes()));
        idb::put(&id, &session.query)
            .await
            .map_err(|_| refused.clone())?;
        let pointer = format!("{POINTER}{id}");
        if store(storage, &key, &pointer).is_err() {
            forget_unless_kept(storage, &pointer);
            return Err(refused);
        }
    }
    store(storage, &format!("{key}.items"), &session.items)?;
    store(storage, &format!("{key}.writer"), &session.writer)
}

/// Deletes the IndexedDB record `stored` points to, when it is a pointer no slot holds.
fn forget_unless_kept(storage: &web_sys::Storage, stored_value: &str) {
    let Some(id) = stored_value.strip_prefix(POINTER) else {
        return;
    };
    let held =
        (0..=KEPT_SESSIONS).any(|s| stored(storage, &slot_key(s)).as_deref() == Some(stored_value));
    if !held {
        wasm_bindgen_futures::spawn_local(idb::delete(id.to_owned()));
    }
}

thread_local! {
    /// This tab's writer id, once read or drawn.
    static WRITER: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    /// FNV-1a 64 of the stored query of the session this tab's last save kept: the one
    /// "Restore it" reopens.
    static KEPT_BY_THIS_TAB: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// This tab's id as a writer of saved sessions: drawn once per tab and kept in session
/// storage, which a reload keeps and a new tab does not share.
fn writer_id() -> String {
    WRITER.with(|writer| {
        writer
            .borrow_mut()
            .get_or_insert_with(|| {
                let tab = web_sys::window().and_then(|w| w.session_storage().ok().flatten());
                tab.as_ref()
                    .and_then(|s| stored(s, WRITER_KEY))
                    .unwrap_or_else(|| {
                        let id = (1 + (js_sys::Math::random() * 2f64.powi(53)) as u64).to_string();
                        if let Some(tab) = &tab {
                            let _ = store(tab, WRITER_KEY, &id);
                        }
                        id
                    })
            })
            .clone()
    })
}

/// Saves the state's query string (with its number of items) as this tab's session, or
/// says why the browser refused. A saved session this tab did not write (another tab's, or
/// one saved before this tab opened a link) is first kept, newest first, at most
/// [`KEPT_SESSIONS`]: the answer is then its number of items. When that copy is refused,
/// nothing is replaced.
async fn save(query: String, items: usize) -> Result<Option<u64>, String> {
    let storage = local_storage()?;
    let mine = writer_id();
    let saved = read(&storage, 0);
    let pointer = || format!("{POINTER}{:016x}", fnv1a64(query.as_bytes()));
    if saved.query == query || (saved.query.starts_with(POINTER) && saved.query == pointer()) {
        return Ok(None);
    }
    let mut kept = None;
    if !saved.query.is_empty() && saved.writer != mine {
        let count = saved
            .items
            .parse()
            .unwrap_or_else(|_| crate::state::items_in_query(&saved.query));
        KEPT_BY_THIS_TAB.set(Some(fnv1a64(saved.query.as_bytes())));
        keep(&storage, saved).await?;
        kept = Some(count);
    }
    let replaced = read(&storage, 0).query;
    let session = Session {
        query,
        items: items.to_string(),
        writer: mine,
    };
    write(&storage, 0, &session).await?;
    forget_unless_kept(&storage, &replaced);
    Ok(kept)
}

/// Puts `session` first among the kept ones: the others move down, a copy equal to it is
/// dropped, and so is the oldest beyond [`KEPT_SESSIONS`]. Slots are written from the last,
/// so a refusal part-way leaves every session in some slot.
async fn keep(storage: &web_sys::Storage, session: Session) -> Result<(), String> {
    let mut kept: Vec<Session> = (1..=KEPT_SESSIONS)
        .map(|slot| read(storage, slot))
        .filter(|s| !s.query.is_empty() && s.query != session.query)
        .collect();
    kept.insert(0, session);
    let dropped: Vec<Session> = kept.split_off(kept.len().min(KEPT_SESSIONS));
    for slot in (1..=KEPT_SESSIONS).rev() {
        write(
            storage,
            slot,
            kept.get(slot - 1).unwrap_or(&Session::default()),
        )
        .await?;
    }
    for session in dropped {
        forget_unless_kept(storage, &session.query);
    }
    Ok(())
}

type SaveDone = Box<dyn FnOnce(Result<Option<u64>, String>)>;

thread_local! {
    /// The save waiting for the one under way, if any (a newer one replaces it).
    static NEXT_SAVE: std::cell::RefCell<Option<(String, usize, SaveDone)>> =
        const { std::cell::RefCell::new(None) };
    static SAVING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Saves the state's query string (see [`save`]) and calls `done` with the answer. Saves run
/// one at a time, in order (one into IndexedDB waits for the database); a save asked for
/// while another runs replaces any that waits, which then never runs.
pub fn save_state(
    query: String,
    items: usize,
    done: impl FnOnce(Result<Option<u64>, String>) + 'static,
) {
    NEXT_SAVE.set(Some((query, items, Box::new(done))));
    if SAVING.replace(true) {
        return;
    }
    wasm_bindgen_futures::spawn_local(async {
        while let Some((query, items, done)) = NEXT_SAVE.take() {
            done(save(query, items).await);
        }
        SAVING.set(false);
    });
}

/// Reopens a kept session as this tab's own: the one this tab's last save kept, else the
/// newest, goes to slot 0, and the saved session it replaces goes last among the kept ones,
/// so that restoring again in turn reaches every kept session.
pub fn restore_kept_state() -> Result<(), String> {
    let storage = local_storage()?;
    let by_this_tab = KEPT_BY_THIS_TAB.get();
    let mut kept: Vec<Session> = (1..=KEPT_SESSIONS)
        .map(|slot| read(&storage, slot))
        .filter(|s| !s.query.is_empty())
        .collect();
    let chosen = kept
        .iter()
        .position(|s| Some(fnv1a64(s.query.as_bytes())) == by_this_tab)
        .unwrap_or(0);
    if kept.is_empty() {
        return Err("nothing is kept".to_owned());
    }
    let mut restored = kept.remove(chosen);
    restored.writer = writer_id();
    kept.push(read(&storage, 0));
    let mut slots = std::iter::once(restored).chain(kept).enumerate();
    slots.try_for_each(|(slot, session)| {
        let key = slot_key(slot);
        store(&storage, &key, &session.query)?;
        store(&storage, &format!("{key}.items"), &session.items)?;
        store(&storage, &format!("{key}.writer"), &session.writer)
    })
}

/// The stored session a bare visit opens: this tab's own (after a reload: the newest it
/// wrote), else the newest saved one. A query string, or a pointer for [`read_session`].
pub fn saved_state() -> Option<String> {
    let storage = local_storage().ok()?;
    let mine = Some(writer_id());
    let query = |slot| stored(&storage, &slot_key(slot)).filter(|q| !q.is_empty());
    let writer = |slot| stored(&storage, &format!("{}.writer", slot_key(slot)));
    (0..=KEPT_SESSIONS)
        .find(|&slot| writer(slot) == mine && query(slot).is_some())
        .map_or_else(|| query(0), query)
}

/// A stored session's query string: itself, or for a pointer the record it names in
/// IndexedDB (none when that is gone or refused).
pub async fn read_session(stored: String) -> Option<String> {
    match stored.strip_prefix(POINTER) {
        Some(id) => idb::get(id).await,
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
