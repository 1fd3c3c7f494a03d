//! The view's texts in its language: English (compiled into the module) until the language's
//! file (`i18n/filters_zh.txt`, `filters_ja.txt`) has been fetched.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::filter::space::SpaceFilter;
use crate::i18n::fill;
use crate::i18n::filters::FiltersText;
use crate::lang::Lang;

thread_local! {
    static ENGLISH: Rc<FiltersText> = Rc::new(FiltersText::english());
    /// The Chinese and Japanese texts once fetched.
    static FETCHED: RefCell<[Option<Rc<FiltersText>>; 2]> = const { RefCell::new([None, None]) };
}

/// The texts the view shows: its language's, with English for any name it lacks.
#[derive(Clone, PartialEq)]
pub struct Texts {
    lang: Option<Rc<FiltersText>>,
    english: Rc<FiltersText>,
}

impl Texts {
    /// The texts of `lang` as far as they are here.
    pub fn of(lang: Lang) -> Self {
        let lang = match lang {
            Lang::En => None,
            Lang::Zh => FETCHED.with(|f| f.borrow()[0].clone()),
            Lang::Ja => FETCHED.with(|f| f.borrow()[1].clone()),
        };
        Texts {
            lang,
            english: ENGLISH.with(Rc::clone),
        }
    }

    /// The text named `name`.
    pub fn get(&self, name: &str) -> String {
        self.lang
            .as_ref()
            .and_then(|t| t.find(name))
            .or_else(|| self.english.find(name))
            .unwrap_or(name)
            .to_owned()
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
        fill(&self.get(name), values)
    }
}

/// Whether `lang`'s texts are here (English always is).
pub fn has(lang: Lang) -> bool {
    match lang {
        Lang::En => true,
        Lang::Zh => FETCHED.with(|f| f.borrow()[0].is_some()),
        Lang::Ja => FETCHED.with(|f| f.borrow()[1].is_some()),
    }
}

/// Fetches `lang`'s file and keeps it; `then()` once it is here. A file that cannot be
/// fetched or read leaves the view in English.
pub fn fetch(lang: Lang, then: impl FnOnce() + 'static) {
    let place = match lang {
        Lang::En => return,
        Lang::Zh => 0,
        Lang::Ja => 1,
    };
    wasm_bindgen_futures::spawn_local(async move {
        let Some(window) = web_sys::window() else {
            return;
        };
        let address = format!("i18n/filters_{}.txt", lang.key());
        let Ok(response) = JsFuture::from(window.fetch_with_str(&address)).await else {
            return;
        };
        let Ok(response) = response.dyn_into::<web_sys::Response>() else {
            return;
        };
        if !response.ok() {
            return;
        }
        let Ok(body) = response.text().map(JsFuture::from) else {
            return;
        };
        let Ok(body) = body.await else {
            return;
        };
        if let Some(Ok(text)) = body.as_string().map(|b: String| FiltersText::parse(&b)) {
            FETCHED.with(|f| f.borrow_mut()[place] = Some(Rc::new(text)));
            then();
        }
    });
}
