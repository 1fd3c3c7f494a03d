//! The count-min sketch view's model: its settings as typed (what the page's link carries:
//! `cms_w=`, `cms_d=`, one `cms_add=` per item added, `cms_zipf=` for the words of the
//! Zipf stream added, and `cms_query=`) and the sketch they build.
//!
//! Counting is commutative, so the sketch is rebuilt from the settings whenever they
//! change: the typed items in order, then the first `cms_zipf` words of one fixed Zipf
//! stream ([`ZIPF_VOCABULARY`] words, exponent [`ZIPF_EXPONENT`], seed [`ZIPF_SEED`]).

use crate::filter::count_min::{zipf_ranks, zipf_word, CountMinSketch, MAX_CMS_DEPTH};
use crate::filter::{HashFamily, ParamError};

use super::fields::{parse_bounded, parse_whole, FieldProblem};

/// The widest sketch the view draws and builds.
pub const MAX_VIEW_WIDTH: u64 = 1024;
/// Words in the Zipf stream's vocabulary.
pub const ZIPF_VOCABULARY: u32 = 500;
/// The Zipf exponent s: word r is drawn with probability ∝ 1/r^s.
pub const ZIPF_EXPONENT: f64 = 1.1;
/// The stream's seed.
pub const ZIPF_SEED: u64 = 1;
/// Words one press of the Zipf button adds.
pub const ZIPF_BATCH: u64 = 1000;
/// The most Zipf words a sketch holds.
pub const MAX_ZIPF: u64 = 20_000;
/// The most typed items kept.
pub const MAX_CMS_ADDS: usize = 200;
/// Heavy hitters listed.
pub const HEAVY_HITTERS: usize = 8;

/// The view's settings as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CmsSettings {
    /// w, counters per row.
    pub width: String,
    /// d, rows.
    pub depth: String,
    /// Items added by hand, in order.
    pub adds: Vec<String>,
    /// Words of the Zipf stream added.
    pub zipf: u64,
    /// The item whose counters are shown.
    pub query: String,
}

impl Default for CmsSettings {
    fn default() -> Self {
        CmsSettings {
            width: "32".into(),
            depth: "4".into(),
            adds: Vec::new(),
            zipf: 0,
            query: String::new(),
        }
    }
}

/// Every intent of the view.
#[derive(Debug, Clone, PartialEq)]
pub enum CmsAction {
    /// w typed.
    SetWidth(String),
    /// d typed.
    SetDepth(String),
    /// Add one item (also shows its counters).
    Add(String),
    /// Show an item's counters.
    Query(String),
    /// Add the next [`ZIPF_BATCH`] words of the Zipf stream.
    AddZipf,
    /// Empty the sketch.
    Clear,
}

/// Why a field was not used.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CmsProblems {
    /// w.
    pub width: Option<FieldProblem>,
    /// d.
    pub depth: Option<FieldProblem>,
}

/// A word and how often it was added: the sketch's estimate and the true count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The item.
    pub item: String,
    /// The sketch's estimate (the minimum over rows).
    pub estimate: u64,
    /// How many times it was really added.
    pub truth: u64,
}

/// The view: settings, their problems, the last valid width and depth, and how often each
/// word of the Zipf stream was drawn. The sketch itself is built when the view is drawn
/// ([`CmsState::shown`]), hashed by the page's family as it is then.
#[derive(Debug, Clone, PartialEq)]
pub struct CmsState {
    settings: CmsSettings,
    problems: CmsProblems,
    /// w of the last valid width.
    width: u64,
    /// d of the last valid depth.
    depth: u32,
    zipf_counts: Vec<u64>,
}

impl Default for CmsState {
    fn default() -> Self {
        CmsState::new(CmsSettings::default())
    }
}

impl CmsState {
    /// The view with these settings (a width or depth that cannot be used falls back to
    /// the default and is named beside its field).
    pub fn new(settings: CmsSettings) -> Self {
        let state = CmsState {
            settings: CmsSettings::default(),
            problems: CmsProblems::default(),
            width: 32,
            depth: 4,
            zipf_counts: Vec::new(),
        };
        state.edited(settings)
    }

    /// Applies one action.
    pub fn apply(self, action: CmsAction) -> Self {
        let mut settings = self.settings.clone();
        match action {
            CmsAction::SetWidth(text) => settings.width = text,
            CmsAction::SetDepth(text) => settings.depth = text,
            CmsAction::Add(item) => {
                if item.is_empty() || settings.adds.len() >= MAX_CMS_ADDS {
                    return self;
                }
                settings.query = item.clone();
                settings.adds.push(item);
            }
            CmsAction::Query(item) => settings.query = item,
            CmsAction::AddZipf => settings.zipf = (settings.zipf + ZIPF_BATCH).min(MAX_ZIPF),
            CmsAction::Clear => {
                settings.adds.clear();
                settings.zipf = 0;
            }
        }
        self.edited(settings)
    }

    /// The state for new settings: each field read, the last valid width and depth kept,
    /// the Zipf words drawn counted.
    fn edited(mut self, mut settings: CmsSettings) -> Self {
        let width = parse_bounded(&settings.width, MAX_VIEW_WIDTH, ParamError::ZeroBits);
        let depth = parse_bounded(
            &settings.depth,
            u64::from(MAX_CMS_DEPTH),
            ParamError::ZeroHashes,
        );
        settings.zipf = settings.zipf.min(MAX_ZIPF);
        settings.adds.truncate(MAX_CMS_ADDS);
        self.width = *width.as_ref().unwrap_or(&self.width);
        self.depth = depth.as_ref().map_or(self.depth, |&d| d as u32);
        self.problems = CmsProblems {
            width: width.err(),
            depth: depth.err(),
        };
        let mut zipf_counts = vec![0u64; ZIPF_VOCABULARY as usize + 1];
        let ranks = zipf_ranks(
            ZIPF_VOCABULARY,
            ZIPF_EXPONENT,
            settings.zipf as u32,
            ZIPF_SEED,
        )
        .unwrap_or_default();
        for rank in ranks {
            zipf_counts[rank as usize] += 1;
        }
        self.zipf_counts = zipf_counts;
        self.settings = settings;
        self
    }

    /// The view as drawn with the page's `family` (murmur3 for a family without an
    /// `(h1, h2)` pair): the typed items in order, then the Zipf words, in a w × d sketch.
    pub fn shown(&self, family: HashFamily) -> CmsShown<'_> {
        let family = family.with_pair_or_murmur3();
        let mut sketch = CountMinSketch::new(self.width, self.depth, family)
            .unwrap_or_else(|_| unreachable!("w and d were checked"));
        for item in &self.settings.adds {
            sketch.add(item.as_bytes());
        }
        for (rank, &count) in self.zipf_counts.iter().enumerate().skip(1) {
            if count > 0 {
                sketch.add_count(zipf_word(rank as u32).as_bytes(), count);
            }
        }
        CmsShown {
            state: self,
            sketch,
        }
    }

    /// The settings as typed.
    pub fn settings(&self) -> &CmsSettings {
        &self.settings
    }
}

/// The count-min view as drawn: its state and the sketch it builds with the page's family.
#[derive(Debug, Clone, PartialEq)]
pub struct CmsShown<'a> {
    state: &'a CmsState,
    sketch: CountMinSketch,
}

impl CmsShown<'_> {
    /// The settings as typed.
    pub fn settings(&self) -> &CmsSettings {
        &self.state.settings
    }
    /// Each field's problem.
    pub fn problems(&self) -> &CmsProblems {
        &self.state.problems
    }
    /// The sketch.
    pub fn sketch(&self) -> &CountMinSketch {
        &self.sketch
    }

    /// How many times `item` was really added: by hand and in the Zipf stream.
    pub fn true_count(&self, item: &str) -> u64 {
        let settings = &self.state.settings;
        let typed = settings.adds.iter().filter(|a| *a == item).count() as u64;
        let zipf = item
            .strip_prefix('w')
            .and_then(|r| parse_whole(r).ok())
            .filter(|r| item == zipf_word(*r as u32))
            .and_then(|r| self.state.zipf_counts.get(r as usize))
            .copied()
            .unwrap_or(0);
        typed + zipf
    }

    /// The query's estimate and true count, when there is a query.
    pub fn queried(&self) -> Option<Counted> {
        let item = &self.state.settings.query;
        (!item.is_empty()).then(|| self.counted(item))
    }

    fn counted(&self, item: &str) -> Counted {
        Counted {
            item: item.to_owned(),
            estimate: self.sketch.estimate(item.as_bytes()),
            truth: self.true_count(item),
        }
    }

    /// The items added most often by the sketch's estimate, largest first: the typed items
    /// and the Zipf words drawn, each once.
    pub fn heavy_hitters(&self) -> Vec<Counted> {
        let adds = &self.state.settings.adds;
        let mut candidates: Vec<String> =
            crate::filter::distinct::first_occurrences(adds.iter().map(String::as_str))
                .into_iter()
                .map(str::to_owned)
                .collect();
        for (rank, &count) in self.state.zipf_counts.iter().enumerate().skip(1) {
            let word = zipf_word(rank as u32);
            if count > 0 && !adds.contains(&word) {
                candidates.push(word);
            }
        }
        crate::filter::count_min::heavy_hitters(&self.sketch, &candidates, 1)
            .into_iter()
            .take(HEAVY_HITTERS)
            .map(|(item, _)| self.counted(&item))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The view as drawn with murmur3.
    fn shown(state: &CmsState) -> CmsShown<'_> {
        state.shown(HashFamily::Murmur3)
    }

    #[test]
    fn the_sketch_counts_typed_items_and_never_estimates_below_the_truth() {
        let state = CmsState::default()
            .apply(CmsAction::Add("apple".into()))
            .apply(CmsAction::Add("pear".into()))
            .apply(CmsAction::Add("apple".into()));
        assert_eq!(shown(&state).sketch().total(), 3);
        let queried = shown(&state).queried().unwrap();
        assert_eq!(queried.item, "apple");
        assert_eq!(queried.truth, 2);
        assert!(queried.estimate >= 2);
        let state = state.apply(CmsAction::Query("plum".into()));
        assert_eq!(shown(&state).queried().unwrap().truth, 0);
    }

    #[test]
    fn the_zipf_stream_adds_its_words_and_the_heavy_hitters_lead_with_the_first_ranks() {
        let state = CmsState::default().apply(CmsAction::AddZipf);
        assert_eq!(shown(&state).sketch().total(), ZIPF_BATCH);
        let ranks =
            zipf_ranks(ZIPF_VOCABULARY, ZIPF_EXPONENT, ZIPF_BATCH as u32, ZIPF_SEED).unwrap();
        let ones = ranks.iter().filter(|&&r| r == 1).count() as u64;
        assert_eq!(shown(&state).true_count("w1"), ones);
        let heavy = shown(&state).heavy_hitters();
        assert_eq!(heavy.len(), HEAVY_HITTERS);
        assert_eq!(heavy[0].item, "w1");
        for counted in &heavy {
            assert!(counted.estimate >= counted.truth, "{counted:?}");
        }
        // The same words again: the next batch continues the same stream.
        let twice = state.apply(CmsAction::AddZipf);
        assert_eq!(shown(&twice).sketch().total(), 2 * ZIPF_BATCH);
        assert_eq!(shown(&twice.apply(CmsAction::Clear)).sketch().total(), 0);
    }

    #[test]
    fn a_bad_width_is_named_and_the_sketch_keeps_its_last_good_shape() {
        let state = CmsState::default()
            .apply(CmsAction::Add("x".into()))
            .apply(CmsAction::SetWidth("0".into()));
        assert!(shown(&state).problems().width.is_some());
        assert_eq!(shown(&state).sketch().width(), 32);
        assert_eq!(shown(&state).sketch().total(), 1);
        let state = state.apply(CmsAction::SetWidth("5000".into()));
        assert_eq!(
            shown(&state).problems().width,
            Some(FieldProblem::AboveMax(MAX_VIEW_WIDTH))
        );
        let state = state.apply(CmsAction::SetDepth("7".into()));
        assert_eq!(shown(&state).sketch().depth(), 7);
        assert_eq!(shown(&state).sketch().total(), 1);
    }

    #[test]
    fn a_family_without_a_pair_sketches_with_murmur3() {
        let state = CmsState::default().apply(CmsAction::Add("x".into()));
        let seed = state.shown(HashFamily::Seed000);
        assert_eq!(seed.sketch().family(), HashFamily::Murmur3);
        let fnv = state.shown(HashFamily::Fnv1a);
        assert_eq!(fnv.sketch().family(), HashFamily::Fnv1a);
        assert_eq!(fnv.sketch().total(), 1);
    }
}
