//! How many slots a standard ribbon needs for n keys: RocksDB's `BandingConfigHelper1`
//! (`util/ribbon_config.{h,cc}`) for w = 64 without smash, ported line by line.
//!
//! RocksDB measured (`FindOccupancy` in `ribbon_test`) how many keys fit in 2^k slots, k up
//! to 17, with a chosen chance of a failed banding per seed ([`FailureChance`]). Between two
//! powers of two it interpolates linearly; beyond 2^17 slots it uses
//!
//! ```text
//! slots / keys = base + 0.0083 · log2(slots)      base = 2^17 / keys(2^17) − 17 · 0.0083
//! ```
//!
//! (the overhead grows by 0.0083 per doubling at w = 64). For n = 10^6 this gives about
//! 1.12 slots per key at one failure in 20 and 1.089 at one failure in 2. RocksDB has no
//! data for w = 32, and neither has this port.

/// The chance that one seed's banding fails, which the slot count is chosen for
/// (RocksDB's `ConstructionFailureChance`). A failed banding is retried with the next seed,
/// so a higher chance saves space and costs build time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureChance {
    /// About one seed in two fails (`kOneIn2`).
    OneIn2,
    /// About one seed in twenty fails (`kOneIn20`, RocksDB's default for its filter).
    OneIn20,
    /// About one seed in a thousand fails (`kOneIn1000`).
    OneIn1000,
}

/// The number of slot counts 2^0 ..= 2^17 with measured data (`kKnownSize`).
const KNOWN_SIZE: usize = 18;

/// How much the overhead grows per doubling of the slots at w = 64 (`GetFactorPerPow2`).
const FACTOR_PER_POW2: f64 = 0.0083;

/// RocksDB's `std::log(x) * 1.4426950409` for log2, with its truncated constant so that
/// the slot counts round as RocksDB's do.
#[expect(
    clippy::approx_constant,
    reason = "RocksDB's truncated log2(e), kept for its rounding"
)]
const LOG2_E: f64 = 1.442_695_040_9;

impl FailureChance {
    /// Keys that fit in 2^k slots at w = 64 without smash, k = 0..=17; 0 = unsupported
    /// (`BandingConfigHelperData<kCfc, 64U, false>::kKnownToAddByPow2`).
    fn known_to_add_by_pow2(self) -> &'static [f64; KNOWN_SIZE] {
        match self {
            FailureChance::OneIn2 => &[
                0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 124.94, 249.968, 501.234, 1004.06, 2006.15,
                3997.89, 7946.99, 15778.4, 31306.9, 62115.3, 123284.0,
            ],
            FailureChance::OneIn20 => &[
                0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 120.659, 243.346, 488.168, 976.373, 1948.86,
                3875.85, 7704.97, 15312.4, 30395.1, 60321.8, 119813.0,
            ],
            FailureChance::OneIn1000 => &[
                0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 114.0, 234.8, 471.498, 940.165, 1874.0, 3721.5,
                7387.5, 14592.0, 29160.0, 57745.0, 115082.0,
            ],
        }
    }

    /// Slots over keys at large sizes (`GetFactorForLarge`): `base + log2(slots) · 0.0083`,
    /// with `base = 2^17 / known(2^17) − 17 · 0.0083`.
    fn factor_for_large(self, log2_num_slots: f64) -> f64 {
        let known = self.known_to_add_by_pow2();
        let final_known_factor = (1u64 << (KNOWN_SIZE - 1)) as f64 / known[KNOWN_SIZE - 1];
        let base_factor = final_known_factor - (KNOWN_SIZE - 1) as f64 * FACTOR_PER_POW2;
        base_factor + log2_num_slots * FACTOR_PER_POW2
    }

    /// Keys that fit in 2^k slots (`GetNumToAddForPow2`): measured up to 2^17, the formula
    /// beyond.
    fn num_to_add_for_pow2(self, log2_num_slots: u32) -> f64 {
        let log2 = log2_num_slots as usize;
        if log2 < KNOWN_SIZE {
            self.known_to_add_by_pow2()[log2]
        } else {
            (1u64 << log2_num_slots) as f64 / self.factor_for_large(f64::from(log2_num_slots))
        }
    }

    /// The number of slots for `num_to_add` keys at w = 64 (`GetNumSlots`): 0 for no keys,
    /// 128 (2w) below the measured sizes, else the interpolation between the two powers of
    /// two around it, rounded up. `num_to_add` at most 2^31.
    pub fn num_slots(self, num_to_add: u64) -> u64 {
        if num_to_add == 0 {
            return 0;
        }
        let log2_num_to_add = (num_to_add as f64).ln() * LOG2_E;
        let mut approx_log2_slots = (log2_num_to_add + 0.5) as u32;
        let mut lower_num_to_add = self.num_to_add_for_pow2(approx_log2_slots);
        let upper_num_to_add;
        if approx_log2_slots == 0 || lower_num_to_add == 0.0 {
            // RocksDB's smallest standard band without smash: 2 · kCoeffBits.
            return 2 * 64;
        } else if (num_to_add as f64) < lower_num_to_add {
            upper_num_to_add = lower_num_to_add;
            approx_log2_slots -= 1;
            lower_num_to_add = self.num_to_add_for_pow2(approx_log2_slots);
        } else {
            upper_num_to_add = self.num_to_add_for_pow2(approx_log2_slots + 1);
        }
        let upper_portion =
            (num_to_add as f64 - lower_num_to_add) / (upper_num_to_add - lower_num_to_add);
        let lower_num_slots = (1u64 << approx_log2_slots) as f64;
        (upper_portion * lower_num_slots + lower_num_slots + 0.999_999_999) as u64
    }

    /// The number of keys that fit in `num_slots` slots at w = 64 (`GetNumToAdd`): 0 for no
    /// slots; the weighted average of the two powers of two around it up to 2^17; the
    /// large-size formula beyond. Slot counts below 2^7 are unsupported and give 0.
    pub fn num_to_add(self, num_slots: u64) -> u64 {
        if num_slots == 0 {
            return 0;
        }
        let log2_num_slots = (num_slots as f64).ln() * LOG2_E;
        let floor_log2 = log2_num_slots as u32;
        if (floor_log2 as usize) + 1 < KNOWN_SIZE {
            let known = self.known_to_add_by_pow2();
            let ceil_portion = num_slots as f64 / (1u64 << floor_log2) as f64 - 1.0;
            let lower = known[floor_log2 as usize];
            if lower == 0.0 {
                return 0;
            }
            (ceil_portion * known[floor_log2 as usize + 1] + (1.0 - ceil_portion) * lower) as u64
        } else {
            (num_slots as f64 / self.factor_for_large(log2_num_slots)) as u64
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    const ALL: [FailureChance; 3] = [
        FailureChance::OneIn2,
        FailureChance::OneIn20,
        FailureChance::OneIn1000,
    ];

    #[test]
    fn the_measured_key_counts_map_back_to_their_powers_of_two() {
        for chance in ALL {
            for (k, keys) in chance.known_to_add_by_pow2().iter().enumerate().skip(8) {
                let slots = chance.num_slots(keys.ceil() as u64);
                let pow2 = 1u64 << k;
                assert!(
                    slots.abs_diff(pow2) <= pow2 / 500 + 1,
                    "{chance:?} 2^{k}: {slots}"
                );
            }
        }
    }

    #[test]
    fn slots_and_keys_are_inverse_to_within_rounding() {
        for chance in ALL {
            for n in [130u64, 1000, 4321, 100_000, 200_000, 1_000_000, 3_000_000] {
                let slots = chance.num_slots(n);
                assert!(slots > n, "{chance:?} {n}");
                let back = chance.num_to_add(slots);
                assert!(
                    back.abs_diff(n) <= n / 1000 + 2,
                    "{chance:?} {n}: {slots} -> {back}"
                );
            }
        }
    }

    #[test]
    fn more_keys_need_more_slots_and_a_safer_build_needs_more() {
        for chance in ALL {
            let mut previous = 0;
            for n in (1..300_000u64).step_by(997) {
                let slots = chance.num_slots(n);
                assert!(slots >= previous, "{chance:?} {n}");
                previous = slots;
            }
        }
        for n in [500u64, 50_000, 1_000_000] {
            assert!(FailureChance::OneIn2.num_slots(n) < FailureChance::OneIn20.num_slots(n));
            assert!(FailureChance::OneIn20.num_slots(n) < FailureChance::OneIn1000.num_slots(n));
        }
    }

    #[test]
    fn a_million_keys_take_about_twelve_percent_more_slots_at_one_failure_in_twenty() {
        // The large-size formula: base = 2^17 / 119813 − 17 · 0.0083; at 2^20 slots the
        // factor is base + 20 · 0.0083 ≈ 1.1189, at 2^21 ≈ 1.1272.
        let base = 131_072.0 / 119_813.0 - 17.0 * 0.0083;
        let keys_at_pow2_20 = 1_048_576.0 / (base + 20.0 * 0.0083);
        let keys_at_pow2_21 = 2_097_152.0 / (base + 21.0 * 0.0083);
        let portion = (1e6 - keys_at_pow2_20) / (keys_at_pow2_21 - keys_at_pow2_20);
        let expected = (portion * 1_048_576.0 + 1_048_576.0 + 0.999_999_999) as u64;
        assert_eq!(FailureChance::OneIn20.num_slots(1_000_000), expected);
        let overhead = expected as f64 / 1e6;
        assert!((1.11..1.13).contains(&overhead), "{overhead}");
    }

    #[test]
    fn tiny_sets_get_the_smallest_band_of_128_slots() {
        for n in 1..=10 {
            assert_eq!(FailureChance::OneIn20.num_slots(n), 128);
        }
        assert_eq!(FailureChance::OneIn20.num_slots(0), 0);
    }
}
