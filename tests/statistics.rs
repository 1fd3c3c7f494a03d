//! The lab's measurements against the theory they illustrate.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::agreement::{verdict, Cause, Verdict};
use bloomlab::filter::{math, Experiment, ExperimentPlan, FilterShape, HashFamily, Layout};
use bloomlab::state::lab_view::{LabAction, LabState};

#[test]
fn the_mean_of_many_filters_is_within_four_standard_errors_of_theory() {
    let cases = [
        (1_000u64, 3u32, 100u64),
        (4_096, 5, 500),
        (10_007, 4, 2_000),
        (65_536, 7, 6_000),
        (100_000, 2, 30_000),
    ];
    let (filters, probes) = (8, 5_000);
    let shapes = HashFamily::DOUBLE_HASHING
        .into_iter()
        .flat_map(|family| Layout::ALL.map(|layout| (family, layout)));
    for (family, layout) in shapes {
        for (seed, &(m, k, n)) in cases.iter().enumerate() {
            // The blocked layouts take m up to whole blocks (and k = 8 for split-block).
            let shape = FilterShape::new(m, k, family).unwrap().fitted_to(layout);
            let plan = ExperimentPlan::new(shape, vec![n], probes, filters, seed as u64 + 1);
            let point = Experiment::new(plan.unwrap()).run_to_end().remove(0);
            // The layout's own formula: standard, partitioned (1 − (1 − 1/s)^n)^k, or the
            // Poisson mixture over the items a block receives.
            let theory = shape.fpr(n as f64);
            // The variance of the mean is at least the binomial one; the filters' spread
            // adds to it, estimated from the filters themselves.
            let (low, high) = point.interval();
            let standard_error = ((high - low) / 2.0 / math::t_975(filters - 1))
                .max((theory * (1.0 - theory) / (filters * probes) as f64).sqrt());
            let observed = point.rate();
            assert!(
                (observed - theory).abs() <= 4.0 * standard_error,
                "{family:?} {layout:?} {shape:?} n={n}: observed {observed}, theory {theory}, SE {standard_error}"
            );
        }
    }
}

/// Points of the lab's default runs and how many had the exact rate inside their interval.
#[derive(Default)]
struct Tally {
    points: u64,
    inside: u64,
    /// The same, among points where double hashing adds less than a tenth to the formula.
    plain_points: u64,
    plain_inside: u64,
}

/// The lab's default run (its automatic number of filters, 1000 probes per filter, 20
/// points up to where the rate reaches one half) on murmur3 with seeds 1 to `runs`.
fn coverage(m: u64, k: u32, runs: u64) -> Tally {
    let shape = FilterShape::new(m, k, HashFamily::Murmur3).unwrap();
    let mut tally = Tally::default();
    for seed in 1..=runs {
        let lab = LabState::default().apply(LabAction::SetSeed(seed.to_string()));
        let plan = lab.plans_for(shape).unwrap().remove(0);
        for point in Experiment::new(plan).run_to_end() {
            let theory = math::fpr_exact(m as f64, point.n as f64, k as f64);
            let (low, high) = point.interval();
            let inside = (low..=high).contains(&theory) as u64;
            tally.points += 1;
            tally.inside += inside;
            // Where double hashing adds less than a tenth to the formula.
            if math::double_hashing_excess(m, k, point.n as f64) < 0.1 * theory {
                tally.plain_points += 1;
                tally.plain_inside += inside;
            }
        }
    }
    tally
}

/// The count below which `covered` of `points` falls with probability 0.1 % if each point
/// were inside with probability `p` independently (binomial, normal approximation):
/// `p·N − 3.09·sqrt(N·p·(1 − p))`.
fn lowest_plausible(points: u64, p: f64) -> f64 {
    let n = points as f64;
    p * n - 3.09 * (n * p * (1.0 - p)).sqrt()
}

#[test]
fn the_exact_rate_lies_inside_the_labs_interval_at_nine_points_in_ten_or_more() {
    for (m, k, runs) in [(1_000u64, 4u32, 12u64), (100_000, 7, 3)] {
        let t = coverage(m, k, runs);
        println!(
            "m = {m}, k = {k}: {} of {} inside; where double hashing adds under 10 %: {} of {}",
            t.inside, t.points, t.plain_inside, t.plain_points
        );
        // Nine in ten or more over all points, double hashing's small-n excess included.
        assert!(
            t.inside as f64 >= lowest_plausible(t.points, 0.9),
            "m = {m}"
        );
        // Where the formula describes what the page measures, the nominal 95 %.
        assert!(
            t.plain_inside as f64 >= lowest_plausible(t.plain_points, 0.95),
            "m = {m}: {} of {}",
            t.plain_inside,
            t.plain_points
        );
    }
}

#[test]
fn the_seed_filter_measures_like_four_hashes_because_two_of_its_six_reach_only_the_first_bits() {
    // HFLP and HF return a value below the item's length, so on 58-byte URLs they only
    // reach bits 0 to 57: after a few items those bits are all 1 and the two hashes
    // answer "probably yes" for everything, leaving four hashes to do six hashes' work.
    let shape = FilterShape::new(10_007, 6, HashFamily::Seed000).unwrap();
    let item = bloomlab::filter::ItemSource::new(1).item(bloomlab::filter::ItemKind::Member, 0);
    let steps = shape.steps(item.as_bytes());
    assert!(steps[0].position < item.len() as u64 && steps[2].position < item.len() as u64);
    let plan = ExperimentPlan::new(shape, vec![1_000], 5_000, 4, 1).unwrap();
    let point = Experiment::new(plan).run_to_end().remove(0);
    let theory = shape.fpr(1_000.0);
    let four_hashes = math::fpr_exact(10_007.0, 1_000.0, 4.0);
    let (low, high) = point.interval();
    // Observed 1.21 % against 0.84 % for six hashes: what four hashes would give (1.18 %).
    assert!(low > theory, "observed {}, theory {theory}", point.rate());
    assert!(
        (low..=high).contains(&four_hashes),
        "observed {}, four hashes {four_hashes}",
        point.rate()
    );
}

/// The lab's verdict on its own default run of `shape` at each seed: how many seeds depart,
/// and with which cause.
fn verdicts(shape: FilterShape, seeds: std::ops::RangeInclusive<u64>) -> Vec<Verdict> {
    seeds
        .map(|seed| {
            let lab = LabState::default().apply(LabAction::SetSeed(seed.to_string()));
            let plan = lab.plans_for(shape).unwrap().remove(0);
            let points = Experiment::new(plan).run_to_end();
            verdict(&points, shape)
        })
        .collect()
}

#[test]
fn at_m_100000_murmur3_departs_from_the_formula_on_at_most_one_seed_in_twenty() {
    // Double hashing adds about 4e-5 here, below the 0.002 the lab resolves: the formula is
    // right, and a departure would be a false alarm.
    let shape = FilterShape::new(100_000, 7, HashFamily::Murmur3).unwrap();
    let verdicts = verdicts(shape, 1..=100);
    let departs = verdicts
        .iter()
        .filter(|v| matches!(v, Verdict::Departs { .. }))
        .count();
    assert!(departs <= 5, "{departs} of 100 seeds depart");
    // The default seed is not among them (the sentence the lab printed there was false).
    assert!(
        !matches!(verdicts[0], Verdict::Departs { .. }),
        "{:?}",
        verdicts[0]
    );
}

#[test]
fn at_the_labs_starting_filter_the_default_run_departs_no_more_often_than_chance() {
    // A right formula departs at 5 % of seeds; more than 10 of 100 has probability 1.2 %.
    // Departures by chance fall on both sides of the formula.
    use bloomlab::state::lab_view::lab_shape;
    use bloomlab::state::settings::Settings;
    let shape = lab_shape(Settings::default().shape());
    let verdicts = verdicts(shape, 1..=100);
    let (mut above, mut below) = (0, 0);
    for verdict in &verdicts {
        match verdict {
            Verdict::Departs { above: true, .. } => above += 1,
            Verdict::Departs { above: false, .. } => below += 1,
            _ => {}
        }
    }
    assert!(above + below <= 10, "{above} above, {below} below");
    assert!(above > 0 && below > 0, "{above} above, {below} below");
    assert_eq!(verdicts[0], Verdict::Consistent);
}

#[test]
fn at_m_64_both_families_depart_above_the_formula_and_double_hashing_is_named() {
    // k = 3 at m = 64: 2 of the 64 values of h2 mod m repeat positions, and positions in
    // arithmetic progression overlap more often than independent ones.
    for family in [HashFamily::Murmur3, HashFamily::Fnv1a] {
        let shape = FilterShape::new(64, 3, family).unwrap();
        let verdicts = verdicts(shape, 1..=40);
        let double_hashing = verdicts
            .iter()
            .filter(|v| {
                matches!(
                    v,
                    Verdict::Departs {
                        above: true,
                        cause: Some(Cause::DoubleHashing)
                    }
                )
            })
            .count();
        // Seen: murmur3 37 of 40, FNV-1a 40 of 40; every other seed departs too, with the
        // hash's spread named.
        assert!(
            double_hashing >= 32,
            "{family:?}: {double_hashing} of 40: {verdicts:?}"
        );
    }
}
