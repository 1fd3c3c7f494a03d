//! The count-min sketch's columns and Zipf draws match values computed independently in
//! Python by tests/data/count_min_reference.py (FNV-1a 64 and SplitMix64 written out there,
//! no packages). To regenerate: `python3 tests/data/count_min_reference.py` and paste its
//! lines over the tables below.
#![cfg(not(target_arch = "wasm32"))]

use bloomlab::filter::count_min::{zipf_ranks, CountMinSketch};
use bloomlab::filter::HashFamily;

/// `(item, w, d, columns)`: row j's column is `((h1 + j·h2) mod 2^64) mod w` with h1 and h2
/// the low and high halves of FNV-1a 64 of the item's UTF-8 bytes.
const FNV_COLUMNS: &[(&str, u64, u32, &[u64])] = &[
    ("", 1, 1, &[0]),
    ("", 7, 4, &[6, 5, 4, 3]),
    ("", 16, 3, &[5, 9, 13]),
    ("", 272, 5, &[85, 217, 77, 209, 69]),
    (
        "",
        2048,
        16,
        &[
            805, 9, 1261, 465, 1717, 921, 125, 1377, 581, 1833, 1037, 241, 1493, 697, 1949, 1153,
        ],
    ),
    ("a", 1, 1, &[0]),
    ("a", 7, 4, &[2, 1, 0, 6]),
    ("a", 16, 3, &[12, 8, 4]),
    ("a", 272, 5, &[188, 248, 36, 96, 156]),
    (
        "a",
        2048,
        16,
        &[
            1164, 216, 1316, 368, 1468, 520, 1620, 672, 1772, 824, 1924, 976, 28, 1128, 180, 1280,
        ],
    ),
    ("apple", 1, 1, &[0]),
    ("apple", 7, 4, &[5, 4, 3, 2]),
    ("apple", 16, 3, &[15, 3, 7]),
    ("apple", 272, 5, &[127, 115, 103, 91, 79]),
    (
        "apple",
        2048,
        16,
        &[
            1471, 99, 775, 1451, 79, 755, 1431, 59, 735, 1411, 39, 715, 1391, 19, 695, 1371,
        ],
    ),
    ("count-min", 1, 1, &[0]),
    ("count-min", 7, 4, &[3, 1, 6, 4]),
    ("count-min", 16, 3, &[13, 12, 11]),
    ("count-min", 272, 5, &[93, 60, 27, 266, 233]),
    (
        "count-min",
        2048,
        16,
        &[
            685, 1292, 1899, 458, 1065, 1672, 231, 838, 1445, 4, 611, 1218, 1825, 384, 991, 1598,
        ],
    ),
    ("w1", 1, 1, &[0]),
    ("w1", 7, 4, &[0, 2, 4, 6]),
    ("w1", 16, 3, &[5, 12, 3]),
    ("w1", 272, 5, &[197, 108, 19, 202, 113]),
    (
        "w1",
        2048,
        16,
        &[
            773, 524, 275, 26, 1825, 1576, 1327, 1078, 829, 580, 331, 82, 1881, 1632, 1383, 1134,
        ],
    ),
    ("w2048", 1, 1, &[0]),
    ("w2048", 7, 4, &[6, 6, 6, 6]),
    ("w2048", 16, 3, &[8, 13, 2]),
    ("w2048", 272, 5, &[248, 189, 130, 71, 12]),
    (
        "w2048",
        2048,
        16,
        &[
            584, 269, 2002, 1687, 1372, 1057, 742, 427, 112, 1845, 1530, 1215, 900, 585, 270, 2003,
        ],
    ),
    ("布隆过滤器", 1, 1, &[0]),
    ("布隆过滤器", 7, 4, &[6, 3, 0, 4]),
    ("布隆过滤器", 16, 3, &[7, 7, 7]),
    ("布隆过滤器", 272, 5, &[23, 103, 183, 263, 71]),
    (
        "布隆过滤器",
        2048,
        16,
        &[
            151, 551, 951, 1351, 1751, 103, 503, 903, 1303, 1703, 55, 455, 855, 1255, 1655, 7,
        ],
    ),
    ("🙂", 1, 1, &[0]),
    ("🙂", 7, 4, &[5, 6, 0, 1]),
    ("🙂", 16, 3, &[11, 3, 11]),
    ("🙂", 272, 5, &[235, 179, 123, 67, 11]),
    (
        "🙂",
        2048,
        16,
        &[
            587, 1411, 187, 1011, 1835, 611, 1435, 211, 1035, 1859, 635, 1459, 235, 1059, 1883, 659,
        ],
    ),
];

#[test]
fn fnv_columns_match_the_independently_computed_table() {
    for &(item, width, depth, expected) in FNV_COLUMNS {
        let sketch = CountMinSketch::new(width, depth, HashFamily::Fnv1a).unwrap();
        assert_eq!(
            sketch.columns(item.as_bytes()),
            expected,
            "{item:?}, w = {width}, d = {depth}"
        );
    }
    assert_eq!(FNV_COLUMNS.len(), 40, "8 items × 5 shapes");
}

/// The script's last line: the first 8 ranks for V = 500, s = 1.1, seed 9.
#[test]
fn zipf_draws_match_the_independently_computed_ranks() {
    assert_eq!(
        zipf_ranks(500, 1.1, 8, 9).unwrap(),
        [34, 57, 2, 75, 2, 1, 26, 427]
    );
}
