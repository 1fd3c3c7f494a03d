//! The answer to the last query, worded plainly, with the evidence.

use crate::markup;
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
    markup!(
        out,
        concat!(
            "<section id=\"answer\" class=\"panel query-result {key}\" ",
            "data-query-result=\"{key}\" data-verdict=\"{answer_key}\"><span ",
            "class=\"verdict-symbol\" aria-hidden=\"true\">{symbol}</span><p ",
            "class=\"verdict\">{verdict}</p><p>{why}</p>"
        ),
        key,
        answer_key = report.verdict.answer_key(),
        symbol = symbol(&report.verdict),
        verdict = words.verdict,
        why = words.why
    );
    if !words.culprits.is_empty() {
        markup!(out, "<ul class=\"culprits\">");
        for c in &words.culprits {
            let colour = hash_class(c.hash_index);
            markup!(
                out,
                concat!(
                    "<li data-culprit-position=\"{position}\" class=\"{colour}\">",
                    "<span class=\"chip {colour}\">{hash_index}</span> {line}</li>"
                ),
                position = c.position,
                colour,
                hash_index = c.hash_index,
                line = c.line
            );
        }
        markup!(out, "</ul>");
    }
    markup!(out, "</section>");
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
