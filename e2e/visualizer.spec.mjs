import { test, expect } from '@playwright/test';
import { openApp, setBits, murmurPositions, fnvPositions, positionTable, sortedUnique } from './helpers.mjs';

const ITEMS = ['a', 'b', 'c', 'd', 'e'];
const DENSE = `?m=16&k=3&${ITEMS.map((i) => `add=${i}`).join('&')}`;

/** Bits that ITEMS set at m = 16, k = 3, computed in JavaScript. */
function denseBits() {
  return new Set(ITEMS.flatMap((item) => murmurPositions(item, 16, 3)));
}

test('the hash table shows the numbers of the independently computed table', async ({ page }) => {
  const rows = positionTable().filter((r) => r.m === 1000 && ['apple', '布隆过滤器', '🙂'].includes(r.item));
  expect(rows).toHaveLength(6);
  for (const row of rows) {
    await openApp(page, `?m=${row.m}&k=${row.k}&hash=${row.family}&query=${encodeURIComponent(row.item)}`);
    await expect(page.locator('[data-h1]')).toHaveAttribute('data-h1', row.h1);
    await expect(page.locator('[data-h2]')).toHaveAttribute('data-h2', row.h2);
    const positions = await page.locator('tr[data-hash-index]').evaluateAll((trs) =>
      trs.map((tr) => [Number(tr.dataset.hashIndex), Number(tr.dataset.position)]));
    expect(positions).toEqual(row.positions.map((p, i) => [i, p]));
  }
});

test('typing previews the positions before anything is added', async ({ page }) => {
  await openApp(page, '?m=64&k=4');
  await page.locator('#item-field').pressSequentially('cat');
  const marked = await page.locator('#bit-array .cell.probe').evaluateAll((cells) =>
    cells.map((c) => Number(c.dataset.bitIndex)).sort((a, b) => a - b));
  expect(marked).toEqual(sortedUnique(murmurPositions('cat', 64, 4)));
  expect(await setBits(page)).toEqual([]);
  await page.locator('#item-field').press('Enter');
  expect(await setBits(page)).toEqual(sortedUnique(murmurPositions('cat', 64, 4)));
});

test('each of the three query kinds, with the culprits of a false positive', async ({ page }) => {
  const bits = denseBits();
  const absent = Array.from({ length: 500 }, (_, i) => `probe${i}`)
    .find((s) => murmurPositions(s, 16, 3).some((p) => !bits.has(p)));
  const falsePositive = Array.from({ length: 5000 }, (_, i) => `probe${i}`)
    .find((s) => murmurPositions(s, 16, 3).every((p) => bits.has(p)));
  expect(absent).toBeDefined();
  expect(falsePositive).toBeDefined();
  await openApp(page, DENSE);
  expect(await setBits(page)).toEqual([...bits].sort((a, b) => a - b));

  const field = page.locator('#item-field');
  await field.fill(absent);
  await field.press('Shift+Enter');
  const result = page.locator('[data-query-result]');
  await expect(result).toHaveAttribute('data-query-result', 'definitely-not');
  await expect(result).toContainText('definitely not in the set');

  await field.fill('c');
  await field.press('Shift+Enter');
  await expect(result).toHaveAttribute('data-query-result', 'probably');

  await field.fill(falsePositive);
  await field.press('Shift+Enter');
  await expect(result).toHaveAttribute('data-query-result', 'false-positive');
  const culprits = page.locator('[data-culprit-position]');
  await expect(culprits).toHaveCount(3);
  const expected = murmurPositions(falsePositive, 16, 3);
  for (let i = 0; i < 3; i++) {
    await expect(culprits.nth(i)).toHaveAttribute('data-culprit-position', String(expected[i]));
    const setters = ITEMS.filter((item) => murmurPositions(item, 16, 3).includes(expected[i]));
    for (const setter of setters) await expect(culprits.nth(i)).toContainText(`“${setter}”`);
  }
});

test('a query from the URL is shown on load', async ({ page }) => {
  await openApp(page, `${DENSE}&query=a`);
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
});

test('undo and redo restore the bits', async ({ page }) => {
  await openApp(page, '?m=64');
  const field = page.locator('#item-field');
  await field.fill('first');
  await field.press('Enter');
  await field.fill('second');
  await field.press('Enter');
  const both = sortedUnique([...murmurPositions('first', 64, 3), ...murmurPositions('second', 64, 3)]);
  expect(await setBits(page)).toEqual(both);
  await page.locator('#undo-button').click();
  expect(await setBits(page)).toEqual(sortedUnique(murmurPositions('first', 64, 3)));
  await page.locator('#redo-button').click();
  expect(await setBits(page)).toEqual(both);
  await page.locator('body').press('Control+z');
  await page.locator('body').press('Control+z');
  expect(await setBits(page)).toEqual([]);
});

test('changing m rebuilds the filter from the items, and bad input keeps the old value', async ({ page }) => {
  await openApp(page, '?add=alpha&add=beta');
  const m = page.locator('#field-m');
  await m.fill('128');
  await m.press('Enter');
  await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(128);
  expect(await setBits(page)).toEqual(sortedUnique(['alpha', 'beta'].flatMap((s) => murmurPositions(s, 128, 3))));
  await m.fill('12abc');
  await m.press('Enter');
  await expect(page.locator('[data-field-error="field-m"]')).toHaveText('not a number');
  await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(128);
  await m.fill('1000000000000');
  await m.press('Enter');
  await expect(page.locator('[data-field-error="field-m"]')).toContainText('memory cap');
});

test('bad URL parameters fall back and are named in a notice', async ({ page }) => {
  const errors = await openApp(page, '?m=abc&k=0&hash=md5&add=x');
  await expect(page.locator('[data-notice-param="m"]')).toContainText('not a number');
  await expect(page.locator('[data-notice-param="k"]')).toContainText('k must be at least 1');
  await expect(page.locator('[data-notice-param="hash"]')).toBeVisible();
  await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(32);
  expect(await setBits(page)).toEqual(sortedUnique(murmurPositions('x', 32, 3)));
  expect(errors).toEqual([]);
});

test('the step-by-step walk shows each position, then adds', async ({ page }) => {
  await openApp(page, '?m=32');
  await page.locator('#item-field').fill('kiwi');
  // The walks wait in the "More" area beside m and k.
  await expect(page.locator('#walk-add-button')).toBeHidden();
  await page.locator('#more summary').click();
  await page.locator('#walk-add-button').click();
  const walk = page.locator('[data-walk-step]');
  await expect(walk).toHaveAttribute('data-walk-step', '0');
  await expect(page.locator('#walk-sentence')).toContainText('h1 =');
  const positions = murmurPositions('kiwi', 32, 3);
  for (let i = 0; i < 3; i++) {
    await page.locator('#walk-next').click();
    await expect(walk).toHaveAttribute('data-walk-step', String(i + 1));
    // The arithmetic names this filter's m, as a student would write it.
    await expect(page.locator('#walk-sentence')).toContainText(`mod 32 = ${positions[i]}`);
    // The hash table agrees with the bit array, which shows the visited bit as 1.
    await expect(page.locator(`.hash-table tr[data-hash-index="${i}"] td`).last()).toHaveText('0 → 1 (this add)');
    await expect(page.locator(`[data-bit-index="${positions[i]}"] .cell-bit`)).toHaveText('1');
  }
  expect(await setBits(page)).toEqual([]);
  await page.locator('#walk-next').click();
  await page.locator('#walk-next').click();
  await expect(walk).toHaveCount(0);
  expect(await setBits(page)).toEqual(sortedUnique(positions));
});

test('screenshots at m = 16 and m = 100000', async ({ page }) => {
  await openApp(page, `${DENSE}&query=d`);
  await page.locator('#item-field').fill('banana');
  await page.screenshot({ path: 'artifacts/visualizer-m16.png', fullPage: true });
  await openApp(page, '?m=100000&k=7&hash=murmur3');
  await page.locator('#random-button').click();
  await page.locator('#item-field').fill('kiwi');
  await expect(page.locator('.canvas-mark')).toHaveCount(7);
  const painted = await page.locator('canvas[data-tile="0"]').evaluate((c) =>
    c.getContext('2d').getImageData(0, 0, 1, 1).data[3]);
  expect(painted).toBe(255);
  await page.screenshot({ path: 'artifacts/visualizer-m100000.png', fullPage: true });
});

test('the keyboard moves a cursor over the grid and names the items that set a bit', async ({ page }) => {
  await openApp(page, DENSE);
  const target = murmurPositions('a', 16, 3)[0];
  await page.locator('#bit-array .bit-grid').focus();
  for (let i = 0; i <= target; i++) await page.keyboard.press('ArrowRight');
  await expect(page.locator('.cell.cursor')).toHaveAttribute('data-bit-index', String(target));
  const inspector = page.locator('[data-inspected]');
  await expect(inspector).toHaveAttribute('data-inspected', String(target));
  for (const item of ITEMS.filter((it) => murmurPositions(it, 16, 3).includes(target))) {
    await expect(inspector).toContainText(`“${item}”`);
  }
  await page.locator('#bit-array [data-bit-index="6"]').click();
  await expect(inspector).toHaveAttribute('data-inspected', '6');
});

test('at m = 4096 the cursor cell is named in the page language, also after a switch', async ({ page }) => {
  await openApp(page, '?m=4096&add=cat');
  await page.locator('#bit-array .bit-grid').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const cursor = page.locator('#bit-array .cell.cursor');
  await expect(cursor).toHaveAttribute('aria-label', 'bit 1 = 0');
  // Only the cursor's cell carries a label among the 4096.
  await expect(page.locator('#bit-array .cell[aria-label]')).toHaveCount(1);
  await page.selectOption('#lang', 'zh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(cursor).toHaveAttribute('aria-label', '第 1 位 = 0');
});

test('a 2^24-bit array is drawn in 16 tiles, only those in sight hold pixels, and a click in a lower tile picks the bit under it', async ({ page }) => {
  await openApp(page, '?m=16777216&k=7&add=kiwi');
  const stage = page.locator('.canvas-stage');
  await expect(stage).toHaveAttribute('data-draw-kind', 'full', { timeout: 30_000 });
  const tiles = page.locator('canvas.bit-canvas');
  await expect(tiles).toHaveCount(16);
  // At 0.25× a pixel stands for a 4 × 4 block: a tile of 4096 × 256 bits is 1024 × 64
  // pixels, painted (opaque) down to its last row; the tiles out of sight hold no bitmap.
  await expect(page.locator('.canvas-toolbar')).toContainText('4 × 4');
  const sizes = await tiles.evaluateAll((cs) => cs.map((c) =>
    c.width ? [c.width, c.height, c.getContext('2d').getImageData(0, c.height - 1, 1, 1).data[3]] : [0, 0]));
  const live = sizes.filter(([w]) => w > 0);
  expect(live.length).toBeGreaterThan(0);
  expect(live.length).toBeLessThan(16);
  for (const size of live) expect(size).toEqual([1024, 64, 255]);
  // At 1×, kiwi's bits are dark pixels in the tiles that hold them, once scrolled into sight.
  await page.locator('.zoom button', { hasText: /^1×$/ }).click();
  await expect(page.locator('.canvas-toolbar')).toContainText('one pixel each');
  await page.locator('#item-field').fill('kiwi');
  await expect(page.locator('.canvas-mark.probe')).toHaveCount(7);
  const position = await page.locator('.canvas-mark.probe').first().getAttribute('data-position');
  const p = Number(position);
  const row = Math.floor(p / 4096);
  const tile = Math.floor(row / 256);
  await page.locator('.canvas-scroll').evaluate((box, top) => { box.scrollTop = top; }, row);
  await expect.poll(() => tiles.nth(tile).evaluate((c) => c.width)).toBe(4096);
  const rgb = await tiles.nth(tile).evaluate((c, [x, y]) =>
    Array.from(c.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)), [p % 4096, row % 256]);
  expect(rgb).toEqual([29, 78, 137]);
  // The tiles far above have let go of their pixels.
  if (tile > 3) expect(await tiles.nth(0).evaluate((c) => c.width)).toBe(0);
  await tiles.nth(tile).scrollIntoViewIfNeeded();
  await tiles.nth(tile).click({ position: { x: 10, y: 20 } });
  await expect(page.locator('[data-inspected]')).toHaveAttribute('data-inspected', String((tile * 256 + 20) * 4096 + 10));
});

test('a change to all 4096 cells reaches the grid a part per frame and ends complete', async ({ page }) => {
  await openApp(page, '?m=4096&k=3');
  await expect(page.locator('#bit-array .cell')).toHaveCount(4096);
  await page.locator('details.bulk summary').click();
  // Set directly: typing 3000 lines into a text area is slow in any browser automation.
  await page.locator('#bulk-field').evaluate((area) => {
    area.value = Array.from({ length: 3000 }, (_, n) => `w${n}`).join('\n');
  });
  await page.locator('#bulk-button').click();
  const ones = page.locator('[data-stat="x"]');
  await expect(ones).not.toHaveText(/^0 \//);
  const bits = await setBits(page);
  const shown = Number((await ones.textContent()).split('/')[0].replace(/,/g, ''));
  expect(bits.length).toBe(shown);
  expect(shown).toBeGreaterThan(3500);
});

test('FNV-1a at a power-of-two m names a pair it cannot tell apart, the user\'s own first', async ({ page }) => {
  await openApp(page, '?m=16&k=3&hash=fnv');
  const note = page.locator('#low-bits-note');
  await expect(note).toHaveAttribute('data-pair-first', 'a');
  await expect(note).toHaveAttribute('data-pair-second', 'q');
  const same = fnvPositions('a', 16, 3);
  expect(fnvPositions('q', 16, 3)).toEqual(same);
  await expect(note).toContainText(`(${same.join(', ')})`);
  await expect(note).toHaveAttribute('data-shared', '46');
  // The user's own pair wins: "cat" and "Cat" differ in bit 5, below m = 32's five bits.
  await openApp(page, '?m=32&k=3&hash=fnv&add=dog&add=cat&add=Cat');
  await expect(note).toHaveAttribute('data-pair-first', 'cat');
  await expect(note).toHaveAttribute('data-pair-second', 'Cat');
  expect(fnvPositions('Cat', 32, 3)).toEqual(fnvPositions('cat', 32, 3));
  await page.locator('#low-bits-compare').click();
  await expect(page).toHaveURL(/view=hashes/);
  // No note for murmur3, for an m that is not a power of two, or for k = 1 (where FNV-1a
  // spreads short words no worse than chance).
  for (const query of ['?m=16&k=3', '?m=1000&k=3&hash=fnv', '?m=16&k=1&hash=fnv']) {
    await openApp(page, query);
    await expect(page.locator('#bit-array .bit-grid')).toBeVisible();
    await expect(note, query).toHaveCount(0);
  }
});

test('every "Try a word" is recorded once; naming the culprits is no query', async ({ page }) => {
  // A full filter: every word not in it is a false positive.
  await openApp(page, `?m=8&k=1&${Array.from({ length: 40 }, (_, i) => `add=w${i}`).join('&')}`);
  const record = page.locator('#query-record');
  const total = async () => {
    const values = await Promise.all(['tp', 'fp', 'tn', 'fn'].map((c) => record.getAttribute(`data-${c}`)));
    return values.reduce((sum, v) => sum + Number(v), 0);
  };
  for (let tried = 1; tried <= 3; tried += 1) {
    await page.click('#try-button');
    await expect(record).toBeVisible();
    await expect.poll(total).toBe(tried);
  }
  await expect(page.locator('#answer')).toHaveAttribute('data-verdict', 'false-positive');
  await page.click('#culprits-button');
  await expect(page.locator('#answer .culprits li').first()).toBeVisible();
  expect(await total()).toBe(3);
  await expect(record).toHaveAttribute('data-fp', '3');
});

test('a link that names a layout but not k gets the layout\'s k; a k it names that conflicts is refused', async ({ page }) => {
  await openApp(page, '?layout=split-block&m=1024');
  await expect(page.locator('[data-notice-param]')).toHaveCount(0);
  await expect(page.locator('#field-k')).toHaveValue('8');
  await expect(page.locator('#field-m')).toHaveValue('1024');
  await openApp(page, '?layout=split-block&m=1024&k=3');
  await expect(page.locator('[data-notice-param="layout"]')).toContainText('k = 3 is not 8');
});
