//! What the lab panel shows, computed once per change to the lab or to the visualizer's
//! filter (the panel keeps it by those inputs), never per render: the filter a run
//! measures, the run's plans, the plot's filter, the CSV link, and the visualizer's own
//! filter measured as one more point.

use crate::filter::{ExperimentPlan, FilterShape, ItemKind, ItemSource, MeasuredPoint, ITEM_LEN};

use super::fields::FieldProblem;
use super::lab_view::{lab_shape, FamilyChoice, LabState, Run};
use super::settings::FilterModel;
use super::url::percent_encode;

/// Probes used to measure the visualizer's own filter for the lab.
pub const USER_PROBES: u64 = 20_000;

/// The visualizer's filter as a lab point: n members, and how many of [`USER_PROBES`]
/// generated non-members it reports as present.
pub fn user_point(filter: &FilterModel, n: u64) -> MeasuredPoint {
    let source = ItemSource::new(0xC1A55);
    let mut buf = [0u8; ITEM_LEN];
    let false_positives = (0..USER_PROBES)
        .filter(|&i| filter.contains(source.write(ItemKind::NonMember, i, &mut buf)))
        .count() as u64;
    MeasuredPoint::single(n, false_positives, USER_PROBES, filter.count_set())
}

/// The lab panel's figures for one lab state and one visualizer filter.
#[derive(Debug, Clone, PartialEq)]
pub struct LabViewModel {
    /// The filter a run measures: the visualizer's, or the lab's own starting filter while
    /// the visualizer keeps its small starting one ([`lab_shape`]).
    pub shape: FilterShape,
    /// Whether that is the visualizer's filter, so that its own point belongs on the plot.
    pub measures_users: bool,
    /// The filter the plot shows: the run's own (its points stay with the m and k they were
    /// measured at), else [`Self::shape`].
    pub plotted: FilterShape,
    /// The run on screen was measured on another m, k or family than [`Self::shape`].
    pub stale: bool,
    /// The plot's largest n: the run's last checkpoint, or the largest n a run would reach.
    pub n_max: u64,
    /// The plans of a run on [`Self::shape`], one per family, or the first field's problem.
    pub plans: Result<Vec<ExperimentPlan>, FieldProblem>,
    /// The plan the notes describe: the run's first, else the first a run would make.
    pub planned: Option<ExperimentPlan>,
    /// The number of filters a run would build, shown in the empty filters field.
    pub filters_placeholder: String,
    /// `(asked, measured)` when the range of n holds fewer points than typed.
    pub points_measured: Option<(u64, u64)>,
    /// What each family's run has measured.
    pub runs: Vec<Run>,
    /// The points measured in all.
    pub points_done: usize,
    /// The measured points as a `data:` address of their CSV ([`LabState::csv`]).
    pub csv_href: String,
    /// Whether the visualizer's filter is a point on the plot: it is the filter measured,
    /// the plot is not stale and it holds items.
    pub user_shown: bool,
    /// The n of the k plot: the visualizer's when its optimal k fits the axis (k ≤ 24),
    /// else the middle of the lab's range.
    pub k_plot_n: u64,
    /// Whether [`Self::k_plot_n`] is the visualizer's n.
    pub n_from_items: bool,
}

impl LabViewModel {
    /// The figures for `lab` beside a visualizer of shape `visualizer` holding `user_n` items.
    pub fn new(lab: &LabState, visualizer: FilterShape, user_n: u64) -> Self {
        let shape = lab_shape(visualizer);
        let measures_users = shape == visualizer;
        let measured = lab.first_plan().map(ExperimentPlan::shape);
        let plotted = measured.unwrap_or(shape);
        let stale = measured.is_some_and(|run| {
            let family_differs =
                lab.families == FamilyChoice::Current && run.family() != shape.family();
            run.m() != shape.m() || run.k() != shape.k() || family_differs
        });
        let n_max = match lab.first_plan() {
            Some(plan) => plan.checkpoints().last().copied().unwrap_or(1),
            None => lab.max_items_for(shape).unwrap_or(1),
        };
        let plans = lab.plans_for(shape);
        let first_planned = plans.as_ref().ok().and_then(|plans| plans.first());
        let planned = lab.first_plan().or(first_planned).cloned();
        let filters_placeholder = first_planned
            .map(|plan| plan.filters().to_string())
            .unwrap_or_default();
        let runs = lab.runs();
        let points_done = runs.iter().map(|run| run.points.len()).sum();
        let csv_href = format!(
            "data:text/csv;charset=utf-8,{}",
            percent_encode(&lab.csv(plotted))
        );
        let k_opt = crate::filter::math::optimal_k_real(shape.m() as f64, user_n.max(1) as f64);
        let n_from_items = measures_users && user_n > 0 && k_opt <= 24.0;
        LabViewModel {
            shape,
            measures_users,
            plotted,
            stale,
            n_max,
            points_measured: lab.points_measured(shape),
            plans,
            planned,
            filters_placeholder,
            runs,
            points_done,
            csv_href,
            user_shown: measures_users && !stale && user_n > 0,
            k_plot_n: if n_from_items {
                user_n
            } else {
                (n_max / 2).max(1)
            },
            n_from_items,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::HashFamily;
    use crate::state::lab_view::{LabAction, LAB_START_K, LAB_START_M};
    use crate::state::settings::Settings;

    #[test]
    fn a_starting_visualizer_sends_the_lab_to_its_own_filter() {
        let lab = LabState::default();
        let model = LabViewModel::new(&lab, Settings::default().shape(), 3);
        assert_eq!(
            (model.shape.m(), model.shape.k()),
            (LAB_START_M, LAB_START_K)
        );
        assert!(!model.measures_users && !model.user_shown && !model.n_from_items);
        assert_eq!(model.plotted, model.shape);
        let plans = model
            .plans
            .as_ref()
            .expect("the default fields make a plan");
        assert_eq!(model.planned.as_ref(), plans.first());
        assert_eq!(model.filters_placeholder, plans[0].filters().to_string());
        assert_eq!(model.k_plot_n, (model.n_max / 2).max(1));
        assert_eq!(
            model.csv_href,
            format!(
                "data:text/csv;charset=utf-8,{}",
                percent_encode(&lab.csv(model.shape))
            )
        );
    }

    #[test]
    fn the_visualizers_own_filter_is_a_point_when_it_is_the_filter_measured() {
        let shape = FilterShape::new(20_000, 5, HashFamily::Murmur3).unwrap();
        let model = LabViewModel::new(&LabState::default(), shape, 1_000);
        assert!(model.measures_users && model.user_shown);
        assert_eq!((model.k_plot_n, model.n_from_items), (1_000, true));
        // Without items there is no point, and the k plot takes the middle of the range.
        let empty = LabViewModel::new(&LabState::default(), shape, 0);
        assert!(!empty.user_shown && !empty.n_from_items);
    }

    #[test]
    fn a_bad_field_leaves_no_plan_and_no_placeholder() {
        let lab = LabState::default().apply(LabAction::SetProbes("0".into()));
        let model = LabViewModel::new(&lab, Settings::default().shape(), 0);
        assert!(model.plans.is_err());
        assert_eq!(
            (model.planned, model.filters_placeholder),
            (None, String::new())
        );
    }
}
