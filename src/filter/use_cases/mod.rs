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
//!
//! [`ItemSource`]: super::ItemSource
//! [`math::fpr_exact`]: super::math::fpr_exact

use super::error::ParamError;
use super::experiment::{splitmix64, GOLDEN_GAMMA};

mod job;
mod mail;
mod store;

pub use job::{
    run_apps, AppsJob, AppsReport, KvReport, MailReport, INNOCENT_ADDRESSES, KEYS, MESSAGES, SEED,
    SPAM_ADDRESSES, SPAM_K,
};
pub use mail::{address, generated_index, BlacklistPlan, MailCounts, MailServer, Sender, Verdict};
pub use store::{DiskTime, KvCounts, KvPlan, KvPrediction, KvRun, Lookup, LookupOutcome};

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
