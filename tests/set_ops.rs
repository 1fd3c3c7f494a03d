//! Union, intersection and folding keep the promises the page states.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::{estimate_sets, BloomFilter, CombineError, CountEstimate, HashFamily};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn family() -> impl Strategy<Value = HashFamily> {
    prop_oneof![Just(HashFamily::Fnv1a), Just(HashFamily::Murmur3)]
}

fn filter_of<'a>(
    m: u64,
    k: u32,
    family: HashFamily,
    items: impl IntoIterator<Item = &'a String>,
) -> BloomFilter {
    let mut filter = BloomFilter::with_params(m, k, family).unwrap();
    for item in items {
        filter.insert(item.as_bytes());
    }
    filter
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn or_is_exactly_the_filter_of_the_union(
        m in 1u64..600, k in 1u32..=8, family in family(),
        a in prop::collection::btree_set("[a-z]{1,6}", 0..30),
        b in prop::collection::btree_set("[a-z]{1,6}", 0..30),
    ) {
        let union: BTreeSet<&String> = a.iter().chain(&b).collect();
        let expected = filter_of(m, k, family, union);
        let fa = filter_of(m, k, family, &a);
        let fb = filter_of(m, k, family, &b);
        prop_assert_eq!(fa.union(&fb).unwrap(), expected);
    }

    #[test]
    fn and_has_every_bit_of_the_filter_of_the_intersection(
        m in 1u64..600, k in 1u32..=8, family in family(),
        a in prop::collection::btree_set("[a-z]{1,4}", 0..40),
        b in prop::collection::btree_set("[a-z]{1,4}", 0..40),
    ) {
        let common: Vec<&String> = a.intersection(&b).collect();
        let true_intersection = filter_of(m, k, family, common);
        let and = filter_of(m, k, family, &a).intersection(&filter_of(m, k, family, &b)).unwrap();
        for bit in true_intersection.bits().iter_ones() {
            prop_assert!(and.bits().get(bit));
        }
        prop_assert!(and.count_ones() >= true_intersection.count_ones());
    }

    #[test]
    fn folding_keeps_every_member_and_equals_the_half_size_filter(
        half in 1u64..400, k in 1u32..=8, family in family(),
        items in prop::collection::vec(any::<String>(), 0..30),
    ) {
        let full = filter_of(half * 2, k, family, &items);
        let folded = full.fold().unwrap();
        prop_assert_eq!(&folded, &filter_of(half, k, family, &items));
        for item in &items {
            prop_assert!(folded.contains(item.as_bytes()));
        }
        prop_assert!(folded.fill_ratio() >= full.fill_ratio());
    }
}

#[test]
fn combining_needs_the_same_shape_and_folding_an_even_m() {
    let a = BloomFilter::with_params(64, 3, HashFamily::Fnv1a).unwrap();
    let b = BloomFilter::with_params(64, 4, HashFamily::Fnv1a).unwrap();
    assert_eq!(a.union(&b), Err(CombineError::ShapeMismatch));
    assert_eq!(a.intersection(&b), Err(CombineError::ShapeMismatch));
    let odd = BloomFilter::with_params(63, 3, HashFamily::Fnv1a).unwrap();
    assert_eq!(odd.fold(), Err(CombineError::OddLength { m: 63 }));
    assert_eq!(a.fold().unwrap().fold().unwrap().shape().m(), 16);
}

#[test]
fn inclusion_exclusion_estimates_the_intersection() {
    let a: Vec<String> = (0..600).map(|i| format!("item{i}")).collect();
    let b: Vec<String> = (300..900).map(|i| format!("item{i}")).collect();
    let fa = filter_of(20_000, 5, HashFamily::Murmur3, &a);
    let fb = filter_of(20_000, 5, HashFamily::Murmur3, &b);
    let est = estimate_sets(&fa, &fb).unwrap();
    let finite = |e: CountEstimate| match e {
        CountEstimate::Finite(v) => v,
        CountEstimate::Undefined => panic!("not full"),
    };
    assert!((finite(est.a) - 600.0).abs() < 30.0);
    assert!((finite(est.union) - 900.0).abs() < 45.0);
    let inter = est.intersection.unwrap();
    assert!((inter - 300.0).abs() < 60.0, "{inter}");
}
