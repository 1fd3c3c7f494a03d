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
//! `m`/`q` letter keeps members and non-members disjoint. The work is split into slices
//! ([`Experiment::run_slice`]) so a UI can run it without freezing.

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
        super::heap_sort::sort_u64(&mut counts);
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

/// A running experiment; call [`Experiment::run_slice`] until it reports done. Filters are
/// built one after another, each measured at every checkpoint, so only one is in memory.
#[derive(Debug, Clone)]
pub struct Experiment {
    plan: ExperimentPlan,
    source: ItemSource,
    filter: BloomFilter,
    filter_index: u64,
    inserted: u64,
    next_checkpoint: usize,
    probed: u64,
    false_positives: u64,
    points: Vec<MeasuredPoint>,
}

impl Experiment {
    /// A fresh run of `plan`.
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
            source: plan.source_of_filter(0),
            filter: BloomFilter::new(plan.shape),
            plan,
            filter_index: 0,
            inserted: 0,
            next_checkpoint: 0,
            probed: 0,
            false_positives: 0,
            points,
        }
    }

    /// The plan being run.
    pub fn plan(&self) -> &ExperimentPlan {
        &self.plan
    }

    /// The points with at least one filter measured, in checkpoint order.
    pub fn points(&self) -> Vec<MeasuredPoint> {
        self.points
            .iter()
            .filter(|p| !p.false_positives.is_empty())
            .cloned()
            .collect()
    }

    /// True when every filter has been measured at every checkpoint.
    pub fn is_done(&self) -> bool {
        self.filter_index >= self.plan.filters
    }

    /// Operations (inserts plus probes) done so far.
    pub fn operations_done(&self) -> u64 {
        let this_filter =
            self.inserted + self.next_checkpoint as u64 * self.plan.probes + self.probed;
        self.filter_index * self.plan.operations_per_filter() + this_filter
    }

    /// Fraction of the run done, 0 to 1.
    pub fn progress(&self) -> f64 {
        self.operations_done() as f64 / self.plan.total_operations().max(1) as f64
    }

    /// Performs at most `budget` inserts or probes; returns true when the run is done.
    pub fn run_slice(&mut self, budget: u64) -> bool {
        let mut left = budget;
        let mut buf = [0u8; ITEM_LEN];
        while left > 0 && !self.is_done() {
            let target = self.plan.checkpoints[self.next_checkpoint];
            if self.inserted < target {
                let end = target.min(self.inserted + left);
                for index in self.inserted..end {
                    let item = self.source.write(ItemKind::Member, index, &mut buf);
                    self.filter.insert(item);
                }
                left -= end - self.inserted;
                self.inserted = end;
                continue;
            }
            let end = self.plan.probes.min(self.probed + left);
            for index in self.probed..end {
                let item = self.source.write(ItemKind::NonMember, index, &mut buf);
                self.false_positives += self.filter.contains(item) as u64;
            }
            left -= end - self.probed;
            self.probed = end;
            if self.probed == self.plan.probes {
                let point = &mut self.points[self.next_checkpoint];
                point.false_positives.push(self.false_positives);
                point.ones += self.filter.count_ones();
                self.next_checkpoint += 1;
                self.probed = 0;
                self.false_positives = 0;
                if self.next_checkpoint == self.points.len() {
                    self.next_filter();
                }
            }
        }
        self.is_done()
    }

    fn next_filter(&mut self) {
        self.filter_index += 1;
        self.source = self.plan.source_of_filter(self.filter_index);
        self.filter.clear();
        self.inserted = 0;
        self.next_checkpoint = 0;
    }

    /// Runs the rest of the experiment at once and returns every point.
    pub fn run_to_end(mut self) -> Vec<MeasuredPoint> {
        while !self.run_slice(1 << 16) {}
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
    fn slices_of_any_size_give_the_same_points() {
        let shape = FilterShape::new(5000, 4, HashFamily::Fnv1a).unwrap();
        let plan = ExperimentPlan::new(shape, vec![100, 500, 900], 3000, 4, 42).unwrap();
        let whole = Experiment::new(plan.clone()).run_to_end();
        let mut sliced = Experiment::new(plan.clone());
        let mut slices = 0;
        while !sliced.run_slice(37) {
            slices += 1;
            assert!(sliced.progress() < 1.0);
        }
        assert_eq!(sliced.points(), whole);
        assert_eq!(whole.len(), 3);
        assert_eq!(
            whole.iter().map(|p| p.n).collect::<Vec<_>>(),
            vec![100, 500, 900]
        );
        assert!(slices as u64 >= plan.total_operations() / 37 - 1);
        assert_eq!(sliced.progress(), 1.0);
        assert!(whole[0].total_false_positives() <= whole[2].total_false_positives());
        assert!(whole
            .iter()
            .all(|p| p.filters() == 4 && p.total_probes() == 12_000));
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
