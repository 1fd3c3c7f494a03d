//! Measured rates of the cuckoo and quotient filters against their formulas, the quotient
//! filter's cluster lengths against theory, the same-memory comparison, and the false-positive
//! rates of the `cuckoofilter` and `qfilter` crates at equal fingerprint size and load.
//!
//! Every test is deterministic (fixed seeds and the lab's generated items). A measured rate
//! p̂ of N probes passes against an expected p when `|p̂ − p| ≤ 3.29·√(p(1 − p)/N)`: the
//! two-sided 99.9 % normal interval of the binomial count. Two measured rates are compared
//! the same way, with the variance of both: `3.29·√(p̄(1 − p̄)(1/N₁ + 1/N₂))`.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::cuckoo::{self, CuckooFilter, CuckooShape};
use bloomlab::filter::experiment::{ItemKind, ItemSource, MeasuredRate};
use bloomlab::filter::quotient::{self, cluster_experiment, QuotientFilter, QuotientShape};
use bloomlab::filter::same_memory::{self, Deletes, FilterKind};

/// z for a two-sided 99.9 % interval.
const Z_999: f64 = 3.29;
const PROBES: u64 = 200_000;

fn within_binomial(measured: MeasuredRate, expected: f64) -> bool {
    let tolerance = Z_999 * (expected * (1.0 - expected) / measured.probes as f64).sqrt();
    (measured.rate() - expected).abs() <= tolerance
}

fn rates_agree(a: MeasuredRate, b: MeasuredRate) -> bool {
    let pooled = (a.false_positives + b.false_positives) as f64 / (a.probes + b.probes) as f64;
    let spread = pooled * (1.0 - pooled) * (1.0 / a.probes as f64 + 1.0 / b.probes as f64);
    (a.rate() - b.rate()).abs() <= Z_999 * spread.sqrt()
}

fn cuckoo_at(source: ItemSource, buckets: u64, f: u32, n: u64) -> CuckooFilter {
    let mut filter = CuckooFilter::new(CuckooShape::new(buckets, f).unwrap(), 11);
    for i in 0..n {
        filter
            .insert(source.item(ItemKind::Member, i).as_bytes())
            .unwrap();
    }
    filter
}

fn quotient_at(source: ItemSource, q: u32, r: u32, n: u64) -> QuotientFilter {
    let mut filter = QuotientFilter::new(QuotientShape::new(q, r).unwrap());
    for i in 0..n {
        filter
            .insert(source.item(ItemKind::Member, i).as_bytes())
            .unwrap();
    }
    filter
}

#[test]
fn the_cuckoo_filters_measured_rate_matches_its_formula_at_each_load() {
    for (f, load) in [(8, 0.5), (8, 0.9), (10, 0.9), (12, 0.9)] {
        let source = ItemSource::new(u64::from(f) * 1000 + (load * 100.0) as u64);
        let filter = cuckoo_at(source, 4096, f, (load * 16_384.0) as u64);
        let measured = filter.measure_false_positives(source, PROBES);
        let expected = cuckoo::fpr_at_load(f, filter.load());
        assert!(
            within_binomial(measured, expected),
            "f = {f}, α = {load}: measured {} against {expected}",
            measured.rate()
        );
        assert!(measured.rate() < cuckoo::fpr_bound(f));
    }
    assert!((cuckoo::fpr_bound(8) - (1.0 - (1.0 - 1.0 / 256.0f64).powi(8))).abs() < 1e-15);
    assert_eq!(cuckoo::fpr_approx(8), 8.0 / 256.0);
}

#[test]
fn the_quotient_filters_measured_rate_matches_its_formula_at_each_load() {
    for (r, load) in [(4, 0.5), (4, 0.9), (6, 0.9), (8, 0.75)] {
        let source = ItemSource::new(u64::from(r) * 1000 + (load * 100.0) as u64);
        let filter = quotient_at(source, 14, r, (load * 16_384.0) as u64);
        let measured = filter.measure_false_positives(source, PROBES);
        let expected = quotient::fpr(filter.load(), r);
        assert!(
            within_binomial(measured, expected),
            "r = {r}, α = {load}: measured {} against {expected}",
            measured.rate()
        );
        assert_eq!(
            filter.bits_per_item(),
            Some((r as f64 + 3.0) * 16_384.0 / filter.len() as f64)
        );
    }
    assert!((quotient::fpr_approx(0.5, 4) - 0.5 / 16.0).abs() < 1e-15);
}

#[test]
fn quotient_clusters_grow_with_the_load_as_linear_probing_predicts() {
    let shape = QuotientShape::new(16, 4).unwrap();
    let points = cluster_experiment(shape, &[0.25, 0.5, 0.75, 0.9], 2024);
    assert_eq!(points.len(), 4);
    for point in &points {
        // The mean of thousands of clusters is close to normal: 4 standard errors, and 2 %
        // for what a table of 65,536 slots with exactly n items differs from the Poisson model.
        let tolerance = 4.0 * point.std_error + 0.02 * point.theory;
        assert!(
            (point.mean_length - point.theory).abs() <= tolerance,
            "α = {}: measured {} ± {} against {}",
            point.load,
            point.mean_length,
            point.std_error,
            point.theory
        );
    }
    assert!(points
        .windows(2)
        .all(|w| w[0].mean_length < w[1].mean_length));
    assert!((quotient::mean_cluster_length(0.5) - 1.5415).abs() < 1e-3);
    assert!((quotient::mean_cluster_length(1e-9) - 1.0).abs() < 1e-6);
}

#[test]
fn four_filters_at_the_same_memory_keep_to_the_budget_and_their_formulas() {
    let source = ItemSource::new(38);
    let items: Vec<String> = (0..3000)
        .map(|i| source.item(ItemKind::Member, i))
        .collect();
    let probes: Vec<String> = (0..100_000)
        .map(|i| source.item(ItemKind::NonMember, i))
        .collect();
    let budget = 3000 * 12;
    let rows = same_memory::compare(&items, &probes, budget, 5).unwrap();
    assert_eq!(rows.map(|r| r.kind), FilterKind::ALL);
    assert_eq!(
        rows.map(|r| r.deletes),
        [Deletes::No, Deletes::Counting, Deletes::Yes, Deletes::Yes]
    );
    for row in rows {
        assert!(row.bits <= budget && row.bits * 10 >= budget * 7, "{row:?}");
        assert_eq!(row.stored, 3000);
        assert!(
            within_binomial(row.fpr_measured, row.fpr_formula),
            "{row:?}"
        );
    }
    // 12 bits per item: Bloom best, counting worst (a quarter of the cells).
    assert!(rows[0].fpr_formula < rows[2].fpr_formula && rows[2].fpr_formula < rows[1].fpr_formula);
    assert_eq!(
        same_memory::compare(&items, &probes, 3000, 5),
        Err(same_memory::SameMemoryError::TooSmallFor(
            FilterKind::Cuckoo
        ))
    );
    assert_eq!(
        same_memory::compare::<String, String>(&[], &probes, budget, 5),
        Err(same_memory::SameMemoryError::NoItems)
    );
}

#[test]
fn our_cuckoo_filter_and_the_cuckoofilter_crate_give_the_same_rate_at_8_bits() {
    // The crate: 8-bit fingerprints, 4 slots a bucket, capacity 16,384 → 4,096 buckets.
    for load in [0.5, 0.85] {
        let source = ItemSource::new(77 + (load * 100.0) as u64);
        let n = (load * 16_384.0) as u64;
        let ours = cuckoo_at(source, 4096, 8, n).measure_false_positives(source, PROBES);
        let mut theirs =
            cuckoofilter::CuckooFilter::<std::collections::hash_map::DefaultHasher>::with_capacity(
                16_384,
            );
        for i in 0..n {
            theirs.add(&source.item(ItemKind::Member, i)).unwrap();
        }
        // One byte a slot, plus the struct.
        assert!((16_384..16_384 + 64).contains(&theirs.memory_usage()));
        let false_positives = (0..PROBES)
            .filter(|&i| theirs.contains(&source.item(ItemKind::NonMember, i)))
            .count() as u64;
        let theirs = MeasuredRate {
            false_positives,
            probes: PROBES,
        };
        assert!(
            rates_agree(ours, theirs),
            "α = {load}: ours {} theirs {}",
            ours.rate(),
            theirs.rate()
        );
    }
}

#[test]
fn our_quotient_filter_and_the_qfilter_crate_give_the_same_rate_at_equal_q_and_r() {
    for (fingerprint_bits, load) in [(18u8, 0.5), (18, 0.9), (20, 0.75)] {
        let source = ItemSource::new(99 + u64::from(fingerprint_bits) + (load * 100.0) as u64);
        let mut theirs = qfilter::Filter::with_fingerprint_size(15_000, fingerprint_bits).unwrap();
        let slots = theirs.capacity().next_power_of_two();
        let q = slots.trailing_zeros();
        let r = u32::from(fingerprint_bits) - q;
        let n = (load * slots as f64) as u64;
        for i in 0..n {
            theirs
                .insert_duplicated(source.item(ItemKind::Member, i))
                .unwrap();
        }
        let ours = quotient_at(source, q, r, n).measure_false_positives(source, PROBES);
        let false_positives = (0..PROBES)
            .filter(|&i| theirs.contains(source.item(ItemKind::NonMember, i)))
            .count() as u64;
        let theirs = MeasuredRate {
            false_positives,
            probes: PROBES,
        };
        assert!(
            rates_agree(ours, theirs),
            "q = {q}, r = {r}, α = {load}: ours {} theirs {}",
            ours.rate(),
            theirs.rate()
        );
    }
}
