//! What the cell under the cursor holds, and which items set it.

use crate::markup;
use yew::prelude::*;

use crate::ui::raw::{IntoHtml, Markup};

use crate::i18n::{fill, Text};
use crate::state::query::Setter;

/// Props of [`CellInspector`].
pub struct CellInspectorProps {
    /// The cell.
    pub position: u64,
    /// Its bit (0/1) or counter.
    pub value: u8,
    /// Counting mode.
    pub counting: bool,
    /// Items whose positions include this cell (the first few).
    pub setters: Vec<Setter>,
    /// How many items in all.
    pub total: usize,
    /// The operations of the log that touched the cell, in order: `#3 add “pear” → 1`.
    pub history: Vec<String>,
}

/// One line under the grid, written as markup (it has no controls).
pub fn cell_inspector(text: &'static Text, props: &CellInspectorProps) -> Html {
    let template = if props.counting {
        text.cell_counter
    } else {
        text.cell_bit
    };
    let mut line = fill(template, &[&props.position, &props.value]);
    line.push(' ');
    if props.total == 0 {
        line.push_str(text.cell_no_setters);
    } else {
        let names = props
            .setters
            .iter()
            .map(|s| fill(text.culprit_setter, &[&s.item, &s.hash_index]))
            .collect::<Vec<_>>()
            .join(text.list_separator);
        line.push_str(&fill(text.cell_setters, &[&names]));
        let more = props.total - props.setters.len();
        if more > 0 {
            line.push(' ');
            line.push_str(&fill(text.culprit_more, &[&more]));
        }
    }
    if !props.history.is_empty() {
        line.push(' ');
        line.push_str(&fill(
            text.cell_history,
            &[&props.history.join(text.list_separator)],
        ));
    }
    let mut out = Markup::default();
    markup!(
        out,
        concat!(
            "<p class=\"cell-inspector\" aria-live=\"polite\" ",
            "data-inspected=\"{position}\">{line}</p>"
        ),
        position = props.position,
        line = &line
    );
    out.html()
}
