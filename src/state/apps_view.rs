//! The use-case view's model: a key-value store with a filter in front of its disk, and a
//! spam blacklist with a whitelist. Its settings are what the page's link carries
//! (`kv_m=`, `kv_k=`, `kv_present=`, `kv_lookups=`, `spam_m=`, `spam_check=`); both
//! simulations are deterministic and run whole the first time their report is read after
//! a setting changed (at most [`MAX_VIEW_LOOKUPS`] lookups and [`MESSAGES`] messages, a few
//! milliseconds), so that a page that never shows the view never runs them.

use std::cell::OnceCell;

use crate::filter::use_cases::{
    BlacklistPlan, KvCounts, KvPlan, KvPrediction, KvRun, MailCounts, MailServer, Verdict,
};
use crate::filter::{FilterShape, HashFamily, ParamError};

use super::fields::{parse_bits, parse_bounded, parse_hashes, parse_real, FieldProblem};

/// Keys in the store.
pub const KEYS: u64 = 1000;
/// The most lookups the view makes.
pub const MAX_VIEW_LOOKUPS: u64 = 50_000;
/// Blacklisted addresses.
pub const SPAM_ADDRESSES: u64 = 200;
/// Innocent senders.
pub const INNOCENT_ADDRESSES: u64 = 1000;
/// Messages in the mail stream.
pub const MESSAGES: u64 = 5000;
/// Hashes of the blacklist's filter.
pub const SPAM_K: u32 = 3;
/// Both streams' seed.
pub const SEED: u64 = 1;
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

/// Every intent of the view: the settings as typed changed.
#[derive(Debug, Clone, PartialEq)]
pub enum AppsAction {
    /// New settings.
    Edit(AppsSettings),
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

/// What the store measured and what the formula predicts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KvReport {
    /// m, k and the family of its filter.
    pub shape: FilterShape,
    /// The share of lookups for a stored key.
    pub share: f64,
    /// The counts.
    pub counts: KvCounts,
    /// The formula's numbers for the lookups drawn.
    pub prediction: KvPrediction,
}

/// What the blacklist did with the mail stream.
#[derive(Debug, Clone, PartialEq)]
pub struct MailReport {
    /// m, k and the family of its filter.
    pub shape: FilterShape,
    /// The counts.
    pub counts: MailCounts,
    /// The exact false-positive rate of its filter.
    pub fp_rate: f64,
    /// Innocent senders whitelisted after one wrongly blocked mail, in that order.
    pub whitelist: Vec<String>,
    /// The checked address and its verdict, with the whitelist as it ends.
    pub checked: Option<(String, Verdict)>,
}

/// What the store's simulation runs: the last valid settings.
#[derive(Debug, Clone, Copy, PartialEq)]
struct StoreRun {
    shape: FilterShape,
    share: f64,
    lookups: u64,
}

/// What the blacklist's simulation runs: the last valid settings.
#[derive(Debug, Clone, PartialEq)]
struct MailRun {
    shape: FilterShape,
    check: String,
}

/// The view: settings, problems, and the two runs of the last valid settings with their
/// reports (each made when first read).
#[derive(Debug, Clone)]
pub struct AppsState {
    settings: AppsSettings,
    problems: AppsProblems,
    family: HashFamily,
    store: StoreRun,
    mail_run: MailRun,
    kv: OnceCell<KvReport>,
    mail: OnceCell<MailReport>,
}

impl PartialEq for AppsState {
    /// Equal settings, problems and runs (the reports follow from the runs).
    fn eq(&self, other: &Self) -> bool {
        self.settings == other.settings
            && self.problems == other.problems
            && self.family == other.family
            && self.store == other.store
            && self.mail_run == other.mail_run
    }
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
        let defaults = AppsSettings::default();
        let shape = |m, k| {
            FilterShape::new(m, k, family).unwrap_or_else(|_| unreachable!("valid defaults"))
        };
        let state = AppsState {
            store: StoreRun {
                shape: shape(8000, 6),
                share: 0.5,
                lookups: 10_000,
            },
            mail_run: MailRun {
                shape: shape(1200, SPAM_K),
                check: String::new(),
            },
            kv: OnceCell::new(),
            mail: OnceCell::new(),
            settings: defaults,
            problems: AppsProblems::default(),
            family,
        };
        state.edited(settings)
    }

    /// Applies one action.
    pub fn apply(self, action: AppsAction) -> Self {
        match action {
            AppsAction::Edit(settings) => self.edited(settings),
        }
    }

    /// The same view with its filters hashed by `family` (murmur3 for a family without an
    /// `(h1, h2)` pair, whose k is limited).
    pub fn with_family(mut self, family: HashFamily) -> Self {
        let family = family.with_pair_or_murmur3();
        if family == self.family {
            return self;
        }
        self.family = family;
        let settings = self.settings.clone();
        self.edited(settings)
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
        let store_shape = FilterShape::new(
            *m.as_ref().unwrap_or(&self.store.shape.m()),
            *k.as_ref().unwrap_or(&self.store.shape.k()),
            self.family,
        );
        if let Ok(shape) = store_shape {
            let store = StoreRun {
                shape,
                share: *present.as_ref().unwrap_or(&self.store.share),
                lookups: *lookups.as_ref().unwrap_or(&self.store.lookups),
            };
            if store != self.store {
                self.store = store;
                self.kv = OnceCell::new();
            }
        }
        let mail_shape = FilterShape::new(
            *spam_m.as_ref().unwrap_or(&self.mail_run.shape.m()),
            SPAM_K,
            self.family,
        );
        if let Ok(shape) = mail_shape {
            let mail_run = MailRun {
                shape,
                check: settings.check.clone(),
            };
            if mail_run != self.mail_run {
                self.mail_run = mail_run;
                self.mail = OnceCell::new();
            }
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
    /// The store's report (its simulation run on first reading).
    pub fn kv(&self) -> &KvReport {
        let StoreRun {
            shape,
            share,
            lookups,
        } = self.store;
        self.kv.get_or_init(|| run_store(shape, share, lookups))
    }
    /// The blacklist's report (its simulation run on first reading).
    pub fn mail(&self) -> &MailReport {
        let MailRun { shape, check } = &self.mail_run;
        self.mail.get_or_init(|| run_mail(*shape, check))
    }
}

/// The store: [`KEYS`] keys, then `lookups` lookups of which `share` are for a stored key.
fn run_store(shape: FilterShape, share: f64, lookups: u64) -> KvReport {
    let plan = KvPlan::new(shape, KEYS, lookups, share, SEED)
        .unwrap_or_else(|_| unreachable!("the view checks every value"));
    let mut run = KvRun::new(plan);
    run.run_to_end();
    KvReport {
        shape,
        share,
        counts: run.counts(),
        prediction: run.prediction(),
    }
}

/// The mail stream through the blacklist, then `check`'s verdict.
fn run_mail(shape: FilterShape, check: &str) -> MailReport {
    let plan = BlacklistPlan::new(shape, SPAM_ADDRESSES, INNOCENT_ADDRESSES, MESSAGES, SEED)
        .unwrap_or_else(|_| unreachable!("the view's sizes are valid"));
    let mut server = MailServer::new(plan);
    server.run_to_end();
    MailReport {
        shape,
        counts: server.counts(),
        fp_rate: plan.fp_rate(),
        whitelist: server.whitelist().to_vec(),
        checked: (!check.is_empty()).then(|| (check.to_owned(), server.check(check))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_simulations_run_only_when_their_report_is_read() {
        let state = AppsState::new(AppsSettings::default()).with_family(HashFamily::Fnv1a);
        assert!(state.kv.get().is_none() && state.mail.get().is_none());
        let lookups = state.kv().counts.lookups;
        assert_eq!(lookups, 10_000);
        assert!(state.kv.get().is_some() && state.mail.get().is_none());
        // A changed setting makes the report again, from the new run.
        let settings = AppsSettings {
            lookups: "2000".into(),
            ..AppsSettings::default()
        };
        let edited = state.apply(AppsAction::Edit(settings));
        assert!(edited.kv.get().is_none());
        assert_eq!(edited.kv().counts.lookups, 2000);
    }
    use crate::filter::math;

    #[test]
    fn the_store_counts_add_up_and_the_prediction_is_the_exact_formula() {
        let state = AppsState::default();
        let kv = state.kv();
        let c = kv.counts;
        assert_eq!(c.skipped + c.wasted + c.found, c.lookups);
        assert_eq!(c.lookups, 10_000);
        assert_eq!(c.found, c.present);
        let rate = math::fpr_exact(8000.0, KEYS as f64, 6.0);
        assert!((kv.prediction.fp_rate - rate).abs() < 1e-15);
        assert!((kv.prediction.wasted - c.absent() as f64 * rate).abs() < 1e-9);
        // Measured within five binomial standard errors of the formula.
        let sd = (c.absent() as f64 * rate * (1.0 - rate)).sqrt();
        assert!(
            (c.wasted as f64 - kv.prediction.wasted).abs() < 5.0 * sd,
            "{kv:?}"
        );
    }

    #[test]
    fn a_bad_field_is_named_and_the_last_good_run_stays() {
        let state = AppsState::default();
        let before = *state.kv();
        let state = state.apply(AppsAction::Edit(AppsSettings {
            present: "1.5".into(),
            lookups: "0".into(),
            ..AppsSettings::default()
        }));
        assert!(state.problems().present.is_some() && state.problems().lookups.is_some());
        assert_eq!(*state.kv(), before);
        let all_present = state.apply(AppsAction::Edit(AppsSettings {
            present: "1".into(),
            ..AppsSettings::default()
        }));
        let c = all_present.kv().counts;
        assert_eq!((c.skipped, c.wasted, c.found), (0, 0, c.lookups));
    }

    #[test]
    fn the_blacklist_blocks_its_spam_and_the_whitelist_delivers_known_false_positives() {
        let state = AppsState::default();
        let mail = state.mail();
        assert_eq!(mail.counts.blocked_spam, mail.counts.spam);
        assert_eq!(mail.whitelist.len() as u64, mail.counts.wrongly_blocked);
        let listed = mail.whitelist[0].clone();
        let checked = |address: &str| {
            AppsState::default()
                .apply(AppsAction::Edit(AppsSettings {
                    check: address.into(),
                    ..AppsSettings::default()
                }))
                .mail()
                .checked
                .clone()
                .map(|(_, v)| v)
        };
        assert_eq!(checked(&listed), Some(Verdict::DeliveredWhitelisted));
        assert_eq!(
            checked("spam0001@bad.example"),
            Some(Verdict::BlockedBlacklisted)
        );
    }
}
