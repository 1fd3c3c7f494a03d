//! Growing streams: what to do when the number of items n is not known in advance.
//!
//! One stream of distinct items (the members `0..n` of an [`ItemSource`]) is fed to three
//! designs side by side. At evenly spaced checkpoints each design is asked about a fixed set
//! of never-added probes (the source's non-members `0..P`), and its memory, its count of
//! wrong "probably yes" answers and its predicted rate are recorded:
//!
//! ```text
//! (a) fixed     [ m bits, sized for a guessed n ]                 keeps filling past its guess
//! (b) cascade   [m0] [m0·s] [m0·s²] … [m0·s^(L−1)]  all from the start; item → every level,
//!                                                    query = AND of the levels
//! (c) scalable  [m0] → [m0·s] → [m0·s²] → …          a slice opens when the newest is full;
//!                                                    item → newest slice, query = OR
//! ```
//!
//! Sizing uses the app's formulas ([`math`]): a filter of m bits at rate p holds
//! `⌊m·(ln 2)² / ln(1/p)⌋` items ([`math::max_items`]), and n items at rate p need
//! `m = ⌈−n·ln p / (ln 2)²⌉` bits ([`math::optimal_m`]).
//!
//! Every level of (b) and every slice of (c) hashes the item followed by one byte, its own
//! index (at most 25 filters fit in [`MAX_GROW_BITS`]), so the filters' positions are
//! independent. Without it, with s = 2 an item's position in a filter of m bits would be its
//! position in the filter of 2m bits reduced mod m, and the filters would largely make the
//! same mistakes.
//!
//! The work runs in slices ([`GrowingRun::run_slice`]) like [`super::experiment::Experiment`],
//! and every count is an integer, so a seed gives the same counts on wasm32 and x86_64.

use super::bloom::BloomFilter;
use super::error::ParamError;
use super::experiment::{ExperimentPlan, ItemKind, ItemSource, ITEM_LEN};
use super::hashing::HashFamily;
use super::math;
use super::params::FilterShape;

/// The largest stream, n: 200,000 items.
pub const MAX_GROW_ITEMS: u64 = 200_000;
/// The most probes per checkpoint: 50,000.
pub const MAX_GROW_PROBES: u64 = 50_000;
/// The most checkpoints: 50.
pub const MAX_GROW_CHECKPOINTS: u64 = 50;
/// The most bits of the three designs together: 2^24 (2 MiB).
pub const MAX_GROW_BITS: u64 = 1 << 24;

/// Why the parameters of a growing run were rejected.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GrowError {
    /// A parameter the other filters share: m0 = 0 ([`ParamError::ZeroBits`]), p outside
    /// (0, 1), n or the guess 0 ([`ParamError::ZeroItems`]), no probes, 0 checkpoints or more
    /// than [`MAX_GROW_CHECKPOINTS`] ([`ParamError::BadCheckpoints`]), a slice that holds
    /// no item ([`ParamError::TooSmallForRate`]) or needs more than 64 hashes.
    Param(ParamError),
    /// A tightening ratio r outside the open interval (0, 1).
    RatioOutOfRange {
        /// The r asked for.
        requested: f64,
    },
    /// A growth factor s below 2.
    GrowthTooSmall {
        /// The s asked for.
        requested: u64,
    },
    /// n or the guess above [`MAX_GROW_ITEMS`].
    TooManyItems {
        /// The count asked for.
        requested: u64,
        /// The cap.
        max: u64,
    },
    /// More probes than [`MAX_GROW_PROBES`].
    TooManyProbes {
        /// The count asked for.
        requested: u64,
        /// The cap.
        max: u64,
    },
    /// The three designs would need more than [`MAX_GROW_BITS`] bits together.
    TooMuchMemory {
        /// The bits counted when the cap was passed (at least that many are needed).
        requested: u64,
        /// The cap.
        max: u64,
    },
}

impl From<ParamError> for GrowError {
    fn from(error: ParamError) -> Self {
        GrowError::Param(error)
    }
}

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
    params: GrowParams,
    checkpoints: Vec<u64>,
    fixed: FilterSpec,
    cascade: Vec<FilterSpec>,
    slices: Vec<FilterSpec>,
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

/// The three designs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Design {
    /// (a) One filter sized for a guessed n: `m = ⌈−g·ln p / (ln 2)²⌉`,
    /// `k = round(log2(1/p))`. Past the guess its rate `(1 − (1 − 1/m)^{kn})^k` climbs
    /// towards 1.
    Fixed,
    /// (b) The cascade of L filters of `m_j = m0·s^j` bits; every item goes into every
    /// filter and a query is the AND of their answers.
    ///
    /// All L filters exist before the first item. A filter opened later would not hold the
    /// items that came before it and would answer "no" for them, and the AND would turn
    /// that into a false negative; the stream cannot be replayed into it. So the cascade
    /// needs an upper bound on n before it starts: L is the fewest levels whose largest
    /// holds n at rate p, `⌊m0·s^(L−1)·(ln 2)² / ln(1/p)⌋ ≥ n` (the simulation gives it the
    /// stream's length, the best case for it).
    ///
    /// - No false negatives: an added item is in every filter, each says yes, so does the AND.
    /// - At least as good as the best single level: the AND says yes only when every level
    ///   does, so the probes it wrongly accepts are a subset of those of each level, probe by
    ///   probe; with independent hashes (a salt byte per level) its rate is the product
    ///   `Π_j (1 − (1 − 1/m_j)^{kn})^k`, which the small, overfull levels barely lower.
    /// - The cost: `Σ m0·s^j = m0·(s^L − 1)/(s − 1)` bits, less than `s/(s − 1)` times the
    ///   largest level (twice at s = 2), all spent from the start; L·k bits written per item
    ///   and up to L·k read per query. At n near the bound one filter of the same total
    ///   memory with its best k has a lower rate.
    Cascade,
    /// (c) The scalable Bloom filter (Almeida, Baquero, Preguiça, Hutchison, 2007): slice i
    /// has `m_i = m0·s^i` bits, rate `p_i = p·(1 − r)·r^i`, `k_i = ⌈log2(1/p_i)⌉` hashes and
    /// takes items until it holds `n_i = ⌊m_i·(ln 2)² / ln(1/p_i)⌋`; a new item goes into the
    /// newest slice, a query is the OR of the slices. By the union bound the rate is at most
    /// `Σ p_i = p·(1 − r^S) < p` for S slices, each slice being at most at its p_i when
    /// full. Memory grows with n: `m0·(s^S − 1)/(s − 1)` bits for S slices.
    ///
    /// The bound assumes independent hashes. Rounding k_i up while the capacity uses the
    /// best real k puts a full slice a few per cent above p_i, and the app's double hashing
    /// adds about `Σ φ(d)/m_i · f^d` ([`math::double_hashing_excess`]), most for small and
    /// power-of-two m_i. With r = 1/2 the sum comes within `p·r^S` of p and leaves no room
    /// for either: m0 = 1024, s = 2, p = 1 % measures up to 1.4 %. r = 0.9 keeps it below p.
    Scalable,
}

impl Design {
    /// The three designs in the order (a), (b), (c).
    pub const ALL: [Design; 3] = [Design::Fixed, Design::Cascade, Design::Scalable];
}

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

/// Which design suits a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advice {
    /// One filter sized for the known bound: the fewest bits for the rate.
    Fixed,
    /// A scalable filter: no bound, or one whose filter would not fit the budget.
    Scalable,
}

/// The design for a stream of at most `upper_bound` items (`None` when no bound is known)
/// at rate p, given a memory budget in bits: [`Advice::Fixed`] when the bound is known and
/// its filter, `⌈−n·ln p / (ln 2)²⌉` bits, fits the budget, otherwise [`Advice::Scalable`].
///
/// The cascade is never the advice: it needs the same bound, spends up to `s/(s − 1)` times
/// the memory of its largest level, and near the bound one filter of that much memory beats
/// it. A p outside (0, 1) or a bound of 0 is an error.
pub fn advise(upper_bound: Option<u64>, p: f64, budget_bits: u64) -> Result<Advice, ParamError> {
    math::optimal_k_for_rate(p)?;
    let fits = match upper_bound {
        Some(n) => math::optimal_m(n as f64, p)? <= budget_bits as f64,
        None => false,
    };
    Ok(if fits {
        Advice::Fixed
    } else {
        Advice::Scalable
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(m0: u64, n: u64, guess_n: u64, probes: u64) -> GrowParams {
        GrowParams {
            m0,
            n,
            guess_n,
            probes,
            checkpoints: 10,
            seed: 7,
            ..GrowParams::default()
        }
    }

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

    #[test]
    fn advice_is_a_fixed_filter_only_for_a_bound_that_fits() {
        // 1000 items at 1 % need 9,586 bits.
        assert_eq!(advise(Some(1000), 0.01, 9_586), Ok(Advice::Fixed));
        assert_eq!(advise(Some(1000), 0.01, 9_585), Ok(Advice::Scalable));
        assert_eq!(advise(None, 0.01, u64::MAX), Ok(Advice::Scalable));
        assert_eq!(
            advise(None, 1.5, 100),
            Err(ParamError::RateOutOfRange { requested: 1.5 })
        );
        assert_eq!(advise(Some(0), 0.01, 100), Err(ParamError::ZeroItems));
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
