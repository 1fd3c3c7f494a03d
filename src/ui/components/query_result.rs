//! The answer to the last query, worded plainly, with the evidence.

use yew::prelude::*;

use crate::i18n::sentences;
use crate::i18n::{fill, number_list, shown_item, Text};
use crate::state::{QueryReport, Verdict};
use crate::ui::marks::hash_class;
use crate::ui::raw::{escape, Markup};
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
    out.push(format_args!(
        "<section class=\"panel query-result {key}\" data-query-result=\"{key}\"><span class=\"verdict-symbol\" aria-hidden=\"true\">{}</span><p class=\"verdict\">{}</p>",
        symbol(&report.verdict),
        escape(&sentences::verdict(text, report))
    ));
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
    out.push(format_args!("<p>{}</p>", escape(&why)));
    if let Verdict::FalsePositive { culprits } = &report.verdict {
        out.push(format_args!("<ul class=\"culprits\">"));
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
            out.push(format_args!(
                "<li data-culprit-position=\"{}\" class=\"{colour}\"><span class=\"chip {colour}\">{}</span> {}</li>",
                c.position,
                c.hash_index,
                escape(&line)
            ));
        }
        out.push(format_args!("</ul>"));
    }
    out.push(format_args!("</section>"));
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
