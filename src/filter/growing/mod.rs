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
//!
//! [`ItemSource`]: super::ItemSource
//! [`math`]: super::math
//! [`math::max_items`]: super::math::max_items
//! [`math::optimal_m`]: super::math::optimal_m

use super::error::ParamError;

mod advice;
mod job;
mod plan;
mod run;

pub use advice::{advise, Advice};
pub use job::{guess, run_grow, GrowJob, GrowResults, GROW_CHECKPOINTS, GROW_PROBES, GROW_SEED};
pub use plan::{FilterSpec, GrowParams, GrowPlan};
pub use run::{DesignPoint, GrowPoint, GrowingRun, SliceInfo};

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
    ///
    /// [`math::double_hashing_excess`]: super::math::double_hashing_excess
    Scalable,
}

impl Design {
    /// The three designs in the order (a), (b), (c).
    pub const ALL: [Design; 3] = [Design::Fixed, Design::Cascade, Design::Scalable];
}

/// A small run for the tests: m0, n, the guess and P as given, 10 checkpoints and seed 7,
/// the rest as [`GrowParams::default`].
#[cfg(test)]
fn test_params(m0: u64, n: u64, guess_n: u64, probes: u64) -> GrowParams {
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
