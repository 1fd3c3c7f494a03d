//! The hash-quality lab: each hash spreads a corpus over 101 buckets; a histogram, the
//! chi-square test against uniform, and the false-positive rate of a filter built with it.

use crate::decimal::{fixed, shortest, Fixed, Shortest};
use crate::markup;
use web_sys::{HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::filter::classic_hashes::ClassicHash;
use crate::filter::hash_quality::{
    HashReport, HashUnderTest, RateVerdict, Spread, BUCKETS, MIN_TESTED_ITEMS,
};
use crate::filter::hash_quality_job::{CorpusSource, PROBES};
use crate::i18n::{describe, fill, labels, shown_item, Text};
use crate::protocol::Request;
use crate::state::fields::FieldProblem;
use crate::state::hash_quality_view::{HashQualityAction, HashQualitySettings, HashQualityState};
use crate::state::numbers::grouped;
use crate::state::numbers::{machine_rate, percent, probability, probability_from_ln};
use crate::state::Action;
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::pool::{use_pool_request, MakeRequest, RequestKey, ViewJob};
use crate::ui::raw::{IntoHtml, Markup, Trusted};
use crate::ui::shared::Shared;
use std::rc::Rc;

/// Props of [`HashLab`].
#[derive(Properties, PartialEq)]
pub struct HashLabProps {
    /// The view: settings as typed, their problems, the job and its reports.
    pub view: Shared<HashQualityState>,
    /// Sends the view's actions.
    pub ondispatch: Callback<Action>,
}

/// Sends a copy of the settings changed by `edit` with the value given.
fn edit_settings(
    props: &HashLabProps,
    edit: impl Fn(&mut HashQualitySettings, String) + 'static,
) -> Callback<String> {
    let (settings, dispatch) = (props.view.settings().clone(), props.ondispatch.clone());
    Callback::from(move |value: String| {
        let mut changed = settings.clone();
        edit(&mut changed, value);
        dispatch.emit(Action::HashQuality(HashQualityAction::Edit(changed)));
    })
}

/// The text field of one setting: typing sends the settings with that text changed.
fn number_field(
    (id, label): (&'static str, &'static str),
    props: &HashLabProps,
    field: fn(&mut HashQualitySettings) -> &mut String,
    problem: Option<String>,
) -> Html {
    let value = field(&mut props.view.settings().clone()).clone();
    let ontype = edit_settings(props, move |settings, typed| *field(settings) = typed);
    text_field(TextField::new(id, label, value, problem), ontype)
}

/// Bars of `counts` (grouped into at most 128 bars), read aloud as `label`.
fn histogram_svg(out: &mut Markup, counts: &[u64], label: &str) {
    const BINS: usize = 128;
    let bins: Vec<u64> = if counts.len() <= BINS {
        counts.to_vec()
    } else {
        let per = counts.len().div_ceil(BINS);
        counts.chunks(per).map(|c| c.iter().sum()).collect()
    };
    let max = bins.iter().copied().max().unwrap_or(1).max(1) as f64;
    let bar = 300.0 / bins.len().max(1) as f64;
    markup!(
        out,
        concat!(
            "<svg class=\"histogram\" viewBox=\"0 0 300 60\" ",
            "preserveAspectRatio=\"none\" role=\"img\" aria-label=\"{label}\">"
        ),
        label
    );
    for (i, &c) in bins.iter().enumerate() {
        let h = 58.0 * c as f64 / max;
        markup!(
            out,
            concat!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{width}\" ",
                "height=\"{height}\"/>"
            ),
            x = Fixed(i as f64 * bar, 2),
            y = Fixed(60.0 - h, 2),
            width = Fixed(bar.max(0.5), 2),
            height = Fixed(h, 2)
        );
    }
    markup!(out, "</svg>");
}

/// The reports' table: each hash's histogram, chi-square and p-value, and its filter's
/// observed and theoretical rates; busy until every hash has reported (`aria-busy` is the
/// page's own markup, written as it is).
fn report_table(out: &mut Markup, text: &'static Text, reports: &[HashReport], complete: bool) {
    let histogram = fill(text.hashes_histogram, &[&BUCKETS]);
    // What χ², dof, p and the marks mean, above the table that first shows them.
    let legend = fill(text.hashes_explain, &[&BUCKETS, &(BUCKETS - 1)]);
    markup!(
        out,
        "<p class=\"hint\" id=\"hashes-legend\">{legend}</p>",
        legend
    );
    markup!(
        out,
        concat!(
            "<table class=\"hash-reports\"{busy}><thead><tr><th>{hashes_hash}",
            "</th><th>{histogram}</th><th>χ²</th><th>p</th><th>{hashes_observed}",
            "</th><th>{hashes_theory}</th></tr></thead><tbody>"
        ),
        busy = Trusted(if complete { "" } else { " aria-busy=\"true\"" }),
        hashes_hash = text.hashes_hash,
        histogram = &histogram,
        hashes_observed = text.hashes_observed,
        hashes_theory = text.hashes_theory
    );
    for r in reports {
        let spread = r.spread();
        let mark = match spread {
            Spread::Uniform => " ✓",
            Spread::TooFew => "",
            Spread::Clustered | Spread::TooEven => " ✗",
        };
        // The filter's own judgement, the one the sentence under the table gives.
        let rate_mark = match r.rate_verdict() {
            RateVerdict::AsExpected => " ✓",
            RateVerdict::Above => " ✗",
            RateVerdict::Below => " ↓",
        };
        let name = labels::hash_under_test(text, r.hash);
        markup!(
            out,
            concat!(
                "<tr data-hash=\"{key}\" data-chi-square=\"{chi_square}\" ",
                "data-p-value=\"{p_value}\" data-observed=\"{observed}\" ",
                "data-theory=\"{theory}\" data-rate=\"{rate}\" ",
                "data-spread=\"{key2}\" class=\"{key2}\"><td"
            ),
            key = r.hash.key(),
            chi_square = shortest(r.chi_square),
            p_value = machine_rate(r.ln_p_value),
            observed = shortest(r.observed_rate),
            theory = shortest(r.theory_rate),
            rate = r.rate_verdict().key(),
            key2 = spread.key()
        );
        if let HashUnderTest::Classic(h) = r.hash {
            markup!(out, " title=\"{formula}\"", formula = h.formula());
        }
        markup!(out, ">{name}</td><td>", name);
        histogram_svg(out, &r.histogram, &format!("{name}: {histogram}"));
        markup!(
            out,
            concat!(
                "</td><td class=\"mono\">{chi_square} ({dof})</td><td ",
                "class=\"mono\">{p_value}{mark}</td><td class=\"mono\">{observed}{rate_mark}",
                "</td><td class=\"mono\">{theory}</td></tr>"
            ),
            chi_square = Fixed(r.chi_square, 1),
            dof = &fill(text.hashes_dof, &[&Shortest(r.dof)]),
            p_value = probability_from_ln(r.ln_p_value),
            mark,
            observed = probability(r.observed_rate),
            rate_mark,
            theory = probability(r.theory_rate)
        );
    }
    markup!(out, "</tbody></table>");
}

/// One sentence per hash on what its filter did, in a list.
fn verdicts(out: &mut Markup, text: &'static Text, reports: &[HashReport], items: usize) {
    markup!(
        out,
        concat!(
            "<details class=\"hash-words\"><summary>{hashes_more}</summary>",
            "<ul class=\"hash-verdicts\">"
        ),
        hashes_more = text.hashes_more
    );
    for r in reports {
        markup!(
            out,
            "<li data-hash=\"{key}\" data-rate=\"{rate}\">{verdict}</li>",
            key = r.hash.key(),
            rate = r.rate_verdict().key(),
            verdict = &verdict(text, r, items)
        );
    }
    markup!(
        out,
        "</ul><p class=\"hint\">{hq_classic_note}</p></details>",
        hq_classic_note = text.hq_classic_note
    );
}

/// Every classic hash's 32-bit value of `item`, with its rule, as markup.
fn classic_values(text: &Text, item: &str) -> Html {
    let mut out = Markup::default();
    markup!(
        out,
        concat!(
            r#"<table class="hq-show" id="hq-show"><caption>{title}</caption><thead><tr>"#,
            "<th>{hash}</th><th>{rule}</th><th>{value}</th></tr></thead><tbody>"
        ),
        title = fill(text.hq_show_title, &[&shown_item(item), &item.len()]),
        hash = text.hashes_hash,
        rule = text.hq_col_rule,
        value = text.hq_col_value
    );
    for h in ClassicHash::ALL {
        let value = h.value(item.as_bytes());
        markup!(
            out,
            concat!(
                r#"<tr data-hash="{key}" data-hash-value="{value}"><td>{label}</td>"#,
                r#"<td class="mono">{formula}</td><td class="mono">{value}</td></tr>"#
            ),
            key = h.key(),
            value,
            label = h.label(),
            formula = h.formula()
        );
    }
    markup!(out, "</tbody></table>");
    out.html()
}

/// One sentence on a hash's report: what its filter did with probes made like the corpus,
/// against the formula, and why.
fn verdict(text: &'static Text, r: &HashReport, items: usize) -> String {
    let template = match r.rate_verdict() {
        RateVerdict::AsExpected => text.hashes_verdict_as_expected,
        RateVerdict::Above => text.hashes_verdict_above,
        RateVerdict::Below => text.hashes_verdict_below,
    };
    let passed = (r.observed_rate * r.probes as f64).round() as u64;
    fill(
        template,
        &[
            &labels::hash_under_test(text, r.hash),
            &grouped(items as u64),
            &grouped(r.ones),
            &grouped(r.expected_ones.round() as u64),
            &grouped(passed),
            &grouped(r.probes),
            &percent(r.observed_rate),
            &percent(r.theory_rate),
            &fixed(r.ratio(), 1),
        ],
    )
}

/// The lab.
#[component]
pub fn HashLab(props: &HashLabProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let view = &*props.view;
    let settings = view.settings();
    let problems = view.problems();
    let problem = |p: Option<&FieldProblem>| p.map(|p| describe::problem(text, p));
    let job = view.job();
    {
        // The job goes to the page's workers, once per generation, with a pasted corpus.
        let generation = view.generation();
        let shared = props.view.clone();
        let make: MakeRequest = Rc::new(move || {
            let pasted = match job.source {
                CorpusSource::Pasted => shared.corpus().join("\n"),
                CorpusSource::Generated(_) => String::new(),
            };
            Request::HashQuality {
                generation,
                job,
                pasted,
            }
        });
        let key = RequestKey {
            view: ViewJob::HashQuality,
            generation,
            family: None,
        };
        use_pool_request(key, !view.complete(), make, props.ondispatch.clone());
    }
    let reports = view.reports();
    let complete = view.complete();
    let corpus_size = view.corpus_size();
    let (m_value, k_value) = (job.m, job.k);
    let on_source = {
        let send = edit_settings(props, |settings, key| {
            settings.source = CorpusSource::from_key(&key).unwrap_or_default();
        });
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<HtmlSelectElement>() {
                send.emit(select.value());
            }
        })
    };
    let on_paste = {
        let send = edit_settings(props, |settings, text| settings.pasted = text);
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<HtmlTextAreaElement>() {
                send.emit(area.value());
            }
        })
    };
    let source_key = settings.source.key();
    let first_probe = shown_item(&view.first_probe().unwrap_or_default());

    // The words and the reports are written as markup (they have no controls).
    let mut head = Markup::default();
    let hint = fill(
        text.hashes_hint,
        &[
            &BUCKETS,
            &grouped(m_value),
            &k_value,
            &grouped(corpus_size as u64),
            &grouped(PROBES),
            &first_probe,
        ],
    );
    markup!(
        head,
        concat!(
            "<h2 id=\"hashes-title\">{hashes_title}</h2><p class=\"lead\" ",
            "id=\"hashes-lead\">{hashes_lead}</p><p class=\"hint\">{hint}</p>"
        ),
        hashes_title = text.hashes_title,
        hashes_lead = text.hashes_lead,
        hint
    );
    let mut results = Markup::default();
    if corpus_size == 0 {
        markup!(
            results,
            "<p class=\"hint\" id=\"hashes-empty\">{hashes_empty}</p>",
            hashes_empty = text.hashes_empty
        );
    } else {
        if (corpus_size as u64) < MIN_TESTED_ITEMS {
            markup!(
                results,
                "<p class=\"notice\" id=\"hashes-few\">{hashes_too_few}</p>",
                hashes_too_few = fill(text.hashes_too_few, &[&corpus_size, &MIN_TESTED_ITEMS],)
            );
        }
        report_table(&mut results, text, reports, complete);
        verdicts(&mut results, text, reports, corpus_size);
    }
    html! {
        <section class="panel hashes" aria-labelledby="hashes-title">
            { head.html() }
            <div class="control-row">
                <div class="field">
                    <label for="corpus">{ text.hashes_corpus }</label>
                    <select id="corpus" onchange={on_source}>
                        <option value="similar" selected={source_key == "similar"}>{ text.corpus_similar }</option>
                        <option value="urls" selected={source_key == "urls"}>{ text.corpus_urls }</option>
                        <option value="paste" selected={source_key == "paste"}>{ text.corpus_paste }</option>
                    </select>
                </div>
                { number_field(("hashes-m", text.bits_m), props, |s| &mut s.m, problem(problems.m.as_ref())) }
                { number_field(("hashes-k", text.hashes_k), props, |s| &mut s.k, problem(problems.k.as_ref())) }
                if settings.source != CorpusSource::Pasted {
                    { number_field(("corpus-size", text.hashes_size), props, |s| &mut s.size,
                                   problem(problems.size.as_ref())) }
                } else {
                    <textarea id="corpus-paste" rows="5" placeholder={text.bulk_placeholder}
                              value={settings.pasted.clone()} oninput={on_paste}
                              aria-label={text.corpus_paste}
                              aria-invalid={problems.pasted.is_some().then_some("true")}
                              aria-describedby="corpus-paste-error" />
                    <span id="corpus-paste-error" class="field-error" role="alert" data-field-error="corpus-paste">
                        { problem(problems.pasted.as_ref()).unwrap_or_default() }
                    </span>
                }
            </div>
            { results.html() }
            { number_field(("hq-show-item", text.hq_show_label), props, |s| &mut s.show,
                           problem(problems.show.as_ref())) }
            if !settings.show.is_empty() && problems.show.is_none() {
                { classic_values(text, &settings.show) }
            }
        </section>
    }
}
