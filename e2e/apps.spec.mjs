// The use-case view through its URL parameters: a filter in front of a store, and a spam
// blacklist with a whitelist. The formula's numbers are computed here, in JavaScript.
import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';

const exactRate = (m, n, k) => (1 - (1 - 1 / m) ** (k * n)) ** k;

test('every lookup is skipped, wasted or found, and the wasted reads follow the formula', async ({ page }) => {
  const errors = await openApp(page, '?view=apps&kv_m=5000&kv_k=3&kv_present=0.3&kv_lookups=20000');
  const table = page.locator('.apps-table');
  const read = async (name) => Number(await table.getAttribute(`data-kv-${name}`));
  const [lookups, skipped, wasted, found, absent] = await Promise.all(
    ['lookups', 'skipped', 'wasted', 'found', 'absent'].map(read));
  expect(lookups).toBe(20000);
  expect(skipped + wasted + found).toBe(lookups);
  expect(found).toBe(lookups - absent);
  const rate = exactRate(5000, 1000, 3);
  expect(Math.abs(await read('rate') - rate)).toBeLessThan(1e-8);
  expect(Math.abs(await read('predicted-wasted') - absent * rate)).toBeLessThan(0.01);
  // Measured within five binomial standard errors of the prediction.
  expect(Math.abs(wasted - absent * rate)).toBeLessThan(5 * Math.sqrt(absent * rate * (1 - rate)));
  // Changing the mix from the field reruns the stream and updates the link.
  await page.locator('#kv-present').fill('1');
  await expect(table).toHaveAttribute('data-kv-skipped', '0');
  await expect(table).toHaveAttribute('data-kv-wasted', '0');
  await expect(page).toHaveURL(/kv_present=1/);
  // A share outside 0–1 is named in a notice and the default is used.
  await openApp(page, '?view=apps&kv_present=2');
  await expect(page.locator('[data-notice-param="kv_present"]')).toBeVisible();
  await expect(page.locator('.apps-table')).toHaveAttribute('data-kv-lookups', '10000');
  expect(errors).toEqual([]);
});

test('the blacklist blocks its spam, and a whitelisted false positive is delivered', async ({ page }) => {
  const errors = await openApp(page, '?view=apps&spam_check=spam0007@bad.example');
  const mail = page.locator('.apps-mail');
  const whitelisted = Number(await mail.getAttribute('data-spam-whitelist'));
  expect(whitelisted).toBe(Number(await mail.getAttribute('data-spam-wrongly-blocked')));
  expect(whitelisted).toBeGreaterThan(0);
  await expect(page.locator('.apps-verdict')).toHaveAttribute('data-spam-verdict', 'blacklisted');
  const first = (await page.locator('.apps-whitelist').textContent()).match(/user\d+@mail\.example/)[0];
  await page.locator('#spam-check').fill(first);
  await expect(page.locator('.apps-verdict')).toHaveAttribute('data-spam-verdict', 'whitelisted');
  // A bigger filter flags fewer innocent senders.
  await page.locator('#spam-m').fill('4000');
  await expect.poll(async () => Number(await mail.getAttribute('data-spam-whitelist'))).toBeLessThan(whitelisted);
  expect(errors).toEqual([]);
});

test('the use cases speak Chinese and Japanese', async ({ page }) => {
  await openApp(page, '?view=apps&lang=zh');
  await expect(page.locator('#apps-title')).toHaveText('挡在存储前面的过滤器');
  await openApp(page, '?view=apps&lang=ja');
  await expect(page.locator('#apps-title')).toHaveText('ストアの前に置くフィルタ');
});
