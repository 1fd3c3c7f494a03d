//! The answer to the last query, worded plainly, with the evidence.

use yew::prelude::*;

use crate::i18n::answer::answer;
use crate::i18n::Text;
use crate::state::{QueryReport, Verdict};
use crate::ui::marks::hash_class;
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;

/// Props of [`QueryResult`].
pub struct QueryResultProps {
    /// The report.
    pub report: Shared<QueryReport>,
}

/// The answer panel `#answer`: `data-verdict` says what the answer is given the item's
/// history (`definitely-not`, `member`, `false-positive`, `false-negative`, `removed`);
/// `data-query-result` carries the filter's answer.
pub fn query_result(text: &'static Text, props: &QueryResultProps) -> Html {
    let report = &*props.report;
    let key = report.verdict.key();
    let words = answer(text, report);
    let mut out = Markup::default();
    out.push("<section id=\"answer\" class=\"panel query-result {}\" data-query-result=\"{}\" data-verdict=\"{}\"><span class=\"verdict-symbol\" aria-hidden=\"true\">{}</span><p class=\"verdict\">{}</p><p>{}</p>", &[&key, &key, &report.verdict.answer_key(), &symbol(&report.verdict), &words.verdict, &words.why]);
    if !words.culprits.is_empty() {
        out.push("<ul class=\"culprits\">", &[]);
        for c in &words.culprits {
            let colour = hash_class(c.hash_index);
            out.push("<li data-culprit-position=\"{}\" class=\"{}\"><span class=\"chip {}\">{}</span> {}</li>", &[&c.position, &colour, &colour, &c.hash_index, &c.line]);
        }
        out.push("</ul>", &[]);
    }
    out.push("</section>", &[]);
    out.html()
}

fn symbol(verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::DefinitelyNot { .. } | Verdict::Removed { .. } => "✗",
        Verdict::Probably => "✓",
        Verdict::FalsePositive { .. } => "!",
        Verdict::FalseNegative { .. } => "⚠",
    }
}
