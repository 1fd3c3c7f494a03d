//! The cuckoo and quotient filters: positions against an independent Python table, their
//! invariants under random inserts and deletes (full tables and non-member deletes
//! included), eviction chains, the stash, the non-member delete hazard and the walks.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;

use bloomlab::filter::cuckoo::{
    CuckooError, CuckooFilter, CuckooShape, Found, Placement, MAX_KICKS,
};
use bloomlab::filter::quotient::{QuotientError, QuotientFilter, QuotientShape, StepKind};
use proptest::prelude::*;

const TABLE: &str = include_str!("data/cuckoo_quotient_positions.tsv");

fn from_hex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn positions_match_the_independently_computed_table() {
    let mut rows = 0;
    for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let n: Vec<u64> = cols[1..].iter().map(|c| c.parse().unwrap()).collect();
        let item = from_hex(cols[0]);
        let cuckoo = CuckooShape::new(n[0], n[1] as u32)
            .unwrap()
            .positions(&item);
        assert_eq!(
            (cuckoo.i1, cuckoo.i2, cuckoo.fingerprint as u64),
            (n[4], n[5], n[6]),
            "cuckoo {line}"
        );
        let quotient = QuotientShape::new(n[2] as u32, n[3] as u32)
            .unwrap()
            .positions(&item);
        assert_eq!(
            (quotient.quotient, quotient.remainder),
            (n[7], n[8]),
            "quotient {line}"
        );
        rows += 1;
    }
    assert_eq!(rows, 300 * 4, "300 items × 4 settings");
}

#[test]
fn bad_shapes_are_refused_by_name() {
    assert_eq!(
        CuckooShape::new(16, 3),
        Err(CuckooError::FingerprintBits { requested: 3 })
    );
    assert_eq!(
        CuckooShape::new(16, 17),
        Err(CuckooError::FingerprintBits { requested: 17 })
    );
    assert_eq!(
        CuckooShape::new(12, 8),
        Err(CuckooError::BucketCount { requested: 12 })
    );
    assert_eq!(
        CuckooShape::new(0, 8),
        Err(CuckooError::BucketCount { requested: 0 })
    );
    assert_eq!(
        CuckooShape::new(1 << 20, 8),
        Err(CuckooError::BucketCount { requested: 1 << 20 })
    );
    assert_eq!(
        QuotientShape::new(0, 4),
        Err(QuotientError::QuotientBits { requested: 0 })
    );
    assert_eq!(
        QuotientShape::new(22, 4),
        Err(QuotientError::QuotientBits { requested: 22 })
    );
    assert_eq!(
        QuotientShape::new(4, 0),
        Err(QuotientError::RemainderBits { requested: 0 })
    );
    assert_eq!(
        QuotientShape::new(4, 33),
        Err(QuotientError::RemainderBits { requested: 33 })
    );
}

/// A key that names a stored fingerprint whichever of its two buckets holds it.
fn cuckoo_key(shape: &CuckooShape, bucket: u64, fingerprint: u16) -> (u16, u64, u64) {
    let other = shape.alt_index(bucket, fingerprint);
    (fingerprint, bucket.min(other), bucket.max(other))
}

fn add<K: Ord>(multiset: &mut BTreeMap<K, u32>, key: K) {
    *multiset.entry(key).or_default() += 1;
}

fn remove<K: Ord>(multiset: &mut BTreeMap<K, u32>, key: K) -> bool {
    match multiset.get_mut(&key) {
        Some(count) if *count > 1 => *count -= 1,
        Some(_) => {
            multiset.remove(&key);
        }
        None => return false,
    }
    true
}

/// Insert (true) or delete (false) of word i: with a pool of 40 words of which any may be
/// deleted before it is added, deletes of non-members come often.
fn operations() -> impl Strategy<Value = Vec<(bool, u32)>> {
    prop::collection::vec((prop::bool::weighted(0.7), 0u32..40), 0..120)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn cuckoo_fingerprints_sit_in_their_buckets_and_match_the_items_less_the_deleted(
        buckets_log in 0u32..4, f in 4u32..=8, seed in any::<u64>(), ops in operations()
    ) {
        let shape = CuckooShape::new(1 << buckets_log, f).unwrap();
        let mut filter = CuckooFilter::new(shape, seed);
        let mut model = BTreeMap::new();
        for (insert, word) in ops {
            let item = format!("word{word}");
            let p = shape.positions(item.as_bytes());
            let key = cuckoo_key(&shape, p.i1, p.fingerprint);
            prop_assert_eq!(filter.contains(item.as_bytes()), model.contains_key(&key));
            if insert {
                let was_full = filter.is_full();
                match filter.insert(item.as_bytes()) {
                    Ok(report) => {
                        prop_assert!(!was_full);
                        prop_assert!(report.kicks.len() <= MAX_KICKS as usize);
                        let stashed = matches!(report.placement, Placement::Stash { .. });
                        prop_assert_eq!(stashed, report.kicks.len() == MAX_KICKS as usize);
                        add(&mut model, key);
                    }
                    Err(error) => {
                        prop_assert_eq!(error, CuckooError::Full);
                        prop_assert!(was_full);
                    }
                }
            } else {
                match filter.delete(item.as_bytes()) {
                    Ok(_) => prop_assert!(remove(&mut model, key)),
                    Err(error) => {
                        prop_assert_eq!(error, CuckooError::NotFound);
                        prop_assert!(!model.contains_key(&key));
                    }
                }
            }
            let mut stored = BTreeMap::new();
            for entry in filter.stored() {
                add(&mut stored, cuckoo_key(&shape, entry.bucket, entry.fingerprint));
            }
            prop_assert_eq!(&stored, &model);
            prop_assert_eq!(filter.len(), model.values().map(|&c| c as u64).sum::<u64>());
        }
    }

    #[test]
    fn quotient_slots_decode_to_the_items_quotients_and_remainders(
        q in 1u32..=5, r in 1u32..=4, ops in operations()
    ) {
        let shape = QuotientShape::new(q, r).unwrap();
        let mut filter = QuotientFilter::new(shape);
        let mut model = BTreeMap::new();
        for (insert, word) in ops {
            let item = format!("word{word}");
            let p = shape.positions(item.as_bytes());
            let key = (p.quotient, p.remainder);
            prop_assert_eq!(filter.contains(item.as_bytes()), model.contains_key(&key));
            if insert {
                let full = filter.len() == shape.slots();
                match filter.insert(item.as_bytes()) {
                    Ok(walk) => {
                        prop_assert!(!full);
                        prop_assert_eq!(filter.remainder(walk.slot), Some(p.remainder));
                        add(&mut model, key);
                    }
                    Err(error) => {
                        prop_assert_eq!(error, QuotientError::Full);
                        prop_assert!(full);
                    }
                }
            } else {
                let walk = filter.delete(item.as_bytes());
                prop_assert_eq!(walk.removed.is_some(), remove(&mut model, key));
            }
            check_quotient_filter(&filter, &model)?;
        }
    }
}

/// The slots decode to the model's multiset, and each bit says what the paper says it does.
fn check_quotient_filter(
    filter: &QuotientFilter,
    model: &BTreeMap<(u64, u64), u32>,
) -> Result<(), TestCaseError> {
    let mut decoded = BTreeMap::new();
    for entry in filter.entries() {
        add(&mut decoded, entry);
    }
    prop_assert_eq!(&decoded, model);
    let slots = filter.shape().slots();
    let mut used = 0;
    for cluster in filter.clusters() {
        for (i, run) in cluster.runs.iter().enumerate() {
            prop_assert!(filter.bits(run.quotient).occupied);
            prop_assert_eq!(
                i == 0,
                run.start == run.quotient,
                "only the first run is unshifted"
            );
            let mut previous = 0;
            for j in 0..run.len {
                let slot = (run.start + j) % slots;
                let bits = filter.bits(slot);
                prop_assert_eq!(bits.continuation, j > 0);
                prop_assert_eq!(bits.shifted, slot != run.quotient);
                let remainder = filter.remainder(slot).unwrap();
                prop_assert!(remainder >= previous, "runs are sorted");
                previous = remainder;
                used += 1;
            }
        }
    }
    prop_assert_eq!(used, filter.len());
    let empty = (0..slots).filter(|&s| filter.bits(s).is_empty()).count() as u64;
    prop_assert_eq!(empty, slots - filter.len());
    let occupied = (0..slots).filter(|&s| filter.bits(s).occupied).count();
    let quotients = model
        .keys()
        .map(|k| k.0)
        .collect::<std::collections::BTreeSet<_>>();
    prop_assert_eq!(occupied, quotients.len());
    Ok(())
}

#[test]
fn a_full_bucket_pair_starts_an_eviction_chain_drawn_move_by_move() {
    let shape = CuckooShape::new(16, 8).unwrap();
    let mut filter = CuckooFilter::new(shape, 7);
    let mut chain = None;
    for i in 0..64 {
        let report = filter.insert(format!("item{i}").as_bytes()).unwrap();
        if !report.kicks.is_empty() && chain.is_none() {
            chain = Some(report);
        }
    }
    let report = chain.expect("64 items in 16 buckets of 4 make a chain");
    let first = report.kicks[0];
    assert_eq!(first.from, report.second, "the chain starts at i2");
    assert_eq!(first.replaced_by, report.fingerprint);
    for pair in report.kicks.windows(2) {
        assert_eq!(
            pair[1].from, pair[0].to,
            "each victim goes to its other bucket"
        );
        assert_eq!(pair[1].replaced_by, pair[0].fingerprint);
    }
    for kick in &report.kicks {
        assert_eq!(kick.to, shape.alt_index(kick.from, kick.fingerprint));
    }
}

#[test]
fn a_full_cuckoo_filter_stashes_its_last_victim_and_refuses_inserts_by_name() {
    let shape = CuckooShape::new(2, 8).unwrap();
    let mut filter = CuckooFilter::new(shape, 1);
    let mut i = 0;
    let report = loop {
        let report = filter.insert(format!("w{i}").as_bytes()).unwrap();
        i += 1;
        if matches!(report.placement, Placement::Stash { .. }) {
            break report;
        }
    };
    assert_eq!(report.kicks.len(), MAX_KICKS as usize);
    assert!(filter.is_full());
    assert_eq!(filter.len(), i);
    assert_eq!(filter.load(), 1.0, "the stash is not counted in the load");
    let stash = filter.stash().unwrap();
    // Every item inserted is still found, the stashed one through the stash.
    let found: Vec<_> = (0..i)
        .map(|j| filter.query(format!("w{j}").as_bytes()))
        .collect();
    assert!(found.iter().all(Option::is_some));
    assert!(found.contains(&Some(Found::Stash)));
    assert_eq!(filter.insert(b"one more"), Err(CuckooError::Full));
    // Deleting an item frees a slot and puts the stashed fingerprint back.
    let deleted = (0..i)
        .map(|j| format!("w{j}"))
        .find(|w| filter.query(w.as_bytes()) != Some(Found::Stash))
        .unwrap();
    let report = filter.delete(deleted.as_bytes()).unwrap();
    let reinsert = report.stash_reinsert.expect("the stash is re-inserted");
    assert_eq!(reinsert.fingerprint, stash.fingerprint);
    assert!(!filter.is_full());
    assert_eq!(filter.len(), i - 1);
}

#[test]
fn deleting_a_non_member_names_the_item_that_loses_its_fingerprint() {
    // With 4-bit fingerprints and one bucket, some word shares "apple"'s fingerprint.
    let shape = CuckooShape::new(1, 4).unwrap();
    let mut filter = CuckooFilter::new(shape, 0);
    let members = ["apple"];
    filter.insert(b"apple").unwrap();
    let apple = shape.positions(b"apple").fingerprint;
    let stranger = (0..)
        .map(|i| format!("stranger{i}"))
        .find(|w| shape.positions(w.as_bytes()).fingerprint == apple)
        .unwrap();
    let hazard = filter
        .delete_hazard(stranger.as_bytes(), &members)
        .expect("a hazard");
    assert_eq!(hazard.victims, vec![0]);
    assert_eq!(hazard.fingerprint, apple);
    assert_eq!(
        filter.delete_hazard(b"apple", &members),
        None,
        "a member's delete is safe"
    );
    filter.delete(stranger.as_bytes()).unwrap();
    assert!(!filter.contains(b"apple"), "apple is now a false negative");
}

#[test]
fn a_quotient_walk_steps_back_to_the_cluster_and_forward_to_the_run() {
    // Five items of q = 3 make clusters; find one whose query must step back.
    let shape = QuotientShape::new(3, 4).unwrap();
    let mut filter = QuotientFilter::new(shape);
    let words: Vec<String> = (0..6).map(|i| format!("word{i}")).collect();
    for w in &words {
        filter.insert(w.as_bytes()).unwrap();
    }
    let walks: Vec<_> = words.iter().map(|w| filter.query(w.as_bytes())).collect();
    assert!(walks.iter().all(|w| w.found.is_some()));
    let back = walks
        .iter()
        .find(|w| w.steps.iter().any(|s| s.kind == StepKind::ShiftedStepBack))
        .expect("a walk that steps back");
    assert_eq!(back.steps[0].kind, StepKind::Canonical { occupied: true });
    assert_eq!(back.steps[0].slot, back.positions.quotient);
    let start = back
        .steps
        .iter()
        .position(|s| s.kind == StepKind::ClusterStart)
        .unwrap();
    assert!(back.steps[..start]
        .iter()
        .all(|s| s.bits.shifted || s.kind != StepKind::ShiftedStepBack));
    assert!(!back.steps[start].bits.shifted);
    let last = back.steps.last().unwrap();
    assert_eq!(
        last.kind,
        StepKind::Compare {
            ordering: std::cmp::Ordering::Equal
        }
    );
    assert_eq!(Some(last.slot), back.found);
    // A quotient with no run ends the query at its first step.
    let absent = (0..)
        .map(|i| format!("absent{i}"))
        .map(|w| filter.query(w.as_bytes()))
        .find(|w| !filter.bits(w.positions.quotient).occupied)
        .unwrap();
    assert_eq!(absent.steps.len(), 1);
    assert_eq!(absent.found, None);
}

#[test]
fn a_full_quotient_filter_refuses_inserts_and_still_deletes() {
    let shape = QuotientShape::new(3, 2).unwrap();
    let mut filter = QuotientFilter::new(shape);
    for i in 0..8 {
        filter.insert(format!("w{i}").as_bytes()).unwrap();
    }
    assert!(filter.is_full());
    assert_eq!(filter.insert(b"w8"), Err(QuotientError::Full));
    for i in 0..8 {
        assert!(filter.delete(format!("w{i}").as_bytes()).removed.is_some());
    }
    assert!(filter.is_empty());
    assert!((0..8).all(|s| filter.bits(s).is_empty()));
}
