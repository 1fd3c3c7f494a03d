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
