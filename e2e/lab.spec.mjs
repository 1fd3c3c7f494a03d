import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';

async function setField(page, id, value) {
  await page.fill(id, value);
  await page.press(id, 'Tab');
}

test('a small run completes with one point per checkpoint for each family, each the mean of many filters', async ({ page }) => {
  const errors = await openApp(page, '?m=1000&k=4&view=lab&add=a&add=b');
  await setField(page, '#lab-n', '400');
  await setField(page, '#lab-points', '8');
  await setField(page, '#lab-probes', '2000');
  // 400 inserts and 8 · 2000 probes per filter: the automatic number of filters is 100.
  await expect(page.locator('#lab-filters')).toHaveAttribute('placeholder', '100');
  await expect(page.locator('[data-legend="fnv"], [data-legend="murmur3"]')).toHaveCount(0);
  await page.click('#lab-both');
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done');
  // A finished run has nothing to cancel: its points cannot be wiped by a stray click.
  await expect(page.locator('#lab-cancel')).toBeDisabled();
  await expect(page.locator('.point.fnv')).toHaveCount(8);
  await expect(page.locator('.point.murmur3')).toHaveCount(8);
  await expect(page.locator('.point.user')).toHaveCount(1);
  await expect(page.locator('[data-legend]')).toHaveCount(4);
  const points = await page.locator('.point.murmur3').evaluateAll((gs) => gs.map((g) => ({
    n: Number(g.dataset.pointN), observed: Number(g.dataset.observed), low: Number(g.dataset.ciLow),
    high: Number(g.dataset.ciHigh), filters: Number(g.dataset.filters),
    spreadLow: Number(g.dataset.spreadLow), spreadHigh: Number(g.dataset.spreadHigh),
  })));
  expect(points.map((p) => p.n)).toEqual([50, 100, 150, 200, 250, 300, 350, 400]);
  const theory = (n) => (1 - (1 - 1 / 1000) ** (4 * n)) ** 4;
  let inside = 0;
  for (const p of points) {
    expect(p.filters).toBe(100);
    // The interval holds the mean and never collapses to it; single filters spread wider.
    expect(p.low).toBeLessThan(p.observed);
    expect(p.high).toBeGreaterThan(p.observed);
    expect(p.spreadHigh - p.spreadLow).toBeGreaterThan(p.high - p.low);
    if (p.low <= theory(p.n) && theory(p.n) <= p.high) inside++;
  }
  // The note counts the same points as the attributes.
  const note = page.locator('.lab-coverage[data-family="murmur3"]');
  await expect(note).toHaveAttribute('data-inside', String(inside));
  await expect(note).toHaveAttribute('data-points', '8');
  await expect(note).toContainText(`murmur3: the formula lies inside the interval at ${inside} of 8 points`);
  await expect(page.locator('#lab-meaning')).toContainText('mean rate of 100 filters');
  const csv = decodeURIComponent((await page.locator('#lab-csv').getAttribute('href')).split(',').slice(1).join(','));
  const rows = csv.trim().split('\n');
  expect(rows).toHaveLength(1 + 16);
  expect(rows[0]).toBe('family,m,k,n,filters,probes_per_filter,false_positives,mean_rate,ci_low,ci_high,single_p05,single_p95,exact_rate,approx_rate,layout');
  expect(rows[1]).toMatch(/^fnv,1000,4,50,100,2000,/);
  // Hovering a point, or reaching it with Tab, shows its description (its title) under the plot.
  const readout = page.locator('.fpr-plot [data-readout]');
  const second = page.locator('.point.murmur3').nth(1);
  await second.hover();
  await expect(readout).toHaveText(await second.locator('title').textContent());
  await expect(readout).toContainText('murmur3: n = 100,');
  await page.locator('.point.murmur3').nth(4).focus();
  await expect(readout).toContainText('murmur3: n = 250,');
  await page.keyboard.press('Tab');
  await expect(readout).toContainText('murmur3: n = 300,');
  await page.click('#lab-log');
  const svg = await page.locator('.fpr-plot svg').innerHTML();
  expect(svg).not.toMatch(/NaN|Infinity/);
  await page.screenshot({ path: 'artifacts/lab.png', fullPage: true });
  // The settings are in the link: a reload opens the lab as it was set.
  await expect(page).toHaveURL(/lab_n=400&lab_probes=2000&lab_points=8&lab_compare=both&lab_axis=log/);
  await page.reload();
  await expect(page.locator('#lab-n')).toHaveValue('400');
  await expect(page.locator('#lab-probes')).toHaveValue('2000');
  await expect(page.locator('#lab-points')).toHaveValue('8');
  await expect(page.locator('#lab-both')).toBeChecked();
  await expect(page.locator('#lab-log')).toBeChecked();
  expect(errors).toEqual([]);
});

test('at m = 64, k = 3 the run departs, names double hashing, draws its exact rate, and the user\'s filter sits at its own n', async ({ page }) => {
  const items = Array.from({ length: 48 }, (_, i) => `add=w${i}`).join('&');
  await openApp(page, `?view=lab&m=64&k=3&${items}`);
  await expect(page.locator('#lab-filter')).toContainText('m = 64, k = 3, murmur3 (from the visualizer)');
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done');
  // Only murmur3 ran: the legend does not list FNV-1a.
  await expect(page.locator('[data-legend="murmur3"]')).toHaveCount(1);
  await expect(page.locator('[data-legend="fnv"]')).toHaveCount(0);
  await expect(page.locator('[data-legend="user"]')).toHaveCount(1);
  // The departure survives the correction for 20 points measured on the same filters, and
  // double hashing's own rate accounts for it.
  const coverage = page.locator('.lab-coverage[data-family="murmur3"]');
  await expect(coverage).toHaveAttribute('data-verdict', 'departs');
  await expect(coverage).toHaveAttribute('data-cause', 'double-hashing');
  await expect(coverage).toContainText('For 2 of the 64 values of h2 mod m');
  await expect(page.locator('#lab-notes')).toHaveAttribute('data-verdict', 'departs');
  expect(Number(await coverage.getAttribute('data-above'))).toBeGreaterThan(0);
  // The measured means run above the exact formula: most points are above it.
  const points = await page.locator('.point.murmur3').evaluateAll((gs) => gs.map((g) => [Number(g.dataset.pointN), Number(g.dataset.observed)]));
  const theory = (n) => (1 - (1 - 1 / 64) ** (3 * n)) ** 3;
  expect(points.filter(([n, r]) => r > theory(n)).length).toBeGreaterThan(points.length / 2);
  // The rate they depart towards is drawn, with its legend entry.
  await expect(page.locator('#lab-plot [data-curve="double-hashing"] polyline')).toHaveCount(1);
  await expect(page.locator('[data-legend="double-hashing"]')).toContainText('double hashing');
  // The user's 48 items are beyond the lab's range (34): the axis extends to them.
  const user = page.locator('.point.user');
  await expect(user).toHaveAttribute('data-point-n', '48');
  await expect(user).toHaveAttribute('data-run', 'user');
  const box = async (l) => l.locator('polygon, rect').first().boundingBox();
  const plot = await page.locator('#fpr-plot').boundingBox();
  const last = await box(page.locator('.point.murmur3').last());
  const mine = await box(user);
  expect(mine.x).toBeGreaterThan(last.x + 50);
  expect(mine.x + mine.width).toBeLessThanOrEqual(plot.x + plot.width);
  await page.locator('#lab-notes').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/lab-m64.png', fullPage: true });
  // Once the visualizer's filter changes, the points stay with the m they were measured at.
  await page.click('#tab-visualizer');
  await page.fill('#field-m', '128');
  await page.press('#field-m', 'Enter');
  await page.click('#tab-lab');
  await expect(page.locator('#lab-stale')).toContainText('measured at m = 64, k = 3, murmur3; the lab now measures m = 128, k = 3, murmur3');
  await expect(page.locator('.point.user')).toHaveCount(0);
  await expect(page.locator('.point.murmur3')).toHaveCount(points.length);
});

test('the lab opens on a filter the formula describes: its default run is consistent, whatever the visualizer holds', async ({ page }) => {
  // The visualizer keeps its starting m = 32, k = 3 with three items.
  const errors = await openApp(page, '?view=lab&add=a&add=b&add=c');
  await expect(page.locator('#lab-filter')).toContainText("m = 10,000, k = 4, murmur3: the lab's starting filter");
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.locator('#lab-notes')).toHaveAttribute('data-verdict', 'consistent');
  const coverage = page.locator('.lab-coverage[data-family="murmur3"]');
  await expect(coverage).toHaveAttribute('data-inside', '20');
  await expect(coverage).toHaveAttribute('data-points', '20');
  // Every interval holds the exact formula at m = 10,000, k = 4, computed here.
  const points = await page.locator('.point.murmur3').evaluateAll((gs) => gs.map((g) => [Number(g.dataset.pointN), Number(g.dataset.ciLow), Number(g.dataset.ciHigh)]));
  const theory = (n) => (1 - (1 - 1 / 10000) ** (4 * n)) ** 4;
  expect(points).toHaveLength(20);
  for (const [n, low, high] of points) {
    expect(low).toBeLessThanOrEqual(theory(n));
    expect(high).toBeGreaterThanOrEqual(theory(n));
  }
  // The visualizer's small filter is not the one measured: it is no point here, and its m
  // is unchanged in the visualizer; a large filter has no double-hashing curve.
  await expect(page.locator('.point.user')).toHaveCount(0);
  await expect(page.locator('[data-curve="double-hashing"]')).toHaveCount(0);
  await page.click('#tab-visualizer');
  await expect(page.locator('#field-m')).toHaveValue('32');
  await page.click('#tab-lab');
  await expect(page.locator('#lab-stale')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('at m = 64, k = 3, FNV-1a the plot draws double hashing\'s exact rate above the formula', async ({ page }) => {
  await openApp(page, '?view=lab&m=64&k=3&hash=fnv');
  await page.click('#lab-run');
  await expect(page.locator('#lab-notes')).toHaveAttribute('data-verdict', /./);
  const curve = page.locator('#lab-plot [data-curve="double-hashing"] polyline');
  await expect(curve).toHaveCount(1);
  await expect(page.locator('[data-legend="double-hashing"]')).toHaveCount(1);
  // Drawn from n = 0 to the last point, in screen coordinates (y grows downwards): past
  // n = 0 it lies above the exact formula's curve at every x the two share.
  const read = (l) => l.evaluate((p) => p.getAttribute('points').trim().split(' ').map((xy) => xy.split(',').map(Number)));
  const drawn = await read(curve);
  const exact = await read(page.locator('#lab-plot polyline.exact'));
  const last = await page.locator('.point.fnv').last().locator('circle').evaluate((c) => Number(c.getAttribute('cx')));
  expect(drawn[drawn.length - 1][0]).toBeCloseTo(last, 0);
  const exactAt = (x) => {
    const i = exact.findIndex(([ex]) => ex >= x);
    const [[x0, y0], [x1, y1]] = [exact[i - 1], exact[i]];
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
  };
  for (const [x, y] of drawn.slice(4)) expect(y).toBeLessThan(exactAt(x));
});

for (const { name, viewport, present } of [
  { name: '1366×768', viewport: { width: 1366, height: 768 } },
  { name: '1920×1080 in presentation mode', viewport: { width: 1920, height: 1080 }, present: true },
  { name: '1920×1080', viewport: { width: 1920, height: 1080 } },
]) {
  test(`the plot and Run are in view together at ${name}, as the lab opens and after a run`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openApp(page, `?view=lab${present ? '&present=1' : ''}`);
    const inView = async () => {
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      for (const id of ['#lab-plot', '#lab-run']) {
        const box = await page.locator(id).boundingBox();
        expect(box.y, id).toBeGreaterThanOrEqual(0);
        expect(box.x, id).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, id).toBeLessThanOrEqual(viewport.height);
        expect(box.x + box.width, id).toBeLessThanOrEqual(viewport.width);
      }
    };
    await inView();
    await page.click('#lab-run');
    await expect(page.locator('#lab-notes')).toHaveAttribute('data-verdict', /./, { timeout: 30_000 });
    await inView();
  });
}

test('a number of points the range of n cannot hold says what is measured instead', async ({ page }) => {
  await openApp(page, '?view=lab&m=64&k=3&lab_n=10');
  const note = page.locator('#lab-points-note');
  await expect(note).toHaveText('20 points asked; n runs from 1 to 10 only, so 10 are measured.');
  await expect(note).toHaveAttribute('data-points-asked', '20');
  await expect(note).toHaveAttribute('data-points-measured', '10');
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('.point.murmur3')).toHaveCount(10);
  // Ten points or fewer fit: nothing to say.
  await setField(page, '#lab-points', '10');
  await expect(note).toHaveText('');
  await expect(note).toHaveAttribute('data-points-measured', '0');
  await setField(page, '#lab-n', '4');
  await expect(note).toContainText('10 points asked; n runs from 1 to 4 only');
});

test('cancel stops a long run and pause holds it', async ({ page }) => {
  await openApp(page, '?m=2000000&k=7&view=lab');
  await setField(page, '#lab-n', '5000000');
  await setField(page, '#lab-probes', '5000000');
  await setField(page, '#lab-points', '50');
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'running');
  // The page stays responsive while it runs: typing in a field still works.
  await page.fill('#lab-seed', '7');
  await expect(page.locator('#lab-seed')).toHaveValue('7');
  await page.click('#lab-pause');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'paused');
  const held = await page.locator('#lab-progress').getAttribute('value');
  await page.waitForTimeout(300);
  expect(await page.locator('#lab-progress').getAttribute('value')).toBe(held);
  await page.click('#lab-resume');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'running');
  await page.click('#lab-cancel');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'idle');
  await expect(page.locator('.point.fnv')).toHaveCount(0);
  await page.waitForTimeout(300);
  await expect(page.locator('#lab-progress')).toHaveAttribute('value', '0');
});

test('bad lab fields are named and block the run', async ({ page }) => {
  await openApp(page, '?view=lab');
  await setField(page, '#lab-filters', '1');
  await expect(page.locator('[data-field-error="lab-filters"]')).toContainText('at least 2');
  await expect(page.locator('#lab-run')).toBeDisabled();
  await setField(page, '#lab-filters', '');
  await setField(page, '#lab-probes', '0');
  await expect(page.locator('[data-field-error="lab-probes"]')).toContainText('at least 1');
  await setField(page, '#lab-n', 'lots');
  await expect(page.locator('[data-field-error="lab-n"]')).toHaveText('not a number');
  await expect(page.locator('#lab-run')).toBeDisabled();
});

test('the calculator sizes a filter, names bad fields and checks claims', async ({ page }) => {
  await openApp(page, '?view=calculator');
  const results = page.locator('.calc-results');
  await expect(results).toHaveAttribute('data-calc-m', '9585059');
  await expect(results).toHaveAttribute('data-calc-k', '7');
  await expect(results).toContainText('1.14 MiB');
  await page.fill('#calc-p', '2');
  await expect(page.locator('[data-field-error="calc-p"]')).toContainText('strictly between 0 and 1');
  await page.fill('#calc-p', '1%');
  await expect(results).toHaveAttribute('data-calc-m', '9585059');
  await page.click('#calc-mode-rate');
  await page.fill('#calc-n', '3');
  await page.fill('#calc-m', '16');
  await page.fill('#calc-k', '3');
  await expect.poll(async () => Number(await results.getAttribute('data-calc-p'))).toBeCloseTo(0.0855187, 6);
  // The question and its fields are in the link: a reload (or a shared copy) shows the same.
  await expect(page).toHaveURL(/solve=rate&cn=3&cp=1%25&cm=16&ck=3/);
  await page.reload();
  await expect(page.locator('#calc-mode-rate')).toBeChecked();
  await expect(page.locator('#calc-m')).toHaveValue('16');
  await expect.poll(async () => Number(await results.getAttribute('data-calc-p'))).toBeCloseTo(0.0855187, 6);
  await expect(results).toContainText('0.085519 (8.55 %)');
  // A typed k is the reader's choice, never "the most this page allows"; a chosen one can be.
  await page.fill('#calc-m', '100000');
  await expect(results).toHaveAttribute('data-calc-m', '100000');
  await expect(results).toContainText('7.289e-13 (< 0.001 %)');
  await expect(results).not.toContainText('the most this page allows');
  await page.click('#calc-mode-hashes');
  await expect(results).toContainText('64, the most this page allows (optimal (m/n)·ln 2 = 23104.91)');
  await page.click('#calc-mode-rate');
  await page.fill('#calc-m', '16');
  await page.click('#claim-billion');
  const verdict = page.locator('.claim-verdict');
  await expect(verdict).toHaveAttribute('data-claim-holds', 'false');
  expect(Number(await verdict.getAttribute('data-claim-needed')) / 1e9).toBeCloseTo(2.396, 2);
  await page.click('#claim-two-files');
  expect(Number(await verdict.getAttribute('data-claim-rate'))).toBeCloseTo(0.037, 3);
  await page.click('#calc-mode-size');
  await page.fill('#calc-n', '100');
  await page.fill('#calc-p', '0.05');
  await page.click('#calc-use');
  await expect(page.locator('#tab-visualizer')).toHaveAttribute('aria-selected', 'true');
  const m = await page.locator('#field-m').inputValue();
  expect(Number(m)).toBe(Math.ceil(-100 * Math.log(0.05) / Math.LN2 ** 2));
  await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(Number(m));
});

test('the calculator keeps every digit: whole numbers to 2^64, rates below the smallest double, a rate beside p', async ({ page }) => {
  // 10^16 items at 1 %: the exact m (Python's decimal at 60 digits), grouped on screen.
  await openApp(page, '?view=calculator&solve=size&cn=1e16&cp=0.01');
  const results = page.locator('.calc-results');
  await expect(results).toHaveAttribute('data-calc-m', '95850583773674391');
  await expect(results).toContainText('95,850,583,773,674,391 bits = 11,981,322,971,709,299 bytes = 10.64 PiB');
  await expect(results).toContainText('0.010039 (1.004\u00a0%)');
  await expect(results).toHaveAttribute('data-calc-n', '10000000000000000');
  // One item, 64 hashes, 5,300,000 bits: 1.745e-315, never "inf" or 0.
  await openApp(page, '?view=calculator&solve=rate&cm=5300000&cn=1&ck=64');
  await expect(results).toContainText('1.745e-315 (< 0.001 %)');
  expect(await results.getAttribute('data-calc-p')).toBe('1.745e-315');
  // 1000 items at 1 %: the formula's 9,586 bits give 1.0037 % at k = 7, printed so that it
  // reads as above 1 %.
  await openApp(page, '?view=calculator&solve=size&cn=1000&cp=0.01');
  await expect(page.locator('#calc-meeting')).toContainText('1.004\u00a0%');
  await expect(page.locator('#calc-meeting')).toContainText('above p');
  // A claim of exactly the textbook size does not hold at a whole k; the verdict says why.
  await page.fill('#claim-n', '1000000');
  await page.fill('#claim-p', '0.01');
  await page.fill('#claim-bytes', '1198133');
  const verdict = page.locator('.claim-verdict');
  await expect(verdict).toHaveAttribute('data-claim-holds', 'false');
  await expect(verdict).toContainText('1,198,133 bytes (1.14 MiB) give at best 1.004\u00a0%');
  const needed = await verdict.getAttribute('data-claim-needed');
  await page.fill('#claim-bytes', needed);
  await expect(verdict).toHaveAttribute('data-claim-holds', 'true');
});

test('the calculator\'s greyed fields show the answer; a question that uses them gets the typed values back', async ({ page }) => {
  await openApp(page, '?view=calculator&solve=size&cn=1000&cp=0.01');
  await expect(page.locator('#calc-m')).toBeDisabled();
  await expect(page.locator('#calc-m')).toHaveValue('9586');
  await expect(page.locator('#calc-k')).toHaveValue('7');
  // 9586 bits give 1.0037 % at k = 7: the smallest m that meets 1 % at a whole k is named.
  const rate = (m, n) => {
    const real = (m / n) * Math.LN2;
    const at = (k) => (1 - (1 - 1 / m) ** (k * n)) ** k;
    return Math.min(at(Math.max(1, Math.floor(real))), at(Math.max(1, Math.ceil(real))));
  };
  const meeting = Number(await page.locator('#calc-meeting').getAttribute('data-calc-m-meeting'));
  expect(rate(9586, 1000)).toBeGreaterThan(0.01);
  expect(rate(meeting, 1000)).toBeLessThanOrEqual(0.01);
  expect(rate(meeting - 1, 1000)).toBeGreaterThan(0.01);
  await page.click('#calc-mode-rate');
  await expect(page.locator('#calc-m')).toBeEnabled();
  await expect(page.locator('#calc-m')).toHaveValue('9585059');
  await expect(page.locator('#calc-p')).toBeDisabled();
  const p = Number(await page.locator('[data-calc-p]').getAttribute('data-calc-p'));
  expect(Number(await page.locator('#calc-p').inputValue())).toBeCloseTo(p, 6);
});
