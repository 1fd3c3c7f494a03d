//! The filter settings a user controls: m, k, hash family, mode and counter width.

use crate::filter::{
    BloomFilter, CountingBloomFilter, FilterShape, HashFamily, Layout, ParamError,
    DEFAULT_COUNTER_WIDTH,
};

/// Plain bits or counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// A plain Bloom filter of m bits.
    #[default]
    Bloom,
    /// A counting Bloom filter of m counters.
    Counting,
}

impl Mode {
    /// Both modes.
    pub const ALL: [Mode; 2] = [Mode::Bloom, Mode::Counting];

    /// The URL key: `bloom` or `counting`.
    pub fn key(self) -> &'static str {
        match self {
            Mode::Bloom => "bloom",
            Mode::Counting => "counting",
        }
    }

    /// The mode for a URL key.
    pub fn from_key(key: &str) -> Option<Self> {
        Mode::ALL.into_iter().find(|m| m.key() == key)
    }
}

/// Default number of bits.
pub const DEFAULT_M: u64 = 32;
/// Default number of hashes.
pub const DEFAULT_K: u32 = 3;

/// Everything that determines the filter apart from its items. Always valid: built by
/// [`Settings::new`] or by changing one field through a validating setter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Settings {
    shape: FilterShape,
    mode: Mode,
    width: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            shape: FilterShape::new(DEFAULT_M, DEFAULT_K, HashFamily::Murmur3)
                .unwrap_or_else(|_| unreachable!("the defaults are valid")),
            mode: Mode::Bloom,
            width: DEFAULT_COUNTER_WIDTH,
        }
    }
}

impl Settings {
    /// Validated settings.
    pub fn new(
        m: u64,
        k: u32,
        family: HashFamily,
        mode: Mode,
        width: u32,
    ) -> Result<Self, ParamError> {
        let shape = FilterShape::new(m, k, family)?;
        if !(1..=8).contains(&width) {
            return Err(ParamError::BadCounterWidth { requested: width });
        }
        Ok(Settings { shape, mode, width })
    }

    /// m.
    pub fn m(&self) -> u64 {
        self.shape.m()
    }
    /// k.
    pub fn k(&self) -> u32 {
        self.shape.k()
    }
    /// The hash family.
    pub fn family(&self) -> HashFamily {
        self.shape.family()
    }
    /// Plain or counting.
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// Counter width in bits (used in counting mode).
    pub fn width(&self) -> u32 {
        self.width
    }
    /// The filter shape.
    pub fn shape(&self) -> FilterShape {
        self.shape
    }

    /// The layout: standard, partitioned, blocked or split-block.
    pub fn layout(&self) -> Layout {
        self.shape.layout()
    }

    /// The same settings with another shape (same layout), validated.
    fn reshaped(self, m: u64, k: u32, family: HashFamily) -> Result<Self, ParamError> {
        let shape = FilterShape::new(m, k, family)?.with_layout(self.layout())?;
        Ok(Settings { shape, ..self })
    }
    /// The same settings with another m.
    pub fn with_m(self, m: u64) -> Result<Self, ParamError> {
        self.reshaped(m, self.k(), self.family())
    }
    /// The same settings with another k.
    pub fn with_k(self, k: u32) -> Result<Self, ParamError> {
        self.reshaped(self.m(), k, self.family())
    }
    /// The same settings with another family (the seed's has at most six hashes).
    pub fn with_family(self, family: HashFamily) -> Result<Self, ParamError> {
        self.reshaped(self.m(), self.k(), family)
    }
    /// The same settings in another layout (partitioned needs m ≥ k).
    pub fn with_layout(self, layout: Layout) -> Result<Self, ParamError> {
        Ok(Settings {
            shape: self.shape.with_layout(layout)?,
            ..self
        })
    }
    /// The same settings moved to `layout`, with m, k and the family changed as little as
    /// that layout needs ([`FilterShape::fitted_to`]): what choosing a layout does.
    pub fn fitted_to(self, layout: Layout) -> Self {
        Settings {
            shape: self.shape.fitted_to(layout),
            ..self
        }
    }
    /// The same settings in another mode.
    pub fn with_mode(self, mode: Mode) -> Self {
        Settings { mode, ..self }
    }
    /// The same settings with another counter width.
    pub fn with_width(self, width: u32) -> Result<Self, ParamError> {
        if !(1..=8).contains(&width) {
            return Err(ParamError::BadCounterWidth { requested: width });
        }
        Ok(Settings { width, ..self })
    }

    /// An empty filter for these settings.
    pub fn empty_filter(&self) -> FilterModel {
        match self.mode {
            Mode::Bloom => FilterModel::Plain(BloomFilter::new(self.shape)),
            Mode::Counting => FilterModel::Counting(
                CountingBloomFilter::new(self.shape, self.width)
                    .unwrap_or_else(|_| unreachable!("width was validated")),
            ),
        }
    }
}

/// The live filter: plain or counting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterModel {
    /// Bits.
    Plain(BloomFilter),
    /// Counters.
    Counting(CountingBloomFilter),
}

impl FilterModel {
    /// The shape.
    pub fn shape(&self) -> FilterShape {
        match self {
            FilterModel::Plain(f) => f.shape(),
            FilterModel::Counting(f) => f.shape(),
        }
    }

    /// Whether the bit (or counter) at `position` is set (non-zero).
    pub fn is_set(&self, position: u64) -> bool {
        match self {
            FilterModel::Plain(f) => f.bits().get(position),
            FilterModel::Counting(f) => f.count(position) > 0,
        }
    }

    /// The counter at `position` (0 or 1 for a plain filter).
    pub fn count(&self, position: u64) -> u8 {
        match self {
            FilterModel::Plain(f) => f.bits().get(position) as u8,
            FilterModel::Counting(f) => f.count(position),
        }
    }

    /// X: bits set, or counters above zero.
    pub fn count_set(&self) -> u64 {
        match self {
            FilterModel::Plain(f) => f.count_ones(),
            FilterModel::Counting(f) => f.count_nonzero(),
        }
    }

    /// Bits set (non-zero counters) among `start..end`.
    pub fn count_set_in(&self, start: u64, end: u64) -> u64 {
        match self {
            FilterModel::Plain(f) => f.bits().count_ones_in(start, end),
            FilterModel::Counting(f) => (start..end.min(f.shape().m()))
                .filter(|&p| f.count(p) > 0)
                .count() as u64,
        }
    }

    /// Adds an item.
    pub fn insert(&mut self, item: &[u8]) {
        match self {
            FilterModel::Plain(f) => {
                f.insert(item);
            }
            FilterModel::Counting(f) => {
                f.insert(item);
            }
        }
    }

    /// True when all k positions are set.
    pub fn contains(&self, item: &[u8]) -> bool {
        match self {
            FilterModel::Plain(f) => f.contains(item),
            FilterModel::Counting(f) => f.contains(item),
        }
    }

    /// The item's positions that are not set.
    pub fn zero_positions(&self, item: &[u8]) -> Vec<u64> {
        match self {
            FilterModel::Plain(f) => f.zero_positions(item),
            FilterModel::Counting(f) => f.zero_positions(item),
        }
    }

    /// `n̂ = -(m/k)·ln(1 - X/m)`.
    pub fn estimated_count(&self) -> crate::filter::CountEstimate {
        match self {
            FilterModel::Plain(f) => f.estimated_count(),
            FilterModel::Counting(f) => f.estimated_count(),
        }
    }
}
