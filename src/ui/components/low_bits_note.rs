//! The note beside an FNV-1a filter whose m is a power of two: a pair of items it cannot tell
//! apart, and how often short words share positions against chance.

use crate::decimal::fixed;
use crate::state::PageAction;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::filter::shared_positions::{LowBitsReport, SharedPositions};
use crate::i18n::{fill, shown_item, Text};
use crate::state::numbers::grouped;
use crate::state::url::View;
use crate::state::Action;

/// Props of [`low_bits_note`].
pub struct LowBitsNoteProps {
    /// m.
    pub m: u64,
    /// The report on the short words.
    pub report: LowBitsReport,
    /// Two of the user's items with the same positions, when there are.
    pub own_pair: Option<SharedPositions>,
    /// Sends actions to the page.
    pub ondispatch: Callback<Action>,
}

/// The note, with a button to the hash-quality view.
pub fn low_bits_note(text: &'static Text, props: &LowBitsNoteProps) -> Html {
    let report = &props.report;
    let pair = props.own_pair.as_ref().or(report.pair.as_ref());
    let words = match report.longest {
        1 => text.low_bits_letters.to_owned(),
        2 => fill(text.low_bits_two, &[&grouped(report.words as u64)]),
        _ => fill(text.low_bits_three, &[&grouped(report.words as u64)]),
    };
    let count = fill(
        text.low_bits_count,
        &[
            &words,
            &grouped(report.shared as u64),
            &fixed(report.by_chance, 1),
        ],
    );
    let sentence = pair.map(|pair| {
        let positions = pair
            .positions
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        fill(
            text.low_bits_note,
            &[
                &grouped(props.m),
                &report.bits,
                &shown_item(&pair.first),
                &shown_item(&pair.second),
                &positions,
            ],
        )
    });
    let compare = send::<MouseEvent>(
        &props.ondispatch,
        Action::Page(PageAction::SetView(View::Hashes)),
    );
    html! {
        <p class="hint low-bits" id="low-bits-note"
           data-pair-first={pair.map(|p| p.first.clone())} data-pair-second={pair.map(|p| p.second.clone())}
           data-shared={report.shared.to_string()} data-words={report.words.to_string()}>
            { sentence.unwrap_or_default() }{ " " }{ count }{ " " }
            <button class="small" id="low-bits-compare" onclick={compare}>{ text.low_bits_compare }</button>
        </p>
    }
}
