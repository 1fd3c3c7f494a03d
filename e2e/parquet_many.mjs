// Parquet files of many row groups or many columns, each column chunk with a split-block
// Bloom filter, written byte by byte: `PAR1`, the filters side by side (as writers put
// them), then a Thrift compact-protocol FileMetaData whose column chunks give each filter's
// offset and length. The data pages are never read by the files view, so there are none.
// Used by e2e/large_files.spec.mjs and bench/parquet_files.mjs.
//
// Each filter is one 256-bit block (numBytes 32) unless asked otherwise: all ones in every
// third row group (0, 3, 6, …), so that any value "may be present" there, all zeros
// elsewhere ("definitely not").

import { closeSync, openSync, writeSync } from 'node:fs';

/** Compact-protocol bytes (apache/thrift doc/specs/thrift-compact-protocol.md). */
export class Compact {
  constructor() {
    this.bytes = [];
    this.lastIds = [];
  }

  varint(value) {
    let n = value;
    while (n >= 0x80) {
      this.bytes.push((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    this.bytes.push(n);
    return this;
  }

  zigzag(value) {
    return this.varint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  field(id, type) {
    const delta = id - this.lastIds[this.lastIds.length - 1];
    this.lastIds[this.lastIds.length - 1] = id;
    if (delta >= 1 && delta <= 15) this.bytes.push((delta << 4) | type);
    else this.bytes.push(type), this.zigzag(id);
    return this;
  }

  begin() {
    this.lastIds.push(0);
    return this;
  }

  end() {
    this.lastIds.pop();
    this.bytes.push(0);
    return this;
  }

  i32(id, value) {
    return this.field(id, 5).zigzag(value);
  }

  i64(id, value) {
    return this.field(id, 6).zigzag(value);
  }

  rawString(text) {
    const bytes = Buffer.from(text);
    this.varint(bytes.length);
    for (const byte of bytes) this.bytes.push(byte);
    return this;
  }

  string(id, text) {
    this.field(id, 8);
    return this.rawString(text);
  }

  listHeader(id, type, size) {
    this.field(id, 9);
    if (size < 15) this.bytes.push((size << 4) | type);
    else this.bytes.push(0xf0 | type), this.varint(size);
    return this;
  }
}

/** Bytes of a filter's bitset unless asked otherwise: one block. */
export const FILTER_BITSET = 32;

/** A filter's header: numBytes `bitset`, then the empty structs BLOCK, XXHASH and
 * UNCOMPRESSED. */
function header(bitset) {
  const out = new Compact().begin().i32(1, bitset);
  for (const id of [2, 3, 4]) out.field(id, 12).begin().field(1, 12).begin().end().end();
  return out.end().bytes;
}

/** Rows in each row group. */
const ROWS = 4;

/** Whether row group `group`'s filters are all ones (every value may be present). */
export function full(group) {
  return group % 3 === 0;
}

/** The footer of a file of `rowGroups` row groups × `columns` string columns `c0`, `c1`,
 * …, each chunk with a filter of `filterBytes` (none when it is 0), the filters side by side
 * from byte 4, then its length and `PAR1`; calls `place(at, group)` for each filter. */
function footer(rowGroups, columns, filterBytes, place) {
  const out = new Compact();
  out.begin().i32(1, 1).listHeader(2, 12, columns + 1);
  out.begin().string(4, 'schema').i32(5, columns).end();
  for (let c = 0; c < columns; c++) out.begin().i32(1, 6).i32(3, 0).string(4, `c${c}`).i32(6, 0).end();
  out.i64(3, rowGroups * ROWS).listHeader(4, 12, rowGroups);
  let at = 4;
  for (let g = 0; g < rowGroups; g++) {
    out.begin().listHeader(1, 12, columns);
    for (let c = 0; c < columns; c++) {
      out.begin().i64(2, 4).field(3, 12).begin();
      out.i32(1, 6).listHeader(2, 5, 1).zigzag(0).listHeader(3, 8, 1).rawString(`c${c}`);
      out.i32(4, 0).i64(5, ROWS).i64(6, 40).i64(7, 40).i64(9, 4);
      if (filterBytes > 0) {
        out.i64(14, at).i32(15, filterBytes);
        place(at, g);
        at += filterBytes;
      }
      out.end().end();
    }
    out.i64(2, ROWS * columns * 40).i64(3, ROWS).end();
  }
  out.string(6, 'bloomlab e2e/parquet_many.mjs').end();
  const bytes = Buffer.from(out.bytes);
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(bytes.length, 0);
  tail.write('PAR1', 4);
  return Buffer.concat([bytes, tail]);
}

/** A Parquet file of `rowGroups` row groups × `columns` string columns `c0`, `c1`, …, each
 * chunk with its filter of `bitset` bytes (none when `filters` is false), as a Buffer. */
export function manyFilters(rowGroups, columns, filters = true, bitset = FILTER_BITSET) {
  const HEADER = header(bitset);
  const filterBytes = filters ? HEADER.length + bitset : 0;
  const body = Buffer.alloc(4 + rowGroups * columns * filterBytes);
  body.write('PAR1', 0);
  const tail = footer(rowGroups, columns, filterBytes, (at, g) => {
    body.set(HEADER, at);
    body.fill(full(g) ? 0xff : 0, at + HEADER.length, at + filterBytes);
  });
  return Buffer.concat([body, tail]);
}

/** The same file (with filters), written to `path` as a sparse file for sizes of
 * gigabytes: only the magic, the headers, the footer and the bitsets of the full row
 * groups among the first `filledGroups` are written; the other bitsets are holes of zeros
 * ("definitely not" for every value). Returns the file's size. */
export function writeManyFilters(path, rowGroups, columns, bitset, filledGroups = 3) {
  const HEADER = Buffer.from(header(bitset));
  const filterBytes = HEADER.length + bitset;
  const ones = Buffer.alloc(bitset, 0xff);
  const fd = openSync(path, 'w');
  writeSync(fd, Buffer.from('PAR1'), 0, 4, 0);
  const tail = footer(rowGroups, columns, filterBytes, (at, g) => {
    writeSync(fd, HEADER, 0, HEADER.length, at);
    if (full(g) && g < filledGroups) writeSync(fd, ones, 0, bitset, at + HEADER.length);
  });
  const end = 4 + rowGroups * columns * filterBytes;
  writeSync(fd, tail, 0, tail.length, end);
  closeSync(fd);
  return end + tail.length;
}
