//! Each distinct text once, in the order first met: the one set of strings the page builds
//! (items of a set, lines of a corpus, a union's members), so that every such use shares
//! one hash-set type.

use std::collections::HashSet;

/// The texts of `items`, each once, in the order of their first occurrence.
pub fn first_occurrences<'a>(items: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen: HashSet<&str> = HashSet::new();
    items.into_iter().filter(|item| seen.insert(item)).collect()
}

/// The set of `items`, for membership tests.
pub fn text_set<'a>(items: impl IntoIterator<Item = &'a str>) -> HashSet<&'a str> {
    items.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeats_go_and_the_first_order_stays() {
        assert_eq!(
            first_occurrences(["b", "a", "b", "c", "a"]),
            vec!["b", "a", "c"]
        );
        assert!(first_occurrences([]).is_empty());
        assert!(text_set(["x", "y"]).contains("y"));
    }
}
