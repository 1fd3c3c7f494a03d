// The benchmark workload, shared by the native benchmark (benches/core.rs) and the wasm one
// (tests/wasm_bench.rs): n URL-like items of 48 bytes, m sized for a 1 % rate, k = 7.

use bloomlab::filter::{math, BloomFilter, HashFamily, ItemKind, ItemSource, ITEM_LEN};

/// Items in the workload.
pub const N: usize = 1_000_000;
/// Hashes.
pub const K: u32 = 7;

/// m for N items at 1 %: `ceil(-N·ln 0.01 / (ln 2)^2)` = 9,585,059.
pub fn bits() -> u64 {
    math::optimal_m(N as f64, 0.01).unwrap_or(9_585_059.0) as u64
}

/// The members and an equal number of non-members, generated once.
pub fn items() -> (Vec<[u8; ITEM_LEN]>, Vec<[u8; ITEM_LEN]>) {
    let source = ItemSource::new(42);
    let make = |kind| {
        (0..N as u64)
            .map(|i| {
                let mut buf = [0u8; ITEM_LEN];
                source.write(kind, i, &mut buf);
                buf
            })
            .collect()
    };
    (make(ItemKind::Member), make(ItemKind::NonMember))
}

/// Inserts every member into a fresh filter and returns it.
pub fn insert_all(family: HashFamily, members: &[[u8; ITEM_LEN]]) -> BloomFilter {
    let mut filter = BloomFilter::with_params(bits(), K, family).expect("valid shape");
    for item in members {
        filter.insert(item);
    }
    filter
}

/// Queries every probe; returns how many were reported present.
pub fn query_all(filter: &BloomFilter, probes: &[[u8; ITEM_LEN]]) -> usize {
    probes
        .iter()
        .filter(|item| filter.contains(&item[..]))
        .count()
}
