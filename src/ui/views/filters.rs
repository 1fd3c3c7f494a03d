//! The filters view (filters that delete: the cuckoo filter and the quotient filter). Its
//! code and texts are a WebAssembly module of their own, loaded on use
//! (`crate::ui::hooks::filters_view`): the page draws only the element the module draws
//! into, and a note while it loads (hidden by the style sheet once the module has drawn) or
//! why it could not.

use yew::prelude::*;

use crate::i18n::{fill, Text};
use crate::state::{Action, AppState};
use crate::ui::hooks::filters_view::FILTERS_ROOT;

/// The filters view.
pub fn filters_view(text: &'static Text, state: &AppState, _dispatch: &Callback<Action>) -> Html {
    html! {
        <section class="filters-host">
            <div class="filters-root" id={FILTERS_ROOT}></div>
            if let Some(problem) = &state.page().filters_failure {
                <p class="error" role="alert">{ fill(text.filters_failed, &[problem]) }</p>
            } else {
                <p class="filters-loading">{ text.filters_loading }</p>
            }
        </section>
    }
}
