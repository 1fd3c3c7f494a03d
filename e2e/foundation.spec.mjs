import { test, expect } from '@playwright/test';
import { openApp, setBits, murmurPositions, positionTable, sortedUnique } from './helpers.mjs';

test('the page loads with no console error and shows an empty bit array', async ({ page }) => {
  const errors = await openApp(page);
  await expect(page).toHaveTitle(/Bloom filter/);
  await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(32);
  expect(await setBits(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('a typed item is added and exactly its bits show as set', async ({ page }) => {
  const errors = await openApp(page);
  await page.locator('#item-field').fill('hello world');
  await page.locator('#add-button').click();
  expect(await setBits(page)).toEqual(sortedUnique(murmurPositions('hello world', 32, 3)));
  await page.locator('#item-field').fill('hello world');
  await page.locator('#query-button').click();
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
  expect(errors).toEqual([]);
});

test('URL-configured filters set the bits of the independently computed table', async ({ page }) => {
  const rows = positionTable().filter((r) => r.m <= 4096 && r.item !== '');
  expect(rows.length).toBeGreaterThan(40);
  for (const row of rows.filter((_, i) => i % 3 === 0)) {
    const query = `?m=${row.m}&k=${row.k}&hash=${row.family}&add=${encodeURIComponent(row.item)}`;
    await openApp(page, query);
    expect(await setBits(page), `${row.family} ${row.item} m=${row.m}`).toEqual(sortedUnique(row.positions));
  }
});
