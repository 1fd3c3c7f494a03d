//! The crawler lesson's tally: what the seen-URL filter decided, and what it saved.

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
    out.push("<section class=\"panel crawl\" id=\"crawl\" aria-labelledby=\"crawl-title\"><h2 id=\"crawl-title\">{}</h2><dl>", &[&text.crawl_title]);
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
        out.push(
            "<div class=\"stat\"><dt>{}</dt><dd data-crawl=\"{}\">{}</dd></div>",
            &[&label, &key, &value],
        );
    }
    out.push("</dl>", &[]);
    if !tally.new_skipped.is_empty() {
        out.push("<ul class=\"crawl-missed\">", &[]);
        for url in &tally.new_skipped {
            out.push("<li><code>{}</code></li>", &[&url]);
        }
        out.push("</ul>", &[]);
    }
    out.push("<p data-crawl=\"exact\">{}</p><p data-crawl=\"filter\">{}</p><h3>{}</h3><ol class=\"crawl-recent\">", &[&&fill(text.crawl_exact, &[&tally.distinct, &tally.exact_bytes]), &&fill(text.crawl_filter, &[&props.m, &props.m.div_ceil(8)]), &text.crawl_recent]);
    for (url, decision) in &tally.recent {
        let (class, mark, label) = match decision {
            CrawlDecision::Fetched => ("fetched", "✓", text.crawl_did_fetch),
            CrawlDecision::SkippedRepeat => ("repeat", "↺", text.crawl_did_repeat),
            CrawlDecision::SkippedNew => ("missed", "✗", text.crawl_did_new),
        };
        out.push(
            "<li class=\"{}\"><span class=\"mark\">{} </span><code>{}</code> — {}</li>",
            &[&class, &mark, &url, &label],
        );
    }
    out.push("</ol></section>", &[]);
    out.html()
}
