//! The use-case view's model: a key-value store with a filter in front of its disk, and a
//! spam blacklist with a whitelist. Its settings are what the page's link carries
//! (`kv_m=`, `kv_k=`, `kv_present=`, `kv_lookups=`, `spam_m=`, `spam_check=`). Both
//! simulations are deterministic and run whole in one of the page's workers
//! ([`run_apps`](crate::filter::use_cases::run_apps), at most [`MAX_VIEW_LOOKUPS`] lookups
//! and [`MESSAGES`](crate::filter::use_cases::MESSAGES) messages),
//! once per change of the last valid settings (a generation), so that a page that never
//! shows the view never runs them; their report is filed here when it comes back.

use crate::filter::use_cases::{AppsJob, AppsReport, SPAM_K};
use crate::filter::{FilterShape, HashFamily, ParamError};

use super::fields::{parse_bits, parse_bounded, parse_hashes, parse_real, FieldProblem};

/// The most lookups the view makes.
pub const MAX_VIEW_LOOKUPS: u64 = 50_000;
/// Senders the view offers to check: one on the blacklist, one innocent.
pub const EXAMPLE_SENDERS: [&str; 2] = ["spam0007@bad.example", "user0000@mail.example"];

/// The view's settings as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppsSettings {
    /// m of the store's filter.
    pub m: String,
    /// k of the store's filter.
    pub k: String,
    /// The share of lookups for a stored key, 0 to 1.
    pub present: String,
    /// Lookups made.
    pub lookups: String,
    /// m of the blacklist's filter.
    pub spam_m: String,
    /// An address to check against the blacklist.
    pub check: String,
}

impl Default for AppsSettings {
    fn default() -> Self {
        AppsSettings {
            m: "8000".into(),
            k: "6".into(),
            present: "0.5".into(),
            lookups: "10000".into(),
            spam_m: "1200".into(),
            check: String::new(),
        }
    }
}

/// Every intent of the view.
#[derive(Debug, Clone, PartialEq)]
pub enum AppsAction {
    /// The settings as typed changed.
    Edit(AppsSettings),
    /// (System event) the workers' report on the job of a generation.
    Reported(u64, AppsReport),
}

/// Why a field was not used.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AppsProblems {
    /// m.
    pub m: Option<FieldProblem>,
    /// k.
    pub k: Option<FieldProblem>,
    /// The present share.
    pub present: Option<FieldProblem>,
    /// Lookups.
    pub lookups: Option<FieldProblem>,
    /// The blacklist's m.
    pub spam_m: Option<FieldProblem>,
}

/// The view: settings, problems, the job of the last valid settings, its generation and its
/// report once the workers have sent it. The job's family is the page's, read when the job
/// is started ([`AppsState::job`]); a report is shown for the family it ran with.
#[derive(Debug, Clone, PartialEq)]
pub struct AppsState {
    settings: AppsSettings,
    problems: AppsProblems,
    /// The job, its filters hashed by murmur3 until [`AppsState::job`] gives the family.
    job: AppsJob,
    generation: u64,
    report: Option<AppsReport>,
}

impl Default for AppsState {
    fn default() -> Self {
        AppsState::new(AppsSettings::default())
    }
}

impl AppsState {
    /// The view with these settings (a value that cannot be used keeps the default).
    pub fn new(settings: AppsSettings) -> Self {
        let family = HashFamily::Murmur3;
        let shape = |m, k| {
            FilterShape::new(m, k, family).unwrap_or_else(|_| unreachable!("valid defaults"))
        };
        let state = AppsState {
            job: AppsJob {
                store: shape(8000, 6),
                share: 0.5,
                lookups: 10_000,
                spam: shape(1200, SPAM_K),
                check: String::new(),
            },
            generation: 0,
            report: None,
            settings: AppsSettings::default(),
            problems: AppsProblems::default(),
        };
        state.edited(settings)
    }

    /// Applies one action.
    pub fn apply(self, action: AppsAction) -> Self {
        match action {
            AppsAction::Edit(settings) => self.edited(settings),
            AppsAction::Reported(generation, report) => {
                if generation == self.generation {
                    AppsState {
                        report: Some(report),
                        ..self
                    }
                } else {
                    self
                }
            }
        }
    }

    fn edited(mut self, settings: AppsSettings) -> Self {
        let m = parse_bits(&settings.m);
        let k = parse_hashes(&settings.k);
        let present = parse_real(&settings.present).and_then(|p| {
            if (0.0..=1.0).contains(&p) {
                Ok(p)
            } else {
                Err(FieldProblem::Invalid(ParamError::RateOutOfRange {
                    requested: p,
                }))
            }
        });
        let lookups = parse_bounded(&settings.lookups, MAX_VIEW_LOOKUPS, ParamError::ZeroItems);
        let spam_m = parse_bits(&settings.spam_m);
        let mut job = self.job.clone();
        let store_shape = FilterShape::new(
            *m.as_ref().unwrap_or(&job.store.m()),
            *k.as_ref().unwrap_or(&job.store.k()),
            HashFamily::Murmur3,
        );
        if let Ok(shape) = store_shape {
            job.store = shape;
            job.share = *present.as_ref().unwrap_or(&job.share);
            job.lookups = *lookups.as_ref().unwrap_or(&job.lookups);
        }
        let spam_shape = FilterShape::new(
            *spam_m.as_ref().unwrap_or(&job.spam.m()),
            SPAM_K,
            HashFamily::Murmur3,
        );
        if let Ok(shape) = spam_shape {
            job.spam = shape;
            job.check = settings.check.clone();
        }
        if job != self.job {
            self.job = job;
            self.generation += 1;
            self.report = None;
        }
        self.problems = AppsProblems {
            m: m.err(),
            k: k.err(),
            present: present.err(),
            lookups: lookups.err(),
            spam_m: spam_m.err(),
        };
        self.settings = settings;
        self
    }

    /// The settings as typed.
    pub fn settings(&self) -> &AppsSettings {
        &self.settings
    }
    /// Each field's problem.
    pub fn problems(&self) -> &AppsProblems {
        &self.problems
    }
    /// What the simulations run with the page's `family` (murmur3 for a family without an
    /// `(h1, h2)` pair, whose k is limited).
    pub fn job(&self, family: HashFamily) -> AppsJob {
        let family = family.with_pair_or_murmur3();
        let hashed =
            |shape: FilterShape| FilterShape::new(shape.m(), shape.k(), family).unwrap_or(shape);
        AppsJob {
            store: hashed(self.job.store),
            spam: hashed(self.job.spam),
            ..self.job.clone()
        }
    }
    /// Changes whenever the job does, so that a report of an older job is dropped.
    pub fn generation(&self) -> u64 {
        self.generation
    }
    /// The report of the current job with the page's `family`, once the workers have sent
    /// it.
    pub fn report(&self, family: HashFamily) -> Option<&AppsReport> {
        let family = family.with_pair_or_murmur3();
        self.report.as_ref().filter(|r| r.family == family)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::use_cases::{KvCounts, KvPrediction, KvReport, MailCounts, MailReport};

    fn a_report(lookups: u64) -> AppsReport {
        AppsReport {
            family: HashFamily::Murmur3,
            kv: KvReport {
                counts: KvCounts {
                    lookups,
                    ..KvCounts::default()
                },
                prediction: KvPrediction {
                    fp_rate: 0.01,
                    found: 0.0,
                    wasted: 0.0,
                    skipped: 0.0,
                },
            },
            mail: MailReport {
                counts: MailCounts::default(),
                fp_rate: 0.02,
                whitelist: Vec::new(),
                verdict: None,
            },
        }
    }

    #[test]
    fn a_report_is_filed_only_for_the_current_job() {
        let state = AppsState::default();
        assert_eq!(state.report(HashFamily::Murmur3), None);
        let generation = state.generation();
        let edited = state.clone().apply(AppsAction::Edit(AppsSettings {
            lookups: "2000".into(),
            ..AppsSettings::default()
        }));
        assert_eq!(edited.job(HashFamily::Murmur3).lookups, 2000);
        assert_ne!(edited.generation(), generation);
        // The older job's report is dropped; the current one's is kept.
        let late = edited.apply(AppsAction::Reported(generation, a_report(10_000)));
        assert_eq!(late.report(HashFamily::Murmur3), None);
        let current = late.generation();
        let filed = late.apply(AppsAction::Reported(current, a_report(2000)));
        assert_eq!(filed.report(HashFamily::Murmur3), Some(&a_report(2000)));
        // Settings that make the same job keep the report; a new job drops it.
        let same = filed
            .clone()
            .apply(AppsAction::Edit(filed.settings().clone()));
        assert_eq!(
            (same.generation(), same.report(HashFamily::Murmur3)),
            (current, Some(&a_report(2000)))
        );
        let checked = same.apply(AppsAction::Edit(AppsSettings {
            lookups: "2000".into(),
            check: "user0000@mail.example".into(),
            ..AppsSettings::default()
        }));
        assert_eq!(checked.report(HashFamily::Murmur3), None);
        assert_eq!(
            checked.job(HashFamily::Murmur3).check,
            "user0000@mail.example"
        );
    }

    #[test]
    fn a_bad_field_is_named_and_the_last_good_job_stays() {
        let state = AppsState::default();
        let before = state.job(HashFamily::Murmur3);
        let state = state.apply(AppsAction::Edit(AppsSettings {
            present: "1.5".into(),
            lookups: "0".into(),
            ..AppsSettings::default()
        }));
        assert!(state.problems().present.is_some() && state.problems().lookups.is_some());
        assert_eq!(state.job(HashFamily::Murmur3), before);
        let all_present = state.apply(AppsAction::Edit(AppsSettings {
            present: "1".into(),
            ..AppsSettings::default()
        }));
        assert_eq!(all_present.job(HashFamily::Murmur3).share, 1.0);
    }

    #[test]
    fn the_family_of_both_filters_follows_the_page_and_a_report_shows_for_its_own() {
        let state = AppsState::default();
        assert_eq!(
            state.job(HashFamily::Fnv1a).store.family(),
            HashFamily::Fnv1a
        );
        assert_eq!(
            state.job(HashFamily::Fnv1a).spam.family(),
            HashFamily::Fnv1a
        );
        assert_eq!(
            state.job(HashFamily::Seed000).store.family(),
            HashFamily::Murmur3
        );
        let generation = state.generation();
        let filed = state.apply(AppsAction::Reported(generation, a_report(10_000)));
        assert_eq!(filed.report(HashFamily::Murmur3), Some(&a_report(10_000)));
        assert_eq!(filed.report(HashFamily::Fnv1a), None);
    }
}
