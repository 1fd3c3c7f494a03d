//! Reading a query string into a [`UrlState`], a slice of pairs at a time if need be: a
//! link of 20,000 items is 220 KB, and decoding it in one go would hold the page for tens
//! of milliseconds on a slow machine.

use std::rc::Rc;

use super::encoding::decoded_pair;
use super::params::{param_place, PARAMS};
use super::{Notice, NoticeReason, UrlState};
use crate::state::fields::check_item;
use crate::state::log::LogEntry;

/// A query string's pairs, decoded a slice at a time ([`LinkReader::read`]), then read into
/// a [`UrlState`] ([`LinkReader::finish`]).
pub struct LinkReader {
    query: String,
    /// The byte where the pairs not yet decoded start.
    read_to: usize,
    /// The pairs decoded, in the link's order.
    pairs: Vec<(String, String)>,
    /// A saved session's query: never read in the compact view (`embed=`), as a saved
    /// session is the reader's own full page (an embedded copy never saves).
    saved: bool,
}

impl LinkReader {
    /// A reader of a link's query string (with or without the leading `?`), or of a saved
    /// session's (`saved`).
    pub fn new(query: String, saved: bool) -> Self {
        Self {
            read_to: usize::from(query.starts_with('?')),
            query,
            pairs: Vec::new(),
            saved,
        }
    }

    /// Whether this reads a saved session's query string.
    pub fn is_saved(&self) -> bool {
        self.saved
    }

    /// Whether every pair is decoded.
    pub fn is_read(&self) -> bool {
        self.read_to >= self.query.len()
    }

    /// Decodes up to `pairs` more pairs.
    pub fn read(&mut self, pairs: usize) {
        let mut taken = 0;
        while taken < pairs && self.read_to < self.query.len() {
            let rest = &self.query[self.read_to..];
            let pair = rest.split('&').next().unwrap_or(rest);
            self.read_to += pair.len() + 1;
            if !pair.is_empty() {
                self.pairs.push(decoded_pair(pair));
                taken += 1;
            }
        }
    }

    /// Decodes every pair left.
    pub fn read_all(mut self) -> Self {
        self.read(usize::MAX);
        self
    }

    /// Reads the pairs decoded so far into the state they describe. Never fails: every
    /// problem becomes a notice.
    pub fn finish(self) -> UrlState {
        let mut url = read_pairs(&in_table_order(self.pairs));
        if self.saved {
            url.embedding.compact = false;
        }
        url
    }
}

/// The query's pairs, each with its place in [`PARAMS`] (`None` for an unknown key), in the
/// table's order: a link's parameters are read in the same order whatever their order in
/// the link, so that the same parameters give the same state and the same notices. A value
/// that cannot go with those before it in the table is the one refused (`hash=seed000`
/// beside k > 6 names `hash`, `layout=partitioned` beside m < k names `layout`). Pairs of
/// one key keep their order (items are added in the link's order, and a repeated
/// single-valued parameter's last value is taken); unknown keys come last, in the link's
/// order.
fn in_table_order(pairs: Vec<(String, String)>) -> Vec<Pair> {
    let mut by_place: Vec<Vec<_>> = PARAMS.iter().map(|_| Vec::new()).collect();
    let mut unknown = Vec::new();
    // A link's pairs mostly come in runs of one key (20,000 `add=`): a run's key is looked
    // up once.
    let mut last: Option<(String, Option<usize>)> = None;
    for (key, value) in pairs {
        let place = match &last {
            Some((last_key, place)) if *last_key == key => *place,
            _ => {
                let place = param_place(&key);
                last = Some((key.clone(), place));
                place
            }
        };
        match place {
            Some(at) => by_place[at].push((place, key, value)),
            None => unknown.push((place, key, value)),
        }
    }
    let mut ordered =
        Vec::with_capacity(by_place.iter().map(Vec::len).sum::<usize>() + unknown.len());
    for mut pairs in by_place {
        ordered.append(&mut pairs);
    }
    ordered.append(&mut unknown);
    ordered
}

/// A decoded pair with its key's place in [`PARAMS`] (`None` for an unknown key).
type Pair = (Option<usize>, String, String);

/// The state that `pairs` (in the table's order) describe.
fn read_pairs(pairs: &[Pair]) -> UrlState {
    let mut url = UrlState::default();
    let mut notices = Vec::new();
    // A single-valued parameter is read from its last occurrence only.
    for (index, (place, key, value)) in pairs.iter().enumerate() {
        let Some(param) = place.map(|place| &PARAMS[place]) else {
            notices.push(Notice::new(key, value, NoticeReason::Unknown));
            continue;
        };
        if let Err(problem) = check_item(value) {
            notices.push(Notice::new(key, value, problem.into()));
            continue;
        }
        if !param.repeats
            && pairs
                .get(index + 1)
                .is_some_and(|(next, _, _)| next == place)
        {
            notices.push(Notice::new(key, value, NoticeReason::Repeated));
            continue;
        }
        match (param.parse)(&mut url, value) {
            Ok(()) if !url.given.has(param.key) => url.given.0.push(param.key),
            Ok(()) => {}
            Err(rejected) => {
                let shown = rejected.part.as_deref().unwrap_or(value);
                notices.push(Notice::new(key, shown, rejected.reason));
            }
        }
    }
    // A lesson's practice step takes its seed from `practice=`; a quiz cannot start beside it.
    if let Some(seed) = url.quiz.filter(|_| url.lesson.is_some()) {
        let seed = seed.to_string();
        notices.push(Notice::new("quiz", &seed, NoticeReason::BesideLesson));
        url.quiz = None;
    }
    if url.lesson.is_none() && url.step != 1 {
        let step = url.step.to_string();
        notices.push(Notice::new("step", &step, NoticeReason::NeedsLesson));
        url.step = 1;
    }
    let entries = std::mem::take(url.entries_mut());
    url.entries = Rc::new(in_applied_order(entries));
    url.notices = notices;
    url
}

/// Reads the page state from a query string. Never fails: every problem becomes a notice.
pub fn parse(query: &str) -> UrlState {
    LinkReader::new(query.to_owned(), false).read_all().finish()
}

/// The order in which a link's entries are applied: adds, removes, then the unsafe
/// deletions (each kind in the order given).
fn entry_rank(entry: &LogEntry) -> usize {
    match entry {
        LogEntry::Add(_) => 0,
        LogEntry::Remove(_) => 1,
        LogEntry::ForceRemove(_) => 2,
        LogEntry::NaiveDelete(_) => 3,
    }
}

/// `entries` in the order they are applied (a stable grouping by [`entry_rank`]).
fn in_applied_order(entries: Vec<LogEntry>) -> Vec<LogEntry> {
    // Most links are in that order already (adds alone).
    if entries
        .windows(2)
        .all(|pair| entry_rank(&pair[0]) <= entry_rank(&pair[1]))
    {
        return entries;
    }
    let mut ranks: [Vec<LogEntry>; 4] = Default::default();
    for entry in entries {
        ranks[entry_rank(&entry)].push(entry);
    }
    let [mut ordered, removes, force_removes, naive_deletes] = ranks;
    for rank in [removes, force_removes, naive_deletes] {
        ordered.extend(rank);
    }
    ordered
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A link read a few pairs at a time gives the state it gives read at once.
    #[test]
    fn a_link_read_in_slices_gives_the_state_read_at_once() {
        let query = "?add=a&&m=64&zz=1&add=b%20c&k=3&remove=a&m=32&add=d&query=q&lang=ja&embed=1";
        let whole = parse(query);
        for slice in 1..=4 {
            let mut reader = LinkReader::new(query.to_owned(), false);
            let mut tasks = 0;
            while !reader.is_read() {
                reader.read(slice);
                tasks += 1;
            }
            // 11 pairs (the empty one between `&&` is skipped).
            assert_eq!(tasks, 11_usize.div_ceil(slice));
            assert_eq!(reader.finish(), whole, "slices of {slice}");
        }
        assert_eq!(whole.settings.m(), 32);
        assert_eq!(whole.notices.len(), 2, "{:?}", whole.notices);
        assert_eq!(whole.entries.len(), 4);
        let mut saved = LinkReader::new(query.to_owned(), true);
        saved.read(3);
        assert!(!saved.is_read());
        saved.read(100);
        assert!(saved.is_read());
        let saved = saved.finish();
        assert!(whole.embedding.compact && !saved.embedding.compact);
    }

    #[test]
    fn an_empty_query_is_read_at_once() {
        for query in ["", "?", "&&"] {
            let mut reader = LinkReader::new(query.to_owned(), false);
            reader.read(1);
            assert!(reader.is_read(), "{query:?}");
            assert_eq!(reader.finish(), UrlState::default());
        }
    }
}
