//! Footers that declare what their bytes cannot hold: the guard refuses each by name before
//! the parquet crate sees it (on wasm32 the crate traps on them; natively it copes, so these
//! tests check the guard's decisions), passes real and sound footers, and walks any bytes in
//! at most one step a byte.
#![cfg(not(target_arch = "wasm32"))]

#[path = "support/crafted_footers.rs"]
mod crafted_footers;

use bloomlab::filter::parquet_summary::{FileError, Refusal};
use bloomlab::parquet_reader::footer_guard::{
    check_footer, check_footer_counted, NESTING_LIMIT, SCHEMA_DEPTH_LIMIT,
};
use bloomlab::parquet_reader::read_bloom_filters;
use crafted_footers::*;
use proptest::prelude::*;

/// parquet-testing's `data_index_bloom_encoding_stats.parquet` (tests/data/parquet/README.md).
const SHARED: &[u8] = include_bytes!("data/parquet/data_index_bloom_encoding_stats.parquet");

/// The footer of a file: the bytes before its 8-byte tail, as long as the tail says.
fn footer_of(file: &[u8]) -> &[u8] {
    let tail = &file[file.len() - 8..];
    let footer_len = u32::from_le_bytes(tail[..4].try_into().unwrap()) as usize;
    &file[file.len() - 8 - footer_len..file.len() - 8]
}

/// What the reader answers for a file of nothing but `footer`.
fn read_footer(footer: &[u8]) -> Result<(), FileError> {
    read_bloom_filters(&parquet_file(footer)).map(drop)
}

fn refused(reason: Refusal) -> Result<(), FileError> {
    Err(FileError::Refused { reason })
}

#[test]
fn a_sound_crafted_footer_passes_the_guard_and_the_crate_reads_it() {
    let footer = sound_footer();
    assert_eq!(check_footer(&footer).unwrap().schema_elements, 2);
    // The crate decodes it: a schema of one column and no row groups, so no filter.
    assert_eq!(
        read_footer(&footer),
        Err(FileError::NoBloomFilter { columns: 0 })
    );
}

#[test]
fn a_root_declaring_two_to_the_31_minus_1_children_is_refused() {
    let reason = Refusal::SchemaChildren {
        element: 0,
        declared: i64::from(i32::MAX),
        following: 1,
    };
    assert_eq!(read_footer(&root_with_huge_children()), refused(reason));
}

#[test]
fn a_leaf_declaring_two_to_the_31_minus_1_children_is_refused() {
    let reason = Refusal::SchemaChildren {
        element: 1,
        declared: i64::from(i32::MAX),
        following: 0,
    };
    assert_eq!(read_footer(&leaf_with_huge_children()), refused(reason));
}

#[test]
fn negative_children_and_one_child_too_many_are_refused() {
    let negative = footer_with_schema(&[("schema", Some(-1)), ("leaf", None)]);
    let reason = Refusal::SchemaChildren {
        element: 0,
        declared: -1,
        following: 1,
    };
    assert_eq!(read_footer(&negative), refused(reason));
    let one_too_many = footer_with_schema(&[("schema", Some(2)), ("leaf", None)]);
    let reason = Refusal::SchemaChildren {
        element: 0,
        declared: 2,
        following: 1,
    };
    assert_eq!(read_footer(&one_too_many), refused(reason));
    // Exactly the elements that follow pass the guard.
    let two = footer_with_schema(&[("schema", Some(2)), ("a", None), ("b", None)]);
    assert_eq!(
        read_footer(&two),
        Err(FileError::NoBloomFilter { columns: 0 })
    );
}

#[test]
fn a_schema_ten_thousand_levels_deep_is_refused() {
    let limit = SCHEMA_DEPTH_LIMIT;
    let reason = Refusal::SchemaTooDeep { limit };
    assert_eq!(
        read_footer(&schema_levels_deep(10_000)),
        refused(reason.clone())
    );
    assert_eq!(
        read_footer(&schema_levels_deep(limit as usize + 1)),
        refused(reason)
    );
    // A schema as deep as the bound passes, and the crate reads it.
    let deepest = schema_levels_deep(limit as usize);
    assert_eq!(
        read_footer(&deepest),
        Err(FileError::NoBloomFilter { columns: 0 })
    );
}

#[test]
fn a_list_declaring_two_to_the_29_elements_is_refused() {
    // After the list's header only the footer's stop byte is left.
    let reason = Refusal::CountPastEnd {
        declared: 1 << 29,
        bytes_left: 1,
    };
    assert_eq!(read_footer(&list_declaring(1 << 29)), refused(reason));
}

#[test]
fn a_string_declaring_two_to_the_31_bytes_is_refused() {
    // After the length: "abc" and the footer's stop byte.
    let reason = Refusal::LengthPastEnd {
        declared: 1 << 31,
        bytes_left: 4,
    };
    assert_eq!(read_footer(&string_declaring(1 << 31)), refused(reason));
}

/// A sound footer with field 20 (unknown to Parquet): structs nested `levels` deep.
fn footer_nesting(levels: u32) -> Vec<u8> {
    let mut footer = sound_footer();
    footer.pop();
    footer.extend_from_slice(&[STRUCT, 40]); // field 20, a struct (full id: zig-zag 40)
    footer.extend(std::iter::repeat_n(0x1c, levels as usize - 1)); // field 1, a struct
    footer.extend(std::iter::repeat_n(0, levels as usize + 1));
    footer
}

#[test]
fn nesting_deeper_than_the_bound_is_refused() {
    // FileMetaData is the first level.
    let limit = NESTING_LIMIT;
    assert_eq!(
        read_footer(&footer_nesting(limit)),
        refused(Refusal::NestedTooDeep { limit })
    );
    let within = footer_nesting(limit - 1);
    assert!(check_footer(&within).is_ok());
}

#[test]
fn a_field_of_another_type_than_the_format_gives_is_refused() {
    // num_children written as a string: the crate would read it as an i32 and part from
    // the guard's reading of the bytes after it.
    let mut out = Compact::default();
    out.begin()
        .i32_field(1, 1)
        .field(2, LIST)
        .list_header(STRUCT, 1);
    out.begin()
        .string_field(4, "schema")
        .string_field(5, "x")
        .end();
    out.end();
    let reason = Refusal::WrongFieldType { field: 5, found: 8 };
    assert_eq!(read_footer(&out.bytes), refused(reason));
}

#[test]
fn a_skipped_list_of_bools_takes_only_its_header_as_the_crate_skips_it() {
    // Field 20, a list of three bools (0x31); then field 21, an i32 (0x15, 0x02), and the
    // stop byte. The crate skips the bools without reading a byte: were they three bytes,
    // the walk would end inside a value and refuse the footer.
    let mut footer = sound_footer();
    footer.pop();
    footer.extend_from_slice(&[LIST, 40, 0x31, 0x15, 0x02, 0]);
    assert!(check_footer(&footer).is_ok());
    assert_eq!(
        read_footer(&footer),
        Err(FileError::NoBloomFilter { columns: 0 })
    );
}

#[test]
fn the_shared_files_footer_passes_in_at_most_one_step_a_byte() {
    let footer = footer_of(SHARED);
    let walk = check_footer(footer).unwrap();
    assert_eq!(walk.schema_elements, 2);
    assert!(
        walk.steps > 0 && walk.steps <= footer.len() as u64,
        "{walk:?}"
    );
}

/// A reference for a flat schema list: every `num_children` between 0 and the elements
/// after it (the trees these make are far shallower than the depth bound).
fn children_fit(children: &[Option<i32>]) -> bool {
    children.iter().enumerate().all(|(at, declared)| {
        let following = (children.len() - at - 1) as i64;
        (0..=following).contains(&i64::from(declared.unwrap_or(0)))
    })
}

/// The work bound: one step a byte, and the structs a refusal leaves open.
fn bounded(footer: &[u8]) -> bool {
    let (steps, _) = check_footer_counted(footer);
    steps <= footer.len() as u64 + u64::from(NESTING_LIMIT)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn any_bytes_are_walked_in_bounded_steps(bytes in proptest::collection::vec(any::<u8>(), 0..800)) {
        prop_assert!(bounded(&bytes));
        let _ = read_footer(&bytes);
    }

    #[test]
    fn a_changed_real_footer_is_walked_in_bounded_steps_and_never_panics(
        changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
    ) {
        let mut file = SHARED.to_vec();
        let footer_len = footer_of(SHARED).len();
        let footer_start = file.len() - 8 - footer_len;
        for (at, byte) in changes {
            file[footer_start + at.index(footer_len)] = byte;
        }
        prop_assert!(bounded(&file[footer_start..file.len() - 8]));
        let _ = read_bloom_filters(&file);
    }

    #[test]
    fn the_guard_passes_a_schema_exactly_when_its_children_fit(
        children in proptest::collection::vec(
            prop_oneof![Just(None), (-3i32..6).prop_map(Some), Just(Some(i32::MAX))],
            1..12,
        ),
    ) {
        let names: Vec<String> = (0..children.len()).map(|at| format!("c{at}")).collect();
        let elements: Vec<(&str, Option<i32>)> =
            names.iter().map(String::as_str).zip(children.iter().copied()).collect();
        let footer = footer_with_schema(&elements);
        let verdict = check_footer(&footer);
        prop_assert_eq!(verdict.is_ok(), children_fit(&children), "{:?}", verdict);
        if let Err(reason) = verdict {
            prop_assert_eq!(reason.key(), "schema-children");
        }
        prop_assert!(bounded(&footer));
        let _ = read_footer(&footer);
    }
}
