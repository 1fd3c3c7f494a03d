//! The crawler lesson's tally: what the seen-URL filter decided, and what it saved.

use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::state::crawl::{CrawlDecision, CrawlTally};

/// Props of [`CrawlPanel`].
pub struct CrawlPanelProps {
    /// The crawler's totals.
    pub tally: CrawlTally,
    /// The filter's size in bits.
    pub m: u64,
}

/// The panel.
pub fn crawl_panel(text: &'static Text, props: &CrawlPanelProps) -> Html {
    let tally = &props.tally;
    let row = |label: &'static str, value: String, key: &'static str| {
        html! { <div class="stat"><dt>{ label }</dt><dd data-crawl={key}>{ value }</dd></div> }
    };
    let decision = |d: &CrawlDecision| match d {
        CrawlDecision::Fetched => ("fetched", "✓ ", text.crawl_did_fetch),
        CrawlDecision::SkippedRepeat => ("repeat", "↺ ", text.crawl_did_repeat),
        CrawlDecision::SkippedNew => ("missed", "✗ ", text.crawl_did_new),
    };
    html! {
        <section class="panel crawl" id="crawl" aria-labelledby="crawl-title">
            <h2 id="crawl-title">{ text.crawl_title }</h2>
            <dl>
                { row(text.crawl_taken, tally.taken.to_string(), "taken") }
                { row(text.crawl_fetched, tally.fetched.to_string(), "fetched") }
                { row(text.crawl_repeats, tally.repeats_skipped.to_string(), "repeats") }
                { row(text.crawl_new_skipped, tally.new_skipped.len().to_string(), "missed") }
            </dl>
            if !tally.new_skipped.is_empty() {
                <ul class="crawl-missed">
                    { for tally.new_skipped.iter().map(|url| html! { <li><code>{ url.clone() }</code></li> }) }
                </ul>
            }
            <p data-crawl="exact">{ fill(text.crawl_exact, &[&tally.distinct, &tally.exact_bytes]) }</p>
            <p data-crawl="filter">{ fill(text.crawl_filter, &[&props.m, &props.m.div_ceil(8)]) }</p>
            <h3>{ text.crawl_recent }</h3>
            <ol class="crawl-recent">
                { for tally.recent.iter().map(|(url, d)| {
                    let (class, mark, label) = decision(d);
                    html! { <li class={class}><span class="mark">{ mark }</span><code>{ url.clone() }</code>{ " — " }{ label }</li> }
                }) }
            </ol>
        </section>
    }
}
