//! The xor and binary fuse filters: keys, seeds, positions, fingerprints, sizing and whole
//! arrays against a Python port of the authors' reference (tests/data/xor_reference.py),
//! every key's equation on random sets, the walked construction against the fast one,
//! retries after a failed attempt and the typed errors.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::fuse::{BinaryFuseFilter, FuseShape, FUSE_RETRY_WORDS, FUSE_RNG_START};
use bloomlab::filter::peeling::{
    fingerprint_of, key_of, mix_split, next_seed, ConstructionWalk, PeelAttempt, PeelError,
    PeelEvent, PeeledFilter, PeelingShape, MAX_ATTEMPTS,
};
use bloomlab::filter::xor::{
    XorFilter, XorShape, RETRY_SEARCH_WORDS, XOR_RETRY_WORDS, XOR_RNG_START,
};
use proptest::prelude::*;

const TABLE: &str = include_str!("data/xor_reference.tsv");

fn rows(kind: &str) -> Vec<Vec<&'static str>> {
    TABLE
        .lines()
        .filter(|line| line.split('\t').next() == Some(kind))
        .map(|line| line.split('\t').skip(1).collect())
        .collect()
}

fn num(text: &str) -> u64 {
    text.parse().unwrap()
}

fn from_hex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

fn keys_of(words: &[&str]) -> Vec<u64> {
    words.iter().map(|w| key_of(w.as_bytes())).collect()
}

#[test]
fn keys_and_seeds_match_the_python_port() {
    let keys = rows("key");
    assert_eq!(keys.len(), 200);
    for row in keys {
        assert_eq!(key_of(&from_hex(row[0])), num(row[1]), "{row:?}");
    }
    let seeds = rows("seed");
    assert_eq!(seeds.len(), 10);
    for row in seeds {
        let mut state = num(row[0]);
        let draws: Vec<u64> = (0..num(row[1])).map(|_| next_seed(&mut state)).collect();
        assert_eq!(*draws.last().unwrap(), num(row[2]), "{row:?}");
    }
    assert_eq!(num(rows("seed")[0][0]), XOR_RNG_START);
    assert_eq!(num(rows("seed")[5][0]), FUSE_RNG_START);
}

#[test]
fn xor_positions_and_fingerprints_match_the_python_port() {
    let table = rows("xor");
    assert_eq!(table.len(), 5 * 2 * 200);
    for row in table {
        let n: Vec<u64> = row.iter().map(|c| num(c)).collect();
        let shape = XorShape::for_keys(n[0]).unwrap();
        assert_eq!(shape.block_length() as u64, n[1], "{row:?}");
        let hash = mix_split(n[3], n[2]);
        assert_eq!(hash, n[4]);
        assert_eq!(
            shape.slots(hash).map(u64::from),
            [n[5], n[6], n[7]],
            "{row:?}"
        );
        assert_eq!(fingerprint_of(hash, 8) as u64, n[8]);
        assert_eq!(fingerprint_of(hash, 16) as u64, n[9]);
    }
}

#[test]
fn fuse_sizing_matches_the_python_port() {
    let table = rows("fusesize");
    assert!(table.len() >= 30);
    for row in table {
        let shape = FuseShape::for_keys(num(row[0])).unwrap();
        assert_eq!(shape.segment_length() as u64, num(row[1]), "{row:?}");
        let factor: f64 = row[2].parse().unwrap();
        assert!((shape.size_factor() - factor).abs() < 1e-12, "{row:?}");
        assert_eq!(shape.target() as u64, num(row[3]), "{row:?}");
        assert_eq!(shape.segment_count() as u64, num(row[4]), "{row:?}");
        assert_eq!(shape.array_length() as u64, num(row[5]), "{row:?}");
    }
}

#[test]
fn fuse_positions_and_fingerprints_match_the_python_port() {
    let table = rows("fuse");
    assert_eq!(table.len(), 5 * 2 * 200);
    for row in table {
        let n: Vec<u64> = row.iter().map(|c| num(c)).collect();
        let shape = FuseShape::for_keys(n[0]).unwrap();
        let hash = mix_split(n[2], n[1]);
        assert_eq!(hash, n[3]);
        assert_eq!(
            shape.slots(hash).map(u64::from),
            [n[4], n[5], n[6]],
            "{row:?}"
        );
        assert_eq!(fingerprint_of(hash, 8) as u64, n[7]);
        assert_eq!(fingerprint_of(hash, 16) as u64, n[8]);
    }
}

/// The keys of a set named in the table: comma-separated words, or word0..word299.
fn set_keys(name: &str) -> Vec<u64> {
    if name == "word0..word299" {
        (0..300)
            .map(|i| key_of(format!("word{i}").as_bytes()))
            .collect()
    } else {
        keys_of(&name.split(',').collect::<Vec<_>>())
    }
}

fn assert_same_array<S: PeelingShape>(filter: &PeeledFilter<S>, row: &[&str]) {
    assert_eq!(filter.attempts() as u64, num(row[1]), "{row:?}");
    assert_eq!(filter.seed(), num(row[2]), "{row:?}");
    let ours: Vec<u8> = filter.fingerprints().iter().map(|&v| v as u8).collect();
    assert_eq!(ours, from_hex(row[3]), "{row:?}");
}

#[test]
fn whole_arrays_match_the_python_port_of_the_reference_construction() {
    let (xor, fuse) = (rows("xorarray"), rows("fusearray"));
    assert_eq!((xor.len(), fuse.len()), (6, 6));
    for row in xor {
        assert_same_array(&XorFilter::build(&set_keys(row[0]), 8).unwrap(), &row);
    }
    for row in fuse {
        assert_same_array(
            &BinaryFuseFilter::build(&set_keys(row[0]), 8).unwrap(),
            &row,
        );
    }
}

/// Every key's equation `B[h0] ⊕ B[h1] ⊕ B[h2] = fp`, and so `contains`.
fn assert_every_equation<S: PeelingShape>(filter: &PeeledFilter<S>, keys: &[u64]) {
    let b = filter.fingerprints();
    for &key in keys {
        let [h0, h1, h2] = filter.positions(key);
        assert_eq!(
            b[h0 as usize] ^ b[h1 as usize] ^ b[h2 as usize],
            filter.fingerprint(key),
            "key {key}"
        );
        let query = filter.query(key);
        assert!(query.contains && filter.contains(key));
        assert_eq!(query.xor, query.fingerprint);
    }
    assert!(b
        .iter()
        .all(|&v| (v as u32) < 1 << filter.fingerprint_bits()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_key_of_a_random_set_satisfies_its_equation(
        keys in prop::collection::vec(any::<u64>(), 1..=10_000),
        bits in 1u32..=16,
    ) {
        let xor = XorFilter::build(&keys, bits).unwrap();
        assert_every_equation(&xor, &keys);
        let fuse = BinaryFuseFilter::build(&keys, bits).unwrap();
        assert_every_equation(&fuse, &keys);
        let distinct = bloomlab::filter::peeling::distinct_keys(&keys).len() as u64;
        prop_assert_eq!(xor.len(), distinct);
        prop_assert_eq!(xor.memory_bits(), XorShape::capacity(distinct) * bits as u64);
        prop_assert_eq!(
            fuse.memory_bits(),
            FuseShape::for_keys(distinct).unwrap().array_length() as u64 * bits as u64
        );
    }

    #[test]
    fn the_walked_build_gives_the_fast_builds_array(
        keys in prop::collection::vec(any::<u64>(), 0..=300),
        bits in 1u32..=16,
    ) {
        let (walked, walk) = XorFilter::build_walked(&keys, bits).unwrap();
        prop_assert_eq!(&walked, &XorFilter::build(&keys, bits).unwrap());
        check_walk(&walked, &walk);
        let (walked, walk) = BinaryFuseFilter::build_walked(&keys, bits).unwrap();
        prop_assert_eq!(&walked, &BinaryFuseFilter::build(&keys, bits).unwrap());
        check_walk(&walked, &walk);
    }
}

/// The walk tells the construction: the counts of each attempt are the keys' slots
/// counted, its stacks the single-key slots, each peeled key is given one of its slots, a
/// failed attempt leaves a 2-core, and the assignment sets each slot by its equation.
fn check_walk<S: PeelingShape>(filter: &PeeledFilter<S>, walk: &ConstructionWalk) {
    let keys: Vec<u64> = walk.assignment.iter().map(|a| a.key).collect();
    assert_eq!(walk.attempts.len() as u32, filter.attempts());
    let mut state = S::RNG_START;
    for (i, attempt) in walk.attempts.iter().enumerate() {
        assert_eq!(attempt.seed, next_seed(&mut state));
        assert_eq!(attempt.succeeded(), i + 1 == walk.attempts.len());
        let slots_of = |key: u64| filter.shape().slots(mix_split(key, attempt.seed));
        let mut counts = vec![0u32; filter.fingerprints().len()];
        for &key in &keys {
            for slot in slots_of(key) {
                counts[slot as usize] += 1;
            }
        }
        assert_eq!(attempt.counts, counts);
        let singles: Vec<u32> = attempt.stacks.concat();
        let expected: Vec<u32> = (0..counts.len() as u32)
            .filter(|&s| counts[s as usize] == 1)
            .collect();
        assert_eq!(singles, expected);
        replay_stacks(filter.shape(), attempt);
        let peeled: Vec<(u64, u32)> = attempt.peeled().collect();
        assert_eq!(peeled.len() + attempt.remaining.len(), keys.len());
        for &(key, slot) in &peeled {
            assert!(slots_of(key).contains(&slot));
        }
        for &key in &attempt.remaining {
            for slot in slots_of(key) {
                let sharing = attempt
                    .remaining
                    .iter()
                    .filter(|&&k| slots_of(k).contains(&slot));
                assert!(sharing.count() >= 2, "a 2-core slot holds two keys or more");
            }
        }
    }
    let last = walk.attempts.last().unwrap();
    let peeled: Vec<(u64, u32)> = last.peeled().collect();
    let reversed: Vec<(u64, u32)> = walk
        .assignment
        .iter()
        .rev()
        .map(|a| (a.key, a.slot))
        .collect();
    assert_eq!(
        peeled, reversed,
        "the assignment runs in reverse peeling order"
    );
    let mut b = vec![0u16; filter.fingerprints().len()];
    for step in &walk.assignment {
        assert_eq!(step.fingerprint, filter.fingerprint(step.key));
        assert_eq!(step.other_values, step.others.map(|s| b[s as usize]));
        assert_eq!(
            step.value,
            step.fingerprint ^ step.other_values[0] ^ step.other_values[1]
        );
        b[step.slot as usize] = step.value;
    }
    assert_eq!(b, filter.fingerprints());
}

/// The events follow the stacks: stack 0 is emptied from its top, then stack 1, then 2,
/// again until all are empty; a peeled key's `pushed` slots go onto their stacks.
fn replay_stacks<S: PeelingShape>(shape: &S, attempt: &PeelAttempt) {
    let mut stacks = attempt.stacks.clone();
    assert_eq!(stacks.len(), shape.stack_count());
    let mut events = attempt.events.iter();
    while stacks.iter().any(|s| !s.is_empty()) {
        for q in 0..stacks.len() {
            while let Some(slot) = stacks[q].pop() {
                match events.next().unwrap() {
                    PeelEvent::Stale { slot: s } => assert_eq!(*s, slot),
                    PeelEvent::Peeled {
                        slot: s, pushed, ..
                    } => {
                        assert_eq!(*s, slot);
                        for &p in pushed {
                            stacks[shape.stack_of(p)].push(p);
                        }
                    }
                }
            }
        }
    }
    assert!(events.next().is_none());
}

#[test]
fn the_walked_build_of_ten_thousand_keys_gives_the_fast_builds_array() {
    let keys: Vec<u64> = (0..10_000u64).map(|i| mix_split(i, 42)).collect();
    let (walked, walk) = XorFilter::build_walked(&keys, 8).unwrap();
    assert_eq!(walked, XorFilter::build(&keys, 8).unwrap());
    check_walk(&walked, &walk);
    let (walked, walk) = BinaryFuseFilter::build_walked(&keys, 8).unwrap();
    assert_eq!(walked, BinaryFuseFilter::build(&keys, 8).unwrap());
    check_walk(&walked, &walk);
}

/// The first `size`-word combination of the search words, in lexicographic order of
/// positions, whose first attempt fails.
fn first_failing_combination<S: PeelingShape>(size: usize) -> Option<Vec<&'static str>> {
    let words = RETRY_SEARCH_WORDS;
    let mut chosen: Vec<usize> = (0..size).collect();
    loop {
        let set: Vec<&str> = chosen.iter().map(|&i| words[i]).collect();
        if PeeledFilter::<S>::build(&keys_of(&set), 8)
            .unwrap()
            .attempts()
            > 1
        {
            return Some(set);
        }
        // The next combination: the last position that can move moves, the rest follow it.
        let i = (0..size)
            .rev()
            .find(|&i| chosen[i] < words.len() - size + i)?;
        chosen[i] += 1;
        for j in i + 1..size {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
}

#[test]
fn the_pinned_retry_words_are_the_first_failing_eight_words_of_the_search() {
    assert_eq!(
        first_failing_combination::<XorShape>(8).unwrap(),
        XOR_RETRY_WORDS
    );
    assert_eq!(
        first_failing_combination::<FuseShape>(8).unwrap(),
        FUSE_RETRY_WORDS
    );
}

fn check_retry<S: PeelingShape>(words: &[&str]) -> ConstructionWalk {
    let (filter, walk) = PeeledFilter::<S>::build_walked(&keys_of(words), 8).unwrap();
    assert_eq!(filter.attempts(), 2);
    let mut state = S::RNG_START;
    let seeds = [next_seed(&mut state), next_seed(&mut state)];
    assert_eq!(
        walk.attempts.iter().map(|a| a.seed).collect::<Vec<_>>(),
        seeds
    );
    assert_eq!(filter.seed(), seeds[1]);
    assert!(!walk.attempts[0].succeeded() && walk.attempts[0].remaining.len() >= 2);
    assert!(walk.attempts[1].succeeded());
    check_walk(&filter, &walk);
    assert_every_equation(&filter, &keys_of(words));
    walk
}

#[test]
fn a_failed_attempt_is_retried_with_the_next_seed() {
    let xor = check_retry::<XorShape>(&XOR_RETRY_WORDS);
    let fuse = check_retry::<FuseShape>(&FUSE_RETRY_WORDS);
    // Print the 2-cores and seeds for the report and the lesson.
    for (name, walk) in [("xor", xor), ("fuse", fuse)] {
        let words: Vec<&str> = RETRY_SEARCH_WORDS
            .into_iter()
            .filter(|w| walk.attempts[0].remaining.contains(&key_of(w.as_bytes())))
            .collect();
        println!(
            "{name}: seeds {:#x} {:#x}, 2-core {words:?}",
            walk.attempts[0].seed, walk.attempts[1].seed
        );
    }
}

#[test]
fn an_array_too_small_fails_every_attempt_and_a_caller_shape_can_fail_then_succeed() {
    let keys = keys_of(&RETRY_SEARCH_WORDS);
    let one_slot_blocks = XorShape::with_block_length(1).unwrap();
    assert_eq!(
        XorFilter::build_with(one_slot_blocks, &keys, 8, XOR_RNG_START),
        Err(PeelError::Unpeelable {
            attempts: MAX_ATTEMPTS
        })
    );
    let tiny = FuseShape::with_segments(1, 1).unwrap();
    assert_eq!(
        BinaryFuseFilter::build_with(tiny, &keys, 8, FUSE_RNG_START),
        Err(PeelError::Unpeelable {
            attempts: MAX_ATTEMPTS
        })
    );
    // 20 keys in 24 slots (3 blocks of 8; 6 segments of 4): some seeds peel, not all.
    let shape = XorShape::with_block_length(8).unwrap();
    let (filter, walk) = XorFilter::build_walked_with(shape, &keys, 8, XOR_RNG_START).unwrap();
    assert!(filter.attempts() > 1);
    check_walk(&filter, &walk);
    assert_every_equation(&filter, &keys);
    let shape = FuseShape::with_segments(4, 4).unwrap();
    let built = BinaryFuseFilter::build_walked_with(shape, &keys, 8, FUSE_RNG_START);
    let (filter, walk) = built.unwrap();
    assert!(filter.attempts() > 1);
    check_walk(&filter, &walk);
    assert_every_equation(&filter, &keys);
}

#[test]
fn repeated_keys_are_removed_before_building() {
    let keys = keys_of(&["cat", "dog", "cat", "emu", "dog", "cat"]);
    let filter = XorFilter::build(&keys, 8).unwrap();
    assert_eq!(
        filter,
        XorFilter::build(&keys_of(&["cat", "dog", "emu"]), 8).unwrap()
    );
    assert_eq!(filter.len(), 3);
    let fuse = BinaryFuseFilter::build(&keys, 8).unwrap();
    assert_eq!(
        fuse,
        BinaryFuseFilter::build(&keys_of(&["emu", "dog", "cat"]), 8).unwrap()
    );
}

#[test]
fn an_empty_set_builds_an_all_zero_array() {
    let xor = XorFilter::build(&[], 8).unwrap();
    assert_eq!(xor.fingerprints(), &[0; 30][..]);
    assert!(xor.is_empty() && xor.bits_per_item() == 0.0);
    let fuse = BinaryFuseFilter::build(&[], 8).unwrap();
    assert_eq!(fuse.fingerprints(), &[0; 12][..]);
    // A key is reported present exactly when its fingerprint is 0.
    for key in 0..1000 {
        assert_eq!(xor.contains(key), xor.fingerprint(key) == 0);
    }
}

#[test]
fn bad_settings_are_typed_errors() {
    for bits in [0, 17, 64] {
        let refused = Some(PeelError::FingerprintBits { requested: bits });
        assert_eq!(XorFilter::build(&[1, 2], bits).err(), refused);
        assert_eq!(BinaryFuseFilter::build(&[1, 2], bits).err(), refused);
    }
    assert_eq!(XorShape::with_block_length(0), Err(PeelError::EmptyShape));
    assert_eq!(FuseShape::with_segments(0, 1), Err(PeelError::EmptyShape));
    assert_eq!(FuseShape::with_segments(8, 0), Err(PeelError::EmptyShape));
    assert_eq!(FuseShape::with_segments(12, 1), Err(PeelError::EmptyShape));
    assert!(matches!(
        FuseShape::with_segments(1 << 19, 1),
        Err(PeelError::TooLarge { .. })
    ));
    assert_eq!(
        XorShape::for_keys(1 << 27),
        Err(PeelError::TooManyKeys { requested: 1 << 27 })
    );
    // 2^22 keys at 16 bits: 5.2 million slots, over the page's 2^25 bits.
    let big = XorShape::for_keys(1 << 22).unwrap();
    assert!(matches!(
        XorFilter::build_with(big, &[1], 16, 1),
        Err(PeelError::TooLarge { .. })
    ));
}

#[test]
fn the_sizing_rules_at_the_pages_sizes() {
    // n = 8: xor ⌊(32 + 9.84) / 3⌋ · 3 = 39; fuse L = 8, s = 1, c = 24.
    assert_eq!(XorShape::capacity(8), 39);
    let fuse = FuseShape::for_keys(8).unwrap();
    assert_eq!(
        (
            fuse.segment_length(),
            fuse.segment_count(),
            fuse.array_length()
        ),
        (8, 1, 24)
    );
    // n = 30: xor 66 slots; fuse L = 32, three whole segments, 96: more room.
    assert_eq!(XorShape::capacity(30), 66);
    assert_eq!(FuseShape::for_keys(30).unwrap().array_length(), 96);
    // n = 10^6: xor 1,230,030 slots (9.84 bits per key at f = 8); fuse L = 8192,
    // s = ⌈1,125,000 / 8192⌉ − 2 = 136, c = 138 · 8192 = 1,130,496 (9.04 bits per key).
    assert_eq!(XorShape::capacity(1_000_000), 1_230_030);
    let fuse = FuseShape::for_keys(1_000_000).unwrap();
    assert_eq!((fuse.segment_length(), fuse.segment_count()), (8192, 136));
    assert_eq!(fuse.array_length(), 1_130_496);
    assert_eq!(fuse.size_factor(), 1.125);
}
