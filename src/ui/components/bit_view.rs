//! The bit array at the centre of the page: the item whose positions are marked, a strip of
//! its k hashes (each in its colour, with its number and position), the grid (or the
//! canvas above m = 4096), and a line in hash i's colour from each hash in the strip to its
//! cell ([`crate::ui::links`]), drawn in well under a second (at once with reduced motion).

use crate::markup;
use yew::prelude::*;

use crate::i18n::{fill, shown_item, Text};
use crate::state::{Action, FilterModel};
use crate::ui::components::bit_canvas::BitCanvas;
use crate::ui::components::bit_grid::{BitGrid, DOM_GRID_MAX};
use crate::ui::marks::{hash_class, Mark, MarkKind};
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;

/// What [`bit_view`] draws.
pub struct BitViewPanelProps {
    /// The filter to draw.
    pub filter: Shared<FilterModel>,
    /// The item whose positions are marked, if any.
    pub item: Option<String>,
    /// Its marked positions, in hash order.
    pub marks: Vec<Mark>,
    /// The cell under the keyboard cursor.
    pub cursor: Option<u64>,
    /// The cells a practice exercise's student marked.
    pub picked: Vec<u64>,
    /// Whether clicks and Space mark cells (a place exercise waiting for its answer).
    pub picking: bool,
    /// The cells the lesson's step names.
    pub named: Vec<u64>,
    /// Sends actions.
    pub ondispatch: Callback<Action>,
}

/// The strip: the item, then each hash's number and position in its colour (written as
/// markup: it has no controls).
fn strip(text: &Text, item: &Option<String>, marks: &[Mark]) -> Html {
    let mut out = Markup::default();
    let Some(item) = item else {
        markup!(
            out,
            "<p class=\"hash-strip empty\">{strip_empty}</p>",
            strip_empty = text.strip_empty
        );
        return out.html();
    };
    markup!(
        out,
        concat!(
            "<p class=\"hash-strip\" data-strip-item=\"{item}\"><span ",
            "class=\"strip-item\">{item_quoted}</span>"
        ),
        item,
        item_quoted = fill(text.item_quoted, &[&shown_item(item)])
    );
    for m in marks {
        let colour = hash_class(m.hash_index);
        let zero = m.kind == MarkKind::Zero;
        let class = crate::class_list!(
            "strip-hash",
            colour,
            zero.then_some("zero"),
            m.decides.then_some("decider")
        );
        markup!(
            out,
            concat!(
                "<span class=\"{class}\" data-strip-hash=\"{hash_index}\" ",
                "data-strip-position=\"{position}\"><span class=\"chip {colour}\">",
                "{hash_index}</span> → {position}"
            ),
            class,
            hash_index = m.hash_index,
            position = m.position,
            colour
        );
        if m.decides {
            markup!(out, "<span class=\"strip-zero\"> ✗</span>");
        }
        markup!(out, "</span>");
    }
    markup!(out, "</p>");
    out.html()
}

/// The bit array with its strip; the grid or canvas draws the links once laid out.
pub fn bit_view(text: &Text, props: &BitViewPanelProps) -> Html {
    let m = props.filter.shape().m();
    let view = if m <= DOM_GRID_MAX {
        html! { <BitGrid filter={props.filter.clone()} marks={props.marks.clone()} cursor={props.cursor}
        picked={props.picked.clone()} picking={props.picking} named={props.named.clone()}
        ondispatch={props.ondispatch.clone()} /> }
    } else {
        html! { <BitCanvas filter={props.filter.clone()} marks={props.marks.clone()} cursor={props.cursor}
        ondispatch={props.ondispatch.clone()} /> }
    };
    html! {
        <div class="bit-stage">
            { strip(text, &props.item, &props.marks) }
            { view }
            <svg class="links" aria-hidden="true"></svg>
        </div>
    }
}
