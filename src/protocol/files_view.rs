//! The messages between the page and the files view, a WebAssembly module of its own
//! (`src/bin/files_view.rs`) that the page loads when the view is first shown, so that
//! neither its code (the report's decoding, its drawing, the reader's messages) nor its
//! texts are part of the first visit. The module talks to the Parquet worker itself.
//!
//! ```text
//! page -> view   FilesViewInput { lang, params }         while the view is shown, on every change
//! view -> page   FilesViewOutput::Params { params }      the link follows
//! ```

use crate::lang::Lang;

use super::wire::{self, wire_enum, wire_struct, Reader, Wire};
use super::DecodeError;

/// What the link says of the files view.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FilesParams {
    /// Open the bundled example when the view is shown and no file is shown yet
    /// (`files_example=1`, or a lesson's step).
    pub example: bool,
    /// The value checked against every filter (`files_query=`).
    pub query: String,
}

/// What the page sends the view.
#[derive(Debug, Clone, PartialEq)]
pub struct FilesViewInput {
    /// The page's language.
    pub lang: Lang,
    /// The view's parameters.
    pub params: FilesParams,
}

/// What the view sends the page.
#[derive(Debug, Clone, PartialEq)]
pub enum FilesViewOutput {
    /// The view's parameters changed (a file of one's own opened, a value typed): the link
    /// follows.
    Params {
        /// The new parameters.
        params: FilesParams,
    },
}

impl FilesViewInput {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }
    /// The message `bytes` hold.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        wire::decode(bytes)
    }
}

impl FilesViewOutput {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        wire::encode(self)
    }
    /// The message `bytes` hold.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        wire::decode(bytes)
    }
}

wire_struct!(FilesParams { example, query });
wire_struct!(FilesViewInput { lang, params });
wire_enum!(FilesViewOutput {
    0 => Params { params },
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_survive_their_encoding() {
        let input = FilesViewInput {
            lang: Lang::Ja,
            params: FilesParams {
                example: true,
                query: "dög\u{0}".into(),
            },
        };
        assert_eq!(FilesViewInput::decode(&input.encode()), Ok(input));
        let output = FilesViewOutput::Params {
            params: FilesParams::default(),
        };
        assert_eq!(FilesViewOutput::decode(&output.encode()), Ok(output));
    }

    #[test]
    fn bytes_that_are_not_a_message_are_refused() {
        assert!(FilesViewOutput::decode(&[7]).is_err());
        assert!(FilesViewInput::decode(&[9, 9, 9]).is_err());
        assert!(FilesViewInput::decode(&[]).is_err());
    }
}
