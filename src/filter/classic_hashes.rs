//! The fifteen string hashes of seed 000's C program, computed as that program computes
//! them on x86-64: 32-bit `unsigned int` arithmetic that wraps, C `char` signed (a byte
//! above 127 enters as a negative number), and `len` the item's length up to its first NUL
//! byte (`strlen`). Their formulas are on each [`ClassicHash`] variant; `tests/classic_hashes.rs`
//! compiles the C functions with the system compiler and compares.
//!
//! Two of them (HFLP and HF) return their value modulo the item's length, so they only ever
//! reach the first few positions of a filter; an empty item gives 0 (the C program would
//! divide by zero).

/// One of the classic string hashes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClassicHash {
    /// RS (Robert Sedgewick): `h = h·a + c; a = a·378551`, from `a = 63689`, `h = 0`.
    Rs,
    /// JS (Justin Sobel): `h ^= (h << 5) + c + (h >> 2)`, from `h = 1315423911`.
    Js,
    /// PJW (P. J. Weinberger): `h = (h << 4) + c`; when the top 4 bits `t` are set,
    /// `h = (h ^ (t >> 24)) & 0x0fffffff`.
    Pjw,
    /// ELF: `h = (h << 4) + c; x = h & 0xf0000000; if x ≠ 0 { h ^= x >> 24 }; h &= !x`.
    Elf,
    /// BKDR: `h = h·131 + c`.
    Bkdr,
    /// SDBM: `h = c + (h << 6) + (h << 16) − h`.
    Sdbm,
    /// DJB: `h = (h << 5) + h + c`, from `h = 5381`.
    Djb,
    /// DEK (Knuth): `h = ((h << 5) ^ (h >> 27)) ^ c`, from `h = len`.
    Dek,
    /// BP: `h = (h << 7) ^ c`.
    Bp,
    /// FNV as the seed writes it: `h = h·0x811c9dc5; h ^= c`, from `h = 0` (it multiplies by
    /// FNV's 32-bit offset basis, not its prime).
    Fnv32,
    /// AP (Arash Partow): at even i `h ^= (h << 7) ^ c·(h >> 3)`, at odd i
    /// `h ^= !(((h << 11) + c) ^ (h >> 5))`, from `h = 0xaaaaaaaa`.
    Ap,
    /// HFLP: the bytes XORed into the four bytes of a little-endian word (byte i into byte
    /// i mod 4), that word modulo len.
    Hflp,
    /// HF: `r = Σ c·3·i` over i = 1…len in a wrapping 32-bit signed int, made non-negative,
    /// modulo len.
    Hf,
    /// Str: `h = 31·h + b` over the bytes taken unsigned.
    Str,
    /// Tianl: `16777216·(len − 1)` (a wrapping 32-bit int, widened as signed), or
    /// 42781900080 above 256 bytes, plus `(3·i·u² + 5·i·u + 7·i + 11·u) mod 1677216` for
    /// i = 1…96 over the last 96 bytes `u` (unsigned, A–Z lowered), truncated to 32 bits.
    Tianl,
}

impl ClassicHash {
    /// All fifteen, in the order the seed defines them.
    pub const ALL: [ClassicHash; 15] = [
        ClassicHash::Rs,
        ClassicHash::Js,
        ClassicHash::Pjw,
        ClassicHash::Elf,
        ClassicHash::Bkdr,
        ClassicHash::Sdbm,
        ClassicHash::Djb,
        ClassicHash::Dek,
        ClassicHash::Bp,
        ClassicHash::Fnv32,
        ClassicHash::Ap,
        ClassicHash::Hflp,
        ClassicHash::Hf,
        ClassicHash::Str,
        ClassicHash::Tianl,
    ];

    /// The six hashes the seed's filter uses, in its order: hash i of a `seed000` filter.
    pub const SEED_FILTER: [ClassicHash; 6] = [
        ClassicHash::Hflp,
        ClassicHash::Str,
        ClassicHash::Hf,
        ClassicHash::Dek,
        ClassicHash::Tianl,
        ClassicHash::Sdbm,
    ];

    /// The name used in links and `data-hash` attributes.
    pub fn key(self) -> &'static str {
        match self {
            ClassicHash::Rs => "rs",
            ClassicHash::Js => "js",
            ClassicHash::Pjw => "pjw",
            ClassicHash::Elf => "elf",
            ClassicHash::Bkdr => "bkdr",
            ClassicHash::Sdbm => "sdbm",
            ClassicHash::Djb => "djb",
            ClassicHash::Dek => "dek",
            ClassicHash::Bp => "bp",
            ClassicHash::Fnv32 => "fnv32",
            ClassicHash::Ap => "ap",
            ClassicHash::Hflp => "hflp",
            ClassicHash::Hf => "hf",
            ClassicHash::Str => "str",
            ClassicHash::Tianl => "tianl",
        }
    }

    /// The name as the seed writes it: `RSHash` without `Hash`.
    pub fn label(self) -> &'static str {
        match self {
            ClassicHash::Rs => "RS",
            ClassicHash::Js => "JS",
            ClassicHash::Pjw => "PJW",
            ClassicHash::Elf => "ELF",
            ClassicHash::Bkdr => "BKDR",
            ClassicHash::Sdbm => "SDBM",
            ClassicHash::Djb => "DJB",
            ClassicHash::Dek => "DEK",
            ClassicHash::Bp => "BP",
            ClassicHash::Fnv32 => "FNV",
            ClassicHash::Ap => "AP",
            ClassicHash::Hflp => "HFLP",
            ClassicHash::Hf => "HF",
            ClassicHash::Str => "Str",
            ClassicHash::Tianl => "Tianl",
        }
    }

    /// The update rule per character c (signed unless said), as the page shows it.
    pub fn formula(self) -> &'static str {
        match self {
            ClassicHash::Rs => "h = h·a + c; a = a·378551 (a = 63689)",
            ClassicHash::Js => "h ^= (h << 5) + c + (h >> 2) (h = 1315423911)",
            ClassicHash::Pjw => {
                "h = (h << 4) + c; t = h & 0xf0000000; if t: h = (h ^ (t >> 24)) & 0x0fffffff"
            }
            ClassicHash::Elf => "h = (h << 4) + c; x = h & 0xf0000000; if x: h ^= x >> 24; h &= ~x",
            ClassicHash::Bkdr => "h = h·131 + c",
            ClassicHash::Sdbm => "h = c + (h << 6) + (h << 16) − h",
            ClassicHash::Djb => "h = (h << 5) + h + c (h = 5381)",
            ClassicHash::Dek => "h = ((h << 5) ^ (h >> 27)) ^ c (h = len)",
            ClassicHash::Bp => "h = (h << 7) ^ c",
            ClassicHash::Fnv32 => "h = h·0x811c9dc5; h ^= c",
            ClassicHash::Ap => {
                "even i: h ^= (h << 7) ^ c·(h >> 3); odd i: h ^= ~((h << 11) + c ^ (h >> 5))"
            }
            ClassicHash::Hflp => "w.byte[i mod 4] ^= c; h = w mod len",
            ClassicHash::Hf => "r = Σ c·3·i (i = 1…len); h = |r| mod len",
            ClassicHash::Str => "h = 31·h + b (b unsigned)",
            ClassicHash::Tianl => {
                "h = 2^24·(len − 1) + Σ (3iu² + 5iu + 7i + 11u) mod 1677216 (last 96 bytes)"
            }
        }
    }

    /// The hash's 32-bit value of `bytes` (up to the first NUL, as C reads a string).
    pub fn value(self, bytes: &[u8]) -> u32 {
        let bytes = &bytes[..bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len())];
        let len = bytes.len() as u32;
        // C `char` is signed on x86-64: a byte enters the sum sign-extended.
        let signed = |b: u8| b as i8 as i32 as u32;
        let fold = |start: u32, step: &dyn Fn(u32, u32) -> u32| {
            bytes.iter().fold(start, |h, &b| step(h, signed(b)))
        };
        match self {
            ClassicHash::Rs => {
                let (mut h, mut a) = (0u32, 63689u32);
                for &b in bytes {
                    h = h.wrapping_mul(a).wrapping_add(signed(b));
                    a = a.wrapping_mul(378551);
                }
                h
            }
            ClassicHash::Js => fold(1315423911, &|h, c| {
                h ^ (h << 5).wrapping_add(c).wrapping_add(h >> 2)
            }),
            ClassicHash::Pjw => fold(0, &|h, c| {
                let h = (h << 4).wrapping_add(c);
                let top = h & 0xf000_0000;
                if top != 0 {
                    (h ^ (top >> 24)) & !0xf000_0000
                } else {
                    h
                }
            }),
            ClassicHash::Elf => fold(0, &|h, c| {
                let mut h = (h << 4).wrapping_add(c);
                let x = h & 0xf000_0000;
                if x != 0 {
                    h ^= x >> 24;
                }
                h & !x
            }),
            ClassicHash::Bkdr => fold(0, &|h, c| h.wrapping_mul(131).wrapping_add(c)),
            ClassicHash::Sdbm => fold(0, &|h, c| {
                c.wrapping_add(h << 6).wrapping_add(h << 16).wrapping_sub(h)
            }),
            ClassicHash::Djb => fold(5381, &|h, c| (h << 5).wrapping_add(h).wrapping_add(c)),
            ClassicHash::Dek => fold(len, &|h, c| ((h << 5) ^ (h >> 27)) ^ c),
            ClassicHash::Bp => fold(0, &|h, c| (h << 7) ^ c),
            ClassicHash::Fnv32 => fold(0, &|h, c| h.wrapping_mul(0x811c_9dc5) ^ c),
            ClassicHash::Ap => bytes.iter().enumerate().fold(0xaaaa_aaaa, |h, (i, &b)| {
                let c = signed(b);
                h ^ if i % 2 == 0 {
                    (h << 7) ^ c.wrapping_mul(h >> 3)
                } else {
                    !((h << 11).wrapping_add(c) ^ (h >> 5))
                }
            }),
            ClassicHash::Hflp => {
                let mut word = [0u8; 4];
                for (i, &b) in bytes.iter().enumerate() {
                    word[i % 4] ^= b;
                }
                u32::from_le_bytes(word).checked_rem(len).unwrap_or(0)
            }
            ClassicHash::Hf => {
                let sum = bytes.iter().zip(1i32..).fold(0i32, |r, (&b, i)| {
                    r.wrapping_add((b as i8 as i32).wrapping_mul(3).wrapping_mul(i))
                });
                (sum.wrapping_abs() as u32).checked_rem(len).unwrap_or(0)
            }
            ClassicHash::Str => bytes
                .iter()
                .fold(0u32, |h, &b| h.wrapping_mul(31).wrapping_add(u32::from(b))),
            ClassicHash::Tianl => tianl(bytes),
        }
    }
}

/// Tianl's hash (see [`ClassicHash::Tianl`]): a 64-bit `unsigned long` sum returned as a
/// 32-bit `unsigned int`.
fn tianl(bytes: &[u8]) -> u32 {
    let length = bytes.len();
    if length == 0 {
        return 0;
    }
    let mut value: u64 = if length <= 256 {
        16_777_216i32.wrapping_mul(length as i32 - 1) as i64 as u64
    } else {
        42_781_900_080
    };
    let last = &bytes[length.saturating_sub(96)..];
    for (i, &b) in (1i32..).zip(last) {
        let u = i32::from(b.to_ascii_lowercase());
        let term = (3 * i * u * u + 5 * i * u + 7 * i + 11 * u) % 1_677_216;
        value = value.wrapping_add(term as u64);
    }
    value as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_values_of_the_common_hashes() {
        // DJB2 of "hello" is 261238937 (0x0f923099); SDBM of "a" is 97.
        assert_eq!(ClassicHash::Djb.value(b"hello"), 261_238_937);
        assert_eq!(ClassicHash::Sdbm.value(b"a"), 97);
        assert_eq!(ClassicHash::Str.value(b"abc"), 96_354); // Java's "abc".hashCode()
        assert_eq!(ClassicHash::Dek.value(b""), 0);
    }

    #[test]
    fn hflp_and_hf_stay_below_the_length() {
        for item in ["a", "cat", "https://example.com/page", "布隆"] {
            let len = item.len() as u32;
            assert!(ClassicHash::Hflp.value(item.as_bytes()) < len, "{item}");
            assert!(ClassicHash::Hf.value(item.as_bytes()) < len, "{item}");
        }
        assert_eq!(ClassicHash::Hflp.value(b""), 0);
        assert_eq!(ClassicHash::Hf.value(b""), 0);
    }

    #[test]
    fn a_nul_byte_ends_the_item_as_in_c() {
        for hash in ClassicHash::ALL {
            assert_eq!(hash.value(b"ab\0cd"), hash.value(b"ab"), "{}", hash.key());
        }
    }
}
