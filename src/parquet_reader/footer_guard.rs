//! A check of a footer's bytes before the parquet crate decodes them: one walk, no
//! allocation, that refuses what would make the crate trap or recurse without bound.
//!
//! The crate checks a list's size against the bytes left, but not a schema element's
//! `num_children`, which it reserves room for at once (2^31 − 1 children ask for 16 GiB:
//! on wasm32 an allocation failure, a trap), nor the schema's depth, which it follows by
//! recursion (a schema 2,000 levels deep overflows wasm32's stack). [`check_footer`] refuses,
//! as a [`Refusal`]:
//!
//! - a list, set or map declaring more elements than bytes are left, a string longer than
//!   the bytes left, nesting deeper than [`NESTING_LIMIT`] (`compact.rs`);
//! - a schema element whose `num_children` (field 5) is negative or more than the elements
//!   after it, and a schema tree deeper than [`SCHEMA_DEPTH_LIMIT`];
//! - a field the crate reads by its type in the format (`FileMetaData`'s, a
//!   `SchemaElement`'s, a `LogicalType`'s) written with another type. The crate reads such
//!   a field as the format says, not as the bytes say: its reading and this walk would part,
//!   and the schema the crate reads could be one this walk never saw.
//!
//! Every value walked takes at least one byte, so the walk's steps never exceed the footer's
//! length ([`FooterWalk::steps`]).

use super::compact::{nested, wire, Cursor};
use crate::filter::parquet_summary::Refusal;

pub use super::compact::NESTING_LIMIT;

/// Schemas deeper than this are refused (the root is level 1). The crate builds the schema
/// tree by recursion: on wasm32's stack 1,500 levels pass and 2,000 trap. A real schema
/// takes three levels per nested list or map, so 128 levels hold any real one and keep the
/// crate's recursion ten times below the trap.
pub const SCHEMA_DEPTH_LIMIT: u32 = 128;

/// What a footer's walk found: it holds nothing the crate cannot decode safely.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FooterWalk {
    /// Values walked; at most the footer's length in bytes.
    pub steps: u64,
    /// Elements in the (last) schema list.
    pub schema_elements: u64,
}

/// How the crate reads a field it knows: the compact-protocol type it must have and, for a
/// list or a struct, what it holds.
#[derive(Clone, Copy)]
enum Expect {
    /// A bool field (type 1 or 2).
    Bool,
    /// A scalar of this type (an enum is an i32).
    Scalar(u8),
    /// A list of structs with these fields.
    ListOf(&'static [(i16, Expect)]),
    /// A struct (or union) with these fields; fields not listed are skipped.
    Struct(&'static [(i16, Expect)]),
}

/// An empty struct: a union's member that carries nothing (`StringType`, `TypeDefinedOrder`).
const EMPTY: Expect = Expect::Struct(&[]);
const I32: Expect = Expect::Scalar(wire::I32);
const BINARY: Expect = Expect::Scalar(wire::BINARY);

/// parquet.thrift `KeyValue`.
const KEY_VALUE: &[(i16, Expect)] = &[(1, BINARY), (2, BINARY)];
/// parquet.thrift `ColumnOrder`, a union of empty structs.
const COLUMN_ORDER: &[(i16, Expect)] = &[(1, EMPTY), (2, EMPTY), (3, EMPTY)];
/// parquet.thrift `TimeUnit`, a union of empty structs.
const TIME_UNIT: &[(i16, Expect)] = &[(1, EMPTY), (2, EMPTY), (3, EMPTY)];
/// parquet.thrift `TimeType` and `TimestampType`.
const TIME: &[(i16, Expect)] = &[(1, Expect::Bool), (2, Expect::Struct(TIME_UNIT))];
/// parquet.thrift `LogicalType`, a union: the empty members, then `DecimalType`,
/// `TimeType`, `TimestampType`, `IntType`, `VariantType`, `GeometryType`, `GeographyType`.
const LOGICAL_TYPE: &[(i16, Expect)] = &[
    (1, EMPTY),
    (2, EMPTY),
    (3, EMPTY),
    (4, EMPTY),
    (5, Expect::Struct(&[(1, I32), (2, I32)])),
    (6, EMPTY),
    (7, Expect::Struct(TIME)),
    (8, Expect::Struct(TIME)),
    (
        10,
        Expect::Struct(&[(1, Expect::Scalar(wire::BYTE)), (2, Expect::Bool)]),
    ),
    (11, EMPTY),
    (12, EMPTY),
    (13, EMPTY),
    (14, EMPTY),
    (15, EMPTY),
    (16, Expect::Struct(&[(1, Expect::Scalar(wire::BYTE))])),
    (17, Expect::Struct(&[(1, BINARY)])),
    (18, Expect::Struct(&[(1, BINARY), (2, I32)])),
    (19, EMPTY),
];
/// parquet.thrift `SchemaElement`'s `num_children`.
const NUM_CHILDREN: i16 = 5;
/// parquet.thrift `SchemaElement`: type, type_length, repetition_type, name, num_children,
/// converted_type, scale, precision, field_id, logicalType.
const SCHEMA_ELEMENT: &[(i16, Expect)] = &[
    (1, I32),
    (2, I32),
    (3, I32),
    (4, BINARY),
    (NUM_CHILDREN, I32),
    (6, I32),
    (7, I32),
    (8, I32),
    (9, I32),
    (10, Expect::Struct(LOGICAL_TYPE)),
];
/// parquet.thrift `FileMetaData`'s `schema`, read apart ([`schema`]).
const SCHEMA: i16 = 2;
/// parquet.thrift `FileMetaData` without its schema: version, num_rows, key_value_metadata,
/// created_by, column_orders. The row groups (4) come after the schema, which the crate
/// needs first, and are skipped as the crate's own checks hold there.
const FILE_METADATA: &[(i16, Expect)] = &[
    (1, I32),
    (3, Expect::Scalar(wire::I64)),
    (5, Expect::ListOf(KEY_VALUE)),
    (6, BINARY),
    (7, Expect::ListOf(COLUMN_ORDER)),
];

/// Checks a footer (a Thrift `FileMetaData`) before the crate decodes it: the walk's
/// [`FooterWalk`], or the first [`Refusal`]. Bytes after the struct's end are not read, as
/// the crate does not read them.
pub fn check_footer(footer: &[u8]) -> Result<FooterWalk, Refusal> {
    check_footer_counted(footer).1
}

/// [`check_footer`] with the values it walked, refused or not: its work. At most the
/// footer's length, plus [`NESTING_LIMIT`] for structs left open by a refusal.
pub fn check_footer_counted(footer: &[u8]) -> (u64, Result<FooterWalk, Refusal>) {
    let mut cursor = Cursor::new(footer);
    let outcome = walk_file_metadata(&mut cursor);
    (cursor.steps, outcome)
}

/// Walks the footer's `FileMetaData`.
fn walk_file_metadata(cursor: &mut Cursor) -> Result<FooterWalk, Refusal> {
    let mut schema_elements = 0;
    let depth = nested(0)?;
    cursor.steps += 1;
    let mut last_id = 0;
    while let Some(field) = cursor.field(last_id)? {
        if field.id == SCHEMA {
            schema_elements = schema(cursor, field.wire_type, depth)?;
        } else {
            known_field(cursor, FILE_METADATA, field.id, field.wire_type, depth)?;
        }
        last_id = field.id;
    }
    Ok(FooterWalk {
        steps: cursor.steps,
        schema_elements,
    })
}

/// Walks the schema list (a `FileMetaData` field of `wire_type` inside nesting `depth`) and
/// checks its tree: each element's `num_children` between 0 and the elements after it, no
/// element deeper than [`SCHEMA_DEPTH_LIMIT`]. Returns the elements in the list.
fn schema(cursor: &mut Cursor, wire_type: u8, depth: u32) -> Result<u64, Refusal> {
    let (elements, depth) = list_of_structs(cursor, SCHEMA, wire_type, depth)?;
    // open[l] is how many children the open group at level l + 1 still waits for.
    let mut open = [0u64; SCHEMA_DEPTH_LIMIT as usize];
    let mut levels = 0usize;
    for element in 0..elements {
        let declared = walk_struct(cursor, SCHEMA_ELEMENT, Some(NUM_CHILDREN), depth)?;
        let declared = declared.unwrap_or(0);
        let following = elements - element - 1;
        if declared < 0 || declared as u64 > following {
            return Err(Refusal::SchemaChildren {
                element,
                declared,
                following,
            });
        }
        if levels >= SCHEMA_DEPTH_LIMIT as usize {
            return Err(Refusal::SchemaTooDeep {
                limit: SCHEMA_DEPTH_LIMIT,
            });
        }
        if let Some(parent) = levels.checked_sub(1) {
            open[parent] -= 1;
        }
        if declared > 0 {
            open[levels] = declared as u64;
            levels += 1;
        } else {
            while levels > 0 && open[levels - 1] == 0 {
                levels -= 1;
            }
        }
    }
    Ok(elements)
}

/// Walks field `id` of a struct whose known fields are `fields`: as the crate reads it when
/// known (after checking its type), as it skips it when not.
fn known_field(
    cursor: &mut Cursor,
    fields: &[(i16, Expect)],
    id: i16,
    wire_type: u8,
    depth: u32,
) -> Result<(), Refusal> {
    let Some(&(_, expect)) = fields.iter().find(|(known, _)| *known == id) else {
        return cursor.value(wire_type, depth);
    };
    match expect {
        Expect::Bool if matches!(wire_type, wire::TRUE | wire::FALSE) => {
            cursor.value(wire_type, depth)
        }
        Expect::Scalar(scalar) if wire_type == scalar => cursor.value(wire_type, depth),
        Expect::ListOf(element) => {
            let (size, depth) = list_of_structs(cursor, id, wire_type, depth)?;
            for _ in 0..size {
                walk_struct(cursor, element, None, depth)?;
            }
            Ok(())
        }
        Expect::Struct(inner) if wire_type == wire::STRUCT => {
            walk_struct(cursor, inner, None, depth).map(drop)
        }
        _ => Err(wrong_type(id, wire_type)),
    }
}

/// Walks a struct whose known fields are `fields` inside nesting `depth`; returns the
/// value of its i32 field `watch` (the last one, as the crate keeps the last).
fn walk_struct(
    cursor: &mut Cursor,
    fields: &[(i16, Expect)],
    watch: Option<i16>,
    depth: u32,
) -> Result<Option<i64>, Refusal> {
    let depth = nested(depth)?;
    cursor.steps += 1;
    let mut watched = None;
    let mut last_id = 0;
    while let Some(field) = cursor.field(last_id)? {
        if Some(field.id) == watch && field.wire_type == wire::I32 {
            cursor.steps += 1;
            // The crate reads an i32 as a zig-zag varint cut to 32 bits.
            watched = Some(i64::from(cursor.zigzag()? as i32));
        } else {
            known_field(cursor, fields, field.id, field.wire_type, depth)?;
        }
        last_id = field.id;
    }
    Ok(watched)
}

/// The header of field `id`, a list of structs of `wire_type` inside nesting `depth`: its
/// size and the nesting inside it.
fn list_of_structs(
    cursor: &mut Cursor,
    id: i16,
    wire_type: u8,
    depth: u32,
) -> Result<(u64, u32), Refusal> {
    if !matches!(wire_type, wire::LIST | wire::SET) {
        return Err(wrong_type(id, wire_type));
    }
    let depth = nested(depth)?;
    cursor.steps += 1;
    let (element_type, size) = cursor.list_header()?;
    if size > 0 && element_type != wire::STRUCT {
        return Err(wrong_type(id, element_type));
    }
    Ok((size, depth))
}

fn wrong_type(id: i16, wire_type: u8) -> Refusal {
    Refusal::WrongFieldType {
        field: i64::from(id),
        found: u32::from(wire_type),
    }
}
