//! The use-case view: a key-value store whose filter skips disk reads, counted beside the
//! formula's numbers, and a spam blacklist whose whitelist catches known false positives.

use yew::prelude::*;

use crate::decimal::Fixed;
use crate::filter::use_cases::Verdict;
use crate::filter::FilterShape;
use crate::i18n::{describe, fill, Text};
use crate::state::apps_view::{
    AppsAction, AppsSettings, EXAMPLE_SENDERS, INNOCENT_ADDRESSES, KEYS, SPAM_ADDRESSES,
};
use crate::state::numbers::{grouped, grouped_fixed, probability};
use crate::state::{Action, AppState};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::raw::{IntoHtml, Markup};

/// "m = 8,000, k = 6, murmur3".
fn shape_text(shape: FilterShape) -> String {
    format!(
        "m = {}, k = {}, {}",
        grouped(shape.m()),
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
    let mail = view.mail();
    let m = mail.counts;
    let verdict = mail.checked.as_ref().map(|(address, verdict)| {
        let (key, sentence) = match verdict {
            Verdict::BlockedBlacklisted => ("blacklisted", text.apps_v_blacklisted),
            Verdict::BlockedFalsePositive => ("false-positive", text.apps_v_false),
            Verdict::DeliveredWhitelisted => ("whitelisted", text.apps_v_whitelisted),
            Verdict::DeliveredNotInFilter => ("not-in-filter", text.apps_v_clear),
        };
        let mut out = Markup::default();
        out.push(
            "<p class=\"apps-verdict {}\" data-spam-verdict=\"{}\"><strong>{}</strong> {}</p>",
            &[
                &if verdict.delivered() { "ok" } else { "bad" },
                &key,
                address,
                &sentence,
            ],
        );
        out.html()
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
    // The words, the store's counts beside the formula's, and the blacklist's figures:
    // markup, having no controls.
    let mut head = Markup::default();
    head.push(
        "<h2 id=\"apps-title\">{}</h2><p class=\"lead\" id=\"apps-lead\">{}</p><p class=\"hint\">{}</p>",
        &[
            &text.apps_title,
            &text.apps_lead,
            &fill(text.apps_kv_intro, &[&grouped(KEYS), &shape_text(kv.shape)]),
        ],
    );
    let mut store = Markup::default();
    store.push("<table class=\"apps-table\" data-kv-lookups=\"{}\" data-kv-skipped=\"{}\" data-kv-wasted=\"{}\" data-kv-found=\"{}\" data-kv-absent=\"{}\" data-kv-rate=\"{}\" data-kv-predicted-wasted=\"{}\"><thead><tr><th></th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>", &[&c.lookups, &c.skipped, &c.wasted, &c.found, &c.absent(), &Fixed(kv.prediction.fp_rate, 9), &Fixed(kv.prediction.wasted, 3), &text.apps_col_measured, &text.apps_col_formula]);
    for (label, measured, formula) in [
        (text.apps_skipped, c.skipped, kv.prediction.skipped),
        (text.apps_wasted, c.wasted, kv.prediction.wasted),
        (text.apps_found, c.found, kv.prediction.found),
    ] {
        store.push(
            "<tr><th scope=\"row\">{}</th><td>{}</td><td>{}</td></tr>",
            &[&label, &grouped(measured), &grouped_fixed(formula, 1)],
        );
    }
    store.push("</tbody></table>", &[]);
    let sum = fill(
        text.apps_kv_sum,
        &[
            &grouped(c.skipped),
            &grouped(c.wasted),
            &grouped(c.found),
            &grouped(c.lookups),
            &grouped(c.absent()),
            &probability(kv.prediction.fp_rate),
            &grouped_fixed(kv.prediction.wasted, 1),
        ],
    );
    let spam_intro = fill(
        text.apps_spam_intro,
        &[
            &grouped(SPAM_ADDRESSES),
            &shape_text(mail.shape),
            &probability(mail.fp_rate),
            &grouped(m.messages),
            &grouped(SPAM_ADDRESSES + INNOCENT_ADDRESSES),
        ],
    );
    store.push(
        "<p>{}</p><h3>{}</h3><p class=\"hint\">{}</p>",
        &[&sum, &text.apps_spam_title, &spam_intro],
    );
    let mut spam = Markup::default();
    spam.push("<ul class=\"apps-mail\" data-spam-blocked=\"{}\" data-spam-wrongly-blocked=\"{}\" data-spam-rescued=\"{}\" data-spam-passed=\"{}\" data-spam-whitelist=\"{}\">", &[&m.blocked_spam, &m.wrongly_blocked, &m.rescued, &m.not_in_filter, &mail.whitelist.len()]);
    for (label, count, key) in [
        (text.apps_blocked, m.blocked_spam, "blocked"),
        (text.apps_wrongly, m.wrongly_blocked, "wrongly-blocked"),
        (text.apps_rescued, m.rescued, "rescued"),
        (text.apps_passed, m.not_in_filter, "passed"),
    ] {
        spam.push(
            "<li data-spam=\"{}\"><strong>{}</strong> {}</li>",
            &[&key, &grouped(count), &label],
        );
    }
    spam.push(
        "</ul><p class=\"apps-whitelist\">{}</p>",
        &[&fill(
            text.apps_whitelist,
            &[&mail.whitelist.len(), &whitelist],
        )],
    );
    // Each example sender's button puts it in the field.
    let examples = EXAMPLE_SENDERS.map(|address| {
        let (mut next, dispatch) = (settings.clone(), dispatch.clone());
        next.check = address.into();
        let onclick = Callback::from(move |_: MouseEvent| {
            dispatch.emit(Action::Apps(AppsAction::Edit(next.clone())));
        });
        html! { <button type="button" data-try={address} {onclick}>{ address }</button> }
    });
    html! {
        <main class="single" id="apps-view">
            <section class="panel apps" aria-labelledby="apps-title">
                { head.html() }
                <div class="control-row">
                    { field("kv-m", text.bits_m, |s| &mut s.m, &problems.m) }
                    { field("kv-k", text.hashes_k, |s| &mut s.k, &problems.k) }
                    { field("kv-present", text.apps_present, |s| &mut s.present, &problems.present) }
                    { field("kv-lookups", text.apps_lookups, |s| &mut s.lookups, &problems.lookups) }
                </div>
                { store.html() }
                { field("spam-m", text.bits_m, |s| &mut s.spam_m, &problems.spam_m) }
                { spam.html() }
                { field("spam-check", text.apps_check, |s| &mut s.check, &None) }
                <p class="try">{ text.try_these }{ for examples }</p>
                { verdict }
            </section>
        </main>
    }
}
