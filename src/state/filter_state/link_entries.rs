//! A link's entries joining the filter: each applied as the page would apply it (see
//! [`entry_as_applied`]), in one pass without an undo step of their own, then the link's
//! query asked.

use std::rc::Rc;

use super::bulk::LinkEntries;
use super::removal::false_negatives_of;
use super::{BulkBuilder, FilterState, Message};
use crate::state::log::{replay, LogEntry, Members};
use crate::state::query::run_query;
use crate::state::settings::FilterModel;
use crate::state::url::{Notice, NoticeReason};

impl FilterState {
    /// A builder that adds a link's `entries` to the current filter, then asks `query`.
    pub(in crate::state) fn link_builder(
        &self,
        entries: Vec<LogEntry>,
        query: Option<String>,
    ) -> BulkBuilder {
        let mut builder = self.bulk_builder(entries.len());
        builder.link = Some(LinkEntries::new(entries, query));
        builder
    }

    /// Asks a link's query: the item in the field and its answer shown.
    pub(in crate::state) fn ask_from_link(&mut self, query: &str) {
        self.draft = query.to_owned();
        self.last_query = Some(Rc::new(run_query(self.asked(), query)));
    }

    /// Applies a link's entries in one pass, each as the page would apply it (an add, a
    /// removal, an unsafe deletion) but without an undo step of its own, so that a link of
    /// 20,000 items opens in one linear pass: a notice names each entry the page refuses,
    /// and the message says what the last unsafe deletion broke. Returns the notices.
    #[must_use]
    pub(in crate::state) fn apply_log_from_url(&mut self, entries: Vec<LogEntry>) -> Vec<Notice> {
        if entries.is_empty() {
            return Vec::new();
        }
        let mut builder = self.link_builder(entries, None);
        builder.add_link_slice(usize::MAX);
        self.finish_link(builder)
    }

    /// A link's entries, all added by `built`, join the state (no undo step: the page opened
    /// with them): the entries refused become notices, the message says what the last unsafe
    /// deletion broke (as of just after it), and the link's query is asked. Returns the
    /// notices, for the page to show.
    #[must_use]
    pub(in crate::state) fn finish_link(&mut self, built: BulkBuilder) -> Vec<Notice> {
        let Some(link) = built.link else {
            return Vec::new();
        };
        self.log = Rc::new(built.log);
        self.filter = Rc::new(built.filter);
        self.members = Rc::new(built.members);
        self.changed();
        if let Some((item, at)) = link.last_damage {
            let victims = if at == self.log.len() {
                self.false_negatives()
            } else {
                let (filter, members) = replay(&self.settings, &self.log[..at]);
                false_negatives_of(&filter, &members)
            };
            self.message = Some(Message::FalseNegativesCreated { item, victims });
        }
        if let Some(query) = &link.query {
            self.ask_from_link(query);
        }
        link.notices
    }
}

/// How the page applies one of a link's entries to this filter: the entry logged and
/// whether it is an unsafe deletion (which the page then says broke members); or the
/// parameter, the item and why the page refuses it.
///
/// - `add` always applies.
/// - In counting mode `remove` applies to a member; `force_remove` applies to an item that
///   tests as present (a member's is logged as a `remove`); `naive_delete` is a `remove`.
///   An item with a 0 counter is refused as certainly absent, a non-member's `remove` as a
///   false positive.
/// - In a plain filter `naive_delete` clears the item's bits; `remove` and `force_remove`
///   are refused.
pub(in crate::state) fn entry_as_applied(
    filter: &FilterModel,
    members: &Members,
    entry: LogEntry,
) -> Result<(LogEntry, bool), (&'static str, String, NoticeReason)> {
    let param = match &entry {
        LogEntry::Add(_) => return Ok((entry, false)),
        LogEntry::Remove(_) => "remove",
        LogEntry::ForceRemove(_) => "force_remove",
        LogEntry::NaiveDelete(_) => "naive_delete",
    };
    let force = matches!(entry, LogEntry::ForceRemove(_));
    let item = match entry {
        LogEntry::Add(item)
        | LogEntry::Remove(item)
        | LogEntry::ForceRemove(item)
        | LogEntry::NaiveDelete(item) => item,
    };
    match filter {
        FilterModel::Counting(counting) => {
            if !counting.zero_positions(item.as_bytes()).is_empty() {
                Err((param, item, NoticeReason::RemoveAbsent))
            } else if members.contains(&item) {
                Ok((LogEntry::Remove(item), false))
            } else if force {
                Ok((LogEntry::ForceRemove(item), true))
            } else {
                Err((param, item, NoticeReason::RemoveFalsePositive))
            }
        }
        FilterModel::Plain(_) if param == "naive_delete" => Ok((LogEntry::NaiveDelete(item), true)),
        FilterModel::Plain(_) => Err((param, item, NoticeReason::RemovePlain)),
    }
}
