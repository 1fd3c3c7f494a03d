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

/// What the page opens: the saved session a bare visit opens, else the link's query, read.
pub struct Link {
    url: url::UrlState,
    restored: bool,
}

/// Pairs of a link decoded in one task by [`LinkReading::read_slice`]: about 2–6 ms on a
/// slow machine, so that a link of 20,000 items is read in five tasks.
const PAIRS_PER_TASK: usize = 4_000;

/// The saved session a bare visit opens (`saved`), else the link's `query`, being read a
/// slice of pairs per task.
pub struct LinkReading {
    reader: url::LinkReader,
    restored: bool,
}

impl LinkReading {
    /// Starts reading `saved`, else `query`.
    pub fn new(saved: Option<String>, query: String) -> Self {
        match saved {
            Some(saved) => Self {
                reader: url::LinkReader::saved(saved),
                restored: true,
            },
            None => Self {
                reader: url::LinkReader::new(query),
                restored: false,
            },
        }
    }

    /// Decodes the next [`PAIRS_PER_TASK`] pairs; true once all are.
    pub fn read_slice(&mut self) -> bool {
        self.reader.read(PAIRS_PER_TASK)
    }

    /// What the pairs read describe.
    pub fn finish(self) -> Link {
        Link {
            url: self.reader.finish(),
            restored: self.restored,
        }
    }
}

/// Reads the saved session a bare visit opens, else the link's `query`, at once.
pub fn read_link(saved: Option<String>, query: String) -> Link {
    let mut reading = LinkReading::new(saved, query);
    while !reading.read_slice() {}
    reading.finish()
}

/// The state the page opens with, from what [`read_link`] read; without `lang=`, the
/// browser's preferred language.
pub fn initial_state(link: Link) -> (AppState, Option<BulkBuilder>) {
    let Link { mut url, restored } = link;
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
        let (state, opening) = initial_state(read_link(None, browser::current_query()));
        OPENING.set(opening);
        state
    })
}
