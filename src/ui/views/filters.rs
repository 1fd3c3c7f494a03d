//! The filters view (filters beyond Bloom: cuckoo, quotient, xor, binary fuse, ribbon). Its
//! code and texts are a WebAssembly module of their own, loaded on use
//! (`crate::ui::hooks::filters_view`): the page draws only the element the module draws
//! into (see [`super::module_host`]).

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};
use crate::ui::hooks::filters_view::FILTERS_ROOT;

/// The filters view.
pub fn filters_view(text: &'static Text, state: &AppState, _dispatch: &Callback<Action>) -> Html {
    let failure = state.page().filters_failure.as_deref();
    super::module_host(text, FILTERS_ROOT, "module-host", text.tab_filters, failure)
}
