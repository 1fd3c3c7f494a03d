// Bloom filters as real systems lay them out: Parquet's split-block layout and RocksDB's
// blocked layout in the visualizer, and a real Parquet file's filters in the files view.
import { readFileSync, writeFileSync, mkdtempSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';

const data = (name) => new URL(`../tests/data/${name}`, import.meta.url).pathname;

/** Rows of tests/data/split_block.tsv (Python's xxhash): value, blocks, positions. */
function splitBlockRows() {
  return readFileSync(data('split_block.tsv'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [value, hash, blocks, positions] = line.split('\t');
      return { value, hash, blocks: Number(blocks), positions: positions.split(',').map(Number) };
    });
}

test('split-block positions, blocks and lanes match Python xxhash; the hash control is fixed', async ({ page }) => {
  const errors = await openApp(page, '?layout=split-block&m=768&k=8');
  await expect(page.locator('#field-hash')).toBeDisabled();
  await expect(page.locator('#field-hash option:checked')).toHaveText(/xxHash64/);
  const rows = splitBlockRows().filter((r) => r.blocks === 3 && /^[\x20-\x7e]+$/.test(r.value)).slice(0, 6);
  expect(rows.length).toBe(6);
  for (const row of rows) {
    await page.fill('#item-field', row.value);
    await expect(page.locator('.hash-strip')).toHaveAttribute('data-strip-item', row.value);
    const shown = await page.locator('[data-strip-position]').evaluateAll((els) => els.map((e) => Number(e.dataset.stripPosition)));
    expect(shown).toEqual(row.positions);
    const block = Math.floor(row.positions[0] / 256);
    await expect(page.locator('#bit-array')).toHaveAttribute('data-item-block', String(block));
    // Lane w of the item's block is word w: cells b·256 + 32w … + 31.
    const lanes = await page.locator(`.cell[data-block="${block}"][data-lane]`).evaluateAll((els) => els.map((e) => [Number(e.dataset.bitIndex), Number(e.dataset.lane)]));
    expect(lanes.length).toBe(256);
    for (const [index, lane] of lanes) expect(lane).toBe(Math.floor((index % 256) / 32));
    await expect(page.locator('.hash-table [data-xxhash]')).toHaveAttribute('data-xxhash', String(BigInt(`0x${row.hash}`)));
  }
  expect(errors).toEqual([]);
});

test('the blocked layout shows its three rates and refuses m that is not whole lines', async ({ page }) => {
  const errors = await openApp(page, '?layout=blocked&m=10240&k=6&hash=murmur3');
  await page.fill('#item-field', 'apple');
  await page.press('#item-field', 'Enter');
  const cells = await page.locator('.cell[data-block]').count();
  expect(cells).toBe(0); // m = 10240 is drawn on the canvas, beyond the grid's 4096 cells
  const stat = (key) => page.locator(`[data-stat="${key}"]`);
  await expect(stat('fpr-blocked')).toBeVisible();
  await expect(stat('fpr-rocksdb')).toBeVisible();
  await expect(stat('fpr-standard')).toBeVisible();
  // m = 1000 is not a whole number of 512-bit lines: a message beside m, m unchanged.
  await page.fill('#field-m', '1000');
  await page.press('#field-m', 'Enter');
  await expect(page.locator('[data-field-error="field-m"]')).toContainText('512');
  await expect(page.locator('.controls')).toBeVisible();
  await page.fill('#field-m', '2048');
  await page.press('#field-m', 'Enter');
  await expect(page.locator('.cell[data-block="3"]')).toHaveCount(512);
  await page.fill('#item-field', 'apple');
  const block = await page.locator('#bit-array').getAttribute('data-item-block');
  const positions = await page.locator('[data-strip-position]').evaluateAll((els) => els.map((e) => Number(e.dataset.stripPosition)));
  expect(positions.length).toBe(6);
  for (const p of positions) expect(Math.floor(p / 512)).toBe(Number(block));
  await expect(page.locator(`.cell.item-block`)).toHaveCount(512);
  expect(errors).toEqual([]);
});

test('choosing a blocked layout fits m and k, and the link carries them', async ({ page }) => {
  await openApp(page, '?m=100&k=3');
  await page.click('#more summary');
  await page.selectOption('#field-layout', 'split-block');
  await expect(page.locator('#field-m')).toHaveValue('1024');
  await expect(page.locator('#field-k')).toHaveValue('8');
  await expect(page).toHaveURL(/layout=split-block/);
  await page.selectOption('#field-layout', 'standard');
  await expect(page.locator('#field-hash')).toBeEnabled();
});

const shared = data('parquet/data_index_bloom_encoding_stats.parquet');
const VALUES = ['Hello', 'This is', 'a', 'test', 'How', 'are you', 'doing ', 'today', 'the quick', 'brown fox', 'jumps', 'over', 'the lazy', 'dog'];
const ABSENT = ['hello', 'doing', 'Test', 'cat', 'the', 'quick', 'fox', 'parquet', 'bloom', 'filter', 'the lazy dog', 'absent'];

test('the shared Parquet file: its filter listed, every value may be present, a dozen others absent', async ({ page }) => {
  const errors = await openApp(page, '?view=files');
  await page.setInputFiles('#parquet-file', shared);
  const filter = page.locator('.parquet-filter');
  await expect(filter).toHaveCount(1);
  await expect(filter).toHaveAttribute('data-row-group', '0');
  await expect(filter).toHaveAttribute('data-column', 'String');
  await expect(filter).toHaveAttribute('data-blocks', '32');
  await expect(filter).toHaveAttribute('data-bits-set', '112');
  await expect(filter).toHaveAttribute('data-bytes', '1040');
  await expect(page.locator('.files-summary')).toContainText('1,643');
  for (const value of VALUES) {
    await page.fill('#parquet-query', value);
    await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'may-contain');
  }
  for (const value of ABSENT) {
    await page.fill('#parquet-query', value);
    await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'absent');
  }
  // The block of a value is the spec's, as Python's xxhash computes it for 32 blocks.
  for (const row of splitBlockRows().filter((r) => r.blocks === 32 && /^[\x20-\x7e]+$/.test(r.value)).slice(0, 5)) {
    await page.fill('#parquet-query', row.value);
    await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-block', String(Math.floor(row.positions[0] / 256)));
  }
  // The filter is drawn: 32 blocks, 8 a row, 33 × 9 pixels each.
  const image = page.locator('img.parquet-blocks');
  await expect(image).toHaveAttribute('width', '264');
  await expect(image).toHaveAttribute('height', '36');
  expect(await image.evaluate((img) => img.complete && img.naturalWidth)).toBe(264);
  expect(errors).toEqual([]);
});

test('bad files get their reason beside the picker, and the last good file stays', async ({ page }) => {
  const errors = await openApp(page, '?view=files');
  const error = page.locator('[data-file-error]');
  await page.setInputFiles('#parquet-file', { name: 'empty.parquet', mimeType: 'application/octet-stream', buffer: Buffer.alloc(0) });
  await expect(error).toHaveAttribute('data-file-error', 'empty');
  // A Bloom filter without its file (parquet-testing's bloom_filter.xxhash.bin).
  await page.setInputFiles('#parquet-file', data('parquet/bloom_filter.xxhash.bin'));
  await expect(error).toHaveAttribute('data-file-error', 'not-parquet');
  await expect(error).toContainText('PAR1');
  await page.setInputFiles('#parquet-file', shared);
  await expect(page.locator('.parquet-filter')).toHaveCount(1);
  await expect(error).toHaveAttribute('data-file-error', '');
  const bytes = readFileSync(shared);
  const encrypted = Buffer.concat([bytes.subarray(0, bytes.length - 4), Buffer.from('PARE')]);
  await page.setInputFiles('#parquet-file', { name: 'encrypted.parquet', mimeType: 'application/octet-stream', buffer: encrypted });
  await expect(error).toHaveAttribute('data-file-error', 'encrypted-footer');
  const truncated = Buffer.concat([bytes.subarray(0, 200), bytes.subarray(bytes.length - 8)]);
  await page.setInputFiles('#parquet-file', { name: 'cut.parquet', mimeType: 'application/octet-stream', buffer: truncated });
  await expect(error).toHaveAttribute('data-file-error', 'truncated');
  // The filter header's algorithm changed to one Parquet does not define.
  const unknown = Buffer.from(bytes);
  unknown[196] = 0x2c;
  await page.setInputFiles('#parquet-file', { name: 'algorithm.parquet', mimeType: 'application/octet-stream', buffer: unknown });
  await expect(error).toHaveAttribute('data-file-error', 'unknown-algorithm');
  await expect(error).toContainText('column String has a header this page cannot read (its algorithm is member 2)');
  // Through all of it the good file's filter stays listed.
  await expect(page.locator('.parquet-filter')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('a file of 300 MB is answered at once: only its tail is read', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'bloomlab-'));
  const huge = join(dir, 'huge.parquet');
  writeFileSync(huge, 'PAR1');
  truncateSync(huge, 300 * 1024 * 1024);
  await openApp(page, '?view=files');
  await page.setInputFiles('#parquet-file', huge);
  await expect(page.locator('[data-file-error]')).toHaveAttribute('data-file-error', 'not-parquet', { timeout: 5000 });
  await expect(page.locator('#files')).toBeVisible();
});

test('a dropped file is read, and the example opens from the link in every language', async ({ page }) => {
  await openApp(page, '?view=files');
  const bytes = [...readFileSync(shared)];
  await page.locator('#files').evaluate((panel, bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'dropped.parquet'));
    panel.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, bytes);
  await expect(page.locator('.files-summary')).toContainText('dropped.parquet');
  for (const lang of ['en', 'zh', 'ja']) {
    await openApp(page, `?view=files&files_example=1&files_query=dog&lang=${lang}`);
    await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'may-contain');
    await expect(page.locator('.files-summary')).toContainText('data_index_bloom_encoding_stats.parquet');
    const verdict = await page.locator('.parquet-verdict strong').textContent();
    if (lang === 'zh') expect(verdict).toBe('可能存在');
    if (lang === 'ja') expect(verdict).toBe('あるかもしれない');
  }
});

test('the files view works with the keyboard alone', async ({ page }) => {
  await openApp(page, '?view=files');
  await page.focus('#parquet-example');
  await page.keyboard.press('Enter');
  await expect(page.locator('.parquet-filter')).toHaveCount(1);
  await page.focus('#parquet-query');
  await page.keyboard.type('cat');
  await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'absent');
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('[data-place="0"]')).toBeFocused();
});

test('on a phone the table of filters scrolls in its own box, a tab stop, and the page not sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page, '?view=files&files_example=1&files_query=dog');
  await expect(page.locator('.parquet-filter')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
  const box = page.locator('.table-scroll:has(.parquet-filters)');
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(box).toHaveAttribute('tabindex', '0');
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('the lab measures RocksDB\'s layout at 10 bits per item and 6 probes: its interval holds RocksDB\'s 0.957 %', async ({ page }) => {
  await openApp(page, '?view=lab&layout=blocked&m=10240&k=6&lab_n=1024&lab_points=4&lab_probes=20000');
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const last = page.locator('.point.murmur3[data-point-n="1024"]');
  const low = Number(await last.getAttribute('data-ci-low'));
  const high = Number(await last.getAttribute('data-ci-high'));
  expect(low).toBeLessThan(0.00957);
  expect(high).toBeGreaterThan(0.00957);
  // The plot draws the layout's own curve (the Poisson mixture) in its legend.
  await expect(page.locator('.plot-legend')).toContainText('Poisson');
});
