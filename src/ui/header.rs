//! The page's header, one line: the title, the lesson menu, the language, and compact
//! buttons for a quiz, the embed code, presentation mode and the shortcut list. An
//! embedded copy shows only its title and a link to the full page.

use crate::state::practice::PracticeAction;
use crate::state::PageAction;
use crate::ui::shared::send;
use yew::prelude::*;

use crate::i18n::Text;
use crate::lang::Lang;
use crate::state::{Action, AppState};
use crate::ui::browser;
use crate::ui::components::embed_code::embed_button;
use crate::ui::components::lesson_picker::{lesson_picker, LessonPickerProps};
use crate::ui::shared::{dispatch_to, Links, Shared};

/// Changing the language: its texts are fetched first. A later choice made meanwhile wins;
/// if the texts cannot be had, the menu goes back to the page's language.
fn on_language(state: &UseReducerHandle<AppState>) -> Callback<Event> {
    let state = state.clone();
    Callback::from(move |e: Event| {
        let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
            return;
        };
        let Some(chosen) = Lang::from_key(&select.value()) else {
            return;
        };
        let state = state.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let loaded = browser::load_language(chosen).await;
            if select.value() != chosen.key() {
                return;
            }
            match loaded {
                Ok(()) => state.dispatch(Action::Page(PageAction::SetLang(chosen))),
                Err(problem) => {
                    select.set_value(state.lang().key());
                    state.dispatch(Action::Page(PageAction::LanguageFailed(chosen, problem)));
                }
            }
        });
    })
}

/// The header.
pub fn header(
    text: &'static Text,
    state: &UseReducerHandle<AppState>,
    links: &Shared<Links>,
) -> Html {
    if state.embedding().compact {
        return html! {
            <header class="app-header compact-header">
                <h1>{ text.title }</h1>
                <a id="open-full" href={links.full_page.clone().unwrap_or_default()} target="_blank" rel="noopener">
                    { text.embed_open_full }
                </a>
            </header>
        };
    }
    let lang = state.lang();
    let lesson_titles: Vec<(String, String)> = state
        .lessons()
        .iter()
        .map(|l| (l.id.clone(), l.title(lang).to_owned()))
        .collect();
    let dispatch = dispatch_to(state);
    let act = |action: Action| send::<MouseEvent>(&dispatch, action);
    let toggle_practice = act(Action::Practice(if state.practice().is_some() {
        PracticeAction::Stop
    } else {
        PracticeAction::Start(1)
    }));
    html! {
        <header class="app-header">
            <h1>{ text.title }</h1>
            { lesson_picker(text, &LessonPickerProps { lessons: lesson_titles,
                  chosen: state.lesson_choice().to_owned(), ondispatch: dispatch.clone() }) }
            <div class="lang-switch">
                <label for="lang">{ text.lang_label }</label>
                <select id="lang" onchange={on_language(state)}>
                    { for Lang::ALL.iter().map(|l| html! {
                        <option value={l.key()} selected={*l == lang} lang={l.key()}>{ l.name() }</option>
                    }) }
                </select>
            </div>
            <div class="page-tools">
                <button id="practice-open" aria-pressed={state.practice().is_some().to_string()}
                        onclick={toggle_practice} title={text.practice_heading}>{ text.practice_button }</button>
                { embed_button(text, state.lang(), links, &dispatch) }
                <button id="present-button" aria-pressed={state.presentation().to_string()} title={text.present_toggle}
                        onclick={act(Action::Page(PageAction::TogglePresentation))}>{ text.present_short }</button>
                <button id="help-button" aria-label={text.help_button} title={text.help_button}
                        onclick={act(Action::Page(PageAction::ToggleHelp))}>{ "?" }</button>
            </div>
        </header>
    }
}
