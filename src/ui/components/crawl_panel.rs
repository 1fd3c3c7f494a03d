//! The crawler lesson's tally: what the seen-URL filter decided, and what it saved.

use yew::prelude::*;

use crate::ui::raw::{escape, Markup};

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
    out.push(format_args!(
        "<section class=\"panel crawl\" id=\"crawl\" aria-labelledby=\"crawl-title\"><h2 id=\"crawl-title\">{}</h2><dl>",
        escape(text.crawl_title)
    ));
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
        out.push(format_args!(
            "<div class=\"stat\"><dt>{}</dt><dd data-crawl=\"{key}\">{value}</dd></div>",
            escape(label)
        ));
    }
    out.push(format_args!("</dl>"));
    if !tally.new_skipped.is_empty() {
        out.push(format_args!("<ul class=\"crawl-missed\">"));
        for url in &tally.new_skipped {
            out.push(format_args!("<li><code>{}</code></li>", escape(url)));
        }
        out.push(format_args!("</ul>"));
    }
    out.push(format_args!(
        "<p data-crawl=\"exact\">{}</p><p data-crawl=\"filter\">{}</p><h3>{}</h3><ol class=\"crawl-recent\">",
        escape(&fill(text.crawl_exact, &[&tally.distinct, &tally.exact_bytes])),
        escape(&fill(text.crawl_filter, &[&props.m, &props.m.div_ceil(8)])),
        escape(text.crawl_recent)
    ));
    for (url, decision) in &tally.recent {
        let (class, mark, label) = match decision {
            CrawlDecision::Fetched => ("fetched", "✓", text.crawl_did_fetch),
            CrawlDecision::SkippedRepeat => ("repeat", "↺", text.crawl_did_repeat),
            CrawlDecision::SkippedNew => ("missed", "✗", text.crawl_did_new),
        };
        out.push(format_args!(
            "<li class=\"{class}\"><span class=\"mark\">{mark} </span><code>{}</code> — {}</li>",
            escape(url),
            escape(label)
        ));
    }
    out.push(format_args!("</ol></section>"));
    out.html()
}
