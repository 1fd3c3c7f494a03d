//! The filters view (filters that delete: the cuckoo filter and the quotient filter). Its
//! code and texts are a WebAssembly module of their own (`src/bin/filters_view.rs`), which
//! `static/workers.js` imports the first time the view is shown: the page draws only the
//! element the module draws into, and sends it a [`FiltersViewInput`] (the page's items,
//! language, seed, the view's parameters and the item field) whenever one of them changes. The module's
//! [`FiltersViewOutput`]s come back as actions: an item inserted joins the page's item log,
//! and new parameters go to the link.

use std::rc::Rc;

use js_sys::Uint8Array;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::lang::Lang;
use crate::protocol::filters_view::{FiltersParams, FiltersViewInput, FiltersViewOutput};
use crate::state::fields::parse_whole;
use crate::state::log::Members;
use crate::state::{Action, AppState, FilterAction, PageAction};

#[wasm_bindgen(module = "/static/workers.js")]
extern "C" {
    /// Imports the module (once) and has it draw `message` into `root`; its messages go to
    /// `answer`.
    #[wasm_bindgen(js_name = filtersViewShow)]
    fn filters_view_show(root: &web_sys::Element, message: &Uint8Array, answer: &js_sys::Function);
}

/// The filters view.
pub fn filters_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let seed = parse_whole(&state.lab().settings().seed).unwrap_or(1);
    html! {
        <FiltersHost text={text} members={Rc::clone(state.members())} lang={state.lang()}
                     seed={seed} params={state.page().filters} draft={state.draft().to_owned()}
                     dispatch={dispatch.clone()} />
    }
}

/// Props of [`FiltersHost`].
#[derive(Properties, PartialEq)]
struct HostProps {
    text: &'static Text,
    members: Rc<Members>,
    lang: Lang,
    seed: u64,
    params: FiltersParams,
    draft: String,
    dispatch: Callback<Action>,
}

/// The element the module draws into, and a note while it loads (hidden by the style
/// sheet once the module has drawn) or why it could not.
#[function_component(FiltersHost)]
fn filters_host(props: &HostProps) -> Html {
    let root = use_node_ref();
    let failure = use_state(|| None::<String>);
    let answer = {
        let (dispatch, failure) = (props.dispatch.clone(), failure.clone());
        use_memo((), move |_| {
            Closure::<dyn Fn(JsValue)>::new(move |data: JsValue| {
                if let Some(problem) = data.as_string() {
                    failure.set(Some(problem));
                    return;
                }
                let action = match FiltersViewOutput::decode(&Uint8Array::new(&data).to_vec()) {
                    Ok(FiltersViewOutput::Insert { item }) => {
                        Action::Filter(FilterAction::AddItem(item))
                    }
                    Ok(FiltersViewOutput::Params { params }) => {
                        Action::Page(PageAction::SetFilters(params))
                    }
                    Err(_) => return,
                };
                dispatch.emit(action);
            })
        })
    };
    {
        let root = root.clone();
        let deps = (
            Rc::clone(&props.members),
            props.lang,
            props.seed,
            props.params,
            props.draft.clone(),
        );
        use_effect_with(deps, move |(members, lang, seed, params, draft)| {
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
            };
            if let Some(element) = root.cast::<web_sys::Element>() {
                let bytes = Uint8Array::from(&input.encode()[..]);
                filters_view_show(&element, &bytes, answer.as_ref().as_ref().unchecked_ref());
            }
        });
    }
    let text = props.text;
    html! {
        <section class="filters-host">
            <div class="filters-root" ref={root}></div>
            if let Some(problem) = &*failure {
                <p class="error" role="alert">{ fill(text.filters_failed, &[problem]) }</p>
            } else {
                <p class="filters-loading">{ text.filters_loading }</p>
            }
        </section>
    }
}
