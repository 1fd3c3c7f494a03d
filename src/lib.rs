//! An interactive Bloom filter teaching tool.
//!
//! [`filter`] is the pure core (no web dependencies). [`state`] is the page's model: one
//! struct, one `Action` per user intent, a pure `apply`. The `ui` module (wasm32 only)
//! renders that state with Yew. [`parquet_reader`] reads a Parquet file's Bloom filters for
//! the Parquet worker, which alone uses it.
#![warn(missing_docs)]

pub mod decimal;
pub mod files_markup;
pub mod filter;
pub mod heap_sort;
pub mod i18n;
pub mod lang;
pub mod markup;
pub mod parquet_reader;
pub mod protocol;
pub mod state;

#[cfg(target_arch = "wasm32")]
pub mod ui;

#[cfg(target_arch = "wasm32")]
mod fresh_memory;

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: fresh_memory::FreshMemory = fresh_memory::FreshMemory;
