import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openApp, recordWorkers, startedWorkers } from './helpers.mjs';

// The growing-filters view (view=grow): every figure checked against the formulas,
// worked out here independently of the Rust code.

const LN2SQ = Math.LN2 * Math.LN2;

/** The scalable filter's slices: m_i = m0·s^i, p_i = p·(1 − r)·r^i, k_i = ⌈log2(1/p_i)⌉,
 * n_i = ⌊m_i·(ln 2)² / ln(1/p_i)⌋, as many as hold n together. */
function slicesFor(m0, p, r, s, n) {
  const slices = [];
  let held = 0;
  for (let i = 0; held < n; i++) {
    const pi = p * (1 - r) * r ** i;
    const m = m0 * s ** i;
    const capacity = Math.floor((m * LN2SQ) / Math.log(1 / pi));
    slices.push({ index: i, m, k: Math.ceil(Math.log2(1 / pi)), n: capacity, p: pi });
    held += capacity;
  }
  return slices;
}

/** The cascade's levels m0·s^j with k = round(log2(1/p)), the fewest whose last holds n. */
function levelsFor(m0, p, s, n) {
  const levels = [];
  for (let j = 0; ; j++) {
    const m = m0 * s ** j;
    levels.push(m);
    if (Math.floor((m * LN2SQ) / Math.log(1 / p)) >= n) return levels;
  }
}

/** (1 − (1 − 1/m)^{kn})^k, the rate of independent positions. */
const exact = (m, k, n) => (1 - (1 - 1 / m) ** (k * n)) ** k;

async function finished(page) {
  await expect(page.locator('.grow')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
}

async function shownSlices(page) {
  return page.locator('.grow-slices li').evaluateAll((items) => items.map((li) => ({
    index: Number(li.dataset.sliceIndex), m: Number(li.dataset.sliceM), k: Number(li.dataset.sliceK),
    n: Number(li.dataset.sliceN), p: Number(li.dataset.sliceP), held: Number(li.dataset.sliceHeld),
  })));
}

async function figures(page) {
  return page.locator('.grow-legend li[data-design]').evaluateAll((items) => Object.fromEntries(items.map((li) => [
    li.dataset.design,
    { bits: Number(li.dataset.bits), rate: Number(li.dataset.rate), fp: Number(li.dataset.falsePositives),
      predicted: Number(li.dataset.predicted), bound: li.dataset.bound === undefined ? null : Number(li.dataset.bound) },
  ])));
}

test('the link sets every parameter, and the slices, levels and memory follow the formulas', async ({ page }) => {
  const [m0, p, r, s, n] = [1000, 0.02, 0.5, 3, 800];
  const errors = await openApp(page, `?view=grow&hash=fnv&grow_m0=${m0}&grow_p=${p}&grow_r=${r}&grow_s=${s}&grow_n=${n}`);
  await finished(page);
  for (const [id, value] of [['m0', m0], ['p', p], ['r', r], ['s', s], ['n', n]]) {
    await expect(page.locator(`#grow-${id}`)).toHaveValue(String(value));
  }
  await expect(page.locator('.grow')).toHaveAttribute('data-family', 'fnv');
  await expect(page.locator('#grow-family')).toContainText('FNV-1a with double hashing');
  const expected = slicesFor(m0, p, r, s, n);
  // Worked by hand too: 1000·0.480453/4.605170 = 104.3, 3000·0.480453/5.298317 = 272.0, 9000·0.480453/5.991465 = 721.7.
  expect(expected.map((c) => [c.m, c.k, c.n])).toEqual([[1000, 7, 104], [3000, 8, 272], [9000, 9, 721]]);
  const shown = await shownSlices(page);
  expect(shown.map(({ index, m, k, n: cap }) => ({ index, m, k, n: cap })))
    .toEqual(expected.map(({ index, m, k, n: cap }) => ({ index, m, k, n: cap })));
  shown.forEach((c, i) => expect(c.p).toBeCloseTo(expected[i].p, 15));
  // A new item goes into the newest slice only: the older ones are full, the newest holds the rest.
  expect(shown.map((c) => c.held)).toEqual([104, 272, n - 104 - 272]);
  const f = await figures(page);
  const guess = Math.ceil(n / 10);
  const fixedM = Math.ceil((-guess * Math.log(p)) / LN2SQ);
  expect(f.fixed.bits).toBe(fixedM);
  expect(f.cascade.bits).toBe(levelsFor(m0, p, s, n).reduce((a, b) => a + b, 0));
  expect(f.scalable.bits).toBe(expected.reduce((a, c) => a + c.m, 0));
  // The bound Σ p_i = p·(1 − r^S) of the S slices open.
  expect(f.scalable.bound).toBeCloseTo(p * (1 - r ** expected.length), 15);
  for (const d of Object.values(f)) expect(d.rate).toBeCloseTo(d.fp / 5000, 12);
  await expect(page.locator('.grow-point')).toHaveCount(3 * 20);
  // The settings stay in the link.
  await expect(page).toHaveURL(/grow_m0=1000&grow_p=0.02&grow_s=3&grow_n=800/);
  expect(errors).toEqual([]);
});

test('past its guess the fixed filter fills as the formula says; the cascade needs all its memory up front', async ({ page }) => {
  const [m0, p, n] = [2000, 0.01, 10000];
  const errors = await openApp(page, '?view=grow');
  await finished(page);
  const guess = n / 10;
  const m = Math.ceil((-guess * Math.log(p)) / LN2SQ);
  const k = Math.round(Math.log2(1 / p));
  const points = await page.locator('.grow-point').evaluateAll((gs) => gs.map((g) => ({
    design: g.dataset.design, n: Number(g.dataset.n), rate: Number(g.dataset.rate) })));
  const fixed = points.filter((pt) => pt.design === 'fixed');
  expect(fixed.map((pt) => pt.n)).toEqual(Array.from({ length: 20 }, (_, j) => (n * (j + 1)) / 20));
  for (const pt of fixed.filter((q) => q.n >= 2 * guess)) {
    // 5,000 probes: four standard errors around the formula of independent positions.
    const f = exact(m, k, pt.n);
    const sigma = Math.sqrt((f * (1 - f)) / 5000);
    expect(pt.rate).toBeGreaterThan(p);
    expect(Math.abs(pt.rate - f)).toBeLessThan(4 * sigma + 0.005);
  }
  const f = await figures(page);
  const levels = levelsFor(m0, p, 2, n);
  expect(levels).toHaveLength(7);
  await expect(page.locator('[data-when="cascade"]')).toContainText(`all ${levels.length} levels, so all 254,000 bits`);
  await expect(page.locator('[data-when="fixed"]')).toContainText('sized for 1,000 items');
  // Every cascade level holds every item, so it says yes only when its largest level does.
  const largest = levels[levels.length - 1];
  expect(f.cascade.rate).toBeLessThanOrEqual(exact(largest, k, n) + 4 * Math.sqrt(exact(largest, k, n) / 5000) + 0.001);
  expect(errors).toEqual([]);
});

test('r = 0.5 (the default) measures the scalable filter above p and says why; r = 0.9 keeps it under p', async ({ page }) => {
  await openApp(page, '?view=grow');
  await finished(page);
  await expect(page.locator('#grow-r')).toHaveValue('0.5');
  let f = await figures(page);
  const slices = await shownSlices(page);
  // Σ p_i = p·(1 − r^S) < p: the bound the page states.
  expect(f.scalable.bound).toBeCloseTo(0.01 * (1 - 0.5 ** slices.length), 15);
  await expect(page.locator('[data-when="scalable"]')).toContainText(`${slices.length} slices now`);
  // Seed 1 with murmur3 gives the same counts on every platform: 1.08 %, above p.
  expect(f.scalable.rate).toBeGreaterThan(0.01);
  const note = page.locator('#grow-over-p');
  await expect(note).toContainText('above p = 1.00 %');
  await expect(note).toContainText('double hashing');
  await expect(note).toContainText('With r = 0.5 the bound leaves only');
  // The measurement's own 95 % interval (Wilson, 5,000 probes) is given; it reaches down to p,
  // so the note says that this one measurement could be chance and gives the formula's rate.
  const [low, high] = [Number(await note.getAttribute('data-low')), Number(await note.getAttribute('data-high'))];
  const z = 1.959964, fp = f.scalable.fp, probes = 5000;
  const centre = (fp + (z * z) / 2) / (probes + z * z);
  const half = (z / (probes + z * z)) * Math.sqrt((fp * (probes - fp)) / probes + (z * z) / 4);
  expect(low).toBeCloseTo(centre - half, 6);
  expect(high).toBeCloseTo(centre + half, 6);
  expect(low).toBeLessThanOrEqual(0.01);
  await expect(note).toContainText('95 % interval');
  await expect(note).toContainText('over 5,000 probes');
  await expect(note).toContainText('could lie above p by chance alone');
  // The formula with independent positions, computed here from the slices on screen.
  const independent = 1 - slices.reduce((prod, c) => prod * (1 - exact(c.m, c.k, c.held)), 1);
  expect(Number(await note.getAttribute('data-independent'))).toBeCloseTo(independent, 9);
  // The prediction with double hashing's excess is above the bound too: the note is not chance.
  expect(f.scalable.predicted).toBeGreaterThan(f.scalable.bound);
  // Typing r = 0.9 runs again: more room under p for double hashing's excess.
  await page.fill('#grow-r', '0.9');
  await expect(page).toHaveURL(/grow_r=0.9/);
  await finished(page);
  f = await figures(page);
  expect(f.scalable.bound).toBeLessThan(0.01);
  expect(f.scalable.rate).toBeLessThanOrEqual(0.01);
  await expect(page.locator('#grow-over-p')).toHaveCount(0);
  const shown = await shownSlices(page);
  expect(shown.map((c) => [c.m, c.k, c.n])).toEqual(slicesFor(2000, 0.01, 0.9, 2, 10000).map((c) => [c.m, c.k, c.n]));
});

test('a bad parameter is named in a notice and the default is kept; a bad field says why', async ({ page }) => {
  await openApp(page, '?view=grow&grow_r=2&grow_s=1&grow_n=300');
  await expect(page.locator('[data-notice-param="grow_r"]')).toContainText('must lie strictly between 0 and 1');
  await expect(page.locator('[data-notice-param="grow_s"]')).toContainText('at least 2');
  await expect(page.locator('#grow-r')).toHaveValue('0.5');
  await finished(page);
  const shown = await shownSlices(page);
  expect(shown.map((c) => [c.m, c.k, c.n])).toEqual(slicesFor(2000, 0.01, 0.5, 2, 300).map((c) => [c.m, c.k, c.n]));
  // A typed value the view cannot use is named beside its field, and the last run stays.
  await page.fill('#grow-p', '1.5');
  await expect(page.locator('[data-field-error="grow-p"]')).toContainText('p = 1.5 must lie strictly between 0 and 1');
  await expect(page.locator('.grow')).toHaveAttribute('data-status', 'done');
  // Values that read one by one but cannot run together: a first slice of 4 bits holds nothing at p_0.
  await page.fill('#grow-p', '0.01');
  await page.fill('#grow-m0', '4');
  await expect(page.locator('#grow-plan-problem')).toContainText('cannot run together');
  expect((await shownSlices(page))[0].m).toBe(2000);
});

test('seed 000 is replaced by murmur3, and the run is made in the workers', async ({ page }) => {
  // Every worker the page starts, by its script, and the moment the run starts, recorded
  // from the page's start (a fast machine may finish the run before a check made after it
  // opens).
  await recordWorkers(page);
  await page.addInitScript(() => {
    window.__runningAt = null;
    new MutationObserver(() => {
      if (window.__runningAt === null && document.querySelector('.grow[data-status="running"]')) {
        window.__runningAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status'] });
  });
  await openApp(page, '?view=grow&hash=seed000&grow_n=100000');
  await expect(page.locator('.grow')).toHaveAttribute('data-family', 'murmur3');
  await expect(page.locator('#grow-family')).toContainText('seed 000 has only six hash functions');
  await finished(page);
  const runningAt = await page.evaluate(() => window.__runningAt);
  expect(runningAt, 'the run was seen running').not.toBeNull();
  // The run's filters are built in the lab's workers, not on the page's thread (the
  // longest task while it runs is a figure of make bench, not of this test).
  expect(await startedWorkers(page, 'lab_worker')).toBeGreaterThanOrEqual(1);
  const held = (await shownSlices(page)).reduce((a, c) => a + c.held, 0);
  expect(held).toBe(100000);
});

/** name → string of a language file (static/i18n/), or English from src/i18n/en.rs. */
function table(lang) {
  const entries = {};
  if (lang === 'en') {
    const source = readFileSync(new URL('../src/i18n/en.rs', import.meta.url), 'utf8');
    for (const [, name, value] of source.matchAll(/^ {4}([a-z_0-9]+): "((?:[^"\\]|\\.)*)",$/gm)) entries[name] = value;
  } else {
    const file = readFileSync(new URL(`../static/i18n/${lang}.txt`, import.meta.url), 'utf8');
    for (const [, name, value] of file.matchAll(/^([a-z_0-9]+) = (.*)$/gm)) entries[name] = value;
  }
  return entries;
}

for (const lang of ['zh', 'ja']) {
  test(`the view speaks ${lang} with no English sentence left`, async ({ page }) => {
    const words = table(lang);
    const EN = table('en');
    await openApp(page, `?view=grow&lang=${lang}`);
    await finished(page);
    await expect(page.locator('#grow-title')).toHaveText(words.grow_title);
    await expect(page.locator('.grow-when h3')).toHaveText(words.grow_when_title);
    await expect(page.locator('#grow-over-p')).toContainText(words.grow_over_p.split('{')[0].trim().slice(0, 4));
    const body = await page.locator('.grow').innerText();
    const leaks = Object.entries(EN)
      .filter(([name, value]) => name.startsWith('grow_') && words[name] !== value)
      .map(([, value]) => value.split('{')[0].trim())
      .filter((prefix) => prefix.length > 8 && body.includes(prefix));
    expect(leaks).toEqual([]);
  });
}
