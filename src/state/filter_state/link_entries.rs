//! A link's entries joining the filter: each applied as the page would apply it (see
//! [`super::bulk`]), in one pass without an undo step of their own, then the link's
//! query asked.

use std::rc::Rc;

use super::bulk::LinkEntries;
use super::removal::false_negatives_of;
use super::{BulkBuilder, FilterState, Message};
use crate::state::log::{replay, LogEntry};
use crate::state::query::run_query;
use crate::state::url::Notice;

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
