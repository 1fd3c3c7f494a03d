//! The state the page opens with, prepared before the App mounts: what the link says, or for
//! a bare visit the last session in this browser, and the entries of a long link still to add
//! once the App is up.

use crate::state::url;
use crate::state::{AppState, BulkBuilder, LINK_AT_ONCE};
use crate::ui::browser;

thread_local! {
    /// The state [`crate::ui::start`] prepared (its language's texts fetched) for the App.
    static INITIAL_STATE: std::cell::Cell<Option<AppState>> = const { std::cell::Cell::new(None) };
    /// The entries of a long link still to add once the App is up (see [`AppState::opening`]).
    static OPENING: std::cell::Cell<Option<BulkBuilder>> = const { std::cell::Cell::new(None) };
}

/// For a bare visit (`query` empty), the stored session it opens
/// ([`browser::saved_state`]): a query string, or a pointer into IndexedDB for
/// [`browser::read_session`].
pub fn stored_session(query: &str) -> Option<String> {
    query.is_empty().then(browser::saved_state)?
}

/// Starts reading the saved session a bare visit opens (`saved`), else the link's `query`.
pub fn link_reader(saved: Option<String>, query: String) -> url::LinkReader {
    let restored = saved.is_some();
    url::LinkReader::new(saved.unwrap_or(query), restored)
}

/// The state the page opens with, from the pairs `reader` decoded; without `lang=`, the
/// browser's preferred language.
pub fn initial_state(reader: url::LinkReader) -> (AppState, Option<BulkBuilder>) {
    let restored = reader.is_saved();
    let mut url = reader.finish();
    url.lang = url.lang.or_else(|| Some(browser::preferred_lang()));
    let (mut state, opening) = AppState::opening(url, LINK_AT_ONCE);
    if restored {
        state = state.restored(browser::newest_kept_items());
    }
    if browser::intro_dismissed() {
        state = state.without_intro();
    }
    (state, opening)
}

/// The entries of a long link still to add, taken once, as the page is up.
pub fn take_opening() -> Option<BulkBuilder> {
    OPENING.take()
}

/// Hands the App the state to open with.
pub fn set_initial_state(state: AppState, opening: Option<BulkBuilder>) {
    INITIAL_STATE.set(Some(state));
    OPENING.set(opening);
}

/// The state [`set_initial_state`] handed over, or (when nothing was) the state the link
/// describes, its long link's remaining entries kept for [`take_opening`].
pub fn take_initial_state() -> AppState {
    INITIAL_STATE.take().unwrap_or_else(|| {
        let reader = url::LinkReader::new(browser::current_query(), false);
        let (state, opening) = initial_state(reader.read_all());
        OPENING.set(opening);
        state
    })
}
