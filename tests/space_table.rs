//! The space table's measurements: each filter sized for ε by its rule, its rate measured
//! on never-added probes, against the limit log2(1/ε).

use bloomlab::filter::space::{measure, SpaceEps, SpaceFilter, SpaceJob, SpaceRow};

fn clock() -> impl Fn() -> f64 {
    let start = std::time::Instant::now();
    move || start.elapsed().as_secs_f64() * 1e3
}

fn row(filter: SpaceFilter, eps: SpaceEps, n: u64) -> SpaceRow {
    let job = SpaceJob { filter, eps, n, seed: 1 };
    measure(job, &clock()).unwrap_or_else(|e| panic!("{filter:?} at {eps:?}: {e:?}"))
}

#[test]
fn a_bloom_filter_pays_one_point_four_four_times_the_limit() {
    let bloom = row(SpaceFilter::Bloom, SpaceEps::OneIn256, 1_000_000);
    let (low, high) = bloom.ratio_interval();
    let expected = 1.0 / std::f64::consts::LN_2;
    assert!(low <= expected && expected <= high, "{low} – {high}");
    assert!((bloom.bits_per_item() - 8.0 * expected).abs() < 0.01);
}

#[test]
fn the_counting_filter_answers_as_the_bloom_filter_at_four_times_the_bits() {
    for eps in SpaceEps::ALL {
        let bloom = row(SpaceFilter::Bloom, eps, 20_000);
        let counting = row(SpaceFilter::Counting, eps, 20_000);
        assert_eq!(counting.rate, bloom.rate);
        assert_eq!(counting.memory_bits, 4 * bloom.memory_bits);
    }
}

#[test]
fn every_row_is_the_same_on_a_second_run() {
    for filter in SpaceFilter::ALL {
        let job = SpaceJob {
            filter,
            eps: SpaceEps::OneIn100,
            n: 10_000,
            seed: 7,
        };
        let (Ok(first), Ok(second)) = (measure(job, &clock()), measure(job, &clock())) else {
            continue;
        };
        assert_eq!((first.rate, first.memory_bits), (second.rate, second.memory_bits), "{filter:?}");
    }
}

#[test]
fn the_dynamic_filters_meet_their_target_within_the_interval() {
    for eps in SpaceEps::ALL {
        for filter in [
            SpaceFilter::Bloom,
            SpaceFilter::Blocked,
            SpaceFilter::SplitBlock,
            SpaceFilter::Cuckoo,
            SpaceFilter::Quotient,
            SpaceFilter::Qfilter,
        ] {
            let row = row(filter, eps, 100_000);
            let (low, _) = row.rate.interval();
            assert!(low <= eps.rate(), "{filter:?} at {eps:?}: {:?}", row.rate);
        }
    }
}

#[test]
fn the_xorf_crates_spend_their_published_space_at_two_to_the_minus_eight() {
    let xor = row(SpaceFilter::XorfXor8, SpaceEps::OneIn256, 1_000_000);
    let fuse = row(SpaceFilter::XorfFuse8, SpaceEps::OneIn256, 1_000_000);
    assert!((xor.bits_per_item() - 9.84).abs() < 0.01, "{}", xor.bits_per_item());
    assert!((fuse.bits_per_item() - 9.04).abs() < 0.03, "{}", fuse.bits_per_item());
    for r in [xor, fuse] {
        let (low, high) = r.rate.interval();
        assert!(low <= 1.0 / 256.0 && 1.0 / 256.0 <= high, "{:?}", r.rate);
    }
}
