//! The filters view, a WebAssembly module of its own (`src/bin/filters_view.rs`) that the
//! page loads when the view is first shown. [`show`] draws it into the page's element from a
//! [`FiltersViewInput`]; the view's [`FiltersViewOutput`]s go back through the page's
//! function. The page's items are the view's; a delete made here is the view's own (the
//! page's Bloom filter cannot delete), applied after them.

use std::cell::RefCell;
use std::rc::Rc;

use web_sys::Element;
use yew::prelude::*;

use crate::protocol::filters_view::{
    FilterChoice, FiltersParams, FiltersViewInput, FiltersViewOutput,
};

mod cluster_run;
mod cuckoo;
mod dynamic;
mod peeled;
mod quotient;
mod ribbon;
mod same_memory;
mod space;
mod space_plot;
mod space_workers;
mod static_filters;
mod texts;
mod walk;

use texts::Texts;

use super::view_module::{self, MountedApp, PageAnswer};

/// Props of [`FiltersApp`].
#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// What the page sent last.
    pub input: Rc<FiltersViewInput>,
    /// Where the view's messages go.
    pub answer: PageAnswer,
}

thread_local! {
    static MOUNTED: MountedApp<FiltersApp> = const { RefCell::new(None) };
}

/// The Yew number of this module's first app, past the page's (see
/// [`view_module::mount_or_update`]).
const FIRST_OWN_APP: u32 = 16;

/// Draws the view into `root` from the page's message (bytes of a [`FiltersViewInput`]);
/// the view's messages go to `answer`. A message that does not decode changes nothing.
pub fn show(root: Element, message: &[u8], answer: js_sys::Function) {
    let Ok(input) = FiltersViewInput::decode(message) else {
        return;
    };
    let props = AppProps {
        input: Rc::new(input),
        answer: PageAnswer(answer),
    };
    MOUNTED.with(|mounted| view_module::mount_or_update(mounted, root, props, FIRST_OWN_APP));
}

/// The view: the structure chosen (a filter that deletes, or a static one) and the space
/// table.
#[function_component(FiltersApp)]
pub fn filters_app(props: &AppProps) -> Html {
    let input = &props.input;
    let params = input.params;
    let languages = use_state(|| 0u32);
    {
        let languages = languages.clone();
        use_effect_with(input.lang, move |&lang| {
            if !texts::has(lang) {
                texts::fetch(lang, move || languages.set(*languages + 1));
            }
        });
    }
    let t = Texts::of(input.lang);
    let structure = |filter: FilterChoice| {
        let answer = props.answer.clone();
        let chosen = params.filter == filter;
        let onclick = Callback::from(move |_: MouseEvent| {
            answer.send(
                &FiltersViewOutput::Params {
                    params: FiltersParams { filter, ..params },
                }
                .encode(),
            );
        });
        html! {
            <button id={format!("filters-{}", filter.key())} aria-pressed={chosen.to_string()}
                    class={classes!(chosen.then_some("active"))} {onclick}>{ t.get(filter.key()) }</button>
        }
    };
    let structures = html! {
        <div class="toolbar" role="group" aria-label={t.get("structure")}>
            { for FilterChoice::ALL.into_iter().map(structure) }
        </div>
    };
    html! {
        <div class="filters-view" data-filter={params.filter.key()}>
            if params.filter.is_static() {
                <static_filters::StaticFilters texts={t.clone()} input={Rc::clone(input)}
                                               structures={structures} answer={props.answer.clone()} />
            } else {
                <dynamic::DynamicFilters texts={t.clone()} texts_version={*languages} input={Rc::clone(input)}
                                         structures={structures} answer={props.answer.clone()} />
            }
            <space::SpacePanel texts={t} params={params} seed={input.seed}
                               workers={input.workers} answer={props.answer.clone()} />
        </div>
    }
}
