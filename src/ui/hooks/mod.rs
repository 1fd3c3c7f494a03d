//! The app's own hooks: the link in the address bar, the keyboard shortcuts, start-up (drawn in
//! parts) and language, a dialog's focus, an element's width.

mod dialog_focus;
mod drawn_parts;
pub mod embed_dialog;
pub mod files_view;
pub mod filters_view;
mod link;
mod module_channel;
mod practice_messages;
mod shortcuts;
mod startup;
mod width;

pub use dialog_focus::use_dialog_focus;
pub use drawn_parts::{use_drawn_parts, DrawnParts};
pub use link::use_link;
pub use practice_messages::use_practice_messages;
pub use shortcuts::use_shortcuts;
pub use startup::{follow_language, use_startup};
pub use width::use_width;
