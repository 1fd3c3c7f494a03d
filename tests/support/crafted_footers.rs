//! Footers and filter headers written byte by byte in Thrift's compact protocol, so that
//! they can declare what no writer would: a schema element with 2^31 − 1 children, a schema
//! 10,000 levels deep, a list of 2^29 elements, a string of 2^31 bytes.
#![allow(dead_code)]

/// Compact-protocol types.
pub const I32: u8 = 5;
pub const I64: u8 = 6;
pub const BINARY: u8 = 8;
pub const LIST: u8 = 9;
pub const STRUCT: u8 = 12;

/// Compact-protocol bytes, written field by field.
#[derive(Default)]
pub struct Compact {
    pub bytes: Vec<u8>,
    /// The last field id of each open struct.
    last_ids: Vec<i16>,
}

impl Compact {
    pub fn varint(&mut self, mut value: u64) -> &mut Self {
        while value >= 0x80 {
            self.bytes.push((value as u8 & 0x7f) | 0x80);
            value >>= 7;
        }
        self.bytes.push(value as u8);
        self
    }

    /// A zig-zag varint: `(n << 1) ^ (n >> 63)`.
    pub fn zigzag(&mut self, value: i64) -> &mut Self {
        self.varint(((value << 1) ^ (value >> 63)) as u64)
    }

    /// A field header: a delta from the last id when it is 1 to 15, else a full id.
    pub fn field(&mut self, id: i16, wire_type: u8) -> &mut Self {
        let last = self.last_ids.last_mut().expect("a field inside a struct");
        let delta = id - *last;
        *last = id;
        if (1..=15).contains(&delta) {
            self.bytes.push(((delta as u8) << 4) | wire_type);
        } else {
            self.bytes.push(wire_type);
            self.zigzag(i64::from(id));
        }
        self
    }

    pub fn begin(&mut self) -> &mut Self {
        self.last_ids.push(0);
        self
    }

    /// The stop byte that ends a struct.
    pub fn end(&mut self) -> &mut Self {
        self.last_ids.pop();
        self.bytes.push(0);
        self
    }

    pub fn i32_field(&mut self, id: i16, value: i32) -> &mut Self {
        self.field(id, I32).zigzag(i64::from(value))
    }

    pub fn string_field(&mut self, id: i16, value: &str) -> &mut Self {
        self.field(id, BINARY).varint(value.len() as u64);
        self.bytes.extend_from_slice(value.as_bytes());
        self
    }

    /// A list header: the size in the high nibble when under 15, else a varint after it.
    pub fn list_header(&mut self, element_type: u8, size: u64) -> &mut Self {
        if size < 15 {
            self.bytes.push(((size as u8) << 4) | element_type);
            self
        } else {
            self.bytes.push(0xf0 | element_type);
            self.varint(size)
        }
    }
}

/// A schema element: its name, its `num_children` (`None` for a leaf) and, for a leaf, its
/// physical type (6, `BYTE_ARRAY`); all but the root (`is_root`) are optional (1).
pub fn schema_element(out: &mut Compact, name: &str, num_children: Option<i32>, is_root: bool) {
    out.begin();
    if num_children.is_none() {
        out.i32_field(1, 6);
    }
    if !is_root {
        out.i32_field(3, 1);
    }
    out.string_field(4, name);
    if let Some(children) = num_children {
        out.i32_field(5, children);
    }
    out.end();
}

/// A FileMetaData: version 1, the schema `elements` (name, num_children), no rows and no
/// row groups.
pub fn footer_with_schema(elements: &[(&str, Option<i32>)]) -> Vec<u8> {
    let mut out = Compact::default();
    out.begin().i32_field(1, 1).field(2, LIST);
    out.list_header(STRUCT, elements.len() as u64);
    for (at, &(name, children)) in elements.iter().enumerate() {
        schema_element(&mut out, name, children, at == 0);
    }
    out.field(3, I64).zigzag(0);
    out.field(4, LIST).list_header(STRUCT, 0);
    out.end();
    out.bytes
}

/// A schema root with one leaf: a footer the crate reads (no row groups).
pub fn sound_footer() -> Vec<u8> {
    footer_with_schema(&[("schema", Some(1)), ("leaf", None)])
}

/// A schema whose root declares 2^31 − 1 children and holds one.
pub fn root_with_huge_children() -> Vec<u8> {
    footer_with_schema(&[("schema", Some(i32::MAX)), ("leaf", None)])
}

/// A schema whose one leaf declares 2^31 − 1 children.
pub fn leaf_with_huge_children() -> Vec<u8> {
    let mut out = Compact::default();
    out.begin()
        .i32_field(1, 1)
        .field(2, LIST)
        .list_header(STRUCT, 2);
    schema_element(&mut out, "schema", Some(1), true);
    out.begin()
        .i32_field(1, 6)
        .i32_field(3, 1)
        .string_field(4, "leaf");
    out.i32_field(5, i32::MAX).end();
    out.field(3, I64).zigzag(0);
    out.field(4, LIST).list_header(STRUCT, 0);
    out.end();
    out.bytes
}

/// A schema `levels` deep: a chain of groups of one child each, then a leaf.
pub fn schema_levels_deep(levels: usize) -> Vec<u8> {
    let names: Vec<String> = (0..levels).map(|level| format!("g{level}")).collect();
    let mut elements: Vec<(&str, Option<i32>)> = names[..levels - 1]
        .iter()
        .map(|name| (name.as_str(), Some(1)))
        .collect();
    elements.push((&names[levels - 1], None));
    footer_with_schema(&elements)
}

/// A sound footer whose key-value metadata (field 5) declares `size` elements and holds none.
pub fn list_declaring(size: u64) -> Vec<u8> {
    let mut footer = sound_footer();
    footer.pop();
    footer.push(0x10 | LIST); // field 5 (delta 1 from row_groups), a list
    let mut out = Compact::default();
    out.list_header(STRUCT, size);
    footer.extend_from_slice(&out.bytes);
    footer.push(0);
    footer
}

/// A sound footer whose created_by (field 6) declares `len` bytes and holds three.
pub fn string_declaring(len: u64) -> Vec<u8> {
    let mut footer = sound_footer();
    footer.pop();
    footer.push(0x20 | BINARY); // field 6 (delta 2 from row_groups), binary
    let mut out = Compact::default();
    out.varint(len);
    footer.extend_from_slice(&out.bytes);
    footer.extend_from_slice(b"abc");
    footer.push(0);
    footer
}

/// A Parquet file of nothing but `footer`: `PAR1`, the footer, its length, `PAR1`.
pub fn parquet_file(footer: &[u8]) -> Vec<u8> {
    let mut file = b"PAR1".to_vec();
    file.extend_from_slice(footer);
    file.extend_from_slice(&(footer.len() as u32).to_le_bytes());
    file.extend_from_slice(b"PAR1");
    file
}

/// The crafted footers that trap the crate on wasm32, by name.
pub fn trapping_footers() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("root with 2^31 - 1 children", root_with_huge_children()),
        ("leaf with 2^31 - 1 children", leaf_with_huge_children()),
        ("schema 10,000 levels deep", schema_levels_deep(10_000)),
        ("list of 2^29 elements", list_declaring(1 << 29)),
        ("string of 2^31 bytes", string_declaring(1 << 31)),
    ]
}
