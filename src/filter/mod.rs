//! The Bloom filter core: bit array, hash families, plain and counting filters, the
//! formulas and the false-positive experiment.
//!
//! # How it works
//!
//! A Bloom filter is m bits, all 0 at first, and k hash positions per item. Adding an item
//! sets its k bits to 1. A query looks at the same k bits: if any is 0 the item was
//! definitely never added; if all are 1 it probably was, but those bits may have been set
//! by other items (a false positive). After n items the chance of a false positive is about
//! `(1 - e^{-kn/m})^k` ([`math::fpr_approx`]).
//!
//! This module knows nothing of the web page; everything here is plain Rust, tested with
//! `cargo test`, and gives the same numbers on wasm32 and x86_64.

pub mod agreement;
pub mod bit_array;
pub mod blocked;
pub mod bloom;
pub mod classic_hashes;
pub mod clickhouse;
pub mod count_min;
pub mod counting;
pub mod cuckoo;
pub mod distinct;
pub mod double_double;
pub mod double_hashing_rate;
pub mod error;
pub mod experiment;
pub mod fuse;
pub mod growing;
pub mod hash_quality;
pub mod hash_quality_job;
pub mod hashing;
pub mod lab_tasks;
pub mod math;
pub mod params;
pub mod parquet_drawing;
#[cfg(test)]
pub(crate) mod parquet_fixtures;
pub mod parquet_report;
pub mod parquet_summary;
pub mod peeling;
pub mod positions;
pub mod quotient;
pub mod ribbon;
pub mod same_memory;
pub mod set_ops;
pub mod shared_positions;
pub mod sizing;
pub mod space;
pub mod split_block;
pub mod use_cases;
pub mod xor;

pub use bit_array::BitArray;
pub use bloom::BloomFilter;
pub use counting::{
    CounterChange, CountingBloomFilter, RemoveError, DEFAULT_COUNTER_WIDTH, MAX_COUNTER_WIDTH,
};
pub use error::{ParamError, MAX_BITS, MAX_HASHES};
pub use experiment::{
    measure_filter, Experiment, ExperimentPlan, FilterMeasurement, ItemKind, ItemSource,
    MeasuredPoint, ITEM_LEN,
};
pub use hashing::{HashFamily, HashPair, Layout};
pub use math::CountEstimate;
pub use params::FilterShape;
pub use positions::{HashStep, PositionRule, StepInput};
pub use set_ops::{estimate_sets, CombineError, SetEstimates};
