//! The visualizer's layout. The item field and the bit array come first; the filter's
//! settings sit in a compact row between them (after the answer on a phone); under it, the
//! answer (the walk, the verdict and the hash arithmetic) beside the figures and the items.
//! Practice appears when it is asked for, and the deletion demonstrations open on demand. On
//! a phone everything stacks in the order item field, bit array, answer, the rest.

use crate::markup;
use crate::state::FilterAction;
use crate::state::VisualizerAction;
use std::rc::Rc;

use yew::prelude::*;

use crate::filter::shared_positions::{first_shared_pair, low_bits_report};
use crate::filter::HashStep;
use crate::i18n::Text;
use crate::state::figures::Figures;
use crate::state::picture::{bit_array_svg, PictureMark, PICTURE_MAX_BITS};
use crate::state::query::setters_at;
use crate::state::settings::FilterModel;
use crate::state::timeline::cell_history;
use crate::state::url::Lockable;
use crate::state::{Action, AppState, Mode, WalkKind};
use crate::ui::bulk;
use crate::ui::components::{
    bit_view::{bit_view, BitViewPanelProps},
    cell_inspector::{cell_inspector, CellInspectorProps},
    controls::{controls, ControlsProps},
    crawl_panel::{crawl_panel, CrawlPanelProps},
    deletion::{comparison_of, deletion_panel, DeletionPanelProps},
    hash_table::{hash_table, HashTableProps},
    item_input::{action_button, item_input, ItemInputProps},
    item_list::ItemList,
    low_bits_note::{low_bits_note, LowBitsNoteProps},
    notices::{message_bar, MessageBarProps},
    practice_panel::{practice_panel, PracticePanelProps},
    query_record_panel::query_record_panel,
    query_result::{query_result, QueryResultProps},
    stats::stats,
    timeline_bar::{operation, timeline_bar},
    walk_panel::{walk_panel, WalkPanelProps},
};
use crate::ui::hooks::DrawnParts;
use crate::ui::marks::{marks, shown_steps};
use crate::ui::picture::save_svg;
use crate::ui::raw::{IntoHtml, Markup};
use crate::ui::shared::{dispatch_to, Shared, StateHandle};

/// Props of [`Visualizer`].
#[derive(Properties, PartialEq)]
pub struct VisualizerProps {
    /// The page state.
    pub state: StateHandle,
    /// Kept rendered but hidden while another view is open.
    pub away: bool,
    /// How much of the page a start has drawn so far.
    pub drawn: DrawnParts,
}

/// The bit array's caption, with the sentence on reading an index that is true of the grid
/// drawn: numbered cells, or rulers (the style sheet shows the one that fits; written as
/// markup: it has no controls).
fn bit_hint(text: &Text) -> Html {
    let mut out = Markup::default();
    markup!(
        out,
        concat!(
            "<p class=\"hint bit-hint\">{bit_array_hint} <span ",
            "class=\"if-numbered\">{grid_numbered} </span><span ",
            "class=\"if-ruled\">{grid_ruled} </span>{grid_keys}</p>"
        ),
        bit_array_hint = text.bit_array_hint,
        grid_numbered = text.grid_numbered,
        grid_ruled = text.grid_ruled,
        grid_keys = text.grid_keys
    );
    out.html()
}

/// The legend of counting mode's colours (written as markup: it has no controls).
fn counting_legend(text: &Text) -> Html {
    let mut out = Markup::default();
    markup!(out, "<p class=\"legend counting\">");
    for (class, label) in [
        ("count-0", text.legend_zero),
        ("count-1 set", text.legend_one),
        ("count-many set", text.legend_many),
        ("saturated set", text.legend_saturated),
    ] {
        markup!(
            out,
            concat!(
                "<span class=\"legend-item\"><span class=\"cell swatch {class}\">",
                "</span>{label}</span>"
            ),
            class,
            label
        );
    }
    markup!(out, "</p>");
    out.html()
}

/// The visualizer's arm of [`super::draw`]: the app keeps the visualizer mounted while
/// another view is shown (leaving it and coming back neither tears down nor rebuilds its
/// grid), so it draws it itself, and this draws nothing.
pub fn drawn_by_the_app(_: &'static Text, _: &AppState, _: &Callback<Action>) -> Html {
    Html::default()
}

/// The visualizer.
#[component]
pub fn Visualizer(props: &VisualizerProps) -> Html {
    let text = use_context::<&'static Text>().unwrap_or(&crate::i18n::EN);
    let state: &UseReducerHandle<AppState> = &props.state;
    let dispatch = dispatch_to(state);
    let settings = *state.settings();
    let embedding = state.embedding();
    let compact = embedding.compact;
    let shown = shown_steps(state);
    let cell_marks = shown
        .as_ref()
        .map(|(_, steps)| marks(state, steps))
        .unwrap_or_default();
    let cursor = state.selected_cell();
    // Who set the selected cell: n·k hashes, so computed only when the items or cell change.
    let inspected = {
        let state = state.clone();
        use_memo((state.revision(), cursor), move |(_, cursor)| {
            cursor.map(|position| {
                let (setters, total) = setters_at(state.filter(), state.members(), &[position])
                    .pop()
                    .unwrap_or_default();
                let log = &state.log()[..state.timeline_t()];
                let mut history = Vec::new();
                for e in cell_history(state.settings(), log, position) {
                    history.push(format!(
                        "#{} {} → {}",
                        e.operation,
                        operation(text, &e.entry),
                        e.value
                    ));
                }
                (position, setters, total, history)
            })
        })
    };
    let inspector = inspected
        .as_ref()
        .as_ref()
        .map(|(position, setters, total, history)| {
            let props = CellInspectorProps {
                position: *position,
                value: state.filter().count(*position),
                counting: settings.mode() == Mode::Counting,
                setters: setters.clone(),
                total: *total,
                history: history.clone(),
            };
            cell_inspector(text, &props)
        });
    let set_flags = |steps: &[HashStep]| -> Vec<bool> {
        steps
            .iter()
            .map(|s| state.filter().is_set(s.position))
            .collect()
    };
    // A counting filter's counter at each step's position, and a counter's maximum.
    let counts_at = |steps: &[HashStep]| match state.filter().as_ref() {
        FilterModel::Counting(c) => Some((
            steps
                .iter()
                .map(|s| c.count(s.position))
                .collect::<Vec<u8>>(),
            c.max_count(),
        )),
        FilterModel::Plain(_) => None,
    };
    let arithmetic = shown.as_ref().map(|(item, steps)| {
        let props = HashTableProps {
            item: item.clone(),
            steps: steps.clone(),
            shape: settings.shape(),
            set: set_flags(steps),
            visible: state.walk().map(|w| w.step).unwrap_or(u32::MAX),
            adding: state.walk().is_some_and(|w| w.kind == WalkKind::Add),
            hide_bits: state.predicting() && state.draft().is_empty() && state.walk().is_none(),
            n: state.members().len() as u64,
            counts: counts_at(steps),
        };
        hash_table(text, &props)
    });
    let walk = state.walk().map(|walk| {
        let steps = settings.shape().steps(walk.item.as_bytes());
        let props = WalkPanelProps {
            walk: walk.clone(),
            set: set_flags(&steps),
            counts: counts_at(&steps),
            steps,
            layout: settings.layout(),
            ondispatch: dispatch.clone(),
        };
        walk_panel(text, &props)
    });
    // The answer for the word being typed, live; else the last query's, with its culprits.
    // A false positive whose culprits were not looked for offers to name the items that set
    // its bits (an explanation of the answer, not another query).
    let live = state.live_report().map(Rc::new);
    let verdict = live.clone().or_else(|| state.last_query().cloned()).map(|report| {
        let culprits_on_demand = matches!(
            &report.verdict,
            crate::state::Verdict::FalsePositive { culprits } if culprits.is_empty()
        );
        html! {
            <div class="verdict-box" data-live={live.is_some().then_some("true")}>
                { query_result(text, &QueryResultProps { report: Shared(report) }) }
                if culprits_on_demand {
                    <button id="culprits-button" class="small"
                            onclick={crate::ui::shared::send(&dispatch, Action::Filter(FilterAction::ShowCulprits))}>
                        { text.show_culprits }
                    </button>
                }
            </div>
        }
    });
    let message = state.message().cloned().map(|message| {
        message_bar(
            text,
            &MessageBarProps {
                message,
                ondispatch: dispatch.clone(),
            },
        )
    });
    let crawl = state
        .crawl()
        .filter(|_| state.lesson().is_some())
        .map(|tally| {
            let props = CrawlPanelProps {
                tally: tally.clone(),
                m: settings.m(),
            };
            crawl_panel(text, &props)
        });
    // Practice shows in an embedded page too: a course page collects its results.
    let practice = state.practice().map(|practice| {
        let props = PracticePanelProps {
            practice,
            filter: state.filter(),
            members: state.members(),
            ondispatch: dispatch.clone(),
        };
        practice_panel(text, &props)
    });
    let on_paste = {
        let state = state.clone();
        let dispatch = dispatch.clone();
        Callback::from(move |pasted: bulk::PastedText| {
            bulk::add_pasted(state.clone(), pasted, dispatch.clone())
        })
    };
    let intro = (!compact && !state.intro_dismissed() && state.lesson().is_none()).then(|| {
        let d = dispatch.clone();
        let dismiss = Callback::from(move |_: MouseEvent| {
            crate::ui::browser::remember_intro_dismissed();
            d.emit(Action::Visualizer(VisualizerAction::DismissIntro));
        });
        html! {
            <p class="intro" id="intro">
                <span>{ text.intro_hint }</span>
                <button class="small" id="intro-dismiss" onclick={dismiss}>{ text.intro_dismiss }</button>
            </p>
        }
    });
    // A lesson or an embedded page shows every tool in its place; a visit of its own keeps
    // the tools a first visit does not need in the "More" area beside m and k.
    let all_in_row = compact || state.lesson().is_some();
    // A picture of the array as it is now, for slides (m up to 4,096).
    let picture = (settings.m() <= PICTURE_MAX_BITS).then(|| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            let shown = shown_steps(&state);
            let marks: Vec<PictureMark> = shown
                .as_ref()
                .map(|(_, steps)| marks(&state, steps))
                .unwrap_or_default()
                .iter()
                .map(|m| PictureMark {
                    position: m.position,
                    hash_index: m.hash_index,
                    decides: m.decides,
                })
                .collect();
            let item = shown.as_ref().map(|(item, _)| item.as_str());
            if let Some(svg) = bit_array_svg(state.filter(), item, &marks, 1200.0) {
                save_svg("bit-array.svg", &svg);
            }
        });
        html! { <button class="small download" id="download-bits" {onclick}>{ text.download_svg }</button> }
    });
    let items_locked = embedding.is_locked(Lockable::Items);
    let tool = |label, id, action| action_button(label, id, action, items_locked, &dispatch);
    let counting = settings.mode() == Mode::Counting;
    let delete = if counting {
        tool(
            text.remove_typed,
            "remove-button",
            Action::Filter(FilterAction::RemoveDraft),
        )
    } else {
        tool(
            text.naive_delete_typed,
            "naive-delete-button",
            Action::Filter(FilterAction::NaiveDelete(state.draft().to_owned())),
        )
    };
    let walks = html! {
        <>
            { tool(text.step_add, "walk-add-button", Action::Filter(FilterAction::StartWalk(WalkKind::Add))) }
            { tool(text.step_query, "walk-query-button", Action::Filter(FilterAction::StartWalk(WalkKind::Query))) }
        </>
    };
    // Removal stands beside Add where it is used: in counting mode, and while the deletion
    // demonstrations are open.
    let delete_in_row = counting || state.deletion_open();
    let (row_tools, more_tools, picture) = match (all_in_row, delete_in_row) {
        (true, _) => (html! { <>{ delete }{ walks }</> }, Html::default(), picture),
        (false, true) => (delete, html! { <>{ walks }{ picture }</> }, None),
        (false, false) => (
            Html::default(),
            html! { <>{ delete }{ walks }{ picture }</> },
            None,
        ),
    };
    // The deletion comparison rebuilds two filters from every member: only when its inputs
    // change, and only while the section is open.
    let comparison = {
        let key = (
            settings,
            Shared(Rc::clone(state.members())),
            state.compared().map(str::to_owned),
            state.deletion_open(),
            state.bulk().is_some(),
        );
        use_memo(key, |(settings, members, compared, open, busy)| {
            comparison_of(settings, members, compared.as_deref(), *open, *busy).map(Rc::new)
        })
    };
    let deletion = deletion_panel(
        text,
        &DeletionPanelProps {
            settings,
            members: Shared(Rc::clone(state.members())),
            open: state.deletion_open(),
            compared: state.compared().map(str::to_owned),
            comparison: (*comparison).clone(),
            ondispatch: dispatch.clone(),
        },
    );
    // FNV-1a at a power-of-two m: hashes up to 18,314 short words, once per shape.
    let drawn = props.drawn;
    let low_bits = use_memo(settings.shape(), |shape| low_bits_report(*shape));
    let own_pair = {
        let key = (
            settings.shape(),
            Shared(Rc::clone(state.members())),
            low_bits.is_some(),
        );
        use_memo(key, |(shape, members, wanted)| {
            wanted
                .then(|| {
                    let items: Vec<String> =
                        members.list().iter().map(|m| m.item.clone()).collect();
                    first_shared_pair(*shape, &items)
                })
                .flatten()
        })
    };
    let low_bits_note = (*low_bits).clone().map(|report| {
        let props = LowBitsNoteProps {
            m: settings.m(),
            report,
            own_pair: (*own_pair).clone(),
            ondispatch: dispatch.clone(),
        };
        low_bits_note(text, &props)
    });
    let errors = state.field_errors().clone();
    // A blocked layout's figures count the bits of every block: once per change of the
    // filter, not on every keystroke.
    let figures = use_memo(
        (
            Shared(Rc::clone(state.filter())),
            state.members().len() as u64,
        ),
        |(filter, n)| Figures::of(filter, *n),
    );
    let item_block = settings.shape().layout().block_bits().and_then(|bits| {
        shown
            .as_ref()
            .and_then(|(item, _)| settings.shape().positions(item.as_bytes()).next())
            .map(|position| position / bits)
    });
    // The cells the lesson's step names.
    let lesson_named = state
        .lesson()
        .map(|progress| progress.current().named_positions(settings.shape()))
        .unwrap_or_default();
    let timeline = (!state.log().is_empty())
        .then(|| timeline_bar(text, state.log(), state.timeline_t(), &dispatch));
    let record = (state.query_record().total() > 0)
        .then(|| query_record_panel(text, state.query_record(), figures.ln_fpr.exp()));
    // The start draws these parts one frame after another; a part not yet drawn holds its
    // place (an empty list), so a part drawn later does not shift the ones before it.
    html! {
        <main class={crate::class_list!("visualizer", props.away.then_some("away"))}>
            if drawn.has(DrawnParts::Entry) {
                <div class="entry">
                    { item_input(text, &ItemInputProps { draft: state.draft().to_owned(), items_locked,
                           hint: intro, tools: row_tools, ondispatch: dispatch.clone() }) }
                </div>
                { controls(text, &ControlsProps { settings, errors,
                      locked: embedding.locked.clone(), drafts: state.field_drafts().clone(),
                      all_in_row, more_open: state.more_open(), more_tools,
                      ondispatch: dispatch.clone() }) }
            }
            if drawn.has(DrawnParts::BitArray) {
                <section class="panel bit-view" id="bit-array" aria-labelledby="bits-title"
                         data-item-block={item_block.map(|b| b.to_string())}>
                    <h2 id="bits-title" class="visually-hidden">{ text.bit_array }</h2>
                    { bit_view(text, &BitViewPanelProps { filter: Shared(Rc::clone(state.filter())),
                          item: shown.as_ref().map(|(item, _)| item.clone()), marks: cell_marks, cursor,
                          picked: state.picked_cells(), picking: state.picking_cells(), named: lesson_named,
                          ondispatch: dispatch.clone() }) }
                    // The answer, and what the last action did, right under the cells they are
                    // about: on a first screen of 720 pixels beside the array's first row.
                    <div class="slot">{ verdict }</div>
                    <div class="slot">{ message }</div>
                    if settings.mode() == Mode::Counting { { counting_legend(text) } }
                    <div class="slot">{ timeline }</div>
                    <div class="slot">{ inspector }</div>
                    <div class="slot">{ low_bits_note }</div>
                    { bit_hint(text) }
                    <div class="slot">{ picture }</div>
                </section>
            }
            if drawn.has(DrawnParts::Whole) {
                <div class="answer">
                    <div class="slot">{ walk }</div>
                    <div class="slot">{ practice }</div>
                    <div class="slot">{ arithmetic }</div>
                </div>
                <div class="figures">
                    // The crawler lesson's tally stands beside the bit array's answer.
                    <div class="slot">{ crawl }</div>
                    { stats(text, &figures) }
                    <div class="slot">{ record }</div>
                    if !items_locked {
                        <ItemList members={Shared(Rc::clone(state.members()))} mode={settings.mode()}
                                  bulk={state.bulk().copied()}
                                  onpaste={on_paste} can_undo={state.can_undo()} can_redo={state.can_redo()}
                                  ondispatch={dispatch.clone()} />
                    }
                </div>
                if !compact { { deletion } }
            }
        </main>
    }
}
