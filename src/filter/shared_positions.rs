//! Items that a filter cannot tell apart: two different items with the same k positions.
//!
//! With m a power of two, `2^j`, each position `((h1 + i·h2) mod 2^64) mod m` keeps only
//! the lowest j bits of `h1 + i·h2`, so it depends only on the lowest j bits of h1 and h2.
//! FNV-1a mixes those bits least: its lowest j bits depend only on the lowest j bits of
//! each byte (a multiplication carries upwards, never downwards), so at m = 16 “a” (0x61)
//! and “q” (0x71), which differ only in bit 4, start from the same low bits. Such a pair
//! collides in every filter of that shape, however many items it holds.

use super::params::FilterShape;

/// Two different items with the same positions, in the same order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SharedPositions {
    /// The item met first.
    pub first: String,
    /// The item with the same positions.
    pub second: String,
    /// Their k positions, `pos_0 … pos_{k-1}`.
    pub positions: Vec<u64>,
}

/// How many words [`short_words`] yields up to each length: 26 + 26 + 10 of one character,
/// then 26² of two letters, then 26³ of three.
pub const SHORT_WORD_TIERS: [usize; 3] = [62, 62 + 26 * 26, 62 + 26 * 26 + 26 * 26 * 26];

/// The number of words [`short_words`] yields.
pub const SHORT_WORD_COUNT: usize = SHORT_WORD_TIERS[2];

/// Short words in a fixed order: `a`–`z`, `A`–`Z`, `0`–`9`, then `aa`…`zz`, then
/// `aaa`…`zzz`.
pub fn short_words() -> Vec<String> {
    let mut words: Vec<String> = Vec::with_capacity(SHORT_WORD_COUNT);
    for range in ['a'..='z', 'A'..='Z', '0'..='9'] {
        for c in range {
            words.push(String::from(c));
        }
    }
    // Then each word of the last length (26 letters from position 0) with a letter after it.
    let mut shorter = 0..26;
    for _ in 2..=3 {
        let start = words.len();
        for i in shorter {
            for c in 'a'..='z' {
                let mut word = words[i].clone();
                word.push(c);
                words.push(word);
            }
        }
        shorter = start..words.len();
    }
    words
}

/// For each candidate, the first earlier candidate with the same positions, if its text
/// differs. Each candidate becomes one number, a 32-bit fingerprint of its positions above
/// its index: sorted, those numbers put candidates whose positions may be equal side by
/// side, in index order, and within such a group the positions are compared exactly.
fn earlier_twins(shape: FilterShape, candidates: &[String]) -> Vec<Option<usize>> {
    use std::hash::Hasher;
    let positions: Vec<Vec<u64>> = candidates
        .iter()
        .map(|item| shape.positions(item.as_bytes()).collect())
        .collect();
    let mut keys: Vec<u64> = positions
        .iter()
        .enumerate()
        .map(|(index, p)| {
            let mut hasher = fnv::FnvHasher::default();
            p.iter().for_each(|&position| hasher.write_u64(position));
            (hasher.finish() << 32) | index as u64
        })
        .collect();
    crate::heap_sort::sort_u64(&mut keys);
    let index_of = |key: u64| (key & 0xffff_ffff) as usize;
    let mut twins = vec![None; candidates.len()];
    for group in keys.chunk_by(|a, b| a >> 32 == b >> 32) {
        for (j, &key) in group.iter().enumerate() {
            let at = index_of(key);
            let first = group[..j]
                .iter()
                .map(|&earlier| index_of(earlier))
                .find(|&earlier| positions[earlier] == positions[at]);
            twins[at] = first.filter(|&first| candidates[first] != candidates[at]);
        }
    }
    twins
}

/// The first pair, in the order of `candidates`, whose positions in `shape` are the same:
/// the first candidate whose positions equal an earlier candidate's, with the earliest such
/// one. A repeated candidate is skipped (it is the same item, not a pair).
pub fn first_shared_pair(shape: FilterShape, candidates: &[String]) -> Option<SharedPositions> {
    pair_of_twins(shape, candidates, &earlier_twins(shape, candidates))
}

/// The first candidate with an earlier twin (from [`earlier_twins`]), with that twin.
fn pair_of_twins(
    shape: FilterShape,
    candidates: &[String],
    twins: &[Option<usize>],
) -> Option<SharedPositions> {
    let (second, first) = twins
        .iter()
        .enumerate()
        .find_map(|(second, first)| first.map(|first| (second, first)))?;
    Some(SharedPositions {
        first: candidates[first].clone(),
        second: candidates[second].clone(),
        positions: shape.positions(candidates[second].as_bytes()).collect(),
    })
}

/// How many of `candidates` have the same positions as an earlier, different one.
pub fn shared_count(shape: FilterShape, candidates: &[String]) -> usize {
    earlier_twins(shape, candidates)
        .iter()
        .filter(|twin| twin.is_some())
        .count()
}

/// How many of n distinct items a hash that spreads them uniformly would give the positions
/// of an earlier one, by chance alone: `n − D·(1 − (1 − 1/D)^n)`, where D is the number of
/// position sequences double hashing can make: m for k = 1, m² for k ≥ 2 (a sequence is
/// fixed by `h1 mod m` and `h2 mod m`; for m a power of two each pair gives its own).
pub fn shared_by_chance(m: u64, k: u32, n: usize) -> f64 {
    let d = if k == 1 {
        m as f64
    } else {
        (m as f64) * (m as f64)
    };
    let n = n as f64;
    n - d * -((n * (-1.0 / d).ln_1p()).exp_m1())
}

/// What the page says about FNV-1a at a power-of-two m.
#[derive(Debug, Clone, PartialEq)]
pub struct LowBitsReport {
    /// j, where m = 2^j: the positions use the lowest j bits of h1 and h2.
    pub bits: u32,
    /// The first pair of [`short_words`] with the same positions.
    pub pair: Option<SharedPositions>,
    /// The short words counted: the first `words` of [`short_words`], the most of
    /// [`SHORT_WORD_TIERS`] that chance alone would leave mostly apart (see [`word_tier`]).
    pub words: usize,
    /// The length of the longest of them (1, 2 or 3).
    pub longest: usize,
    /// How many of them have an earlier one's positions.
    pub shared: usize,
    /// How many would by chance ([`shared_by_chance`]).
    pub by_chance: f64,
}

/// The most short words (a prefix from [`SHORT_WORD_TIERS`]) among which chance alone gives at
/// most one in ten the positions of another, so that what is shared beyond that is the
/// hash's doing; the 62 one-character words when even those crowd the m = 2^j positions.
pub fn word_tier(m: u64, k: u32) -> (usize, usize) {
    SHORT_WORD_TIERS
        .iter()
        .enumerate()
        .rev()
        .find(|&(_, &n)| shared_by_chance(m, k, n) <= n as f64 / 10.0)
        .map_or((SHORT_WORD_TIERS[0], 1), |(tier, &n)| (n, tier + 1))
}

/// The report for FNV-1a at m = 2^j with j ≥ 4 (with fewer bits every hash collides
/// constantly), when its short words share positions clearly more often than chance
/// (at least twice as many, and 5 more); `None` otherwise. With k = 1 FNV-1a's low bits
/// spread short words no worse than chance, and from m = 2^15 (k ≥ 2) none of the short
/// words share. Hashes at most 18,314 short words. Only in the standard layout: a
/// partitioned filter reduces mod s = ⌊m/k⌋, which is a power of two only by chance.
pub fn low_bits_report(shape: FilterShape) -> Option<LowBitsReport> {
    let m = shape.m();
    let standard = shape.layout() == super::Layout::Standard;
    if shape.family() != super::HashFamily::Fnv1a || !m.is_power_of_two() || m < 16 || !standard {
        return None;
    }
    let (words, longest) = word_tier(m, shape.k());
    // A twin is always earlier, so the twins of the first `words` candidates are the twins
    // among those words alone: one pass over all the short words serves both questions.
    let candidates = short_words();
    let twins = earlier_twins(shape, &candidates);
    let shared = twins[..words].iter().filter(|twin| twin.is_some()).count();
    let by_chance = shared_by_chance(m, shape.k(), words);
    // The page claims a weakness only where it shows one: clearly more sharing than chance.
    if (shared as f64) < 2.0 * by_chance + 5.0 {
        return None;
    }
    let pair = pair_of_twins(shape, &candidates, &twins);
    Some(LowBitsReport {
        bits: m.trailing_zeros(),
        pair,
        words,
        longest,
        shared,
        by_chance,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filter::HashFamily;

    fn shape(m: u64, k: u32, family: HashFamily) -> FilterShape {
        FilterShape::new(m, k, family).unwrap()
    }

    #[test]
    fn the_short_words_are_the_ones_counted() {
        let words: Vec<String> = short_words();
        assert_eq!(words.len(), SHORT_WORD_COUNT);
        assert_eq!(
            (words[0].as_str(), words[61].as_str(), words[62].as_str()),
            ("a", "9", "aa")
        );
        assert_eq!(words.last().map(String::as_str), Some("zzz"));
        let distinct: std::collections::HashSet<&String> = words.iter().collect();
        assert_eq!(distinct.len(), words.len());
    }

    #[test]
    fn fnv_at_a_power_of_two_gives_letters_that_differ_in_a_high_bit_the_same_positions() {
        let words = short_words();
        let letters = || &words[..62];
        // m = 16: "a" (0x61) and "q" (0x71) differ in bit 4 only.
        let pair = first_shared_pair(shape(16, 3, HashFamily::Fnv1a), letters()).unwrap();
        assert_eq!((pair.first.as_str(), pair.second.as_str()), ("a", "q"));
        assert_eq!(pair.positions.len(), 3);
        // m = 32: a letter and its capital (bit 5).
        let pair = first_shared_pair(shape(32, 3, HashFamily::Fnv1a), letters()).unwrap();
        assert_eq!((pair.first.as_str(), pair.second.as_str()), ("a", "A"));
        // The pair holds for every k: h1 and h2 agree in their lowest 4 bits.
        for k in [1, 2, 7, 64] {
            let s = shape(16, k, HashFamily::Fnv1a);
            assert!(s.positions(b"a").eq(s.positions(b"q")), "k = {k}");
        }
        // Letters that share every position: many under FNV-1a; under murmur3 about as many
        // as chance gives (62 letters into m³ triples: 62·61/2/m³ expected pairs, at most
        // 0.46, so 4 or more would have probability below 0.002).
        for m in [16, 32, 64] {
            let fnv = shared_count(shape(m, 3, HashFamily::Fnv1a), letters());
            let murmur = shared_count(shape(m, 3, HashFamily::Murmur3), letters());
            assert!(
                fnv >= 10 && murmur <= 3,
                "m = {m}: fnv {fnv}, murmur3 {murmur}"
            );
        }
    }

    #[test]
    fn fnv_shares_positions_far_beyond_chance_up_to_m_16384_and_murmur3_does_not() {
        for j in 4..=14 {
            let m = 1u64 << j;
            let report = low_bits_report(shape(m, 3, HashFamily::Fnv1a)).unwrap();
            let (words, _) = word_tier(m, 3);
            let expected = shared_by_chance(m, 3, words);
            assert_eq!((report.bits, report.words), (j, words));
            assert!(report.pair.is_some(), "m = 2^{j}");
            assert!(
                report.shared as f64 >= 4.0 * expected + 10.0,
                "fnv at m = 2^{j}: {} of {words}, chance {expected:.1}",
                report.shared
            );
            // A collision count is a sum of rare events: its variance is at most its mean,
            // so murmur3 stays within four standard deviations of chance.
            let murmur = shared_count(shape(m, 3, HashFamily::Murmur3), &short_words()[..words]);
            let spread = 4.0 * expected.sqrt() + 3.0;
            assert!(
                (murmur as f64 - expected).abs() <= spread,
                "murmur3 at m = 2^{j}: {murmur} of {words}, chance {expected:.1}"
            );
        }
        // From m = 2^15 on no two short words share every position under FNV-1a either, and
        // with k = 1 they share no more than chance: no claim is made.
        let words = short_words();
        assert_eq!(
            shared_count(shape(1 << 15, 3, HashFamily::Fnv1a), &words),
            0
        );
        assert_eq!(low_bits_report(shape(1 << 15, 3, HashFamily::Fnv1a)), None);
        for j in 4..=16 {
            assert_eq!(low_bits_report(shape(1 << j, 1, HashFamily::Fnv1a)), None);
        }
        // Only FNV-1a at a power of two of at least 16 gets a report.
        assert_eq!(low_bits_report(shape(1000, 3, HashFamily::Fnv1a)), None);
        assert_eq!(low_bits_report(shape(8, 3, HashFamily::Fnv1a)), None);
        assert_eq!(low_bits_report(shape(16, 3, HashFamily::Murmur3)), None);
    }

    #[test]
    fn the_first_pair_is_the_earliest_item_that_repeats_positions() {
        let items = ["cat", "dog", "Cat"].map(String::from);
        let pair = first_shared_pair(shape(32, 3, HashFamily::Fnv1a), &items).unwrap();
        assert_eq!((pair.first.as_str(), pair.second.as_str()), ("cat", "Cat"));
    }

    #[test]
    fn chance_matches_the_occupancy_formula() {
        // k = 1: 62 words into 16 bits leave at most 16 distinct; about 46.0 share.
        assert!(
            (shared_by_chance(16, 1, 62) - (62.0 - 16.0 * (1.0 - (15.0f64 / 16.0).powi(62)))).abs()
                < 1e-9
        );
        // k ≥ 2 at m = 16: 256 sequences; 62 words leave about 6.84 sharing.
        assert!(
            (shared_by_chance(16, 3, 62) - 6.84).abs() < 0.01,
            "{}",
            shared_by_chance(16, 3, 62)
        );
    }

    #[test]
    fn a_repeated_item_is_not_a_pair() {
        let repeated = ["cat", "cat"].map(String::from);
        assert_eq!(
            first_shared_pair(shape(16, 3, HashFamily::Fnv1a), &repeated),
            None
        );
    }
}
