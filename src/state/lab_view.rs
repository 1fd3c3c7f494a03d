//! The false-positive lab's model: its settings, the runs measured so far and their status.
//! The filters are measured by workers outside this state; each filter's counts come back
//! as [`LabAction::FiltersMeasured`].

use crate::decimal::Shortest;
use crate::filter::agreement::Verdict;
use crate::filter::{
    math, Experiment, ExperimentPlan, FilterMeasurement, FilterShape, HashFamily, MeasuredPoint,
    ParamError,
};

use super::fields::{parse_bounded, parse_whole, FieldProblem};
pub use super::lab_coverage::Coverage;
use super::plot::AxisKind;
use super::settings::Settings;

/// Largest n the lab accepts (the filter itself is capped separately by m).
pub const MAX_LAB_ITEMS: u64 = 10_000_000;
/// Largest number of probes per point.
pub const MAX_LAB_PROBES: u64 = 10_000_000;
/// Largest number of measured points.
pub const MAX_LAB_POINTS: u64 = 200;
/// Largest number of filters per point.
pub const MAX_LAB_FILTERS: u64 = 1000;
/// Largest number of workers the lab starts.
pub const MAX_LAB_WORKERS: u64 = 16;
/// Inserts plus probes a run with an automatic number of filters aims at, per family: about
/// a second in the browser.
pub const LAB_BUDGET: u64 = 3_000_000;
/// The automatic number of filters: as many as [`LAB_BUDGET`] allows, within these bounds.
pub const AUTO_FILTERS: (u64, u64) = (3, 100);

/// m of the filter the lab measures while the visualizer keeps its starting filter
/// ([`lab_shape`]).
pub const LAB_START_M: u64 = 10_000;
/// k of that filter.
pub const LAB_START_K: u32 = 4;

/// The filter the lab measures: the visualizer's, except while the visualizer keeps its
/// starting filter (m = 32, k = 3, murmur3, standard). There double hashing's repeated
/// positions lift the rate above the textbook formula by more than the lab's default run can
/// miss, so the lab measures m = [`LAB_START_M`], k = [`LAB_START_K`] with the same family
/// instead, where the formula is the right model: its default run departs at 6 of seeds 1
/// to 100, below the formula as well as above it, as chance does (`tests/statistics.rs`).
pub fn lab_shape(visualizer: FilterShape) -> FilterShape {
    if visualizer != Settings::default().shape() {
        return visualizer;
    }
    FilterShape::new(LAB_START_M, LAB_START_K, visualizer.family()).unwrap_or(visualizer)
}

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

/// The lab's settings as typed: what the page's link carries (`lab_n=`, `lab_filters=`,
/// `lab_probes=`, `lab_points=`, `lab_seed=`, `lab_compare=both`, `lab_axis=log`,
/// `workers=`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabSettings {
    /// Largest n; empty for the default of the shape.
    pub max_items: String,
    /// Filters per point, T; empty for as many as a quick run allows.
    pub filters: String,
    /// Probes per filter at each point, P.
    pub probes: String,
    /// Number of points.
    pub points: String,
    /// Seed of the generated items.
    pub seed: String,
    /// One family or both.
    pub families: FamilyChoice,
    /// Linear or logarithmic rate axis.
    pub axis: AxisKind,
    /// Workers measuring filters at once (`workers=`, 1 to [`MAX_LAB_WORKERS`]); `None`
    /// for one per core.
    pub workers: Option<u64>,
}

impl Default for LabSettings {
    fn default() -> Self {
        LabSettings {
            max_items: String::new(),
            filters: String::new(),
            probes: "1000".into(),
            points: "20".into(),
            seed: "1".into(),
            families: FamilyChoice::Current,
            axis: AxisKind::Linear,
            workers: None,
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
    pub points: Vec<MeasuredPoint>,
}

/// Every lab intent.
#[derive(Debug, Clone, PartialEq)]
pub enum LabAction {
    /// Largest n typed.
    SetMaxItems(String),
    /// Filters per point typed.
    SetFilters(String),
    /// Probes per filter typed.
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
    /// (System event) workers measured filters of a run: each with the plan (family) it
    /// belongs to.
    FiltersMeasured {
        /// The run they belong to ([`LabState::generation`]); answers of an earlier run are
        /// ignored.
        generation: u64,
        /// The filters' counts, each with its plan's index.
        measurements: Vec<(usize, FilterMeasurement)>,
        /// Milliseconds from the run's start to the last of them.
        elapsed_ms: f64,
    },
    /// (System event) a worker judged one family's finished run.
    Judged {
        /// The run it belongs to.
        generation: u64,
        /// The plan (family).
        plan: usize,
        /// The verdict.
        verdict: Verdict,
        /// Double hashing's exact rate over the run's n, `(n, rate)`; empty where it is not
        /// computed.
        double_hashing: Vec<(f64, f64)>,
    },
    /// (System event) the run is shared among this many workers.
    WorkersStarted(u64),
    /// (System event) the run's workers could not start or failed (the text names the
    /// worker's script); the run ends with what it measured.
    WorkersFailed(String),
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
    /// Filters per point.
    pub filters: LabField,
    /// Probes per filter.
    pub probes: LabField,
    /// Number of points.
    pub points: LabField,
    /// Seed.
    pub seed: LabField,
    /// Families to run.
    pub families: FamilyChoice,
    /// Rate axis.
    pub axis: AxisKind,
    /// Workers (`workers=`); `None` for one per core.
    pub workers: Option<u64>,
    /// Status.
    pub status: RunStatus,
    /// The current run's plans, one per family, and what has been measured of each.
    pub experiments: Vec<Experiment>,
    /// Each family's verdict, once the run is done and judged.
    pub verdicts: Vec<Option<Verdict>>,
    /// Double hashing's exact rate over the run's n, `(n, rate)`, once judged; empty where
    /// the shape does not use double hashing or is too large for the exact rate.
    pub double_hashing: Vec<(f64, f64)>,
    /// Fraction done.
    pub progress: f64,
    /// Increases with every start, so a stale answer can tell it was cancelled.
    pub generation: u64,
    /// How long the run took, and on how many workers.
    pub timing: RunTiming,
    /// Why the workers failed, if they did.
    pub failure: Option<String>,
}

/// Timing of a run.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RunTiming {
    /// Milliseconds from start to the last filter, once done.
    pub elapsed_ms: Option<f64>,
    /// The workers the run was shared among.
    pub workers: u64,
}

impl Default for LabState {
    fn default() -> Self {
        let settings = LabSettings::default();
        LabState {
            max_items: LabField::new(&settings.max_items),
            filters: LabField::new(&settings.filters),
            probes: LabField::new(&settings.probes),
            points: LabField::new(&settings.points),
            seed: LabField::new(&settings.seed),
            families: settings.families,
            axis: settings.axis,
            workers: settings.workers,
            status: RunStatus::Idle,
            experiments: Vec::new(),
            verdicts: Vec::new(),
            double_hashing: Vec::new(),
            progress: 0.0,
            generation: 0,
            timing: RunTiming::default(),
            failure: None,
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
        let lab = LabState {
            workers: settings.workers,
            ..LabState::default()
        };
        lab.apply(LabAction::SetMaxItems(settings.max_items.clone()))
            .apply(LabAction::SetFilters(settings.filters.clone()))
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
            filters: self.filters.text.clone(),
            probes: self.probes.text.clone(),
            points: self.points.text.clone(),
            seed: self.seed.text.clone(),
            families: self.families,
            axis: self.axis,
            workers: self.workers,
        }
    }

    /// What has been measured of each family.
    pub fn runs(&self) -> Vec<Run> {
        let mut runs = Vec::with_capacity(self.experiments.len());
        for experiment in &self.experiments {
            runs.push(Run {
                family: experiment.plan().shape().family(),
                points: experiment.points(),
            });
        }
        runs
    }

    /// The plan of the current run's first family.
    pub fn first_plan(&self) -> Option<&ExperimentPlan> {
        self.experiments.first().map(Experiment::plan)
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
            LabAction::SetFilters(text) => {
                let problem = if text.trim().is_empty() {
                    None
                } else {
                    parse_filters(&text).err()
                };
                self.filters = LabField { text, problem };
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
                    self.verdicts = vec![None; plans.len()];
                    self.double_hashing.clear();
                    self.experiments = plans.into_iter().map(Experiment::new).collect();
                    self.progress = 0.0;
                    self.timing = RunTiming::default();
                    self.failure = None;
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
                self.experiments.clear();
                self.verdicts.clear();
                self.double_hashing.clear();
                self.progress = 0.0;
            }
            LabAction::FiltersMeasured {
                generation,
                measurements,
                elapsed_ms,
            } => {
                let live = matches!(self.status, RunStatus::Running | RunStatus::Paused);
                if live && generation == self.generation {
                    for (plan, measurement) in measurements {
                        if let Some(experiment) = self.experiments.get_mut(plan) {
                            experiment.accept(measurement);
                        }
                    }
                    let (mut measured, mut total) = (0, 0);
                    for experiment in &self.experiments {
                        measured += experiment.filters_measured();
                        total += experiment.plan().filters();
                    }
                    self.progress = measured as f64 / total.max(1) as f64;
                    if measured >= total {
                        self.status = RunStatus::Done;
                        self.timing.elapsed_ms = Some(elapsed_ms);
                    }
                }
            }
            LabAction::Judged {
                generation,
                plan,
                verdict,
                double_hashing,
            } => {
                if generation == self.generation && self.status == RunStatus::Done {
                    if let Some(slot) = self.verdicts.get_mut(plan) {
                        *slot = Some(verdict);
                    }
                    // Every family of a run has the same m and k, so the same curve.
                    if !double_hashing.is_empty() {
                        self.double_hashing = double_hashing;
                    }
                }
            }
            LabAction::WorkersStarted(workers) => self.timing.workers = workers,
            LabAction::WorkersFailed(reason) => {
                // The run ends with what it measured; its points stay on the plot.
                if matches!(self.status, RunStatus::Running | RunStatus::Paused) {
                    self.generation += 1;
                    self.status = RunStatus::Idle;
                }
                self.failure = Some(reason);
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
        let checkpoints = ExperimentPlan::even_checkpoints(max_n, count);
        let filters = if self.filters.text.trim().is_empty() {
            let one = ExperimentPlan::new(shape, checkpoints.clone(), probes, 1, seed)
                .map_err(FieldProblem::Invalid)?;
            auto_filters(one.operations_per_filter())
        } else {
            parse_filters(&self.filters.text)?
        };
        let families = match self.families {
            FamilyChoice::Current => vec![shape.family()],
            FamilyChoice::Both => HashFamily::DOUBLE_HASHING.to_vec(),
        };
        let mut plans = Vec::new();
        for family in families {
            let plan = FilterShape::new(shape.m(), shape.k(), family)
                .and_then(|s| s.with_layout(shape.layout()))
                .and_then(|s| ExperimentPlan::new(s, checkpoints.clone(), probes, filters, seed));
            plans.push(plan.map_err(FieldProblem::Invalid)?);
        }
        Ok(plans)
    }

    /// The points a run on `shape` would measure when that is fewer than the typed number:
    /// `(asked, measured)`. Points lie at whole n from 1 to the largest n, so at most that
    /// many are distinct ([`ExperimentPlan::even_checkpoints`]).
    pub fn points_measured(&self, shape: FilterShape) -> Option<(u64, u64)> {
        let asked = parse_bounded(
            &self.points.text,
            MAX_LAB_POINTS,
            ParamError::BadCheckpoints,
        )
        .ok()?;
        let max_n = self.max_items_for(shape).ok()?;
        let measured = ExperimentPlan::even_checkpoints(max_n, asked).len() as u64;
        (measured < asked).then_some((asked, measured))
    }

    /// The number of filters a run on `shape` would build: typed, or automatic.
    pub fn filters_for(&self, shape: FilterShape) -> Option<u64> {
        self.plans_for(shape).ok()?.first().map(|p| p.filters())
    }

    /// The measured points as CSV: family, m, k, n, filters, probes per filter, false
    /// positives in all, the mean rate, its 95 % interval, the 5th and 95th percentiles of
    /// single filters' rates, the exact and approximate theoretical rates, and the layout.
    /// The exact rate is the layout's formula ([`FilterShape::fpr`]); the approximate one
    /// is always `(1 − e^{−kn/m})^k`.
    pub fn csv(&self, shape: FilterShape) -> String {
        let (m, k) = (shape.m(), shape.k());
        let mut out = String::from(concat!(
            "family,m,k,n,filters,probes_per_filter,false_positives,mean_rate,ci_low,ci_high,",
            "single_p05,single_p95,exact_rate,approx_rate,layout\n"
        ));
        for run in self.runs() {
            for p in &run.points {
                let (low, high) = p.interval();
                let (spread_low, spread_high) = p.spread();
                let exact = shape.fpr(p.n as f64);
                let approx = math::fpr_approx(m as f64, p.n as f64, k as f64);
                out.push_str(&format!(
                    "{},{m},{k},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                    run.family.key(),
                    p.n,
                    p.filters(),
                    p.probes,
                    p.total_false_positives(),
                    Shortest(p.rate()),
                    Shortest(low),
                    Shortest(high),
                    Shortest(spread_low),
                    Shortest(spread_high),
                    Shortest(exact),
                    Shortest(approx),
                    shape.layout().key()
                ));
            }
        }
        out
    }
}

/// Filters as typed: a whole number from 2 to [`MAX_LAB_FILTERS`].
fn parse_filters(text: &str) -> Result<u64, FieldProblem> {
    match parse_bounded(text, MAX_LAB_FILTERS, ParamError::TooFewFilters)? {
        1 => Err(FieldProblem::Invalid(ParamError::TooFewFilters)),
        filters => Ok(filters),
    }
}

/// The automatic number of filters: `LAB_BUDGET / (inserts + probes per filter)`, within
/// [`AUTO_FILTERS`].
pub fn auto_filters(operations_per_filter: u64) -> u64 {
    (LAB_BUDGET / operations_per_filter.max(1)).clamp(AUTO_FILTERS.0, AUTO_FILTERS.1)
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
        assert_eq!(lab.experiments.len(), 2);
        let generation = lab.generation;
        let plans: Vec<ExperimentPlan> = lab.experiments.iter().map(|e| e.plan().clone()).collect();
        let mut lab = lab.apply(LabAction::Pause).apply(LabAction::Resume);
        // Filters arrive in any order; one of an earlier run is ignored.
        for filter in (0..plans[0].filters()).rev() {
            let measurements: Vec<(usize, FilterMeasurement)> = plans
                .iter()
                .enumerate()
                .map(|(plan, p)| (plan, crate::filter::measure_filter(p, filter)))
                .collect();
            let stale = LabAction::FiltersMeasured {
                generation: generation - 1,
                measurements: measurements.clone(),
                elapsed_ms: 1.0,
            };
            lab = lab.apply(stale).apply(LabAction::FiltersMeasured {
                generation,
                measurements,
                elapsed_ms: 9.0,
            });
        }
        assert_eq!(
            lab.runs()[1].points,
            Experiment::new(plans[1].clone()).run_to_end()
        );
        assert_eq!(lab.progress, 1.0);
        let verdict = Verdict::CouldBeChance;
        let lab = lab.apply(LabAction::Judged {
            generation,
            plan: 1,
            verdict,
            double_hashing: vec![(0.0, 0.0), (5.0, 0.25)],
        });
        assert_eq!(lab.double_hashing, vec![(0.0, 0.0), (5.0, 0.25)]);
        assert_eq!(lab.verdicts, vec![None, Some(verdict)]);
        assert_eq!(lab.timing.elapsed_ms, Some(9.0));
        assert_eq!(lab.status, RunStatus::Done);
        let csv = lab.csv(FilterShape::new(1000, 4, HashFamily::Murmur3).unwrap());
        assert_eq!(csv.lines().count(), 1 + 2 * 5);
        assert!(csv.lines().nth(1).unwrap().starts_with("fnv,1000,4,"));
        let lab = lab.apply(LabAction::Cancel);
        assert!(lab.runs().is_empty());
    }

    #[test]
    fn the_number_of_filters_is_automatic_unless_typed() {
        let lab = LabState::default();
        // m = 1000, k = 4: 460 inserts and 20 · 1000 probes per filter, 146 fit the budget.
        assert_eq!(lab.filters_for(shape()), Some(100));
        // m = 2^20, k = 3: 551,589 inserts and 20,000 probes per filter: 5.
        let large = FilterShape::new(1 << 20, 3, HashFamily::Murmur3).unwrap();
        let per_filter = lab.plans_for(large).unwrap()[0].operations_per_filter();
        assert_eq!(lab.filters_for(large), Some(LAB_BUDGET / per_filter));
        assert!((3..10).contains(&(LAB_BUDGET / per_filter)));
        let lab = lab.apply(LabAction::SetFilters("7".into()));
        assert_eq!(lab.filters_for(large), Some(7));
        for (typed, problem) in [
            ("1", FieldProblem::Invalid(ParamError::TooFewFilters)),
            ("0", FieldProblem::Invalid(ParamError::TooFewFilters)),
            ("2.5", FieldProblem::NotWhole),
        ] {
            let lab = LabState::default().apply(LabAction::SetFilters(typed.into()));
            assert_eq!(lab.filters.problem, Some(problem), "{typed}");
            assert!(lab.plans_for(shape()).is_err());
        }
        let too_many = LabState::default().apply(LabAction::SetFilters("1001".into()));
        assert!(too_many.filters.problem.is_some());
    }

    /// The lab's own default run as the page starts it (the visualizer at its starting
    /// filter, every lab field at its default): its plan and measured points.
    fn default_run() -> (FilterShape, Vec<MeasuredPoint>) {
        let shape = lab_shape(Settings::default().shape());
        let plan = LabState::default().plans_for(shape).unwrap().remove(0);
        (shape, Experiment::new(plan).run_to_end())
    }

    #[test]
    fn the_lab_starts_on_a_filter_the_formula_describes_and_its_default_run_is_consistent() {
        let (shape, points) = default_run();
        assert_eq!((shape.m(), shape.k()), (LAB_START_M, LAB_START_K));
        assert_eq!(shape.family(), HashFamily::Murmur3);
        assert_eq!(points.len(), 20);
        assert_eq!(
            crate::filter::agreement::verdict(&points, shape),
            Verdict::Consistent
        );
        // Robustly so: at every point the formula lies inside the interval by at least a
        // tenth of its half-width from each edge that can move (an interval of a point with
        // no false positive starts at 0), far beyond any rounding between the page's
        // workers and this test; and the test across all points is far from departing.
        for p in &points {
            let (low, high) = p.interval();
            let theory = shape.fpr(p.n as f64);
            let below = if low > 0.0 { theory - low } else { high };
            let margin = below.min(high - theory) / ((high - low) / 2.0);
            assert!(margin > 0.1, "n = {}: {margin}", p.n);
        }
        let formula = |n: u64| shape.fpr(n as f64);
        let departure = crate::filter::agreement::departure(&points, formula).unwrap();
        assert!(departure.pooled_p > 0.2, "{departure:?}");
    }

    #[test]
    fn the_lab_measures_the_visualizers_filter_unless_it_is_the_starting_one() {
        let start = Settings::default().shape();
        assert_ne!(lab_shape(start), start);
        for shape in [
            FilterShape::new(32, 4, HashFamily::Murmur3).unwrap(),
            FilterShape::new(32, 3, HashFamily::Fnv1a).unwrap(),
            FilterShape::new(64, 3, HashFamily::Murmur3).unwrap(),
            FilterShape::new(1000, 4, HashFamily::Fnv1a).unwrap(),
        ] {
            assert_eq!(lab_shape(shape), shape);
        }
    }

    #[test]
    fn fewer_points_than_asked_are_reported_with_the_number_measured() {
        let small = FilterShape::new(64, 3, HashFamily::Murmur3).unwrap();
        let lab = LabState::default().apply(LabAction::SetMaxItems("10".into()));
        assert_eq!(lab.points_measured(small), Some((20, 10)));
        let plan = lab.plans_for(small).unwrap().remove(0);
        assert_eq!(plan.checkpoints(), (1..=10).collect::<Vec<u64>>());
        // As many points as values of n, or fewer: all of them are measured.
        for points in ["10", "3"] {
            let lab = lab.clone().apply(LabAction::SetPoints(points.into()));
            assert_eq!(lab.points_measured(small), None, "{points}");
        }
        // At m = 32, k = 3 n runs to 17 by default: 20 points asked, 17 measured.
        let start = Settings::default().shape();
        assert_eq!(default_max_items(start), 17);
        assert_eq!(LabState::default().points_measured(start), Some((20, 17)));
        // A field that cannot be read says nothing here; its own message does.
        let bad = LabState::default().apply(LabAction::SetPoints("x".into()));
        assert_eq!(bad.points_measured(small), None);
    }

    #[test]
    fn at_m_32_a_run_departs_above_and_double_hashing_is_named() {
        use crate::filter::agreement::Cause;
        let shape = FilterShape::new(32, 3, HashFamily::Murmur3).unwrap();
        let plan = LabState::default().plans_for(shape).unwrap().remove(0);
        let points = Experiment::new(plan).run_to_end();
        let coverage = Coverage::of(&points, shape, None);
        assert_eq!(
            crate::filter::agreement::verdict(&points, shape),
            Verdict::Departs {
                above: true,
                cause: Some(Cause::DoubleHashing)
            },
            "{coverage:?}"
        );
        let (first, last) = coverage.above_from_to.expect("points above");
        assert!(coverage.above > 0 && first <= last);
        // m = 10,007 is prime: only h2 mod m = 0 repeats, and the formula holds.
        let prime = FilterShape::new(10_007, 4, HashFamily::Murmur3).unwrap();
        let plan = LabState::default().plans_for(prime).unwrap().remove(0);
        let points = Experiment::new(plan).run_to_end();
        let coverage = Coverage::of(&points, prime, None);
        assert!(
            !matches!(
                crate::filter::agreement::verdict(&points, prime),
                Verdict::Departs { .. }
            ),
            "{coverage:?}"
        );
        assert!(coverage.inside >= 17, "{coverage:?}");
    }
}
