//! The fifteen classic hashes against seed 000's own C functions, compiled here with the
//! system C compiler (`cc`, which Rust already needs as its linker) from
//! tests/data/seed000_hashes.c and run on the same items.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

use bloomlab::filter::classic_hashes::ClassicHash;

/// Items of every kind the C functions treat differently: short and long (past 96 and 256
/// bytes, where Tianl changes its sum), upper case (Tianl lowers it), bytes above 127 (C's
/// signed `char`), and pseudo-random bytes.
fn items() -> Vec<Vec<u8>> {
    let mut items: Vec<Vec<u8>> = [
        "a",
        "q",
        "cat",
        "Cat",
        "hello",
        "apple",
        "https://example.com/page?id=42",
        "布隆过滤器",
        "ブルームフィルター",
        "naïve café",
        "🙂 emoji",
        "ÀÉÎÕÜ",
        "ZZZ top",
        " ",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    for length in [95, 96, 97, 128, 129, 200, 255, 256, 257, 300, 1000] {
        items.push((0..length).map(|i| b'A' + (i % 26) as u8).collect());
        items.push("é".repeat(length / 2).into_bytes());
    }
    // A SplitMix64 stream of bytes 1–255 other than the line end.
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    for _ in 0..2000 {
        let length = (next() % 40 + 1) as usize;
        let item: Vec<u8> = (0..length)
            .map(|_| match (next() % 255 + 1) as u8 {
                b'\n' => b'x',
                b => b,
            })
            .collect();
        items.push(item);
    }
    items
}

#[test]
fn every_classic_hash_matches_the_seeds_c_program() {
    let dir = std::env::temp_dir().join(format!("bloomlab-seed000-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join("seed000_hashes");
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/seed000_hashes.c");
    let compiled = Command::new("cc")
        .args(["-w", "-O0", "-o"])
        .arg(&binary)
        .arg(source)
        .status()
        .expect("the system C compiler `cc` runs");
    assert!(compiled.success(), "the seed's C functions compile");
    let items = items();
    let mut input = Vec::new();
    for item in &items {
        input.extend_from_slice(item);
        input.push(b'\n');
    }
    let mut child = Command::new(&binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let output = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let lines: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(lines.len(), items.len());
    for (item, line) in items.iter().zip(lines) {
        let expected: Vec<u32> = line.split(' ').map(|v| v.parse().unwrap()).collect();
        let ours: Vec<u32> = ClassicHash::ALL.iter().map(|h| h.value(item)).collect();
        assert_eq!(ours, expected, "{:?}", String::from_utf8_lossy(item));
    }
}
