// Where the first visit's bytes are, read from a WebAssembly module that kept its function
// names (scripts/size.sh builds one as the page's is built, with `wasm-opt -g`):
//
//   node scripts/size_report.mjs PAGE.wasm                 the largest functions and modules
//   node scripts/size_report.mjs PAGE.wasm --base OLD.wasm  and what changed since OLD
//   node scripts/size_report.mjs PAGE.wasm --check          fails if code the size rules keep
//                                                           out of the page is in it
//
// Sizes are uncompressed bytes of function bodies and data segments (gzip makes the page
// about 2.4 times smaller, roughly alike for all code). A module is a function's Rust path
// without its item, at most three deep (`bloomlab::ui::views::visualizer`); another crate's
// code counts under the crate's name.
import { readFileSync } from 'node:fs';
import { readLeb, readName } from './wasm_binary.mjs';

/** Code that docs/size.md keeps out of the first visit, and the rule that does. */
const KEPT_OUT = [
  ['core::fmt::float', 'floats are written by crate::decimal::write (docs/size.md: the float writer)'],
  ['core::num::flt2dec', 'floats are written by crate::decimal::write (docs/size.md: the float writer)'],
  ['core::num::dec2flt', 'numbers are read by crate::decimal::decimal_to_f64 (docs/size.md: the number reader)'],
  ['core::slice::sort', 'u64s are sorted by crate::filter::heap_sort (docs/size.md: the heap sort)'],
];

/** Every function body and data segment of `file`: [{ name, size }]. */
function pieces(file) {
  const bytes = readFileSync(file);
  let imported = 0;
  const bodies = [];
  const data = [];
  const names = new Map();
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at];
    const [size, start] = readLeb(bytes, at + 1);
    const end = start + size;
    if (id === 2) {
      // Imports: functions imported take the first function indices.
      let [count, p] = readLeb(bytes, start);
      for (; count > 0; count--) {
        [, p] = readName(bytes, p);
        [, p] = readName(bytes, p);
        const kind = bytes[p++];
        if (kind === 0) { [, p] = readLeb(bytes, p); imported++; }
        else if (kind === 1) { p += 1; const flags = bytes[p++]; [, p] = readLeb(bytes, p); if (flags & 1) [, p] = readLeb(bytes, p); }
        else if (kind === 2) { const flags = bytes[p++]; [, p] = readLeb(bytes, p); if (flags & 1) [, p] = readLeb(bytes, p); }
        else if (kind === 3) p += 2;
        else if (kind === 4) { p += 1; [, p] = readLeb(bytes, p); }
      }
    } else if (id === 10) {
      let [count, p] = readLeb(bytes, start);
      for (; count > 0; count--) {
        const [length, body] = readLeb(bytes, p);
        bodies.push(length);
        p = body + length;
      }
    } else if (id === 11) {
      let [count, p] = readLeb(bytes, start);
      for (let i = 0; i < count; i++) {
        const [flags, q] = readLeb(bytes, p);
        p = q;
        if (flags === 2) [, p] = readLeb(bytes, p);
        if (flags !== 1) {
          // A constant expression up to its `end` (0x0b).
          while (bytes[p] !== 0x0b) p++;
          p++;
        }
        const [length, content] = readLeb(bytes, p);
        data.push({ name: 'data segments (texts, tables; their numbering changes between builds)', size: length });
        p = content + length;
      }
    } else if (id === 0) {
      const [section, p] = readName(bytes, start);
      if (section === 'name') {
        for (let q = p; q < end;) {
          const sub = bytes[q];
          const [length, body] = readLeb(bytes, q + 1);
          if (sub === 1) {
            let [count, r] = readLeb(bytes, body);
            for (; count > 0; count--) {
              let index;
              let name;
              [index, r] = readLeb(bytes, r);
              [name, r] = readName(bytes, r);
              names.set(index, name);
            }
          }
          q = body + length;
        }
      }
    }
    at = end;
  }
  const functions = bodies.map((size, i) => ({
    name: (names.get(imported + i) ?? `function ${imported + i}`).replace(/::h[0-9a-f]{16}$/, ''),
    size,
  }));
  return [...functions, ...data];
}

/** The module a function belongs to. */
function moduleOf(name) {
  if (name.startsWith('data segments')) return 'data (texts, tables)';
  const ours = name.match(/bloomlab::((?:[a-z_0-9]+::){0,3})/);
  if (ours) return `bloomlab::${ours[1]}`.replace(/::$/, '');
  const crate = name.match(/^<?&?(?:mut )?([a-z_0-9]+)(?:\[[0-9a-f]+\])?::/);
  return crate ? crate[1] : 'other';
}

function sum(list, key) {
  const totals = new Map();
  for (const piece of list) totals.set(key(piece), (totals.get(key(piece)) ?? 0) + piece.size);
  return totals;
}

const pad = (value, width) => String(value).padStart(width);
const signed = (value) => (value > 0 ? `+${value}` : String(value));

function printTop(title, totals, count) {
  console.log(`\n${title}`);
  for (const [name, size] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(`${pad(size, 8)}  ${name.slice(0, 150)}`);
  }
}

function printChanges(title, now, before, count) {
  const names = new Set([...now.keys(), ...before.keys()]);
  const changes = [...names]
    .map((name) => [name, (now.get(name) ?? 0) - (before.get(name) ?? 0)])
    .filter(([, change]) => change !== 0)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  console.log(`\n${title}${changes.length ? '' : ': none'}`);
  for (const [name, change] of changes.slice(0, count)) {
    console.log(`${pad(signed(change), 8)}  ${name.slice(0, 150)}`);
  }
}

const [file, ...options] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/size_report.mjs PAGE.wasm [--base OLD.wasm | --check]');
  process.exit(2);
}
const page = pieces(file);

if (options[0] === '--check') {
  const found = KEPT_OUT.flatMap(([path, rule]) =>
    page.filter((p) => p.name.includes(path)).map((p) => `${p.name} (${p.size} B): ${rule}`));
  if (!page.some((p) => p.name.startsWith('bloomlab::') || p.name.includes('<bloomlab::'))) {
    console.error(`size check: ${file} has no function names to check (built without -g?)`);
    process.exit(1);
  }
  if (found.length) {
    console.error('size check: the first visit holds code the size rules keep out:');
    for (const line of found) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(`size check: none of ${KEPT_OUT.map(([p]) => p).join(', ')} in the first visit`);
  process.exit(0);
}

const total = page.reduce((all, p) => all + p.size, 0);
console.log(`${file}: ${total} B of code and data (uncompressed)`);
const modules = sum(page, (p) => moduleOf(p.name));
printTop('The largest modules (bytes)', modules, 25);
printTop('The largest functions (bytes)', sum(page, (p) => p.name), 25);
if (options[0] === '--base' && options[1]) {
  const base = pieces(options[1]);
  const before = base.reduce((all, p) => all + p.size, 0);
  console.log(`\nSince the base (${options[1]}): ${signed(total - before)} B (${before} -> ${total})`);
  printChanges('Modules that changed (bytes)', modules, sum(base, (p) => moduleOf(p.name)), 20);
  printChanges('Functions that changed (bytes)', sum(page, (p) => p.name), sum(base, (p) => p.name), 20);
}
