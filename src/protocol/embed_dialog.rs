//! The messages between the page and the Embed dialog, a WebAssembly module of its own
//! (`src/bin/embed_dialog.rs`) that the page loads when the Embed button is first pressed,
//! so that neither the snippets' writer nor the dialog's drawing and texts are part of the
//! first visit.
//!
//! ```text
//! page -> dialog   EmbedInput { lang, page, query, title }   when the dialog opens
//! dialog -> page   EmbedOutput::Closed                       Escape or Close
//! ```
//!
//! `page` is the page's origin and path as the address bar has them, `query` the link of
//! the view shown (without `?`), `title` the page's title, which the snippets give their
//! frame.

use crate::lang::Lang;

use super::wire::{self, wire_enum, wire_struct, Reader, Wire};
use super::DecodeError;

/// The id of the control that has the focus when the dialog opens, the widget's Copy
/// button: the dialog focuses it once drawn, and the page hands the focus to it.
pub const FIRST_CONTROL: &str = "embed-copy-element";

/// What the page sends the dialog.
#[derive(Debug, Clone, PartialEq)]
pub struct EmbedInput {
    /// The page's language.
    pub lang: Lang,
    /// The page's origin and path.
    pub page: String,
    /// The view's link, without `?`.
    pub query: String,
    /// The page's title in its language.
    pub title: String,
}

/// What the dialog sends the page.
#[derive(Debug, Clone, PartialEq)]
pub enum EmbedOutput {
    /// The dialog was closed (Escape, or its Close button).
    Closed {},
}

impl EmbedInput {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }
    /// The message `bytes` hold.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        wire::decode(bytes)
    }
}

impl EmbedOutput {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }
    /// The message `bytes` hold.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        wire::decode(bytes)
    }
}

wire_struct!(EmbedInput {
    lang,
    page,
    query,
    title
});
wire_enum!(EmbedOutput {
    0 => Closed {},
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_survive_their_encoding_and_other_bytes_are_refused() {
        let input = EmbedInput {
            lang: Lang::Zh,
            page: "https://example.org/lab/".into(),
            query: "m=64&add=cat".into(),
            title: "布隆过滤器实验室".into(),
        };
        assert_eq!(EmbedInput::decode(&input.encode()), Ok(input));
        assert_eq!(
            EmbedOutput::decode(&EmbedOutput::Closed {}.encode()),
            Ok(EmbedOutput::Closed {})
        );
        assert!(EmbedOutput::decode(&[1]).is_err());
        assert!(EmbedInput::decode(&[0, 200]).is_err());
    }
}
