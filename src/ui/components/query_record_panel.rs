//! The record of the queries asked: the latest few with the filter's answer and the truth,
//! the confusion matrix of them all, and the share of false positives among queries for
//! items never added beside the formula's rate (written as markup: it has no controls).

use crate::markup;
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
    markup!(
        out,
        concat!(
            "<section class=\"panel query-record\" id=\"query-record\" ",
            "aria-labelledby=\"record-title\" data-tp=\"{tp}\" ",
            "data-fp=\"{fp}\" data-tn=\"{tn}\" data-fn=\"{fn_}\"><h2 ",
            "id=\"record-title\">{record_title}</h2><table ",
            "class=\"record-latest\"><thead><tr><th scope=\"col\">{record_item}",
            "</th><th scope=\"col\">{record_answer}</th><th scope=\"col\">{record_truth}",
            "</th></tr></thead><tbody>"
        ),
        tp,
        fp,
        tn,
        fn_,
        record_title = text.record_title,
        record_item = text.record_item,
        record_answer = text.record_answer,
        record_truth = text.record_truth
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
        markup!(
            out,
            concat!(
                "<tr class=\"{class}\"><td>{item}</td><td>{answer}</td><td>{truth}",
                "</td></tr>"
            ),
            class = if wrong { "wrong" } else { "" },
            item = shown_item(item),
            answer,
            truth
        );
    }
    markup!(
        out,
        concat!(
            "</tbody></table><table class=\"confusion\"><tbody><tr><td></td>",
            "<th scope=\"col\">{record_added}</th><th scope=\"col\">{record_never}",
            "</th></tr><tr><th scope=\"row\">{record_yes}</th><td>",
            "{record_tp}: {tp}</td><td>{record_fp}: {fp}</td></tr><tr><th ",
            "scope=\"row\">{record_no}</th><td>{record_fn}: {fn_}</td><td>",
            "{record_tn}: {tn}</td></tr></tbody></table>"
        ),
        record_added = text.record_added,
        record_never = text.record_never,
        record_yes = text.record_yes,
        record_tp = text.record_tp,
        tp,
        record_fp = text.record_fp,
        fp,
        record_no = text.record_no,
        record_fn = text.record_fn,
        fn_,
        record_tn = text.record_tn,
        tn
    );
    if let Some(share) = record.false_positive_share() {
        markup!(
            out,
            "<p class=\"record-share\">{record_share}</p>",
            record_share = fill(
                text.record_share,
                &[&fp, &(fp + tn), &percent(share), &percent(formula_rate)],
            )
        );
    }
    markup!(out, "</section>");
    out.html()
}
