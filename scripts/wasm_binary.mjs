// The pieces of the WebAssembly binary format the build scripts read and write
// (scripts/post_build.mjs renames imports; scripts/size_report.mjs measures functions):
// unsigned LEB128 numbers and length-prefixed names.

/** Reads an unsigned LEB128 number at `at`; returns [value, next offset]. */
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (byte < 0x80) return [value, at];
  }
}

/** Reads a name (its length, then its UTF-8 bytes) at `at`; returns [text, next offset]. */
export function readName(bytes, at) {
  const [length, start] = readLeb(bytes, at);
  return [new TextDecoder().decode(bytes.subarray(start, start + length)), start + length];
}

/** An unsigned LEB128 number. */
export function leb(value) {
  const out = [];
  do {
    let byte = value % 128;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return Buffer.from(out);
}
