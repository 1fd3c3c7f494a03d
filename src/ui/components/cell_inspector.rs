//! What the cell under the cursor holds, and which items set it.

use yew::prelude::*;

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
}

/// One line under the grid.
pub fn cell_inspector(text: &'static Text, props: &CellInspectorProps) -> Html {
    let names = props
        .setters
        .iter()
        .map(|s| fill(text.culprit_setter, &[&s.item, &s.hash_index]))
        .collect::<Vec<_>>()
        .join(text.list_separator);
    let more = props.total - props.setters.len();
    let template = if props.counting {
        text.cell_counter
    } else {
        text.cell_bit
    };
    html! {
        <p class="cell-inspector" aria-live="polite" data-inspected={props.position.to_string()}>
            { fill(template, &[&props.position, &props.value]) }
            { " " }
            if props.total == 0 {
                { text.cell_no_setters }
            } else {
                { fill(text.cell_setters, &[&names]) }
                if more > 0 { { " " }{ fill(text.culprit_more, &[&more]) } }
            }
        </p>
    }
}
