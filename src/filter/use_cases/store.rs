//! The key-value store: a filter of all its stored keys, asked before every lookup so that
//! a key it rules out costs no disk read (see the [module docs](super) for the draws and
//! the formula).

use super::{draw, scale, Quantity, UseCaseError};
use crate::filter::bloom::BloomFilter;
use crate::filter::experiment::{splitmix64, ItemKind, ItemSource, ITEM_LEN};
use crate::filter::math;
use crate::filter::params::FilterShape;

/// Mixed into the seed for the key-value store's lookup draws.
const LOOKUP_SALT: u64 = 0x6b65_795f_7661_6c75;

/// `t = round(share·2^32)` for a share in `0..=1`: a draw `r >> 32 < t` happens with
/// probability exactly `t / 2^32`.
fn share_threshold(share: f64) -> Result<u64, UseCaseError> {
    if !(0.0..=1.0).contains(&share) {
        return Err(UseCaseError::ShareOutOfRange { requested: share });
    }
    Ok((share * 4_294_967_296.0).round() as u64)
}

/// What a key-value run does: a filter shape, the stored keys, the lookups, the share of
/// them that ask for a stored key, and the seed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KvPlan {
    shape: FilterShape,
    keys: u64,
    lookups: u64,
    threshold: u64,
    seed: u64,
}

impl KvPlan {
    /// A plan, validated: the shape as [`FilterShape::new`], `1 <= keys <= MAX_KEYS`,
    /// `1 <= lookups <= MAX_LOOKUPS`, `0 <= present_share <= 1`.
    pub fn new(
        shape: FilterShape,
        keys: u64,
        lookups: u64,
        present_share: f64,
        seed: u64,
    ) -> Result<Self, UseCaseError> {
        Ok(KvPlan {
            shape,
            keys: Quantity::Keys.check(keys)?,
            lookups: Quantity::Lookups.check(lookups)?,
            threshold: share_threshold(present_share)?,
            seed,
        })
    }

    /// The filter shape.
    pub fn shape(&self) -> FilterShape {
        self.shape
    }

    /// Stored keys, all in the filter.
    pub fn keys(&self) -> u64 {
        self.keys
    }

    /// Lookups in the run.
    pub fn lookups(&self) -> u64 {
        self.lookups
    }

    /// The chance that a lookup asks for a stored key, `t / 2^32` (the share asked for,
    /// rounded to a multiple of 2^-32).
    pub fn present_share(&self) -> f64 {
        self.threshold as f64 / 4_294_967_296.0
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The exact false-positive rate of the full filter,
    /// `p = (1 − (1 − 1/m)^{k·keys})^k` ([`math::fpr_exact`]).
    pub fn fp_rate(&self) -> f64 {
        math::fpr_exact(
            self.shape.m() as f64,
            self.keys as f64,
            self.shape.k() as f64,
        )
    }

    /// The prediction for the whole run before it starts: `lookups·share` present and
    /// `lookups·(1 − share)` absent lookups.
    pub fn prediction(&self) -> KvPrediction {
        let present = self.lookups as f64 * self.present_share();
        KvPrediction::new(present, self.lookups as f64 - present, self.fp_rate())
    }

    /// Inserts plus lookups in the whole run.
    pub fn total_operations(&self) -> u64 {
        self.keys + self.lookups
    }
}

/// What happened to one lookup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookupOutcome {
    /// The filter said "definitely not stored": no disk read.
    Skipped,
    /// The filter said "maybe" and the key was stored: the disk read found it.
    Found,
    /// The filter said "maybe" but the key was never stored: a wasted disk read.
    Wasted,
}

/// One lookup, for display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lookup {
    /// The lookup's number i, from 0.
    pub index: u64,
    /// The key asked for.
    pub key: String,
    /// Whether the key is stored.
    pub present: bool,
    /// What the filter made of it.
    pub outcome: LookupOutcome,
}

/// The counts of a key-value run so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct KvCounts {
    /// Lookups done.
    pub lookups: u64,
    /// Of those, lookups of a stored key.
    pub present: u64,
    /// Lookups the filter answered "definitely not": no disk read.
    pub skipped: u64,
    /// Disk reads for a key never stored (the filter's false positives).
    pub wasted: u64,
    /// Disk reads that found their key.
    pub found: u64,
}

impl KvCounts {
    /// Lookups of a key never stored, `lookups − present`.
    pub fn absent(&self) -> u64 {
        self.lookups - self.present
    }

    /// The measured false-positive rate, `wasted / absent` (0 before any absent lookup).
    pub fn measured_fp_rate(&self) -> f64 {
        self.wasted as f64 / self.absent().max(1) as f64
    }

    /// The 95 % Wilson interval of [`KvCounts::measured_fp_rate`].
    pub fn measured_interval(&self) -> (f64, f64) {
        math::wilson_interval(self.wasted, self.absent())
    }

    /// Disk reads made, `found + wasted` (without a filter every lookup reads).
    pub fn disk_reads(&self) -> u64 {
        self.found + self.wasted
    }

    /// The time these lookups take with and without the filter, when a disk read takes
    /// `disk_ms` milliseconds and a filter check `filter_us` microseconds:
    /// with = `lookups·filter_us + reads·disk_ms·1000`, without = `lookups·disk_ms·1000`.
    pub fn disk_time(&self, disk_ms: u64, filter_us: u64) -> DiskTime {
        let read_us = disk_ms.saturating_mul(1000);
        DiskTime {
            with_filter_us: self
                .lookups
                .saturating_mul(filter_us)
                .saturating_add(self.disk_reads().saturating_mul(read_us)),
            without_filter_us: self.lookups.saturating_mul(read_us),
        }
    }

    fn record(&mut self, present: bool, outcome: LookupOutcome) {
        self.lookups += 1;
        self.present += present as u64;
        match outcome {
            LookupOutcome::Skipped => self.skipped += 1,
            LookupOutcome::Found => self.found += 1,
            LookupOutcome::Wasted => self.wasted += 1,
        }
    }
}

/// Total lookup time with and without the filter, in microseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiskTime {
    /// Every lookup checks the filter; only `found + wasted` read the disk.
    pub with_filter_us: u64,
    /// Every lookup reads the disk.
    pub without_filter_us: u64,
}

impl DiskTime {
    /// `without − with`, or 0 when the filter costs more than it saves.
    pub fn saved_us(&self) -> u64 {
        self.without_filter_us.saturating_sub(self.with_filter_us)
    }
}

/// What the formula predicts for given numbers of present and absent lookups.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KvPrediction {
    /// The exact false-positive rate p of the filter.
    pub fp_rate: f64,
    /// Found: every present lookup, exactly.
    pub found: f64,
    /// Wasted reads, `absent·p`.
    pub wasted: f64,
    /// Skipped reads, `absent·(1 − p)`.
    pub skipped: f64,
}

impl KvPrediction {
    fn new(present: f64, absent: f64, fp_rate: f64) -> Self {
        KvPrediction {
            fp_rate,
            found: present,
            wasted: absent * fp_rate,
            skipped: absent * (1.0 - fp_rate),
        }
    }
}

/// A running key-value simulation: call [`KvRun::run_slice`] until it reports done. The
/// keys are inserted first, then the lookups are made in order.
#[derive(Debug, Clone)]
pub struct KvRun {
    plan: KvPlan,
    source: ItemSource,
    stream: u64,
    filter: BloomFilter,
    inserted: u64,
    counts: KvCounts,
}

impl KvRun {
    /// A fresh run of `plan`: an empty filter, nothing looked up.
    pub fn new(plan: KvPlan) -> Self {
        KvRun {
            source: ItemSource::new(plan.seed),
            stream: splitmix64(plan.seed ^ LOOKUP_SALT),
            filter: BloomFilter::new(plan.shape),
            inserted: 0,
            counts: KvCounts::default(),
            plan,
        }
    }

    /// The plan being run.
    pub fn plan(&self) -> &KvPlan {
        &self.plan
    }

    /// The filter (complete once [`KvRun::keys_loaded`]).
    pub fn filter(&self) -> &BloomFilter {
        &self.filter
    }

    /// The counts so far.
    pub fn counts(&self) -> KvCounts {
        self.counts
    }

    /// The formula's prediction for the lookups done so far (their actual numbers of
    /// present and absent lookups).
    pub fn prediction(&self) -> KvPrediction {
        KvPrediction::new(
            self.counts.present as f64,
            self.counts.absent() as f64,
            self.plan.fp_rate(),
        )
    }

    /// True when every key is in the filter.
    pub fn keys_loaded(&self) -> bool {
        self.inserted == self.plan.keys
    }

    /// True when every lookup is done.
    pub fn is_done(&self) -> bool {
        self.counts.lookups == self.plan.lookups
    }

    /// Inserts plus lookups done so far.
    pub fn operations_done(&self) -> u64 {
        self.inserted + self.counts.lookups
    }

    /// Fraction of the run done, 0 to 1.
    pub fn progress(&self) -> f64 {
        self.operations_done() as f64 / self.plan.total_operations() as f64
    }

    /// Stored key `index` (`0..keys`).
    pub fn stored_key(&self, index: u64) -> String {
        self.source.item(ItemKind::Member, index)
    }

    /// Lookup i as it goes (the same whenever asked), or None when `i >= lookups` or the
    /// keys are not all loaded yet.
    pub fn lookup(&self, index: u64) -> Option<Lookup> {
        if index >= self.plan.lookups || !self.keys_loaded() {
            return None;
        }
        let mut buf = [0u8; ITEM_LEN];
        let (present, outcome) = self.classify(index, &mut buf);
        Some(Lookup {
            index,
            key: String::from_utf8_lossy(&buf).into_owned(),
            present,
            outcome,
        })
    }

    /// Performs at most `budget` inserts or lookups; returns true when the run is done.
    pub fn run_slice(&mut self, budget: u64) -> bool {
        let mut buf = [0u8; ITEM_LEN];
        let end = self.plan.keys.min(self.inserted.saturating_add(budget));
        for index in self.inserted..end {
            self.filter
                .insert(self.source.write(ItemKind::Member, index, &mut buf));
        }
        let left = budget - (end - self.inserted);
        self.inserted = end;
        let start = self.counts.lookups;
        let end = self.plan.lookups.min(start.saturating_add(left));
        for index in start..end {
            let (present, outcome) = self.classify(index, &mut buf);
            self.counts.record(present, outcome);
        }
        self.is_done()
    }

    /// Runs the rest at once.
    pub fn run_to_end(&mut self) {
        while !self.run_slice(1 << 16) {}
    }

    /// Whether lookup i asks for a stored key, and what the filter makes of it; the key is
    /// left in `buf`.
    fn classify(&self, index: u64, buf: &mut [u8; ITEM_LEN]) -> (bool, LookupOutcome) {
        let r = draw(self.stream, index);
        let present = r >> 32 < self.plan.threshold;
        let key = if present {
            self.source
                .write(ItemKind::Member, scale(r, self.plan.keys), buf)
        } else {
            self.source.write(ItemKind::NonMember, index, buf)
        };
        let outcome = match (self.filter.contains(key), present) {
            (false, _) => LookupOutcome::Skipped,
            (true, true) => LookupOutcome::Found,
            (true, false) => LookupOutcome::Wasted,
        };
        (present, outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::use_cases::{MAX_KEYS, MAX_LOOKUPS};
    use crate::filter::{HashFamily, ParamError};

    fn shape(m: u64, k: u32, family: HashFamily) -> FilterShape {
        FilterShape::new(m, k, family).unwrap()
    }

    fn kv_run(plan: KvPlan) -> KvRun {
        let mut run = KvRun::new(plan);
        run.run_to_end();
        run
    }

    #[test]
    fn kv_counts_add_up_and_every_present_lookup_is_found() {
        for family in HashFamily::ALL {
            let plan = KvPlan::new(shape(2_000, 3, family), 300, 5_000, 0.3, 9).unwrap();
            let c = kv_run(plan).counts();
            assert_eq!(c.lookups, 5_000);
            assert_eq!(c.skipped + c.wasted + c.found, c.lookups);
            assert_eq!(c.found, c.present);
            assert!(c.wasted > 0 && c.skipped > 0 && c.found > 0, "{c:?}");
        }
    }

    /// The standard deviation of the number of wasted reads among `absent` lookups of one
    /// filter: the binomial part `A·p(1 − p)` plus the filter's own luck. The fraction of
    /// bits set, f, varies from filter to filter: with `q1 = (1 − 1/m)^{kn}` and
    /// `q2 = (1 − 2/m)^{kn}` the number of zero bits has variance
    /// `m·q1 + m(m − 1)·q2 − m²·q1²`, and the rate `≈ f^k` moves by `k·f^{k−1}` times f's
    /// deviation. With many lookups this second part is the larger.
    fn wasted_sigma(m: u64, k: u32, keys: u64, absent: f64) -> f64 {
        let (mf, kf, throws) = (m as f64, k as f64, (u64::from(k) * keys) as f64);
        let q1 = (1.0 - 1.0 / mf).powf(throws);
        let q2 = (1.0 - 2.0 / mf).powf(throws);
        let fill_sd = (mf * q1 + mf * (mf - 1.0) * q2 - mf * mf * q1 * q1).sqrt() / mf;
        let rate_sd = kf * (1.0 - q1).powf(kf - 1.0) * fill_sd;
        let p = math::fpr_exact(mf, keys as f64, kf);
        (absent * p * (1.0 - p) + (absent * rate_sd).powi(2)).sqrt()
    }

    #[test]
    fn wasted_reads_match_the_exact_rate_within_five_sigmas() {
        let cases = [
            (10_000, 4, 1_000, 1),
            (10_007, 7, 1_000, 2),
            (4_096, 3, 800, 3),
        ];
        // The formula assumes well-mixed hashes: the two general-purpose families, named
        // (a deliberately weak family would be far off, and is no fault of the store).
        for family in [HashFamily::Fnv1a, HashFamily::Murmur3] {
            for (m, k, keys, seed) in cases {
                let plan = KvPlan::new(shape(m, k, family), keys, 100_000, 0.25, seed).unwrap();
                let run = kv_run(plan);
                let c = run.counts();
                let absent = c.absent() as f64;
                let predicted = run.prediction();
                assert_eq!(predicted.fp_rate, plan.fp_rate());
                assert_eq!(predicted.wasted, absent * plan.fp_rate());
                assert_eq!(predicted.skipped, absent * (1.0 - plan.fp_rate()));
                assert_eq!(predicted.found, c.found as f64);
                let sigma = wasted_sigma(m, k, keys, absent);
                let deviation = (c.wasted as f64 - predicted.wasted) / sigma;
                assert!(
                    deviation.abs() <= 5.0,
                    "{family:?} m={m} k={k}: wasted {} predicted {} ({deviation} sigma)",
                    c.wasted,
                    predicted.wasted
                );
                // About a quarter of the lookups ask for a stored key.
                assert!((c.present as f64 / 100_000.0 - 0.25).abs() < 0.01);
                let (low, high) = c.measured_interval();
                assert!(low <= c.measured_fp_rate() && c.measured_fp_rate() <= high);
            }
        }
    }

    #[test]
    fn kv_runs_are_deterministic_and_seeds_differ() {
        let plan = KvPlan::new(shape(1_000, 3, HashFamily::Fnv1a), 150, 3_000, 0.5, 7).unwrap();
        assert_eq!(kv_run(plan).counts(), kv_run(plan).counts());
        assert_eq!(kv_run(plan).lookup(17), kv_run(plan).lookup(17));
        let other = KvPlan::new(plan.shape(), 150, 3_000, 0.5, 8).unwrap();
        assert_ne!(kv_run(plan).counts(), kv_run(other).counts());
    }

    #[test]
    fn kv_slices_of_any_size_give_the_same_counts() {
        let plan = KvPlan::new(shape(3_000, 4, HashFamily::Murmur3), 400, 2_500, 0.6, 3).unwrap();
        let whole = kv_run(plan).counts();
        for budget in [1, 37, 400, 401, 10_000] {
            let mut run = KvRun::new(plan);
            let mut slices = 1;
            while !run.run_slice(budget) {
                assert!(run.progress() < 1.0);
                slices += 1;
            }
            assert_eq!(run.counts(), whole, "budget {budget}");
            assert_eq!(slices, plan.total_operations().div_ceil(budget));
            assert_eq!(run.progress(), 1.0);
        }
        assert!(KvRun::new(plan).run_slice(u64::MAX));
    }

    #[test]
    fn single_lookups_agree_with_the_counts() {
        let plan = KvPlan::new(shape(500, 2, HashFamily::Fnv1a), 100, 400, 0.5, 11).unwrap();
        let mut run = KvRun::new(plan);
        assert_eq!(run.lookup(0), None, "keys not loaded yet");
        run.run_slice(100);
        assert!(run.keys_loaded() && run.counts().lookups == 0);
        let mut counts = KvCounts::default();
        for i in 0..400 {
            let lookup = run.lookup(i).unwrap();
            assert_eq!(lookup.key.len(), ITEM_LEN);
            if lookup.present {
                assert!((0..100).any(|j| run.stored_key(j) == lookup.key));
            }
            counts.record(lookup.present, lookup.outcome);
        }
        assert_eq!(run.lookup(400), None);
        run.run_to_end();
        assert_eq!(run.counts(), counts);
    }

    #[test]
    fn shares_of_zero_and_one_give_only_absent_or_only_present_lookups() {
        let s = shape(1_000, 3, HashFamily::Murmur3);
        let none = kv_run(KvPlan::new(s, 100, 1_000, 0.0, 1).unwrap()).counts();
        assert_eq!((none.present, none.found), (0, 0));
        let all = kv_run(KvPlan::new(s, 100, 1_000, 1.0, 1).unwrap()).counts();
        assert_eq!(
            (all.present, all.found, all.skipped, all.wasted),
            (1_000, 1_000, 0, 0)
        );
    }

    #[test]
    fn the_disk_time_counts_reads_and_filter_checks() {
        let counts = KvCounts {
            lookups: 1_000,
            present: 500,
            skipped: 480,
            wasted: 20,
            found: 500,
        };
        let time = counts.disk_time(10, 2);
        assert_eq!(time.with_filter_us, 1_000 * 2 + 520 * 10_000);
        assert_eq!(time.without_filter_us, 10_000_000);
        assert_eq!(time.saved_us(), 10_000_000 - 5_202_000);
        assert_eq!(counts.disk_time(0, 1).saved_us(), 0);
        assert_eq!(
            counts.disk_time(u64::MAX, 1).with_filter_us,
            u64::MAX,
            "saturates"
        );
    }

    #[test]
    fn kv_parameters_are_validated() {
        let s = shape(100, 2, HashFamily::Fnv1a);
        assert_eq!(
            KvPlan::new(s, 0, 10, 0.5, 1),
            Err(UseCaseError::Zero(Quantity::Keys))
        );
        assert_eq!(
            KvPlan::new(s, MAX_KEYS + 1, 10, 0.5, 1),
            Err(UseCaseError::TooMany {
                quantity: Quantity::Keys,
                requested: MAX_KEYS + 1,
                max: MAX_KEYS
            })
        );
        assert_eq!(
            KvPlan::new(s, 10, 0, 0.5, 1),
            Err(UseCaseError::Zero(Quantity::Lookups))
        );
        assert!(matches!(
            KvPlan::new(s, 10, MAX_LOOKUPS + 1, 0.5, 1),
            Err(UseCaseError::TooMany {
                quantity: Quantity::Lookups,
                ..
            })
        ));
        for share in [-0.1, 1.01, f64::NAN, f64::INFINITY] {
            assert!(matches!(
                KvPlan::new(s, 10, 10, share, 1),
                Err(UseCaseError::ShareOutOfRange { .. })
            ));
        }
        assert!(KvPlan::new(s, MAX_KEYS, MAX_LOOKUPS, 1.0, 1).is_ok());
        assert_eq!(
            FilterShape::new(0, 3, HashFamily::Fnv1a).map_err(UseCaseError::from),
            Err(UseCaseError::Filter(ParamError::ZeroBits))
        );
    }
}

// Property tests use proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use crate::filter::HashFamily;
    use proptest::prelude::*;

    fn family() -> impl Strategy<Value = HashFamily> {
        prop_oneof![Just(HashFamily::Fnv1a), Just(HashFamily::Murmur3)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn kv_counts_always_add_up_and_no_present_key_is_skipped(
            m in 1u64..4_000,
            k in 1u32..10,
            keys in 1u64..400,
            lookups in 1u64..1_500,
            share in 0.0f64..=1.0,
            seed in any::<u64>(),
            family in family(),
            budget in 1u64..700,
        ) {
            let shape = FilterShape::new(m, k, family).unwrap();
            let plan = KvPlan::new(shape, keys, lookups, share, seed).unwrap();
            let mut run = KvRun::new(plan);
            while !run.run_slice(budget) {}
            let c = run.counts();
            prop_assert_eq!(c.lookups, lookups);
            prop_assert_eq!(c.skipped + c.wasted + c.found, c.lookups);
            prop_assert_eq!(c.found, c.present);
            prop_assert!(c.disk_reads() <= c.lookups);
        }
    }
}
