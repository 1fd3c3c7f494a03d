//! The tabs that switch the page's views.

use crate::state::PageAction;
use yew::prelude::*;

use crate::i18n::labels::view_tab;
use crate::i18n::Text;
use crate::state::url::View;
use crate::state::Action;
use crate::ui::shared::send;

/// The tab strip, one tab per view in `View::ALL` order; the current view's tab is selected.
pub fn tabs(text: &'static Text, current: View, dispatch: &Callback<Action>) -> Html {
    html! {
        <nav class="tabs" role="tablist" aria-label={text.views_label}>
            { for View::ALL.iter().map(|&v| {
                html! {
                    <button role="tab" id={format!("tab-{}", v.key())} aria-selected={(current == v).to_string()}
                            class={crate::class_list!("tab", (current == v).then_some("active"))}
                            onclick={send::<MouseEvent>(dispatch, Action::Page(PageAction::SetView(v)))}>
                        { view_tab(text, v) }
                    </button>
                }
            }) }
        </nav>
    }
}
