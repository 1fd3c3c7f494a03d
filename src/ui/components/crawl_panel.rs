//! The crawler lesson's tally: what the seen-URL filter decided, and what it saved.

use crate::markup;
use yew::prelude::*;

use crate::ui::raw::{IntoHtml, Markup};

use crate::i18n::{fill, Text};
use crate::state::crawl::{CrawlDecision, CrawlTally};

/// Props of [`CrawlPanel`].
pub struct CrawlPanelProps {
    /// The crawler's totals.
    pub tally: CrawlTally,
    /// The filter's size in bits.
    pub m: u64,
}

/// The panel, written as markup (it has no controls).
pub fn crawl_panel(text: &'static Text, props: &CrawlPanelProps) -> Html {
    let tally = &props.tally;
    let mut out = Markup::default();
    markup!(
        out,
        concat!(
            "<section class=\"panel crawl\" id=\"crawl\" ",
            "aria-labelledby=\"crawl-title\"><h2 id=\"crawl-title\">{crawl_title}",
            "</h2><dl>"
        ),
        crawl_title = text.crawl_title
    );
    for (label, value, key) in [
        (text.crawl_taken, tally.taken, "taken"),
        (text.crawl_fetched, tally.fetched, "fetched"),
        (text.crawl_repeats, tally.repeats_skipped, "repeats"),
        (
            text.crawl_new_skipped,
            tally.new_skipped.len() as u64,
            "missed",
        ),
    ] {
        markup!(
            out,
            concat!(
                "<div class=\"stat\"><dt>{label}</dt><dd data-crawl=\"{key}\">{value}",
                "</dd></div>"
            ),
            label,
            key,
            value
        );
    }
    markup!(out, "</dl>");
    if !tally.new_skipped.is_empty() {
        markup!(out, "<ul class=\"crawl-missed\">");
        for url in &tally.new_skipped {
            markup!(out, "<li><code>{url}</code></li>", url);
        }
        markup!(out, "</ul>");
    }
    markup!(
        out,
        concat!(
            "<p data-crawl=\"exact\">{exact}</p><p data-crawl=\"filter\">{filter}",
            "</p><h3>{crawl_recent}</h3><ol class=\"crawl-recent\">"
        ),
        exact = &fill(text.crawl_exact, &[&tally.distinct, &tally.exact_bytes]),
        filter = &fill(text.crawl_filter, &[&props.m, &props.m.div_ceil(8)]),
        crawl_recent = text.crawl_recent
    );
    for (url, decision) in &tally.recent {
        let (class, mark, label) = match decision {
            CrawlDecision::Fetched => ("fetched", "✓", text.crawl_did_fetch),
            CrawlDecision::SkippedRepeat => ("repeat", "↺", text.crawl_did_repeat),
            CrawlDecision::SkippedNew => ("missed", "✗", text.crawl_did_new),
        };
        markup!(
            out,
            concat!(
                "<li class=\"{class}\"><span class=\"mark\">{mark} </span><code>{url}",
                "</code> — {label}</li>"
            ),
            class,
            mark,
            url,
            label
        );
    }
    markup!(out, "</ol></section>");
    out.html()
}
