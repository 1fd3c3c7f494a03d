//! The crates real systems use, measured as references beside the page's own filters: the
//! `xorf` crate's `Xor8` and `BinaryFuse8` (keys: each item's murmur3 h1, as the page's xor
//! and binary fuse filters take them) and the `qfilter` crate's rank-select quotient filter
//! (items hashed by the crate itself).

use xorf::{BinaryFuse8, Filter, Xor8};

use super::job::{keys, timed, Built, JobItems, SpaceError};
use super::sizing::Sizing;
use crate::filter::peeling::key_of as key;

/// `xorf::Xor8` built from the items' keys.
pub(crate) fn xorf_xor8(items: &JobItems, now: &dyn Fn() -> f64) -> Result<Built, SpaceError> {
    let build = |keys: &[u64]| Ok(Xor8::from(keys));
    keyed8(items, now, build, |f: &Xor8| f.fingerprints.len())
}

/// `xorf::BinaryFuse8` built from the items' keys.
pub(crate) fn xorf_fuse8(items: &JobItems, now: &dyn Fn() -> f64) -> Result<Built, SpaceError> {
    let build = |keys: &[u64]| BinaryFuse8::try_from(keys).map_err(|_| SpaceError::NoConstruction);
    keyed8(items, now, build, |f: &BinaryFuse8| f.fingerprints.len())
}

/// One of `xorf`'s 8-bit filters, built by `build` from the items' keys and probed by key;
/// `slots` counts its fingerprints.
fn keyed8<F: Filter<u64>>(
    items: &JobItems,
    now: &dyn Fn() -> f64,
    build: impl FnOnce(&[u64]) -> Result<F, SpaceError>,
    slots: fn(&F) -> usize,
) -> Result<Built, SpaceError> {
    let (rate, build_ms, query_ms, filter) = timed(
        items,
        now,
        |items| build(&keys(items)),
        |f, item| f.contains(&key(item)),
    )?;
    let slots = slots(&filter) as u64;
    Ok(Built {
        sizing: Sizing::Fingerprints { slots, bits: 8 },
        memory_bits: slots * 8,
        rate,
        build_ms,
        query_ms,
    })
}

/// `qfilter::Filter` for n items at rate ε, as the crate sizes it.
pub(crate) fn qfilter(
    items: &JobItems,
    now: &dyn Fn() -> f64,
    eps: f64,
) -> Result<Built, SpaceError> {
    let n = items.len();
    let build = |items: &JobItems| {
        let mut filter = qfilter::Filter::new(n, eps).map_err(|_| SpaceError::Shape)?;
        items.insert_all(|item| filter.insert(item).is_ok())?;
        Ok(filter)
    };
    let (rate, build_ms, query_ms, filter) = timed(items, now, build, |f, item| f.contains(item))?;
    Ok(Built {
        sizing: Sizing::Qfilter {
            fingerprint_bits: u32::from(filter.fingerprint_size()),
        },
        memory_bits: filter.memory_usage() as u64 * 8,
        rate,
        build_ms,
        query_ms,
    })
}
