import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';

/** Every point of the plot: its run, n, mean, interval and filters. */
const points = (page) => page.locator('.point').evaluateAll((gs) => gs.map((g) => [
  g.dataset.run, g.dataset.pointN, g.dataset.observed, g.dataset.ciLow, g.dataset.ciHigh,
  g.dataset.filters, g.dataset.spreadLow, g.dataset.spreadHigh,
].join(' ')));

test('one worker and two measure the same points, and the panel says how many ran', async ({ page }) => {
  const runs = [];
  for (const workers of [1, 2]) {
    const errors = await openApp(page, `?view=lab&m=2000&k=4&lab_compare=both&lab_points=6&lab_filters=24&workers=${workers}`);
    await page.click('#lab-run');
    await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done');
    await expect(page.locator('.lab')).toHaveAttribute('data-workers', String(workers));
    await expect(page.locator('#lab-notes')).toHaveAttribute('data-verdict', /^(consistent|could-be-chance|departs)$/);
    runs.push(await points(page));
    expect(errors).toEqual([]);
  }
  expect(runs[0]).toHaveLength(12);
  expect(runs[1]).toEqual(runs[0]);
});

test('a bad workers= is named in a notice and the lab uses one per core', async ({ page }) => {
  await openApp(page, '?view=lab&m=1000&k=3&workers=0');
  await expect(page.locator('.notice')).toContainText('workers');
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done');
  const used = Number(await page.locator('.lab').getAttribute('data-workers'));
  expect(used).toBeGreaterThanOrEqual(1);
});

test('at m = 100,000, k = 7 the lab names no cause unless its verdict is departs, seeds 1 to 5', async ({ page }) => {
  test.setTimeout(120_000);
  for (let seed = 1; seed <= 5; seed++) {
    await openApp(page, `?view=lab&m=100000&k=7&hash=murmur3&lab_seed=${seed}`);
    await page.click('#lab-run');
    await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    const notes = page.locator('#lab-notes');
    await expect(notes).toHaveAttribute('data-verdict', /^(consistent|could-be-chance|departs)$/);
    const verdict = await notes.getAttribute('data-verdict');
    const text = await notes.textContent();
    const causal = /spreads these items less evenly|double hashing accounts/.test(text);
    expect(causal && verdict !== 'departs', `seed ${seed}: ${verdict}: ${text}`).toBe(false);
    // The points share their filters: a verdict short of "departs" says so.
    if (verdict === 'could-be-chance') await expect(notes).toContainText('share the same');
    const coverage = page.locator('.lab-coverage[data-family="murmur3"]');
    await expect(coverage).toHaveAttribute('data-verdict', verdict);
  }
});
