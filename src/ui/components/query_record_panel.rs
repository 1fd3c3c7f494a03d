//! The record of the queries asked: the latest few with the filter's answer and the truth,
//! the confusion matrix of them all, and the share of false positives among queries for
//! items never added beside the formula's rate (written as markup: it has no controls).

use yew::Html;

use crate::i18n::{fill, shown_item, Text};
use crate::state::numbers::percent;
use crate::state::query_record::{Outcome, QueryRecord};
use crate::ui::raw::{IntoHtml, Markup};

/// The panel, for a record of at least one query; `formula_rate` is the rate the formula
/// gives for the filter now.
pub fn query_record_panel(text: &'static Text, record: &QueryRecord, formula_rate: f64) -> Html {
    let [tp, fp, tn, fn_] = record.counts;
    let mut out = Markup::default();
    out.push(
        "<section class=\"panel query-record\" id=\"query-record\" aria-labelledby=\"record-title\" data-tp=\"{}\" data-fp=\"{}\" data-tn=\"{}\" data-fn=\"{}\"><h2 id=\"record-title\">{}</h2><table class=\"record-latest\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
        &[&tp, &fp, &tn, &fn_, &text.record_title, &text.record_item, &text.record_answer, &text.record_truth],
    );
    for (item, outcome) in record.latest.iter().rev() {
        let answer = if outcome.answered_yes() {
            text.record_yes
        } else {
            text.record_no
        };
        let truth = if outcome.member() {
            text.record_added
        } else {
            text.record_never
        };
        let wrong = matches!(outcome, Outcome::FalsePositive | Outcome::FalseNegative);
        out.push(
            "<tr class=\"{}\"><td>{}</td><td>{}</td><td>{}</td></tr>",
            &[
                &if wrong { "wrong" } else { "" },
                &shown_item(item),
                &answer,
                &truth,
            ],
        );
    }
    out.push(
        "</tbody></table><table class=\"confusion\"><tbody><tr><td></td><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr><tr><th scope=\"row\">{}</th><td>{}: {}</td><td>{}: {}</td></tr><tr><th scope=\"row\">{}</th><td>{}: {}</td><td>{}: {}</td></tr></tbody></table>",
        &[&text.record_added, &text.record_never, &text.record_yes, &text.record_tp, &tp, &text.record_fp, &fp,
          &text.record_no, &text.record_fn, &fn_, &text.record_tn, &tn],
    );
    if let Some(share) = record.false_positive_share() {
        out.push(
            "<p class=\"record-share\">{}</p>",
            &[&fill(
                text.record_share,
                &[&fp, &(fp + tn), &percent(share), &percent(formula_rate)],
            )],
        );
    }
    out.push("</section>", &[]);
    out.html()
}
