//! The observed false-positive experiment: insert generated members, probe generated
//! non-members, count the probes the filter wrongly reports as present.
//!
//! Items are URL-like byte strings made from a seed and an index with SplitMix64, written
//! into a fixed buffer (no allocation per item), so the same seed gives the same items, the
//! same filter and the same counts on every machine:
//!
//! ```text
//! member i:      https://example.com/page/m/<16 hex digits of splitmix64(seed, i)>.html
//! non-member i:  https://example.com/page/q/<16 hex digits of splitmix64(seed', i)>.html
//! ```
//!
//! SplitMix64 is a bijection of its state, so distinct indices give distinct items, and the
//! `m`/`q` letter keeps members and non-members disjoint. The work is split by filter
//! ([`measure_filter`]), so the lab's workers can share it out.

use super::bloom::BloomFilter;
use super::error::ParamError;
use super::math;
use super::params::FilterShape;

/// Length in bytes of every generated item.
pub const ITEM_LEN: usize = 48;

const PREFIX: &[u8; 25] = b"https://example.com/page/";
const HEX: &[u8; 16] = b"0123456789abcdef";
/// SplitMix64's increment, the odd integer nearest 2^64 / φ.
pub const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output for `state`: a bijective mix of 64 bits.
#[inline]
pub fn splitmix64(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Which of the two disjoint item streams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ItemKind {
    /// Items inserted into the filter.
    Member,
    /// Items never inserted, used as probes.
    NonMember,
}

/// A deterministic source of distinct URL-like items.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ItemSource {
    seed: u64,
}

impl ItemSource {
    /// The source for `seed`.
    pub fn new(seed: u64) -> Self {
        ItemSource { seed }
    }

    /// Writes item `index` of the given stream into `buf` and returns it.
    #[inline]
    pub fn write<'a>(&self, kind: ItemKind, index: u64, buf: &'a mut [u8; ITEM_LEN]) -> &'a [u8] {
        let (letter, stream) = match kind {
            ItemKind::Member => (b'm', self.seed),
            ItemKind::NonMember => (b'q', !self.seed),
        };
        let value = splitmix64(stream.wrapping_add(index.wrapping_mul(GOLDEN_GAMMA)));
        buf[..25].copy_from_slice(PREFIX);
        buf[25] = letter;
        buf[26] = b'/';
        for (d, slot) in buf[27..43].iter_mut().enumerate() {
            *slot = HEX[(value >> (60 - 4 * d) & 0xf) as usize];
        }
        buf[43..].copy_from_slice(b".html");
        buf
    }

    /// Item `index` of the given stream as a `String` (for display and tests).
    pub fn item(&self, kind: ItemKind, index: u64) -> String {
        let mut buf = [0u8; ITEM_LEN];
        String::from_utf8_lossy(self.write(kind, index, &mut buf)).into_owned()
    }
}

/// A false-positive rate measured on one filter: `false_positives` of `probes` generated
/// non-members reported as present.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeasuredRate {
    /// Probes reported as present.
    pub false_positives: u64,
    /// Probes made.
    pub probes: u64,
}

impl MeasuredRate {
    /// The rate `false_positives / probes` (0 without probes).
    pub fn rate(&self) -> f64 {
        self.false_positives as f64 / self.probes.max(1) as f64
    }

    /// The 95 % Wilson interval of the rate ([`math::wilson_interval`]).
    pub fn interval(&self) -> (f64, f64) {
        math::wilson_interval(self.false_positives, self.probes)
    }
}

/// What to measure: a filter shape, the item counts at which to measure, how many
/// non-members to probe at each, how many independent filters to build, and the seed.
#[derive(Debug, Clone, PartialEq)]
pub struct ExperimentPlan {
    shape: FilterShape,
    checkpoints: Vec<u64>,
    probes: u64,
    filters: u64,
    seed: u64,
}

impl ExperimentPlan {
    /// A plan, validated: at least one checkpoint, strictly increasing from above 0, at
    /// least one probe and at least one filter.
    pub fn new(
        shape: FilterShape,
        checkpoints: Vec<u64>,
        probes: u64,
        filters: u64,
        seed: u64,
    ) -> Result<Self, ParamError> {
        let increasing = checkpoints.windows(2).all(|w| w[0] < w[1]);
        if checkpoints.is_empty() || checkpoints[0] == 0 || !increasing {
            return Err(ParamError::BadCheckpoints);
        }
        if probes == 0 {
            return Err(ParamError::ZeroProbes);
        }
        if filters == 0 {
            return Err(ParamError::TooFewFilters);
        }
        Ok(ExperimentPlan {
            shape,
            checkpoints,
            probes,
            filters,
            seed,
        })
    }

    /// `count` checkpoints evenly spaced up to `max_n`: `max_n·j/count` for `j = 1..=count`
    /// (duplicates removed when `count > max_n`).
    pub fn even_checkpoints(max_n: u64, count: u64) -> Vec<u64> {
        let mut points: Vec<u64> = (1..=count.max(1))
            .map(|j| (max_n as u128 * j as u128 / count.max(1) as u128) as u64)
            .filter(|&n| n > 0)
            .collect();
        points.dedup();
        points
    }

    /// The filter shape.
    pub fn shape(&self) -> FilterShape {
        self.shape
    }

    /// The item counts at which the rate is measured.
    pub fn checkpoints(&self) -> &[u64] {
        &self.checkpoints
    }

    /// Non-members probed at each checkpoint, in each filter.
    pub fn probes(&self) -> u64 {
        self.probes
    }

    /// Independent filters built, T.
    pub fn filters(&self) -> u64 {
        self.filters
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Inserts plus probes for one filter: its largest n, plus the probes at every point.
    pub fn operations_per_filter(&self) -> u64 {
        let inserts = self.checkpoints.last().copied().unwrap_or(0);
        inserts.saturating_add(self.probes.saturating_mul(self.checkpoints.len() as u64))
    }

    /// Inserts plus probes in the whole run.
    pub fn total_operations(&self) -> u64 {
        self.operations_per_filter().saturating_mul(self.filters)
    }

    /// The items of filter `t` (from 0): its own members and probes, from a seed mixed from
    /// the plan's seed and t, so that no two filters share their items.
    pub fn source_of_filter(&self, t: u64) -> ItemSource {
        ItemSource::new(splitmix64(
            self.seed ^ splitmix64(t.wrapping_mul(GOLDEN_GAMMA)),
        ))
    }
}

/// One measured point: the false positives of each filter built so far at the same n.
///
/// The formula predicts the average over filters, so the point is the mean rate
/// `Σ fp_t / (T·P)` of T filters with P probes each, and its interval
/// ([`math::mean_rate_interval`]) includes how much one filter's rate differs from the next.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasuredPoint {
    /// Items inserted, n.
    pub n: u64,
    /// Probes per filter, P.
    pub probes: u64,
    /// Each filter's count of probes reported as present.
    pub false_positives: Vec<u64>,
    /// Bits set after n inserts, summed over the filters.
    pub ones: u64,
}

impl MeasuredPoint {
    /// A point measured on a single filter.
    pub fn single(n: u64, false_positives: u64, probes: u64, ones: u64) -> Self {
        MeasuredPoint {
            n,
            probes,
            false_positives: vec![false_positives],
            ones,
        }
    }

    /// Filters measured, T.
    pub fn filters(&self) -> u64 {
        self.false_positives.len() as u64
    }

    /// Probes made over all filters, T·P.
    pub fn total_probes(&self) -> u64 {
        self.filters() * self.probes
    }

    /// False positives over all filters.
    pub fn total_false_positives(&self) -> u64 {
        self.false_positives.iter().sum()
    }

    /// The mean rate over the filters, `Σ fp_t / (T·P)`.
    pub fn rate(&self) -> f64 {
        self.total_false_positives() as f64 / self.total_probes().max(1) as f64
    }

    /// The 95 % interval of the mean rate ([`math::mean_rate_interval`]).
    pub fn interval(&self) -> (f64, f64) {
        math::mean_rate_interval(&self.false_positives, self.probes)
    }

    /// Where the middle 90 % of single filters' rates fell: their 5th and 95th percentiles
    /// (nearest rank).
    pub fn spread(&self) -> (f64, f64) {
        let mut counts = self.false_positives.clone();
        crate::heap_sort::sort_u64(&mut counts);
        let rank = |q: f64| {
            let last = counts.len().saturating_sub(1);
            let at = ((q * counts.len() as f64).ceil() as usize).saturating_sub(1);
            counts.get(at.min(last)).copied().unwrap_or(0) as f64 / self.probes.max(1) as f64
        };
        (rank(0.05), rank(0.95))
    }

    /// The mean number of bits set, `ones / T`.
    pub fn mean_ones(&self) -> f64 {
        self.ones as f64 / self.filters().max(1) as f64
    }
}

/// One filter of a plan measured at every checkpoint: the unit of work of the lab's
/// workers. Filter t's items come from [`ExperimentPlan::source_of_filter`], so its counts
/// are the same whichever worker measures it, and in whatever order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilterMeasurement {
    /// The filter's index t, from 0.
    pub filter: u64,
    /// Probes reported as present at each checkpoint.
    pub false_positives: Vec<u64>,
    /// Bits set at each checkpoint.
    pub ones: Vec<u64>,
}

/// Builds filter `filter` of `plan` and measures it at every checkpoint: insert members up
/// to the checkpoint's n, then probe the same P non-members.
pub fn measure_filter(plan: &ExperimentPlan, filter: u64) -> FilterMeasurement {
    let source = plan.source_of_filter(filter);
    let mut bloom = BloomFilter::new(plan.shape);
    let mut buf = [0u8; ITEM_LEN];
    let mut inserted = 0;
    let mut false_positives = Vec::with_capacity(plan.checkpoints.len());
    let mut ones = Vec::with_capacity(plan.checkpoints.len());
    for &target in &plan.checkpoints {
        for index in inserted..target {
            bloom.insert(source.write(ItemKind::Member, index, &mut buf));
        }
        inserted = target;
        let mut found = 0;
        for index in 0..plan.probes {
            found += bloom.contains(source.write(ItemKind::NonMember, index, &mut buf)) as u64;
        }
        false_positives.push(found);
        ones.push(bloom.count_ones());
    }
    FilterMeasurement {
        filter,
        false_positives,
        ones,
    }
}

/// The points of a plan, gathered from its filters' measurements as they arrive, in any
/// order: each point keeps its filters' counts in filter order, so the points are the same
/// however the filters were shared out.
#[derive(Debug, Clone, PartialEq)]
pub struct Experiment {
    plan: ExperimentPlan,
    /// The filters measured so far, ascending.
    measured: Vec<u64>,
    points: Vec<MeasuredPoint>,
}

impl Experiment {
    /// A run of `plan` with no filter measured yet.
    pub fn new(plan: ExperimentPlan) -> Self {
        let points = plan
            .checkpoints
            .iter()
            .map(|&n| MeasuredPoint {
                n,
                probes: plan.probes,
                false_positives: Vec::with_capacity(plan.filters.min(1024) as usize),
                ones: 0,
            })
            .collect();
        Experiment {
            plan,
            measured: Vec::new(),
            points,
        }
    }

    /// The plan being run.
    pub fn plan(&self) -> &ExperimentPlan {
        &self.plan
    }

    /// Adds one filter's counts to every point, in filter order. A filter outside the plan,
    /// measured twice, or with the wrong number of checkpoints is ignored.
    pub fn accept(&mut self, measurement: FilterMeasurement) {
        let checkpoints = self.points.len();
        let fits = measurement.filter < self.plan.filters
            && measurement.false_positives.len() == checkpoints
            && measurement.ones.len() == checkpoints;
        let Err(at) = self.measured.binary_search(&measurement.filter) else {
            return;
        };
        if !fits {
            return;
        }
        self.measured.insert(at, measurement.filter);
        for (j, point) in self.points.iter_mut().enumerate() {
            point
                .false_positives
                .insert(at, measurement.false_positives[j]);
            point.ones += measurement.ones[j];
        }
    }

    /// The points, once at least one filter is measured.
    pub fn points(&self) -> Vec<MeasuredPoint> {
        if self.measured.is_empty() {
            Vec::new()
        } else {
            self.points.clone()
        }
    }

    /// Filters measured so far.
    pub fn filters_measured(&self) -> u64 {
        self.measured.len() as u64
    }

    /// True when every filter has been measured.
    pub fn is_done(&self) -> bool {
        self.filters_measured() >= self.plan.filters
    }

    /// Measures every filter here, in order, and returns the points.
    pub fn run_to_end(mut self) -> Vec<MeasuredPoint> {
        for filter in 0..self.plan.filters {
            self.accept(measure_filter(&self.plan, filter));
        }
        self.points
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::HashFamily;

    #[test]
    fn generated_items_are_url_like_distinct_and_disjoint() {
        let source = ItemSource::new(7);
        let member = source.item(ItemKind::Member, 0);
        assert_eq!(member.len(), ITEM_LEN);
        assert!(member.starts_with("https://example.com/page/m/"));
        assert!(member.ends_with(".html"));
        let members: std::collections::HashSet<String> = (0..2000)
            .map(|i| source.item(ItemKind::Member, i))
            .collect();
        assert_eq!(members.len(), 2000);
        assert!((0..2000).all(|i| !members.contains(&source.item(ItemKind::NonMember, i))));
        assert_eq!(
            ItemSource::new(7).item(ItemKind::Member, 5),
            source.item(ItemKind::Member, 5)
        );
        assert_ne!(
            ItemSource::new(8).item(ItemKind::Member, 5),
            source.item(ItemKind::Member, 5)
        );
    }

    #[test]
    fn filters_measured_in_any_order_give_the_same_points() {
        let shape = FilterShape::new(5000, 4, HashFamily::Fnv1a).unwrap();
        let plan = ExperimentPlan::new(shape, vec![100, 500, 900], 3000, 4, 42).unwrap();
        let whole = Experiment::new(plan.clone()).run_to_end();
        let mut shuffled = Experiment::new(plan.clone());
        for filter in [2, 0, 3, 0, 7, 1] {
            shuffled.accept(measure_filter(&plan, filter));
            assert!(shuffled.filters_measured() <= 4);
        }
        assert!(shuffled.is_done());
        assert_eq!(shuffled.points(), whole);
        assert_eq!(
            whole.iter().map(|p| p.n).collect::<Vec<_>>(),
            vec![100, 500, 900]
        );
        assert!(whole[0].total_false_positives() <= whole[2].total_false_positives());
        assert!(whole
            .iter()
            .all(|p| p.filters() == 4 && p.total_probes() == 12_000));
        // A measurement of the wrong shape is refused.
        let mut other = Experiment::new(plan.clone());
        let mut short = measure_filter(&plan, 0);
        short.ones.pop();
        other.accept(short);
        assert!(other.points().is_empty());
    }

    #[test]
    fn plans_are_validated() {
        let shape = FilterShape::new(100, 2, HashFamily::Fnv1a).unwrap();
        assert_eq!(
            ExperimentPlan::new(shape, vec![], 10, 1, 1),
            Err(ParamError::BadCheckpoints)
        );
        assert_eq!(
            ExperimentPlan::new(shape, vec![0, 5], 10, 1, 1),
            Err(ParamError::BadCheckpoints)
        );
        assert_eq!(
            ExperimentPlan::new(shape, vec![5, 5], 10, 1, 1),
            Err(ParamError::BadCheckpoints)
        );
        assert_eq!(
            ExperimentPlan::new(shape, vec![5], 0, 1, 1),
            Err(ParamError::ZeroProbes)
        );
        assert_eq!(
            ExperimentPlan::new(shape, vec![5], 10, 0, 1),
            Err(ParamError::TooFewFilters)
        );
        assert_eq!(
            ExperimentPlan::even_checkpoints(10, 5),
            vec![2, 4, 6, 8, 10]
        );
        assert_eq!(ExperimentPlan::even_checkpoints(2, 5), vec![1, 2]);
    }
}
