//! The observed false-positive rate agrees with theory within 4 standard errors.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::{math, Experiment, ExperimentPlan, FilterShape, HashFamily};

#[test]
fn observed_rate_is_within_four_standard_errors_of_theory() {
    let cases = [
        (1_000u64, 3u32, 100u64),
        (4_096, 5, 500),
        (10_007, 4, 2_000),
        (65_536, 7, 6_000),
        (100_000, 2, 30_000),
    ];
    let probes = 40_000;
    for family in HashFamily::ALL {
        for (seed, &(m, k, n)) in cases.iter().enumerate() {
            let shape = FilterShape::new(m, k, family).unwrap();
            let plan = ExperimentPlan::new(shape, vec![n], probes, seed as u64 + 1).unwrap();
            let point = Experiment::new(plan).run_to_end()[0];
            let theory = math::fpr_exact(m as f64, n as f64, k as f64);
            let standard_error = (theory * (1.0 - theory) / probes as f64).sqrt();
            let observed = point.rate();
            println!(
                "{family:?} m={m} k={k} n={n}: observed {observed:.5}, theory {theory:.5}, \
                 {:.2} standard errors",
                (observed - theory) / standard_error
            );
            assert!(
                (observed - theory).abs() <= 4.0 * standard_error,
                "{family:?} m={m} k={k} n={n}: observed {observed}, theory {theory}, SE {standard_error}"
            );
        }
    }
}
