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

/// For a bare visit, the stored session it opens ([`browser::saved_state`]): a query
/// string, or a pointer into IndexedDB for [`browser::read_session`].
pub fn stored_session() -> Option<String> {
    browser::current_query()
        .is_empty()
        .then(browser::saved_state)?
}

/// The state the page opens with: the saved session a bare visit opens, else what the
/// link says; without `lang=`, the browser's preferred language.
pub fn initial_state(saved: Option<String>) -> (AppState, Option<BulkBuilder>) {
    let mut url = match &saved {
        Some(saved) => url::parse_saved(saved),
        None => url::parse(&browser::current_query()),
    };
    url.lang = url.lang.or_else(|| Some(browser::preferred_lang()));
    let (mut state, opening) = AppState::opening(url, LINK_AT_ONCE);
    if saved.is_some() {
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
        let (state, opening) = initial_state(None);
        OPENING.set(opening);
        state
    })
}
