//! The answer to the last query, worded plainly, with the evidence.

use yew::prelude::*;

use crate::i18n::sentences;
use crate::i18n::{fill, number_list, shown_item, Text};
use crate::state::{QueryReport, Verdict};
use crate::ui::marks::hash_class;
use crate::ui::raw::{IntoHtml, Markup};
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
    let key = report.verdict.key();
    let mut out = Markup::default();
    out.push("<section id=\"answer\" class=\"panel query-result {}\" data-query-result=\"{}\"><span class=\"verdict-symbol\" aria-hidden=\"true\">{}</span><p class=\"verdict\">{}</p>", &[&key, &key, &symbol(&report.verdict), &&sentences::verdict(text, report)]);
    let why = match &report.verdict {
        Verdict::DefinitelyNot { zero_positions } => {
            let template = if zero_positions.len() == 1 {
                text.result_definitely_not_why
            } else {
                text.result_definitely_not_why_many
            };
            fill(template, &[&number_list(text, zero_positions), item])
        }
        Verdict::Probably => match report.distinct_bits() {
            1 => text.result_probably_why_one.to_owned(),
            bits => fill(text.result_probably_why, &[&bits]),
        },
        Verdict::FalsePositive { .. } => text.result_false_positive_why.to_owned(),
        Verdict::FalseNegative { .. } => text.result_false_negative_why.to_owned(),
    };
    out.push("<p>{}</p>", &[&&why]);
    if let Verdict::FalsePositive { culprits } = &report.verdict {
        out.push("<ul class=\"culprits\">", &[]);
        for c in culprits {
            let names = c
                .setters
                .iter()
                .map(|s| fill(text.culprit_setter, &[&shown_item(&s.item), &s.hash_index]))
                .collect::<Vec<_>>()
                .join(text.list_separator);
            let mut line = fill(text.culprit_line, &[&c.position, &c.hash_index, &names]);
            let more = c.total_setters - c.setters.len();
            if more > 0 {
                line = format!("{line} {}", fill(text.culprit_more, &[&more]));
            }
            let colour = hash_class(c.hash_index);
            out.push("<li data-culprit-position=\"{}\" class=\"{}\"><span class=\"chip {}\">{}</span> {}</li>", &[&c.position, &colour, &colour, &c.hash_index, &&line]);
        }
        out.push("</ul>", &[]);
    }
    out.push("</section>", &[]);
    out.html()
}

fn symbol(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::DefinitelyNot { .. } => "✗",
        Verdict::Probably => "✓",
        Verdict::FalsePositive { .. } => "!",
        Verdict::FalseNegative { .. } => "⚠",
    }
}
