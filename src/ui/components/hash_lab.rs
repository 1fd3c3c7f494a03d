//! The hash-quality lab: each hash spreads a corpus over 101 buckets; a histogram, the
//! chi-square test against uniform, and the false-positive rate of a filter built with it.

use web_sys::{HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::state::plot::probability;

use crate::filter::hash_quality::{
    report, HashReport, HashUnderTest, Spread, BUCKETS, MIN_TESTED_ITEMS,
};
use crate::filter::ParamError;
use crate::i18n::labels;
use crate::i18n::{describe, fill, Text};
use crate::state::fields::{parse_bits, parse_bounded, parse_hashes, FieldProblem};
use crate::state::hash_quality::{CorpusSource, HashQualitySettings};
use crate::state::Action;
use crate::ui::browser;
use crate::ui::components::text_field::{text_field, TextField};
use std::cell::RefCell;
use std::rc::Rc;

/// Probes for each hash's observed rate.
const PROBES: u64 = 20_000;
/// Largest corpus.
const MAX_CORPUS: u64 = 20_000;

/// Props of [`HashLab`].
#[derive(Properties, PartialEq)]
pub struct HashLabProps {
    /// The settings as typed (kept by the page for its link).
    pub settings: HashQualitySettings,
    /// Sends the changed settings.
    pub ondispatch: Callback<Action>,
}

/// Sends a copy of the settings changed by `edit` with the value given.
fn edit_settings(
    props: &HashLabProps,
    edit: impl Fn(&mut HashQualitySettings, String) + 'static,
) -> Callback<String> {
    let (settings, dispatch) = (props.settings.clone(), props.ondispatch.clone());
    Callback::from(move |value: String| {
        let mut changed = settings.clone();
        edit(&mut changed, value);
        dispatch.emit(Action::SetHashQuality(changed));
    })
}

/// The text field of one setting: typing sends the settings with that text changed.
fn number_field(
    (id, label): (&'static str, &'static str),
    props: &HashLabProps,
    field: fn(&mut HashQualitySettings) -> &mut String,
    problem: Option<String>,
) -> Html {
    let value = field(&mut props.settings.clone()).clone();
    let ontype = edit_settings(props, move |settings, typed| *field(settings) = typed);
    text_field(TextField::new(id, label, value, problem), ontype)
}

/// Bars of `counts` (grouped into at most 128 bars), read aloud as `label`.
fn histogram_svg(counts: &[u64], label: String) -> Html {
    const BINS: usize = 128;
    let bins: Vec<u64> = if counts.len() <= BINS {
        counts.to_vec()
    } else {
        let per = counts.len().div_ceil(BINS);
        counts.chunks(per).map(|c| c.iter().sum()).collect()
    };
    let max = bins.iter().copied().max().unwrap_or(1).max(1) as f64;
    let width = 300.0;
    let bar = width / bins.len().max(1) as f64;
    html! {
        <svg class="histogram" viewBox="0 0 300 60" preserveAspectRatio="none" role="img" aria-label={label}>
            { for bins.iter().enumerate().map(|(i, &c)| {
                let h = 58.0 * c as f64 / max;
                html! { <rect x={format!("{:.2}", i as f64 * bar)} y={format!("{:.2}", 60.0 - h)}
                              width={format!("{:.2}", bar.max(0.5))} height={format!("{h:.2}")} /> }
            }) }
        </svg>
    }
}

/// The inputs of one computation of the reports.
struct ReportJob {
    items: Rc<Vec<String>>,
    m: u64,
    k: u32,
    generation: u64,
}

/// Computes the report of the next hash in a task of its own, then the next, until all are
/// done or newer inputs (another generation) replace these.
fn compute_reports(
    job: ReportJob,
    computed: Rc<RefCell<Vec<HashReport>>>,
    generation: Rc<RefCell<u64>>,
    force_update: UseForceUpdateHandle,
) {
    browser::yield_then(move || {
        if *generation.borrow() != job.generation {
            return;
        }
        let done = computed.borrow().len();
        let Some(&hash) = HashUnderTest::ALL.get(done) else {
            return;
        };
        let next = report(hash, &job.items, job.m, job.k, PROBES);
        computed.borrow_mut().push(next);
        force_update.force_update();
        compute_reports(job, computed, generation, force_update);
    });
}

/// The lab.
#[component]
pub fn HashLab(props: &HashLabProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let settings = &props.settings;
    // Each field is read as the page's other fields are, with the same messages.
    let size = parse_bounded(&settings.size, MAX_CORPUS, ParamError::ZeroItems);
    let (m, k) = (parse_bits(&settings.m), parse_hashes(&settings.k));
    let problem = |p: Option<&FieldProblem>| p.map(|p| describe::problem(text, p));
    // The corpus is built when its inputs change, not on each of the renders that show
    // the reports arriving.
    let corpus_size = *size.as_ref().unwrap_or(&1000) as usize;
    let pasted = (settings.source == CorpusSource::Pasted).then(|| settings.pasted.clone());
    let items: Rc<Vec<String>> = use_memo(
        (settings.source, corpus_size, pasted),
        |(source, corpus_size, _)| match source {
            CorpusSource::Generated(corpus) => corpus.items(*corpus_size),
            // The pasted text is among the dependencies; its lines are read from the settings.
            CorpusSource::Pasted => settings
                .pasted_items()
                .into_iter()
                .map(str::to_owned)
                .collect(),
        },
    );
    let (m_value, k_value) = (*m.as_ref().unwrap_or(&10_000), *k.as_ref().unwrap_or(&4));
    // One hash's report (its histogram, its filter and 20,000 probes) takes up to about
    // 20 ms in the browser: the four are computed one per task, newest inputs first.
    let computed = use_mut_ref(Vec::<HashReport>::new);
    let generation = use_mut_ref(|| 0u64);
    let force_update = use_force_update();
    {
        let computed = computed.clone();
        let generation = generation.clone();
        use_effect_with((items.clone(), m_value, k_value), move |(items, m, k)| {
            *generation.borrow_mut() += 1;
            let current = *generation.borrow();
            // The reports of the old inputs go at once (this render showed them), not when
            // the first new one arrives.
            computed.borrow_mut().clear();
            force_update.force_update();
            compute_reports(
                ReportJob {
                    items: items.clone(),
                    m: *m,
                    k: *k,
                    generation: current,
                },
                computed,
                generation.clone(),
                force_update,
            );
            // New inputs, or the lab closing, stop the computation in progress.
            move || *generation.borrow_mut() += 1
        });
    }
    let reports = computed.borrow().clone();
    let complete = reports.len() == HashUnderTest::ALL.len();
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

    html! {
        <section class="panel hashes" aria-labelledby="hashes-title">
            <h2 id="hashes-title">{ text.hashes_title }</h2>
            <p class="hint">{ fill(text.hashes_hint, &[&BUCKETS, &m_value, &k_value, &items.len()]) }</p>
            <div class="control-row">
                <div class="field">
                    <label for="corpus">{ text.hashes_corpus }</label>
                    <select id="corpus" onchange={on_source}>
                        <option value="similar" selected={source_key == "similar"}>{ text.corpus_similar }</option>
                        <option value="urls" selected={source_key == "urls"}>{ text.corpus_urls }</option>
                        <option value="paste" selected={source_key == "paste"}>{ text.corpus_paste }</option>
                    </select>
                </div>
                { number_field(("hashes-m", text.bits_m), props, |s| &mut s.m, problem(m.as_ref().err())) }
                { number_field(("hashes-k", text.hashes_k), props, |s| &mut s.k, problem(k.as_ref().err())) }
                if settings.source != CorpusSource::Pasted {
                    { number_field(("corpus-size", text.hashes_size), props, |s| &mut s.size, problem(size.as_ref().err())) }
                } else {
                    <textarea id="corpus-paste" rows="5" placeholder={text.bulk_placeholder} value={settings.pasted.clone()} oninput={on_paste} />
                }
            </div>
            if items.is_empty() {
                <p class="hint" id="hashes-empty">{ text.hashes_empty }</p>
            } else {
            if (items.len() as u64) < MIN_TESTED_ITEMS {
                <p class="notice" id="hashes-few">{ fill(text.hashes_too_few, &[&items.len(), &MIN_TESTED_ITEMS]) }</p>
            }
            <table class="hash-reports" aria-busy={(!complete).then_some("true")}>
                <thead><tr>
                    <th>{ text.hashes_hash }</th><th>{ fill(text.hashes_histogram, &[&BUCKETS]) }</th><th>{ "χ²" }</th>
                    <th>{ "p" }</th><th>{ text.hashes_observed }</th><th>{ text.hashes_theory }</th>
                </tr></thead>
                <tbody>
                    { for reports.iter().map(|r| {
                        let spread = r.spread();
                        let mark = match spread {
                            Spread::Uniform => " ✓",
                            Spread::TooFew => "",
                            Spread::Clustered | Spread::TooEven => " ✗",
                        };
                        html! {
                            <tr data-hash={r.hash.key()} data-chi-square={r.chi_square.to_string()}
                                data-p-value={r.p_value.to_string()} data-observed={r.observed_rate.to_string()}
                                data-theory={r.theory_rate.to_string()}
                                data-spread={spread.key()} class={spread.key()}>
                                <td>{ labels::hash_under_test(text, r.hash) }</td>
                                <td>{ histogram_svg(&r.histogram, format!("{}: {}", labels::hash_under_test(text, r.hash), fill(text.hashes_histogram, &[&BUCKETS]))) }</td>
                                <td class="mono">{ format!("{:.1} ({})", r.chi_square, fill(text.hashes_dof, &[&r.dof])) }</td>
                                <td class="mono">{ probability(r.p_value) }{ mark }</td>
                                <td class="mono">{ format!("{:.4}", r.observed_rate) }</td>
                                <td class="mono">{ format!("{:.4}", r.theory_rate) }</td>
                            </tr>
                        }
                    }) }
                </tbody>
            </table>
            }
            <p class="hint">{ text.hashes_explain }</p>
        </section>
    }
}
