//! The page's views, declared once. Each row gives a view's `view=` key, its tab label (also
//! its line in the shortcut list, where its key is its place in the table: 1, 2, …), where
//! its state lives in [`crate::state::AppState`], and the function that draws it. The link,
//! the tabs, the keyboard shortcuts, the shortcut list and the app all read this table, so
//! a new view is its state file, its UI file, its texts and one row here.

use crate::i18n::Text;

macro_rules! views {
    ($(
        $(#[$doc:meta])*
        $view:ident: $key:literal, tab $tab:ident, state $state:literal, draw $draw:path;
    )*) => {
        /// Which part of the page is shown (the first is the default).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum View {
            $($(#[$doc])* $view,)*
        }

        impl View {
            /// Every view, in tab order.
            pub const ALL: &'static [View] = &[$(View::$view),*];

            /// The URL key (`view=`).
            pub fn key(self) -> &'static str {
                match self {
                    $(View::$view => $key,)*
                }
            }

            /// The view's tab label, in the page's language.
            pub fn tab(self, text: &Text) -> &'static str {
                match self {
                    $(View::$view => text.$tab,)*
                }
            }

            /// Where the view's state lives in the page state (for readers of the table).
            pub fn state(self) -> &'static str {
                match self {
                    $(View::$view => $state,)*
                }
            }

            /// Draws the view.
            #[cfg(target_arch = "wasm32")]
            pub fn draw(
                self,
                text: &'static Text,
                state: &crate::state::AppState,
                dispatch: &yew::Callback<crate::state::Action>,
            ) -> yew::Html {
                match self {
                    $(View::$view => $draw(text, state, dispatch),)*
                }
            }
        }
    };
}

views! {
    /// The bit array, hashes and queries (kept mounted while another view is shown, so its
    /// table entry draws nothing of its own: the app draws it).
    Visualizer: "visualizer", tab tab_visualizer, state "the shared filter and `panels`",
        draw crate::ui::views::visualizer::drawn_by_the_app;
    /// Theory against measurement.
    Lab: "lab", tab tab_lab, state "`lab`", draw crate::ui::views::lab::lab_view;
    /// Sizing.
    Calculator: "calculator", tab tab_calculator, state "`calculator`",
        draw crate::ui::views::calculator::calculator_view;
    /// Union, intersection and folding.
    Sets: "sets", tab tab_sets, state "`sets`", draw crate::ui::views::sets::sets_view;
    /// Hash quality.
    Hashes: "hashes", tab tab_hashes, state "`hash_quality`",
        draw crate::ui::views::hashes::hashes_view;
    /// Filters that grow with their stream.
    Grow: "grow", tab tab_grow, state "`grow`", draw crate::ui::views::grow::grow_view;
    /// The count-min sketch.
    Cms: "cms", tab tab_cms, state "`cms`", draw crate::ui::views::cms::cms_view;
    /// Use cases: a store and a blacklist behind a filter.
    Apps: "apps", tab tab_apps, state "`apps`", draw crate::ui::views::apps::apps_view;
    /// A real Parquet file's Bloom filters.
    Files: "files", tab tab_files, state "`files`", draw crate::ui::views::files::files_view;
}

impl Default for View {
    fn default() -> Self {
        View::ALL[0]
    }
}

impl View {
    /// The view for a URL key.
    pub fn from_key(key: &str) -> Option<Self> {
        View::ALL.iter().copied().find(|v| v.key() == key)
    }

    /// The key that shows this view: its place in the table, `1` to `9`.
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
    fn every_view_has_its_own_key_shortcut_and_tab() {
        let en = &crate::i18n::EN;
        for (place, &view) in View::ALL.iter().enumerate() {
            assert_eq!(View::from_key(view.key()), Some(view));
            let key = char::from_digit(place as u32 + 1, 10).unwrap();
            assert_eq!(view.shortcut(), Some(key));
            assert_eq!(View::for_shortcut(&key.to_string()), Some(view));
            assert!(!view.tab(en).is_empty() && !view.state().is_empty());
            let others = View::ALL.iter().filter(|&&v| v != view);
            assert!(others
                .clone()
                .all(|v| v.key() != view.key() && v.tab(en) != view.tab(en)));
        }
        assert_eq!(View::default(), View::Visualizer);
        assert_eq!(View::for_shortcut("0"), None);
        assert_eq!(View::for_shortcut("12"), None);
    }
}
