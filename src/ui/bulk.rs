//! Long pastes: the lines go into a [`BulkBuilder`] slice by slice, yielding to the browser
//! between slices, and join the set in one action at the end.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::state::{pasted_item, Action, AppState, BulkBuilder};
use crate::ui::browser;

/// Lines per slice: hashing and indexing 5,000 short lines takes a few milliseconds.
pub const SLICE: usize = 5_000;

/// Pastes longer than this many bytes into the bulk field are added at once instead of
/// being shown in the field.
pub const DIRECT_PASTE_BYTES: usize = 64 * 1024;

thread_local! {
    static STOP: Cell<bool> = const { Cell::new(false) };
}

/// Asks the paste in progress to stop after its current slice; what is built so far is
/// added.
pub fn request_stop() {
    STOP.with(|s| s.set(true));
}

/// Adds a pasted text: at once when it is short, else slice by slice with progress.
pub fn add_pasted(state: &AppState, text: String, dispatch: Callback<Action>) {
    let total = text.lines().filter_map(pasted_item).count();
    if total <= SLICE {
        dispatch.emit(Action::AddLines(text));
        return;
    }
    STOP.with(|s| s.set(false));
    dispatch.emit(Action::BulkStart(total));
    let builder = state.bulk_builder();
    browser::yield_then(move || feed(builder, text, 0, dispatch));
}

/// Adds the next [`SLICE`] lines of `text` from byte `offset`, then yields.
fn feed(mut builder: BulkBuilder, text: String, offset: usize, d: Callback<Action>) {
    let rest = &text[offset..];
    let mut consumed = 0;
    let mut slice = Vec::with_capacity(SLICE);
    for line in rest.split_inclusive('\n') {
        consumed += line.len();
        slice.extend(pasted_item(line).map(str::to_owned));
        if slice.len() == SLICE {
            break;
        }
    }
    builder.add_slice(slice);
    let offset = offset + consumed;
    if offset >= text.len() || STOP.with(|s| s.get()) {
        d.emit(Action::BulkFinish(Rc::new(builder)));
        return;
    }
    d.emit(Action::BulkProgress(builder.added()));
    browser::yield_then(move || feed(builder, text, offset, d));
}
