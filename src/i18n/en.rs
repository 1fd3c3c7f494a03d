//! English, compiled into the page from `src/i18n/en.txt` (see `build.rs`).

use std::sync::LazyLock;

use super::Text;

/// The English texts in the order of [`Text`]'s fields, one per line.
const TEXTS: &str = include_str!(concat!(env!("OUT_DIR"), "/en_texts.txt"));

/// English, read from `TEXTS` by place when first used.
pub static EN: LazyLock<Text> = LazyLock::new(|| {
    let mut strings = [""; Text::NAMES.len()];
    for (slot, line) in strings.iter_mut().zip(TEXTS.split('\n')) {
        *slot = line;
    }
    Text::from_strings(strings)
});
