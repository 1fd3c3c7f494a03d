//! The filters that delete (the cuckoo filter and the quotient filter), holding the page's
//! items one insert at a time: their settings, the item's insert, query and delete with
//! their walks, the drawing and figures, the same-memory comparison and the quotient
//! filter's clusters. A delete made here is the view's own (the page's Bloom filter cannot
//! delete), applied after the page's items.

use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlSelectElement, KeyboardEvent};
use yew::prelude::*;

use crate::filter::cuckoo::{CuckooFilter, CuckooShape, Kick, Placement};
use crate::filter::quotient::{QuotientFilter, QuotientShape};
use crate::protocol::filters_view::{
    FilterChoice, FiltersParams, FiltersViewInput, FiltersViewOutput, MAX_VIEW_BUCKETS,
    MAX_VIEW_QUOTIENT_BITS,
};

use super::texts::Texts;
use super::walk::{use_walk_keys, walk_panel, Walk};
use super::{cluster_run, cuckoo, quotient, same_memory};
use crate::ui::view_module::PageAnswer;

/// The filters built from the page's items and the view's deletes.
#[derive(PartialEq)]
struct Built {
    cuckoo: CuckooFilter,
    quotient: QuotientFilter,
    /// Items the table had no room for.
    refused: Vec<String>,
    /// The page's items less those deleted here.
    members: Vec<String>,
    /// The moves of the cuckoo filter's last insert (of the page's last item).
    last_kicks: Vec<Kick>,
}

fn build(input: &FiltersViewInput, deleted: &[String]) -> Option<Built> {
    let p = input.params;
    let cuckoo_shape = CuckooShape::new(p.cuckoo_nb, p.cuckoo_f).ok()?;
    let quotient_shape = QuotientShape::new(p.quotient_q, p.quotient_r).ok()?;
    let (mut cuckoo, mut quotient) = (
        CuckooFilter::new(cuckoo_shape, input.seed),
        QuotientFilter::new(quotient_shape),
    );
    let mut refused = Vec::new();
    let mut last_kicks = Vec::new();
    let shows_cuckoo = p.filter == FilterChoice::Cuckoo;
    for item in &input.items {
        let stored = if shows_cuckoo {
            let report = cuckoo.insert(item.as_bytes());
            last_kicks = report.as_ref().map(|r| r.kicks.clone()).unwrap_or_default();
            report.is_ok()
        } else {
            quotient.insert(item.as_bytes()).is_ok()
        };
        if !stored {
            refused.push(item.clone());
        }
    }
    let mut members = input.items.clone();
    for item in deleted {
        if shows_cuckoo {
            let _ = cuckoo.delete(item.as_bytes());
        } else {
            quotient.delete(item.as_bytes());
        }
        if let Some(at) = members.iter().position(|m| m == item) {
            members.remove(at);
        }
    }
    Some(Built {
        cuckoo,
        quotient,
        refused,
        members,
        last_kicks,
    })
}

/// How a parameter's list sets the parameters from the value chosen.
type ParamChange = Rc<dyn Fn(&mut FiltersParams, u64)>;

/// What an operation button does.
#[derive(Clone, Copy, PartialEq)]
enum Operation {
    Insert,
    Query,
    Delete,
}

/// Props of [`DynamicFilters`].
#[derive(Properties, PartialEq)]
pub struct DynamicProps {
    /// The view's texts.
    pub texts: Texts,
    /// Changes when a language's texts arrive, so that memoised panels are redrawn.
    pub texts_version: u32,
    /// What the page sent last.
    pub input: Rc<FiltersViewInput>,
    /// The structure buttons, drawn by the view.
    pub structures: Html,
    /// Where the view's messages go.
    pub answer: PageAnswer,
}

/// The cuckoo and quotient filters' part of the view.
#[function_component(DynamicFilters)]
pub fn dynamic_filters(props: &DynamicProps) -> Html {
    let input = &props.input;
    let params = input.params;
    let t = props.texts.clone();
    let draft = use_state(|| input.draft.clone());
    let deleted = use_state(Vec::<String>::new);
    let walk = use_state(|| None::<Walk>);
    // The moves of an insert made here; `None` shows those of the page's last item.
    let kicks = use_state(|| None::<Vec<Kick>>);
    {
        // The page's item field (a lesson step's item) becomes the typed item.
        let (draft, kicks, walk) = (draft.clone(), kicks.clone(), walk.clone());
        use_effect_with(input.draft.clone(), move |page_draft| {
            if *draft != *page_draft {
                draft.set(page_draft.clone());
                kicks.set(None);
                walk.set(None);
            }
        });
    }
    {
        // Another structure closes the walk of this one.
        let walk = walk.clone();
        use_effect_with(params.filter, move |_| walk.set(None));
    }
    let message = use_state(|| None::<String>);
    let built = use_memo(
        (Rc::clone(input), (*deleted).clone()),
        |(input, deleted)| build(input, deleted),
    );
    let lang = props.texts_version;
    let figures = {
        let t = t.clone();
        use_memo(
            (Rc::clone(input), (*deleted).clone(), lang),
            move |(input, deleted, _)| {
                let shows_cuckoo = input.params.filter == FilterChoice::Cuckoo;
                match build(input, deleted) {
                    Some(b) if shows_cuckoo => cuckoo::figures(&t, &b.cuckoo, input.seed),
                    Some(b) => quotient::figures(&t, &b.quotient, input.seed),
                    None => html! {},
                }
            },
        )
    };
    let same_memory = {
        let t = t.clone();
        use_memo(
            (Rc::clone(input), (*deleted).clone(), lang),
            move |(input, deleted, _)| {
                let Some(b) = build(input, deleted) else {
                    return html! {};
                };
                let budget = if input.params.filter == FilterChoice::Cuckoo {
                    b.cuckoo.shape().memory_bits()
                } else {
                    b.quotient.shape().memory_bits()
                };
                same_memory::panel(&t, &b.members, budget, input.seed)
            },
        )
    };
    let cluster_points = use_memo(input.seed, |&seed| cluster_run::points(seed));
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
    let Some(built) = built.as_ref() else {
        return html! {};
    };
    let shows_cuckoo = params.filter == FilterChoice::Cuckoo;

    let set_params = {
        let answer = props.answer.clone();
        move |change: ParamChange| {
            let answer = answer.clone();
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
        }
    };
    let operate = {
        let (draft, deleted, walk, kicks, message) = (
            draft.clone(),
            deleted.clone(),
            walk.clone(),
            kicks.clone(),
            message.clone(),
        );
        let (answer, t) = (props.answer.clone(), t.clone());
        let (cuckoo, quotient) = (built.cuckoo.clone(), built.quotient.clone());
        let members = built.members.clone();
        move |operation: Operation| {
            let item = (*draft).clone();
            if item.is_empty() {
                return;
            }
            message.set(None);
            let bytes = item.as_bytes();
            match (operation, shows_cuckoo) {
                (Operation::Insert, true) => match cuckoo.clone().insert(bytes) {
                    Ok(report) => {
                        if let Placement::Stash { fingerprint, .. } = report.placement {
                            let load = crate::decimal::fixed(cuckoo.load(), 3);
                            message.set(Some(t.fill("full", &[&load, &fingerprint])));
                        }
                        walk.set(Some(cuckoo::insert_walk(
                            &t,
                            &item,
                            cuckoo.shape(),
                            &report,
                        )));
                        kicks.set(Some(report.kicks));
                        answer.send(&FiltersViewOutput::Insert { item }.encode());
                    }
                    Err(_) => {
                        let load = crate::decimal::fixed(cuckoo.load(), 3);
                        message.set(Some(t.fill("refused_full", &[&item, &load])));
                        walk.set(None);
                    }
                },
                (Operation::Insert, false) => match quotient.clone().insert(bytes) {
                    Ok(w) => {
                        let title = t.fill("walk_insert", &[&item]);
                        walk.set(Some(quotient::walk(
                            &t,
                            title,
                            quotient.shape(),
                            &w.positions,
                            &w.steps,
                            None,
                        )));
                        answer.send(&FiltersViewOutput::Insert { item }.encode());
                    }
                    Err(_) => {
                        message.set(Some(
                            t.fill("quotient_full", &[&item, &quotient.shape().slots()]),
                        ));
                        walk.set(None);
                    }
                },
                (Operation::Query, true) => walk.set(Some(cuckoo::query_walk(&t, &item, &cuckoo))),
                (Operation::Query, false) => {
                    let w = quotient.query(bytes);
                    let last = w.found.is_none().then(|| {
                        t.fill("q_absent", &[&w.positions.remainder, &w.positions.quotient])
                    });
                    let title = t.fill("walk_query", &[&item]);
                    walk.set(Some(quotient::walk(
                        &t,
                        title,
                        quotient.shape(),
                        &w.positions,
                        &w.steps,
                        last,
                    )));
                }
                (Operation::Delete, true) => {
                    let hazard = cuckoo
                        .delete_hazard(bytes, &members)
                        .map(|h| cuckoo::hazard_sentence(&t, &item, &h, &members));
                    let report = cuckoo.clone().delete(bytes).ok();
                    if report.is_some() {
                        let mut more = (*deleted).clone();
                        more.push(item.clone());
                        deleted.set(more);
                    }
                    message.set(hazard.clone());
                    walk.set(Some(cuckoo::delete_walk(
                        &t,
                        &item,
                        cuckoo.shape(),
                        report.as_ref(),
                        hazard,
                    )));
                }
                (Operation::Delete, false) => {
                    let w = quotient.clone().delete(bytes);
                    let last = w.removed.is_none().then(|| {
                        t.fill(
                            "q_not_removed",
                            &[&w.positions.remainder, &w.positions.quotient],
                        )
                    });
                    if w.removed.is_some() {
                        let mut more = (*deleted).clone();
                        more.push(item.clone());
                        deleted.set(more);
                    }
                    let title = t.fill("walk_delete", &[&item]);
                    walk.set(Some(quotient::walk(
                        &t,
                        title,
                        quotient.shape(),
                        &w.positions,
                        &w.steps,
                        last,
                    )));
                }
            }
        }
    };
    let operate = Rc::new(operate);
    let button = |operation: Operation, id: &'static str, label: &'static str| {
        let operate = Rc::clone(&operate);
        html! {
            <button id={id} class={classes!((operation == Operation::Insert).then_some("primary"))}
                    onclick={Callback::from(move |_: MouseEvent| operate(operation))}>{ t.get(label) }</button>
        }
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
        let operate = Rc::clone(&operate);
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                operate(Operation::Insert);
            }
        })
    };
    let onclose = {
        let walk = walk.clone();
        Callback::from(move |()| walk.set(None))
    };
    let select = |id: &'static str,
                  label: &'static str,
                  values: Vec<u64>,
                  current: u64,
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
    let settings = if shows_cuckoo {
        html! { <>
            { select("cuckoo-f", "cuckoo_f", (4..=16).collect(), params.cuckoo_f.into(),
                     set_params(Rc::new(|p, v| p.cuckoo_f = v as u32))) }
            { select("cuckoo-nb", "cuckoo_nb", (0..=MAX_VIEW_BUCKETS.ilog2()).map(|e| 1u64 << e).collect(),
                     params.cuckoo_nb, set_params(Rc::new(|p, v| p.cuckoo_nb = v))) }
        </> }
    } else {
        html! { <>
            { select("quotient-q", "quotient_q", (1..=MAX_VIEW_QUOTIENT_BITS.into()).collect(),
                     params.quotient_q.into(), set_params(Rc::new(|p, v| p.quotient_q = v as u32))) }
            { select("quotient-r", "quotient_r", (1..=32).collect(), params.quotient_r.into(),
                     set_params(Rc::new(|p, v| p.quotient_r = v as u32))) }
        </> }
    };
    let typed = (!draft.is_empty()).then_some(draft.as_str());
    let marks: Vec<u64> = walk
        .as_ref()
        .map(|w| w.marks().to_vec())
        .unwrap_or_default();
    let false_negatives: Vec<String> = built
        .members
        .iter()
        .filter(|m| {
            let bytes = m.as_bytes();
            if shows_cuckoo {
                !built.cuckoo.contains(bytes)
            } else {
                !built.quotient.contains(bytes)
            }
        })
        .filter(|m| !built.refused.contains(m))
        .map(|m| format!("“{m}”"))
        .collect();
    html! { <>
            <section class="panel" aria-labelledby="filters-title">
                <h2 id="filters-title">{ t.get("title") }</h2>
                <p class="lead">{ t.get("lead") }</p>
                { props.structures.clone() }
                <div class="toolbar">{ settings }</div>
                <div class="toolbar">
                    <label class="field" for="filters-item">{ t.get("item") }
                        <input id="filters-item" type="text" value={(*draft).clone()} oninput={oninput}
                               onkeydown={onkeydown} placeholder={t.get("item_placeholder")} autocomplete="off" />
                    </label>
                    { button(Operation::Insert, "filters-insert", "insert") }
                    { button(Operation::Query, "filters-query", "query") }
                    { button(Operation::Delete, "filters-delete", "delete") }
                </div>
                <p id="filters-message" class="filters-message" role="status">
                    { (*message).clone().unwrap_or_default() }
                </p>
            </section>
            if let Some(w) = &*walk {
                { walk_panel(&t, w, onstep, onclose) }
            }
            <section class="panel" aria-labelledby="filters-drawing-title">
                <h2 id="filters-drawing-title">{ t.get(if shows_cuckoo { "cuckoo" } else { "quotient" }) }</h2>
                if shows_cuckoo {
                    { cuckoo::drawing(&t, &built.cuckoo, &marks, typed, &built.members,
                                      kicks.as_deref().unwrap_or(&built.last_kicks)) }
                } else {
                    { quotient::drawing(&t, &built.quotient, &marks, typed) }
                }
                if !built.refused.is_empty() {
                    <p id="filters-refused" class="error">{ t.fill("not_stored", &[&built.refused.join(", ")]) }</p>
                }
                if !false_negatives.is_empty() {
                    <p id="filters-false-negatives" class="error">
                        { t.fill("false_negative", &[&false_negatives.join(", ")]) }
                    </p>
                }
                <h3>{ t.get("figures") }</h3>
                { (*figures).clone() }
            </section>
            { (*same_memory).clone() }
            if input.params.filter == FilterChoice::Quotient {
                { cluster_run::panel(&t, input.seed, &cluster_points) }
            }
    </> }
}
