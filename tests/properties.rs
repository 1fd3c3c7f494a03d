//! Property tests of the filters' promises.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::{BloomFilter, CountingBloomFilter, HashFamily};
use proptest::prelude::*;

fn family() -> impl Strategy<Value = HashFamily> {
    prop_oneof![Just(HashFamily::Fnv1a), Just(HashFamily::Murmur3)]
}

fn items() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(any::<String>(), 0..20)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn an_inserted_item_is_always_found(
        m in 1u64..2000, k in 1u32..=16, family in family(), items in items()
    ) {
        let mut plain = BloomFilter::with_params(m, k, family).unwrap();
        let mut counting = CountingBloomFilter::with_params(m, k, family, 4).unwrap();
        for item in &items {
            plain.insert(item.as_bytes());
            counting.insert(item.as_bytes());
        }
        for item in &items {
            prop_assert!(plain.contains(item.as_bytes()));
            prop_assert!(counting.contains(item.as_bytes()));
        }
    }

    #[test]
    fn insert_then_remove_restores_the_counting_filter(
        m in 16u64..500, k in 1u32..=8, family in family(), items in items(), extra in any::<String>()
    ) {
        // Width 8 and at most 20 items × 8 hashes: no counter reaches 255, none saturates.
        let mut filter = CountingBloomFilter::with_params(m, k, family, 8).unwrap();
        for item in &items {
            filter.insert(item.as_bytes());
        }
        let before = filter.clone();
        filter.insert(extra.as_bytes());
        prop_assert!(filter.remove(extra.as_bytes()).is_ok());
        prop_assert_eq!(filter, before);
    }

    #[test]
    fn removing_members_never_hides_the_others(
        m in 8u64..300, k in 1u32..=8, width in 1u32..=8, family in family(),
        items in items(), remove_mask in any::<u32>()
    ) {
        let mut filter = CountingBloomFilter::with_params(m, k, family, width).unwrap();
        for item in &items {
            filter.insert(item.as_bytes());
        }
        let mut remaining = items.clone();
        for (index, item) in items.iter().enumerate() {
            if remove_mask >> (index % 32) & 1 == 1 {
                prop_assert!(filter.remove(item.as_bytes()).is_ok(), "a member is never refused");
                let at = remaining.iter().position(|r| r == item).unwrap();
                remaining.remove(at);
                for other in &remaining {
                    prop_assert!(filter.contains(other.as_bytes()), "false negative for {:?}", other);
                }
            }
        }
    }

    #[test]
    fn saturated_counters_stay_saturated(
        m in 1u64..40, k in 1u32..=6, width in 1u32..=3, family in family(), items in items()
    ) {
        let mut filter = CountingBloomFilter::with_params(m, k, family, width).unwrap();
        for item in &items {
            filter.insert(item.as_bytes());
        }
        let saturated: Vec<u64> = (0..m).filter(|&p| filter.is_saturated(p)).collect();
        for item in &items {
            let _ = filter.remove(item.as_bytes());
            filter.insert(item.as_bytes());
            let _ = filter.remove(item.as_bytes());
        }
        for p in saturated {
            prop_assert!(filter.is_saturated(p));
        }
    }

    #[test]
    fn refused_removals_change_nothing(
        m in 8u64..300, k in 1u32..=8, family in family(), items in items(), probe in any::<String>()
    ) {
        let mut filter = CountingBloomFilter::with_params(m, k, family, 4).unwrap();
        for item in &items {
            filter.insert(item.as_bytes());
        }
        let before = filter.clone();
        if filter.remove(probe.as_bytes()).is_err() {
            prop_assert_eq!(filter, before);
        }
    }
}
