//! The files view (the Bloom filters inside a Parquet file). Its code and texts are a
//! WebAssembly module of their own, loaded on use (`crate::ui::hooks::files_view`), which
//! talks to the Parquet worker itself: the page draws only the element the module draws
//! into (see [`super::module_host`]).

use yew::prelude::*;

use crate::i18n::Text;
use crate::state::{Action, AppState};
use crate::ui::hooks::files_view::FILES_ROOT;

/// The files view.
pub fn files_view(text: &'static Text, state: &AppState, _dispatch: &Callback<Action>) -> Html {
    let failure = state.page().files_failure.as_deref();
    super::module_host(
        text,
        FILES_ROOT,
        "single module-host",
        text.tab_files,
        failure,
    )
}
