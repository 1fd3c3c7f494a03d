//! Advice: which design suits a stream, from its bound, its rate and a memory budget.

use crate::filter::error::ParamError;
use crate::filter::math;

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
