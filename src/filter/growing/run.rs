//! A growing run in slices: one stream fed to the three designs, probed at each checkpoint.

use super::{Design, FilterSpec, GrowPlan};
use crate::filter::bloom::BloomFilter;
use crate::filter::experiment::{ItemKind, ItemSource, ITEM_LEN};
use crate::filter::math;

/// One design at one checkpoint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DesignPoint {
    /// Memory in use, in bits.
    pub bits: u64,
    /// Probes the design answered "probably yes" for.
    pub false_positives: u64,
    /// Probes asked, P.
    pub probes: u64,
    /// The predicted rate, from `f(m, k, n) = (1 − (1 − 1/m)^{kn})^k` plus the
    /// double-hashing excess ([`math::double_hashing_excess`]): (a) `f(m, k, n)`; (b) the
    /// product of f over the levels; (c) `1 − Π_i (1 − f(m_i, k_i, held_i))`.
    pub predicted: f64,
}

impl DesignPoint {
    /// The measured rate, false positives / P.
    pub fn rate(&self) -> f64 {
        self.false_positives as f64 / self.probes.max(1) as f64
    }

    /// The 95 % Wilson interval of the measured rate ([`math::wilson_interval`]).
    pub fn interval(&self) -> (f64, f64) {
        math::wilson_interval(self.false_positives, self.probes)
    }
}

/// The three designs after the first n items.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GrowPoint {
    /// Items inserted, n.
    pub n: u64,
    /// Design (a).
    pub fixed: DesignPoint,
    /// Design (b).
    pub cascade: DesignPoint,
    /// Design (c).
    pub scalable: DesignPoint,
    /// Slices of (c) in use, S.
    pub slices: u32,
    /// The bound of (c), `Σ_{i<S} p_i = p·(1 − r^S)`.
    pub scalable_bound: f64,
}

impl GrowPoint {
    /// The point of one design.
    pub fn design(&self, design: Design) -> &DesignPoint {
        match design {
            Design::Fixed => &self.fixed,
            Design::Cascade => &self.cascade,
            Design::Scalable => &self.scalable,
        }
    }
}

/// A slice of the scalable design as it is now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SliceInfo {
    /// Its index i, from 0.
    pub index: u32,
    /// `m_i`, `k_i`, `p_i` and the capacity `n_i`.
    pub spec: FilterSpec,
    /// Items it holds.
    pub held: u64,
    /// Bits set.
    pub ones: u64,
}

/// A running simulation; call [`GrowingRun::run_slice`] until it reports done.
#[derive(Debug, Clone)]
pub struct GrowingRun {
    plan: GrowPlan,
    source: ItemSource,
    fixed: BloomFilter,
    cascade: Vec<BloomFilter>,
    slices: Vec<BloomFilter>,
    held: Vec<u64>,
    inserted: u64,
    next_checkpoint: usize,
    probed: u64,
    false_positives: [u64; 3],
    points: Vec<GrowPoint>,
}

/// Room for an item and its salt byte.
type Salted = [u8; ITEM_LEN + 1];

impl GrowingRun {
    /// A fresh run of `plan`: the fixed filter, every cascade level and the first slice.
    pub fn new(plan: GrowPlan) -> Self {
        GrowingRun {
            source: ItemSource::new(plan.params.seed),
            fixed: BloomFilter::new(plan.fixed.shape),
            cascade: plan
                .cascade
                .iter()
                .map(|c| BloomFilter::new(c.shape))
                .collect(),
            slices: plan
                .slices
                .iter()
                .take(1)
                .map(|c| BloomFilter::new(c.shape))
                .collect(),
            held: vec![0],
            inserted: 0,
            next_checkpoint: 0,
            probed: 0,
            false_positives: [0; 3],
            points: Vec::with_capacity(plan.checkpoints.len()),
            plan,
        }
    }

    /// The plan being run.
    pub fn plan(&self) -> &GrowPlan {
        &self.plan
    }

    /// The checkpoints measured so far, in order.
    pub fn points(&self) -> &[GrowPoint] {
        &self.points
    }

    /// The slices of the scalable design opened so far.
    pub fn slices(&self) -> Vec<SliceInfo> {
        self.slices
            .iter()
            .zip(&self.plan.slices)
            .zip(&self.held)
            .enumerate()
            .map(|(index, ((filter, &spec), &held))| SliceInfo {
                index: index as u32,
                spec,
                held,
                ones: filter.count_ones(),
            })
            .collect()
    }

    /// Items inserted so far.
    pub fn inserted(&self) -> u64 {
        self.inserted
    }

    /// True when every checkpoint has been measured.
    pub fn is_done(&self) -> bool {
        self.next_checkpoint >= self.plan.checkpoints.len()
    }

    /// Operations (inserts plus probes) done so far.
    pub fn operations_done(&self) -> u64 {
        self.inserted + self.next_checkpoint as u64 * self.plan.params.probes + self.probed
    }

    /// Fraction of the run done, 0 to 1.
    pub fn progress(&self) -> f64 {
        self.operations_done() as f64 / self.plan.total_operations().max(1) as f64
    }

    /// The design's answer for `item`: true is "probably added", false "certainly not".
    pub fn contains(&self, design: Design, item: &[u8]) -> bool {
        let mut salted = item.to_vec();
        salted.push(0);
        self.answer(design, &mut salted)
    }

    /// `salted` is the item followed by one byte that each level or slice overwrites with
    /// its index; the fixed filter hashes the item alone.
    fn answer(&self, design: Design, salted: &mut [u8]) -> bool {
        let Some(last) = salted.len().checked_sub(1) else {
            return false;
        };
        let mut ask = |salt: usize, filter: &BloomFilter| {
            salted[last] = salt as u8;
            filter.contains(salted)
        };
        match design {
            Design::Fixed => self.fixed.contains(&salted[..last]),
            // Largest level first: it is the likeliest to say no.
            Design::Cascade => self
                .cascade
                .iter()
                .enumerate()
                .rev()
                .all(|(j, f)| ask(j, f)),
            Design::Scalable => self.slices.iter().enumerate().any(|(i, f)| ask(i, f)),
        }
    }

    fn insert(&mut self, salted: &mut Salted) {
        self.fixed.insert(&salted[..ITEM_LEN]);
        for (j, filter) in self.cascade.iter_mut().enumerate() {
            salted[ITEM_LEN] = j as u8;
            filter.insert(salted);
        }
        let newest = self.slices.len() - 1;
        if self.held[newest] >= self.plan.slices[newest].capacity {
            if let Some(spec) = self.plan.slices.get(newest + 1) {
                self.slices.push(BloomFilter::new(spec.shape));
                self.held.push(0);
            }
        }
        let newest = self.slices.len() - 1;
        salted[ITEM_LEN] = newest as u8;
        self.slices[newest].insert(salted);
        self.held[newest] += 1;
    }

    /// Performs at most `budget` inserts or probes; returns true when the run is done.
    pub fn run_slice(&mut self, budget: u64) -> bool {
        let mut left = budget;
        let mut salted: Salted = [0; ITEM_LEN + 1];
        let mut buf = [0u8; ITEM_LEN];
        while left > 0 && !self.is_done() {
            let target = self.plan.checkpoints[self.next_checkpoint];
            if self.inserted < target {
                let end = target.min(self.inserted + left);
                for index in self.inserted..end {
                    let item = self.source.write(ItemKind::Member, index, &mut buf);
                    salted[..ITEM_LEN].copy_from_slice(item);
                    self.insert(&mut salted);
                }
                left -= end - self.inserted;
                self.inserted = end;
                continue;
            }
            let end = self.plan.params.probes.min(self.probed + left);
            for index in self.probed..end {
                let item = self.source.write(ItemKind::NonMember, index, &mut buf);
                salted[..ITEM_LEN].copy_from_slice(item);
                for (d, design) in Design::ALL.into_iter().enumerate() {
                    self.false_positives[d] += self.answer(design, &mut salted) as u64;
                }
            }
            left -= end - self.probed;
            self.probed = end;
            if self.probed == self.plan.params.probes {
                self.points.push(self.point());
                self.next_checkpoint += 1;
                self.probed = 0;
                self.false_positives = [0; 3];
            }
        }
        self.is_done()
    }

    /// The point for the current n and counts.
    fn point(&self) -> GrowPoint {
        let n = self.inserted as f64;
        let probes = self.plan.params.probes;
        let rate = |spec: &FilterSpec, n: f64| {
            let (m, k) = (spec.m(), spec.k());
            math::fpr_exact(m as f64, n, k as f64) + math::double_hashing_excess(m, k, n)
        };
        let open = &self.plan.slices[..self.slices.len()];
        let design = |d: usize, bits: u64, predicted: f64| DesignPoint {
            bits,
            false_positives: self.false_positives[d],
            probes,
            predicted,
        };
        GrowPoint {
            n: self.inserted,
            fixed: design(0, self.fixed.shape().m(), rate(&self.plan.fixed, n)),
            cascade: design(
                1,
                self.plan.final_bits(Design::Cascade),
                self.plan.cascade.iter().map(|c| rate(c, n)).product(),
            ),
            scalable: design(
                2,
                open.iter().map(FilterSpec::m).sum(),
                1.0 - open
                    .iter()
                    .zip(&self.held)
                    .map(|(spec, &held)| 1.0 - rate(spec, held as f64))
                    .product::<f64>(),
            ),
            slices: open.len() as u32,
            scalable_bound: open.iter().map(|c| c.p).sum(),
        }
    }

    /// Runs the rest at once and returns every point.
    pub fn run_to_end(mut self) -> Vec<GrowPoint> {
        while !self.run_slice(1 << 16) {}
        self.points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::growing::{test_params as params, GrowParams};

    fn run(params: GrowParams) -> Vec<GrowPoint> {
        GrowingRun::new(GrowPlan::new(params).unwrap()).run_to_end()
    }

    fn member(source: ItemSource, index: u64) -> Vec<u8> {
        source.item(ItemKind::Member, index).into_bytes()
    }

    #[test]
    fn added_items_are_never_missed_by_any_design() {
        let plan = GrowPlan::new(params(256, 1500, 200, 500)).unwrap();
        let mut growing = GrowingRun::new(plan);
        let source = ItemSource::new(7);
        let mut done = false;
        while !done {
            done = growing.run_slice(333);
            for index in 0..growing.inserted() {
                let item = member(source, index);
                for design in Design::ALL {
                    assert!(growing.contains(design, &item), "{design:?} lost {index}");
                }
            }
        }
        assert_eq!(growing.inserted(), 1500);
        assert!(
            growing.slices().len() > 3,
            "the stream opened several slices"
        );
    }

    #[test]
    fn scalable_stays_below_p_while_fixed_overshoots_past_its_guess() {
        let p = params(2000, 10_000, 1_000, 20_000);
        let points = run(p);
        // The smallest count that 20,000 probes at exactly p reach with chance 10^−4 or less.
        let tolerance = math::binomial_upper_critical(p.probes, p.p, 1e-4);
        for point in &points {
            let scalable = &point.scalable;
            assert!(scalable.false_positives < tolerance, "n = {}", point.n);
            assert!(scalable.predicted < p.p);
            assert!(point.scalable_bound < p.p);
            let fixed = &point.fixed;
            if point.n <= p.guess_n {
                assert!(fixed.false_positives < tolerance, "n = {}", point.n);
            }
            if point.n >= 2 * p.guess_n {
                assert!(fixed.interval().0 > p.p, "n = {}", point.n);
                assert!(fixed.predicted > p.p);
            }
        }
        let last = points.last().unwrap();
        assert!(last.fixed.rate() > 0.9, "ten times the guess saturates it");
    }

    #[test]
    fn scalable_memory_grows_geometrically() {
        let p = params(512, 8_000, 500, 200);
        let plan = GrowPlan::new(p).unwrap();
        assert!(plan.slices().windows(2).all(|w| w[1].m() == 2 * w[0].m()));
        let points = run(p);
        let mut slices = 0;
        for point in &points {
            assert!(point.slices >= slices);
            slices = point.slices;
            // 512 + 1024 + … + 512·2^(S−1) = 512·(2^S − 1).
            assert_eq!(point.scalable.bits, 512 * ((1 << point.slices) - 1));
            assert_eq!(point.fixed.bits, plan.fixed().m());
            assert_eq!(point.cascade.bits, plan.final_bits(Design::Cascade));
        }
        assert!(points[0].slices < slices);
        assert_eq!(slices as usize, plan.slices().len());
        assert_eq!(
            points.last().unwrap().scalable.bits,
            plan.final_bits(Design::Scalable)
        );
    }

    #[test]
    fn cascade_accepts_no_probe_that_its_largest_level_rejects() {
        let p = params(256, 3_000, 300, 5_000);
        let plan = GrowPlan::new(p).unwrap();
        let levels = plan.cascade().len();
        let largest = plan.cascade()[levels - 1];
        let mut alone = BloomFilter::new(largest.shape);
        let source = ItemSource::new(p.seed);
        let salted = |kind, index| {
            let mut item = source.item(kind, index).into_bytes();
            item.push((levels - 1) as u8);
            item
        };
        for index in 0..p.n {
            alone.insert(&salted(ItemKind::Member, index));
        }
        let alone_fp = (0..p.probes)
            .filter(|&i| alone.contains(&salted(ItemKind::NonMember, i)))
            .count() as u64;
        let last = *run(p).last().unwrap();
        assert!(alone_fp > 0);
        assert!(last.cascade.false_positives <= alone_fp);
        let own = math::fpr_exact(largest.m() as f64, p.n as f64, largest.k() as f64);
        assert!(last.cascade.predicted <= own);
        // 256·(2^L − 1) bits, under twice the largest level.
        assert_eq!(last.cascade.bits, 256 * ((1 << levels) - 1));
        assert!(last.cascade.bits < 2 * largest.m());
    }

    #[test]
    fn the_same_seed_gives_the_same_points() {
        let p = params(300, 2_000, 300, 1_000);
        assert_eq!(run(p), run(p));
        let other = run(GrowParams { seed: 8, ..p });
        assert_ne!(run(p), other);
    }

    #[test]
    fn slices_of_any_size_give_the_same_points() {
        let plan = GrowPlan::new(params(300, 2_000, 300, 1_000)).unwrap();
        let whole = GrowingRun::new(plan.clone()).run_to_end();
        for budget in [1, 37, 1_000] {
            let mut sliced = GrowingRun::new(plan.clone());
            while !sliced.run_slice(budget) {
                assert!(sliced.progress() < 1.0);
            }
            assert_eq!(sliced.points(), &whole[..]);
            assert_eq!(sliced.operations_done(), plan.total_operations());
        }
        assert_eq!(whole.len(), 10);
        assert_eq!(whole[0].n, 200);
    }
}

// Property tests use proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use crate::filter::growing::GrowParams;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn no_design_misses_an_added_item(seed in any::<u64>(), n in 1u64..400, m0 in 64u64..600) {
            let params = GrowParams { m0, n, guess_n: 50, probes: 10, checkpoints: 3, seed,
                ..GrowParams::default() };
            let Ok(plan) = GrowPlan::new(params) else { return Ok(()) };
            let mut growing = GrowingRun::new(plan);
            while !growing.run_slice(1 << 12) {}
            let source = ItemSource::new(seed);
            for index in 0..n {
                let item = source.item(ItemKind::Member, index).into_bytes();
                for design in Design::ALL {
                    prop_assert!(growing.contains(design, &item));
                }
            }
        }
    }
}
