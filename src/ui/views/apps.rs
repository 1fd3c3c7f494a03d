//! The use-case view: a key-value store whose filter skips disk reads, counted beside the
//! formula's numbers, and a spam blacklist whose whitelist catches known false positives.

use yew::prelude::*;

use crate::decimal::Fixed;
use crate::filter::use_cases::Verdict;
use crate::filter::FilterShape;
use crate::i18n::{describe, fill, Text};
use crate::state::apps_view::{AppsAction, AppsSettings, INNOCENT_ADDRESSES, KEYS, SPAM_ADDRESSES};
use crate::state::numbers::{grouped, grouped_fixed, probability};
use crate::state::{Action, AppState};
use crate::ui::components::text_field::{text_field, TextField};

/// "m = 8,000, k = 6, murmur3".
fn shape_text(shape: FilterShape) -> String {
    format!(
        "m = {}, k = {}, {}",
        grouped(u128::from(shape.m())),
        shape.k(),
        shape.family().label()
    )
}

/// The use-case view.
pub fn apps_view(text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let view = state.apps();
    let settings = view.settings();
    let problems = view.problems();
    let field = |id: &'static str,
                 label: &'static str,
                 value: fn(&mut AppsSettings) -> &mut String,
                 problem: &Option<crate::state::fields::FieldProblem>| {
        let (settings, dispatch) = (settings.clone(), dispatch.clone());
        let typed = value(&mut settings.clone()).clone();
        let problem = problem.as_ref().map(|p| describe::problem(text, p));
        text_field(
            TextField::new(id, label, typed, problem),
            Callback::from(move |v: String| {
                let mut next = settings.clone();
                *value(&mut next) = v;
                dispatch.emit(Action::Apps(AppsAction::Edit(next)));
            }),
        )
    };
    let kv = view.kv();
    let c = kv.counts;
    let row = |label: &str, measured: u64, formula: f64| {
        html! { <tr><th scope="row">{ label }</th><td>{ grouped(u128::from(measured)) }</td><td>{ grouped_fixed(formula, 1) }</td></tr> }
    };
    let mail = view.mail();
    let m = mail.counts;
    let verdict = mail.checked.as_ref().map(|(address, verdict)| {
        let (key, sentence) = match verdict {
            Verdict::BlockedBlacklisted => ("blacklisted", text.apps_v_blacklisted),
            Verdict::BlockedFalsePositive => ("false-positive", text.apps_v_false),
            Verdict::DeliveredWhitelisted => ("whitelisted", text.apps_v_whitelisted),
            Verdict::DeliveredNotInFilter => ("not-in-filter", text.apps_v_clear),
        };
        html! { <p class={crate::class_list!("apps-verdict", if verdict.delivered() { "ok" } else { "bad" })}
                   data-spam-verdict={key}><strong>{ address }</strong>{ " " }{ sentence }</p> }
    });
    // The first ten senders whitelisted, in the order they were reported.
    let mut whitelist = mail
        .whitelist
        .iter()
        .take(10)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if mail.whitelist.len() > 10 {
        whitelist.push_str(", …");
    }
    let spam_row = |label: &str, count: u64, key: &'static str| {
        html! { <li data-spam={key}><strong>{ grouped(u128::from(count)) }</strong>{ " " }{ label }</li> }
    };
    html! {
        <main class="single" id="apps-view">
            <section class="panel apps" aria-labelledby="apps-title">
                <h2 id="apps-title">{ text.apps_title }</h2>
                <p class="hint">{ fill(text.apps_kv_intro, &[&grouped(u128::from(KEYS)), &shape_text(kv.shape)]) }</p>
                <div class="control-row">
                    { field("kv-m", text.bits_m, |s| &mut s.m, &problems.m) }
                    { field("kv-k", text.hashes_k, |s| &mut s.k, &problems.k) }
                    { field("kv-present", text.apps_present, |s| &mut s.present, &problems.present) }
                    { field("kv-lookups", text.apps_lookups, |s| &mut s.lookups, &problems.lookups) }
                </div>
                <table class="apps-table" data-kv-lookups={c.lookups.to_string()} data-kv-skipped={c.skipped.to_string()}
                       data-kv-wasted={c.wasted.to_string()} data-kv-found={c.found.to_string()}
                       data-kv-absent={c.absent().to_string()} data-kv-rate={Fixed(kv.prediction.fp_rate, 9).to_string()}
                       data-kv-predicted-wasted={Fixed(kv.prediction.wasted, 3).to_string()}>
                    <thead><tr><th /><th scope="col">{ text.apps_col_measured }</th><th scope="col">{ text.apps_col_formula }</th></tr></thead>
                    <tbody>
                        { row(text.apps_skipped, c.skipped, kv.prediction.skipped) }
                        { row(text.apps_wasted, c.wasted, kv.prediction.wasted) }
                        { row(text.apps_found, c.found, kv.prediction.found) }
                    </tbody>
                </table>
                <p>{ fill(text.apps_kv_sum, &[&grouped(c.skipped.into()), &grouped(c.wasted.into()), &grouped(c.found.into()),
                                              &grouped(c.lookups.into()), &grouped(c.absent().into()),
                                              &probability(kv.prediction.fp_rate), &grouped_fixed(kv.prediction.wasted, 1)]) }</p>
                <h3>{ text.apps_spam_title }</h3>
                <p class="hint">{ fill(text.apps_spam_intro, &[&grouped(u128::from(SPAM_ADDRESSES)),
                                                              &shape_text(mail.shape), &probability(mail.fp_rate),
                                                              &grouped(u128::from(m.messages)),
                                                              &grouped(u128::from(SPAM_ADDRESSES + INNOCENT_ADDRESSES))]) }</p>
                { field("spam-m", text.bits_m, |s| &mut s.spam_m, &problems.spam_m) }
                <ul class="apps-mail" data-spam-blocked={m.blocked_spam.to_string()} data-spam-wrongly-blocked={m.wrongly_blocked.to_string()}
                    data-spam-rescued={m.rescued.to_string()} data-spam-passed={m.not_in_filter.to_string()}
                    data-spam-whitelist={mail.whitelist.len().to_string()}>
                    { spam_row(text.apps_blocked, m.blocked_spam, "blocked") }
                    { spam_row(text.apps_wrongly, m.wrongly_blocked, "wrongly-blocked") }
                    { spam_row(text.apps_rescued, m.rescued, "rescued") }
                    { spam_row(text.apps_passed, m.not_in_filter, "passed") }
                </ul>
                <p class="apps-whitelist">{ fill(text.apps_whitelist, &[&mail.whitelist.len(), &whitelist]) }</p>
                { field("spam-check", text.apps_check, |s| &mut s.check, &None) }
                { verdict }
            </section>
        </main>
    }
}
