//! Blocked Bloom filters, as RocksDB builds them (`FastLocalBloomImpl` in RocksDB's
//! `util/bloom_impl.h`): all k bits of an item in one 512-bit cache line, so a lookup reads
//! one line, at the price of a slightly higher false-positive rate; and the rates of blocked
//! layouts.
//!
//! Positions, from the low 32 bits `h1₃₂` and `h2₃₂` of the item's `h1` and `h2`:
//!
//! ```text
//! line  = (h1₃₂ · lines) >> 32                       (RocksDB's FastRange32)
//! probe i sets bit (h >> 23) of the line, h = h2₃₂ · 0x9e3779b9^i  (mod 2^32)
//! ```
//!
//! The rate: the items of a blocked filter do not spread evenly over its blocks; a block
//! of B bits receives about Poisson(λ = n·B/m) of them, and a crowded block errs more than
//! an even share would. The exact average is the Poisson mixture
//! `Σ_i e^{−λ} λ^i / i! · f(i)` with `f(i)` the rate of one block holding i items
//! ([`poisson_mixture_rate`]); RocksDB estimates it from two occupancies, one standard
//! deviation above and below the mean ([`rocksdb_cache_local_rate`]).

/// Bits in one of RocksDB's cache lines.
pub const LINE_BITS: u64 = 512;
/// The multiplier RocksDB steps each probe's hash with (2^32 / φ, odd).
pub const PROBE_MULTIPLIER: u32 = 0x9e37_79b9;

/// The line (from 0) of an item with low hash half `h1` in a filter of `lines` lines:
/// `(h1 · lines) >> 32`.
pub fn line_of(h1: u32, lines: u32) -> u32 {
    ((u64::from(h1) * u64::from(lines)) >> 32) as u32
}

/// The k bits (0 to 511) an item sets in its line, from its other hash half `h2`: probe i
/// takes the top 9 bits of `h2 · 0x9e3779b9^i`.
pub fn line_bits(h2: u32, k: u32) -> Vec<u32> {
    let mut bits = Vec::with_capacity(k as usize);
    let mut h = h2;
    for _ in 0..k {
        bits.push(h >> 23);
        h = h.wrapping_mul(PROBE_MULTIPLIER);
    }
    bits
}

/// The positions in the whole filter (`line · 512 + bit`) of an item with hash halves
/// `h1`, `h2`.
pub fn positions(h1: u32, h2: u32, lines: u32, k: u32) -> Vec<u64> {
    let base = u64::from(line_of(h1, lines)) * LINE_BITS;
    let mut out = Vec::with_capacity(k as usize);
    for bit in line_bits(h2, k) {
        out.push(base + u64::from(bit));
    }
    out
}

/// The standard rate at `bits_per_key` bits per item and k probes,
/// `(1 − e^{−k/bits_per_key})^k` (RocksDB's `StandardFpRate`).
pub fn standard_rate(bits_per_key: f64, k: u32) -> f64 {
    (-(-f64::from(k) / bits_per_key).exp_m1()).powi(k as i32)
}

/// RocksDB's estimate of a cache-local filter's rate (`CacheLocalFpRate`): with
/// `c = B / bits_per_key` items per line on average and `s = √c`, the mean of the standard
/// rates at `B/(c + s)` and `B/(c − s)` bits per item. 1 for no bits per item.
pub fn rocksdb_cache_local_rate(bits_per_key: f64, k: u32, block_bits: u64) -> f64 {
    if bits_per_key <= 0.0 {
        return 1.0;
    }
    let block = block_bits as f64;
    let per_block = block / bits_per_key;
    let spread = per_block.sqrt();
    let crowded = standard_rate(block / (per_block + spread), k);
    let uncrowded = standard_rate(block / (per_block - spread), k);
    (crowded + uncrowded) / 2.0
}

/// `Σ_i e^{−λ} λ^i / i! · rate_with(i)`: the average rate when a block receives
/// Poisson(λ) items and a block holding i items errs with `rate_with(i)`. The terms are
/// summed from the most likely i outwards until they fall below 10^-18 of the sum.
pub fn poisson_mixture_rate(lambda: f64, rate_with: impl Fn(u64) -> f64) -> f64 {
    if lambda <= 0.0 {
        return rate_with(0);
    }
    let mode = lambda.floor() as u64;
    // ln of the Poisson probability at the mode, from ln Γ by Stirling's series.
    let ln_mode = mode as f64 * lambda.ln() - lambda - ln_factorial(mode);
    let at_mode = ln_mode.exp();
    let mut sum = at_mode * rate_with(mode);
    let mut weight = at_mode;
    let mut i = mode;
    while i > 0 {
        weight *= i as f64 / lambda;
        i -= 1;
        let term = weight * rate_with(i);
        sum += term;
        if weight < 1e-18 * at_mode {
            break;
        }
    }
    let (mut weight, mut i) = (at_mode, mode);
    loop {
        i += 1;
        weight *= lambda / i as f64;
        sum += weight * rate_with(i);
        if weight < 1e-18 * at_mode {
            break;
        }
    }
    sum
}

/// `ln i!`: exact by summation below 20, else Stirling's series
/// `i·ln i − i + ln(2πi)/2 + 1/(12i) − 1/(360i³) + 1/(1260i⁵)` (within 10^-15 there).
fn ln_factorial(i: u64) -> f64 {
    if i < 20 {
        return (2..=i).map(|j| (j as f64).ln()).sum();
    }
    let x = i as f64;
    x * x.ln() - x + (2.0 * std::f64::consts::PI * x).ln() / 2.0 + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x.powi(3))
        + 1.0 / (1260.0 * x.powi(5))
}

/// The rate of a blocked filter of blocks of `block_bits` bits, k probes per item in its
/// block, at `bits_per_key` bits per item: the Poisson mixture with
/// `f(i) = (1 − (1 − 1/B)^{k·i})^k`.
pub fn blocked_rate(bits_per_key: f64, k: u32, block_bits: u64) -> f64 {
    let block = block_bits as f64;
    let empty_per_probe = (-1.0 / block).ln_1p();
    poisson_mixture_rate(block / bits_per_key, |i| {
        let zero = (f64::from(k) * i as f64 * empty_per_probe).exp();
        (1.0 - zero).powi(k as i32)
    })
}

/// The rate of Parquet's split-block filter (256-bit blocks of eight 32-bit words, one bit
/// per word) at `bits_per_key` bits per item: the Poisson mixture with
/// `f(i) = (1 − (1 − 1/32)^i)^8`.
pub fn split_block_rate(bits_per_key: f64) -> f64 {
    poisson_mixture_rate(256.0 / bits_per_key, |i| {
        (1.0 - (1.0 - 1.0 / 32.0f64).powi(i as i32)).powi(8)
    })
}

/// The fewest bits per item at which `rate(bits per item)` is at most p, for a rate that
/// falls as the bits grow: bisection between 0.5 and 1,000 bits per item on a log scale,
/// to 10^-9 relative (`None` if even 1,000 bits per item do not reach p).
pub fn bits_per_item_for(p: f64, rate: impl Fn(f64) -> f64) -> Option<f64> {
    let (mut low, mut high) = (0.5f64, 1000.0f64);
    if rate(high) > p {
        return None;
    }
    while high / low > 1.0 + 1e-9 {
        let middle = (low * high).sqrt();
        if rate(middle) > p {
            low = middle;
        } else {
            high = middle;
        }
    }
    Some(high)
}

/// The bits per item a filter of 512-bit lines needs for rate p at its best k, and that k:
/// the least of [`bits_per_item_for`] over k = 1..=24 of [`blocked_rate`].
pub fn blocked_bits_per_item(p: f64) -> Option<(f64, u32)> {
    let mut best: Option<(f64, u32)> = None;
    for k in 1..=24 {
        if let Some(bits) = bits_per_item_for(p, |b| blocked_rate(b, k, LINE_BITS)) {
            if best.is_none_or(|(least, _)| bits < least) {
                best = Some((bits, k));
            }
        }
    }
    best
}

/// What the bits set in a blocked filter imply, block by block.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlockFill {
    /// The chance that a new item finds all its bits set, averaged over the blocks it may
    /// land in: `(1/z)·Σ_b (X_b/B)^k` for RocksDB's layout (k probes anywhere in the line),
    /// `(1/z)·Σ_b Π_w (X_{b,w}/32)` for Parquet's (one bit in each of the 8 words).
    pub rate: f64,
    /// The items the fill implies, `Σ_b −(B/k)·ln(1 − X_b/B)` (each block a small standard
    /// filter; k = 8 for split-block); `None` when a block is full.
    pub estimated_items: Option<f64>,
}

impl BlockFill {
    /// The figures of a filter of m bits in `layout` (blocked or split-block), k bits per
    /// item, where `count_set(start, end)` counts the bits set in `start..end`.
    pub fn of(
        layout: super::Layout,
        m: u64,
        k: u32,
        count_set: impl Fn(u64, u64) -> u64,
    ) -> BlockFill {
        let mut sum = BlockFillSum::new(layout, m, k);
        let blocks = (m / sum.block).max(1);
        for b in 0..blocks {
            let start = b * sum.block;
            sum.add_block(|first, end| count_set(start + first, start + end));
        }
        sum.finish()
    }
}

/// [`BlockFill`] summed block by block, for a filter whose bits are seen a piece at a time
/// (a Parquet bitset read in slices): the same sums, in the same order, as
/// [`BlockFill::of`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlockFillSum {
    /// Bits in a block, B.
    block: u64,
    /// Whether the layout is split-block (one bit in each of 8 words of 32 bits).
    split: bool,
    /// Bits set per item, k.
    k: u32,
    /// Σ of each block's chance so far.
    rate: f64,
    /// Σ of each block's implied items so far (none once a block is full).
    estimated_items: Option<f64>,
    /// Blocks added.
    blocks: u64,
}

impl BlockFillSum {
    /// No blocks yet, of a filter of m bits in `layout`, k bits per item.
    pub fn new(layout: super::Layout, m: u64, k: u32) -> BlockFillSum {
        BlockFillSum {
            block: layout.block_bits().unwrap_or(m).max(1),
            split: layout == super::Layout::SplitBlock,
            k,
            rate: 0.0,
            estimated_items: Some(0.0),
            blocks: 0,
        }
    }

    /// Adds the next block, where `count_set(start, end)` counts its bits set in
    /// `start..end` (from the block's first bit).
    pub fn add_block(&mut self, count_set: impl Fn(u64, u64) -> u64) {
        let block = self.block;
        let (words, word_bits) = if self.split { (8, 32) } else { (1, block) };
        let per_item = block as f64 / f64::from(self.k.max(1));
        let mut chance = 1.0;
        for w in 0..words {
            let first = w * word_bits;
            let fill = count_set(first, first + word_bits) as f64 / word_bits as f64;
            chance *= if self.split {
                fill
            } else {
                fill.powi(self.k as i32)
            };
        }
        self.rate += chance;
        let set = count_set(0, block);
        self.estimated_items = self
            .estimated_items
            .filter(|_| set < block)
            .map(|sum| sum - per_item * (-(set as f64) / block as f64).ln_1p());
        self.blocks += 1;
    }

    /// The figures of the blocks added (a filter of no blocks: rate 0, no items).
    pub fn finish(&self) -> BlockFill {
        BlockFill {
            rate: self.rate / self.blocks.max(1) as f64,
            estimated_items: self.estimated_items,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bits_per_item_each_layout_needs_give_back_the_rate() {
        // The standard layout at its best k: −ln p / (ln 2)² = 9.585 bits for 1 %.
        let standard = bits_per_item_for(0.01, |b| {
            let k = (b * std::f64::consts::LN_2).round().max(1.0) as u32;
            standard_rate(b, k)
        })
        .unwrap();
        assert!((9.5..9.7).contains(&standard), "{standard}");
        let (blocked, k) = blocked_bits_per_item(0.01).unwrap();
        assert!((blocked_rate(blocked, k, LINE_BITS) - 0.01).abs() < 1e-9);
        // Blocking costs bits: more than the standard layout, and a few per cent more at 1 %.
        assert!(blocked > standard && blocked < 1.1 * standard, "{blocked}");
        let split = bits_per_item_for(0.01, split_block_rate).unwrap();
        assert!((split_block_rate(split) - 0.01).abs() < 1e-9);
        assert!(split > standard, "{split}");
        // RocksDB at 10 bits per key and 6 probes errs at about 0.957 %, under 1 %.
        assert!(blocked < 10.0);
        assert_eq!(bits_per_item_for(1e-300, split_block_rate), None);
    }
    use crate::filter::experiment::{ItemKind, ItemSource, ITEM_LEN};
    use crate::filter::hashing::HashFamily;

    /// RocksDB's `FastLocalBloomImpl::AddHash`, as its C++ writes it: a byte array, the line
    /// by FastRange32 on the length in 64-byte lines, each probe setting `1 << (bitpos & 7)`
    /// in byte `bitpos >> 3`.
    fn rocksdb_add_hash(h1: u32, h2: u32, len_bytes: u32, num_probes: u32, data: &mut [u8]) {
        let bytes_to_cache_line =
            (((u64::from(h1) * u64::from(len_bytes >> 6)) >> 32) << 6) as usize;
        let mut h = h2;
        for _ in 0..num_probes {
            let bitpos = (h >> (32 - 9)) as usize;
            data[bytes_to_cache_line + (bitpos >> 3)] |= 1u8 << (bitpos & 7);
            h = h.wrapping_mul(0x9e37_79b9);
        }
    }

    #[test]
    fn positions_set_the_bits_rocksdbs_loop_sets() {
        let mut state = 0x1234_5678_u64;
        for _ in 0..2000 {
            state = crate::filter::experiment::splitmix64(state);
            let (h1, h2) = (state as u32, (state >> 32) as u32);
            let lines = 1 + (state % 97) as u32;
            let k = 1 + (state >> 40) as u32 % 12;
            let mut data = vec![0u8; lines as usize * 64];
            rocksdb_add_hash(h1, h2, lines * 64, k, &mut data);
            let mut ours = vec![0u8; lines as usize * 64];
            for p in positions(h1, h2, lines, k) {
                ours[(p / 8) as usize] |= 1 << (p % 8);
            }
            assert_eq!(ours, data, "h1 {h1} h2 {h2} lines {lines} k {k}");
        }
    }

    #[test]
    fn the_mixture_matches_a_50_digit_reference() {
        // tests/data/blocked_rates.py (mpmath, 50 digits).
        let blocked = [
            (10.0, 6, 0.009_575_669_482_801_11),
            (8.0, 5, 0.023_121_193_546_561_25),
            (16.0, 11, 0.000_859_636_600_694_330_6),
            (4.0, 3, 0.147_862_985_940_975_3),
        ];
        for (bits, k, reference) in blocked {
            let rate = blocked_rate(bits, k, LINE_BITS);
            assert!(
                ((rate - reference) / reference).abs() < 1e-12,
                "{bits} {k}: {rate}"
            );
        }
        let split = [
            (10.0, 0.012_648_451_535_639_1),
            (8.0, 0.033_211_863_708_753_07),
            (16.0, 0.001_315_573_402_850_645),
            (4.0, 0.325_764_366_508_257_5),
        ];
        for (bits, reference) in split {
            let rate = split_block_rate(bits);
            assert!(
                ((rate - reference) / reference).abs() < 1e-12,
                "{bits}: {rate}"
            );
        }
    }

    #[test]
    fn rocksdbs_figures_at_10_bits_per_key_and_6_probes() {
        // RocksDB's estimate is its stated theory, 0.9535 %; the standard layout's rate is
        // lower, the exact mixture a little higher.
        let estimate = rocksdb_cache_local_rate(10.0, 6, LINE_BITS);
        assert!((estimate - 0.009_535).abs() < 0.000_005, "{estimate}");
        assert!(standard_rate(10.0, 6) < estimate);
        assert!(blocked_rate(10.0, 6, LINE_BITS) > estimate);
        assert_eq!(rocksdb_cache_local_rate(0.0, 6, LINE_BITS), 1.0);
    }

    #[test]
    fn a_seeded_filter_measures_rocksdbs_0_957_percent() {
        // 2,000 lines at 10 bits per key: 102,400 keys; h1₃₂ and h2₃₂ are the low halves of
        // murmur3's h1 and h2 of each generated item; 1,000,000 probes never inserted.
        let (lines, k) = (2000u32, 6u32);
        let keys = u64::from(lines) * LINE_BITS / 10;
        let source = ItemSource::new(957);
        let mut bits = vec![false; (u64::from(lines) * LINE_BITS) as usize];
        let mut buf = [0u8; ITEM_LEN];
        for i in 0..keys {
            let pair = HashFamily::Murmur3.hash_pair(source.write(ItemKind::Member, i, &mut buf));
            for p in positions(pair.h1 as u32, pair.h2 as u32, lines, k) {
                bits[p as usize] = true;
            }
        }
        let probes = 1_000_000u64;
        let mut found = 0u64;
        for i in 0..probes {
            let pair =
                HashFamily::Murmur3.hash_pair(source.write(ItemKind::NonMember, i, &mut buf));
            found += positions(pair.h1 as u32, pair.h2 as u32, lines, k)
                .iter()
                .all(|&p| bits[p as usize]) as u64;
        }
        let measured = found as f64 / probes as f64;
        // RocksDB states about 0.957 %; the 95 % binomial interval of 10^6 probes there is
        // ± 0.019 %, and one filter's own spread adds to it: ± 0.04 % is allowed.
        assert!((measured - 0.009_57).abs() < 0.000_4, "{measured}");
        assert!((measured - blocked_rate(10.0, 6, LINE_BITS)).abs() < 0.000_4);
    }
}
