// The seeds' structures through their URL parameters: the partitioned layout, seed 000's
// own hashes, and the count-min sketch. Every expected number is computed here, in
// JavaScript, independently of the Rust code.
import { test, expect } from '@playwright/test';
import { openApp, fnvPositions, murmurPositions } from './helpers.mjs';

const MASK32 = 0xffffffffn;

/** Seed 000's HFLP, Str, HF, DEK and SDBM on a string's UTF-8 bytes (C char signed). */
function seedHashes(text) {
  const bytes = [...new TextEncoder().encode(text)];
  const signed = (b) => BigInt(b > 127 ? b - 256 : b) & MASK32;
  const len = BigInt(bytes.length);
  const word = [0, 0, 0, 0];
  bytes.forEach((b, i) => { word[i % 4] ^= b; });
  const hflp = (BigInt(word[0]) | BigInt(word[1]) << 8n | BigInt(word[2]) << 16n | BigInt(word[3]) << 24n) % len;
  const str = bytes.reduce((h, b) => (h * 31n + BigInt(b)) & MASK32, 0n);
  let r = 0;
  bytes.forEach((b, i) => { r = (r + (b > 127 ? b - 256 : b) * 3 * (i + 1)) | 0; });
  const hf = BigInt(Math.abs(r)) % len;
  const dek = bytes.reduce((h, b) => (((h << 5n) & MASK32) ^ (h >> 27n) ^ signed(b)) & MASK32, len);
  const sdbm = bytes.reduce((h, b) => (signed(b) + (h << 6n) + (h << 16n) - h) & MASK32, 0n);
  return { hflp, str, hf, dek, sdbm };
}

test('a partitioned filter puts hash i in slice i and leaves the last bits unused', async ({ page }) => {
  const errors = await openApp(page, '?m=32&k=3&hash=fnv&layout=partitioned&add=apple&query=apple');
  const s = Math.floor(32 / 3);
  // v_i mod s inside slice i: the same double hashing as the standard layout, reduced mod s.
  const offsets = fnvPositions('apple', s, 3);
  const expected = offsets.map((o, i) => i * s + o);
  const rows = page.locator('.hash-table tbody tr');
  await expect(rows).toHaveCount(3);
  for (let i = 0; i < 3; i += 1) {
    await expect(rows.nth(i)).toHaveAttribute('data-position', String(expected[i]));
    await expect(page.locator(`[data-bit-index="${expected[i]}"]`)).toHaveAttribute('data-slice', String(i));
  }
  // Bits 30 and 31 (k·s = 30 … m − 1) belong to no slice.
  await expect(page.locator('[data-unused="true"]')).toHaveCount(32 - 3 * s);
  await expect(page.locator('[data-bit-index="31"]')).toHaveAttribute('data-unused', 'true');
  // Figures: the partitioned rate (1 − (1 − 1/s)^n)^k beside the standard one.
  const partitioned = (1 - (1 - 1 / s) ** 1) ** 3;
  const shown = parseFloat(await page.locator('[data-stat="fpr"]').textContent());
  expect(Math.abs(shown - partitioned * 100)).toBeLessThan(partitioned * 100 * 0.005);
  await expect(page.locator('[data-stat="fpr-standard"]')).toBeVisible();
  // A layout the filter cannot have is refused with a notice naming the parameter.
  await openApp(page, '?m=4&k=5&layout=partitioned');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('layout');
  await expect(page.locator('#field-layout')).toHaveValue('standard');
  expect(errors).toEqual([]);
});

test('hash=seed000 takes each position from one of the seed\'s C hashes, mod m', async ({ page }) => {
  const m = 1000;
  const errors = await openApp(page, `?m=${m}&k=6&hash=seed000&add=布隆&query=bloomfilter`);
  for (const item of ['bloomfilter']) {
    const h = seedHashes(item);
    const expected = [h.hflp, h.str, h.hf, h.dek, null, h.sdbm].map((v) => (v === null ? null : Number(v % BigInt(m))));
    const rows = page.locator('.hash-table tbody tr');
    await expect(rows).toHaveCount(6);
    for (let i = 0; i < 6; i += 1) {
      if (expected[i] !== null) await expect(rows.nth(i)).toHaveAttribute('data-position', String(expected[i]));
    }
    // HFLP and HF are below the item's length: they only reach the first bits.
    expect(expected[0]).toBeLessThan(item.length);
    expect(expected[2]).toBeLessThan(item.length);
    // The page says so beside the arithmetic: queries are left to the other four hashes,
    // and the rate is about the formula's for k = 4 with n = 1, not for k = 6.
    const note = page.locator('#seed-low-bits');
    await expect(note).toHaveAttribute('data-effective-k', '4');
    await expect(note).toContainText(`here 11 bytes (HFLP ${h.hflp}, HF ${h.hf})`);
    await expect(note).toContainText('reach only the first 11 positions');
    const exact = (k) => (1 - (1 - 1 / m) ** k) ** k;
    // Both formulas' rates for one item are below 0.001 %: the note compares them, so it
    // writes them with the digits that tell them apart, and never with an exponent.
    expect(exact(4)).toBeLessThan(1e-5);
    expect(exact(6)).toBeLessThan(1e-5);
    const said = (await note.textContent()).match(/for k = 4 says, ([0-9.]+)\u00a0%, rather than ([0-9.]+)\u00a0% for k = 6/);
    expect(said, await note.textContent()).not.toBeNull();
    const [k4, k6] = [Number(said[1]) / 100, Number(said[2]) / 100];
    expect(k4).not.toBe(k6);
    expect(Math.abs(k4 - exact(4)) / exact(4)).toBeLessThan(0.01);
    expect(Math.abs(k6 - exact(6)) / exact(6)).toBeLessThan(0.01);
  }
  // Measured in the lab, the points carry seed 000's name in the legend.
  await page.locator('#tab-lab').click();
  await page.fill('#lab-n', '100');
  await page.fill('#lab-points', '2');
  await page.press('#lab-points', 'Tab');
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('[data-legend="seed000"]')).toContainText('seed 000');
  await page.locator('#tab-visualizer').click();
  // With k = 2 only HFLP is low: the other hash decides; with k = 1 nothing does.
  await openApp(page, '?m=64&k=1&hash=seed000&add=apple&query=pear');
  await expect(page.locator('#seed-low-bits')).toHaveAttribute('data-effective-k', '0');
  await expect(page.locator('#seed-low-bits')).toContainText('every query answers “probably”');
  // k = 7 is refused beside the field, and the filter keeps k = 6.
  await page.locator('#field-k').fill('7');
  await page.locator('#field-k').press('Enter');
  await expect(page.locator('[data-field-error="field-k"]')).toContainText('6');
  await expect(page.locator('#field-k')).toHaveValue('7');
  await openApp(page, '?k=8&hash=seed000');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('hash');
  await expect(page.locator('#field-hash')).toHaveValue('murmur3');
  expect(errors).toEqual([]);
});

test('the count-min sketch adds one per row at the double-hashing column and estimates the minimum', async ({ page }) => {
  const adds = ['apple', 'pear', 'apple', 'plum', 'apple', 'fig'];
  const [w, d] = [8, 3];
  const query = adds.map((a) => `cms_add=${a}`).join('&');
  const errors = await openApp(page, `?view=cms&hash=fnv&cms_w=${w}&cms_d=${d}&${query}&cms_query=apple`);
  const counters = Array.from({ length: d }, () => new Array(w).fill(0));
  for (const item of adds) {
    fnvPositions(item, w, d).forEach((column, row) => { counters[row][column] += 1; });
  }
  const cells = page.locator('.cms-cell');
  await expect(cells).toHaveCount(w * d);
  for (let row = 0; row < d; row += 1) {
    for (let col = 0; col < w; col += 1) {
      await expect(page.locator(`.cms-cell[data-cms-row="${row}"][data-cms-col="${col}"]`))
        .toHaveAttribute('data-cms-count', String(counters[row][col]));
    }
  }
  const columns = fnvPositions('apple', w, d);
  const estimate = Math.min(...columns.map((c, row) => counters[row][c]));
  await expect(page.locator('.cms-verdict [data-cms-estimate]')).toHaveAttribute('data-cms-estimate', String(estimate));
  await expect(page.locator('.cms-verdict [data-cms-true]')).toHaveAttribute('data-cms-true', '3');
  expect(estimate).toBeGreaterThanOrEqual(3);
  // ε = e/w and δ = e^−d.
  await expect(page.locator('#cms-guarantee')).toHaveAttribute('data-cms-epsilon', (Math.E / w).toFixed(6));
  await expect(page.locator('#cms-guarantee')).toHaveAttribute('data-cms-delta', Math.exp(-d).toFixed(6));
  // Adding from the field updates the link.
  await page.locator('#cms-item').fill('kiwi');
  await page.locator('#cms-add').click();
  await expect(page).toHaveURL(/cms_add=kiwi/);
  // The Zipf stream: heavy hitters never estimate below their true count.
  await page.locator('#cms-zipf').click();
  await expect(page).toHaveURL(/cms_zipf=1000/);
  const heavy = await page.locator('tr[data-heavy]').evaluateAll((rows) =>
    rows.map((r) => [Number(r.dataset.cmsEstimate), Number(r.dataset.cmsTrue)]));
  expect(heavy.length).toBeGreaterThan(3);
  for (const [est, truth] of heavy) expect(est).toBeGreaterThanOrEqual(truth);
  // A bad width is named in a notice and the default stays.
  await openApp(page, '?view=cms&cms_w=0');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('cms_w');
  await expect(page.locator('.cms-cell')).toHaveCount(32 * 4);
  expect(errors).toEqual([]);
});

test('the count-min view speaks Chinese and Japanese', async ({ page }) => {
  await openApp(page, '?view=cms&lang=zh&cms_add=a&cms_query=a');
  await expect(page.locator('#cms-title')).toContainText('Count-min 草图');
  await openApp(page, '?view=cms&lang=ja&cms_add=a&cms_query=a');
  await expect(page.locator('#cms-title')).toContainText('Count-min スケッチ');
  // murmur3 is the default family: the columns follow it.
  const columns = murmurPositions('a', 32, 4);
  for (let row = 0; row < 4; row += 1) {
    await expect(page.locator(`.cms-cell[data-cms-row="${row}"][data-cms-col="${columns[row]}"]`)).toHaveAttribute('data-cms-count', '1');
  }
});

test('the calculator shows ClickHouse\'s choice for p exactly as its own unit tests pin it', async ({ page }) => {
  // src/Interpreters/tests/gtest_calculationBestPractices.cpp, ClickHouse.
  const cases = [[0.001, 15, 7], [0.025, 8, 4], [0.05, 7, 3], [0.1, 5, 3], [0.2, 4, 2], [0.282, 3, 2], [0.283, 2, 2], [0.5, 2, 2]];
  const errors = [];
  for (const [p, bits, hashes] of cases) {
    errors.push(...await openApp(page, `?view=calculator&solve=size&cn=1000&cp=${p}`));
    const choice = page.locator('#ch-choice');
    await expect(choice).toHaveAttribute('data-ch-bits-per-row', String(bits));
    await expect(choice).toHaveAttribute('data-ch-hashes', String(hashes));
    await expect(page.locator('.ch-table td.ch-chosen')).toHaveCount(1);
  }
  // Between 0.221 and 0.237 no row passes the walk: the largest filter, and the page says why.
  await openApp(page, '?view=calculator&solve=size&cn=1000&cp=0.225');
  await expect(page.locator('#ch-choice')).toHaveAttribute('data-ch-bits-per-row', '19');
  await expect(page.locator('#ch-choice')).toContainText('0.221');
  // Each row's minimum is outlined, one per row from 2 bits (ClickHouse records row 1's as
  // its k = 0 column, which it never picks); rates follow (1 − e^(−k/c))^k to three digits.
  await expect(page.locator('.ch-table td.ch-min')).toHaveCount(19);
  const c = 10; const k = 7;
  const cell = page.locator('.ch-table tbody tr').nth(c - 1).locator('td').nth(k - 1);
  const rate = Number(await cell.getAttribute('data-ch-rate'));
  const formula = (1 - Math.exp(-k / c)) ** k;
  expect(Math.abs(rate - formula) / formula).toBeLessThan(0.006);
  expect(errors).toEqual([]);
});

test('the hash-quality view compares the seed\'s fifteen hashes and shows each one\'s value of an item', async ({ page }) => {
  const item = 'Bloom 布隆';
  const errors = await openApp(page, `?view=hashes&hq_show=${encodeURIComponent(item)}`);
  const rows = page.locator('#hq-show tbody tr');
  await expect(rows).toHaveCount(15);
  const keys = await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.hash));
  expect(keys).toEqual(['rs', 'js', 'pjw', 'elf', 'bkdr', 'sdbm', 'djb', 'dek', 'bp', 'fnv32', 'ap', 'hflp', 'hf', 'str', 'tianl']);
  const h = seedHashes(item);
  const bytes = [...new TextEncoder().encode(item)];
  const signed = (b) => BigInt(b > 127 ? b - 256 : b) & MASK32;
  const bkdr = bytes.reduce((v, b) => (v * 131n + signed(b)) & MASK32, 0n);
  const djb = bytes.reduce((v, b) => ((v << 5n) + v + signed(b)) & MASK32, 5381n);
  const expected = { str: h.str, sdbm: h.sdbm, dek: h.dek, hflp: h.hflp, hf: h.hf, bkdr, djb };
  for (const [key, value] of Object.entries(expected)) {
    await expect(page.locator(`#hq-show tr[data-hash="${key}"]`)).toHaveAttribute('data-hash-value', String(value));
  }
  // All nineteen hashes get a report; HFLP and HF cluster on the first buckets.
  await expect(page.locator('table.hash-reports tbody tr')).toHaveCount(19, { timeout: 30_000 });
  await expect(page.locator('table.hash-reports tr[data-hash="hflp"]')).toHaveAttribute('data-spread', 'clustered');
  await expect(page.locator('table.hash-reports tr[data-hash="hf"]')).toHaveAttribute('data-spread', 'clustered');
  expect(errors).toEqual([]);
});
