//! The static filters (xor, binary fuse, ribbon), each built at once from all the page's
//! items: the structure, its construction walked step by step, a query's breakdown, and an
//! item added by rebuilding from the whole set.

use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

use crate::filter::fuse::BinaryFuseFilter;
use crate::filter::peeling::{distinct_keys, key_of, ConstructionWalk, PeeledFilter};
use crate::filter::ribbon::{BuildWalk, RibbonShape};
use crate::filter::xor::XorFilter;
use crate::protocol::filters_view::{
    FilterChoice, FiltersParams, FiltersViewInput, FiltersViewOutput,
};

use super::peeled::{self, Names, ShownShape};
use super::ribbon;
use super::texts::Texts;
use super::walk::{use_walk_keys, walk_panel, Walk};
use crate::ui::view_module::PageAnswer;

/// The most distinct items the view builds step by step (each step of the walk is kept).
pub const MAX_WALKED_ITEMS: usize = 512;
/// The ribbon's result bits r in the view (ε = 2^−8).
pub const RIBBON_RESULT_BITS: u32 = 8;
/// The overheads the view lists (the link may name any from 0 to 100).
const OVERHEADS: [u32; 8] = [0, 5, 10, 15, 20, 30, 50, 100];

/// A static filter built from the page's items, with its construction.
#[derive(PartialEq)]
enum Built {
    Xor(XorFilter, ConstructionWalk),
    Fuse(BinaryFuseFilter, ConstructionWalk),
    Ribbon(Box<BuildWalk>),
    /// Too many items to walk, or a shape refused: the sentence says which.
    Not(String),
}

fn build(t: &Texts, items: &[String], params: FiltersParams) -> Built {
    let keys: Vec<u64> = items.iter().map(|i| key_of(i.as_bytes())).collect();
    let distinct = distinct_keys(&keys);
    if distinct.len() > MAX_WALKED_ITEMS {
        return Built::Not(t.fill("st_too_many", &[&distinct.len(), &MAX_WALKED_ITEMS]));
    }
    let refused = |e: &dyn std::fmt::Debug| Built::Not(t.fill("st_refused", &[&format!("{e:?}")]));
    match params.filter {
        FilterChoice::Fuse => match PeeledFilter::build_walked(&keys, params.xor_bits) {
            Ok((filter, walk)) => Built::Fuse(filter, walk),
            Err(e) => refused(&e),
        },
        FilterChoice::Ribbon => {
            let overhead = 1.0 + f64::from(params.ribbon_overhead) / 100.0;
            let shape = RibbonShape::with_overhead(
                distinct.len() as u64,
                params.ribbon_w,
                RIBBON_RESULT_BITS,
                overhead,
            );
            match shape
                .and_then(|shape| crate::filter::ribbon::RibbonFilter::build_walked(&keys, shape))
            {
                Ok(walk) => Built::Ribbon(Box::new(walk)),
                Err(e) => refused(&e),
            }
        }
        _ => match PeeledFilter::build_walked(&keys, params.xor_bits) {
            Ok((filter, walk)) => Built::Xor(filter, walk),
            Err(e) => refused(&e),
        },
    }
}

/// Props of [`StaticFilters`].
#[derive(Properties, PartialEq)]
pub struct StaticProps {
    /// The view's texts.
    pub texts: Texts,
    /// What the page sent last.
    pub input: Rc<FiltersViewInput>,
    /// The structure buttons, drawn by the view.
    pub structures: Html,
    /// Where the view's messages go.
    pub answer: PageAnswer,
}

fn walk_of<S: ShownShape>(
    t: &Texts,
    filter: &PeeledFilter<S>,
    walk: &ConstructionWalk,
    names: &Names,
    query: Option<(&str, bool)>,
) -> Walk {
    match query {
        Some((item, added)) => peeled::query_walk(t, filter, item, added),
        None => peeled::construction_walk(t, filter, walk, names),
    }
}

/// The static filters' part of the view.
#[function_component(StaticFilters)]
pub fn static_filters(props: &StaticProps) -> Html {
    let t = &props.texts;
    let input = &props.input;
    let params = input.params;
    let draft = use_state(|| input.draft.clone());
    let walk = use_state(|| None::<Walk>);
    {
        let (draft, walk) = (draft.clone(), walk.clone());
        use_effect_with(input.draft.clone(), move |page_draft| {
            if *draft != *page_draft {
                draft.set(page_draft.clone());
                walk.set(None);
            }
        });
    }
    {
        // A rebuilt filter (new items or parameters) closes a walk of the old one.
        let walk = walk.clone();
        use_effect_with((input.items.clone(), params), move |_| walk.set(None));
    }
    let built = {
        let t = t.clone();
        use_memo((input.items.clone(), params), move |(items, params)| {
            build(&t, items, *params)
        })
    };
    let onstep = {
        let walk = walk.clone();
        Callback::from(move |delta: isize| {
            if let Some(mut w) = (*walk).clone() {
                w.step = w.step.saturating_add_signed(delta).min(w.lines.len() - 1);
                walk.set(Some(w));
            }
        })
    };
    use_walk_keys(walk.is_some(), onstep.clone());
    let names: Names = input
        .items
        .iter()
        .map(|i| (key_of(i.as_bytes()), i.clone()))
        .collect();
    let open = {
        let (walk, built, t, draft) = (walk.clone(), Rc::clone(&built), t.clone(), draft.clone());
        let (names, items) = (names.clone(), input.items.clone());
        Rc::new(move |query: bool| {
            let item = (*draft).clone();
            if query && item.is_empty() {
                return;
            }
            let query = query.then(|| (item.as_str(), items.contains(&item)));
            walk.set(match &*built {
                Built::Xor(f, w) => Some(walk_of(&t, f, w, &names, query)),
                Built::Fuse(f, w) => Some(walk_of(&t, f, w, &names, query)),
                Built::Ribbon(w) => w.filter.as_ref().map_or_else(
                    || Some(ribbon::construction_walk(&t, w, &names)),
                    |f| match query {
                        Some((item, added)) => Some(ribbon::query_walk(&t, f, item, added)),
                        None => Some(ribbon::construction_walk(&t, w, &names)),
                    },
                ),
                Built::Not(_) => None,
            });
        })
    };
    let add = {
        let (answer, draft) = (props.answer.clone(), draft.clone());
        Rc::new(move || {
            let item = (*draft).clone();
            if !item.is_empty() {
                answer.send(&FiltersViewOutput::Insert { item }.encode());
            }
        })
    };
    let oninput = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(field) = e.target_dyn_into::<HtmlInputElement>() {
                draft.set(field.value());
            }
        })
    };
    let onkeydown = {
        let add = Rc::clone(&add);
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                add();
            }
        })
    };
    let set = |change: fn(&mut FiltersParams, u32)| {
        let answer = props.answer.clone();
        Callback::from(move |e: Event| {
            let Some(value) = e
                .target_dyn_into::<HtmlSelectElement>()
                .and_then(|s| s.value().parse().ok())
            else {
                return;
            };
            let mut next = params;
            change(&mut next, value);
            answer.send(&FiltersViewOutput::Params { params: next }.encode());
        })
    };
    let select = |id: &'static str,
                  label: &'static str,
                  values: Vec<u32>,
                  current: u32,
                  onchange: Callback<Event>| {
        html! {
            <label class="field" for={id}>{ t.get(label) }
                <select id={id} onchange={onchange}>
                    { for values.into_iter().map(|v| html! {
                        <option value={v.to_string()} selected={v == current}>{ v }</option>
                    }) }
                </select>
            </label>
        }
    };
    let settings = if params.filter == FilterChoice::Ribbon {
        let mut overheads = OVERHEADS.to_vec();
        if !overheads.contains(&params.ribbon_overhead) {
            let at = overheads.partition_point(|&o| o < params.ribbon_overhead);
            overheads.insert(at, params.ribbon_overhead);
        }
        html! { <>
            { select("ribbon-w", "ribbon_w", vec![32, 64], params.ribbon_w, set(|p, v| p.ribbon_w = v)) }
            { select("ribbon-overhead", "ribbon_overhead", overheads, params.ribbon_overhead,
                     set(|p, v| p.ribbon_overhead = v)) }
        </> }
    } else {
        select(
            "xor-bits",
            "xor_bits",
            vec![8, 16],
            params.xor_bits,
            set(|p, v| p.xor_bits = v),
        )
    };
    let close = {
        let walk = walk.clone();
        Callback::from(move |()| walk.set(None))
    };
    let marks: Vec<u64> = walk
        .as_ref()
        .map(|w| w.marks().to_vec())
        .unwrap_or_default();
    let typed = (!draft.is_empty()).then_some(draft.as_str());
    let button = |id: &'static str,
                  label: &'static str,
                  primary: bool,
                  onclick: Callback<MouseEvent>| {
        html! { <button id={id} class={classes!(primary.then_some("primary"))} {onclick}>{ t.get(label) }</button> }
    };
    let add_click = Callback::from(move |_: MouseEvent| add());
    let query_click = {
        let open = Rc::clone(&open);
        Callback::from(move |_: MouseEvent| open(true))
    };
    let walk_click = Callback::from(move |_: MouseEvent| open(false));
    let name = t.get(params.filter.key());
    html! { <>
        <section class="panel" aria-labelledby="filters-title">
            <h2 id="filters-title">{ t.get("st_title") }</h2>
            <p class="lead">{ t.get("st_lead") }</p>
            { props.structures.clone() }
            <div class="toolbar">{ settings }</div>
            <div class="toolbar">
                <label class="field" for="filters-item">{ t.get("item") }
                    <input id="filters-item" type="text" value={(*draft).clone()} {oninput} {onkeydown}
                           placeholder={t.get("item_placeholder")} autocomplete="off" />
                </label>
                { button("static-add", "st_add", true, add_click) }
                { button("filters-query", "query", false, query_click) }
                { button("static-walk", "st_walk", false, walk_click) }
            </div>
            <p class="hint">{ t.get("st_no_delete") }</p>
        </section>
        if let Some(w) = &*walk {
            { walk_panel(t, w, onstep, close) }
        }
        <section class="panel" aria-labelledby="filters-drawing-title">
            <h2 id="filters-drawing-title">{ name }</h2>
            if input.items.is_empty() {
                <p class="hint" id="static-empty">{ t.get("st_empty") }</p>
            }
            { match &*built {
                Built::Xor(f, w) => peeled::drawing(t, f, w, &names, &marks, typed),
                Built::Fuse(f, w) => peeled::drawing(t, f, w, &names, &marks, typed),
                Built::Ribbon(w) => match &w.filter {
                    Some(f) => ribbon::drawing(t, w, &names, f, params.ribbon_overhead, &marks, typed),
                    None => html! { <p class="error">{ t.fill("r_no_seed", &[&w.attempts.len()]) }</p> },
                },
                Built::Not(sentence) => html! { <p class="error">{ sentence }</p> },
            } }
        </section>
    </> }
}
