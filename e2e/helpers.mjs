// Shared helpers: open the app, collect console errors, compute positions independently.
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';

/** FNV-1a 64 of a string's UTF-8 bytes, as a BigInt (independent of the Rust code). */
export function fnv1a64(text) {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h;
}

/** FNV-1a double-hashing positions: pos_i = (h1 + i*h2) mod m. */
export function fnvPositions(text, m, k) {
  const h = fnv1a64(text);
  const h1 = h & 0xffffffffn;
  const h2 = h >> 32n;
  return Array.from({ length: k }, (_, i) => Number((h1 + BigInt(i) * h2) % BigInt(m)));
}

/** Rows of tests/data/positions.tsv (computed by tests/data/positions.py). */
export function positionTable() {
  return readFileSync(new URL('../tests/data/positions.tsv', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [family, hex, m, k, h1, h2, positions] = line.split('\t');
      const item = new TextDecoder().decode(Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16)));
      return { family, item, m: Number(m), k: Number(k), h1, h2, positions: positions.split(',').map(Number) };
    });
}

/** Opens the app at `query`, waits until it is ready, and records console errors. */
export async function openApp(page, query = '') {
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  await page.goto(`/index.html${query}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  // Sizes taken from measured widths (the bit array's cells) arrive with the frames after
  // the first render: let two frames pass before a test reads the layout.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))));
  return errors;
}

/** Indices of the cells shown as set, once the grid has caught up with the filter (a large
 * change reaches the grid a part per frame, and the grid is aria-busy meanwhile). */
export async function setBits(page) {
  await page.locator('#bit-array .bit-grid[aria-busy="true"]').waitFor({ state: 'detached' });
  return page.locator('#bit-array [data-bit-set="1"]').evaluateAll((cells) =>
    cells.map((c) => Number(c.getAttribute('data-bit-index'))));
}

export function sortedUnique(values) {
  return [...new Set(values)].sort((a, b) => a - b);
}

const MASK64 = (1n << 64n) - 1n;
const rotl64 = (x, r) => ((x << BigInt(r)) | (x >> BigInt(64 - r))) & MASK64;
const fmix64 = (k) => {
  k ^= k >> 33n; k = (k * 0xff51afd7ed558ccdn) & MASK64;
  k ^= k >> 33n; k = (k * 0xc4ceb9fe1a85ec53n) & MASK64;
  return k ^ (k >> 33n);
};

/** MurmurHash3 x64_128 (seed 0) of a string's UTF-8 bytes, as [h1, h2] BigInts (written out
 * here from Austin Appleby's algorithm, independent of the Rust code). */
export function murmur3x64(text) {
  const bytes = new TextEncoder().encode(text);
  const c1 = 0x87c37b91114253d5n, c2 = 0x4cf5ad432745937fn;
  const word = (at, len) => { let v = 0n; for (let i = len - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[at + i]); return v; };
  let h1 = 0n, h2 = 0n;
  const blocks = Math.floor(bytes.length / 16);
  for (let b = 0; b < blocks; b++) {
    let k1 = word(b * 16, 8), k2 = word(b * 16 + 8, 8);
    k1 = (k1 * c1) & MASK64; k1 = rotl64(k1, 31); k1 = (k1 * c2) & MASK64; h1 ^= k1;
    h1 = rotl64(h1, 27); h1 = (h1 + h2) & MASK64; h1 = (h1 * 5n + 0x52dce729n) & MASK64;
    k2 = (k2 * c2) & MASK64; k2 = rotl64(k2, 33); k2 = (k2 * c1) & MASK64; h2 ^= k2;
    h2 = rotl64(h2, 31); h2 = (h2 + h1) & MASK64; h2 = (h2 * 5n + 0x38495ab5n) & MASK64;
  }
  const tail = blocks * 16, rest = bytes.length - tail;
  if (rest > 8) {
    let k2 = word(tail + 8, rest - 8);
    k2 = (k2 * c2) & MASK64; k2 = rotl64(k2, 33); k2 = (k2 * c1) & MASK64; h2 ^= k2;
  }
  if (rest > 0) {
    let k1 = word(tail, Math.min(rest, 8));
    k1 = (k1 * c1) & MASK64; k1 = rotl64(k1, 31); k1 = (k1 * c2) & MASK64; h1 ^= k1;
  }
  const len = BigInt(bytes.length);
  h1 ^= len; h2 ^= len;
  h1 = (h1 + h2) & MASK64; h2 = (h2 + h1) & MASK64;
  h1 = fmix64(h1); h2 = fmix64(h2);
  h1 = (h1 + h2) & MASK64; h2 = (h2 + h1) & MASK64;
  return [h1, h2];
}

/** murmur3 double-hashing positions: pos_i = ((h1 + i*h2) mod 2^64) mod m. */
export function murmurPositions(text, m, k) {
  const [h1, h2] = murmur3x64(text);
  return Array.from({ length: k }, (_, i) => Number(((h1 + BigInt(i) * h2) & MASK64) % BigInt(m)));
}

/** The positions of the page's default hash family (murmur3). */
export const positions = murmurPositions;

/** Presses "Next step" until the lesson moves on: a walk in progress takes one press per
 * step of the walk first, as → does. */
export async function nextStep(page) {
  const lesson = page.locator('#lesson');
  const before = await lesson.getAttribute('data-step');
  const walk = page.locator('[data-walk-step]');
  for (let press = 0; press < 80; press++) {
    const walking = await walk.count() ? await walk.getAttribute('data-walk-step') : null;
    await page.locator('#lesson-next').click();
    if (walking === null) {
      await expect(lesson).not.toHaveAttribute('data-step', before);
      return;
    }
    await expect(async () => {
      const now = await walk.count() ? await walk.getAttribute('data-walk-step') : null;
      expect(now).not.toBe(walking);
    }).toPass();
  }
  throw new Error('the lesson did not move on');
}

/** Records, from the page's start, the script of every Web Worker it starts; `startedWorkers`
 * reads them. */
export async function recordWorkers(page) {
  await page.addInitScript(() => {
    window.__workers = [];
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(script, options) {
        super(script, options);
        window.__workers.push(String(script));
      }
    };
  });
}

/** How many workers the page has started whose script's address contains `name`. */
export async function startedWorkers(page, name) {
  return page.evaluate((part) => window.__workers.filter((script) => script.includes(part)).length, name);
}
