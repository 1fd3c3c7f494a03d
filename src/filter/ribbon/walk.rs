//! The walked build for the page's few dozen items: every seed tried, every key's banding
//! step by step, then the back-substitution slot by slot; and a query's breakdown. The same
//! algorithm as [`RibbonFilter::build`] ([`Banding::add`] with a recording observer), so
//! the same keys and seed give the same solution.

use super::banding::{BandStep, Banding, KeyOutcome};
use super::solve::{self, SelectedRow, SolveStep};
use super::{distinct_keys, KeyRow, RibbonError, RibbonFilter, RibbonShape, SEED_COUNT};

/// One key's banding: its row, each step, and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyBanding {
    /// The key's start, coefficients and fingerprint under the attempt's seed.
    pub row: KeyRow,
    /// The slots visited, in order.
    pub steps: Vec<BandStep>,
    /// Stored, redundant or inconsistent.
    pub outcome: KeyOutcome,
}

/// One seed's banding: the keys in order, up to the one that failed if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BandingAttempt {
    /// The ordinal seed.
    pub seed: u32,
    /// Its raw seed ([`super::hashing::raw_seed`]).
    pub raw_seed: u32,
    /// Each key's banding, in the build's order; the last one is the failure, if any.
    pub keys: Vec<KeyBanding>,
    /// The key whose equation was inconsistent; `None` when every key was banded.
    pub failed_key: Option<u64>,
}

impl BandingAttempt {
    /// Whether every key was banded.
    pub fn succeeded(&self) -> bool {
        self.failed_key.is_none()
    }
}

/// A walked build: the distinct keys, each seed's attempt, and (when a seed succeeded)
/// the back-substitution and the filter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildWalk {
    /// The shape.
    pub shape: RibbonShape,
    /// The distinct keys in the order they were banded.
    pub keys: Vec<u64>,
    /// Every attempt in seed order; all but the last failed.
    pub attempts: Vec<BandingAttempt>,
    /// The back-substitution from the last slot to the first; empty when no seed worked.
    pub back_substitution: Vec<SolveStep>,
    /// The filter; `None` when all 256 seeds failed.
    pub filter: Option<RibbonFilter>,
}

/// A query: the key's row, the solution rows its coefficients select, their XOR and
/// whether it equals the fingerprint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryBreakdown {
    /// The key's start, coefficients and fingerprint.
    pub row: KeyRow,
    /// `S[start + j]` for each set bit j of the coefficients, in slot order.
    pub terms: Vec<SelectedRow>,
    /// The XOR of the terms.
    pub value: u16,
    /// `value == fp`: "probably in the set".
    pub matches: bool,
}

impl RibbonFilter {
    /// Builds the filter of `keys` (repeats dropped) as [`RibbonFilter::build`] does,
    /// recording every attempt and step. Meant for a few dozen keys: it keeps every step of
    /// every seed tried.
    pub fn build_walked(keys: &[u64], shape: RibbonShape) -> Result<BuildWalk, RibbonError> {
        let keys = distinct_keys(keys, &shape)?;
        let mut attempts = Vec::new();
        let mut band = Banding::new(shape.num_slots());
        for seed in 0..SEED_COUNT {
            if seed > 0 {
                band.clear();
            }
            let attempt = band_walked(&mut band, &keys, &shape, seed);
            let succeeded = attempt.succeeded();
            attempts.push(attempt);
            if succeeded {
                let (solution, back_substitution) = solve::back_substitute_walked(&band);
                let filter = RibbonFilter {
                    shape,
                    seed,
                    num_keys: keys.len() as u64,
                    solution,
                };
                return Ok(BuildWalk {
                    shape,
                    keys,
                    attempts,
                    back_substitution,
                    filter: Some(filter),
                });
            }
        }
        Ok(BuildWalk {
            shape,
            keys,
            attempts,
            back_substitution: Vec::new(),
            filter: None,
        })
    }
}

/// One seed's banding into an empty `band`, recorded.
fn band_walked(band: &mut Banding, keys: &[u64], shape: &RibbonShape, seed: u32) -> BandingAttempt {
    let mut banded = Vec::with_capacity(keys.len());
    let mut failed_key = None;
    for &key in keys {
        let row = KeyRow::new(key, shape, seed);
        let mut steps = Vec::new();
        let outcome = band.add(row.start, row.coeff, row.fp, &mut steps);
        banded.push(KeyBanding {
            row,
            steps,
            outcome,
        });
        if outcome == KeyOutcome::Inconsistent {
            failed_key = Some(key);
            break;
        }
    }
    BandingAttempt {
        seed,
        raw_seed: super::hashing::raw_seed(seed),
        keys: banded,
        failed_key,
    }
}
