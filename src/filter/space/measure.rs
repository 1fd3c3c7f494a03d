//! One job of the space table: build one filter for ε from the job's n items, probe it
//! with n items never added, and time both with the caller's clock.

use super::job::{keys, timed, Built, JobItems, SpaceError};
use super::{crates, sizing, SpaceFilter, SpaceJob, SpaceRow};
use crate::filter::counting::{CountingBloomFilter, DEFAULT_COUNTER_WIDTH};
use crate::filter::cuckoo::{CuckooFilter, CuckooShape};
use crate::filter::fuse::FuseShape;
use crate::filter::hashing::{HashFamily, Layout};
use crate::filter::params::FilterShape;
use crate::filter::peeling::{key_of, PeeledFilter, PeelingShape};
use crate::filter::quotient::{QuotientFilter, QuotientShape};
use crate::filter::ribbon::{FailureChance, RibbonFilter, RibbonShape};
use crate::filter::xor::XorShape;
use crate::filter::BloomFilter;

use super::sizing::Sizing;

/// Measures `job`: its filter sized by its rule, built from the job's items, probed with
/// its probes; `now()` is the clock in milliseconds.
pub fn measure(job: SpaceJob, now: &dyn Fn() -> f64) -> Result<SpaceRow, SpaceError> {
    let items = JobItems::new(&job);
    let eps = job.eps.rate();
    let built = match job.filter {
        SpaceFilter::Bloom => {
            let (m, k) = sizing::bloom(job.n, eps);
            bloom(&items, now, m, k, Layout::Standard)?
        }
        SpaceFilter::Blocked => {
            let (m, k) = sizing::blocked(job.n, eps);
            bloom(&items, now, m, k, Layout::Blocked)?
        }
        SpaceFilter::SplitBlock => {
            let m = sizing::split_block(job.n, eps);
            bloom(&items, now, m, 8, Layout::SplitBlock)?
        }
        SpaceFilter::Counting => {
            let (m, k) = sizing::bloom(job.n, eps);
            counting(&items, now, m, k)?
        }
        SpaceFilter::Cuckoo => {
            let (buckets, f) = sizing::cuckoo(job.n, eps);
            cuckoo(&items, now, buckets, f, job.seed)?
        }
        SpaceFilter::Quotient => {
            let (q, r) = sizing::quotient(job.n, eps);
            quotient(&items, now, q, r)?
        }
        SpaceFilter::Xor => peeled::<XorShape>(&items, now, sizing::fingerprint_bits(eps))?,
        SpaceFilter::Fuse => peeled::<FuseShape>(&items, now, sizing::fingerprint_bits(eps))?,
        SpaceFilter::Ribbon => ribbon(&items, now, sizing::fingerprint_bits(eps))?,
        SpaceFilter::XorfXor8 => crates::xorf_xor8(&items, now)?,
        SpaceFilter::XorfFuse8 => crates::xorf_fuse8(&items, now)?,
        SpaceFilter::Qfilter => crates::qfilter(&items, now, eps)?,
    };
    Ok(SpaceRow {
        job,
        sizing: built.sizing,
        memory_bits: built.memory_bits,
        rate: built.rate,
        build_ms: built.build_ms,
        query_ms: built.query_ms,
    })
}

fn bloom(
    items: &JobItems,
    now: &dyn Fn() -> f64,
    m: u64,
    k: u32,
    layout: Layout,
) -> Result<Built, SpaceError> {
    let shape = FilterShape::new(m, k, HashFamily::Murmur3)
        .and_then(|s| s.with_layout(layout))
        .map_err(|_| SpaceError::Shape)?;
    let build = |items: &JobItems| {
        let mut filter = BloomFilter::new(shape);
        items.members(|item| {
            filter.insert(item);
        });
        Ok(filter)
    };
    let (rate, build_ms, query_ms, _) = timed(items, now, build, |f, item| f.contains(item))?;
    Ok(Built {
        sizing: Sizing::Bloom { m, k: shape.k() },
        memory_bits: m,
        rate,
        build_ms,
        query_ms,
    })
}

fn counting(items: &JobItems, now: &dyn Fn() -> f64, m: u64, k: u32) -> Result<Built, SpaceError> {
    let width = DEFAULT_COUNTER_WIDTH;
    let filter = CountingBloomFilter::with_params(m, k, HashFamily::Murmur3, width)
        .map_err(|_| SpaceError::Shape)?;
    let build = |items: &JobItems| {
        let mut filter = filter;
        items.members(|item| {
            filter.insert(item);
        });
        Ok(filter)
    };
    let (rate, build_ms, query_ms, filter) = timed(items, now, build, |f, item| f.contains(item))?;
    Ok(Built {
        sizing: Sizing::Counting { m, k, width },
        memory_bits: filter.memory_bits(),
        rate,
        build_ms,
        query_ms,
    })
}

fn cuckoo(
    items: &JobItems,
    now: &dyn Fn() -> f64,
    buckets: u64,
    f: u32,
    seed: u64,
) -> Result<Built, SpaceError> {
    let shape = CuckooShape::new(buckets, f).map_err(|_| SpaceError::Shape)?;
    let build = |items: &JobItems| {
        let mut filter = CuckooFilter::new(shape, seed);
        items.insert_all(|item| filter.insert(item).is_ok())?;
        Ok(filter)
    };
    let (rate, build_ms, query_ms, _) = timed(items, now, build, |f, item| f.contains(item))?;
    Ok(Built {
        sizing: Sizing::Cuckoo {
            buckets,
            fingerprint_bits: f,
        },
        memory_bits: shape.memory_bits(),
        rate,
        build_ms,
        query_ms,
    })
}

fn quotient(items: &JobItems, now: &dyn Fn() -> f64, q: u32, r: u32) -> Result<Built, SpaceError> {
    let shape = QuotientShape::new(q, r).map_err(|_| SpaceError::Shape)?;
    let build = |items: &JobItems| {
        let mut filter = QuotientFilter::new(shape);
        items.insert_all(|item| filter.insert(item).is_ok())?;
        Ok(filter)
    };
    let (rate, build_ms, query_ms, _) = timed(items, now, build, |f, item| f.contains(item))?;
    Ok(Built {
        sizing: Sizing::Quotient { q, r },
        memory_bits: shape.memory_bits(),
        rate,
        build_ms,
        query_ms,
    })
}

/// A xor or binary fuse filter of `bits`-bit fingerprints, built from the items' keys with
/// the reference's sizing and seeds.
fn peeled<S: PeelingShape>(
    items: &JobItems,
    now: &dyn Fn() -> f64,
    bits: u32,
) -> Result<Built, SpaceError> {
    let build = |items: &JobItems| {
        PeeledFilter::<S>::build(&keys(items), bits).map_err(|_| SpaceError::NoConstruction)
    };
    let (rate, build_ms, query_ms, filter) =
        timed(items, now, build, |f, item| f.contains(key_of(item)))?;
    Ok(Built {
        sizing: Sizing::Fingerprints {
            slots: filter.fingerprints().len() as u64,
            bits,
        },
        memory_bits: filter.memory_bits(),
        rate,
        build_ms,
        query_ms,
    })
}

/// The coefficient width of the table's ribbon.
pub const RIBBON_WIDTH: u32 = 64;

/// A standard ribbon of `r`-bit results and w = 64, sized as RocksDB sizes its ribbon
/// filter (one failed seed in 20, [`FailureChance::OneIn20`]).
fn ribbon(items: &JobItems, now: &dyn Fn() -> f64, r: u32) -> Result<Built, SpaceError> {
    let shape = RibbonShape::for_items(items.len(), RIBBON_WIDTH, r, FailureChance::OneIn20)
        .map_err(|_| SpaceError::Shape)?;
    let build = |items: &JobItems| {
        RibbonFilter::build(&keys(items), shape).map_err(|_| SpaceError::NoConstruction)
    };
    let (rate, build_ms, query_ms, filter) = timed(items, now, build, |f, item| f.contains(item))?;
    Ok(Built {
        sizing: Sizing::Ribbon {
            slots: shape.num_slots(),
            r,
            w: RIBBON_WIDTH,
        },
        memory_bits: filter.memory_bits(),
        rate,
        build_ms,
        query_ms,
    })
}
