//! Names of the model's choices in the page's language.

use crate::filter::hash_quality::HashUnderTest;
use crate::state::calculator::Solve;
use crate::state::demos::Demo;

use super::{fill, Text};

/// A deletion demonstration's button.
pub fn demo(text: &Text, demo: Demo) -> &'static str {
    match demo {
        Demo::NaiveDelete => text.demo_naive,
        Demo::CountingDelete => text.demo_counting,
        Demo::Saturation => text.demo_saturation,
    }
}

/// A calculator question.
pub fn solve(text: &Text, mode: Solve) -> &'static str {
    match mode {
        Solve::SizeForItems => text.calc_size_for_items,
        Solve::ItemsForSize => text.calc_items_for_size,
        Solve::RateForShape => text.calc_rate_for_shape,
        Solve::BestHashes => text.calc_best_hashes,
    }
}

/// A hash in the hash-quality view (the real families by their own names).
pub fn hash_under_test(text: &Text, hash: HashUnderTest) -> &'static str {
    match hash {
        HashUnderTest::Times31 => text.hash_label_times31,
        HashUnderTest::Sum => text.hash_label_sum,
        real => real.label(),
    }
}

/// "Filter A (3 items)", or "(1 item)".
pub fn filter_heading(text: &Text, name: &str, items: usize) -> String {
    match items {
        1 => fill(text.sets_filter_one, &[&name]),
        _ => fill(text.sets_filter, &[&name, &items]),
    }
}
