//! The bit array as a grid of numbered cells (m up to [`DOM_GRID_MAX`]). Rows are separate
//! components, so a keystroke re-renders only the rows whose marks changed.

use crate::decimal::{fixed, Fixed, Shortest};
use crate::markup;
use crate::state::practice::PracticeAction;
use crate::state::VisualizerAction;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::state::cursor::CursorStep;
use crate::state::grid_layout::{CellLabels, GridLayout, LABELLED_MAX};
use crate::state::shown_rows::{GridShape, ShownRows, CELLS_PER_FRAME};
use crate::state::{Action, FilterModel};
use crate::ui::browser;
use crate::ui::hooks::use_width;
use crate::ui::links::use_links_follow;
use crate::ui::marks::{hash_class, Mark, MarkKind};
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::Shared;

/// The largest m drawn as DOM cells; above it the canvas view takes over.
pub const DOM_GRID_MAX: u64 = 4096;

/// The height of a cell in a grid too large to label (m > 1,024), in CSS pixels.
const SMALL_CELL_HEIGHT_PX: f64 = 9.0;

/// The room a column's offset label needs above the grid, in CSS pixels ("+60").
const COLUMN_LABEL_PX: f64 = 22.0;

/// The width a grid is laid out for before it has been measured.
const UNMEASURED_WIDTH: f64 = 720.0;

/// Props of the two bit-array views, [`BitGrid`] and the canvas.
#[derive(Properties, PartialEq)]
pub struct BitViewProps {
    /// The filter to draw.
    pub filter: Shared<FilterModel>,
    /// Marked cells.
    pub marks: Vec<Mark>,
    /// The cell under the keyboard cursor.
    #[prop_or_default]
    pub cursor: Option<u64>,
    /// The cells a practice exercise's student marked (the grid only: m ≤ 64).
    #[prop_or_default]
    pub picked: Vec<u64>,
    /// Whether clicks and Space mark cells.
    #[prop_or_default]
    pub picking: bool,
    /// The cells the lesson's step names (the grid only): they show their index.
    #[prop_or_default]
    pub named: Vec<u64>,
    /// Sends actions (cursor moves).
    pub ondispatch: Callback<Action>,
}

/// The key handler of both bit-array views: arrow keys, Home and End move the cursor.
pub fn cursor_keys(ondispatch: &Callback<Action>, columns: u64) -> Callback<KeyboardEvent> {
    let d = ondispatch.clone();
    Callback::from(move |e: KeyboardEvent| {
        if let Some(step) = CursorStep::from_key(&e.key(), columns) {
            e.prevent_default();
            e.stop_propagation();
            d.emit(Action::Visualizer(VisualizerAction::MoveCursor(step)));
        }
    })
}

/// The whole grid. It is one tab stop; arrow keys move a cursor over the cells. Its cells
/// grow with the width it is given (up to 96 px), and a cell shows only the labels it has
/// room for ([`GridLayout`]). Where the cells are too small to show their index, rulers
/// give it: each row's first index at its left, each column's offset above it, so that
/// cell i reads as row start + column offset.
#[component]
pub fn BitGrid(props: &BitViewProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let node = use_node_ref();
    let width = use_width(node.clone());
    let shown = use_mut_ref(ShownRows::default);
    let scheduled = use_mut_ref(|| false);
    let force_update = use_force_update();
    let filter = &*props.filter;
    let m = filter.shape().m();
    let layout = GridLayout::for_width(m, width.unwrap_or(UNMEASURED_WIDTH));
    let columns = layout.columns;
    let (counting, max_count) = match filter {
        FilterModel::Plain(_) => (false, 1),
        FilterModel::Counting(f) => (true, f.max_count()),
    };
    let rows = m.div_ceil(columns);
    let shape = filter.shape();
    let slices = (shape.layout() == crate::filter::Layout::Partitioned)
        .then(|| (shape.slice_len(), shape.reachable_bits()));
    // In a blocked layout the cells are grouped into blocks (shaded in turn), and the
    // shown item's block is outlined, its eight words in the hash colours when split-block.
    let block_bits = shape.layout().block_bits();
    let item_block = block_bits.and_then(|bits| {
        props
            .marks
            .iter()
            .find(|mark| mark.kind.is_hash())
            .map(|mark| mark.position / bits)
    });
    let lanes = shape.layout() == crate::filter::Layout::SplitBlock;
    let size_class = match m {
        0..=64 => "grid-large",
        65..=1024 => "grid-medium",
        _ => "grid-small",
    };
    let style = format!(
        "--columns: {columns}; --cell: {}px; --gap: {}px",
        Fixed(layout.cell_px, 2),
        Shortest(layout.gap_px)
    );
    let labels = layout.labels;
    let ruled = !labels.index;
    let label_class = match (labels.index, labels.digit) {
        (true, _) => "labels-full",
        (false, true) => "labels-digit",
        (false, false) => "labels-none",
    };
    let onkeydown = {
        let moves = cursor_keys(&props.ondispatch, columns);
        let d = props.ondispatch.clone();
        let (picking, cursor) = (props.picking, props.cursor);
        Callback::from(move |e: KeyboardEvent| match cursor {
            Some(cell) if picking && (e.key() == " " || e.key() == "Enter") => {
                e.prevent_default();
                d.emit(Action::Practice(PracticeAction::Pick(cell)));
            }
            _ => moves.emit(e),
        })
    };
    let onclick = {
        let d = props.ondispatch.clone();
        let picking = props.picking;
        Callback::from(move |e: MouseEvent| {
            let index = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.closest("[data-bit-index]").ok().flatten())
                .and_then(|el| el.get_attribute("data-bit-index"))
                .and_then(|v| v.parse::<u64>().ok());
            if index.is_some() {
                d.emit(Action::Visualizer(VisualizerAction::SelectCell(index)));
            }
            if let Some(cell) = index.filter(|_| picking) {
                d.emit(Action::Practice(PracticeAction::Pick(cell)));
            }
        })
    };
    let active = props.cursor.map(|c| format!("cell-{c}"));
    let target: Vec<Vec<u8>> = (0..rows)
        .map(|row| {
            let start = row * columns;
            (start..(start + columns).min(m))
                .map(|p| filter.count(p))
                .collect()
        })
        .collect();
    let shown_rows =
        shown
            .borrow_mut()
            .catch_up(GridShape { m, counting }, target, CELLS_PER_FRAME);
    let busy = shown.borrow().is_behind();
    {
        // While rows still show older values, ask for another render next frame (once: a
        // render for other reasons meanwhile must not add a second request).
        let force_update = force_update.clone();
        let scheduled = scheduled.clone();
        use_effect(move || {
            if busy && !*scheduled.borrow() {
                *scheduled.borrow_mut() = true;
                browser::next_frame(move || {
                    *scheduled.borrow_mut() = false;
                    force_update.force_update();
                });
            }
        });
    }
    // A grid too large to label draws its marks as rings over the cells rather than as
    // classes of the cells: a cell's change of class makes its row of 64 cells lay out
    // again (about 2 ms a keystroke for 14 rows), a ring over them does not.
    let marks_over = m > LABELLED_MAX;
    let overlay = marks_over.then(|| {
        let row_step = SMALL_CELL_HEIGHT_PX + layout.gap_px;
        let column_step = layout.cell_px + layout.gap_px;
        html! {
            // Keyed like the rows beside it, so that the grid's children stay a keyed list
            // (a row added at the end is inserted, not every row rebuilt).
            <div class="grid-marks" aria-hidden="true" key="marks">
                { for props.marks.iter().map(|mark| {
                    let (row, column) = (mark.position / columns, mark.position % columns);
                    let style = format!(
                        "left: {left}px; top: {top}px; width: {width}px",
                        left = Fixed(column as f64 * column_step, 1),
                        top = Fixed(row as f64 * row_step, 1),
                        width = Fixed(layout.cell_px, 1),
                    );
                    let kind = mark.kind.class();
                    html! {
                        <div class={crate::class_list!("grid-mark", kind, hash_class(mark.hash_index))} {style}
                             data-mark-position={mark.position.to_string()} />
                    }
                }) }
            </div>
        }
    });
    // Offsets over every column where each has room for one, else over every 2nd, 4th or
    // 8th column.
    let column_step = [1, 2, 4, 8]
        .into_iter()
        .find(|&s| s as f64 * (layout.cell_px + layout.gap_px) >= COLUMN_LABEL_PX)
        .unwrap_or(8);
    let column_ruler = ruled.then(|| {
        let mut offsets = Markup::default();
        for c in 0..columns {
            match c % column_step {
                0 => markup!(offsets, "<span>+{c}</span>", c),
                _ => markup!(offsets, "<span></span>"),
            };
        }
        html! { <div class="column-ruler" aria-hidden="true" key="ruler">{ offsets.html() }</div> }
    });
    // The links from the strip follow the cells once they are laid out.
    use_links_follow(&node, &props.marks, columns, layout.cell_px);
    html! {
        <div class={crate::class_list!("bit-grid", size_class, label_class, counting.then_some("counting"),
                                       ruled.then_some("ruled"))}
             role="grid" aria-label={text.grid_label} {style} data-m={m.to_string()} ref={node}
             data-columns={columns.to_string()} data-cell-px={fixed(layout.cell_px, 0)}
             aria-busy={busy.then_some("true")}
             tabindex="0" {onkeydown} {onclick} aria-activedescendant={active}>
            { for shown_rows.into_iter().enumerate().map(|(row, values)| {
                let start = row as u64 * columns;
                let end = start + values.len() as u64;
                let marks: Vec<Mark> = props
                    .marks
                    .iter()
                    .filter(|mk| !marks_over && mk.position >= start && mk.position < end)
                    .copied()
                    .collect();
                let cursor = props.cursor.filter(|&c| c >= start && c < end);
                let in_row = |cells: &[u64]| {
                    cells.iter().copied().filter(|&p| p >= start && p < end).collect::<Vec<u64>>()
                };
                let (picked, named) = (in_row(&props.picked), in_row(&props.named));
                // Only the rows that meet the item's block are told which it is, so that a
                // new item redraws those rows alone.
                let blocks = block_bits.map(|bits| RowBlocks {
                    bits,
                    item: item_block.filter(|&b| b * bits < end && (b + 1) * bits > start),
                    lanes,
                });
                // Only rows that label their cells get the texts: the others need not be
                // rebuilt when the page's language changes.
                let titles = (m <= 1024 || cursor.is_some()).then_some(CellTitles {
                    bit: text.cell_title_bit,
                    counter: text.cell_title_counter,
                    saturated: text.cell_title_saturated,
                    hash: text.hash_name,
                });
                html! {
                    <GridRow key={row} {start} {values} {marks} {cursor} {picked} {named} {ruled} {counting} {max_count}
                             {labels} {titles} {slices} {blocks} />
                }
            }) }
            { column_ruler }
            { overlay }
        </div>
    }
}

/// The templates of a cell's title, in the page's language.
#[derive(Clone, Copy, PartialEq)]
pub struct CellTitles {
    /// A bit: index and value.
    pub bit: &'static str,
    /// A counter: index and count.
    pub counter: &'static str,
    /// A saturated counter.
    pub saturated: &'static str,
    /// Hash i's name ("hash {0}").
    pub hash: &'static str,
}

/// How a row of a blocked layout shows its blocks.
#[derive(Clone, Copy, PartialEq)]
pub struct RowBlocks {
    /// Bits per block (512 or 256).
    pub bits: u64,
    /// The shown item's block, when it meets this row.
    pub item: Option<u64>,
    /// Whether the block's 32-bit words are lanes, one per hash (split-block).
    pub lanes: bool,
}

/// Props of one row.
#[derive(Properties, PartialEq)]
pub struct GridRowProps {
    /// Index of the first cell.
    pub start: u64,
    /// The cell values (bits 0/1, or counters).
    pub values: Vec<u8>,
    /// Marks in this row.
    pub marks: Vec<Mark>,
    /// The cursor, when it is in this row.
    pub cursor: Option<u64>,
    /// The cells of this row a practice exercise's student marked.
    pub picked: Vec<u64>,
    /// The cells of this row the lesson's step names.
    pub named: Vec<u64>,
    /// Whether the row's first index stands at its left (the grid's ruler, drawn by the style
    /// sheet from `data-row-start`).
    pub ruled: bool,
    /// Counting mode.
    pub counting: bool,
    /// The counter maximum (saturation).
    pub max_count: u8,
    /// The labels the cells have room for.
    pub labels: CellLabels,
    /// The title templates, for rows whose cells are labelled (every row up to m = 1024,
    /// else the cursor's row).
    pub titles: Option<CellTitles>,
    /// A partitioned filter's slice length s and the bits its k slices cover (k·s).
    pub slices: Option<(u64, u64)>,
    /// The blocks of a blocked layout.
    pub blocks: Option<RowBlocks>,
}

/// One row of cells.
#[component]
fn GridRow(props: &GridRowProps) -> Html {
    // A row without labels holds no words, only colours and hash numbers: it says so
    // (`zxx`, no linguistic content) rather than inherit the page's language, so that a
    // language switch does not restyle and lay out its cells again (about 45 ms at m = 4096).
    let lang = props.titles.is_none().then_some("zxx");
    html! {
        <div class={crate::class_list!("grid-row", (!props.marks.is_empty()).then_some("marked"))} role="row" {lang}
             data-row-start={props.ruled.then(|| props.start.to_string())}>
            { for props.values.iter().enumerate().map(|(offset, &value)| {
                let index = props.start + offset as u64;
                let marks: Vec<&Mark> = props.marks.iter().filter(|m| m.position == index).collect();
                cell(index, value, &marks, props)
            }) }
        </div>
    }
}

fn cell(index: u64, value: u8, marks: &[&Mark], row: &GridRowProps) -> Html {
    // An add-walk shows its visited bits as set before the add is committed.
    let set = value > 0;
    let pending = !set && marks.iter().any(|m| m.adding);
    let saturated = row.counting && value == row.max_count;
    let mark_classes: Vec<&str> = marks.iter().map(|m| m.kind.class()).collect();
    let extra = marks.iter().any(|m| m.kind == MarkKind::Extra);
    let hashes: Vec<&&Mark> = marks.iter().filter(|m| m.kind.is_hash()).collect();
    // The outline takes the colour of the first hash that landed here.
    let colour = hashes.first().map(|m| hash_class(m.hash_index));
    let decides = marks.iter().any(|m| m.decides);
    let count_class = match (row.counting, value) {
        (false, _) => None,
        (true, 0) => Some("count-0"),
        (true, 1) => Some("count-1"),
        (true, _) => Some("count-many"),
    };
    let template = row.titles.map(|t| match (row.counting, saturated) {
        (false, _) => t.bit,
        (true, false) => t.counter,
        (true, true) => t.saturated,
    });
    let data_count = row.counting.then(|| value.to_string());
    let is_cursor = row.cursor == Some(index);
    let picked = row.picked.contains(&index);
    let labels = row.labels;
    // Large grids (small cells) label only the cursor's cell, which the grid names as its
    // active descendant: 4096 labels would double the work of every change to the array.
    let label = template
        .filter(|_| labels.digit || is_cursor)
        .map(|template| {
            let mut label = fill(template, &[&index, &value]);
            if let Some(t) = row.titles {
                for mark in &hashes {
                    label.push_str(" · ");
                    label.push_str(&fill(t.hash, &[&mark.hash_index]));
                }
            }
            label
        });
    let id = is_cursor.then(|| format!("cell-{index}"));
    // In a partitioned filter only hash i reaches slice i, so the slice takes hash i's
    // colour; the bits after the last slice are never reached.
    let slice = row
        .slices
        .filter(|&(_, reachable)| index < reachable)
        .map(|(s, _)| (index / s) as u32);
    let unused = row.slices.is_some() && slice.is_none();
    // A cell the page names (a hash of the shown item, the lesson's step, the student's
    // mark) shows its index even where the cells are too small to all carry one, so that
    // the positions the text and the strip give can be found without counting.
    let named = !hashes.is_empty() || picked || row.named.contains(&index);
    let show_index = labels.named_index && named;
    let block = row.blocks.map(|b| index / b.bits);
    let in_item_block = row.blocks.is_some_and(|b| b.item == block);
    // In the item's block of a split-block filter, word w is hash w's lane.
    let lane = row
        .blocks
        .filter(|b| b.lanes && in_item_block)
        .map(|b| ((index % b.bits) / 32) as u32);
    let colour = colour.or(slice.map(hash_class)).or(lane.map(hash_class));
    let block_class = block.map(|b| {
        if b % 2 == 1 {
            "block-odd"
        } else {
            "block-even"
        }
    });
    html! {
        <div {id} class={crate::class_list!("cell", (set || pending).then_some("set"), pending.then_some("pending"),
                             saturated.then_some("saturated"),
                             count_class, mark_classes, colour, decides.then_some("decider"),
                             is_cursor.then_some("cursor"),
                             slice.or(lane).map(|_| "in-slice"), unused.then_some("unused"),
                             show_index.then_some("show-index"),
                             block_class, in_item_block.then_some("item-block"),
                             picked.then_some("picked"))}
             data-picked={picked.then_some("true")}
             role="gridcell" title={label.clone()} aria-label={label}
             data-slice={slice.map(|i| i.to_string())} data-unused={unused.then_some("true")}
             data-block={block.map(|b| b.to_string())} data-lane={lane.map(|w| w.to_string())}
             data-bit-index={index.to_string()} data-index-shown={(labels.index || show_index).then_some("true")}
             data-bit-set={if set { "1" } else { "0" }}
             data-count={data_count} data-decider={decides.then_some("true")} data-extra={extra.then_some("true")}>
            if labels.index || show_index { <span class="cell-index">{ index }</span> }
            if labels.digit {
                if row.counting { <span class="cell-count">{ value }</span> }
                else { <span class="cell-bit">{ if set || pending { "1" } else { "0" } }</span> }
            }
            if labels.hashes && !hashes.is_empty() && !show_index {
                <span class="cell-hashes">
                    { for hashes.iter().map(|m| html! {
                        <span class={crate::class_list!("chip", hash_class(m.hash_index))}>{ m.hash_index }</span>
                    }) }
                </span>
            }
        </div>
    }
}
