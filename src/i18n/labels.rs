//! Names of the model's choices in the page's language.

use crate::filter::hash_quality::HashUnderTest;
use crate::state::calculator_view::Solve;
use crate::state::demos::Demo;
use crate::state::View;

use super::{fill, Text};

/// A view's tab label (also its line in the shortcut list).
pub fn view_tab(text: &Text, view: View) -> &'static str {
    match view {
        View::Visualizer => text.tab_visualizer,
        View::Lab => text.tab_lab,
        View::Calculator => text.tab_calculator,
        View::Sets => text.tab_sets,
        View::Hashes => text.tab_hashes,
        View::Grow => text.tab_grow,
        View::Cms => text.tab_cms,
        View::Apps => text.tab_apps,
        View::Files => text.tab_files,
        View::Filters => text.tab_filters,
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_view_has_its_own_tab_label_in_every_language() {
        crate::i18n::install_bundled();
        for lang in crate::lang::Lang::ALL {
            let text = lang.text();
            for &view in View::ALL {
                let label = view_tab(text, view);
                assert!(!label.is_empty(), "{lang:?} {view:?}");
                assert!(View::ALL
                    .iter()
                    .filter(|&&v| v != view)
                    .all(|&v| view_tab(text, v) != label));
            }
        }
    }
}
