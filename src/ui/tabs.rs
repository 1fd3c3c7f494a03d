//! The tabs that switch the page's views.

use crate::state::PageAction;
use yew::prelude::*;

use crate::i18n::Text;
use crate::state::url::View;
use crate::state::Action;

/// The tab strip, one tab per row of the view table; the current view's tab is selected.
pub fn tabs(text: &'static Text, current: View, dispatch: &Callback<Action>) -> Html {
    html! {
        <nav class="tabs" role="tablist" aria-label={text.views_label}>
            { for View::ALL.iter().map(|&v| {
                let d = dispatch.clone();
                html! {
                    <button role="tab" id={format!("tab-{}", v.key())} aria-selected={(current == v).to_string()}
                            class={crate::class_list!("tab", (current == v).then_some("active"))}
                            onclick={Callback::from(move |_| d.emit(Action::Page(PageAction::SetView(v))))}>
                        { v.tab(text) }
                    </button>
                }
            }) }
        </nav>
    }
}
