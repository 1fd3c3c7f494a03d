//! The plan of a growing run: its settings, validated, and the filters of the three designs
//! sized from them.

use super::{
    Design, GrowError, MAX_GROW_BITS, MAX_GROW_CHECKPOINTS, MAX_GROW_ITEMS, MAX_GROW_PROBES,
};
use crate::filter::error::ParamError;
use crate::filter::experiment::ExperimentPlan;
use crate::filter::hashing::HashFamily;
use crate::filter::math;
use crate::filter::params::FilterShape;

/// The settings of a run; [`GrowPlan::new`] validates them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GrowParams {
    /// Bits of the first slice of (c) and the first level of (b), m0.
    pub m0: u64,
    /// Target false-positive rate p, `0 < p < 1`: of the fixed design at its guess, of
    /// every cascade level at its capacity, and the compound bound of the scalable design.
    pub p: f64,
    /// Tightening ratio r of the scalable design, `0 < r < 1`: `p_i = p·(1 − r)·r^i`. Near
    /// 1 leaves room under p for the double-hashing excess (see [`Design::Scalable`]).
    pub r: f64,
    /// Growth factor s, a whole number ≥ 2, so that `m_i = m0·s^i` is exact.
    pub s: u64,
    /// Items in the stream, n.
    pub n: u64,
    /// The n the fixed design is sized for.
    pub guess_n: u64,
    /// Non-members probed at each checkpoint, P.
    pub probes: u64,
    /// Number of evenly spaced checkpoints.
    pub checkpoints: u64,
    /// The seed of the items.
    pub seed: u64,
    /// The hash family of every filter.
    pub family: HashFamily,
}

impl Default for GrowParams {
    /// A classroom run: m0 = 2000, p = 1 %, r = 0.9, s = 2, n = 10,000, guess 1,000,
    /// 5,000 probes at 20 checkpoints: 7 slices (254,000 bits), a cascade of 7 levels
    /// (254,000 bits) and a fixed filter of 9,586 bits.
    fn default() -> Self {
        GrowParams {
            m0: 2000,
            p: 0.01,
            r: 0.9,
            s: 2,
            n: 10_000,
            guess_n: 1_000,
            probes: 5_000,
            checkpoints: 20,
            seed: 1,
            family: HashFamily::Murmur3,
        }
    }
}

/// One Bloom filter of a design: its shape, the rate it is sized for and how many items
/// it holds at that rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FilterSpec {
    /// m, k and the hash family.
    pub shape: FilterShape,
    /// The rate the filter is sized for.
    pub p: f64,
    /// The items it holds at that rate.
    pub capacity: u64,
}

impl FilterSpec {
    /// Bits, m.
    pub fn m(&self) -> u64 {
        self.shape.m()
    }

    /// Hashes, k.
    pub fn k(&self) -> u32 {
        self.shape.k()
    }
}

/// A validated run: the parameters and the filters of the three designs.
#[derive(Debug, Clone, PartialEq)]
pub struct GrowPlan {
    pub(super) params: GrowParams,
    pub(super) checkpoints: Vec<u64>,
    pub(super) fixed: FilterSpec,
    pub(super) cascade: Vec<FilterSpec>,
    pub(super) slices: Vec<FilterSpec>,
}

impl GrowPlan {
    /// Validates `params` and sizes the designs:
    ///
    /// - fixed: `m = ⌈−g·ln p / (ln 2)²⌉` for the guess g, `k = round(log2(1/p))`;
    /// - cascade: levels `m_j = m0·s^j`, same k, capacity `⌊m_j·(ln 2)² / ln(1/p)⌋`, for
    ///   `j = 0..L−1` with L the fewest levels whose last holds n;
    /// - scalable: slices `m_i = m0·s^i`, `p_i = p·(1 − r)·r^i`, `k_i = ⌈log2(1/p_i)⌉`,
    ///   capacity `n_i = ⌊m_i·(ln 2)² / ln(1/p_i)⌋`, as many as hold n together.
    pub fn new(params: GrowParams) -> Result<Self, GrowError> {
        let GrowParams { m0, p, r, s, .. } = params;
        if !p.is_finite() || !r.is_finite() {
            return Err(ParamError::NotFinite.into());
        }
        if p <= 0.0 || p >= 1.0 {
            return Err(ParamError::RateOutOfRange { requested: p }.into());
        }
        if r <= 0.0 || r >= 1.0 {
            return Err(GrowError::RatioOutOfRange { requested: r });
        }
        if m0 == 0 {
            return Err(ParamError::ZeroBits.into());
        }
        if s < 2 {
            return Err(GrowError::GrowthTooSmall { requested: s });
        }
        for count in [params.n, params.guess_n] {
            if count == 0 {
                return Err(ParamError::ZeroItems.into());
            }
            if count > MAX_GROW_ITEMS {
                return Err(GrowError::TooManyItems {
                    requested: count,
                    max: MAX_GROW_ITEMS,
                });
            }
        }
        if params.probes == 0 {
            return Err(ParamError::ZeroProbes.into());
        }
        if params.probes > MAX_GROW_PROBES {
            return Err(GrowError::TooManyProbes {
                requested: params.probes,
                max: MAX_GROW_PROBES,
            });
        }
        if params.checkpoints == 0 || params.checkpoints > MAX_GROW_CHECKPOINTS {
            return Err(ParamError::BadCheckpoints.into());
        }

        let mut total = Memory(0);
        let fixed_m = total.add(math::optimal_m(params.guess_n as f64, p)? as u64)?;
        let k = math::optimal_k_for_rate(p)?;
        let fixed = FilterSpec {
            shape: FilterShape::new(fixed_m, k, params.family)?,
            p,
            capacity: params.guess_n,
        };

        let mut cascade = Vec::new();
        let mut m = m0;
        loop {
            total.add(m)?;
            let capacity = math::max_items(m as f64, p)? as u64;
            let shape = FilterShape::new(m, k, params.family)?;
            cascade.push(FilterSpec { shape, p, capacity });
            if capacity >= params.n {
                break;
            }
            m = total.grow(m, s)?;
        }

        let mut slices: Vec<FilterSpec> = Vec::new();
        let (mut m, mut rate, mut held) = (m0, p * (1.0 - r), 0u64);
        loop {
            total.add(m)?;
            let hashes = (-rate.log2()).ceil().max(1.0) as u32;
            let shape = FilterShape::new(m, hashes, params.family)?;
            let capacity = math::max_items(m as f64, rate)? as u64;
            if capacity == 0 {
                return Err(ParamError::TooSmallForRate.into());
            }
            slices.push(FilterSpec {
                shape,
                p: rate,
                capacity,
            });
            held += capacity;
            if held >= params.n {
                break;
            }
            m = total.grow(m, s)?;
            rate *= r;
        }

        Ok(GrowPlan {
            checkpoints: ExperimentPlan::even_checkpoints(params.n, params.checkpoints),
            params,
            fixed,
            cascade,
            slices,
        })
    }

    /// The parameters.
    pub fn params(&self) -> &GrowParams {
        &self.params
    }

    /// The item counts at which the designs are probed: `n·j/C` for `j = 1..=C`.
    pub fn checkpoints(&self) -> &[u64] {
        &self.checkpoints
    }

    /// Design (a): one filter sized for the guess.
    pub fn fixed(&self) -> &FilterSpec {
        &self.fixed
    }

    /// Design (b): the L levels, smallest first.
    pub fn cascade(&self) -> &[FilterSpec] {
        &self.cascade
    }

    /// Design (c): every slice the stream of n items will open, first to last.
    pub fn slices(&self) -> &[FilterSpec] {
        &self.slices
    }

    /// Bits of a design once all n items are in: constant for (a) and (b), the sum over
    /// the slices it opens for (c).
    pub fn final_bits(&self, design: Design) -> u64 {
        match design {
            Design::Fixed => self.fixed.m(),
            Design::Cascade => self.cascade.iter().map(FilterSpec::m).sum(),
            Design::Scalable => self.slices.iter().map(FilterSpec::m).sum(),
        }
    }

    /// Inserts plus probes: `n + P·C`.
    pub fn total_operations(&self) -> u64 {
        self.params.n + self.params.probes * self.checkpoints.len() as u64
    }
}

/// Running total of the bits of a plan, failing past [`MAX_GROW_BITS`].
struct Memory(u64);

impl Memory {
    fn add(&mut self, bits: u64) -> Result<u64, GrowError> {
        self.0 = self.0.saturating_add(bits);
        if self.0 > MAX_GROW_BITS {
            return Err(GrowError::TooMuchMemory {
                requested: self.0,
                max: MAX_GROW_BITS,
            });
        }
        Ok(bits)
    }

    /// `m·s`, or the memory error when it cannot fit in what is left.
    fn grow(&self, m: u64, s: u64) -> Result<u64, GrowError> {
        match m.checked_mul(s) {
            Some(next) if next <= MAX_GROW_BITS - self.0 => Ok(next),
            next => Err(GrowError::TooMuchMemory {
                requested: self.0.saturating_add(next.unwrap_or(u64::MAX)),
                max: MAX_GROW_BITS,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::growing::test_params as params;

    #[test]
    fn scalable_slices_follow_the_formulas() {
        // m0 = 1000, p = 0.01, r = 1/2, s = 2: p_i = 0.005·2^−i, k_i = ⌈log2(200·2^i)⌉ =
        // ⌈7.644 + i⌉, n_i = ⌊m_i·0.480453 / ln(1/p_i)⌋:
        // 1000·0.480453 / 5.298317 = 90.68, 2000·0.480453 / 5.991465 = 160.38,
        // 4000·0.480453 / 6.684612 = 287.50, 8000·0.480453 / 7.377759 = 520.97.
        let mut p = GrowParams {
            r: 0.5,
            ..params(1000, 1000, 100, 100)
        };
        let plan = GrowPlan::new(p).unwrap();
        let table: Vec<(u64, u32, f64, u64)> = plan
            .slices()
            .iter()
            .map(|c| (c.m(), c.k(), c.p, c.capacity))
            .collect();
        assert_eq!(
            table,
            vec![
                (1000, 8, 0.005, 90),
                (2000, 9, 0.0025, 160),
                (4000, 10, 0.00125, 287),
                (8000, 11, 0.000625, 520),
            ]
        );
        // 90 + 160 + 287 = 537 < 1000 ≤ 1057: four slices.
        // Fixed for 100 items: ⌈100·4.605170 / 0.480453⌉ = ⌈958.51⌉ = 959, k = round(6.64) = 7.
        assert_eq!((plan.fixed().m(), plan.fixed().k()), (959, 7));
        // Cascade levels hold ⌊1000·2^j·0.480453 / 4.605170⌋ = 104, 208, 417, 834, 1669.
        let levels: Vec<(u64, u32, u64)> = plan
            .cascade()
            .iter()
            .map(|c| (c.m(), c.k(), c.capacity))
            .collect();
        assert_eq!(
            levels,
            vec![
                (1000, 7, 104),
                (2000, 7, 208),
                (4000, 7, 417),
                (8000, 7, 834),
                (16000, 7, 1669)
            ]
        );
        // r = 1/4, s = 4: p_i = 0.0075·4^−i; k = ⌈7.059⌉ = 8, ⌈9.059⌉ = 10, ⌈11.059⌉ = 12;
        // n = ⌊480.453 / 4.892852⌋ = 98, ⌊1921.81 / 6.279147⌋ = 306, ⌊7687.25 / 7.665441⌋ = 1002.
        (p.r, p.s) = (0.25, 4);
        let plan = GrowPlan::new(p).unwrap();
        let table: Vec<(u64, u32, u64)> = plan
            .slices()
            .iter()
            .map(|c| (c.m(), c.k(), c.capacity))
            .collect();
        assert_eq!(
            table,
            vec![(1000, 8, 98), (4000, 10, 306), (16000, 12, 1002)]
        );
        let sum: f64 = plan.slices().iter().map(|c| c.p).sum();
        assert!((sum - 0.01 * (1.0 - 0.25f64.powi(3))).abs() < 1e-15);
    }

    #[test]
    fn bad_parameters_are_typed_errors() {
        let good = GrowParams::default();
        let check = |p: GrowParams, e: GrowError| assert_eq!(GrowPlan::new(p), Err(e));
        let rate = |requested| GrowError::Param(ParamError::RateOutOfRange { requested });
        check(GrowParams { p: 0.0, ..good }, rate(0.0));
        check(GrowParams { p: 1.0, ..good }, rate(1.0));
        let nan = GrowError::Param(ParamError::NotFinite);
        check(
            GrowParams {
                p: f64::NAN,
                ..good
            },
            nan,
        );
        check(
            GrowParams {
                r: f64::INFINITY,
                ..good
            },
            nan,
        );
        check(
            GrowParams { r: 1.0, ..good },
            GrowError::RatioOutOfRange { requested: 1.0 },
        );
        check(GrowParams { m0: 0, ..good }, ParamError::ZeroBits.into());
        check(
            GrowParams { s: 1, ..good },
            GrowError::GrowthTooSmall { requested: 1 },
        );
        check(GrowParams { n: 0, ..good }, ParamError::ZeroItems.into());
        check(
            GrowParams { guess_n: 0, ..good },
            ParamError::ZeroItems.into(),
        );
        check(
            GrowParams { n: 200_001, ..good },
            GrowError::TooManyItems {
                requested: 200_001,
                max: MAX_GROW_ITEMS,
            },
        );
        check(
            GrowParams { probes: 0, ..good },
            ParamError::ZeroProbes.into(),
        );
        check(
            GrowParams {
                probes: 50_001,
                ..good
            },
            GrowError::TooManyProbes {
                requested: 50_001,
                max: MAX_GROW_PROBES,
            },
        );
        for checkpoints in [0, 51] {
            check(
                GrowParams {
                    checkpoints,
                    ..good
                },
                ParamError::BadCheckpoints.into(),
            );
        }
        // A first slice of 4 bits holds no item at p_0 = 0.005.
        check(
            GrowParams { m0: 4, ..good },
            ParamError::TooSmallForRate.into(),
        );
        // r = 10^−6 asks 64 more hashes per slice.
        assert!(matches!(
            GrowPlan::new(GrowParams { r: 1e-6, ..good }),
            Err(GrowError::Param(ParamError::TooManyHashes { .. }))
        ));
        let huge = GrowPlan::new(GrowParams {
            m0: 1 << 23,
            n: 200_000,
            ..good
        });
        assert!(
            matches!(huge, Err(GrowError::TooMuchMemory { requested, max })
                if requested > max && max == MAX_GROW_BITS)
        );
    }

    #[test]
    fn the_default_is_a_small_classroom_run() {
        let plan = GrowPlan::new(GrowParams::default()).unwrap();
        assert_eq!(plan.slices().len(), 7);
        assert_eq!(plan.final_bits(Design::Scalable), 254_000);
        assert_eq!(plan.cascade().len(), 7);
        assert_eq!(plan.final_bits(Design::Cascade), 254_000);
        assert_eq!(plan.fixed().m(), 9_586);
        assert_eq!(plan.checkpoints().len(), 20);
    }
}

// Property tests use proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_valid_plan_keeps_the_slice_and_level_rules(
            m0 in 1u64..5_000,
            p in 0.001f64..0.5,
            r in 0.1f64..0.9,
            s in 2u64..5,
            n in 1u64..20_000,
        ) {
            let params = GrowParams { m0, p, r, s, n, ..GrowParams::default() };
            match GrowPlan::new(params) {
                Ok(plan) => {
                    let slices = plan.slices();
                    let mut rate = p * (1.0 - r);
                    for (i, c) in slices.iter().enumerate() {
                        prop_assert_eq!(c.m(), m0 * s.pow(i as u32));
                        prop_assert_eq!(c.p, rate);
                        prop_assert!(c.capacity >= 1);
                        prop_assert!(f64::from(c.k()) >= -c.p.log2());
                        prop_assert!(f64::from(c.k()) < -c.p.log2() + 1.0);
                        rate *= r;
                    }
                    let held: u64 = slices.iter().map(|c| c.capacity).sum();
                    prop_assert!(held >= n && held - slices.last().unwrap().capacity < n);
                    prop_assert!(slices.iter().map(|c| c.p).sum::<f64>() < p);
                    let levels = plan.cascade();
                    prop_assert!(levels.last().unwrap().capacity >= n);
                    prop_assert!(levels.len() == 1 || levels[levels.len() - 2].capacity < n);
                    let total: u64 = Design::ALL.iter().map(|&d| plan.final_bits(d)).sum();
                    prop_assert!(total <= MAX_GROW_BITS);
                }
                Err(e) => {
                    let expected = matches!(
                        e,
                        GrowError::TooMuchMemory { .. }
                            | GrowError::Param(ParamError::TooSmallForRate)
                            | GrowError::Param(ParamError::TooManyHashes { .. })
                    );
                    prop_assert!(expected, "{:?}", e);
                }
            }
        }
    }
}
