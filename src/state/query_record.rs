//! The record of every query asked in the visualizer: the latest few (item, the filter's
//! answer, the truth) and a confusion matrix of them all. A query is a true positive (a
//! member, "probably yes"), a false positive (never added, "probably yes"), a true negative
//! (never added, "definitely not") or a false negative (a member whose bit a naive delete
//! cleared, "definitely not").

use super::query::Verdict;

/// How many of the latest queries the table lists.
pub const RECORD_SHOWN: usize = 8;

/// A query's cell of the confusion matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A member, answered "probably yes".
    TruePositive,
    /// Never added, answered "probably yes".
    FalsePositive,
    /// Never added, answered "definitely not".
    TrueNegative,
    /// A member, answered "definitely not" (after a naive delete).
    FalseNegative,
}

impl Outcome {
    /// The outcome of a verdict.
    pub fn of(verdict: &Verdict) -> Self {
        match verdict {
            Verdict::Probably => Outcome::TruePositive,
            Verdict::FalsePositive { .. } => Outcome::FalsePositive,
            Verdict::DefinitelyNot { .. } | Verdict::Removed { .. } => Outcome::TrueNegative,
            Verdict::FalseNegative { .. } => Outcome::FalseNegative,
        }
    }

    /// Whether the filter answered "probably yes".
    pub fn answered_yes(self) -> bool {
        matches!(self, Outcome::TruePositive | Outcome::FalsePositive)
    }

    /// Whether the item was in the set.
    pub fn member(self) -> bool {
        matches!(self, Outcome::TruePositive | Outcome::FalseNegative)
    }
}

/// The queries asked so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct QueryRecord {
    /// The latest queries, oldest first, at most [`RECORD_SHOWN`].
    pub latest: Vec<(String, Outcome)>,
    /// How many queries had each outcome: true positives, false positives, true negatives,
    /// false negatives.
    pub counts: [u64; 4],
}

impl QueryRecord {
    /// Records a query of `item` with this verdict.
    pub fn record(&mut self, item: &str, verdict: &Verdict) {
        let outcome = Outcome::of(verdict);
        self.counts[outcome as usize] += 1;
        if self.latest.len() == RECORD_SHOWN {
            self.latest.remove(0);
        }
        self.latest.push((item.to_owned(), outcome));
    }

    /// The count of one outcome.
    pub fn count(&self, outcome: Outcome) -> u64 {
        self.counts[outcome as usize]
    }

    /// Queries asked in all.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The share of false positives among the queries for items never added,
    /// `FP / (FP + TN)`; `None` before any such query.
    pub fn false_positive_share(&self) -> Option<f64> {
        let fp = self.count(Outcome::FalsePositive);
        let absent = fp + self.count(Outcome::TrueNegative);
        (absent > 0).then(|| fp as f64 / absent as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_verdict_lands_in_its_cell_and_the_share_counts_absent_items_only() {
        let mut record = QueryRecord::default();
        assert_eq!(record.false_positive_share(), None);
        let no = Verdict::DefinitelyNot {
            zero_positions: vec![1],
        };
        let fp = Verdict::FalsePositive {
            culprits: Vec::new(),
        };
        let fn_ = Verdict::FalseNegative {
            zero_positions: vec![2],
            cleared_by: vec!["g".into()],
        };
        for (item, verdict) in [
            ("a", &Verdict::Probably),
            ("b", &fp),
            ("c", &no),
            ("d", &no),
            ("e", &no),
            ("f", &fn_),
            ("a", &Verdict::Probably),
        ] {
            record.record(item, verdict);
        }
        assert_eq!(record.counts, [2, 1, 3, 1]);
        assert_eq!(record.total(), 7);
        // 1 false positive among 4 queries for items never added
        assert_eq!(record.false_positive_share(), Some(0.25));
        assert!(Outcome::FalseNegative.member() && !Outcome::FalseNegative.answered_yes());
        assert!(Outcome::FalsePositive.answered_yes() && !Outcome::FalsePositive.member());
    }

    #[test]
    fn the_table_keeps_the_latest_queries() {
        let mut record = QueryRecord::default();
        for i in 0..20 {
            record.record(&format!("w{i}"), &Verdict::Probably);
        }
        assert_eq!(record.latest.len(), RECORD_SHOWN);
        assert_eq!(record.latest[0].0, "w12");
        assert_eq!(record.latest[RECORD_SHOWN - 1].0, "w19");
        assert_eq!(record.count(Outcome::TruePositive), 20);
    }
}
