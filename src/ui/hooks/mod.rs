//! The app's own hooks: the link in the address bar, the keyboard shortcuts, start-up and
//! language, long work in slices, an element's width.

mod link;
mod shortcuts;
mod sliced_work;
mod startup;
mod width;

pub use link::use_link;
pub use shortcuts::use_shortcuts;
pub use sliced_work::{use_sliced_work, SlicedWork};
pub use startup::{use_language, use_startup};
pub use width::use_width;
