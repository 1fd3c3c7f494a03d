//! The filters view's module (`src/bin/filters_view.rs`, built by Trunk beside the page as
//! `filters_view.js`), imported by `static/workers.js` the first time the view is shown, so
//! that neither its code nor its texts are part of the first visit. While the view is
//! shown, the page sends it a [`FiltersViewInput`] (the page's items, language, seed, the
//! view's parameters and the item field, a lesson step's item) whenever one of them
//! changes; the module draws into `#filters-root` and answers with [`FiltersViewOutput`]s:
//! an item inserted joins the page's item log, new parameters go to the link.

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use yew::Callback;

use super::module_channel::{self, answer_function};
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
    /// The JavaScript function that takes the module's answers, made once.
    static ANSWER: js_sys::Function = answer_function(read);
}

/// The page's action for one answer of the module, or for its failure to load.
fn read(answer: Result<Vec<u8>, String>) -> Option<Action> {
    Some(match answer {
        Err(problem) => Action::Page(PageAction::FiltersFailed(problem)),
        Ok(bytes) => match FiltersViewOutput::decode(&bytes).ok()? {
            FiltersViewOutput::Insert { item } => Action::Filter(FilterAction::AddItem(item)),
            FiltersViewOutput::Params { params } => Action::Page(PageAction::SetFilters(params)),
        },
    })
}

/// Sends the module the page's items, language, seed, the view's parameters and the item
/// field after each render that changed one of them while the view is shown
/// (`drawn`: the page has drawn the view, which a start draws last).
#[yew::hook]
pub fn use_filters_view(state: &AppState, drawn: bool, dispatch: Callback<Action>) {
    let shown = drawn && state.view() == View::Filters;
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
            let message = input.encode();
            ANSWER.with(|answer| {
                module_channel::send(filters_view_show, FILTERS_ROOT, &message, answer, dispatch)
            });
        },
    );
}
