//! The root component: owns the state, mirrors it in the URL, lays out the panels.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::filter::{ItemKind, ItemSource, ObservedPoint, ITEM_LEN};
use crate::i18n::sentences;
use crate::i18n::{fill, Text};
use crate::lang::Lang;
use crate::state::lesson::fill_text;
use crate::state::query::setters_at;
use crate::state::url::{Lockable, View};
use crate::state::{url, Action, AppState, FilterModel, LessonsStatus, Mode, WalkKind};
use crate::ui::components::{
    bit_canvas::BitCanvas,
    bit_grid::{BitGrid, DOM_GRID_MAX},
    calculator::{calculator, CalculatorProps},
    cell_inspector::{cell_inspector, CellInspectorProps},
    controls::Controls,
    crawl_panel::{crawl_panel, CrawlPanelProps},
    deletion::DeletionPanel,
    embed_code::EmbedCode,
    hash_lab::HashLab,
    hash_table::{hash_table, HashTableProps},
    help_overlay::HelpOverlay,
    item_input::{item_input, ItemInputProps},
    item_list::ItemList,
    lab_panel::LabPanel,
    lesson_panel::LessonPanel,
    lesson_picker::LessonPicker,
    notices::{message_bar, notices, MessageBarProps, NoticesProps},
    query_result::{query_result, QueryResultProps},
    quiz_panel::QuizPanel,
    save_note::{save_note, SaveNoteProps},
    sets_panel::{sets_panel, SetsPanelProps},
    stats::{stats, StatsProps},
    walk_panel::{walk_panel, WalkPanelProps},
};
use crate::ui::marks::{marks, shown_steps};
use crate::ui::shared::{Links, Shared};
use crate::ui::{browser, bulk};

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).apply(action))
    }
}

/// Probes used to measure the visualizer's own filter for the lab.
const USER_PROBES: u64 = 20_000;

/// The visualizer's filter as a lab point: n members, and how many of [`USER_PROBES`]
/// generated non-members it reports as present.
fn user_point(filter: &FilterModel, n: u64) -> ObservedPoint {
    let source = ItemSource::new(0xC1A55);
    let mut buf = [0u8; ITEM_LEN];
    let false_positives = (0..USER_PROBES)
        .filter(|&i| filter.contains(source.write(ItemKind::NonMember, i, &mut buf)))
        .count() as u64;
    ObservedPoint {
        n,
        false_positives,
        probes: USER_PROBES,
        ones: filter.count_set(),
    }
}

/// True when keyboard focus is in a text field (shortcuts then leave keys alone).
fn typing_in_field(event: &KeyboardEvent) -> bool {
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
        .unwrap_or(false)
}

/// What the page-wide shortcuts depend on, updated by each render.
#[derive(Default)]
struct ShortcutContext {
    /// A walk or a lesson is open: the arrows and Page Down / Page Up step it.
    stepping: bool,
    /// The compact view a course page embeds: it has no tabs and no presentation button,
    /// so their keys do nothing.
    compact: bool,
    /// The shortcut list is open: it is modal, so only `?` and Escape (which close it) act.
    dialog: bool,
}

/// The page-wide shortcuts: → ← (and a clicker's Page Down / Page Up) step a walk or a
/// lesson while one is open, Escape cancels a walk, Ctrl+Z / Ctrl+Y undo and redo, 1-5 open
/// the views and P presentation mode (not in the compact view).
fn shortcut(event: &KeyboardEvent, context: &ShortcutContext) -> Option<Action> {
    if typing_in_field(event) {
        return None;
    }
    let ctrl = event.ctrl_key() || event.meta_key();
    let stepping = context.stepping;
    let full = !context.compact;
    let view = |i: usize| Some(Action::SetView(View::ALL[i]));
    if context.dialog && !matches!(event.key().as_str(), "?" | "Escape") {
        return None;
    }
    match (event.key().as_str(), ctrl, event.shift_key()) {
        ("?", false, _) => Some(Action::ToggleHelp),
        ("p" | "P", false, _) if full => Some(Action::TogglePresentation),
        ("1", false, _) if full => view(0),
        ("2", false, _) if full => view(1),
        ("3", false, _) if full => view(2),
        ("4", false, _) if full => view(3),
        ("5", false, _) if full => view(4),
        ("ArrowRight" | "PageDown", false, _) if stepping => Some(Action::Forward),
        ("ArrowLeft" | "PageUp", false, _) if stepping => Some(Action::Backward),
        ("Escape", false, _) => Some(Action::CancelWalk),
        ("z" | "Z", true, false) => Some(Action::Undo),
        ("z" | "Z", true, true) | ("y" | "Y", true, _) => Some(Action::Redo),
        _ => None,
    }
}

/// The state's links (an embedded view also links to the full page, without `embed=1`).
fn printed_links(state: &AppState) -> Shared<Links> {
    let full_page = state
        .embedding()
        .compact
        .then(|| format!("?{}", state.url_query(false)));
    Shared(Rc::new(Links {
        query: state.url_query(true),
        full_page,
    }))
}

thread_local! {
    /// The state [`crate::ui::start`] prepared (its language's texts fetched) for the App.
    static INITIAL_STATE: std::cell::Cell<Option<AppState>> = const { std::cell::Cell::new(None) };
}

/// The state the page opens with: what the link says, or for a bare visit the last session
/// in this browser; without `lang=`, the browser's preferred language.
pub fn initial_state() -> AppState {
    let query = browser::current_query();
    let saved = query.is_empty().then(browser::saved_state).flatten();
    let mut url = url::parse(saved.as_deref().unwrap_or(&query));
    url.lang = url.lang.or_else(|| Some(browser::preferred_lang()));
    let state = AppState::from_url(url);
    if saved.is_some() {
        state.restored()
    } else {
        state
    }
}

/// Hands the App the state to open with.
pub fn set_initial_state(state: AppState) {
    INITIAL_STATE.set(Some(state));
}

/// Moves keyboard focus to the item field with its text selected, so that typing replaces
/// the last item rather than running on from it.
fn focus_item_field() {
    if let Some(field) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("item-field"))
        .and_then(|el| el.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        let _ = field.focus();
        field.select();
    }
}

/// The application.
///
/// Optional panels sit in fixed `slot` wrappers: Yew diffs unkeyed siblings by position,
/// so a panel appearing beside a component must not shift that component (the grid would
/// be rebuilt, losing focus and the canvas its pixels).
#[component]
pub fn App() -> Html {
    let state = use_reducer(|| INITIAL_STATE.take().unwrap_or_else(initial_state));
    let lang = state.lang();
    let text: &'static Text = lang.text();
    crate::ui::panic_screen::set_lang(lang);
    use_effect_with(lang, |lang| browser::set_document_lang(lang.key()));

    // The state's link: (the query string, the same state's full-page link). Printed when
    // what the link holds changes (never per keystroke in the item field), in a task of its
    // own after the change is on screen (a log of 10^5 items prints 1 MB).
    let urls = {
        let state = state.clone();
        use_state(move || printed_links(&state))
    };
    {
        let state = state.clone();
        let urls = urls.clone();
        use_effect_with(state.url_state(), move |_| {
            browser::yield_then(move || {
                let links = printed_links(&state);
                if *links != **urls {
                    urls.set(links);
                }
            });
        });
    }
    // Mirror it in the address bar and keep it in local storage (not for embedded copies,
    // which would overwrite the reader's own session); report a failure once per change.
    {
        let dispatcher = state.dispatcher();
        let persistence = state.persistence().clone();
        let compact = state.embedding().compact;
        // Compared by identity: a new value is set only when the links changed.
        use_effect_with((*urls).clone(), move |links| {
            let links = links.clone();
            let mirrored = browser::replace_query(&links.query);
            // Saving a long state copies it into the browser: a task of its own.
            browser::yield_then(move || {
                let error = if compact {
                    None
                } else {
                    browser::save_state(&links.query).err()
                };
                if error != persistence.save_error || mirrored == persistence.too_long_for_link {
                    dispatcher.dispatch(Action::Saved {
                        error,
                        too_long_for_link: !mirrored,
                    });
                }
            });
        });
    }
    let embedding = state.embedding().clone();
    let compact = embedding.compact;

    // When the first render is on screen, note the time since navigation (for the benchmark).
    use_effect_with((), |_| {
        if let Some(body) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
        {
            let _ = body.set_attribute("data-ready-ms", &format!("{:.1}", browser::now_ms()));
        }
    });

    // In an iframe, the parent page is told the height so it can size the frame.
    use_effect_with((), |_| browser::report_height_to_parent());

    // The lessons are fetched once the page is up.
    {
        let dispatcher = state.dispatcher();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                dispatcher.dispatch(browser::fetch_lessons().await);
            });
        });
    }

    // Page-wide keyboard shortcuts. The listener outlives renders, so it reads what they
    // depend on (a walk or lesson open, the compact view) from a cell each render updates.
    let context = use_mut_ref(ShortcutContext::default);
    *context.borrow_mut() = ShortcutContext {
        stepping: state.walk().is_some() || state.lesson().is_some(),
        compact: state.embedding().compact,
        dialog: state.help_open(),
    };
    {
        let dispatcher = state.dispatcher();
        let context = context.clone();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
                if e.key() == "/" && !typing_in_field(&e) {
                    e.prevent_default();
                    focus_item_field();
                } else if let Some(action) = shortcut(&e, &context.borrow()) {
                    e.prevent_default();
                    dispatcher.dispatch(action);
                }
            });
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(doc) = &document {
                doc.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref())
                    .ok();
            }
            move || {
                if let Some(doc) = document {
                    doc.remove_event_listener_with_callback(
                        "keydown",
                        listener.as_ref().unchecked_ref(),
                    )
                    .ok();
                }
            }
        });
    }

    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |action: Action| dispatcher.dispatch(action))
    };

    let on_paste = {
        let state = state.clone();
        let dispatch = dispatch.clone();
        Callback::from(move |text: bulk::PastedText| {
            bulk::add_pasted(state.clone(), text, dispatch.clone())
        })
    };
    let settings = *state.settings();
    let filter = Shared(state.shared_filter());
    let shown = shown_steps(&state);
    let cell_marks = shown
        .as_ref()
        .map(|(_, steps)| marks(&state, steps))
        .unwrap_or_default();
    let cursor = state.selected_cell();
    let bit_view = if settings.m() <= DOM_GRID_MAX {
        html! { <BitGrid filter={filter.clone()} marks={cell_marks} {cursor} ondispatch={dispatch.clone()} /> }
    } else {
        html! { <BitCanvas filter={filter.clone()} marks={cell_marks} {cursor} ondispatch={dispatch.clone()} /> }
    };
    // Who set the selected cell: n·k hashes, so computed only when the items or cell change.
    let inspected = {
        let state = state.clone();
        use_memo((state.revision(), cursor), move |(_, cursor)| {
            cursor.map(|position| {
                let (setters, total) = setters_at(state.filter(), state.members(), &[position])
                    .pop()
                    .unwrap_or_default();
                (position, setters, total)
            })
        })
    };
    let inspector = inspected
        .as_ref()
        .as_ref()
        .map(|(position, setters, total)| {
            html! {
                { cell_inspector(text, &CellInspectorProps { position: *position, value: state.filter().count(*position),
                               counting: settings.mode() == Mode::Counting,
                               setters: setters.clone(), total: *total }) }
            }
        });
    let set_flags = |steps: &[crate::filter::HashStep]| -> Vec<bool> {
        steps
            .iter()
            .map(|s| state.filter().is_set(s.position))
            .collect()
    };
    let hash_panel = shown.as_ref().map(|(item, steps)| {
        let visible = state.walk().map(|w| w.step).unwrap_or(u32::MAX);
        let adding = state.walk().is_some_and(|w| w.kind == WalkKind::Add);
        html! {
            { hash_table(text, &HashTableProps { item: item.clone(), steps: steps.clone(), m: settings.m(),
                       family: settings.family(), set: set_flags(steps), visible, adding }) }
        }
    });
    let walk_panel = state.walk().map(|walk| {
        let steps = settings.shape().steps(walk.item.as_bytes());
        html! {
            { walk_panel(text, &WalkPanelProps { walk: walk.clone(), set: set_flags(&steps), steps, m: settings.m(),
                       ondispatch: dispatch.clone() }) }
        }
    });
    let query_panel = state.shared_query().map(|report| {
        query_result(
            text,
            &QueryResultProps {
                report: Shared(report),
            },
        )
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
    let errors = state.field_errors().clone();
    let legend = (settings.mode() == Mode::Counting).then(|| {
        let swatch = |class: &'static str, label: &'static str| html! {
            <span class="legend-item"><span class={classes!("cell", "swatch", class)} />{ label }</span>
        };
        html! {
            <p class="legend counting">
                { swatch("count-0", text.legend_zero) }
                { swatch("count-1 set", text.legend_one) }
                { swatch("count-many set", text.legend_many) }
                { swatch("saturated set", text.legend_saturated) }
            </p>
        }
    });

    let act = |action: Action| {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.emit(action.clone()))
    };
    let on_lang = {
        let d = dispatch.clone();
        let state = state.clone();
        Callback::from(move |e: Event| {
            let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
                return;
            };
            let Some(chosen) = Lang::from_key(&select.value()) else {
                return;
            };
            // The chosen language's texts are fetched first. A later choice made meanwhile
            // wins; if the texts cannot be had, the menu goes back to the page's language.
            let d = d.clone();
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let loaded = browser::load_language(chosen).await;
                if select.value() != chosen.key() {
                    return;
                }
                match loaded {
                    Ok(()) => d.emit(Action::SetLang(chosen)),
                    Err(problem) => {
                        select.set_value(state.lang().key());
                        d.emit(Action::LanguageFailed(chosen, problem));
                    }
                }
            });
        })
    };
    let lab_point = {
        let state = state.clone();
        use_memo(
            (state.revision(), state.view() == View::Lab),
            move |(_, open)| open.then(|| user_point(state.filter(), state.members().len() as u64)),
        )
    };
    // One live region, always in the page, says what the last action did: screen readers
    // hear adds, removals, refusals and verdicts (the walk and the lesson have their own).
    let announcement = match (state.message(), state.last_query()) {
        (Some(message), _) => sentences::message(text, message),
        (None, Some(report)) => sentences::verdict(text, report),
        (None, None) => String::new(),
    };
    let lesson_panel = state.lesson().map(|progress| {
        let paragraphs = progress
            .current()
            .paragraphs(lang)
            .iter()
            .map(|p| fill_text(p, state.filter(), state.members().len()))
            .collect::<Vec<_>>();
        html! {
            <LessonPanel id={progress.lesson.id.clone()} title={progress.lesson.title(lang).to_owned()}
                         step={progress.step} count={progress.lesson.steps.len()} {paragraphs}
                         ondispatch={dispatch.clone()} />
        }
    });
    let crawl_panel = state
        .crawl()
        .filter(|_| state.lesson().is_some())
        .map(|tally| {
            crawl_panel(
                text,
                &CrawlPanelProps {
                    tally: tally.clone(),
                    m: settings.m(),
                },
            )
        });
    let lesson_titles: Vec<(String, String)> = state
        .lessons()
        .iter()
        .map(|l| (l.id.clone(), l.title(lang).to_owned()))
        .collect();
    let lessons_problem = match state.lessons_status() {
        LessonsStatus::Failed(why) => Some(html! {
            <p class="notice" role="status" id="lessons-failed">{ fill(text.lessons_failed, &[why]) }</p>
        }),
        _ => None,
    };
    // The visualizer stays mounted once it has been shown, its rendering kept but skipped
    // while another view is open (`.away`): leaving it and coming back neither tears down
    // nor rebuilds and lays out a grid of up to 4096 cells.
    let visualizer_shown = use_mut_ref(|| false);
    let on_visualizer = state.view() == View::Visualizer;
    if on_visualizer {
        *visualizer_shown.borrow_mut() = true;
    }
    let visualizer = (*visualizer_shown.borrow()).then(|| html! {
        <main class={classes!("layout", (!on_visualizer).then_some("away"))}>
                <div class="column main-column">
                    <Controls {settings} m_error={errors.m} k_error={errors.k} locked={embedding.locked.clone()}
                              width_error={errors.width} ondispatch={dispatch.clone()} />
                    { item_input(text, &ItemInputProps { draft: state.draft().to_owned(), mode: settings.mode(),
                           items_locked: embedding.is_locked(Lockable::Items), ondispatch: dispatch.clone() }) }
                    <div class="slot">{ message }</div>
                    <div class="slot">{ walk_panel }</div>
                    <section class="panel bit-view" id="bit-array" aria-labelledby="bits-title">
                        <h2 id="bits-title">{ text.bit_array }</h2>
                        <p class="hint">{ text.bit_array_hint }</p>
                        { bit_view }
                        <div class="slot">{ legend }</div>
                        <div class="slot">{ inspector }</div>
                        <p class="hint">{ text.grid_keys }</p>
                    </section>
                    if !compact {
                        <DeletionPanel {settings} members={Shared(state.shared_members())} busy={state.bulk().is_some()}
                                       draft={state.draft().to_owned()} ondispatch={dispatch.clone()} />
                    }
                </div>
                <div class="column side-column">
                    // The crawler lesson's tally stands beside the bit array, not above it.
                    <div class="slot">{ crawl_panel }</div>
                    if !compact {
                        <QuizPanel quiz={state.quiz().cloned()} ondispatch={dispatch.clone()} />
                    }
                    <div class="slot">{ query_panel }</div>
                    <div class="slot">{ hash_panel }</div>
                    { stats(text, &StatsProps { m: settings.m(), k: settings.k(),
                           n: state.members().len() as u64, ones: state.filter().count_set() }) }
                    if !embedding.is_locked(Lockable::Items) {
                        <ItemList members={Shared(state.shared_members())} mode={settings.mode()} bulk={state.bulk().copied()} onpaste={on_paste.clone()}
                                  can_undo={state.can_undo()} can_redo={state.can_redo()}
                                  ondispatch={dispatch.clone()} />
                    }
                </div>
            </main>
    });
    let view = match state.view() {
        View::Visualizer => Html::default(),
        View::Lab => html! {
            <main class="single"><LabPanel shape={settings.shape()} user_point={*lab_point}
                                                lab={Shared(state.shared_lab())} ondispatch={dispatch.clone()} /></main>
        },
        View::Calculator => html! {
            <main class="single">{ calculator(text, &CalculatorProps { calculator: Shared(state.shared_calculator()),
                                                 ondispatch: dispatch.clone() }) }</main>
        },
        View::Sets => html! {
            <main class="single">
                { sets_panel(text, &SetsPanelProps { shape: settings.shape(), sets: Shared(state.sets()),
                           members: Shared(state.shared_members()), folds: state.folds(),
                           ondispatch: dispatch.clone() }) }
            </main>
        },
        View::Hashes => html! {
            <main class="single"><HashLab view={Shared(state.shared_hash_quality())} ondispatch={dispatch.clone()} /></main>
        },
    };

    html! {
        <ContextProvider<&'static Text> context={text}>
            <div class={classes!("app", compact.then_some("compact"), state.presentation().then_some("present"),
                                 state.lesson().is_some().then_some("in-lesson"))} data-ready="true">
                if state.help_open() { <HelpOverlay ondispatch={dispatch.clone()} /> }
                if compact {
                <header class="app-header compact-header">
                    <h1>{ text.title }</h1>
                    <a id="open-full" href={urls.full_page.clone().unwrap_or_default()} target="_blank" rel="noopener">{ text.embed_open_full }</a>
                </header>
                { notices(text, &NoticesProps { notices: state.notices().to_vec(), ondispatch: dispatch.clone() }) }
                } else {
                <header class="app-header">
                    <div class="lang-switch">
                        <label for="lang">{ text.lang_label }</label>
                        <select id="lang" onchange={on_lang}>
                            { for Lang::ALL.iter().map(|l| html! {
                                <option value={l.key()} selected={*l == lang} lang={l.key()}>{ l.name() }</option>
                            }) }
                        </select>
                    </div>
                    <h1>{ text.title }</h1>
                    <p class="subtitle">{ text.subtitle }</p>
                    <div class="page-tools">
                        <LessonPicker lessons={lesson_titles} current={state.lesson().map(|l| l.lesson.id.clone())}
                                      ondispatch={dispatch.clone()} />
                        <EmbedCode links={(*urls).clone()} />
                        <button id="present-button" aria-pressed={state.presentation().to_string()}
                                onclick={act(Action::TogglePresentation)}>{ text.present_toggle }</button>
                        <button id="help-button" onclick={act(Action::ToggleHelp)}>{ text.help_button }</button>
                    </div>
                    <ol class="how-to">
                        <li>{ text.how_1 }</li>
                        <li>{ text.how_2 }</li>
                        <li>{ text.how_3 }</li>
                    </ol>
                </header>
                { notices(text, &NoticesProps { notices: state.notices().to_vec(), ondispatch: dispatch.clone() }) }
                <nav class="tabs" role="tablist" aria-label={text.views_label}>
                    { for View::ALL.iter().map(|&v| {
                        let d = dispatch.clone();
                        let label = match v {
                            View::Visualizer => text.tab_visualizer,
                            View::Lab => text.tab_lab,
                            View::Calculator => text.tab_calculator,
                            View::Sets => text.tab_sets,
                            View::Hashes => text.tab_hashes,
                        };
                        html! {
                            <button role="tab" id={format!("tab-{}", v.key())} aria-selected={(state.view() == v).to_string()}
                                    class={classes!("tab", (state.view() == v).then_some("active"))}
                                    onclick={Callback::from(move |_| d.emit(Action::SetView(v)))}>
                                { label }
                            </button>
                        }
                    }) }
                </nav>
                }
                { save_note(text, &SaveNoteProps { persistence: state.persistence().clone(), ondispatch: dispatch.clone() }) }
                <div class="slot">{ lessons_problem }</div>
                <div class="slot">{ lesson_panel }</div>
                <div class="slot">{ visualizer }</div>
                <div class="slot">{ view }</div>
                <div id="announcer" class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">{ announcement }</div>
            </div>
        </ContextProvider<&'static Text>>
    }
}
