//! The mail server: a spam blacklist in a small filter, and a whitelist of the innocent
//! senders the filter wrongly flags (see the [module docs](super) for the senders and the
//! verdicts).

use super::{draw, scale, Quantity, UseCaseError};
use crate::filter::bit_array::BitArray;
use crate::filter::bloom::BloomFilter;
use crate::filter::experiment::splitmix64;
use crate::filter::math;
use crate::filter::params::FilterShape;

/// Mixed into the seed for the mail stream's sender draws.
const MAIL_SALT: u64 = 0x6d61_696c_5f66_726d;

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
pub fn generated_index(text: &str, sender: Sender, count: u64) -> Option<u64> {
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
    use crate::filter::use_cases::{MAX_INNOCENT_ADDRESSES, MAX_MESSAGES, MAX_SPAM_ADDRESSES};
    use crate::filter::HashFamily;

    fn shape(m: u64, k: u32, family: HashFamily) -> FilterShape {
        FilterShape::new(m, k, family).unwrap()
    }

    fn mail_run(plan: BlacklistPlan) -> MailServer {
        let mut server = MailServer::new(plan);
        server.run_to_end();
        server
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
