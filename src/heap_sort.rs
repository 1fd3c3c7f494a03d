//! Sorting plain numbers in place with a heap sort: O(n log n) comparisons, no allocation,
//! and a few hundred bytes of code, where the standard library's pattern-defeating
//! quicksort (with its small-sort and heap-sort fallbacks) is about 1.8 KB gzip of the first
//! visit (docs/size.md). The page sorts only u64s (positions, counts, the shared-positions
//! keys), at most some tens of thousands at a time.

/// Sorts `values` into ascending order.
pub fn sort_u64(values: &mut [u64]) {
    // Build a max-heap, then move its largest value to the end, one at a time.
    for start in (0..values.len() / 2).rev() {
        sift_down(values, start, values.len());
    }
    for end in (1..values.len()).rev() {
        values.swap(0, end);
        sift_down(values, 0, end);
    }
}

/// Restores the heap order of `values[..end]` below `root`: a parent is never smaller than
/// its children `2·i + 1` and `2·i + 2`.
fn sift_down(values: &mut [u64], mut root: usize, end: usize) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && values[child + 1] > values[child] {
            child += 1;
        }
        if values[root] >= values[child] {
            return;
        }
        values.swap(root, child);
        root = child;
    }
}

// Property tests use proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn sorts_as_the_standard_sort_does(mut values in proptest::collection::vec(any::<u64>(), 0..300)) {
            let mut expected = values.clone();
            #[expect(clippy::disallowed_methods, reason = "a test: its sort never reaches the page")]
            expected.sort_unstable();
            sort_u64(&mut values);
            prop_assert_eq!(values, expected);
        }
    }

    #[test]
    fn repeats_and_small_ranges_sort() {
        let mut values: Vec<u64> = (0..1000).map(|i| (i * 7919) % 13).collect();
        sort_u64(&mut values);
        assert!(values.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(values.len(), 1000);
    }
}
