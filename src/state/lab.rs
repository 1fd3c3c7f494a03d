//! The false-positive lab's model: its settings, the runs measured so far and their status.
//! The experiment itself runs in slices outside this state; finished points come back as
//! [`LabAction::Measured`].

use crate::filter::{ExperimentPlan, FilterShape, HashFamily, ObservedPoint, ParamError};

use super::fields::{parse_bounded, parse_whole, FieldProblem};
use super::plot::AxisKind;

/// Largest n the lab accepts (the filter itself is capped separately by m).
pub const MAX_LAB_ITEMS: u64 = 10_000_000;
/// Largest number of probes per point.
pub const MAX_LAB_PROBES: u64 = 10_000_000;
/// Largest number of measured points.
pub const MAX_LAB_POINTS: u64 = 200;

/// Where the run is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RunStatus {
    /// Nothing running.
    #[default]
    Idle,
    /// Slices are being run.
    Running,
    /// Stopped, can resume.
    Paused,
    /// Every point measured.
    Done,
}

impl RunStatus {
    /// The page's `data-status` value: `idle`, `running`, `paused` or `done`.
    pub fn key(self) -> &'static str {
        match self {
            RunStatus::Idle => "idle",
            RunStatus::Running => "running",
            RunStatus::Paused => "paused",
            RunStatus::Done => "done",
        }
    }
}

/// Which families to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FamilyChoice {
    /// The visualizer's family.
    #[default]
    Current,
    /// FNV-1a and murmur3, overlaid.
    Both,
}

/// The lab's settings as typed: what the page's link carries (`lab_n=`, `lab_probes=`,
/// `lab_points=`, `lab_seed=`, `lab_compare=both`, `lab_axis=log`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabSettings {
    /// Largest n; empty for the default of the shape.
    pub max_items: String,
    /// Probes per point.
    pub probes: String,
    /// Number of points.
    pub points: String,
    /// Seed of the generated items.
    pub seed: String,
    /// One family or both.
    pub families: FamilyChoice,
    /// Linear or logarithmic rate axis.
    pub axis: AxisKind,
}

impl Default for LabSettings {
    fn default() -> Self {
        LabSettings {
            max_items: String::new(),
            probes: "10000".into(),
            points: "20".into(),
            seed: "1".into(),
            families: FamilyChoice::Current,
            axis: AxisKind::Linear,
        }
    }
}

impl FamilyChoice {
    /// Both choices.
    pub const ALL: [FamilyChoice; 2] = [FamilyChoice::Current, FamilyChoice::Both];

    /// The URL key (`lab_compare=`).
    pub fn key(self) -> &'static str {
        match self {
            FamilyChoice::Current => "one",
            FamilyChoice::Both => "both",
        }
    }

    /// The choice with this key.
    pub fn from_key(key: &str) -> Option<FamilyChoice> {
        FamilyChoice::ALL.into_iter().find(|c| c.key() == key)
    }
}

/// The points of one family.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The family.
    pub family: HashFamily,
    /// The measured points so far.
    pub points: Vec<ObservedPoint>,
}

/// Every lab intent.
#[derive(Debug, Clone, PartialEq)]
pub enum LabAction {
    /// Largest n typed.
    SetMaxItems(String),
    /// Probes per point typed.
    SetProbes(String),
    /// Number of points typed.
    SetPoints(String),
    /// Seed typed.
    SetSeed(String),
    /// Measure one family or both.
    SetFamilies(FamilyChoice),
    /// Linear or log rate axis.
    SetAxis(AxisKind),
    /// Start a new run for this shape (m, k and the visualizer's family).
    Start(FilterShape),
    /// Stop after the current slice.
    Pause,
    /// Continue a paused run.
    Resume,
    /// Stop and discard the run.
    Cancel,
    /// (System event) progress of the run: the families' points so far and the fraction
    /// done, measured by a slice of the run.
    Measured {
        /// Points per family.
        runs: Vec<Run>,
        /// 0 to 1.
        progress: f64,
        /// The run is complete.
        done: bool,
        /// How long the slice took, in milliseconds.
        slice_ms: f64,
        /// Milliseconds since the run started.
        elapsed_ms: f64,
    },
}

/// The lab's fields as typed, and why each was rejected.
#[derive(Debug, Clone, PartialEq)]
pub struct LabField {
    /// The text.
    pub text: String,
    /// Its problem, if any.
    pub problem: Option<FieldProblem>,
}

impl LabField {
    fn new(text: &str) -> Self {
        LabField {
            text: text.into(),
            problem: None,
        }
    }
}

/// The lab.
#[derive(Debug, Clone, PartialEq)]
pub struct LabState {
    /// Largest n.
    pub max_items: LabField,
    /// Probes per point.
    pub probes: LabField,
    /// Number of points.
    pub points: LabField,
    /// Seed.
    pub seed: LabField,
    /// Families to run.
    pub families: FamilyChoice,
    /// Rate axis.
    pub axis: AxisKind,
    /// Status.
    pub status: RunStatus,
    /// What has been measured.
    pub runs: Vec<Run>,
    /// The plans of the current run, one per family.
    pub plans: Vec<ExperimentPlan>,
    /// Fraction done.
    pub progress: f64,
    /// Increases with every start, so a stale slice can tell it was cancelled.
    pub generation: u64,
    /// How long the run took and its longest slice, for the page and the benchmark.
    pub timing: RunTiming,
}

/// Timing of a run.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RunTiming {
    /// Milliseconds from start to the last point, once done.
    pub elapsed_ms: Option<f64>,
    /// The longest slice so far, in milliseconds.
    pub longest_slice_ms: f64,
}

impl Default for LabState {
    fn default() -> Self {
        let settings = LabSettings::default();
        LabState {
            max_items: LabField::new(&settings.max_items),
            probes: LabField::new(&settings.probes),
            points: LabField::new(&settings.points),
            seed: LabField::new(&settings.seed),
            families: settings.families,
            axis: settings.axis,
            status: RunStatus::Idle,
            runs: Vec::new(),
            plans: Vec::new(),
            progress: 0.0,
            generation: 0,
            timing: RunTiming::default(),
        }
    }
}

/// The default largest n for a shape: where the exact rate reaches about one half,
/// `n = -(m/k)·ln(1 - 0.5^{1/k})`, at least 1.
pub fn default_max_items(shape: FilterShape) -> u64 {
    let (m, k) = (shape.m() as f64, shape.k() as f64);
    let n = -(m / k) * (1.0 - 0.5f64.powf(1.0 / k)).ln();
    (n.ceil() as u64).clamp(1, MAX_LAB_ITEMS)
}

impl LabState {
    /// A lab with these settings, each field checked as if typed.
    pub fn with_settings(settings: &LabSettings) -> LabState {
        LabState::default()
            .apply(LabAction::SetMaxItems(settings.max_items.clone()))
            .apply(LabAction::SetProbes(settings.probes.clone()))
            .apply(LabAction::SetPoints(settings.points.clone()))
            .apply(LabAction::SetSeed(settings.seed.clone()))
            .apply(LabAction::SetFamilies(settings.families))
            .apply(LabAction::SetAxis(settings.axis))
    }

    /// The settings as typed.
    pub fn settings(&self) -> LabSettings {
        LabSettings {
            max_items: self.max_items.text.clone(),
            probes: self.probes.text.clone(),
            points: self.points.text.clone(),
            seed: self.seed.text.clone(),
            families: self.families,
            axis: self.axis,
        }
    }

    /// The largest n, or the default for the shape when the field is empty.
    pub fn max_items_for(&self, shape: FilterShape) -> Result<u64, FieldProblem> {
        if self.max_items.text.trim().is_empty() {
            Ok(default_max_items(shape))
        } else {
            parse_bounded(&self.max_items.text, MAX_LAB_ITEMS, ParamError::ZeroItems)
        }
    }

    /// Applies one action.
    pub fn apply(mut self, action: LabAction) -> Self {
        match action {
            LabAction::SetMaxItems(text) => {
                let problem = if text.trim().is_empty() {
                    None
                } else {
                    parse_bounded(&text, MAX_LAB_ITEMS, ParamError::ZeroItems).err()
                };
                self.max_items = LabField { text, problem };
            }
            LabAction::SetProbes(text) => {
                let problem = parse_bounded(&text, MAX_LAB_PROBES, ParamError::ZeroProbes).err();
                self.probes = LabField { text, problem };
            }
            LabAction::SetPoints(text) => {
                let problem =
                    parse_bounded(&text, MAX_LAB_POINTS, ParamError::BadCheckpoints).err();
                self.points = LabField { text, problem };
            }
            LabAction::SetSeed(text) => {
                let problem = parse_whole(&text).err();
                self.seed = LabField { text, problem };
            }
            LabAction::SetFamilies(choice) => self.families = choice,
            LabAction::SetAxis(axis) => self.axis = axis,
            LabAction::Start(shape) => {
                if let Ok(plans) = self.plans_for(shape) {
                    self.generation += 1;
                    self.runs = plans
                        .iter()
                        .map(|p| Run {
                            family: p.shape().family(),
                            points: Vec::new(),
                        })
                        .collect();
                    self.plans = plans;
                    self.progress = 0.0;
                    self.timing = RunTiming::default();
                    self.status = RunStatus::Running;
                }
            }
            LabAction::Pause => {
                if self.status == RunStatus::Running {
                    self.status = RunStatus::Paused;
                }
            }
            LabAction::Resume => {
                if self.status == RunStatus::Paused {
                    self.status = RunStatus::Running;
                }
            }
            LabAction::Cancel => {
                self.generation += 1;
                self.status = RunStatus::Idle;
                self.runs.clear();
                self.plans.clear();
                self.progress = 0.0;
            }
            LabAction::Measured {
                runs,
                progress,
                done,
                slice_ms,
                elapsed_ms,
            } => {
                if matches!(self.status, RunStatus::Running | RunStatus::Paused) {
                    self.runs = runs;
                    self.progress = progress;
                    self.timing.longest_slice_ms = self.timing.longest_slice_ms.max(slice_ms);
                    if done {
                        self.status = RunStatus::Done;
                        self.timing.elapsed_ms = Some(elapsed_ms);
                    }
                }
            }
        }
        self
    }

    /// The plans for a run on `shape`, one per family, or the first field problem.
    pub fn plans_for(&self, shape: FilterShape) -> Result<Vec<ExperimentPlan>, FieldProblem> {
        let max_n = self.max_items_for(shape)?;
        let probes = parse_bounded(&self.probes.text, MAX_LAB_PROBES, ParamError::ZeroProbes)?;
        let count = parse_bounded(
            &self.points.text,
            MAX_LAB_POINTS,
            ParamError::BadCheckpoints,
        )?;
        let seed = parse_whole(&self.seed.text)?;
        let families = match self.families {
            FamilyChoice::Current => vec![shape.family()],
            FamilyChoice::Both => HashFamily::ALL.to_vec(),
        };
        families
            .into_iter()
            .map(|family| {
                let shape = FilterShape::new(shape.m(), shape.k(), family)?;
                ExperimentPlan::new(
                    shape,
                    ExperimentPlan::even_checkpoints(max_n, count),
                    probes,
                    seed,
                )
            })
            .collect::<Result<Vec<_>, ParamError>>()
            .map_err(FieldProblem::Invalid)
    }

    /// The measured points as CSV: family, m, k, n, probes, false positives, observed rate,
    /// the Wilson 95 % bounds, the exact and approximate theoretical rates.
    pub fn csv(&self, m: u64, k: u32) -> String {
        let mut out = String::from(
            "family,m,k,n,probes,false_positives,observed_rate,wilson_low,wilson_high,exact_rate,approx_rate\n",
        );
        for run in &self.runs {
            for p in &run.points {
                let (low, high) = p.interval();
                let exact = crate::filter::math::fpr_exact(m as f64, p.n as f64, k as f64);
                let approx = crate::filter::math::fpr_approx(m as f64, p.n as f64, k as f64);
                out.push_str(&format!(
                    "{},{m},{k},{},{},{},{},{low},{high},{exact},{approx}\n",
                    run.family.key(),
                    p.n,
                    p.probes,
                    p.false_positives,
                    p.rate()
                ));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::Experiment;

    fn shape() -> FilterShape {
        FilterShape::new(1000, 4, HashFamily::Fnv1a).unwrap()
    }

    #[test]
    fn the_default_range_ends_where_the_rate_is_about_a_half() {
        let n = default_max_items(shape());
        let rate = crate::filter::math::fpr_exact(1000.0, n as f64, 4.0);
        assert!((0.49..0.52).contains(&rate), "{n} {rate}");
    }

    #[test]
    fn bad_fields_block_a_start_and_say_why() {
        let lab = LabState::default()
            .apply(LabAction::SetProbes("0".into()))
            .apply(LabAction::SetPoints("x".into()))
            .apply(LabAction::SetMaxItems("-4".into()));
        assert!(lab.probes.problem.is_some());
        assert_eq!(lab.points.problem, Some(FieldProblem::NotANumber));
        assert_eq!(lab.max_items.problem, Some(FieldProblem::Negative));
        let lab = lab.apply(LabAction::Start(shape()));
        assert_eq!(lab.status, RunStatus::Idle);
    }

    #[test]
    fn a_run_goes_from_start_to_done_and_exports_csv() {
        let lab = LabState::default()
            .apply(LabAction::SetFamilies(FamilyChoice::Both))
            .apply(LabAction::SetPoints("5".into()))
            .apply(LabAction::Start(shape()));
        assert_eq!(lab.status, RunStatus::Running);
        assert_eq!(lab.plans.len(), 2);
        let runs: Vec<Run> = lab
            .plans
            .iter()
            .map(|plan| Run {
                family: plan.shape().family(),
                points: Experiment::new(plan.clone()).run_to_end(),
            })
            .collect();
        let lab = lab.apply(LabAction::Pause).apply(LabAction::Resume);
        let lab = lab.apply(LabAction::Measured {
            runs,
            progress: 1.0,
            done: true,
            slice_ms: 4.0,
            elapsed_ms: 9.0,
        });
        assert_eq!(lab.timing.elapsed_ms, Some(9.0));
        assert_eq!(lab.status, RunStatus::Done);
        let csv = lab.csv(1000, 4);
        assert_eq!(csv.lines().count(), 1 + 2 * 5);
        assert!(csv.lines().nth(1).unwrap().starts_with("fnv,1000,4,"));
        let lab = lab.apply(LabAction::Cancel);
        assert!(lab.runs.is_empty());
    }
}
