//! The tabs that switch the page's views.

use crate::state::PageAction;
use yew::prelude::*;

use crate::i18n::Text;
use crate::state::url::View;
use crate::state::Action;

fn label(text: &Text, view: View) -> &'static str {
    match view {
        View::Visualizer => text.tab_visualizer,
        View::Lab => text.tab_lab,
        View::Calculator => text.tab_calculator,
        View::Sets => text.tab_sets,
        View::Hashes => text.tab_hashes,
        View::Grow => text.tab_grow,
        View::Cms => text.tab_cms,
        View::Apps => text.tab_apps,
    }
}

/// The tab strip; the current view's tab is selected.
pub fn tabs(text: &'static Text, current: View, dispatch: &Callback<Action>) -> Html {
    html! {
        <nav class="tabs" role="tablist" aria-label={text.views_label}>
            { for View::ALL.iter().map(|&v| {
                let d = dispatch.clone();
                html! {
                    <button role="tab" id={format!("tab-{}", v.key())} aria-selected={(current == v).to_string()}
                            class={crate::class_list!("tab", (current == v).then_some("active"))}
                            onclick={Callback::from(move |_| d.emit(Action::Page(PageAction::SetView(v))))}>
                        { label(text, v) }
                    </button>
                }
            }) }
        </nav>
    }
}
