//! The filters view's module (`src/bin/filters_view.rs`, built by Trunk beside the page as
//! `filters_view.js`), imported by `static/workers.js` the first time the view is shown, so
//! that neither its code nor its texts are part of the first visit. While the view is
//! shown, the page sends it a [`FiltersViewInput`] (the page's items, language, seed, the
//! view's parameters and the item field, a lesson step's item) whenever one of them
//! changes; the module draws into `#filters-root` and answers with [`FiltersViewOutput`]s:
//! an item inserted joins the page's item log, new parameters go to the link.

use std::cell::RefCell;

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use yew::Callback;

use crate::protocol::filters_view::{FiltersViewInput, FiltersViewOutput};
use crate::state::fields::parse_whole;
use crate::state::url::View;
use crate::state::{Action, AppState, FilterAction, PageAction};

/// The element the module draws into (`src/ui/views/filters.rs` draws it).
pub const FILTERS_ROOT: &str = "filters-root";

#[wasm_bindgen(module = "/static/workers.js")]
extern "C" {
    /// Imports the module (once) and has it draw `message` into `root`; its messages go to
    /// `answer`, or the failure's text when it cannot be loaded.
    #[wasm_bindgen(js_name = filtersViewShow)]
    fn filters_view_show(root: &web_sys::Element, message: &Uint8Array, answer: &js_sys::Function);
}

thread_local! {
    /// Where the module's answers go: the page's dispatch, set by each message.
    static DISPATCH: RefCell<Option<Callback<Action>>> = const { RefCell::new(None) };
    /// The JavaScript function that takes the module's answers, made once.
    static ANSWER: js_sys::Function = Closure::<dyn Fn(JsValue)>::new(answer)
        .into_js_value()
        .unchecked_into();
}

/// Takes one answer of the module (bytes), or the text of its failure to load.
fn answer(data: JsValue) {
    let action = match data.as_string() {
        Some(problem) => Action::Page(PageAction::FiltersFailed(problem)),
        None => match FiltersViewOutput::decode(&Uint8Array::new(&data).to_vec()) {
            Ok(FiltersViewOutput::Insert { item }) => Action::Filter(FilterAction::AddItem(item)),
            Ok(FiltersViewOutput::Params { params }) => {
                Action::Page(PageAction::SetFilters(params))
            }
            Err(_) => return,
        },
    };
    let dispatch = DISPATCH.with(|d| d.borrow().clone());
    if let Some(dispatch) = dispatch {
        dispatch.emit(action);
    }
}

/// Sends the module the page's items, language, seed, the view's parameters and the item
/// field after each render that changed one of them while the view is shown.
#[yew::hook]
pub fn use_filters_view(state: &AppState, dispatch: Callback<Action>) {
    let shown = state.view() == View::Filters;
    let seed = parse_whole(&state.lab().settings().seed).unwrap_or(1);
    let deps = (
        shown,
        std::rc::Rc::clone(state.members()),
        state.lang(),
        seed,
        state.page().filters,
        state.draft().to_owned(),
        state.lab().workers.unwrap_or(0),
    );
    yew::use_effect_with(
        deps,
        move |(shown, members, lang, seed, params, draft, workers)| {
            if !*shown {
                return;
            }
            let root = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(FILTERS_ROOT));
            let Some(root) = root else {
                return;
            };
            let mut items = Vec::new();
            for member in members.list() {
                for _ in 0..member.copies {
                    items.push(member.item.clone());
                }
            }
            let input = FiltersViewInput {
                lang: *lang,
                seed: *seed,
                params: *params,
                items,
                draft: draft.clone(),
                workers: *workers,
            };
            DISPATCH.with(|d| *d.borrow_mut() = Some(dispatch));
            let bytes = Uint8Array::from(&input.encode()[..]);
            ANSWER.with(|answer| filters_view_show(&root, &bytes, answer));
        },
    );
}
