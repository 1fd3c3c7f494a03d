//! The answer panel's words for a query: the verdict, why it is what it is (true of the
//! item's history: never added, a member, removed, or a member whose bit an unsafe delete
//! cleared), and for a false positive who set each of its positions. A counting filter's
//! answer speaks of counters, a plain filter's of bits.

use crate::state::{QueryReport, Removal, Verdict};

use super::{fill, number_list, quoted_list, shown_item, Text};

/// One position of a false positive and the members that set it, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CulpritLine {
    /// The position.
    pub position: u64,
    /// The query's hash index that lands there.
    pub hash_index: u32,
    /// "bit 9 (hash 0) was set by “cow” (hash 1)", or the counter's words.
    pub line: String,
}

/// The answer to a query, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The verdict in one sentence (also what a screen reader hears).
    pub verdict: String,
    /// Why.
    pub why: String,
    /// A false positive's positions and who set them (empty until they are asked for).
    pub culprits: Vec<CulpritLine>,
}

/// The verdict in one sentence.
pub fn verdict(text: &Text, report: &QueryReport) -> String {
    let item = &shown_item(&report.item);
    let bits = report.distinct_bits();
    match &report.verdict {
        Verdict::DefinitelyNot { .. } => fill(text.result_definitely_not, &[item]),
        Verdict::Removed { .. } => fill(text.result_removed, &[item]),
        Verdict::Probably => fill(text.result_probably, &[item]),
        Verdict::FalsePositive { .. } if report.removal.is_some() => {
            fill(text.result_false_positive_removed, &[item])
        }
        Verdict::FalsePositive { .. } => {
            let template = match (report.counting, bits) {
                (false, 1) => text.result_false_positive_one,
                (false, _) => text.result_false_positive,
                (true, 1) => text.result_false_positive_counter_one,
                (true, _) => text.result_false_positive_counters,
            };
            fill(template, &[item, &bits])
        }
        Verdict::FalseNegative { zero_positions, .. } => {
            let template = match zero_positions.len() {
                1 => text.result_false_negative,
                _ => text.result_false_negative_many,
            };
            fill(template, &[item, &number_list(text, zero_positions)])
        }
    }
}

/// The whole answer: [`verdict`], why, and a false positive's culprits.
pub fn answer(text: &Text, report: &QueryReport) -> Answer {
    let item = &shown_item(&report.item);
    let counting = report.counting;
    let why = match &report.verdict {
        Verdict::DefinitelyNot { zero_positions } => {
            let template = match (counting, zero_positions.len()) {
                (false, 1) => text.result_definitely_not_why,
                (false, _) => text.result_definitely_not_why_many,
                (true, 1) => text.result_definitely_not_why_counter,
                (true, _) => text.result_definitely_not_why_counters,
            };
            fill(template, &[&number_list(text, zero_positions), item])
        }
        Verdict::Removed { zero_positions } => {
            let template = match report.removal {
                Some(Removal::NaiveDelete) => text.result_removed_deleted_why,
                _ => text.result_removed_counters_why,
            };
            fill(template, &[&number_list(text, zero_positions)])
        }
        Verdict::Probably => {
            let template = match (counting, report.distinct_bits()) {
                (false, 1) => text.result_probably_why_one,
                (false, _) => text.result_probably_why,
                (true, 1) => text.result_probably_why_counter_one,
                (true, _) => text.result_probably_why_counters,
            };
            fill(template, &[&report.distinct_bits()])
        }
        Verdict::FalsePositive { .. } if counting => {
            text.result_false_positive_why_counters.to_owned()
        }
        Verdict::FalsePositive { .. } => text.result_false_positive_why.to_owned(),
        Verdict::FalseNegative { cleared_by, .. } if cleared_by.is_empty() => {
            text.result_false_negative_why.to_owned()
        }
        Verdict::FalseNegative { cleared_by, .. } => {
            let template = match counting {
                false => text.result_false_negative_deleted,
                true => text.result_false_negative_force_removed,
            };
            fill(template, &[&quoted_list(text, cleared_by)])
        }
    };
    let culprits = match &report.verdict {
        Verdict::FalsePositive { culprits } => culprits
            .iter()
            .map(|c| {
                let names = c
                    .setters
                    .iter()
                    .map(|s| fill(text.culprit_setter, &[&shown_item(&s.item), &s.hash_index]))
                    .collect::<Vec<_>>()
                    .join(text.list_separator);
                let template = match counting {
                    false => text.culprit_line,
                    true => text.culprit_line_counter,
                };
                let mut line = fill(template, &[&c.position, &c.hash_index, &names]);
                let more = c.total_setters - c.setters.len();
                if more > 0 {
                    line = format!("{line} {}", fill(text.culprit_more, &[&more]));
                }
                CulpritLine {
                    position: c.position,
                    hash_index: c.hash_index,
                    line,
                }
            })
            .collect(),
        _ => Vec::new(),
    };
    Answer {
        verdict: verdict(text, report),
        why,
        culprits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Lang;
    use crate::state::log::{replay, LogEntry};
    use crate::state::query::{run_query, Asked};
    use crate::state::url::parse;

    /// The answer for `item` on the filter a link builds, and the report it words.
    fn asked(link: &str, item: &str) -> QueryReport {
        let url = parse(link);
        assert!(url.notices.is_empty(), "{link}: {:?}", url.notices);
        let log: Vec<LogEntry> = url.entries.as_ref().clone();
        let (filter, members) = replay(&url.settings, &log);
        let asked = Asked {
            filter: &filter,
            members: &members,
            history: &log,
        };
        run_query(asked, item)
    }

    const LETTERS: &str = "m=16&k=3&hash=murmur3&add=a&add=b&add=c&add=d&add=e";

    fn texts() -> [(Lang, &'static Text); 3] {
        crate::i18n::install_bundled();
        [Lang::En, Lang::Zh, Lang::Ja].map(|lang| (lang, lang.text()))
    }

    /// The words each language uses for "never added", bits and counters, and the
    /// removal.
    fn words(lang: Lang) -> (&'static str, &'static str, &'static str, &'static str) {
        match lang {
            Lang::En => ("never added", "bit", "counter", "removed"),
            Lang::Zh => ("从未被添加", "位", "计数器", "移除"),
            Lang::Ja => ("追加されていません", "ビット", "カウンター", "削除"),
        }
    }

    fn all(answer: &Answer) -> String {
        let lines: Vec<&str> = answer.culprits.iter().map(|c| c.line.as_str()).collect();
        format!("{} {} {}", answer.verdict, answer.why, lines.join(" ")).to_lowercase()
    }

    #[test]
    fn a_naively_deleted_item_was_removed_and_the_members_it_cleared_are_false_negatives() {
        let link = format!("{LETTERS}&naive_delete=a");
        let deleted = asked(&link, "a");
        assert!(matches!(deleted.verdict, Verdict::Removed { .. }));
        assert_eq!(deleted.verdict.answer_key(), "removed");
        assert_eq!(deleted.removal, Some(Removal::NaiveDelete));
        let lost = asked(&link, "d");
        let Verdict::FalseNegative { cleared_by, .. } = &lost.verdict else {
            panic!("“d” lost a bit to the delete: {:?}", lost.verdict);
        };
        assert_eq!(cleared_by, &["a"]);
        assert_eq!(lost.verdict.answer_key(), "false-negative");
        for (lang, text) in texts() {
            let (never, bit, counter, _) = words(lang);
            let removed = all(&answer(text, &deleted));
            assert!(!removed.contains(never), "{lang:?}: {removed}");
            assert!(
                removed.contains(bit) && !removed.contains(counter),
                "{lang:?}: {removed}"
            );
            let false_negative = answer(text, &lost);
            // the sentence names the item whose delete cleared the bit
            let named = fill(text.item_quoted, &[&"a"]);
            assert!(
                false_negative.why.contains(&named),
                "{lang:?}: {false_negative:?}"
            );
            assert!(!all(&false_negative).contains(never), "{lang:?}");
        }
    }

    #[test]
    fn an_item_removed_from_a_counting_filter_was_removed_and_counting_speaks_of_counters() {
        let counting = format!("{LETTERS}&mode=counting");
        let removed = asked(&format!("{counting}&remove=a"), "a");
        assert!(matches!(removed.verdict, Verdict::Removed { .. }));
        assert_eq!(removed.verdict.answer_key(), "removed");
        assert_eq!(removed.removal, Some(Removal::Counters));
        // every kind of answer a counting filter gives: a member, never added, a false
        // positive (an item none of whose counters is 0), and the item removed
        let (filter_settings, filter_log) = {
            let url = parse(&counting);
            (url.settings, url.entries.as_ref().clone())
        };
        let (filter, _) = replay(&filter_settings, &filter_log);
        let absent = (0..1000)
            .map(|i| format!("w{i}"))
            .find(|w| !filter.contains(w.as_bytes()))
            .unwrap();
        let false_positive = (0..100_000)
            .map(|i| format!("w{i}"))
            .find(|w| filter.contains(w.as_bytes()))
            .unwrap();
        let reports = [
            asked(&counting, "d"),
            asked(&counting, &absent),
            asked(&counting, &false_positive),
            removed.clone(),
        ];
        assert_eq!(
            reports.each_ref().map(|r| r.verdict.answer_key()),
            ["member", "definitely-not", "false-positive", "removed"]
        );
        for (lang, text) in texts() {
            let (never, bit, counter, removal) = words(lang);
            for report in &reports {
                let words = all(&answer(text, report));
                assert!(!words.contains(bit), "{lang:?} speaks of bits: {words}");
                assert!(words.contains(counter), "{lang:?}: {words}");
            }
            let words = all(&answer(text, &removed));
            assert!(
                words.contains(removal) && !words.contains(never),
                "{lang:?}: {words}"
            );
            let words = all(&answer(text, &reports[1]));
            assert!(words.contains(never), "{lang:?}: {words}");
        }
    }

    #[test]
    fn an_item_never_added_is_said_never_added_in_every_language() {
        let report = (0..1000)
            .map(|i| asked(LETTERS, &format!("w{i}")))
            .find(|r| matches!(r.verdict, Verdict::DefinitelyNot { .. }))
            .unwrap();
        assert!(
            matches!(report.verdict, Verdict::DefinitelyNot { .. }),
            "{report:?}"
        );
        assert_eq!(report.verdict.answer_key(), "definitely-not");
        for (lang, text) in texts() {
            let (never, bit, counter, _) = words(lang);
            let words = all(&answer(text, &report));
            assert!(
                words.contains(never) && words.contains(bit),
                "{lang:?}: {words}"
            );
            assert!(!words.contains(counter), "{lang:?}: {words}");
        }
        // Added again after its delete, it is a member again.
        let settings = parse(LETTERS).settings;
        let log = ["a", "d"]
            .map(|i| LogEntry::Add(i.into()))
            .into_iter()
            .chain([LogEntry::NaiveDelete("a".into()), LogEntry::Add("a".into())])
            .collect::<Vec<_>>();
        let (filter, members) = replay(&settings, &log);
        let history = Asked {
            filter: &filter,
            members: &members,
            history: &log,
        };
        let back = run_query(history, "a");
        assert_eq!(back.verdict.answer_key(), "member");
        assert_eq!(back.removal, None);
    }
}
