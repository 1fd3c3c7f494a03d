//! Parquet's split-block Bloom filter, exactly as the Parquet format defines it
//! (apache/parquet-format, `BloomFilter.md`): all of an item's bits in one 256-bit block,
//! one bit in each of the block's eight 32-bit words.
//!
//! ```text
//! h     = xxHash64(the value's plain encoding, seed 0)   (a string's UTF-8 bytes)
//! z     = m / 256 blocks
//! block = ((h >> 32) · z) >> 32
//! x     = h mod 2^32
//! word i of the block gets bit (x · salt_i mod 2^32) >> 27, for i = 0..8
//! ```
//!
//! Bit j of word w of block b is bit `b·256 + w·32 + j` of the filter as the page numbers
//! bits; the words are stored little-endian, so that is also bit `j` of byte `4w + j/8`
//! counted from the block's start.

/// The spec's eight salts, one per word of a block.
pub const SALTS: [u32; 8] = [
    0x47b6_137b,
    0x4497_4d91,
    0x8824_ad5b,
    0xa2b7_289d,
    0x7054_95c7,
    0x2df1_424b,
    0x9efc_4947,
    0x5c6b_fb31,
];

/// Bits in a block.
pub const BLOCK_BITS: u64 = 256;

/// The hash Parquet uses: xxHash64 of the bytes with seed 0.
pub fn hash(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh64::xxh64(bytes, 0)
}

/// The block (from 0) of hash `h` among `blocks`: `((h >> 32) · z) >> 32`.
pub fn block_of(h: u64, blocks: u64) -> u64 {
    ((h >> 32) * blocks) >> 32
}

/// The bit (0 to 31) that hash `h` sets in each of the block's eight words:
/// `((h mod 2^32) · salt_i mod 2^32) >> 27`.
pub fn lane_bits(h: u64) -> [u32; 8] {
    let x = h as u32;
    SALTS.map(|salt| x.wrapping_mul(salt) >> 27)
}

/// The eight positions of hash `h` in a filter of `blocks` blocks: `b·256 + w·32 + j`.
pub fn positions(h: u64, blocks: u64) -> [u64; 8] {
    let base = block_of(h, blocks) * BLOCK_BITS;
    let lanes = lane_bits(h);
    let mut out = [0; 8];
    for (word, position) in out.iter_mut().enumerate() {
        *position = base + word as u64 * 32 + u64::from(lanes[word]);
    }
    out
}

/// Bit `position` of a bitset laid out as Parquet stores it: bit `position mod 8` of byte
/// `position / 8` (the words are little-endian); `false` beyond its end.
pub fn bitset_bit(bitset: &[u8], position: u64) -> bool {
    bitset
        .get((position / 8) as usize)
        .is_some_and(|byte| byte >> (position % 8) & 1 == 1)
}

/// Whether a bitset laid out as Parquet stores it (blocks of eight little-endian 32-bit
/// words) may contain the value with hash `h`: every one of its eight bits is set.
pub fn bitset_may_contain(bitset: &[u8], h: u64) -> bool {
    let blocks = bitset.len() as u64 / (BLOCK_BITS / 8);
    if blocks == 0 {
        return false;
    }
    positions(h, blocks).iter().all(|&p| bitset_bit(bitset, p))
}

/// The values of parquet-testing's `bloom_filter.xxhash.bin` (and one it does not hold),
/// each with its xxHash64, its block among 32 and its bit in words 0..7: the table of
/// `tests/data/parquet/README.md`, computed from the spec independently.
#[cfg(test)]
pub(crate) const README_VALUES: [(&str, u64, u64, [u32; 8]); 5] = [
    (
        "hello",
        0x26c7_827d_889f_6da3,
        4,
        [20, 9, 10, 7, 9, 31, 28, 27],
    ),
    (
        "parquet",
        0x3c9d_2927_5c52_e429,
        7,
        [2, 22, 22, 19, 26, 13, 4, 1],
    ),
    (
        "bloom",
        0x50c8_fb9e_62db_c53c,
        10,
        [21, 11, 8, 29, 23, 27, 8, 12],
    ),
    (
        "filter",
        0x2a57_36cd_fcd7_a9a1,
        5,
        [23, 28, 0, 28, 5, 21, 30, 19],
    ),
    (
        "absent",
        0x917b_edb7_999e_409e,
        18,
        [10, 22, 18, 3, 27, 13, 27, 11],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// parquet-testing's `bloom_filter.xxhash.bin`: a 16-byte Thrift header, then 32 blocks
    /// holding "hello", "parquet", "bloom" and "filter" (tests/data/parquet/README.md).
    const FILE: &[u8] = include_bytes!("../../tests/data/parquet/bloom_filter.xxhash.bin");

    #[test]
    fn the_four_values_of_parquets_test_filter_and_their_blocks_and_lanes() {
        let bitset = &FILE[16..];
        assert_eq!(bitset.len(), 1024);
        let mut expected = vec![0u8; 1024];
        for (value, h, block, lanes) in README_VALUES {
            assert_eq!(hash(value.as_bytes()), h, "{value}");
            assert_eq!(block_of(h, 32), block, "{value}");
            assert_eq!(lane_bits(h), lanes, "{value}");
            let present = value != "absent";
            assert_eq!(bitset_may_contain(bitset, h), present, "{value}");
            if present {
                for p in positions(h, 32) {
                    expected[(p / 8) as usize] |= 1 << (p % 8);
                }
            }
        }
        // Exactly the four values' 32 bits are set, and nothing else.
        assert_eq!(bitset, &expected[..]);
        let ones: u32 = bitset.iter().map(|b| b.count_ones()).sum();
        assert_eq!(ones, 32);
    }

    #[test]
    fn positions_match_pythons_xxhash_and_the_spec() {
        // tests/data/split_block.py: Python's `xxhash` package and the spec's arithmetic.
        let table = include_str!("../../tests/data/split_block.tsv");
        let mut rows = 0;
        for line in table.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<&str> = line.split('\t').collect();
            let value = fields[0];
            let h = u64::from_str_radix(fields[1], 16).unwrap();
            let blocks: u64 = fields[2].parse().unwrap();
            let expected: Vec<u64> = fields[3].split(',').map(|p| p.parse().unwrap()).collect();
            assert_eq!(hash(value.as_bytes()), h, "{value}");
            assert_eq!(
                positions(h, blocks).to_vec(),
                expected,
                "{value} in {blocks} blocks"
            );
            rows += 1;
        }
        assert!(rows >= 200, "{rows}");
    }
}
