//! A web crawler's "seen URLs" check: a stream of URLs with repeats, where a URL the
//! filter says it has probably seen is skipped. Skipping a repeat is right; skipping a URL
//! that was never fetched is the filter's false positive, and that page is never crawled.

use super::words::WORDS;
use crate::filter::experiment::{splitmix64, GOLDEN_GAMMA};

/// Percent of the stream that repeats a URL already in it.
pub const REPEAT_PERCENT: u64 = 30;

/// A well-mixed 64-bit value for each index: SplitMix64's output at step `index + 1`.
fn mix(index: u64) -> u64 {
    splitmix64(index.wrapping_add(GOLDEN_GAMMA))
}

/// The `page`-th distinct URL of the stream.
pub fn page_url(page: u64) -> String {
    let section = WORDS[(page as usize * 7) % WORDS.len()];
    format!("https://news.example/{section}/{page}.html")
}

/// What the crawler did with one URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrawlDecision {
    /// The filter said "definitely not": fetched and added.
    Fetched,
    /// The filter said "probably yes" and the URL had been fetched: a repeat, skipped.
    SkippedRepeat,
    /// The filter said "probably yes" but the URL was new: a false positive, never fetched.
    SkippedNew,
}

/// The crawler's running totals.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CrawlTally {
    /// URLs taken from the stream so far.
    pub taken: u64,
    /// Distinct URLs the stream has produced so far.
    pub distinct: u64,
    /// URLs fetched (and added to the filter).
    pub fetched: u64,
    /// Repeats skipped.
    pub repeats_skipped: u64,
    /// New URLs skipped because of a false positive, in order.
    pub new_skipped: Vec<String>,
    /// Bytes an exact set of every distinct URL would hold (the URL text alone).
    pub exact_bytes: u64,
    /// The most recent URLs and what happened to each (at most [`RECENT`]).
    pub recent: Vec<(String, CrawlDecision)>,
}

/// How many recent decisions the tally keeps for display.
pub const RECENT: usize = 12;

impl CrawlTally {
    /// The next URL of the stream, and whether it is new. About [`REPEAT_PERCENT`] % of the
    /// URLs after the first repeat one seen earlier (chosen uniformly).
    pub fn next_url(&self) -> (String, bool) {
        let r = mix(self.taken);
        if self.distinct > 0 && r % 100 < REPEAT_PERCENT {
            (page_url((r >> 8) % self.distinct), false)
        } else {
            (page_url(self.distinct), true)
        }
    }

    /// Records a decision about the URL [`CrawlTally::next_url`] gave.
    pub fn record(&mut self, url: String, is_new: bool, decision: CrawlDecision) {
        self.taken += 1;
        if is_new {
            self.distinct += 1;
            self.exact_bytes += url.len() as u64;
        }
        match decision {
            CrawlDecision::Fetched => self.fetched += 1,
            CrawlDecision::SkippedRepeat => self.repeats_skipped += 1,
            CrawlDecision::SkippedNew => self.new_skipped.push(url.clone()),
        }
        self.recent.push((url, decision));
        if self.recent.len() > RECENT {
            self.recent.remove(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_repeats_about_the_stated_share() {
        let mut tally = CrawlTally::default();
        let mut repeats = 0;
        for _ in 0..10_000 {
            let (url, is_new) = tally.next_url();
            repeats += u64::from(!is_new);
            tally.record(url, is_new, CrawlDecision::Fetched);
        }
        assert!((2_800..=3_200).contains(&repeats), "{repeats} repeats");
        assert_eq!(tally.distinct, 10_000 - repeats);
        assert_eq!(tally.recent.len(), RECENT);
    }

    #[test]
    fn a_repeat_names_a_url_seen_before() {
        let mut tally = CrawlTally::default();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..500 {
            let (url, is_new) = tally.next_url();
            assert_eq!(is_new, seen.insert(url.clone()), "{url}");
            tally.record(url, is_new, CrawlDecision::Fetched);
        }
    }
}
