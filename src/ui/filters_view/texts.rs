//! The view's texts in its language: English (compiled into the module) until the language's
//! file (`i18n/filters_zh.txt`, `filters_ja.txt`) has been fetched.

use crate::filter::space::SpaceFilter;
use crate::i18n::view_texts::ViewTexts;
use crate::i18n::view_texts::FILTERS;
use crate::lang::Lang;
use crate::ui::view_module;

/// The texts the view shows: its language's, with English for any name it lacks.
#[derive(Clone, PartialEq)]
pub struct Texts(ViewTexts);

impl Texts {
    /// The texts of `lang` as far as they are here.
    pub fn of(lang: Lang) -> Self {
        Texts(view_module::texts_of(FILTERS, lang))
    }

    /// The text named `name`.
    pub fn get(&self, name: &str) -> String {
        self.0.get(name).to_owned()
    }

    /// The name of a space-table row's filter.
    pub fn filter_name(&self, filter: SpaceFilter) -> String {
        self.get(match filter {
            SpaceFilter::Bloom => "sm_bloom",
            SpaceFilter::Blocked => "sp_blocked",
            SpaceFilter::SplitBlock => "sp_split_block",
            SpaceFilter::Counting => "sm_counting",
            SpaceFilter::Cuckoo => "cuckoo",
            SpaceFilter::Quotient => "quotient",
            SpaceFilter::Xor => "xor",
            SpaceFilter::Fuse => "fuse",
            SpaceFilter::Ribbon => "ribbon",
            SpaceFilter::XorfXor8 => "sp_xorf_xor8",
            SpaceFilter::XorfFuse8 => "sp_xorf_fuse8",
            SpaceFilter::Qfilter => "sp_qfilter",
        })
    }

    /// The text named `name` with its placeholders filled.
    pub fn fill(&self, name: &str, values: &[&dyn std::fmt::Display]) -> String {
        self.0.fill(name, values)
    }
}

/// Whether `lang`'s texts are here (English always is).
pub fn has(lang: Lang) -> bool {
    view_module::has(FILTERS, lang)
}

/// Fetches `lang`'s file and keeps it; `then()` once it is here. A file that cannot be
/// fetched or read leaves the view in English.
pub fn fetch(lang: Lang, then: impl FnOnce() + 'static) {
    view_module::fetch(FILTERS, lang, then);
}
