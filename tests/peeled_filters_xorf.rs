//! Our xor and binary fuse filters against the `xorf` crate (Xor8, BinaryFuse8, built
//! without default features) at n = 10^6 random distinct keys and 10^6 other probes: the
//! same bits per key to within 1 %, and false-positive rates whose 95 % Wilson intervals
//! hold 2^-8. The xor filter's array is xorf's Xor8 array, slot for slot: both follow the
//! reference's construction from the same rng state.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::experiment::{splitmix64, MeasuredRate, GOLDEN_GAMMA};
use bloomlab::filter::fuse::BinaryFuseFilter;
use bloomlab::filter::xor::XorFilter;
use xorf::{BinaryFuse8, Filter, Xor8};

const N: u64 = 1_000_000;

/// 2·N distinct keys (SplitMix64 is a bijection): the first N are members, the rest probes.
fn keys() -> (Vec<u64>, Vec<u64>) {
    let all: Vec<u64> = (1..=2 * N)
        .map(|i| splitmix64(i.wrapping_mul(GOLDEN_GAMMA)))
        .collect();
    let (members, probes) = all.split_at(N as usize);
    (members.to_vec(), probes.to_vec())
}

fn rate(probes: &[u64], contains: impl Fn(u64) -> bool) -> MeasuredRate {
    MeasuredRate {
        false_positives: probes.iter().filter(|&&p| contains(p)).count() as u64,
        probes: probes.len() as u64,
    }
}

fn assert_near_2_to_minus_8(name: &str, measured: MeasuredRate) {
    let (lo, hi) = measured.interval();
    let target = 1.0 / 256.0;
    println!("{name}: rate {:.6} [{lo:.6}, {hi:.6}]", measured.rate());
    assert!(
        lo <= target && target <= hi,
        "{name}: 2^-8 outside [{lo}, {hi}]"
    );
}

fn assert_same_bits(name: &str, ours: u64, theirs: u64) {
    let (ours, theirs) = (ours as f64 / N as f64, theirs as f64 / N as f64);
    println!("{name}: {ours:.4} bits per key, xorf {theirs:.4}");
    assert!(
        (ours - theirs).abs() <= 0.01 * theirs,
        "{name}: {ours} against {theirs}"
    );
}

#[test]
fn xor8_uses_xorfs_space_and_array_and_measures_2_to_minus_8() {
    let (members, probes) = keys();
    let ours = XorFilter::build(&members, 8).unwrap();
    let theirs = Xor8::from(&members[..]);
    assert!(members
        .iter()
        .all(|&k| ours.contains(k) && theirs.contains(&k)));
    assert_same_bits(
        "xor8",
        ours.memory_bits(),
        theirs.fingerprints.len() as u64 * 8,
    );
    assert!((ours.bits_per_item() - 9.84).abs() < 0.005);
    assert_eq!(ours.seed(), theirs.seed);
    let ours_bytes: Vec<u8> = ours.fingerprints().iter().map(|&v| v as u8).collect();
    assert!(
        ours_bytes[..] == theirs.fingerprints[..],
        "the same array as xorf's Xor8"
    );
    assert_near_2_to_minus_8("ours xor8", rate(&probes, |p| ours.contains(p)));
    assert_near_2_to_minus_8("xorf Xor8", rate(&probes, |p| theirs.contains(&p)));
}

#[test]
fn binary_fuse8_uses_xorfs_space_and_measures_2_to_minus_8() {
    let (members, probes) = keys();
    let ours = BinaryFuseFilter::build(&members, 8).unwrap();
    let theirs = BinaryFuse8::try_from(&members[..]).unwrap();
    assert!(members
        .iter()
        .all(|&k| ours.contains(k) && theirs.contains(&k)));
    assert_same_bits(
        "fuse8",
        ours.memory_bits(),
        theirs.fingerprints.len() as u64 * 8,
    );
    assert!((ours.bits_per_item() - 9.04).abs() < 0.005);
    assert_near_2_to_minus_8("ours fuse8", rate(&probes, |p| ours.contains(p)));
    assert_near_2_to_minus_8("xorf BinaryFuse8", rate(&probes, |p| theirs.contains(&p)));
}
