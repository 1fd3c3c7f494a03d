//! Ready-made states that make one point each in a few clicks, and the side-by-side
//! comparison of a naive delete with a counting filter's delete.

use crate::filter::HashFamily;

use std::rc::Rc;

use super::log::{apply_entry, LogEntry, Members};
use super::settings::{FilterModel, Mode, Settings};
use super::url::percent_encode;
use super::words::WORDS;

/// A prepared demonstration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Demo {
    /// Plain filter, m = 16, murmur3: naively deleting "a" clears bit 3, which "d" needs.
    NaiveDelete,
    /// The same items in a counting filter: removing "a" leaves "d" intact.
    CountingDelete,
    /// Counters of 2 bits (maximum 3) and four words that share one counter.
    Saturation,
}

impl Demo {
    /// Every demo, in the order the page lists them.
    pub const ALL: [Demo; 3] = [Demo::NaiveDelete, Demo::CountingDelete, Demo::Saturation];

    /// The query string of the demo's state, and the item to put in the field.
    pub fn query(self) -> (String, String) {
        // Each demo names its hash, so that it shows the same bits whatever the default.
        let letters = "hash=murmur3&add=a&add=b&add=c&add=d&add=e";
        match self {
            Demo::NaiveDelete => (format!("m=16&k=3&{letters}"), "a".into()),
            Demo::CountingDelete => (format!("m=16&k=3&mode=counting&{letters}"), "a".into()),
            Demo::Saturation => {
                let (words, _) = sharing_words(16, 3, 4);
                let adds: Vec<String> = words
                    .iter()
                    .map(|w| format!("add={}", percent_encode(w)))
                    .collect();
                (
                    format!(
                        "m=16&k=3&hash=murmur3&mode=counting&width=2&{}",
                        adds.join("&")
                    ),
                    words[0].clone(),
                )
            }
        }
    }
}

/// The first `count` words of the word list that share a position at (m, k) with murmur3,
/// and that position.
pub fn sharing_words(m: u64, k: u32, count: usize) -> (Vec<String>, u64) {
    let shape = crate::filter::FilterShape::new(m, k, HashFamily::Murmur3)
        .unwrap_or_else(|_| unreachable!("demo shapes are valid"));
    let mut by_position: Vec<Vec<&str>> = vec![Vec::new(); m as usize];
    for word in WORDS {
        let mut positions: Vec<u64> = shape.positions(word.as_bytes()).collect();
        positions.dedup();
        for p in positions {
            by_position[p as usize].push(word);
            if by_position[p as usize].len() == count {
                return (
                    by_position[p as usize]
                        .iter()
                        .map(|w| w.to_string())
                        .collect(),
                    p,
                );
            }
        }
    }
    unreachable!("the words outnumber the positions, so two always share one")
}

/// One item deleted from the same set two ways.
#[derive(Debug, Clone, PartialEq)]
pub struct DeleteComparison {
    /// The plain filter after clearing the item's bits.
    pub plain: Rc<FilterModel>,
    /// The counting filter after decrementing the item's counters.
    pub counting: Rc<FilterModel>,
    /// Remaining members the plain filter now misses.
    pub plain_false_negatives: Vec<String>,
    /// Remaining members the counting filter now misses (always empty for a member).
    pub counting_false_negatives: Vec<String>,
}

/// Builds both filters from `members` and deletes `item` from each: a naive delete (all
/// its bits cleared, every copy gone) from the plain filter, one removal from the counting
/// filter. Each member is hashed once per filter; no member set is rebuilt.
pub fn compare_delete(settings: &Settings, members: &Members, item: &str) -> DeleteComparison {
    let mut plain = settings.with_mode(Mode::Bloom).empty_filter();
    let mut counting = settings.with_mode(Mode::Counting).empty_filter();
    for member in members.list() {
        for _ in 0..member.copies {
            plain.insert(member.item.as_bytes());
            counting.insert(member.item.as_bytes());
        }
    }
    let mut scratch = Members::default();
    apply_entry(
        &mut plain,
        &mut scratch,
        &LogEntry::NaiveDelete(item.into()),
    );
    apply_entry(&mut counting, &mut scratch, &LogEntry::Remove(item.into()));
    let copies_left = |m: &super::log::Member| {
        if m.item == item {
            m.copies - 1
        } else {
            m.copies
        }
    };
    let misses = |filter: &FilterModel, keeps: &dyn Fn(&super::log::Member) -> bool| {
        members
            .list()
            .iter()
            .filter(|m| keeps(m) && !filter.contains(m.item.as_bytes()))
            .map(|m| m.item.clone())
            .collect::<Vec<String>>()
    };
    let plain_false_negatives = misses(&plain, &|m| m.item != item);
    let counting_false_negatives = misses(&counting, &|m| copies_left(m) > 0);
    DeleteComparison {
        plain: Rc::new(plain),
        counting: Rc::new(counting),
        plain_false_negatives,
        counting_false_negatives,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::url::parse;
    use crate::state::AppState;

    #[test]
    fn the_naive_delete_demo_loses_d_and_the_counting_demo_keeps_it() {
        let (query, item) = Demo::NaiveDelete.query();
        let state = AppState::from_url(parse(&query));
        let cmp = compare_delete(state.settings(), state.members(), &item);
        assert_eq!(cmp.plain_false_negatives, vec!["d".to_string()]);
        assert!(cmp.counting_false_negatives.is_empty());
    }

    #[test]
    fn the_saturation_demo_saturates_the_shared_counter() {
        let (words, position) = sharing_words(16, 3, 4);
        assert_eq!(words.len(), 4);
        let (query, _) = Demo::Saturation.query();
        let state = AppState::from_url(parse(&query));
        match state.filter().as_ref() {
            FilterModel::Counting(f) => {
                assert_eq!(f.max_count(), 3);
                assert!(f.is_saturated(position));
            }
            FilterModel::Plain(_) => panic!("the demo uses a counting filter"),
        }
    }
}
