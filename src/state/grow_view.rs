//! The growing-filters view's model: its settings as typed (what the page's link carries:
//! `grow_m0=`, `grow_p=`, `grow_r=`, `grow_s=` and `grow_n=`), their validation, the run
//! their last valid values describe, and what it has measured so far.
//!
//! The run itself ([`GrowingRun`](crate::filter::growing::GrowingRun)) is done outside the
//! model, a slice per task; each slice comes back as [`GrowAction::Measured`].

use crate::filter::growing::{
    GrowError, GrowJob, GrowPlan, GrowPoint, GrowResults, SliceInfo, MAX_GROW_BITS, MAX_GROW_ITEMS,
};
use crate::filter::{HashFamily, ParamError};

use super::fields::{parse_bounded, parse_real, parse_whole, FieldProblem};

/// What the page says when the scalable filter measured above p at the end of its run:
/// the measurement, its interval, and the rates that account for it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OverP {
    /// The rate measured at the last checkpoint.
    pub measured: f64,
    /// Its 95 % interval over the probes (Wilson).
    pub interval: (f64, f64),
    /// How many probes it rests on.
    pub probes: u64,
    /// The slices' rate with independent positions,
    /// `1 − Π(1 − (1 − (1 − 1/m_i)^{k_i·held_i})^{k_i})`.
    pub independent: f64,
    /// The formula's rate with double hashing's estimated excess.
    pub predicted: f64,
    /// How far the slices' bound stays under p: `p − p·(1 − r^S)`.
    pub room: f64,
    /// The interval reaches down to p: this one measurement could be chance.
    pub could_be_chance: bool,
}

/// The note on a scalable rate measured above p, once the run is `done` (none otherwise).
pub fn over_p(
    plan: &GrowPlan,
    point: &GrowPoint,
    slices: &[SliceInfo],
    done: bool,
) -> Option<OverP> {
    let p = plan.params().p;
    let scalable = point.scalable;
    if !done || scalable.rate() <= p {
        return None;
    }
    let independent = 1.0
        - slices
            .iter()
            .map(|s| {
                let (m, k) = (s.spec.m() as f64, f64::from(s.spec.k()));
                1.0 - crate::filter::math::fpr_exact(m, s.held as f64, k)
            })
            .product::<f64>();
    let interval = scalable.interval();
    Some(OverP {
        measured: scalable.rate(),
        interval,
        probes: scalable.probes,
        independent,
        predicted: scalable.predicted,
        room: p - point.scalable_bound,
        could_be_chance: interval.0 <= p,
    })
}

/// The hash family of every filter of the view: the page's when it derives its positions
/// by double hashing (FNV-1a, murmur3), else murmur3 (seed 000 has only six functions,
/// fewer than a slice needs).
pub fn grow_family(page: HashFamily) -> HashFamily {
    if HashFamily::DOUBLE_HASHING.contains(&page) {
        page
    } else {
        HashFamily::Murmur3
    }
}

/// m0 as typed: 1 to [`MAX_GROW_BITS`].
pub fn parse_m0(text: &str) -> Result<u64, FieldProblem> {
    parse_bounded(text, MAX_GROW_BITS, ParamError::ZeroBits)
}

/// p as typed: strictly between 0 and 1.
pub fn parse_rate(text: &str) -> Result<f64, FieldProblem> {
    let p = parse_real(text)?;
    if p > 0.0 && p < 1.0 {
        Ok(p)
    } else {
        Err(ParamError::RateOutOfRange { requested: p }.into())
    }
}

/// r as typed: strictly between 0 and 1.
pub fn parse_ratio(text: &str) -> Result<f64, FieldProblem> {
    let r = parse_real(text)?;
    if r > 0.0 && r < 1.0 {
        Ok(r)
    } else {
        Err(FieldProblem::NotAFraction)
    }
}

/// s as typed: a whole number, at least 2.
pub fn parse_growth(text: &str) -> Result<u64, FieldProblem> {
    match parse_whole(text)? {
        s if s < 2 => Err(FieldProblem::BelowMin(2)),
        s => Ok(s),
    }
}

/// n as typed: 1 to [`MAX_GROW_ITEMS`].
pub fn parse_stream(text: &str) -> Result<u64, FieldProblem> {
    parse_bounded(text, MAX_GROW_ITEMS, ParamError::ZeroItems)
}

/// The view's settings as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrowSettings {
    /// m0, bits of the first slice and of the first cascade level.
    pub m0: String,
    /// p, the target rate.
    pub p: String,
    /// r, the scalable design's tightening ratio.
    pub r: String,
    /// s, the growth factor.
    pub s: String,
    /// n, items in the stream.
    pub n: String,
}

impl Default for GrowSettings {
    fn default() -> Self {
        GrowSettings {
            m0: "2000".into(),
            p: "0.01".into(),
            r: "0.5".into(),
            s: "2".into(),
            n: "10000".into(),
        }
    }
}

/// Why a field (or the fields together) was not used.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GrowProblems {
    /// m0.
    pub m0: Option<FieldProblem>,
    /// p.
    pub p: Option<FieldProblem>,
    /// r.
    pub r: Option<FieldProblem>,
    /// s.
    pub s: Option<FieldProblem>,
    /// n.
    pub n: Option<FieldProblem>,
    /// Every field reads, but the plan they make cannot run.
    pub plan: Option<GrowError>,
}

/// Every intent of the view.
#[derive(Debug, Clone, PartialEq)]
pub enum GrowAction {
    /// The settings as typed changed.
    Edit(GrowSettings),
    /// (System event) a slice of the run of a generation was done.
    Measured(GrowResults),
}

/// The view: settings as typed, their problems, the job and its results.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GrowState {
    settings: GrowSettings,
    problems: GrowProblems,
    job: GrowJob,
    generation: u64,
    results: Option<GrowResults>,
}

impl GrowState {
    /// The view with these settings, each field read as if typed.
    pub fn new(settings: GrowSettings) -> Self {
        GrowState::default().apply(GrowAction::Edit(settings))
    }

    /// Applies one action.
    pub fn apply(mut self, action: GrowAction) -> Self {
        match action {
            GrowAction::Edit(settings) => {
                let m0 = parse_m0(&settings.m0);
                let p = parse_rate(&settings.p);
                let r = parse_ratio(&settings.r);
                let s = parse_growth(&settings.s);
                let n = parse_stream(&settings.n);
                let old = self.job;
                let job = GrowJob {
                    m0: *m0.as_ref().unwrap_or(&old.m0),
                    p: *p.as_ref().unwrap_or(&old.p),
                    r: *r.as_ref().unwrap_or(&old.r),
                    s: *s.as_ref().unwrap_or(&old.s),
                    n: *n.as_ref().unwrap_or(&old.n),
                };
                // The family does not change whether a plan fits (both have every k).
                let plan = job.plan(HashFamily::Murmur3).err();
                if plan.is_none() && job != old {
                    self.job = job;
                    self.generation += 1;
                    self.results = None;
                }
                self.problems = GrowProblems {
                    m0: m0.err(),
                    p: p.err(),
                    r: r.err(),
                    s: s.err(),
                    n: n.err(),
                    plan,
                };
                self.settings = settings;
            }
            GrowAction::Measured(results) => {
                if results.generation == self.generation {
                    self.results = Some(results);
                }
            }
        }
        self
    }

    /// The settings as typed.
    pub fn settings(&self) -> &GrowSettings {
        &self.settings
    }
    /// Each field's problem.
    pub fn problems(&self) -> &GrowProblems {
        &self.problems
    }
    /// What is run.
    pub fn job(&self) -> GrowJob {
        self.job
    }
    /// Changes whenever the job does, so that measurements of an older job are dropped.
    pub fn generation(&self) -> u64 {
        self.generation
    }
    /// The results of the current job with `family`, if any slice of it has been run.
    pub fn results(&self, family: HashFamily) -> Option<&GrowResults> {
        self.results.as_ref().filter(|r| r.family == family)
    }
    /// Whether the run of the current job with `family` has measured every checkpoint.
    pub fn done(&self, family: HashFamily) -> bool {
        self.results(family).is_some_and(|r| r.done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::growing::{Design, GrowingRun, GROW_PROBES};
    use crate::filter::math;

    fn edit(state: GrowState, change: impl FnOnce(&mut GrowSettings)) -> GrowState {
        let mut settings = state.settings().clone();
        change(&mut settings);
        state.apply(GrowAction::Edit(settings))
    }

    #[test]
    fn fields_read_their_values_and_say_why_not() {
        assert_eq!(parse_m0(" 2000 "), Ok(2000));
        assert_eq!(parse_m0("0"), Err(ParamError::ZeroBits.into()));
        assert_eq!(
            parse_m0("16777217"),
            Err(FieldProblem::AboveMax(MAX_GROW_BITS))
        );
        assert_eq!(parse_rate("0.01"), Ok(0.01));
        assert_eq!(parse_rate("1e-3"), Ok(0.001));
        for bad in ["0", "1", "1.5", "-0.2"] {
            assert!(
                matches!(
                    parse_rate(bad),
                    Err(FieldProblem::Invalid(ParamError::RateOutOfRange { .. }))
                ),
                "{bad}"
            );
        }
        assert_eq!(parse_rate("x"), Err(FieldProblem::NotANumber));
        assert_eq!(parse_ratio("0.5"), Ok(0.5));
        assert_eq!(parse_ratio("0.9"), Ok(0.9));
        for bad in ["0", "1", "2", "-1"] {
            assert_eq!(parse_ratio(bad), Err(FieldProblem::NotAFraction), "{bad}");
        }
        assert_eq!(parse_ratio(""), Err(FieldProblem::Empty));
        assert_eq!(parse_growth("2"), Ok(2));
        assert_eq!(parse_growth("4"), Ok(4));
        assert_eq!(parse_growth("1"), Err(FieldProblem::BelowMin(2)));
        assert_eq!(parse_growth("2.5"), Err(FieldProblem::NotWhole));
        assert_eq!(parse_stream("10000"), Ok(10_000));
        assert_eq!(parse_stream("0"), Err(ParamError::ZeroItems.into()));
        assert_eq!(
            parse_stream("200001"),
            Err(FieldProblem::AboveMax(MAX_GROW_ITEMS))
        );
    }

    #[test]
    fn the_default_follows_the_issue_and_runs() {
        let state = GrowState::new(GrowSettings::default());
        assert_eq!(state.problems(), &GrowProblems::default());
        assert_eq!(state.job(), GrowJob::default());
        assert_eq!((state.job().r, state.job().s), (0.5, 2));
        let plan = state.job().plan(HashFamily::Murmur3).unwrap();
        // Guess 1,000: ⌈1000·ln(100) / (ln 2)²⌉ = ⌈9585.06⌉ bits.
        assert_eq!(plan.fixed().m(), 9586);
        assert_eq!(plan.params().guess_n, 1000);
        assert_eq!(plan.checkpoints().len(), 20);
    }

    #[test]
    fn a_bad_field_keeps_the_last_valid_value_and_names_the_problem() {
        let state = GrowState::new(GrowSettings::default());
        let generation = state.generation();
        let state = edit(state, |s| s.r = "2".into());
        assert_eq!(state.problems().r, Some(FieldProblem::NotAFraction));
        assert_eq!(state.job().r, 0.5);
        assert_eq!(state.generation(), generation, "nothing to run again");
        assert_eq!(state.settings().r, "2", "the text stays as typed");
        let state = edit(state, |s| s.r = "0.9".into());
        assert_eq!(state.problems().r, None);
        assert_eq!(state.job().r, 0.9);
        assert_eq!(state.generation(), generation + 1);
        // Two bad fields, one good: the good one is used.
        let state = edit(state, |s| {
            s.m0 = "abc".into();
            s.s = "1".into();
            s.n = "5000".into();
        });
        assert_eq!(state.problems().m0, Some(FieldProblem::NotANumber));
        assert_eq!(state.problems().s, Some(FieldProblem::BelowMin(2)));
        assert_eq!(
            (state.job().m0, state.job().s, state.job().n),
            (2000, 2, 5000)
        );
    }

    #[test]
    fn settings_that_read_but_cannot_run_together_keep_the_last_plan() {
        let state = GrowState::new(GrowSettings::default());
        // A first slice of 4 bits holds no item at p_0 = 0.005.
        let small = edit(state.clone(), |s| s.m0 = "4".into());
        assert_eq!(small.problems().m0, None);
        assert_eq!(
            small.problems().plan,
            Some(GrowError::Param(ParamError::TooSmallForRate))
        );
        assert_eq!(small.job(), state.job());
        assert_eq!(small.generation(), state.generation());
        // 2^23 bits doubling for 200,000 items passes the 2^24 cap.
        let huge = edit(state, |s| {
            s.m0 = "8388608".into();
            s.n = "200000".into();
        });
        assert!(matches!(
            huge.problems().plan,
            Some(GrowError::TooMuchMemory { .. })
        ));
        let fixed = edit(huge, |s| s.m0 = "1000".into());
        assert_eq!(fixed.problems().plan, None);
        assert_eq!((fixed.job().m0, fixed.job().n), (1000, 200_000));
    }

    #[test]
    fn measurements_of_an_older_job_or_another_family_are_not_shown() {
        let state = GrowState::new(GrowSettings::default());
        let results = |generation, family, done| GrowResults {
            generation,
            family,
            points: vec![],
            slices: vec![],
            progress: 0.5,
            done,
        };
        let old = state.generation();
        let state = edit(state, |s| s.n = "3000".into());
        let stale = state.clone().apply(GrowAction::Measured(results(
            old,
            HashFamily::Murmur3,
            true,
        )));
        assert_eq!(stale.results(HashFamily::Murmur3), None);
        let now = state.generation();
        let state = state.apply(GrowAction::Measured(results(now, HashFamily::Fnv1a, false)));
        assert!(state.results(HashFamily::Fnv1a).is_some());
        assert_eq!(state.results(HashFamily::Murmur3), None);
        assert!(!state.done(HashFamily::Fnv1a));
        let state = state.apply(GrowAction::Measured(results(now, HashFamily::Fnv1a, true)));
        assert!(state.done(HashFamily::Fnv1a));
        // A new job drops them.
        let state = edit(state, |s| s.p = "0.02".into());
        assert_eq!(state.results(HashFamily::Fnv1a), None);
    }

    #[test]
    fn the_link_carries_the_settings_and_names_a_bad_one() {
        use crate::state::url::{parse, print, NoticeReason};
        let url = parse("view=grow&grow_m0=1000&grow_p=0.02&grow_r=0.9&grow_s=3&grow_n=800");
        assert!(url.notices.is_empty(), "{:?}", url.notices);
        let expected = GrowSettings {
            m0: "1000".into(),
            p: "0.02".into(),
            r: "0.9".into(),
            s: "3".into(),
            n: "800".into(),
        };
        assert_eq!(url.grow, expected);
        let printed = print(&url);
        assert!(
            printed.contains("grow_m0=1000&grow_p=0.02&grow_r=0.9&grow_s=3&grow_n=800"),
            "{printed}"
        );
        assert_eq!(parse(&printed).grow, expected);
        // Defaults are left out of the link.
        assert!(!print(&parse("view=grow")).contains("grow_"));
        // A bad value is refused with its reason, and the default stays; the notices come
        // in the table's order, whatever the link's.
        let url = parse("view=grow&grow_r=2&grow_s=1&grow_n=0&grow_m0=x&grow_p=1");
        let refused: Vec<(&str, &NoticeReason)> = url
            .notices
            .iter()
            .map(|n| (n.param.as_str(), &n.reason))
            .collect();
        assert_eq!(
            refused,
            vec![
                ("grow_m0", &NoticeReason::Problem(FieldProblem::NotANumber)),
                (
                    "grow_p",
                    &NoticeReason::Problem(ParamError::RateOutOfRange { requested: 1.0 }.into())
                ),
                ("grow_r", &NoticeReason::Problem(FieldProblem::NotAFraction)),
                ("grow_s", &NoticeReason::Problem(FieldProblem::BelowMin(2))),
                (
                    "grow_n",
                    &NoticeReason::Problem(ParamError::ZeroItems.into())
                ),
            ]
        );
        assert_eq!(url.grow, GrowSettings::default());
    }

    #[test]
    fn the_new_reasons_read_in_english() {
        use crate::i18n::{describe::problem, EN};
        assert_eq!(
            problem(&EN, &FieldProblem::NotAFraction),
            "must lie strictly between 0 and 1"
        );
        assert_eq!(
            problem(&EN, &FieldProblem::BelowMin(2)),
            "too small: at least 2"
        );
    }

    #[test]
    fn the_view_uses_a_double_hashing_family() {
        assert_eq!(grow_family(HashFamily::Fnv1a), HashFamily::Fnv1a);
        assert_eq!(grow_family(HashFamily::Murmur3), HashFamily::Murmur3);
        assert_eq!(grow_family(HashFamily::Seed000), HashFamily::Murmur3);
    }

    /// The slices against values worked out by hand from the issue's formulas:
    /// m0 = 1000, p = 2 %, r = 1/2, s = 3: `p_i = 0.01·2^−i`, `m_i = 1000·3^i`,
    /// `k_i = ⌈log2(1/p_i)⌉ = ⌈6.6439 + i⌉`, `n_i = ⌊m_i·(ln 2)² / ln(1/p_i)⌋` with
    /// (ln 2)² = 0.480453: 480.453 / 4.605170 = 104.33, 1441.36 / 5.298317 = 272.04,
    /// 4324.08 / 5.991465 = 721.71; 104 + 272 < 800 ≤ 104 + 272 + 721.
    #[test]
    fn slices_match_values_worked_out_by_hand() {
        let job = GrowJob {
            m0: 1000,
            p: 0.02,
            r: 0.5,
            s: 3,
            n: 800,
        };
        let plan = job.plan(HashFamily::Fnv1a).unwrap();
        let table: Vec<(u64, u32, u64)> = plan
            .slices()
            .iter()
            .map(|c| (c.m(), c.k(), c.capacity))
            .collect();
        assert_eq!(table, vec![(1000, 7, 104), (3000, 8, 272), (9000, 9, 721)]);
        // The fixed filter for ⌈800/10⌉ = 80 items: ⌈80·3.912023 / 0.480453⌉ = ⌈651.38⌉.
        assert_eq!(plan.fixed().m(), 652);
        assert_eq!(plan.params().guess_n, 80);
        // After the run the slices hold 104, 272 and the remaining 424 items.
        let mut run = GrowingRun::new(plan);
        while !run.run_slice(997) {}
        let held: Vec<u64> = run.slices().iter().map(|s| s.held).collect();
        assert_eq!(held, vec![104, 272, 424]);
        let last = run.points().last().unwrap();
        assert_eq!(last.scalable.bits, 13_000);
        // The bound Σ p_i = 0.01 + 0.005 + 0.0025.
        assert!((last.scalable_bound - 0.0175).abs() < 1e-15);
        assert_eq!(last.design(Design::Fixed).bits, 652);
        // The fixed filter, ten times past its guess, is nearly full.
        let f = math::fpr_exact(652.0, 800.0, 6.0);
        assert!(f > 0.9 && last.fixed.rate() > 0.9);
    }

    #[test]
    fn the_note_on_a_rate_over_p_appears_at_r_one_half_and_not_at_nine_tenths() {
        let run_with = |r: &str| {
            let state = edit(GrowState::default(), |s| s.r = r.into());
            let plan = state.job().plan(HashFamily::Murmur3).unwrap();
            let mut run = GrowingRun::new(plan.clone());
            while !run.run_slice(1 << 16) {}
            let last = *run.points().last().unwrap();
            let slices = run.slices();
            assert!(
                over_p(&plan, &last, &slices, false).is_none(),
                "only once done"
            );
            (over_p(&plan, &last, &slices, true), plan, last, slices)
        };
        let (note, plan, last, slices) = run_with("0.5");
        let note = note.expect("r = 0.5 carries the measured rate over p");
        let p = plan.params().p;
        assert!(note.measured > p);
        assert!(note.interval.0 < note.measured && note.measured < note.interval.1);
        assert_eq!(note.could_be_chance, note.interval.0 <= p);
        assert_eq!(note.probes, GROW_PROBES);
        assert!((note.room - (p - last.scalable_bound)).abs() < 1e-15);
        // With independent positions the slices would err at most their bound.
        let product: f64 = slices
            .iter()
            .map(|s| 1.0 - math::fpr_exact(s.spec.m() as f64, s.held as f64, f64::from(s.spec.k())))
            .product();
        assert!((note.independent - (1.0 - product)).abs() < 1e-15);
        assert!(note.independent <= last.scalable_bound + 1e-12);
        assert!(run_with("0.9").0.is_none());
    }
}
