//! The sizing calculator, the best-practice table and "check a claim".

use crate::decimal::{fixed, shortest};
use crate::markup;
use crate::state::calculator_view::CalculatorAction;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::state::numbers::{
    grouped, machine_rate, percent_beside, percent_from_ln, precise_probability_from_ln,
};

use crate::filter::sizing::{check_claim, practice_table, Solution};
use crate::filter::{MAX_BITS, MAX_HASHES};
use crate::i18n::labels;
use crate::i18n::{describe, fill, Text};
use crate::state::calculator_view::{
    binary_size, read_claim, CalculatorErrors, CalculatorInput, CalculatorState, ClaimInput, Solve,
};
use crate::state::Action;
use crate::ui::components::clickhouse_table::clickhouse_table;
use crate::ui::components::text_field::{text_field, TextField};
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;

/// Props of [`Calculator`].
pub struct CalculatorProps {
    /// The calculator: question, fields, claim and answer.
    pub calculator: Shared<CalculatorState>,
    /// Sends actions to the page.
    pub ondispatch: Callback<Action>,
}

/// The best-practice table: bits per item and k for common rates.
fn practice(out: &mut Markup, text: &Text) {
    markup!(
        out,
        concat!(
            "<table class=\"practice\"><thead><tr><th>p</th><th>{calc_bits_per_item}",
            "</th><th>k</th><th>{calc_bits_blocked}</th><th>{calc_bits_split_block}",
            "</th></tr></thead><tbody>"
        ),
        calc_bits_per_item = text.calc_bits_per_item,
        calc_bits_blocked = text.calc_bits_blocked,
        calc_bits_split_block = text.calc_bits_split_block
    );
    for row in practice_table() {
        let (lines, lines_k) = row.blocked.unwrap_or_default();
        markup!(
            out,
            concat!(
                "<tr data-p=\"{p}\"><td>{p}</td><td>{bits_per_item}</td><td>{k}",
                "</td><td data-layout=\"blocked\">{blocked} (k = {lines_k})</td>",
                "<td data-layout=\"split-block\">{split_block}</td></tr>"
            ),
            p = shortest(row.p),
            bits_per_item = fixed(row.bits_per_item, 2),
            k = row.k,
            blocked = fixed(lines, 2),
            lines_k,
            split_block = fixed(row.split_block.unwrap_or_default(), 2)
        );
    }
    markup!(out, "</tbody></table>");
}

/// The calculator.
pub fn calculator(text: &'static Text, props: &CalculatorProps) -> Html {
    let calculator = &*props.calculator;
    let (mode, input, claim) = (&calculator.solve(), calculator.input(), calculator.claim());
    let result = calculator.result();
    let shown = calculator.shown().copied();
    let errors = result
        .as_ref()
        .err()
        .cloned()
        .unwrap_or_else(CalculatorErrors::default);
    let [use_n, use_p, use_m, use_k] = mode.inputs();
    // A field the question does not use shows the answer for it (greyed), not a value typed
    // for another question; the typed value comes back with a question that uses it.
    let answer = |used: bool, typed: &str, value: fn(&Solution) -> String| -> String {
        if used {
            typed.to_owned()
        } else {
            shown.as_ref().map(value).unwrap_or_default()
        }
    };
    let field_n = answer(use_n, &input.n, |s| s.n.to_string());
    let field_p = answer(use_p, &input.p, |s| precise_probability_from_ln(s.ln_p));
    let field_m = answer(use_m, &input.m, |s| s.m.to_string());
    let field_k = answer(use_k, &input.k, |s| s.k.to_string());
    let update = |apply: fn(&mut CalculatorInput, String)| {
        let (input, d) = (input.clone(), props.ondispatch.clone());
        Callback::from(move |v: String| {
            let mut next = input.clone();
            apply(&mut next, v);
            d.emit(Action::Calculator(CalculatorAction::SetInput(next)));
        })
    };
    let update_claim = |apply: fn(&mut ClaimInput, String)| {
        let (claim, d) = (claim.clone(), props.ondispatch.clone());
        Callback::from(move |v: String| {
            let mut next = claim.clone();
            apply(&mut next, v);
            d.emit(Action::Calculator(CalculatorAction::SetClaim(next)));
        })
    };
    let preset = |n: &str, p: &str, bytes: &str| {
        let claim = ClaimInput {
            n: n.into(),
            p: p.into(),
            bytes: bytes.into(),
        };
        send::<MouseEvent>(
            &props.ondispatch,
            Action::Calculator(CalculatorAction::SetClaim(claim)),
        )
    };
    let show = |p: &Option<crate::state::fields::FieldProblem>| {
        p.as_ref().map(|p| describe::problem(text, p))
    };
    let outputs = match &shown {
        Some(s) => {
            // A k the calculator chose (not one typed) stopped at the page's maximum.
            let k_capped = !use_k && s.k == MAX_HASHES && s.k_real > MAX_HASHES as f64;
            let use_in_visualizer = calculator.usable_shape().map(|_| {
                send::<MouseEvent>(
                    &props.ondispatch,
                    Action::Calculator(CalculatorAction::UseAnswer),
                )
            });
            // The answer, written as markup (it has no controls), then the button.
            let mut answer = Markup::default();
            markup!(
                answer,
                concat!(
                    "<dl class=\"calc-results{stale}\" data-calc-m=\"{m}\" ",
                    "data-calc-k=\"{k}\" data-calc-n=\"{n}\" data-calc-p=\"{p}\">"
                ),
                stale = if result.is_err() { " stale" } else { "" },
                m = s.m,
                k = s.k,
                n = s.n,
                p = machine_rate(s.ln_p)
            );
            let k_template = if k_capped {
                text.calc_k_capped
            } else {
                text.calc_k_value
            };
            let rate = format!(
                "{} ({})",
                precise_probability_from_ln(s.ln_p),
                s.target
                    .map_or_else(|| percent_from_ln(s.ln_p), |p| percent_beside(s.p(), p))
            );
            let m_value = fill(
                text.calc_m_value,
                &[&grouped(s.m), &grouped(s.bytes()), &binary_size(s.m)],
            );
            for (term, value) in [
                (text.calc_m, m_value),
                (text.calc_k, fill(k_template, &[&s.k, &fixed(s.k_real, 2)])),
                (text.calc_n, grouped(s.n)),
                (text.calc_p, rate),
                (text.calc_bits_per_item, fixed(s.bits_per_item, 2)),
            ] {
                markup!(answer, "<dt>{term}</dt><dd>{value}</dd>", term, value);
            }
            markup!(answer, "</dl>");
            if let Some((m, k)) = s.meeting {
                let meeting = fill(
                    text.calc_m_meeting,
                    &[
                        &percent_beside(s.p(), s.target.unwrap_or(1.0)),
                        &grouped(m),
                        &k,
                    ],
                );
                markup!(
                    answer,
                    concat!(
                        "<p class=\"hint\" id=\"calc-meeting\" ",
                        "data-calc-m-meeting=\"{m}\" data-calc-k-meeting=\"{k}\">{meeting}",
                        "</p>"
                    ),
                    m,
                    k,
                    meeting
                );
            }
            if use_in_visualizer.is_none() {
                let too_big = fill(text.calc_too_big, &[&grouped(MAX_BITS)]);
                markup!(
                    answer,
                    "<p class=\"hint\" id=\"calc-too-big\">{too_big}</p>",
                    too_big
                );
            }
            html! {
                <>
                { answer.html() }
                if let Some(onclick) = use_in_visualizer {
                    <button id="calc-use" class="primary" {onclick}>{ fill(text.calc_use, &[&s.m, &s.k]) }</button>
                }
                </>
            }
        }
        None => html! {},
    };
    // The greyed result is mentioned only when there is one to show.
    let fix_text = if shown.is_some() {
        text.calc_fix_fields
    } else {
        text.calc_fix_fields_first
    };
    let fix_fields = result
        .is_err()
        .then(|| html! { <p class="hint" id="calc-fix">{ fix_text }</p> });
    let claim_read = read_claim(&claim.n, &claim.p, &claim.bytes);
    let claim_errors = claim_read.clone().err().unwrap_or_default();
    let claim_result = match claim_read {
        Ok((n, p, bytes)) => {
            let c = check_claim(n, &p, bytes);
            let rate = percent_beside(c.ln_rate_at_claimed.exp(), p.value);
            let (needed, needed_binary) = match c.needed_bytes {
                Some(needed) => (grouped(needed), binary_size(needed.saturating_mul(8))),
                None => (
                    format!("> {}", grouped(u64::MAX / 8)),
                    binary_size(u64::MAX),
                ),
            };
            let verdict = if c.holds {
                text.claim_holds
            } else {
                text.claim_fails
            };
            let detail = fill(
                text.claim_detail,
                &[
                    &needed,
                    &needed_binary,
                    &grouped(c.claimed_bytes),
                    &binary_size(c.claimed_bytes * 8),
                    &rate,
                    &c.k_at_claimed,
                ],
            );
            let needed_bytes = c.needed_bytes.map_or("none".into(), |b| b.to_string());
            let mut out = Markup::default();
            markup!(
                out,
                concat!(
                    "<p class=\"claim-verdict {class}\" data-claim-holds=\"{holds}\" ",
                    "data-claim-needed=\"{needed_bytes}\" ",
                    "data-claim-rate=\"{rate}\">{verdict} {detail}</p>"
                ),
                class = if c.holds { "holds" } else { "fails" },
                holds = if c.holds { "true" } else { "false" },
                needed_bytes,
                rate = machine_rate(c.ln_rate_at_claimed),
                verdict,
                detail
            );
            out.html()
        }
        Err(_) => html! {},
    };
    // The tables and their headings are written as markup (they have no controls).
    let mut tables = Markup::default();
    markup!(
        tables,
        "<h3>{practice_title}</h3>",
        practice_title = text.practice_title
    );
    practice(&mut tables, text);
    let p = shown.as_ref().map(|s| s.target.unwrap_or_else(|| s.p()));
    clickhouse_table(&mut tables, text, p);
    markup!(
        tables,
        "<h3>{claim_title}</h3>",
        claim_title = text.claim_title
    );
    // The question's fields (greyed where the question does not use them) and the claim's.
    let n_field = TextField {
        disabled: !use_n,
        ..TextField::new("calc-n", text.calc_n, field_n, show(&errors.n))
    };
    let p_field = TextField {
        disabled: !use_p,
        ..TextField::new("calc-p", text.calc_p_input, field_p, show(&errors.p))
    };
    let m_field = TextField {
        disabled: !use_m,
        ..TextField::new("calc-m", text.calc_m, field_m, show(&errors.m))
    };
    let k_field = TextField {
        disabled: !use_k,
        ..TextField::new("calc-k", text.calc_k, field_k, show(&errors.k))
    };
    let claim_n_field = TextField::new(
        "claim-n",
        text.calc_n,
        claim.n.clone(),
        show(&claim_errors.n),
    );
    let claim_p_field = TextField::new(
        "claim-p",
        text.calc_p_input,
        claim.p.clone(),
        show(&claim_errors.p),
    );
    let claim_bytes_field = TextField::new(
        "claim-bytes",
        text.claim_bytes,
        claim.bytes.clone(),
        show(&claim_errors.bytes),
    );
    html! {
        <section class="panel calculator" aria-labelledby="calc-title">
            <h2 id="calc-title">{ text.calculator }</h2>
            <fieldset class="field mode calc-modes">
                <legend>{ text.calc_solve }</legend>
                { for Solve::ALL.iter().map(|&m| {
                    let choose = send::<Event>(&props.ondispatch, Action::Calculator(CalculatorAction::SetMode(m)));
                    html! {
                        <label>
                            <input type="radio" name="calc-mode" id={format!("calc-mode-{}", m.key())}
                                   checked={*mode == m} onchange={choose} />
                            { labels::solve(text, m) }
                        </label>
                    }
                }) }
            </fieldset>
            <div class="control-row">
                { text_field(n_field, update(|i, v| i.n = v)) }
                { text_field(p_field, update(|i, v| i.p = v)) }
                { text_field(m_field, update(|i, v| i.m = v)) }
                { text_field(k_field, update(|i, v| i.k = v)) }
            </div>
            { fix_fields }
            { outputs }
            { tables.html() }
            <div class="toolbar">
                <button id="claim-billion" onclick={preset("1000000000", "0.0001", "18000000")}>
                    { text.claim_preset_billion }
                </button>
                <button id="claim-two-files" onclick={preset("5000000000", "0.01", "4294967296")}>
                    { text.claim_preset_files }
                </button>
            </div>
            <div class="control-row">
                { text_field(claim_n_field, update_claim(|c, v| c.n = v)) }
                { text_field(claim_p_field, update_claim(|c, v| c.p = v)) }
                { text_field(claim_bytes_field, update_claim(|c, v| c.bytes = v)) }
            </div>
            { claim_result }
        </section>
    }
}
