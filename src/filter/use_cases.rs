//! Two uses of a Bloom filter, simulated: a key-value store that asks its filter before
//! reading a slow disk, and a mail server that keeps a spam blacklist in a small filter
//! and a whitelist of the innocent senders the filter wrongly flags.
//!
//! Both are deterministic: the same plan gives the same items, the same filter and the
//! same counts on every machine (all draws are [`splitmix64`] in `u64`), and both run in
//! slices ([`KvRun::run_slice`], [`MailServer::run_slice`]) so a page can show them without
//! freezing.
//!
//! # The key-value store
//!
//! The store holds `keys` stored keys, the member items `0..keys` of an [`ItemSource`];
//! all of them are inserted into a filter of m bits and k hashes. Then `lookups` lookups
//! arrive. Lookup i draws `r = splitmix64(s + i·γ)` (s mixed from the seed, γ the
//! [`GOLDEN_GAMMA`]):
//!
//! - it is *present* when `r >> 32 < t`, with `t = round(share·2^32)`, so with
//!   probability `t / 2^32` (the present share, exactly 0 and 1 at the ends); it then asks
//!   for stored key `((r mod 2^32)·keys) >> 32`;
//! - otherwise it is *absent* and asks for non-member item i, a key never stored (distinct
//!   for every lookup, so each absent lookup is a fresh trial of the filter).
//!
//! ```text
//! lookup ─ filter: "definitely not" ─────────────► skipped: no disk read
//!        └ filter: "maybe" ─ key stored ─────────► found: a useful read
//!                           └ key never stored ──► wasted: a read for nothing (false positive)
//! ```
//!
//! A filter has no false negatives, so a present key is never skipped and
//! `skipped + wasted + found = lookups`. With `A` absent lookups and the exact rate
//! `p = (1 − (1 − 1/m)^{k·keys})^k` ([`math::fpr_exact`]) the formula predicts
//! `E[wasted] = A·p`, `E[skipped] = A·(1 − p)` and `found = lookups − A`.
//!
//! # The spam blacklist
//!
//! The blacklist is `spam` addresses `spam0000@bad.example`, `spam0001@bad.example`, …
//! (at least four digits), all inserted into a small filter. Mail comes from a pool of
//! those spam addresses plus `innocent` addresses `user0000@mail.example`, …; message i
//! comes from pool member `((r >> 32)·(spam + innocent)) >> 32` with
//! `r = splitmix64(s + i·γ)`, the first `spam` pool members being the spam addresses. So
//! senders repeat, and about `spam / (spam + innocent)` of the mail is spam.
//!
//! The server blocks a sender when the filter says "maybe on the blacklist" and the sender
//! is not on the whitelist. The whitelist holds the known false positives: the first time
//! an innocent sender is blocked, the block is reported and the address is whitelisted, so
//! its later mail is delivered. Each verdict carries its reason ([`Verdict`]):
//!
//! ```text
//! sender ─ filter: "definitely not" ────────────► DeliveredNotInFilter
//!        └ filter: "maybe" ─ on the blacklist ──► BlockedBlacklisted
//!                           ├ on the whitelist ─► DeliveredWhitelisted
//!                           └ neither ──────────► BlockedFalsePositive (then reported and whitelisted)
//! ```
//!
//! The server itself knows only the filter and the whitelist; "on the blacklist" is the
//! truth the simulation knows, and tells a right block from a wrong one. An innocent
//! address is flagged with probability `p = fpr_exact(m, spam, k)`, so about
//! `innocent·p` of them are false positives waiting to be discovered.

use super::bit_array::BitArray;
use super::bloom::BloomFilter;
use super::error::ParamError;
use super::experiment::{splitmix64, ItemKind, ItemSource, GOLDEN_GAMMA, ITEM_LEN};
use super::math;
use super::params::FilterShape;

/// The most stored keys in a key-value store.
pub const MAX_KEYS: u64 = 100_000;
/// The most lookups in one key-value run.
pub const MAX_LOOKUPS: u64 = 1_000_000;
/// The most addresses on the spam blacklist (its filter is built at once).
pub const MAX_SPAM_ADDRESSES: u64 = 10_000;
/// The most innocent senders.
pub const MAX_INNOCENT_ADDRESSES: u64 = 100_000;
/// The most messages in one mail run.
pub const MAX_MESSAGES: u64 = 1_000_000;

/// Mixed into the seed for the key-value store's lookup draws.
const LOOKUP_SALT: u64 = 0x6b65_795f_7661_6c75;
/// Mixed into the seed for the mail stream's sender draws.
const MAIL_SALT: u64 = 0x6d61_696c_5f66_726d;

/// A count a plan asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantity {
    /// Stored keys of the key-value store.
    Keys,
    /// Lookups of the key-value store.
    Lookups,
    /// Addresses on the spam blacklist.
    SpamAddresses,
    /// Innocent senders.
    InnocentAddresses,
    /// Messages in the mail stream.
    Messages,
}

impl Quantity {
    /// The largest allowed value.
    pub fn max(self) -> u64 {
        match self {
            Quantity::Keys => MAX_KEYS,
            Quantity::Lookups => MAX_LOOKUPS,
            Quantity::SpamAddresses => MAX_SPAM_ADDRESSES,
            Quantity::InnocentAddresses => MAX_INNOCENT_ADDRESSES,
            Quantity::Messages => MAX_MESSAGES,
        }
    }

    /// `Ok(value)` when `1 <= value <= max`.
    fn check(self, value: u64) -> Result<u64, UseCaseError> {
        if value == 0 {
            Err(UseCaseError::Zero(self))
        } else if value > self.max() {
            Err(UseCaseError::TooMany {
                quantity: self,
                requested: value,
                max: self.max(),
            })
        } else {
            Ok(value)
        }
    }
}

/// Why a use-case plan was rejected.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum UseCaseError {
    /// The filter's m or k is out of range.
    Filter(ParamError),
    /// A count that must be at least 1 is 0.
    Zero(Quantity),
    /// A count above its cap.
    TooMany {
        /// Which count.
        quantity: Quantity,
        /// The value asked for.
        requested: u64,
        /// The cap.
        max: u64,
    },
    /// The present share is not a number from 0 to 1.
    ShareOutOfRange {
        /// The share asked for.
        requested: f64,
    },
}

impl From<ParamError> for UseCaseError {
    fn from(error: ParamError) -> Self {
        UseCaseError::Filter(error)
    }
}

/// `t = round(share·2^32)` for a share in `0..=1`: a draw `r >> 32 < t` happens with
/// probability exactly `t / 2^32`.
fn share_threshold(share: f64) -> Result<u64, UseCaseError> {
    if !(0.0..=1.0).contains(&share) {
        return Err(UseCaseError::ShareOutOfRange { requested: share });
    }
    Ok((share * 4_294_967_296.0).round() as u64)
}

/// `floor(u·n / 2^32)` for a 32-bit `u`: a value in `0..n` (`n < 2^32`), each about
/// equally likely.
#[inline]
fn scale(u: u64, n: u64) -> u64 {
    ((u & 0xffff_ffff) * n) >> 32
}

/// Draw i of the stream with state `s`: `splitmix64(s + i·γ)`.
#[inline]
fn draw(stream: u64, i: u64) -> u64 {
    splitmix64(stream.wrapping_add(i.wrapping_mul(GOLDEN_GAMMA)))
}

// ---------------------------------------------------------------------------------------
// The key-value store
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// The spam blacklist
// ---------------------------------------------------------------------------------------

/// Which kind of generated sender.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sender {
    /// `spam<digits>@bad.example`, on the blacklist.
    Spam,
    /// `user<digits>@mail.example`, never on the blacklist.
    Innocent,
}

impl Sender {
    fn parts(self) -> (&'static [u8], &'static [u8]) {
        match self {
            Sender::Spam => (b"spam", b"@bad.example"),
            Sender::Innocent => (b"user", b"@mail.example"),
        }
    }
}

/// Room for `user` + 20 digits + `@mail.example`.
const ADDRESS_LEN: usize = 40;

/// Writes the address of sender `index` into `buf`: the prefix, `index` in decimal with
/// at least four digits, the domain.
fn write_address(sender: Sender, index: u64, buf: &mut [u8; ADDRESS_LEN]) -> &[u8] {
    let (prefix, domain) = sender.parts();
    let mut digits = [b'0'; 20];
    let (mut rest, mut start) = (index, 16);
    for slot in (0..20).rev() {
        if rest == 0 {
            break;
        }
        digits[slot] = b'0' + (rest % 10) as u8;
        rest /= 10;
        start = start.min(slot);
    }
    let mut len = 0;
    for part in [prefix, &digits[start..], domain] {
        buf[len..len + part.len()].copy_from_slice(part);
        len += part.len();
    }
    &buf[..len]
}

/// The address of spam or innocent sender `index`, e.g. `spam0042@bad.example`,
/// `user0042@mail.example`, `user12345@mail.example`.
pub fn address(sender: Sender, index: u64) -> String {
    let mut buf = [0u8; ADDRESS_LEN];
    String::from_utf8_lossy(write_address(sender, index, &mut buf)).into_owned()
}

/// The index of `text` when it is exactly the address of one of the first `count` senders
/// of this kind.
fn generated_index(text: &str, sender: Sender, count: u64) -> Option<u64> {
    let (prefix, domain) = sender.parts();
    let digits = text.as_bytes().strip_prefix(prefix)?.strip_suffix(domain)?;
    let index = std::str::from_utf8(digits).ok()?.parse::<u64>().ok()?;
    let mut buf = [0u8; ADDRESS_LEN];
    (index < count && write_address(sender, index, &mut buf) == text.as_bytes()).then_some(index)
}

/// Why a mail was blocked or delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The filter flagged the sender and it is on the blacklist: spam, rightly blocked.
    BlockedBlacklisted,
    /// The filter flagged an innocent sender not (yet) on the whitelist: wrongly blocked.
    BlockedFalsePositive,
    /// The filter flagged the sender but the whitelist knows it is a false positive.
    DeliveredWhitelisted,
    /// The filter says the sender is definitely not on the blacklist.
    DeliveredNotInFilter,
}

impl Verdict {
    /// True when the mail reaches the inbox.
    pub fn delivered(self) -> bool {
        matches!(
            self,
            Verdict::DeliveredWhitelisted | Verdict::DeliveredNotInFilter
        )
    }
}

/// What a mail run does: a filter shape, the blacklist, the innocent senders, the
/// messages and the seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlacklistPlan {
    shape: FilterShape,
    spam: u64,
    innocent: u64,
    messages: u64,
    seed: u64,
}

impl BlacklistPlan {
    /// A plan, validated: the shape as [`FilterShape::new`],
    /// `1 <= spam_addresses <= MAX_SPAM_ADDRESSES`,
    /// `1 <= innocent_addresses <= MAX_INNOCENT_ADDRESSES`, `1 <= messages <= MAX_MESSAGES`.
    pub fn new(
        shape: FilterShape,
        spam_addresses: u64,
        innocent_addresses: u64,
        messages: u64,
        seed: u64,
    ) -> Result<Self, UseCaseError> {
        Ok(BlacklistPlan {
            shape,
            spam: Quantity::SpamAddresses.check(spam_addresses)?,
            innocent: Quantity::InnocentAddresses.check(innocent_addresses)?,
            messages: Quantity::Messages.check(messages)?,
            seed,
        })
    }

    /// The filter shape.
    pub fn shape(&self) -> FilterShape {
        self.shape
    }

    /// Addresses on the blacklist.
    pub fn spam_addresses(&self) -> u64 {
        self.spam
    }

    /// Innocent senders.
    pub fn innocent_addresses(&self) -> u64 {
        self.innocent
    }

    /// Messages in the stream.
    pub fn messages(&self) -> u64 {
        self.messages
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The exact rate at which the filter flags an innocent address,
    /// `p = (1 − (1 − 1/m)^{k·spam})^k`.
    pub fn fp_rate(&self) -> f64 {
        math::fpr_exact(
            self.shape.m() as f64,
            self.spam as f64,
            self.shape.k() as f64,
        )
    }
}

/// The counts of a mail run so far, one per [`Verdict`], plus the number of spam mails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MailCounts {
    /// Messages processed.
    pub messages: u64,
    /// Of those, messages from a blacklisted sender (the truth).
    pub spam: u64,
    /// [`Verdict::BlockedBlacklisted`]: spam blocked.
    pub blocked_spam: u64,
    /// [`Verdict::BlockedFalsePositive`]: innocent mail blocked before its sender was
    /// whitelisted (each such sender once).
    pub wrongly_blocked: u64,
    /// [`Verdict::DeliveredWhitelisted`]: innocent mail rescued by the whitelist.
    pub rescued: u64,
    /// [`Verdict::DeliveredNotInFilter`]: mail the filter let through.
    pub not_in_filter: u64,
}

impl MailCounts {
    /// Innocent mail delivered, `not_in_filter + rescued`.
    pub fn delivered_innocent(&self) -> u64 {
        self.not_in_filter + self.rescued
    }

    /// Messages from innocent senders, `messages − spam`.
    pub fn innocent(&self) -> u64 {
        self.messages - self.spam
    }

    fn record(&mut self, spam: bool, verdict: Verdict) {
        self.messages += 1;
        self.spam += spam as u64;
        match verdict {
            Verdict::BlockedBlacklisted => self.blocked_spam += 1,
            Verdict::BlockedFalsePositive => self.wrongly_blocked += 1,
            Verdict::DeliveredWhitelisted => self.rescued += 1,
            Verdict::DeliveredNotInFilter => self.not_in_filter += 1,
        }
    }
}

/// A mail server with the blacklist filter and the whitelist; call
/// [`MailServer::run_slice`] until it reports done. [`MailServer::check`] tests any address
/// at any time without changing anything; [`MailServer::report_false_positive`] whitelists
/// one (the stream reports each wrongly blocked sender itself).
#[derive(Debug, Clone)]
pub struct MailServer {
    plan: BlacklistPlan,
    stream: u64,
    filter: BloomFilter,
    whitelist: Vec<String>,
    whitelisted_innocent: BitArray,
    counts: MailCounts,
}

impl MailServer {
    /// A server for `plan` with every blacklisted address in its filter, an empty
    /// whitelist and no mail processed.
    pub fn new(plan: BlacklistPlan) -> Self {
        let mut filter = BloomFilter::new(plan.shape);
        let mut buf = [0u8; ADDRESS_LEN];
        for index in 0..plan.spam {
            filter.insert(write_address(Sender::Spam, index, &mut buf));
        }
        MailServer {
            stream: splitmix64(plan.seed ^ MAIL_SALT),
            filter,
            whitelist: Vec::new(),
            whitelisted_innocent: BitArray::new(plan.innocent),
            counts: MailCounts::default(),
            plan,
        }
    }

    /// The plan being run.
    pub fn plan(&self) -> &BlacklistPlan {
        &self.plan
    }

    /// The blacklist's filter.
    pub fn filter(&self) -> &BloomFilter {
        &self.filter
    }

    /// The counts so far.
    pub fn counts(&self) -> MailCounts {
        self.counts
    }

    /// The whitelisted addresses, in the order they were reported.
    pub fn whitelist(&self) -> &[String] {
        &self.whitelist
    }

    /// True when every message is processed.
    pub fn is_done(&self) -> bool {
        self.counts.messages == self.plan.messages
    }

    /// Fraction of the messages processed, 0 to 1.
    pub fn progress(&self) -> f64 {
        self.counts.messages as f64 / self.plan.messages as f64
    }

    /// The sender of message i (the same whenever asked).
    pub fn sender(&self, index: u64) -> (Sender, u64) {
        let pool = self.plan.spam + self.plan.innocent;
        let member = scale(draw(self.stream, index) >> 32, pool);
        if member < self.plan.spam {
            (Sender::Spam, member)
        } else {
            (Sender::Innocent, member - self.plan.spam)
        }
    }

    /// The verdict on mail from `address` now, without changing anything: the filter
    /// first, then the blacklist (the truth) and the whitelist.
    pub fn check(&self, address: &str) -> Verdict {
        let spam = generated_index(address, Sender::Spam, self.plan.spam).is_some();
        self.judge(address.as_bytes(), spam, self.is_whitelisted(address))
    }

    /// Whitelists `address` if it is a false positive now (the filter flags it, it is not
    /// on the blacklist and not yet whitelisted); returns whether it was added.
    pub fn report_false_positive(&mut self, address: &str) -> bool {
        let added = self.check(address) == Verdict::BlockedFalsePositive;
        if added {
            self.whitelist_add(address);
        }
        added
    }

    /// Processes at most `budget` messages; returns true when the run is done.
    pub fn run_slice(&mut self, budget: u64) -> bool {
        let start = self.counts.messages;
        let end = self.plan.messages.min(start.saturating_add(budget));
        let mut buf = [0u8; ADDRESS_LEN];
        for index in start..end {
            let (sender, number) = self.sender(index);
            let address = write_address(sender, number, &mut buf);
            let spam = sender == Sender::Spam;
            let whitelisted = !spam && self.whitelisted_innocent.get(number);
            let verdict = self.judge(address, spam, whitelisted);
            self.counts.record(spam, verdict);
            if verdict == Verdict::BlockedFalsePositive {
                let text = String::from_utf8_lossy(address).into_owned();
                self.whitelist_add(&text);
            }
        }
        self.is_done()
    }

    /// Runs the rest at once.
    pub fn run_to_end(&mut self) {
        while !self.run_slice(1 << 16) {}
    }

    fn judge(&self, address: &[u8], spam: bool, whitelisted: bool) -> Verdict {
        if !self.filter.contains(address) {
            Verdict::DeliveredNotInFilter
        } else if spam {
            Verdict::BlockedBlacklisted
        } else if whitelisted {
            Verdict::DeliveredWhitelisted
        } else {
            Verdict::BlockedFalsePositive
        }
    }

    fn is_whitelisted(&self, address: &str) -> bool {
        match generated_index(address, Sender::Innocent, self.plan.innocent) {
            Some(index) => self.whitelisted_innocent.get(index),
            None => self.whitelist.iter().any(|known| known == address),
        }
    }

    fn whitelist_add(&mut self, address: &str) {
        if let Some(index) = generated_index(address, Sender::Innocent, self.plan.innocent) {
            self.whitelisted_innocent.set(index);
        }
        self.whitelist.push(address.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::HashFamily;

    fn shape(m: u64, k: u32, family: HashFamily) -> FilterShape {
        FilterShape::new(m, k, family).unwrap()
    }

    fn kv_run(plan: KvPlan) -> KvRun {
        let mut run = KvRun::new(plan);
        run.run_to_end();
        run
    }

    fn mail_run(plan: BlacklistPlan) -> MailServer {
        let mut server = MailServer::new(plan);
        server.run_to_end();
        server
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

    #[test]
    fn addresses_are_readable_and_parse_back_only_when_exact() {
        assert_eq!(address(Sender::Spam, 42), "spam0042@bad.example");
        assert_eq!(address(Sender::Innocent, 0), "user0000@mail.example");
        assert_eq!(address(Sender::Innocent, 12_345), "user12345@mail.example");
        assert_eq!(
            address(Sender::Spam, u64::MAX),
            "spam18446744073709551615@bad.example"
        );
        assert_eq!(
            generated_index("spam0042@bad.example", Sender::Spam, 100),
            Some(42)
        );
        for text in [
            "spam42@bad.example",
            "spam00042@bad.example",
            "spam+042@bad.example",
            "spam0042@bad.example ",
            "spam0100@bad.example",
            "user0042@mail.example",
            "spam99999999999999999999999@bad.example",
        ] {
            assert_eq!(generated_index(text, Sender::Spam, 100), None, "{text}");
        }
    }

    fn small_blacklist() -> BlacklistPlan {
        // A crowded filter (m/n = 4 bits per address) so false positives come often.
        BlacklistPlan::new(shape(800, 3, HashFamily::Murmur3), 200, 1_000, 6_000, 5).unwrap()
    }

    #[test]
    fn every_blacklisted_address_is_blocked() {
        let server = mail_run(small_blacklist());
        for index in 0..200 {
            let verdict = server.check(&address(Sender::Spam, index));
            assert_eq!(verdict, Verdict::BlockedBlacklisted, "spam {index}");
            assert!(!verdict.delivered());
        }
        let c = server.counts();
        assert_eq!(c.blocked_spam, c.spam);
        assert!(c.spam > 0);
    }

    #[test]
    fn mail_counts_add_up_and_each_false_positive_is_blocked_once() {
        let server = mail_run(small_blacklist());
        let c = server.counts();
        assert_eq!(c.messages, 6_000);
        assert_eq!(
            c.blocked_spam + c.wrongly_blocked + c.rescued + c.not_in_filter,
            c.messages
        );
        assert_eq!(c.delivered_innocent() + c.wrongly_blocked, c.innocent());
        assert_eq!(c.wrongly_blocked, server.whitelist().len() as u64);
        assert!(c.wrongly_blocked > 0 && c.rescued > 0, "{c:?}");
        // Each whitelisted sender is a flagged innocent sender, once.
        let distinct = crate::filter::distinct::first_occurrences(
            server.whitelist().iter().map(String::as_str),
        );
        assert_eq!(distinct.len(), server.whitelist().len());
        for known in server.whitelist() {
            assert!(known.starts_with("user") && server.filter().contains(known.as_bytes()));
            assert_eq!(server.check(known), Verdict::DeliveredWhitelisted);
        }
    }

    #[test]
    fn a_discovered_false_positive_is_delivered_the_next_time() {
        let mut server = MailServer::new(small_blacklist());
        let mut blocked = None;
        for i in 0..6_000 {
            let (sender, number) = server.sender(i);
            let verdict = server.check(&address(sender, number));
            server.run_slice(1);
            if verdict == Verdict::BlockedFalsePositive {
                blocked = Some(number);
                break;
            }
        }
        let number = blocked.expect("a crowded filter flags some innocent sender");
        let text = address(Sender::Innocent, number);
        assert_eq!(server.whitelist(), std::slice::from_ref(&text));
        assert_eq!(server.check(&text), Verdict::DeliveredWhitelisted);
        assert!(!server.report_false_positive(&text), "already whitelisted");
        // Its next message is rescued.
        let rescued = server.counts().rescued;
        let next = (server.counts().messages..6_000)
            .find(|&i| server.sender(i) == (Sender::Innocent, number))
            .expect("senders repeat");
        server.run_slice(next + 1 - server.counts().messages);
        assert!(server.counts().rescued > rescued);
    }

    #[test]
    fn any_address_gets_a_verdict_and_reports_whitelist_only_false_positives() {
        let mut server = MailServer::new(small_blacklist());
        let fp_rate = server.plan().fp_rate();
        assert!(fp_rate > 0.1 && fp_rate < 0.2, "{fp_rate}");
        // Typed addresses: find one the filter flags and one it lets through.
        let typed: Vec<String> = (0..400)
            .map(|i| format!("friend{i}@home.example"))
            .collect();
        let flagged = typed
            .iter()
            .find(|a| server.filter().contains(a.as_bytes()))
            .unwrap();
        let clean = typed
            .iter()
            .find(|a| !server.filter().contains(a.as_bytes()))
            .unwrap();
        assert_eq!(server.check(clean), Verdict::DeliveredNotInFilter);
        assert!(server.check(clean).delivered());
        assert!(!server.report_false_positive(clean), "nothing to whitelist");
        assert_eq!(server.check(flagged), Verdict::BlockedFalsePositive);
        assert!(server.report_false_positive(flagged));
        assert_eq!(server.check(flagged), Verdict::DeliveredWhitelisted);
        assert!(
            !server.report_false_positive("spam0007@bad.example"),
            "real spam"
        );
        assert_eq!(
            server.check("spam0007@bad.example"),
            Verdict::BlockedBlacklisted
        );
        assert_eq!(server.whitelist(), std::slice::from_ref(flagged));
    }

    #[test]
    fn mail_runs_are_deterministic_and_slices_equal_one_run() {
        let whole = mail_run(small_blacklist());
        assert_eq!(mail_run(small_blacklist()).whitelist(), whole.whitelist());
        for budget in [1, 7, 999] {
            let mut server = MailServer::new(small_blacklist());
            while !server.run_slice(budget) {
                assert!(server.progress() < 1.0);
            }
            assert_eq!(server.counts(), whole.counts());
            assert_eq!(server.whitelist(), whole.whitelist());
        }
    }

    #[test]
    fn blacklist_parameters_are_validated() {
        let s = shape(100, 2, HashFamily::Fnv1a);
        assert_eq!(
            BlacklistPlan::new(s, 0, 10, 10, 1),
            Err(UseCaseError::Zero(Quantity::SpamAddresses))
        );
        assert_eq!(
            BlacklistPlan::new(s, MAX_SPAM_ADDRESSES + 1, 10, 10, 1),
            Err(UseCaseError::TooMany {
                quantity: Quantity::SpamAddresses,
                requested: MAX_SPAM_ADDRESSES + 1,
                max: MAX_SPAM_ADDRESSES
            })
        );
        assert_eq!(
            BlacklistPlan::new(s, 10, 0, 10, 1),
            Err(UseCaseError::Zero(Quantity::InnocentAddresses))
        );
        assert!(matches!(
            BlacklistPlan::new(s, 10, MAX_INNOCENT_ADDRESSES + 1, 10, 1),
            Err(UseCaseError::TooMany {
                quantity: Quantity::InnocentAddresses,
                ..
            })
        ));
        assert_eq!(
            BlacklistPlan::new(s, 10, 10, 0, 1),
            Err(UseCaseError::Zero(Quantity::Messages))
        );
        assert!(matches!(
            BlacklistPlan::new(s, 10, 10, MAX_MESSAGES + 1, 1),
            Err(UseCaseError::TooMany {
                quantity: Quantity::Messages,
                ..
            })
        ));
        assert!(BlacklistPlan::new(
            s,
            MAX_SPAM_ADDRESSES,
            MAX_INNOCENT_ADDRESSES,
            MAX_MESSAGES,
            1
        )
        .is_ok());
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

        #[test]
        fn mail_counts_always_add_up_and_spam_is_always_blocked(
            m in 1u64..2_000,
            k in 1u32..8,
            spam in 1u64..200,
            innocent in 1u64..500,
            messages in 1u64..1_500,
            seed in any::<u64>(),
            family in family(),
        ) {
            let shape = FilterShape::new(m, k, family).unwrap();
            let plan = BlacklistPlan::new(shape, spam, innocent, messages, seed).unwrap();
            let mut server = MailServer::new(plan);
            server.run_to_end();
            let c = server.counts();
            prop_assert_eq!(c.blocked_spam + c.wrongly_blocked + c.rescued + c.not_in_filter, messages);
            prop_assert_eq!(c.blocked_spam, c.spam);
            prop_assert_eq!(c.wrongly_blocked, server.whitelist().len() as u64);
            prop_assert!(c.wrongly_blocked <= innocent);
        }
    }
}
