//! The answer to the last query, worded plainly, with the evidence.

use yew::prelude::*;

use crate::i18n::sentences;
use crate::i18n::{fill, number_list, shown_item, Text};
use crate::state::{QueryReport, Verdict};
use crate::ui::marks::hash_class;
use crate::ui::shared::Shared;

/// Props of [`QueryResult`].
pub struct QueryResultProps {
    /// The report.
    pub report: Shared<QueryReport>,
}

/// The verdict box; `data-query-result` carries the verdict's key.
pub fn query_result(text: &'static Text, props: &QueryResultProps) -> Html {
    let report = &*props.report;
    let item = &shown_item(&report.item);
    let bits = report.distinct_bits();
    let body = match &report.verdict {
        Verdict::DefinitelyNot { zero_positions } => html! {
            <>
                <p class="verdict">{ sentences::verdict(text, report) }</p>
                <p>{ fill(if zero_positions.len() == 1 { text.result_definitely_not_why } else { text.result_definitely_not_why_many },
                          &[&number_list(text, zero_positions), item]) }</p>
            </>
        },
        Verdict::Probably => html! {
            <>
                <p class="verdict">{ sentences::verdict(text, report) }</p>
                <p>{ if bits == 1 { text.result_probably_why_one.to_owned() } else { fill(text.result_probably_why, &[&bits]) } }</p>
            </>
        },
        Verdict::FalsePositive { culprits } => html! {
            <>
                <p class="verdict">{ sentences::verdict(text, report) }</p>
                <p>{ text.result_false_positive_why }</p>
                <ul class="culprits">
                    { for culprits.iter().map(|c| {
                        let names = c.setters.iter()
                            .map(|s| fill(text.culprit_setter, &[&shown_item(&s.item), &s.hash_index]))
                            .collect::<Vec<_>>()
                            .join(text.list_separator);
                        let more = c.total_setters - c.setters.len();
                        let colour = hash_class(c.hash_index);
                        html! {
                            <li data-culprit-position={c.position.to_string()} class={colour}>
                                <span class={crate::class_list!("chip", colour)}>{ c.hash_index }</span>{ " " }
                                { fill(text.culprit_line, &[&c.position, &c.hash_index, &names]) }
                                if more > 0 { { " " }{ fill(text.culprit_more, &[&more]) } }
                            </li>
                        }
                    }) }
                </ul>
            </>
        },
        Verdict::FalseNegative { .. } => html! {
            <>
                <p class="verdict">{ sentences::verdict(text, report) }</p>
                <p>{ text.result_false_negative_why }</p>
            </>
        },
    };
    html! {
        <section class={crate::class_list!("panel", "query-result", report.verdict.key())}
                 data-query-result={report.verdict.key()}>
            <span class="verdict-symbol" aria-hidden="true">{ symbol(&report.verdict) }</span>
            { body }
        </section>
    }
}

fn symbol(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::DefinitelyNot { .. } => "✗",
        Verdict::Probably => "✓",
        Verdict::FalsePositive { .. } => "!",
        Verdict::FalseNegative { .. } => "⚠",
    }
}
