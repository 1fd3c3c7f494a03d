//! The files view, a WebAssembly module of its own (`src/bin/files_view.rs`) that the page
//! loads when the view is first shown: a Parquet file opened on this computer (picker, drag
//! and drop, or the bundled example), read by the Parquet worker ([`reader`]), which the
//! module starts when a file is opened. [`show`] draws the view into the page's element
//! from a [`FilesViewInput`]; what the link keeps (the example asked for, the value typed)
//! goes back to the page as a [`FilesViewOutput`].
//!
//! The view's model ([`FilesState`]) and the worker live as long as the module, not as the
//! drawing: a view shown again, after another, draws the file it showed.

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::Element;
use yew::functional::UseForceUpdateHandle;
use yew::prelude::*;

use crate::i18n::view_texts::FILES;
use crate::protocol::files_view::{FilesParams, FilesViewInput, FilesViewOutput};
use crate::state::files_view::{FilesAction, FilesState};

use super::view_module::{self, MountedApp, PageAnswer};

mod panel;
mod reader;

thread_local! {
    static MOUNTED: MountedApp<FilesApp> = const { RefCell::new(None) };
    /// The view's model.
    static MODEL: RefCell<Rc<FilesState>> = RefCell::new(Rc::default());
    /// What the page sent last, and where the view's messages go.
    static PAGE: RefCell<Option<(FilesParams, PageAnswer)>> = const { RefCell::new(None) };
    /// Draws the mounted view again after its model changed.
    static REDRAW: RefCell<Option<UseForceUpdateHandle>> = const { RefCell::new(None) };
}

/// The Yew number of this module's first app, past the page's and the filters view's (see
/// [`view_module::mount_or_update`]).
const FIRST_OWN_APP: u32 = 32;

/// Draws the view into `root` from the page's message (bytes of a [`FilesViewInput`]); the
/// view's messages go to `answer`. A message that does not decode changes nothing.
pub fn show(root: Element, message: &[u8], answer: js_sys::Function) {
    let Ok(input) = FilesViewInput::decode(message) else {
        return;
    };
    PAGE.with(|page| *page.borrow_mut() = Some((input.params.clone(), PageAnswer(answer))));
    let props = AppProps {
        input: Rc::new(input),
    };
    MOUNTED.with(|mounted| view_module::mount_or_update(mounted, root, props, FIRST_OWN_APP));
}

/// The view's model now.
fn model() -> Rc<FilesState> {
    MODEL.with(|m| Rc::clone(&m.borrow()))
}

/// Applies `action` to the view's model and draws the view again.
fn apply(action: FilesAction) {
    MODEL.with(|m| {
        let state = Rc::unwrap_or_clone(std::mem::take(&mut *m.borrow_mut()));
        *m.borrow_mut() = Rc::new(state.apply(action));
    });
    let redraw = REDRAW.with(|r| r.borrow().clone());
    if let Some(redraw) = redraw {
        redraw.force_update();
    }
}

/// Tells the page what the link now says of the view: `example` shown or not, and the
/// value typed.
fn tell_page(example: bool, query: String) {
    let page = PAGE.with(|p| p.borrow().clone());
    let Some((sent, answer)) = page else {
        return;
    };
    let params = FilesParams { example, query };
    if params == sent {
        return;
    }
    answer.send(&FilesViewOutput::Params { params }.encode());
}

/// Tells the page the value typed, the example asked for as the page last said.
fn tell_page_query(query: String) {
    let example = PAGE.with(|p| p.borrow().as_ref().is_some_and(|(sent, _)| sent.example));
    tell_page(example, query);
}

/// Props of [`FilesApp`].
#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// What the page sent last.
    pub input: Rc<FilesViewInput>,
}

/// The view: follows the page's parameters (a value from the link or a lesson, the example
/// asked for) and draws the model.
#[function_component(FilesApp)]
pub fn files_app(props: &AppProps) -> Html {
    let input = &props.input;
    let redraw = use_force_update();
    REDRAW.with(|r| *r.borrow_mut() = Some(redraw));
    let texts = view_module::use_view_texts(FILES, input.lang);
    use_effect_with(input.params.clone(), |params| {
        let state = model();
        if params.query != state.query {
            apply(FilesAction::Query(params.query.clone()));
            if state.shown.is_some() {
                reader::send(None, params.query.clone(), state.selected, state.page);
            }
        }
        if model().wants_example(params.example) {
            reader::open_example();
        }
    });
    panel::files_panel(&texts, &model())
}
