// A large Parquet file in the files view: 10,000 row groups × 2 columns, each chunk with a
// Bloom filter (e2e/parquet_many.mjs). The view shows the file's counts and its columns
// with filters, draws one page of 50 filters and turns pages, and a value typed is checked
// against every filter: the count of filters and row groups that may hold it is the one the
// file was written with. Timings are the bench's (bench/parquet_files.mjs), not this test's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';
import { manyFilters, full } from './parquet_many.mjs';

const ROW_GROUPS = 10_000;

test('a file of 10,000 row groups is summed up, paged and searched', async ({ page }) => {
  const errors = await openApp(page, '?view=files');
  const buffer = manyFilters(ROW_GROUPS, 2);
  await page.setInputFiles('#parquet-file', { name: 'many.parquet', mimeType: 'application/octet-stream', buffer });
  const pages = page.locator('.parquet-pages');
  await expect(pages).toHaveAttribute('data-count', '20000');
  await expect(pages).toHaveAttribute('data-first', '0');
  await expect(page.locator('.files-summary')).toContainText('10000 row groups');
  await expect(page.locator('.files-summary')).toContainText('20,000 of them');
  await expect(page.locator('.files-columns')).toHaveAttribute('data-filter-columns', '2');
  await expect(page.locator('.files-columns')).toContainText('c0: 10,000 filters, 470,000 bytes');
  // One page of rows, not 20,000.
  const rows = page.locator('.parquet-filter');
  await expect(rows).toHaveCount(50);
  await expect(page.locator('#parquet-page-previous')).toBeDisabled();
  await expect(rows.first()).toHaveAttribute('data-row-group', '0');

  await page.click('#parquet-page-next');
  await expect(pages).toHaveAttribute('data-first', '50');
  await expect(rows.first()).toHaveAttribute('data-row-group', '25');
  await expect(rows).toHaveCount(50);
  // Drawing a filter of this page keeps the page.
  await page.locator('.parquet-filter [data-place="53"]').click();
  await expect(page.locator('.parquet-filter[data-shown="true"]')).toHaveAttribute('data-row-group', '26');
  await expect(pages).toHaveAttribute('data-first', '50');

  // Any value may be in the full filters (every third row group), in no other.
  const fullGroups = Array.from({ length: ROW_GROUPS }, (_, g) => g).filter(full).length;
  await page.fill('#parquet-query', 'anything');
  const summary = page.locator('.parquet-value-summary');
  await expect(summary).toHaveAttribute('data-may-contain', String(2 * fullGroups));
  await expect(summary).toHaveAttribute('data-row-groups', String(fullGroups));
  await expect(summary).toContainText('0, 3, 6, 9');
  // The page's verdicts: row groups 25 to 49, 26, 29, … full.
  const verdicts = page.locator('.parquet-verdict');
  await expect(verdicts).toHaveCount(50);
  await expect(verdicts.first()).toHaveAttribute('data-row-group', '25');
  await expect(page.locator('.parquet-verdict[data-verdict="may-contain"]')).toHaveCount(2 * 8);
  await expect(pages).toHaveAttribute('data-first', '50');

  await page.click('#parquet-page-previous');
  await expect(pages).toHaveAttribute('data-first', '0');
  await expect(page.locator('.parquet-verdict[data-verdict="may-contain"]')).toHaveCount(2 * 9);
  expect(errors).toEqual([]);
});

test('filters of 100 MiB in all are listed, searched and drawn; those past what an opening reads are read when shown', async ({ page }) => {
  // 50 row groups × 2 columns, each filter 1 MiB (32,768 blocks). An opening sums the
  // first 64 MiB of bitsets; the rest are read when their page is shown. The worker keeps
  // none of their bits: a value's block in each filter is read from the file when it is
  // typed (the filters are too far apart to share a span; their blocks are gathered).
  const errors = await openApp(page, '?view=files');
  const folder = mkdtempSync(join(tmpdir(), 'bloomlab-'));
  const path = join(folder, 'wide.parquet');
  writeFileSync(path, manyFilters(50, 2, true, 1 << 20));
  await page.setInputFiles('#parquet-file', path);
  // The 100 MB file goes when the page closes (the page reads it until then).
  page.once('close', () => rmSync(folder, { recursive: true, force: true }));
  const pages = page.locator('.parquet-pages');
  await expect(pages).toHaveAttribute('data-count', '100');
  const rows = page.locator('.parquet-filter');
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toHaveAttribute('data-blocks', '32768');
  await expect(rows.first()).toHaveAttribute('data-bits-set', String(1 << 23));
  await expect(rows.nth(2)).toHaveAttribute('data-bits-set', '0');
  // The drawn filter (row group 0, all ones) is drawn from its first blocks.
  await expect(page.locator('.parquet-drawing img').first()).toBeVisible();
  await page.fill('#parquet-query', 'anything');
  const hash = page.locator('[data-value-hash]');
  await expect(hash).toBeVisible();
  const first = await hash.getAttribute('data-value-hash');
  const summary = page.locator('.parquet-value-summary');
  const fullGroups = Array.from({ length: 50 }, (_, g) => g).filter(full).length;
  await expect(summary).toHaveAttribute('data-may-contain', String(2 * fullGroups));
  await expect(summary).toHaveAttribute('data-row-groups', String(fullGroups));
  // The first page: row groups 0 to 24, of which 0, 3, …, 24 are full.
  await expect(page.locator('.parquet-verdict[data-verdict="may-contain"]')).toHaveCount(2 * 9);
  // A second value is read again, and answers the same way.
  await page.fill('#parquet-query', 'another');
  await expect(hash).not.toHaveAttribute('data-value-hash', first);
  await expect(summary).toHaveAttribute('data-may-contain', String(2 * fullGroups));
  // The second page: filters 64 to 99 were not summed at opening, and are now. Row group
  // 48 (filters 96, 97) is full, 49 is not.
  await page.click('#parquet-page-next');
  await expect(pages).toHaveAttribute('data-first', '50');
  await expect(rows.nth(46)).toHaveAttribute('data-row-group', '48');
  await expect(rows.nth(46)).toHaveAttribute('data-bits-set', String(1 << 23));
  await expect(rows.nth(49)).toHaveAttribute('data-bits-set', '0');
  await expect(rows.nth(49)).toContainText('0.0000');
  await expect(page.locator('#parquet-file-error')).toHaveAttribute('data-file-error', '');
  expect(errors).toEqual([]);
});
