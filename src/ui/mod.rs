//! The web page: Yew components that render [`crate::state::AppState`] and turn user events
//! into [`crate::state::Action`]s. Compiled for wasm32 only.
#![allow(missing_docs)]

pub mod app;
pub mod browser;
pub mod bulk;
pub mod chart;
pub mod components;
pub mod embed_dialog;
pub mod files_view;
pub mod filters_view;
pub mod header;
pub mod hooks;
pub mod links;
pub mod marks;
pub mod opening;
pub mod panic_screen;
pub mod picture;
pub mod pool;
pub mod raw;
pub mod shared;
pub mod tabs;
pub mod view_module;
pub mod views;

use crate::state::PageAction;
use std::cell::Cell;
use std::rc::Rc;

use crate::state::Action;

/// One part of an element's class list: a class name (or several, space-separated), or
/// nothing (`None`, or an empty string).
pub trait ClassPart {
    /// Appends this part to `out`, after a space when `out` already holds a class.
    fn push_to(self, out: &mut String);
}

impl ClassPart for &str {
    fn push_to(self, out: &mut String) {
        if !self.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(self);
        }
    }
}

impl ClassPart for String {
    fn push_to(self, out: &mut String) {
        self.as_str().push_to(out);
    }
}

impl<T: ClassPart> ClassPart for Vec<T> {
    fn push_to(self, out: &mut String) {
        self.into_iter().for_each(|part| part.push_to(out));
    }
}

impl<T: ClassPart> ClassPart for Option<T> {
    fn push_to(self, out: &mut String) {
        if let Some(part) = self {
            part.push_to(out);
        }
    }
}

/// A `class` attribute from parts (`&str`, `String` or an `Option` of one), skipping the
/// empty ones: `class_list!("cell", set.then_some("set"))`. A plain string is all an element's
/// class needs; it spares each element Yew's set of classes and its hashing.
#[macro_export]
macro_rules! class_list {
    ($($part:expr),* $(,)?) => {{
        let mut list = ::std::string::String::new();
        $( $crate::ui::ClassPart::push_to($part, &mut list); )*
        list
    }};
}

/// Mounts the app on the page's body, with the saved session a bare visit opens: from
/// local storage, or once IndexedDB has answered when local storage holds a pointer. Each
/// step is a task of its own, as each takes a while for a link of 20,000 items: taking the
/// address, after the task that instantiated the WebAssembly; decoding its pairs, a slice
/// per task; reading them into the page's state; the first render.
pub fn start() {
    panic_screen::install();
    browser::yield_then(|| {
        let query = browser::current_query();
        let stored = opening::stored_session(&query);
        if stored.as_deref().is_some_and(browser::is_pointer) {
            wasm_bindgen_futures::spawn_local(async move {
                let saved = browser::read_session(stored.unwrap_or_default()).await;
                read_link(opening::link_reader(saved, query));
            });
        } else {
            read_link(opening::link_reader(stored, query));
        }
    });
}

/// Decodes the link's next slice of pairs in the next task; once all are, reads them and
/// makes the page's state from them in the task after.
fn read_link(reader: crate::state::url::LinkReader) {
    browser::yield_then(move || read_slice(reader));
}

/// One step of [`read_link`]: the next slice decoded, or once all are, the page's state made
/// and the app mounted.
fn read_slice(mut reader: crate::state::url::LinkReader) {
    if reader.is_read() {
        let (state, opening) = opening::initial_state(reader);
        open_in_its_language(state, opening);
    } else {
        reader.read(PAIRS_PER_TASK);
        read_link(reader);
    }
}

/// Pairs of a link decoded in one task: about 2–6 ms on a slow machine, so that a link of
/// 20,000 items is decoded in five tasks.
const PAIRS_PER_TASK: usize = 4_000;

/// Mounts the app with this state in its language.
fn open_in_its_language(state: crate::state::AppState, opening: Option<crate::state::BulkBuilder>) {
    // A page opening in Chinese or Japanese first fetches that language's texts, so that it
    // never shows English first; after 3 s without them it opens in English, with a notice
    // (a late answer still installs the texts for the menu).
    let lang = state.lang();
    let mount = Rc::new(Cell::new(Some((state, opening))));
    let opened = mount.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let loaded = browser::load_language(lang).await;
        if let Some((state, opening)) = opened.take() {
            match loaded {
                Ok(()) => open(state, opening),
                Err(problem) => {
                    let failed = Action::Page(PageAction::LanguageFailed(lang, problem));
                    open(state.apply(failed), opening)
                }
            }
        }
    });
    browser::after_ms(LANGUAGE_WAIT_MS, move || {
        if let Some((state, opening)) = mount.take() {
            let problem = format!("{}: no answer within {LANGUAGE_WAIT_MS} ms", lang.file());
            let failed = Action::Page(PageAction::LanguageFailed(lang, problem));
            open(state.apply(failed), opening);
        }
    });
}

/// How long a page opening in Chinese or Japanese waits for its texts.
const LANGUAGE_WAIT_MS: i32 = 3000;

/// Mounts the app with this state, in a task of its own: a long link's state is read in
/// the task before.
fn open(state: crate::state::AppState, opening: Option<crate::state::BulkBuilder>) {
    opening::set_initial_state(state, opening);
    browser::yield_then(|| {
        yew::Renderer::<app::App>::new().render();
    });
}
