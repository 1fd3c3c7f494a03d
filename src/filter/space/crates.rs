//! The crates real systems use, measured as references beside the page's own filters: the
//! `xorf` crate's `Xor8` and `BinaryFuse8` (keys: each item's murmur3 h1, as the page's xor
//! and binary fuse filters take them) and the `qfilter` crate's rank-select quotient filter
//! (items hashed by the crate itself).

use xorf::{BinaryFuse8, Filter as _, Xor8};

use super::job::{keys, timed, Built, JobItems, SpaceError};
use super::sizing::Sizing;
use crate::filter::peeling::key_of as key;

/// `xorf::Xor8` built from the items' keys.
pub(crate) fn xorf_xor8(items: &JobItems, now: &dyn Fn() -> f64) -> Result<Built, SpaceError> {
    let build = |items: &JobItems| Ok(Xor8::from(&keys(items)[..]));
    let (rate, build_ms, query_ms, filter) =
        timed(items, now, build, |f, item| f.contains(&key(item)))?;
    let slots = filter.fingerprints.len() as u64;
    Ok(Built {
        sizing: Sizing::Fingerprints { slots, bits: 8 },
        memory_bits: slots * 8,
        rate,
        build_ms,
        query_ms,
    })
}

/// `xorf::BinaryFuse8` built from the items' keys.
pub(crate) fn xorf_fuse8(items: &JobItems, now: &dyn Fn() -> f64) -> Result<Built, SpaceError> {
    let build = |items: &JobItems| {
        BinaryFuse8::try_from(&keys(items)[..]).map_err(|_| SpaceError::NoConstruction)
    };
    let (rate, build_ms, query_ms, filter) =
        timed(items, now, build, |f, item| f.contains(&key(item)))?;
    let slots = filter.fingerprints.len() as u64;
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
        let mut full = false;
        items.members(|item| full |= !full && filter.insert(item).is_err());
        if full {
            return Err(SpaceError::Full);
        }
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
