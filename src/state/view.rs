//! The page's views: which part of the page is shown, its `view=` key and its keyboard
//! shortcut (its place in [`View::ALL`]: 1, 2, …). The link, the tabs, the shortcuts and the
//! shortcut list read this enum; each view's tab label is in `i18n::labels::view_tab`, and
//! the function that draws it in `ui::views::draw`. Both are `match`es without a wildcard, so
//! a new view is refused by the compiler until it has a label and a drawing.

/// Which part of the page is shown (the first is the default). Beside each view: where its
/// state lives in [`crate::state::AppState`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// The bit array, hashes and queries: the shared filter and `panels`.
    #[default]
    Visualizer,
    /// Theory against measurement: `lab`.
    Lab,
    /// Sizing: `calculator`.
    Calculator,
    /// Union, intersection and folding: `sets`.
    Sets,
    /// Hash quality: `hash_quality`.
    Hashes,
    /// Filters that grow with their stream: `grow`.
    Grow,
    /// The count-min sketch: `cms`.
    Cms,
    /// Use cases, a store and a blacklist behind a filter: `apps`.
    Apps,
    /// A real Parquet file's Bloom filters: `files`.
    Files,
    /// Filters beyond Bloom, drawn by a module loaded on use: `page.filters`.
    Filters,
}

impl View {
    /// Every view, in tab order.
    pub const ALL: &'static [View] = &[
        View::Visualizer,
        View::Lab,
        View::Calculator,
        View::Sets,
        View::Hashes,
        View::Grow,
        View::Cms,
        View::Apps,
        View::Files,
        View::Filters,
    ];

    /// The URL key (`view=`).
    pub fn key(self) -> &'static str {
        match self {
            View::Visualizer => "visualizer",
            View::Lab => "lab",
            View::Calculator => "calculator",
            View::Sets => "sets",
            View::Hashes => "hashes",
            View::Grow => "grow",
            View::Cms => "cms",
            View::Apps => "apps",
            View::Files => "files",
            View::Filters => "filters",
        }
    }

    /// The view for a URL key.
    pub fn from_key(key: &str) -> Option<Self> {
        View::ALL.iter().copied().find(|v| v.key() == key)
    }

    /// The key that shows this view: its place in the table, `1` to `9` (the views after
    /// the ninth have none).
    pub fn shortcut(self) -> Option<char> {
        let place = View::ALL.iter().position(|&v| v == self)?;
        char::from_digit(place as u32 + 1, 10).filter(|&c| c != '0')
    }

    /// The view a key shows, if any.
    pub fn for_shortcut(key: &str) -> Option<View> {
        View::ALL.iter().copied().find(|v| {
            v.shortcut()
                .is_some_and(|c| key.len() == 1 && key.starts_with(c))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_view_has_its_own_key_and_shortcut() {
        for (place, &view) in View::ALL.iter().enumerate() {
            assert_eq!(View::from_key(view.key()), Some(view));
            match char::from_digit(place as u32 + 1, 10) {
                Some(key) => {
                    assert_eq!(view.shortcut(), Some(key));
                    assert_eq!(View::for_shortcut(&key.to_string()), Some(view));
                }
                None => assert_eq!(view.shortcut(), None),
            }
            assert!(View::ALL
                .iter()
                .filter(|&&v| v != view)
                .all(|v| v.key() != view.key()));
        }
        assert_eq!(View::default(), View::Visualizer);
        assert_eq!(View::for_shortcut("0"), None);
        assert_eq!(View::for_shortcut("12"), None);
    }
}
