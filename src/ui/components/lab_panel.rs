//! The false-positive lab: controls, the run (its filters measured by the pool of workers,
//! [`crate::ui::pool`], so the page stays responsive), the two plots and the CSV
//! export.

use crate::decimal::{fixed, shortest};
use crate::markup;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::filter::agreement::{Cause, Verdict};
use crate::filter::hashing::repeating_steps;
use crate::filter::{ExperimentPlan, FilterShape, HashFamily};
use crate::i18n::{describe, fill, then, Text};
use crate::state::lab_view::{
    Coverage, FamilyChoice, LabAction, LabField, LabState, Run, RunStatus,
};
use crate::state::lab_view_model::{user_point, LabViewModel, USER_PROBES};
use crate::state::numbers::grouped;
use crate::state::plot::AxisKind;
use crate::state::settings::Settings;
use crate::state::{Action, FilterModel};
use crate::ui::components::fpr_plot::FprPlot;
use crate::ui::components::k_plot::{k_plot, KPlotProps};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::pool::use_lab_pool;
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;

/// Props of [`LabPanel`].
#[derive(Properties, PartialEq)]
pub struct LabPanelProps {
    /// The visualizer's m, k and family.
    pub shape: FilterShape,
    /// The visualizer's own filter, probed (once per change to it) as one more point.
    pub filter: Shared<FilterModel>,
    /// Its number of items.
    pub n: u64,
    /// The lab: its settings, run and measurements.
    pub lab: Shared<LabState>,
    /// Sends the lab's actions.
    pub ondispatch: Callback<Action>,
}

/// One of the lab's fields: its text as typed, and why it was rejected.
fn lab_field(
    text: &'static Text,
    id: &'static str,
    label: &'static str,
    field: &LabField,
    placeholder: String,
    oninput: Callback<String>,
) -> Html {
    let problem = field.problem.as_ref().map(|p| describe::problem(text, p));
    text_field(
        TextField {
            placeholder,
            ..TextField::new(id, label, field.text.clone(), problem)
        },
        oninput,
    )
}

/// What the plot's bars mean, and how the formula sits against each family's points: in
/// plain words, from the run on screen.
fn lab_notes(
    text: &'static Text,
    lab: &LabState,
    runs: &[Run],
    plotted: FilterShape,
    plan: Option<&ExperimentPlan>,
    user_shown: bool,
) -> Html {
    let (m, k) = (plotted.m(), plotted.k());
    let meaning = plan.map(|p| {
        fill(
            text.lab_meaning,
            &[&grouped(p.filters()), &grouped(p.probes())],
        )
    });
    let user = user_shown.then(|| fill(text.lab_user_meaning, &[&grouped(USER_PROBES)]));
    let mut measured: Vec<(HashFamily, Coverage)> = Vec::new();
    for (run, verdict) in runs.iter().zip(&lab.verdicts) {
        if !run.points.is_empty() {
            measured.push((run.family, Coverage::of(&run.points, plotted, *verdict)));
        }
    }
    let mut out = Markup::default();
    markup!(
        out,
        concat!(
            "<p class=\"hint\" id=\"lab-meaning\">{unwrap_or_default} {unwrap_or_default2}",
            "</p>"
        ),
        unwrap_or_default = meaning.unwrap_or_default(),
        unwrap_or_default2 = user.unwrap_or_default()
    );
    // The most severe verdict of the families judged, on #lab-notes (empty until judged).
    let mut verdict_key = "";
    let mut severity = 0;
    for (family, c) in &measured {
        if let Some(verdict) = c.verdict {
            if verdict_key.is_empty() || verdict.severity() > severity {
                (verdict_key, severity) = (verdict.key(), verdict.severity());
            }
        }
        let label = family.label();
        let filters = lab.first_plan().map_or(0, |p| p.filters());
        let mut sentence = fill(text.lab_coverage, &[&label, &c.inside, &c.points]);
        let (conclusion, cause) = match c.verdict {
            None | Some(Verdict::Consistent) => (None, ""),
            Some(Verdict::CouldBeChance) => (
                Some(fill(
                    text.lab_chance,
                    &[&label, &c.points, &grouped(filters)],
                )),
                "",
            ),
            Some(Verdict::Departs { above: false, .. }) => {
                (Some(fill(text.lab_runs_below, &[&label, &c.points])), "")
            }
            Some(Verdict::Departs {
                cause: Some(Cause::DoubleHashing),
                ..
            }) => (
                Some(fill(
                    text.lab_double_hashing,
                    &[
                        &label,
                        &c.points,
                        &grouped(repeating_steps(m, k)),
                        &grouped(m),
                        &k,
                    ],
                )),
                "double-hashing",
            ),
            Some(Verdict::Departs { .. }) => (
                Some(fill(text.lab_runs_above, &[&label, &c.points])),
                "spread",
            ),
        };
        if let Some(conclusion) = conclusion {
            sentence = then(&sentence, &conclusion);
        }
        markup!(
            out,
            concat!(
                "<p class=\"lab-coverage\" data-family=\"{key}\" ",
                "data-inside=\"{inside}\" data-points=\"{points}\" ",
                "data-above=\"{above}\" data-below=\"{below}\" ",
                "data-verdict=\"{verdict}\" data-cause=\"{cause}\">{sentence}</p>"
            ),
            key = family.key(),
            inside = c.inside,
            points = c.points,
            above = c.above,
            below = c.below,
            verdict = c.verdict.map_or("", Verdict::key),
            cause,
            sentence
        );
    }
    let mut notes = Markup::default();
    markup!(
        notes,
        concat!(
            "<div class=\"lab-notes\" id=\"lab-notes\" ",
            "data-verdict=\"{verdict_key}\">{out}</div>"
        ),
        verdict_key,
        out
    );
    notes.html()
}

/// The lab.
#[component]
pub fn LabPanel(props: &LabPanelProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let lab = &*props.lab;
    use_lab_pool(props.lab.clone(), props.ondispatch.clone());
    let act = |action: LabAction| send::<MouseEvent>(&props.ondispatch, Action::Lab(action));
    let set = |make: fn(String) -> LabAction| {
        let d = props.ondispatch.clone();
        Callback::from(move |v: String| d.emit(Action::Lab(make(v))))
    };
    // The figures are kept by what they are made of: the 20,000 probes of the visualizer's
    // filter run when that filter changes, the rest when the lab or the filter does.
    let own_point = use_memo((props.filter.clone(), props.n), |(filter, n)| {
        user_point(filter, *n)
    });
    let model = use_memo(
        (props.lab.clone(), props.shape, own_point.n),
        |(lab, visualizer, user_n)| LabViewModel::new(lab, *visualizer, *user_n),
    );
    let LabViewModel {
        shape,
        measures_users,
        plotted,
        stale,
        n_max,
        ref plans,
        ref planned,
        ref filters_placeholder,
        points_measured,
        ref runs,
        points_done,
        ref csv_href,
        user_shown,
        k_plot_n,
        n_from_items,
    } = *model;
    let running = lab.status == RunStatus::Running;
    let notes = lab_notes(text, lab, runs, plotted, planned.as_ref(), user_shown);
    let stale_note = stale.then(|| {
        fill(
            text.lab_stale,
            &[
                &plotted.m(),
                &plotted.k(),
                &plotted.family().label(),
                &shape.m(),
                &shape.k(),
                &shape.family().label(),
            ],
        )
    });
    let timing_now = lab.timing;
    let families = |choice: FamilyChoice| {
        send::<Event>(
            &props.ondispatch,
            Action::Lab(LabAction::SetFamilies(choice)),
        )
    };
    let axis =
        |kind: AxisKind| send::<Event>(&props.ondispatch, Action::Lab(LabAction::SetAxis(kind)));
    // The words are written as markup (they have no controls).
    let mut head = Markup::default();
    let filter = (grouped(shape.m()), shape.k(), shape.family().label());
    let source = if measures_users {
        fill(text.lab_source, &[&filter.0, &filter.1, &filter.2])
    } else {
        let start = Settings::default().shape();
        fill(
            text.lab_source_start,
            &[&filter.0, &filter.1, &filter.2, &start.m(), &start.k()],
        )
    };
    markup!(
        head,
        concat!(
            "<h2 id=\"lab-title\">{lab}</h2><p class=\"hint\" ",
            "id=\"lab-filter\">{lab_hint}</p>"
        ),
        lab = text.lab,
        lab_hint = fill(text.lab_hint, &[&source])
    );
    // A number of points the range of n cannot hold is said beside its field.
    let mut points_note = Markup::default();
    let (asked, measured) = points_measured.unwrap_or_default();
    markup!(
        points_note,
        concat!(
            "<p class=\"field-note\" id=\"lab-points-note\" role=\"status\" ",
            "data-points-asked=\"{asked}\" ",
            "data-points-measured=\"{measured}\">{note}</p>"
        ),
        asked,
        measured,
        note = if measured < asked {
            fill(text.lab_points_fewer, &[&asked, &measured])
        } else {
            String::new()
        }
    );
    let mut status = Markup::default();
    let timing = timing_now
        .elapsed_ms
        .map(|elapsed| {
            format!(
                " {}",
                fill(text.lab_timing, &[&fixed(elapsed, 0), &timing_now.workers])
            )
        })
        .unwrap_or_default();
    markup!(
        status,
        concat!(
            "<p class=\"hint\" data-elapsed-ms=\"{elapsed_ms}\" ",
            "data-points=\"{points_done}\">{lab_status}{timing}</p>"
        ),
        elapsed_ms = timing_now
            .elapsed_ms
            .map(|e| fixed(e, 0))
            .unwrap_or_default(),
        points_done,
        lab_status = fill(
            text.lab_status,
            &[&points_done, &fixed(lab.progress * 100.0, 0)],
        ),
        timing
    );
    if let Some(reason) = &lab.failure {
        markup!(
            status,
            concat!(
                "<p class=\"notice\" id=\"lab-failure\" role=\"alert\">{lab_workers_failed}",
                "</p>"
            ),
            lab_workers_failed = fill(text.lab_workers_failed, &[reason])
        );
    }
    if let Some(note) = stale_note {
        markup!(
            status,
            "<p class=\"notice\" id=\"lab-stale\">{note}</p>",
            note
        );
    }
    html! {
        <section class="panel lab" aria-labelledby="lab-title" data-status={lab.status.key()}
                 data-workers={timing_now.workers.to_string()}>
            // The settings and Run, beside the plot on a wide screen.
            <div class="lab-setup">
            { head.html() }
            <div class="control-row">
                { lab_field(text, "lab-n", text.lab_n_max, &lab.max_items, n_max.to_string(),
                            set(LabAction::SetMaxItems)) }
                { lab_field(text, "lab-filters", text.lab_filters, &lab.filters, filters_placeholder.clone(),
                            set(LabAction::SetFilters)) }
                { lab_field(text, "lab-probes", text.lab_probes, &lab.probes, String::new(),
                            set(LabAction::SetProbes)) }
                { lab_field(text, "lab-points", text.lab_points, &lab.points, String::new(),
                            set(LabAction::SetPoints)) }
                { points_note.html() }
                { lab_field(text, "lab-seed", text.lab_seed, &lab.seed, String::new(),
                            set(LabAction::SetSeed)) }
                <fieldset class="field mode">
                    <legend>{ text.lab_families }</legend>
                    <label><input type="radio" name="lab-families"
                                  checked={lab.families == FamilyChoice::Current}
                                  onchange={families(FamilyChoice::Current)} />{ shape.family().label() }</label>
                    <label><input type="radio" name="lab-families" id="lab-both"
                                  checked={lab.families == FamilyChoice::Both}
                                  onchange={families(FamilyChoice::Both)} />{ text.lab_both }</label>
                </fieldset>
                <fieldset class="field mode">
                    <legend>{ text.lab_axis }</legend>
                    <label><input type="radio" name="lab-axis" checked={lab.axis == AxisKind::Linear}
                                  onchange={axis(AxisKind::Linear)} />{ text.lab_linear }</label>
                    <label><input type="radio" name="lab-axis" id="lab-log"
                                  checked={lab.axis == AxisKind::Log}
                                  onchange={axis(AxisKind::Log)} />{ text.lab_log }</label>
                </fieldset>
            </div>
            <div class="toolbar">
                <button id="lab-run" class="primary" disabled={running || plans.is_err()}
                        onclick={act(LabAction::Start(shape))}>{ text.lab_run }</button>
                if lab.status == RunStatus::Paused {
                    <button id="lab-resume" onclick={act(LabAction::Resume)}>{ text.lab_resume }</button>
                } else {
                    <button id="lab-pause" disabled={!running}
                            onclick={act(LabAction::Pause)}>{ text.lab_pause }</button>
                }
                <button id="lab-cancel" disabled={matches!(lab.status, RunStatus::Idle | RunStatus::Done)}
                        onclick={act(LabAction::Cancel)}>{ text.lab_cancel }</button>
                <a id="lab-csv" class="button" href={csv_href.clone()} download="bloom-fpr.csv"
                   aria-disabled={(points_done == 0).to_string()}>{ text.lab_csv }</a>
            </div>
            <progress id="lab-progress" max="1" value={shortest(lab.progress)} />
            { status.html() }
            </div>
            <FprPlot m={plotted.m()} k={plotted.k()} layout={plotted.layout()} {n_max} runs={runs.clone()}
                     user_point={user_shown.then(|| (*own_point).clone())} axis={lab.axis}
                     double_hashing={lab.double_hashing.clone()} />
            { notes }
            <h3>{ text.kplot_title }</h3>
            { k_plot(text, &KPlotProps { m: shape.m(), n: k_plot_n, k: shape.k(), axis: lab.axis, n_from_items }) }
        </section>
    }
}
