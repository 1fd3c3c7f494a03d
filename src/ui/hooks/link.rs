//! Keeping the address bar in step with the page: the state's link is printed when what
//! the link holds changes, mirrored in the address bar and kept in local storage.

use crate::state::PageAction;
use std::rc::Rc;

use yew::prelude::*;

use crate::state::{Action, AppState};
use crate::ui::browser;
use crate::ui::shared::{Links, Shared};

/// The state's links (an embedded view also links to the full page, without `embed=1`).
fn printed_links(state: &AppState) -> Shared<Links> {
    let full_page = state
        .embedding()
        .compact
        .then(|| format!("?{}", state.url_query(false)));
    Shared(Rc::new(Links {
        query: state.url_query(true),
        full_page,
    }))
}

/// The state's links, printed when [`AppState::url_state`] changes (never per keystroke in
/// the item field), in a task of its own after the change is on screen (a log of 10^5
/// items prints 1 MB). Each new link is written to the address bar and to local storage
/// (not by embedded copies, which would overwrite the reader's own session); a failure to
/// save is reported once per change, and so is a saved session that the save replaced and
/// kept (see [`browser::save_state`]).
#[hook]
pub fn use_link(state: &UseReducerHandle<AppState>) -> Shared<Links> {
    let links = {
        let state = state.clone();
        use_state(move || printed_links(&state))
    };
    {
        let state = state.clone();
        let links = links.clone();
        use_effect_with(state.url_state(), move |_| {
            browser::yield_then(move || {
                let printed = printed_links(&state);
                if *printed != **links {
                    links.set(printed);
                }
            });
        });
    }
    {
        let dispatcher = state.dispatcher();
        let persistence = state.persistence().clone();
        let compact = state.embedding().compact;
        let items = state.members().len();
        // While the link the page opened with is still adding its items, the state is not yet
        // what the link says: neither the address bar nor the saved session is touched.
        let opening = state.bulk().is_some_and(|b| b.opening_link);
        // Compared by identity: a new value is set only when the links changed.
        use_effect_with(((*links).clone(), opening), move |(links, opening)| {
            if *opening {
                return;
            }
            let links = links.clone();
            // A state too long for the address bar leaves it bare, so that a reload opens
            // the saved session rather than an older link (an embedded copy saves nothing).
            let mirrored = browser::replace_query(&links.query, !compact);
            let report = move |result: Result<Option<u64>, String>| {
                let (error, kept_items) = match result {
                    Ok(kept) => (None, kept),
                    Err(error) => (Some(error), None),
                };
                if error != persistence.save_error
                    || mirrored == persistence.too_long_for_link
                    || kept_items.is_some()
                {
                    dispatcher.dispatch(Action::Page(PageAction::Saved {
                        error,
                        too_long_for_link: !mirrored,
                        kept_items,
                    }));
                }
            };
            // Saving a long state copies it into the browser: a task of its own.
            browser::yield_then(move || {
                if compact {
                    report(Ok(None));
                } else {
                    browser::save_state(links.query.clone(), items, report);
                }
            });
        });
    }
    (*links).clone()
}
