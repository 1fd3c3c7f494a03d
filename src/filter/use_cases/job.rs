//! The use cases' simulations as a job of the page's workers: what they run ([`AppsJob`],
//! the view's last valid settings), what they report ([`AppsReport`]), and [`run_apps`],
//! which runs both whole.

use super::{
    BlacklistPlan, KvCounts, KvPlan, KvPrediction, KvRun, MailCounts, MailServer, Verdict,
};
use crate::filter::{FilterShape, HashFamily};

/// Keys in the store.
pub const KEYS: u64 = 1000;
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

/// What the store measured and what the formula predicts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KvReport {
    /// The counts.
    pub counts: KvCounts,
    /// The formula's numbers for the lookups drawn.
    pub prediction: KvPrediction,
}

/// What the blacklist did with the mail stream.
#[derive(Debug, Clone, PartialEq)]
pub struct MailReport {
    /// The counts.
    pub counts: MailCounts,
    /// The exact false-positive rate of its filter.
    pub fp_rate: f64,
    /// Innocent senders whitelisted after one wrongly blocked mail, in that order.
    pub whitelist: Vec<String>,
    /// The checked address's verdict, with the whitelist as it ends (none when no address
    /// is checked).
    pub verdict: Option<Verdict>,
}

/// Both simulations' report.
#[derive(Debug, Clone, PartialEq)]
pub struct AppsReport {
    /// The family both simulations hashed with (the store's filter's).
    pub family: HashFamily,
    /// The store's.
    pub kv: KvReport,
    /// The blacklist's.
    pub mail: MailReport,
}

/// What the simulations run: the last valid settings.
#[derive(Debug, Clone, PartialEq)]
pub struct AppsJob {
    /// The store's filter.
    pub store: FilterShape,
    /// The share of lookups for a stored key.
    pub share: f64,
    /// Lookups made.
    pub lookups: u64,
    /// The blacklist's filter (k is [`SPAM_K`], the family the store's).
    pub spam: FilterShape,
    /// The address checked against the blacklist (empty for none).
    pub check: String,
}

/// The store: [`KEYS`] keys, then the job's lookups, of which its share are for a stored
/// key. `None` for numbers a store cannot run.
fn run_store(job: &AppsJob) -> Option<KvReport> {
    let plan = KvPlan::new(job.store, KEYS, job.lookups, job.share, SEED).ok()?;
    let mut run = KvRun::new(plan);
    run.run_to_end();
    Some(KvReport {
        counts: run.counts(),
        prediction: run.prediction(),
    })
}

/// The mail stream through the blacklist, then the checked address's verdict.
fn run_mail(job: &AppsJob) -> Option<MailReport> {
    let plan = BlacklistPlan::new(job.spam, SPAM_ADDRESSES, INNOCENT_ADDRESSES, MESSAGES, SEED);
    let mut server = MailServer::new(plan.ok()?);
    server.run_to_end();
    Some(MailReport {
        counts: server.counts(),
        fp_rate: server.plan().fp_rate(),
        whitelist: server.whitelist().to_vec(),
        verdict: (!job.check.is_empty()).then(|| server.check(&job.check)),
    })
}

/// Runs both simulations of `job` to their end; `None` for numbers they cannot run.
pub fn run_apps(job: &AppsJob) -> Option<AppsReport> {
    Some(AppsReport {
        family: job.store.family(),
        kv: run_store(job)?,
        mail: run_mail(job)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::{math, HashFamily};

    /// The view's default job, with the store's `lookups` and present `share`, hashed by
    /// `family`, checking `check`.
    fn job(family: HashFamily, lookups: u64, share: f64, check: &str) -> AppsJob {
        AppsJob {
            store: FilterShape::new(8000, 6, family).unwrap(),
            share,
            lookups,
            spam: FilterShape::new(1200, SPAM_K, family).unwrap(),
            check: check.into(),
        }
    }

    fn default_job() -> AppsJob {
        job(HashFamily::Murmur3, 10_000, 0.5, "")
    }

    #[test]
    fn the_store_counts_add_up_and_the_prediction_is_the_exact_formula() {
        let kv = run_apps(&default_job()).unwrap().kv;
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
        let all_present = run_apps(&job(HashFamily::Murmur3, 10_000, 1.0, "")).unwrap();
        let c = all_present.kv.counts;
        assert_eq!((c.skipped, c.wasted, c.found), (0, 0, c.lookups));
    }

    #[test]
    fn the_run_follows_the_family_and_the_lookups() {
        let fnv_job = job(HashFamily::Fnv1a, 10_000, 0.5, "");
        let fnv = run_apps(&fnv_job).unwrap();
        assert_ne!(fnv, run_apps(&default_job()).unwrap());
        let plan = KvPlan::new(fnv_job.store, KEYS, 10_000, 0.5, SEED).unwrap();
        let mut run = KvRun::new(plan);
        run.run_to_end();
        assert_eq!(fnv.kv.counts, run.counts());
        assert_eq!(fnv.kv.prediction, run.prediction());
        let fewer = run_apps(&job(HashFamily::Murmur3, 2000, 0.5, "")).unwrap();
        assert_eq!(fewer.kv.counts.lookups, 2000);
        // Numbers the store cannot run give no report.
        assert_eq!(run_apps(&job(HashFamily::Murmur3, 10_000, 1.5, "")), None);
    }

    #[test]
    fn the_blacklist_blocks_its_spam_and_the_whitelist_delivers_known_false_positives() {
        let mail = run_apps(&default_job()).unwrap().mail;
        assert_eq!(mail.counts.blocked_spam, mail.counts.spam);
        assert_eq!(mail.whitelist.len() as u64, mail.counts.wrongly_blocked);
        assert_eq!(mail.verdict, None);
        let plan = BlacklistPlan::new(
            FilterShape::new(1200, SPAM_K, HashFamily::Murmur3).unwrap(),
            SPAM_ADDRESSES,
            INNOCENT_ADDRESSES,
            MESSAGES,
            SEED,
        );
        let mut server = MailServer::new(plan.unwrap());
        server.run_to_end();
        assert_eq!(mail.whitelist, server.whitelist());
        let checked = |address: &str| {
            let report = run_apps(&job(HashFamily::Murmur3, 10_000, 0.5, address));
            report.unwrap().mail.verdict
        };
        assert_eq!(
            checked(&mail.whitelist[0]),
            Some(Verdict::DeliveredWhitelisted)
        );
        assert_eq!(
            checked("spam0001@bad.example"),
            Some(Verdict::BlockedBlacklisted)
        );
    }
}
