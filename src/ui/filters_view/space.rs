//! The space table (`#filter-space`): every filter of the page, and the crates real systems
//! use, built for one target rate ε from the same n items and measured in the space
//! workers; bits per item against the limit log2(1/ε̂), and a plot of bits per item against
//! the measured rate with the limit and Bloom's 1.44 times it.

use std::rc::Rc;

use web_sys::HtmlSelectElement;
use yew::prelude::*;

use super::space_plot::plot;
use super::space_workers::{self, SharedTable, SpaceWorkers};
use super::texts::Texts;
use crate::decimal::fixed;
use crate::filter::same_memory::Deletes;
use crate::filter::space::{Sizing, SpaceEps, SpaceError, SpaceFilter, SpaceRow, SPACE_SIZES};
use crate::protocol::filters_view::{FiltersParams, FiltersViewOutput};
use crate::state::numbers::grouped;
use crate::state::space_table::{SpaceAction, SpaceStatus, SpaceTableState};
use crate::ui::view_module::PageAnswer;

/// The items measured when the link names none.
const DEFAULT_N: u64 = 1_000_000;

/// Props of [`SpacePanel`].
#[derive(Properties, PartialEq)]
pub struct SpaceProps {
    /// The view's texts.
    pub texts: Texts,
    /// The view's parameters (the table's ε and n among them).
    pub params: FiltersParams,
    /// The item source's seed (the lab's).
    pub seed: u64,
    /// The lab's `workers` (0: one per core).
    pub workers: u64,
    /// Where the view's messages go.
    pub answer: PageAnswer,
}

/// How a list sets the parameters from the value chosen.
type TextChange = Rc<dyn Fn(&mut FiltersParams, &str)>;

fn sizing(t: &Texts, sizing: Sizing) -> String {
    match sizing {
        Sizing::Bloom { m, k } => format!("m = {}, k = {k}", grouped(m)),
        Sizing::Counting { m, k, width } => t.fill("sp_size_counting", &[&grouped(m), &width, &k]),
        Sizing::Cuckoo {
            buckets,
            fingerprint_bits,
        } => format!("nb = {}, f = {fingerprint_bits}", grouped(buckets)),
        Sizing::Quotient { q, r } => format!("q = {q}, r = {r}"),
        Sizing::Fingerprints { slots, bits } => t.fill("sp_size_slots", &[&grouped(slots), &bits]),
        Sizing::Ribbon { slots, r, w } => t.fill("sp_size_ribbon", &[&grouped(slots), &r, &w]),
        Sizing::Qfilter { fingerprint_bits } => t.fill("sp_size_qfilter", &[&fingerprint_bits]),
    }
}

fn failure(t: &Texts, error: SpaceError) -> String {
    t.get(match error {
        SpaceError::Shape => "sp_error_shape",
        SpaceError::Full => "sp_error_full",
        SpaceError::NoConstruction => "sp_error_construction",
    })
}

fn yes_no(t: &Texts, yes: bool) -> String {
    t.get(if yes { "sm_yes" } else { "sm_no" })
}

fn deletes(t: &Texts, filter: SpaceFilter) -> String {
    t.get(match filter.deletes() {
        Deletes::No => "sm_no",
        Deletes::Counting => "sm_counting_yes",
        Deletes::Yes => "sm_yes",
    })
}

/// One measured row.
fn measured(t: &Texts, row: &SpaceRow) -> Html {
    let filter = row.job.filter;
    let rate = row.rate.rate();
    let (low, high) = row.rate.interval();
    let (ratio_low, ratio_high) = row.ratio_interval();
    let ratio = row.ratio();
    let rate_text = format!(
        "{} ({} / {}; {} – {})",
        fixed(rate, 5),
        grouped(row.rate.false_positives),
        grouped(row.rate.probes),
        fixed(low, 5),
        fixed(high, 5)
    );
    let ratio_text = ratio.map_or_else(
        || t.get("sp_no_false_positive"),
        |r| {
            format!(
                "{} ({} – {})",
                fixed(r, 3),
                fixed(ratio_low, 3),
                fixed(ratio_high, 3)
            )
        },
    );
    html! {
        <tr data-filter={filter.key()} data-bits-per-item={row.bits_per_item().to_string()}
            data-fpr={rate.to_string()} data-fpr-lo={low.to_string()} data-fpr-hi={high.to_string()}
            data-ratio={ratio.map(|r| r.to_string()).unwrap_or_default()}
            data-ratio-lo={ratio_low.to_string()} data-ratio-hi={ratio_high.to_string()}
            data-deletes={filter.deletes().key()} data-static={filter.is_static().to_string()}
            class={classes!(filter.is_crate().then_some("reference"))}>
            <th scope="row">{ t.filter_name(filter) }</th>
            <td>{ sizing(t, row.sizing) }</td>
            <td>{ fixed(row.bits_per_item(), 2) }</td>
            <td>{ rate_text }</td>
            <td>{ row.limit_bits().map_or_else(|| "—".to_owned(), |l| fixed(l, 2)) }</td>
            <td>{ ratio_text }</td>
            <td>{ deletes(t, filter) }</td>
            <td>{ yes_no(t, filter.is_static()) }</td>
            <td>{ fixed(row.build_ns_per_item(), 0) }</td>
            <td>{ fixed(row.query_ns_per_item(), 0) }</td>
        </tr>
    }
}

/// The row of `filter` at `eps`: measured, failed, or waiting.
fn table_row(t: &Texts, table: &SpaceTableState, filter: SpaceFilter, eps: SpaceEps) -> Html {
    if let Some(row) = table.row(filter, eps) {
        return measured(t, row);
    }
    let note = table
        .failure(filter, eps)
        .map_or_else(|| t.get("sp_waiting"), |e| failure(t, e));
    html! {
        <tr data-filter={filter.key()} data-deletes={filter.deletes().key()}
            data-static={filter.is_static().to_string()}
            class={classes!(filter.is_crate().then_some("reference"))}>
            <th scope="row">{ t.filter_name(filter) }</th>
            <td colspan="5">{ note }</td>
            <td>{ deletes(t, filter) }</td>
            <td>{ yes_no(t, filter.is_static()) }</td>
            <td></td><td></td>
        </tr>
    }
}

fn status_line(t: &Texts, table: &SpaceTableState) -> String {
    match &table.status {
        SpaceStatus::Idle => t.get("sp_idle"),
        SpaceStatus::Running => t.fill(
            "sp_running",
            &[&table.answered(), &table.total, &table.workers],
        ),
        SpaceStatus::Done => {
            let filters = SpaceFilter::ALL.len();
            t.fill(
                "sp_done",
                &[&table.total, &filters, &table.workers, &table.n],
            )
        }
        SpaceStatus::Broken(text) => t.fill("sp_broken", &[text]),
    }
}

/// The panel.
#[function_component(SpacePanel)]
pub fn space_panel(props: &SpaceProps) -> Html {
    let t = &props.texts;
    let table: SharedTable = use_mut_ref(SpaceTableState::default).clone();
    let workers = use_mut_ref(|| None::<SpaceWorkers>);
    let redraw = use_force_update();
    let n = props.params.space_n.unwrap_or(DEFAULT_N);
    let start = {
        let (table, workers, redraw) = (Rc::clone(&table), Rc::clone(&workers), redraw.clone());
        let (seed, count) = (props.seed, props.workers);
        Rc::new(move |n: u64| {
            workers.borrow_mut().take();
            let count = space_workers::worker_count(count);
            table.borrow_mut().apply(SpaceAction::Start {
                n,
                seed,
                workers: count,
            });
            let changed = {
                let redraw = redraw.clone();
                Rc::new(move || redraw.force_update()) as Rc<dyn Fn()>
            };
            let started = space_workers::start(&table, changed);
            if started.is_none() {
                table
                    .borrow_mut()
                    .apply(SpaceAction::Broke(String::from("Worker")));
            }
            *workers.borrow_mut() = started;
            redraw.force_update();
        })
    };
    // The n the list below chose last: the link then names it, but only Run measures it.
    let chosen = use_mut_ref(|| None::<u64>);
    {
        // A link that names space_n measures at once: when the view opens, and when a new
        // link (a lesson's step) names another n while the view is shown.
        let (start, chosen) = (Rc::clone(&start), Rc::clone(&chosen));
        use_effect_with(props.params.space_n, move |named| {
            let by_list = chosen.borrow_mut().take();
            if let Some(n) = *named {
                if by_list != Some(n) {
                    start(n);
                }
            }
        });
    }
    if table.borrow().status != SpaceStatus::Running {
        workers.borrow_mut().take();
    }
    let state = table.borrow();
    let eps = props.params.space_eps;
    let set_params = |change: TextChange| {
        let (answer, params) = (props.answer.clone(), props.params);
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                let mut next = params;
                change(&mut next, &select.value());
                answer.send(&FiltersViewOutput::Params { params: next }.encode());
            }
        })
    };
    let on_eps = set_params(Rc::new(|p, v| {
        p.space_eps = SpaceEps::from_key(v).unwrap_or_default()
    }));
    let on_n = {
        let chosen = Rc::clone(&chosen);
        set_params(Rc::new(move |p, v| {
            p.space_n = v.parse().ok();
            *chosen.borrow_mut() = p.space_n;
        }))
    };
    let run = {
        let start = Rc::clone(&start);
        Callback::from(move |_: MouseEvent| start(n))
    };
    let running = state.status == SpaceStatus::Running;
    html! {
        <section class="panel" id="space" aria-labelledby="space-title">
            <h2 id="space-title">{ t.get("sp_title") }</h2>
            <p>{ t.fill("sp_lead", &[&grouped(n)]) }</p>
            <div class="toolbar">
                <label class="field" for="space-eps">{ t.get("sp_eps") }
                    <select id="space-eps" onchange={on_eps}>
                        { for SpaceEps::ALL.into_iter().map(|e| html! {
                            <option value={e.key()} selected={e == eps}>{ format!("ε = {}", e.key()) }</option>
                        }) }
                    </select>
                </label>
                <label class="field" for="space-n">{ t.get("sp_n") }
                    <select id="space-n" onchange={on_n}>
                        { for SPACE_SIZES.into_iter().map(|size| html! {
                            <option value={size.to_string()} selected={size == n}>{ grouped(size) }</option>
                        }) }
                    </select>
                </label>
                <button id="space-run" class="primary" onclick={run} disabled={running}>{ t.get("sp_run") }</button>
            </div>
            <p id="space-status" role="status">
                if running {
                    <progress id="space-progress" max={state.total.to_string()}
                              value={state.answered().to_string()}></progress>{ " " }
                }
                { status_line(t, &state) }
            </p>
            <div class="table-scroll" tabindex="0" role="region" aria-labelledby="space-title">
            <table id="filter-space" data-status={state.status.key()} data-workers={state.workers.to_string()}
                   data-n={state.n.to_string()} data-eps={eps.key()}>
                <caption>{ t.fill("sp_caption", &[&eps.key(), &fixed(-eps.rate().log2(), 2)]) }</caption>
                <thead><tr>
                    <th scope="col">{ t.get("sm_filter") }</th><th scope="col">{ t.get("sp_sizing") }</th>
                    <th scope="col">{ t.get("sp_bits") }</th><th scope="col">{ t.get("sp_rate") }</th>
                    <th scope="col">{ t.get("sp_limit") }</th><th scope="col">{ t.get("sp_ratio") }</th>
                    <th scope="col">{ t.get("sm_deletes") }</th><th scope="col">{ t.get("sp_static") }</th>
                    <th scope="col">{ t.get("sp_build") }</th><th scope="col">{ t.get("sp_query") }</th>
                </tr></thead>
                if state.status != SpaceStatus::Idle {
                    <tbody>{ for SpaceFilter::ALL.into_iter().map(|f| table_row(t, &state, f, eps)) }</tbody>
                }
            </table>
            </div>
            if state.status != SpaceStatus::Idle {
                { plot(t, &state) }
                <p>{ t.get("sp_note_tables") }</p>
                <p>{ t.get("sp_note_times") }</p>
            }
        </section>
    }
}
