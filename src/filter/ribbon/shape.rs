//! The size of a standard ribbon: coefficient width w, result bits r and the number of
//! slots, from which the number of starts follows as in RocksDB's `StandardBanding::Reset`:
//!
//! ```text
//! num_starts = num_slots − w + 1     (a row starting at s covers slots s ..= s + w − 1)
//! ```

use super::config::FailureChance;
use super::RibbonError;
use crate::filter::error::MAX_BITS;

/// The coefficient widths the filter supports (RocksDB's `CoeffRow` of u32 or u64).
pub const COEFF_WIDTHS: [u32; 2] = [32, 64];
/// The page's coefficient width.
pub const DEFAULT_COEFF_WIDTH: u32 = 64;
/// The smallest number of result bits.
pub const MIN_RESULT_BITS: u32 = 1;
/// The largest number of result bits.
pub const MAX_RESULT_BITS: u32 = 16;
/// The page's number of result bits (ε = 2^−8).
pub const DEFAULT_RESULT_BITS: u32 = 8;

/// A standard ribbon's size: w-bit coefficient rows, r-bit results, `num_slots` slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RibbonShape {
    width: u32,
    result_bits: u32,
    num_slots: u64,
}

impl RibbonShape {
    /// A shape of `num_slots` slots: w must be 32 or 64, r in 1..=16, at least w slots (one
    /// row's span) and at most `MAX_BITS / r` (the solution within 2^25 bits, like every
    /// filter of the page).
    pub fn new(width: u32, result_bits: u32, num_slots: u64) -> Result<Self, RibbonError> {
        check_width_and_bits(width, result_bits)?;
        if num_slots < u64::from(width) {
            return Err(RibbonError::TooFewSlots {
                slots: num_slots,
                width,
            });
        }
        if num_slots.saturating_mul(u64::from(result_bits)) > MAX_BITS {
            return Err(RibbonError::TooLarge { slots: num_slots });
        }
        Ok(RibbonShape {
            width,
            result_bits,
            num_slots,
        })
    }

    /// A shape for `items` keys with `overhead` slots per key:
    ///
    /// ```text
    /// num_slots = max(⌈overhead · items⌉, w)
    /// ```
    ///
    /// The overhead must be finite and at least 1 (fewer slots than keys cannot hold them:
    /// each stored row takes a slot of its own). A band is never narrower than one row, so
    /// below `w / overhead` items the band has w slots and more room than asked for.
    pub fn with_overhead(
        items: u64,
        width: u32,
        result_bits: u32,
        overhead: f64,
    ) -> Result<Self, RibbonError> {
        check_width_and_bits(width, result_bits)?;
        if !(overhead.is_finite() && overhead >= 1.0) {
            return Err(RibbonError::Overhead {
                requested: overhead,
            });
        }
        let slots = (overhead * items as f64).ceil();
        if slots > MAX_BITS as f64 {
            return Err(RibbonError::TooLarge {
                slots: slots as u64,
            });
        }
        Self::new(width, result_bits, (slots as u64).max(u64::from(width)))
    }

    /// The shape RocksDB would choose for `items` keys (the sizing rule): w = 64 only, slots
    /// from `BandingConfigHelper1::GetNumSlots` for the failure chance ([`FailureChance`]),
    /// at least w. RocksDB's own filter uses [`FailureChance::OneIn20`]. At n = 10^6 that is
    /// 1,119,923 slots (1.12 per key, 8.96 bits per key at r = 8); one failure in two gives
    /// 1,088,679 (1.089 per key, 8.71 bits) and two seeds per build on average.
    pub fn for_items(
        items: u64,
        width: u32,
        result_bits: u32,
        chance: FailureChance,
    ) -> Result<Self, RibbonError> {
        check_width_and_bits(width, result_bits)?;
        if width != 64 {
            return Err(RibbonError::NoSizingData { width });
        }
        if items > MAX_BITS {
            return Err(RibbonError::TooLarge { slots: items });
        }
        Self::new(
            width,
            result_bits,
            chance.num_slots(items).max(u64::from(width)),
        )
    }

    /// The coefficient width w.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of result bits r (the fingerprint's size).
    pub fn result_bits(&self) -> u32 {
        self.result_bits
    }

    /// The number of slots (rows of the band and of the solution).
    pub fn num_slots(&self) -> u64 {
        self.num_slots
    }

    /// The number of starts, `num_slots − w + 1`.
    pub fn num_starts(&self) -> u64 {
        self.num_slots - u64::from(self.width) + 1
    }

    /// The solution's size, `num_slots · r` bits.
    pub fn memory_bits(&self) -> u64 {
        self.num_slots * u64::from(self.result_bits)
    }
}

fn check_width_and_bits(width: u32, result_bits: u32) -> Result<(), RibbonError> {
    if !COEFF_WIDTHS.contains(&width) {
        return Err(RibbonError::CoeffWidth { requested: width });
    }
    if !(MIN_RESULT_BITS..=MAX_RESULT_BITS).contains(&result_bits) {
        return Err(RibbonError::ResultBits {
            requested: result_bits,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_leave_room_for_a_whole_row() {
        let shape = RibbonShape::with_overhead(100, 32, 8, 1.25).unwrap();
        assert_eq!(shape.num_slots(), 125);
        assert_eq!(shape.num_starts(), 125 - 32 + 1);
        assert_eq!(shape.memory_bits(), 1000);
        let tiny = RibbonShape::with_overhead(10, 64, 8, 1.1).unwrap();
        assert_eq!(tiny.num_slots(), 64);
        assert_eq!(tiny.num_starts(), 1);
    }

    #[test]
    fn bad_shapes_are_named() {
        assert_eq!(
            RibbonShape::with_overhead(10, 48, 8, 1.1),
            Err(RibbonError::CoeffWidth { requested: 48 })
        );
        assert_eq!(
            RibbonShape::with_overhead(10, 64, 0, 1.1),
            Err(RibbonError::ResultBits { requested: 0 })
        );
        assert_eq!(
            RibbonShape::with_overhead(10, 64, 17, 1.1),
            Err(RibbonError::ResultBits { requested: 17 })
        );
        for overhead in [0.99, 0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(matches!(
                RibbonShape::with_overhead(10, 64, 8, overhead),
                Err(RibbonError::Overhead { .. })
            ));
        }
        assert_eq!(
            RibbonShape::new(32, 8, 31),
            Err(RibbonError::TooFewSlots {
                slots: 31,
                width: 32
            })
        );
        assert!(matches!(
            RibbonShape::with_overhead(1 << 22, 64, 16, 1.0),
            Err(RibbonError::TooLarge { .. })
        ));
        assert!(matches!(
            RibbonShape::with_overhead(u64::MAX, 64, 8, 2.0),
            Err(RibbonError::TooLarge { .. })
        ));
        assert_eq!(
            RibbonShape::for_items(1000, 32, 8, FailureChance::OneIn20),
            Err(RibbonError::NoSizingData { width: 32 })
        );
    }

    #[test]
    fn the_sizing_rule_follows_rocksdb() {
        let shape = RibbonShape::for_items(1_000_000, 64, 8, FailureChance::OneIn20).unwrap();
        assert_eq!(
            shape.num_slots(),
            FailureChance::OneIn20.num_slots(1_000_000)
        );
        assert_eq!(
            RibbonShape::for_items(0, 64, 8, FailureChance::OneIn20)
                .unwrap()
                .num_slots(),
            64
        );
    }
}
