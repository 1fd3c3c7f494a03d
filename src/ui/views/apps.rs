//! The use-case view: a key-value store whose filter skips disk reads, counted beside the
//! formula's numbers, and a spam blacklist whose whitelist catches known false positives.
//! Both simulations run in the page's workers ([`crate::ui::pool`]); until their report of
//! the current settings comes back, the view says they are running.

use crate::markup;
use std::rc::Rc;

use yew::prelude::*;

use crate::decimal::Fixed;
use crate::filter::use_cases::Verdict;
use crate::filter::use_cases::{AppsJob, AppsReport, INNOCENT_ADDRESSES, KEYS, SPAM_ADDRESSES};
use crate::filter::{FilterShape, HashFamily};
use crate::i18n::{describe, fill, Text};
use crate::protocol::Request;
use crate::state::apps_view::{AppsAction, AppsSettings, AppsState, EXAMPLE_SENDERS};
use crate::state::numbers::{grouped, grouped_fixed, probability};
use crate::state::{Action, AppState};
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::pool::{use_pool_request, MakeRequest, RequestKey, ViewJob};
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;

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
pub fn apps_view(_text: &'static Text, state: &AppState, dispatch: &Callback<Action>) -> Html {
    let page_family = state.settings().family();
    html! {
        <main class="single" id="apps-view">
            <AppsPanel view={Shared(Rc::clone(state.apps()))} {page_family} ondispatch={dispatch.clone()} />
        </main>
    }
}

/// The panel's properties.
#[derive(Properties, PartialEq)]
pub struct AppsPanelProps {
    /// The view's state.
    pub view: Shared<AppsState>,
    /// The page's family (the simulations hash with it when it does double hashing, else
    /// with murmur3).
    pub page_family: HashFamily,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The store's table and sum, and the blacklist's title and introduction: markup, having
/// no controls.
fn store_markup(text: &'static Text, job: &AppsJob, report: &AppsReport) -> Markup {
    let (kv, mail) = (&report.kv, &report.mail);
    let c = kv.counts;
    let mut store = Markup::default();
    markup!(
        store,
        concat!(
            "<table class=\"apps-table\" data-kv-lookups=\"{lookups}\" ",
            "data-kv-skipped=\"{skipped}\" data-kv-wasted=\"{wasted}\" ",
            "data-kv-found=\"{found}\" data-kv-absent=\"{absent}\" ",
            "data-kv-rate=\"{rate}\" data-kv-predicted-wasted=\"{predicted_wasted}\">",
            "<thead><tr><th></th><th scope=\"col\">{apps_col_measured}</th>",
            "<th scope=\"col\">{apps_col_formula}</th></tr></thead><tbody>"
        ),
        lookups = c.lookups,
        skipped = c.skipped,
        wasted = c.wasted,
        found = c.found,
        absent = c.absent(),
        rate = Fixed(kv.prediction.fp_rate, 9),
        predicted_wasted = Fixed(kv.prediction.wasted, 3),
        apps_col_measured = text.apps_col_measured,
        apps_col_formula = text.apps_col_formula
    );
    for (label, measured, formula) in [
        (text.apps_skipped, c.skipped, kv.prediction.skipped),
        (text.apps_wasted, c.wasted, kv.prediction.wasted),
        (text.apps_found, c.found, kv.prediction.found),
    ] {
        markup!(
            store,
            concat!(
                "<tr><th scope=\"row\">{label}</th><td>{measured}</td><td>{formula}",
                "</td></tr>"
            ),
            label,
            measured = grouped(measured),
            formula = grouped_fixed(formula, 1)
        );
    }
    markup!(store, "</tbody></table>");
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
            &shape_text(job.spam),
            &probability(mail.fp_rate),
            &grouped(mail.counts.messages),
            &grouped(SPAM_ADDRESSES + INNOCENT_ADDRESSES),
        ],
    );
    markup!(
        store,
        concat!(
            "<p>{sum}</p><h3>{apps_spam_title}</h3><p class=\"hint\">{spam_intro}",
            "</p>"
        ),
        sum,
        apps_spam_title = text.apps_spam_title,
        spam_intro
    );
    store
}

/// The blacklist's counts and its whitelist: markup, having no controls.
fn mail_markup(text: &'static Text, report: &AppsReport) -> Markup {
    let mail = &report.mail;
    let m = mail.counts;
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
    let mut spam = Markup::default();
    markup!(
        spam,
        concat!(
            "<ul class=\"apps-mail\" data-spam-blocked=\"{blocked_spam}\" ",
            "data-spam-wrongly-blocked=\"{wrongly_blocked}\" ",
            "data-spam-rescued=\"{rescued}\" ",
            "data-spam-passed=\"{not_in_filter}\" ",
            "data-spam-whitelist=\"{len}\">"
        ),
        blocked_spam = m.blocked_spam,
        wrongly_blocked = m.wrongly_blocked,
        rescued = m.rescued,
        not_in_filter = m.not_in_filter,
        len = mail.whitelist.len()
    );
    for (label, count, key) in [
        (text.apps_blocked, m.blocked_spam, "blocked"),
        (text.apps_wrongly, m.wrongly_blocked, "wrongly-blocked"),
        (text.apps_rescued, m.rescued, "rescued"),
        (text.apps_passed, m.not_in_filter, "passed"),
    ] {
        markup!(
            spam,
            "<li data-spam=\"{key}\"><strong>{count}</strong> {label}</li>",
            key,
            count = grouped(count),
            label
        );
    }
    markup!(
        spam,
        "</ul><p class=\"apps-whitelist\">{apps_whitelist}</p>",
        apps_whitelist = fill(text.apps_whitelist, &[&mail.whitelist.len(), &whitelist])
    );
    spam
}

/// The checked address's verdict: markup, having no controls.
fn verdict_markup(text: &'static Text, address: &str, verdict: Verdict) -> Markup {
    let (key, sentence) = match verdict {
        Verdict::BlockedBlacklisted => ("blacklisted", text.apps_v_blacklisted),
        Verdict::BlockedFalsePositive => ("false-positive", text.apps_v_false),
        Verdict::DeliveredWhitelisted => ("whitelisted", text.apps_v_whitelisted),
        Verdict::DeliveredNotInFilter => ("not-in-filter", text.apps_v_clear),
    };
    let mut out = Markup::default();
    markup!(
        out,
        concat!(
            "<p class=\"apps-verdict {class}\" data-spam-verdict=\"{key}\">",
            "<strong>{address}</strong> {sentence}</p>"
        ),
        class = if verdict.delivered() { "ok" } else { "bad" },
        key,
        address,
        sentence
    );
    out
}

/// The panel.
#[component]
pub fn AppsPanel(props: &AppsPanelProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let view = &*props.view;
    let family = props.page_family;
    let job = view.job(family);
    let (dispatch, report) = (&props.ondispatch, view.report(family));
    {
        // The simulations go to the page's workers, once per generation and family.
        let generation = view.generation();
        let sent = job.clone();
        let make: MakeRequest = Rc::new(move || Request::Apps {
            generation,
            job: sent.clone(),
        });
        let key = RequestKey {
            view: ViewJob::Apps,
            generation,
            family: Some(job.store.family()),
        };
        use_pool_request(key, report.is_none(), make, dispatch.clone());
    }
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
    // The words, then the store's counts beside the formula's and the blacklist's figures
    // once they are reported.
    let mut head = Markup::default();
    markup!(
        head,
        concat!(
            "<h2 id=\"apps-title\">{apps_title}</h2><p class=\"lead\" ",
            "id=\"apps-lead\">{apps_lead}</p><p class=\"hint\">{apps_kv_intro}",
            "</p>"
        ),
        apps_title = text.apps_title,
        apps_lead = text.apps_lead,
        apps_kv_intro = fill(
            text.apps_kv_intro,
            &[&grouped(KEYS), &shape_text(job.store)]
        )
    );
    let (store, spam, verdict) = match report {
        Some(report) => {
            let check = &job.check;
            let verdict = report.mail.verdict.map(|v| verdict_markup(text, check, v));
            (
                store_markup(text, &job, report),
                mail_markup(text, report),
                verdict,
            )
        }
        None => {
            let mut running = Markup::default();
            markup!(
                running,
                "<p class=\"hint\" id=\"apps-running\">{apps_running}</p>",
                apps_running = text.apps_running
            );
            (running, Markup::default(), None)
        }
    };
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
        <section class="panel apps" aria-labelledby="apps-title" aria-busy={report.is_none().then_some("true")}>
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
            { verdict.map(|v| v.html()) }
        </section>
    }
}
