//! The app's own hooks: long work in slices.

mod sliced_work;

pub use sliced_work::{use_sliced_work, SlicedWork};
