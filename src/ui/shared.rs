//! Small wrappers that make props cheap to compare, the one callback that sends a fixed
//! action and the one that dispatches to the page's state.

use std::ops::Deref;
use std::rc::Rc;

use yew::{Callback, Event, TargetCast};

use crate::state::Action;

/// A callback that sends `action` (a copy of it each time) on any event: every control that
/// sends a fixed action shares this one closure, rather than compiling one of its own.
pub fn send<E: 'static>(dispatch: &Callback<Action>, action: Action) -> Callback<E> {
    let dispatch = dispatch.clone();
    Callback::from(move |_: E| dispatch.emit(action.clone()))
}

/// The `ontoggle` of a `<details>` that the state opens and closes (`open`): when the
/// reader opens or closes it, sends the action `make` makes of its new state.
pub fn on_details_toggle(
    dispatch: &Callback<Action>,
    open: bool,
    make: fn(bool) -> Action,
) -> Callback<Event> {
    let dispatch = dispatch.clone();
    Callback::from(move |e: Event| {
        if let Some(details) = e.target_dyn_into::<web_sys::Element>() {
            let now = details.has_attribute("open");
            if now != open {
                dispatch.emit(make(now));
            }
        }
    })
}

/// A callback that dispatches each action to the page's state: the App, its header and
/// the visualizer share this one closure.
pub fn dispatch_to(state: &yew::UseReducerHandle<crate::state::AppState>) -> Callback<Action> {
    let dispatcher = state.dispatcher();
    Callback::from(move |action: Action| dispatcher.dispatch(action))
}

/// An `Rc` whose equality is identity: two props are equal when they hold the same
/// allocation, so a large filter is never compared cell by cell.
#[derive(Debug)]
pub struct Shared<T>(pub Rc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Rc::clone(&self.0))
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// The page state's handle, compared by the state it was made with: a component given it
/// re-renders when the state is replaced, without comparing the state field by field. (A
/// handle reads the newest state whenever it is dereferenced; the handle keeps the state it
/// was made with alive, so the address taken then identifies it.)
#[derive(Clone)]
pub struct StateHandle {
    handle: yew::UseReducerHandle<crate::state::AppState>,
    made_with: *const crate::state::AppState,
}

impl StateHandle {
    /// Wraps the handle, noting the state it holds now.
    pub fn new(handle: yew::UseReducerHandle<crate::state::AppState>) -> Self {
        let made_with = &*handle as *const crate::state::AppState;
        StateHandle { handle, made_with }
    }
}

impl PartialEq for StateHandle {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.made_with, other.made_with)
    }
}

impl Deref for StateHandle {
    type Target = yew::UseReducerHandle<crate::state::AppState>;
    fn deref(&self) -> &Self::Target {
        &self.handle
    }
}

/// The state's printed links: its query string, and for an embedded view the full-page
/// link of the same state (without `embed=1`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Links {
    /// The query string, without `?`.
    pub query: String,
    /// `?` and the query string of the full page, for an embedded view.
    pub full_page: Option<String>,
}
