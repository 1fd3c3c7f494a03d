//! The use cases' simulations as a job of the page's workers (see [`super::tasks`] for the
//! other jobs): one request per generation of the view's job, the checked address beside it
//! as text, answered by one list of numbers, the report:
//!
//! ```text
//! 4, generation, family, store m, store k, share, lookups, blacklist m
//!                                                          the request
//! 4, generation, lookups, present, skipped, wasted, found, the formula's rate, found,
//!    wasted, skipped, messages, spam, blocked spam, wrongly blocked, rescued, passed,
//!    the blacklist's rate, verdict (0 to 3 in the order of [`Verdict`], 4 for none),
//!    family, then the whitelisted innocent senders' numbers   the answer
//! ```

use crate::filter::lab_tasks::family_number;
use crate::filter::use_cases::{
    address, generated_index, BlacklistPlan, KvCounts, KvPlan, KvPrediction, KvRun, MailCounts,
    MailServer, Sender, Verdict,
};
use crate::filter::FilterShape;

use super::apps_view::{
    AppsJob, AppsReport, KvReport, MailReport, INNOCENT_ADDRESSES, KEYS, MESSAGES, SEED,
    SPAM_ADDRESSES, SPAM_K,
};
use super::tasks::Reader;

/// The kind of a use-case message.
pub const APPS: f64 = 4.0;

/// The verdicts in the order of their numbers.
const VERDICTS: [Verdict; 4] = [
    Verdict::BlockedBlacklisted,
    Verdict::BlockedFalsePositive,
    Verdict::DeliveredWhitelisted,
    Verdict::DeliveredNotInFilter,
];

/// The request for `job` (its checked address goes beside it as text).
pub fn apps_request(generation: u64, job: &AppsJob) -> Vec<f64> {
    vec![
        APPS,
        generation as f64,
        family_number(job.store.family()) as f64,
        job.store.m() as f64,
        f64::from(job.store.k()),
        job.share,
        job.lookups as f64,
        job.spam.m() as f64,
    ]
}

fn read_apps_request(request: &[f64], check: &str) -> Option<(u64, AppsJob)> {
    let mut read = Reader { values: request };
    if read.real()? != APPS {
        return None;
    }
    let generation = read.whole()?;
    let family = read.family()?;
    let (m, k) = (read.whole()?, u32::try_from(read.whole()?).ok()?);
    let job = AppsJob {
        store: FilterShape::new(m, k, family).ok()?,
        share: read.real()?,
        lookups: read.whole()?,
        spam: FilterShape::new(read.whole()?, SPAM_K, family).ok()?,
        check: check.to_owned(),
    };
    Some((generation, job))
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

/// Runs both simulations of the request, with `check` the address to check; the answer,
/// or `None` for a request that describes no valid job.
pub fn run_apps(request: &[f64], check: &str) -> Option<Vec<f64>> {
    let (generation, job) = read_apps_request(request, check)?;
    let (kv, mail) = (run_store(&job)?, run_mail(&job)?);
    let (c, p, m) = (kv.counts, kv.prediction, mail.counts);
    let verdict = VERDICTS.iter().position(|v| Some(*v) == mail.verdict);
    let mut out = vec![
        APPS,
        generation as f64,
        c.lookups as f64,
        c.present as f64,
        c.skipped as f64,
        c.wasted as f64,
        c.found as f64,
        p.fp_rate,
        p.found,
        p.wasted,
        p.skipped,
        m.messages as f64,
        m.spam as f64,
        m.blocked_spam as f64,
        m.wrongly_blocked as f64,
        m.rescued as f64,
        m.not_in_filter as f64,
        mail.fp_rate,
        verdict.unwrap_or(VERDICTS.len()) as f64,
        family_number(job.store.family()) as f64,
    ];
    // Only innocent senders of the stream are whitelisted.
    for listed in &mail.whitelist {
        out.push(generated_index(listed, Sender::Innocent, INNOCENT_ADDRESSES)? as f64);
    }
    Some(out)
}

/// The generation and report an answer carries, or `None` when it is malformed.
pub fn read_apps_answer(answer: &[f64]) -> Option<(u64, AppsReport)> {
    let mut read = Reader { values: answer };
    if read.real()? != APPS {
        return None;
    }
    let generation = read.whole()?;
    let counts = KvCounts {
        lookups: read.whole()?,
        present: read.whole()?,
        skipped: read.whole()?,
        wasted: read.whole()?,
        found: read.whole()?,
    };
    let prediction = KvPrediction {
        fp_rate: read.real()?,
        found: read.real()?,
        wasted: read.real()?,
        skipped: read.real()?,
    };
    let mail_counts = MailCounts {
        messages: read.whole()?,
        spam: read.whole()?,
        blocked_spam: read.whole()?,
        wrongly_blocked: read.whole()?,
        rescued: read.whole()?,
        not_in_filter: read.whole()?,
    };
    let fp_rate = read.real()?;
    let number = read.whole()? as usize;
    let verdict = if number == VERDICTS.len() {
        None
    } else {
        Some(*VERDICTS.get(number)?)
    };
    let family = read.family()?;
    let mut whitelist = Vec::new();
    while !read.values.is_empty() {
        whitelist.push(address(Sender::Innocent, read.whole()?));
    }
    let report = AppsReport {
        family,
        kv: KvReport { counts, prediction },
        mail: MailReport {
            counts: mail_counts,
            fp_rate,
            whitelist,
            verdict,
        },
    };
    Some((generation, report))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::math;
    use crate::filter::HashFamily;
    use crate::state::apps_view::{AppsAction, AppsSettings, AppsState};

    /// The report of `state`'s job, through the request and answer the workers exchange.
    fn report(state: &AppsState) -> AppsReport {
        report_with(state, HashFamily::Murmur3)
    }

    /// The report of `state`'s job with `family`.
    fn report_with(state: &AppsState, family: HashFamily) -> AppsReport {
        let (job, generation) = (state.job(family), state.generation());
        let answer = run_apps(&apps_request(generation, &job), &job.check).unwrap();
        let (read_generation, report) = read_apps_answer(&answer).unwrap();
        assert_eq!(read_generation, generation);
        report
    }

    fn edited(settings: AppsSettings) -> AppsState {
        AppsState::default().apply(AppsAction::Edit(settings))
    }

    #[test]
    fn the_store_counts_add_up_and_the_prediction_is_the_exact_formula() {
        let kv = report(&AppsState::default()).kv;
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
        let all_present = report(&edited(AppsSettings {
            present: "1".into(),
            ..AppsSettings::default()
        }));
        let c = all_present.kv.counts;
        assert_eq!((c.skipped, c.wasted, c.found), (0, 0, c.lookups));
    }

    #[test]
    fn the_report_travels_whole_and_the_run_follows_the_family_and_the_lookups() {
        let state = AppsState::default();
        let job = state.job(HashFamily::Fnv1a);
        assert_eq!(job.store.family(), HashFamily::Fnv1a);
        let fnv = report_with(&state, HashFamily::Fnv1a);
        assert_eq!(fnv.family, HashFamily::Fnv1a);
        assert_ne!(fnv, report(&AppsState::default()));
        let plan = KvPlan::new(job.store, KEYS, job.lookups, job.share, SEED).unwrap();
        let mut run = KvRun::new(plan);
        run.run_to_end();
        assert_eq!(fnv.kv.counts, run.counts());
        assert_eq!(fnv.kv.prediction, run.prediction());
        let fewer = edited(AppsSettings {
            lookups: "2000".into(),
            ..AppsSettings::default()
        });
        assert_eq!(report(&fewer).kv.counts.lookups, 2000);
        // A malformed request or answer is refused.
        assert_eq!(run_apps(&[APPS, 1.0, 0.0, 8000.0], ""), None);
        let mut answer = run_apps(&apps_request(1, &job), "").unwrap();
        answer[18] = 5.0;
        assert_eq!(read_apps_answer(&answer), None);
    }

    #[test]
    fn the_blacklist_blocks_its_spam_and_the_whitelist_delivers_known_false_positives() {
        let mail = report(&AppsState::default()).mail;
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
            report(&edited(AppsSettings {
                check: address.into(),
                ..AppsSettings::default()
            }))
            .mail
            .verdict
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
