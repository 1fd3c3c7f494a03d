//! Long pastes: the lines go into a [`BulkBuilder`] slice by slice, yielding to the browser
//! between slices, and join the set in one action at the end.

use crate::state::FilterAction;
use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use crate::state::fields::check_lines;
use crate::state::{pasted_item, Action, AppState, BulkBuilder};
use crate::ui::browser;

/// Lines per slice: hashing and indexing 5,000 short lines takes a few milliseconds.
pub const SLICE: usize = 5_000;

/// Pastes longer than this many characters (UTF-16 units) into the bulk field are added at
/// once instead of being shown in the field.
pub const DIRECT_PASTE_CHARS: u32 = 64 * 1024;

/// Text to add one item per line.
pub enum PastedText {
    /// The bulk field's text.
    Typed(String),
    /// A long paste, still a JavaScript string: copying 0.7 MB into the app takes about
    /// 16 ms, which happens in the next task rather than in the paste event.
    Clipboard(js_sys::JsString),
}

thread_local! {
    static STOP: Cell<bool> = const { Cell::new(false) };
}

/// Asks the paste in progress to stop after its current slice; what is built so far is
/// added.
pub fn request_stop() {
    STOP.with(|s| s.set(true));
}

/// Adds a text: at once when it has at most [`SLICE`] lines, else slice by slice with
/// progress. A long paste is taken in, counted and started over three tasks after the paste
/// event: copying 0.7 MB into the app, counting 10^5 lines, and copying the set for the
/// builder each take up to about 20 ms, on top of the browser handing over the text.
pub fn add_pasted(state: UseReducerHandle<AppState>, text: PastedText, dispatch: Callback<Action>) {
    match text {
        PastedText::Typed(text) => start(state, text, dispatch),
        PastedText::Clipboard(text) => browser::yield_then(move || {
            let text = String::from(text);
            browser::yield_then(move || start(state, text, dispatch));
        }),
    }
}

fn start(state: UseReducerHandle<AppState>, text: String, dispatch: Callback<Action>) {
    // One paste at a time (the field and button are disabled meanwhile; a paste event can
    // still arrive through them).
    if state.bulk().is_some() {
        return;
    }
    let total = text.lines().filter_map(pasted_item).count();
    // A paste with a line too long is refused whole, with the line's number.
    if total <= SLICE || check_lines(&text).is_err() {
        dispatch.emit(Action::Filter(FilterAction::AddLines(text)));
        return;
    }
    STOP.with(|s| s.set(false));
    dispatch.emit(Action::Filter(FilterAction::BulkStart(total)));
    feed_next(state.bulk_builder(total), text, 0, dispatch);
}

/// Adds the next slice of `text` from byte `offset` in the next task.
fn feed_next(builder: BulkBuilder, text: String, offset: usize, d: Callback<Action>) {
    browser::yield_then(move || feed(builder, text, offset, d));
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
        d.emit(Action::Filter(FilterAction::BulkFinish(Rc::new(builder))));
        return;
    }
    d.emit(Action::Filter(FilterAction::BulkProgress(builder.added())));
    feed_next(builder, text, offset, d);
}

/// How long one task of a long link's entries runs, in milliseconds: the entries go in
/// [`LINK_STEP`] at a time until this much time has passed, so that a task stays short on
/// a slow machine too (5,000 entries at m = 10^6, k = 7 took 50–90 ms on two slow cores).
const LINK_SLICE_MS: f64 = 12.0;

/// A long link's entries added between two looks at the clock.
const LINK_STEP: usize = 250;

/// Adds a long link's entries in tasks of about [`LINK_SLICE_MS`] each, from the next
/// task on, then joins them to the state (see [`AppState::opening`]); the items
/// panel shows the progress meanwhile.
pub fn feed_link(builder: BulkBuilder, dispatch: Callback<Action>) {
    browser::yield_then(move || feed_link_slice(builder, dispatch));
}

fn feed_link_slice(mut builder: BulkBuilder, dispatch: Callback<Action>) {
    // Once every entry is in, joining them to the state and drawing it is a task of its
    // own.
    if builder.add_link_slice(0) {
        dispatch.emit(Action::Filter(FilterAction::BulkFinish(Rc::new(builder))));
        return;
    }
    let started = browser::now_ms();
    while !builder.add_link_slice(LINK_STEP) && browser::now_ms() - started < LINK_SLICE_MS {}
    dispatch.emit(Action::Filter(FilterAction::BulkProgress(builder.added())));
    feed_link(builder, dispatch);
}
