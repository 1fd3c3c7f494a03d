//! The false-positive lab: controls, the run (in slices of about 10 ms, so the page stays
//! responsive), the two plots and the CSV export.

use crate::decimal::{fixed, shortest};
use crate::ui::shared::send;
use yew::prelude::*;

use crate::filter::agreement::{Cause, Verdict};
use crate::filter::hashing::repeating_steps;
use crate::filter::{Experiment, ExperimentPlan, FilterShape, HashFamily};
use crate::i18n::{describe, fill, then, Text};
use crate::state::lab::{Coverage, FamilyChoice, LabAction, LabField, LabState, Run, RunStatus};
use crate::state::numbers::grouped;
use crate::state::plot::AxisKind;
use crate::state::url::percent_encode;
use crate::state::{Action, FilterModel};
use crate::ui::browser::now_ms;
use crate::ui::components::fpr_plot::FprPlot;
use crate::ui::components::k_plot::{k_plot, KPlotProps};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::hooks::{use_sliced_work, SlicedWork};
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;
use crate::ui::views::lab::{user_point, USER_PROBES};

/// Work per slice, in milliseconds: short enough that no task comes near 50 ms.
const SLICE_MS: f64 = 10.0;
/// Operations between clock checks.
const CHUNK: u64 = 8192;

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

/// The experiments of a run, measured a slice at a time.
struct LabWork {
    experiments: Vec<Experiment>,
    started_ms: f64,
}

impl SlicedWork for LabWork {
    fn run_slice(&mut self) -> (Action, bool) {
        let started = now_ms();
        let (runs, progress, done) = run_slice(&mut self.experiments);
        let measured = LabAction::Measured {
            runs,
            progress,
            done,
            slice_ms: now_ms() - started,
            elapsed_ms: now_ms() - self.started_ms,
        };
        (Action::Lab(measured), done)
    }
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

/// Runs slices until about [`SLICE_MS`] have passed; returns the runs so far, the progress
/// and whether every experiment is done.
fn run_slice(experiments: &mut [Experiment]) -> (Vec<Run>, f64, bool) {
    let start = now_ms();
    while let Some(experiment) = experiments.iter_mut().find(|e| !e.is_done()) {
        experiment.run_slice(CHUNK);
        if now_ms() - start > SLICE_MS {
            break;
        }
    }
    let done_ops: u64 = experiments.iter().map(|e| e.operations_done()).sum();
    let total_ops: u64 = experiments
        .iter()
        .map(|e| e.plan().total_operations())
        .sum();
    let runs = experiments
        .iter()
        .map(|e| Run {
            family: e.plan().shape().family(),
            points: e.points().to_vec(),
        })
        .collect();
    (
        runs,
        done_ops as f64 / total_ops.max(1) as f64,
        experiments.iter().all(|e| e.is_done()),
    )
}

/// What the plot's bars mean, and how the formula sits against each family's points: in
/// plain words, from the run on screen.
fn lab_notes(
    text: &'static Text,
    lab: &LabState,
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
    let measured: Vec<(HashFamily, Coverage)> = lab
        .runs
        .iter()
        .filter(|r| !r.points.is_empty())
        .map(|r| (r.family, Coverage::of(&r.points, plotted)))
        .collect();
    let mut out = Markup::default();
    out.push(
        "<p class=\"hint\" id=\"lab-meaning\">{} {}</p>",
        &[&meaning.unwrap_or_default(), &user.unwrap_or_default()],
    );
    // The most severe verdict of the families measured, on #lab-notes.
    let mut verdict_key = "";
    let mut severity = 0;
    for (family, c) in &measured {
        if verdict_key.is_empty() || c.verdict.severity() > severity {
            (verdict_key, severity) = (c.verdict.key(), c.verdict.severity());
        }
        let label = family.label();
        let filters = lab.plans.first().map_or(0, |p| p.filters());
        let mut sentence = fill(text.lab_coverage, &[&label, &c.inside, &c.points]);
        let (conclusion, cause) = match c.verdict {
            Verdict::Consistent => (None, ""),
            Verdict::CouldBeChance => (
                Some(fill(
                    text.lab_chance,
                    &[&label, &c.points, &grouped(filters)],
                )),
                "",
            ),
            Verdict::Departs { above: false, .. } => {
                (Some(fill(text.lab_runs_below, &[&label, &c.points])), "")
            }
            Verdict::Departs {
                cause: Some(Cause::DoubleHashing),
                ..
            } => (
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
            Verdict::Departs { .. } => (
                Some(fill(text.lab_runs_above, &[&label, &c.points])),
                "spread",
            ),
        };
        if let Some(conclusion) = conclusion {
            sentence = then(&sentence, &conclusion);
        }
        out.push(
                "<p class=\"lab-coverage\" data-family=\"{}\" data-inside=\"{}\" data-points=\"{}\" data-above=\"{}\" data-below=\"{}\" data-verdict=\"{}\" data-cause=\"{}\">{}</p>",
                &[&family.key(), &c.inside, &c.points, &c.above, &c.below, &c.verdict.key(), &cause, &sentence],
            );
    }
    let mut notes = Markup::default();
    notes.push(
        "<div class=\"lab-notes\" id=\"lab-notes\" data-verdict=\"{}\">{}</div>",
        &[&verdict_key, &out],
    );
    notes.html()
}

/// The lab.
#[component]
pub fn LabPanel(props: &LabPanelProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let lab = &*props.lab;
    {
        let plans = lab.plans.clone();
        let job = (!plans.is_empty()).then_some(lab.generation);
        let start = move || LabWork {
            experiments: plans.into_iter().map(Experiment::new).collect(),
            started_ms: now_ms(),
        };
        let running = lab.status == RunStatus::Running;
        use_sliced_work(job, running, start, props.ondispatch.clone());
    }

    let act = |action: LabAction| send::<MouseEvent>(&props.ondispatch, Action::Lab(action));
    let set = |make: fn(String) -> LabAction| {
        let d = props.ondispatch.clone();
        Callback::from(move |v: String| d.emit(Action::Lab(make(v))))
    };
    let shape = props.shape;
    // The plot shows the run's own filter: after the visualizer's filter changes, the points
    // stay with the m and k they were measured at, and the page says so.
    let measured = lab.plans.first().map(|p| p.shape());
    let plotted = measured.unwrap_or(shape);
    let stale = measured.is_some_and(|run| {
        let family_differs =
            lab.families == FamilyChoice::Current && run.family() != shape.family();
        run.m() != shape.m() || run.k() != shape.k() || family_differs
    });
    let n_max = match lab.plans.first() {
        Some(plan) => plan.checkpoints().last().copied().unwrap_or(1),
        None => lab.max_items_for(shape).unwrap_or(1),
    };
    let plan_problem = lab.plans_for(shape).err();
    let running = lab.status == RunStatus::Running;
    let csv_href = format!(
        "data:text/csv;charset=utf-8,{}",
        percent_encode(&lab.csv(plotted))
    );
    let user_point = {
        let n = props.n;
        (*use_memo(props.filter.clone(), move |filter| user_point(filter, n))).clone()
    };
    let user_n = user_point.n;
    // The k plot uses the visualizer's n when its optimal k fits the axis, else the middle
    // of the lab's range; its caption names the n used.
    let user_k_opt = crate::filter::math::optimal_k_real(shape.m() as f64, user_n.max(1) as f64);
    let n_from_items = user_n > 0 && user_k_opt <= 24.0;
    let k_plot_n = if n_from_items {
        user_n
    } else {
        (n_max / 2).max(1)
    };
    let points_done: usize = lab.runs.iter().map(|r| r.points.len()).sum();
    let planned = lab
        .plans
        .first()
        .cloned()
        .or_else(|| lab.plans_for(shape).ok()?.into_iter().next());
    let notes = lab_notes(text, lab, plotted, planned.as_ref(), !stale && user_n > 0);
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
    let filters_placeholder = lab
        .filters_for(shape)
        .map(|t| t.to_string())
        .unwrap_or_default();
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
    head.push(
        "<h2 id=\"lab-title\">{}</h2><p class=\"hint\">{}</p>",
        &[
            &text.lab,
            &fill(
                text.lab_hint,
                &[&shape.m(), &shape.k(), &shape.family().label()],
            ),
        ],
    );
    let mut status = Markup::default();
    let timing = timing_now
        .elapsed_ms
        .map(|elapsed| {
            let longest = fixed(timing_now.longest_slice_ms, 1);
            format!(
                " {}",
                fill(text.lab_timing, &[&fixed(elapsed, 0), &longest])
            )
        })
        .unwrap_or_default();
    status.push(
        "<p class=\"hint\" data-elapsed-ms=\"{}\" data-longest-slice-ms=\"{}\" data-points=\"{}\">{}{}</p>",
        &[
            &timing_now.elapsed_ms.map(|e| fixed(e, 0)).unwrap_or_default(),
            &fixed(timing_now.longest_slice_ms, 1),
            &points_done,
            &fill(text.lab_status, &[&points_done, &fixed(lab.progress * 100.0, 0)]),
            &timing,
        ],
    );
    if let Some(note) = stale_note {
        status.push("<p class=\"notice\" id=\"lab-stale\">{}</p>", &[&note]);
    }
    html! {
        <section class="panel lab" aria-labelledby="lab-title" data-status={lab.status.key()}>
            { head.html() }
            <div class="control-row">
                { lab_field(text, "lab-n", text.lab_n_max, &lab.max_items, n_max.to_string(), set(LabAction::SetMaxItems)) }
                { lab_field(text, "lab-filters", text.lab_filters, &lab.filters, filters_placeholder, set(LabAction::SetFilters)) }
                { lab_field(text, "lab-probes", text.lab_probes, &lab.probes, String::new(), set(LabAction::SetProbes)) }
                { lab_field(text, "lab-points", text.lab_points, &lab.points, String::new(), set(LabAction::SetPoints)) }
                { lab_field(text, "lab-seed", text.lab_seed, &lab.seed, String::new(), set(LabAction::SetSeed)) }
                <fieldset class="field mode">
                    <legend>{ text.lab_families }</legend>
                    <label><input type="radio" name="lab-families" checked={lab.families == FamilyChoice::Current}
                                  onchange={families(FamilyChoice::Current)} />{ shape.family().label() }</label>
                    <label><input type="radio" name="lab-families" id="lab-both" checked={lab.families == FamilyChoice::Both}
                                  onchange={families(FamilyChoice::Both)} />{ text.lab_both }</label>
                </fieldset>
                <fieldset class="field mode">
                    <legend>{ text.lab_axis }</legend>
                    <label><input type="radio" name="lab-axis" checked={lab.axis == AxisKind::Linear}
                                  onchange={axis(AxisKind::Linear)} />{ text.lab_linear }</label>
                    <label><input type="radio" name="lab-axis" id="lab-log" checked={lab.axis == AxisKind::Log}
                                  onchange={axis(AxisKind::Log)} />{ text.lab_log }</label>
                </fieldset>
            </div>
            <div class="toolbar">
                <button id="lab-run" class="primary" disabled={running || plan_problem.is_some()}
                        onclick={act(LabAction::Start(shape))}>{ text.lab_run }</button>
                if lab.status == RunStatus::Paused {
                    <button id="lab-resume" onclick={act(LabAction::Resume)}>{ text.lab_resume }</button>
                } else {
                    <button id="lab-pause" disabled={!running} onclick={act(LabAction::Pause)}>{ text.lab_pause }</button>
                }
                <button id="lab-cancel" disabled={matches!(lab.status, RunStatus::Idle | RunStatus::Done)} onclick={act(LabAction::Cancel)}>{ text.lab_cancel }</button>
                <a id="lab-csv" class="button" href={csv_href} download="bloom-fpr.csv"
                   aria-disabled={(points_done == 0).to_string()}>{ text.lab_csv }</a>
            </div>
            <progress id="lab-progress" max="1" value={shortest(lab.progress)} />
            { status.html() }
            <FprPlot m={plotted.m()} k={plotted.k()} layout={plotted.layout()} {n_max} runs={lab.runs.clone()}
                     user_point={(!stale).then(|| user_point.clone())} axis={lab.axis} />
            { notes }
            <h3>{ text.kplot_title }</h3>
            { k_plot(text, &KPlotProps { m: shape.m(), n: k_plot_n, k: shape.k(), axis: lab.axis, n_from_items }) }
        </section>
    }
}
