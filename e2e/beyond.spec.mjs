import { test, expect } from '@playwright/test';
import { openApp, murmurPositions } from './helpers.mjs';

const A = ['apple', 'banana', 'cherry', 'grape', 'lemon', 'mango', 'melon', 'peach'];
const B = ['grape', 'lemon', 'mango', 'melon', 'peach', 'pear', 'plum', 'kiwi'];
const SETS = `view=sets&m=128&k=3&${A.map((i) => `seta=${i}`).join('&')}&${B.map((i) => `setb=${i}`).join('&')}`;

test('union is exact and intersection is not, from a URL-configured state', async ({ page }) => {
  const errors = await openApp(page, `?${SETS}`);
  const union = page.locator('[data-set="union"]');
  await expect(union).toHaveAttribute('data-union-exact', 'true');
  const unionBits = new Set([...A, ...B].flatMap((s) => murmurPositions(s, 128, 3)));
  await expect(union).toHaveAttribute('data-ones', String(unionBits.size));
  const inter = page.locator('[data-set="intersection"]');
  const common = A.filter((a) => B.includes(a));
  const trueBits = new Set(common.flatMap((s) => murmurPositions(s, 128, 3)));
  await expect(inter).toHaveAttribute('data-true-ones', String(trueBits.size));
  const aBits = new Set(A.flatMap((s) => murmurPositions(s, 128, 3)));
  const bBits = new Set(B.flatMap((s) => murmurPositions(s, 128, 3)));
  const andBits = [...aBits].filter((b) => bBits.has(b));
  await expect(inter).toHaveAttribute('data-ones', String(andBits.length));
  await expect(inter).toHaveAttribute('data-extra-bits', String(andBits.length - trueBits.size));
  await expect(page.locator('[data-estimate="intersection"]')).toBeVisible();
  const extra = andBits.length - trueBits.size;
  await expect(inter).toHaveAttribute('data-and-exact', String(extra === 0));
  await expect(inter.locator('p.bad, p.ok').last())
    .toHaveText(extra === 0 ? /identical to the filter of A ∩ B/ : /not exact/);
  // The AND's extra bits are the cells outlined on its grid.
  const outlined = await inter.locator('[data-extra="true"]').evaluateAll((cells) =>
    cells.map((c) => Number(c.dataset.bitIndex)).sort((x, y) => x - y));
  expect(outlined).toEqual(andBits.filter((b) => !trueBits.has(b)).sort((x, y) => x - y));
  if (extra > 0) await expect(page.locator('#sets-extra-legend')).toContainText(`the ${extra} bits AND sets`);
  await page.screenshot({ path: 'artifacts/sets.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('the example is sized for the filter, and a saturated union says why its estimates are off', async ({ page }) => {
  await openApp(page, '?view=sets&m=32&k=3');
  await page.click('#sets-example');
  await expect(page.locator('[data-set="a"] h3')).toHaveText('Filter A (6 items)');
  await expect(page.locator('[data-set="b"] h3')).toHaveText('Filter B (6 items)');
  const ones = Number(await page.locator('[data-set="union"]').getAttribute('data-ones'));
  // 9 words in all: 1 − e^(−27/32) = 57 % expected; these words set at most a few more.
  expect(ones / 32).toBeLessThanOrEqual(0.66);
  await expect(page.locator('#sets-saturated')).toHaveCount(ones / 32 > 0.6 ? 1 : 0);
  await page.screenshot({ path: 'artifacts/sets-example.png', fullPage: true });
  // Eighty words in 32 bits: every bit is set, the estimate is undefined, and the page says so.
  const words = Array.from({ length: 80 }, (_, i) => `w${i}`);
  await openApp(page, `?view=sets&m=32&k=3&${words.map((w) => `seta=${w}`).join('&')}`);
  await expect(page.locator('#sets-saturated')).toContainText('A ∪ B has 32 of its 32 bits set');
  await expect(page.locator('[data-estimate="a"] td').nth(1)).toContainText('undefined');
});

test('folding works from an empty visualizer: an example adds words to fold', async ({ page }) => {
  await openApp(page, '?view=sets&m=64&k=3');
  await expect(page.locator('#fold-empty')).toBeVisible();
  await page.click('#fold-example');
  // A quarter of 64 bits: floor(−64 · ln 0.75 / 3) = 6 words.
  await expect(page.locator('[data-fold="0"]')).toHaveAttribute('data-found', '6');
  await expect(page.locator('#fold-empty')).toHaveCount(0);
  await page.click('#fold-more');
  await expect(page.locator('[data-fold="1"]')).toHaveAttribute('data-found', '6');
  const fill = async (i) => Number((await page.locator(`[data-fold="${i}"] td`).nth(1).innerText()));
  expect(await fill(1)).toBeGreaterThan(await fill(0));
});

test('a set holds each line once; an AND with no extra bits says it is identical', async ({ page }) => {
  // cat, dog, owl against owl, bee, cat at m = 16: AND sets no bit beyond those of {cat, owl}.
  const A2 = ['cat', 'dog', 'owl'], B2 = ['owl', 'bee', 'cat'];
  const bits = (items) => new Set(items.flatMap((s) => murmurPositions(s, 16, 3)));
  const [a, b, both] = [bits(A2), bits(B2), bits(['cat', 'owl'])];
  const and = [...a].filter((x) => b.has(x));
  await openApp(page, '?m=16&k=3&view=sets&seta=cat&seta=cat&seta=dog&seta=owl&setb=owl&setb=bee&setb=cat&setb=%20');
  await expect(page.locator('[data-set="a"] h3')).toHaveText('Filter A (3 items)');
  await expect(page.locator('[data-estimate="a"] td').nth(2)).toHaveText('3');
  await expect(page.locator('[data-estimate="union"] td').nth(2)).toHaveText('4');
  const inter = page.locator('[data-set="intersection"]');
  await expect(inter).toHaveAttribute('data-extra-bits', String(and.length - both.size));
  expect(and.length).toBe(both.size);
  await expect(inter).toHaveAttribute('data-and-exact', 'true');
  await expect(inter).toContainText('Here AND is identical to the filter of A ∩ B');
  await expect(inter).not.toContainText('not exact');
  await page.fill('#set-b', 'pear');
  await page.locator('#set-b').blur();
  await expect(page.locator('[data-set="b"] h3')).toHaveText('Filter B (1 item)');
});

test('folding halves m and every item is still found', async ({ page }) => {
  const items = ['cat', 'dog', 'emu', 'fox', 'gnu', 'owl'];
  await openApp(page, `?view=sets&m=256&${items.map((i) => `add=${i}`).join('&')}&fold=2`);
  const rows = page.locator('[data-fold]');
  await expect(rows).toHaveCount(3);
  for (const [i, m] of [[0, 256], [1, 128], [2, 64]]) {
    await expect(rows.nth(i)).toHaveAttribute('data-m', String(m));
    await expect(rows.nth(i)).toHaveAttribute('data-found', String(items.length));
  }
  await page.click('#fold-more');
  await expect(rows).toHaveCount(4);
  await expect(page).toHaveURL(/fold=3/);
  await expect(page.locator('#fold-odd')).toHaveCount(0);
  // An odd m cannot be halved, and the page says why the button is off.
  await openApp(page, '?view=sets&m=15&k=3&add=cat');
  await expect(page.locator('#fold-more')).toBeDisabled();
  await expect(page.locator('#fold-odd')).toHaveText('m = 15 cannot be halved: a filter folds only when m is even.');
});

test('the hash-quality lab shows weak hashes failing on similar inputs', async ({ page }) => {
  await openApp(page, '?view=hashes');
  const rows = page.locator('tr[data-hash]');
  await expect(rows).toHaveCount(19);
  for (const key of ['fnv', 'murmur3']) {
    const row = page.locator(`tr[data-hash="${key}"]`);
    expect(Number(await row.getAttribute('data-p-value'))).toBeGreaterThan(1e-4);
    const observed = Number(await row.getAttribute('data-observed'));
    const theory = Number(await row.getAttribute('data-theory'));
    expect(Math.abs(observed - theory)).toBeLessThan(0.004);
  }
  const sum = page.locator('tr[data-hash="sum"]');
  expect(Number(await sum.getAttribute('data-p-value'))).toBeLessThan(1e-6);
  await expect(sum).toHaveAttribute('data-spread', 'clustered');
  // h·31 + c sends similar inputs to consecutive buckets: far too even to be chance.
  const times31 = page.locator('tr[data-hash="times31"]');
  expect(Number(await times31.getAttribute('data-p-value'))).toBeGreaterThan(0.999);
  await expect(times31).toHaveAttribute('data-spread', 'too-even');
  await expect(times31.locator('td').nth(3)).toContainText('✗');
  for (const key of ['fnv', 'murmur3']) {
    await expect(page.locator(`tr[data-hash="${key}"]`)).toHaveAttribute('data-spread', 'uniform');
  }
  // Probed with items made like the corpus's (url01001, …), the weak hashes' filters pass
  // far more of them than the formula says, and more than either good hash's filter.
  const rate = async (key) => Number(await page.locator(`tr[data-hash="${key}"]`).getAttribute('data-observed'));
  const best = Math.max(await rate('fnv'), await rate('murmur3'));
  for (const key of ['sum', 'times31']) {
    const row = page.locator(`tr[data-hash="${key}"]`);
    await expect(row).toHaveAttribute('data-rate', 'above');
    expect(await rate(key)).toBeGreaterThan(5 * Number(await row.getAttribute('data-theory')));
    expect(await rate(key)).toBeGreaterThan(best);
    await expect(page.locator(`.hash-verdicts li[data-hash="${key}"]`)).toContainText('weak on these items');
  }
  for (const key of ['fnv', 'murmur3']) {
    await expect(page.locator(`tr[data-hash="${key}"]`)).toHaveAttribute('data-rate', 'as-expected');
    await expect(page.locator(`.hash-verdicts li[data-hash="${key}"]`)).toContainText('as the formula expects');
  }
  await expect(page.locator('.hashes .hint').first()).toContainText('such as “url01001”');
  // The histogram's heading and its spoken label name the 101 buckets it counts.
  await expect(page.locator('.hash-reports th').nth(1)).toHaveText('Positions over 101 buckets');
  await expect(sum.locator('svg.histogram')).toHaveAttribute('aria-label', /Positions over 101 buckets/);
  await page.fill('#hashes-m', '0');
  await expect(page.locator('[data-field-error="hashes-m"]')).not.toHaveText('');
  await page.screenshot({ path: 'artifacts/hashes.png', fullPage: true });
});

test('the hash-quality settings travel in the link, pasted lines included', async ({ page }) => {
  await openApp(page, '?view=hashes');
  await page.selectOption('#corpus', 'paste');
  await page.fill('#corpus-paste', 'apple\n\nbanana & cherry\r\nkiwi\napple');
  await page.locator('#corpus-paste').blur();
  await page.fill('#hashes-m', '512');
  await page.fill('#hashes-k', '3');
  await expect(page).toHaveURL(/hq_corpus=paste&hq_m=512&hq_k=3&hq_item=apple&hq_item=banana%20%26%20cherry&hq_item=kiwi/);
  await expect(page.locator('.hashes .hint').first()).toContainText('3 items');
  // Three items cannot tell a good hash from a bad one: no verdict is given, and the page says why.
  await expect(page.locator('#hashes-few')).toContainText('it needs about 5 per bucket, 505 items in all');
  await expect(page.locator('tr[data-spread="too-few"]')).toHaveCount(19);
  await expect(page.locator('tr[data-hash="sum"] td').nth(3)).not.toContainText('✓');
  // Opening the link shows the same view, fields and corpus.
  await page.goto(page.url());
  await page.waitForSelector('.app[data-ready]');
  await expect(page.locator('#hashes-m')).toHaveValue('512');
  await expect(page.locator('#hashes-k')).toHaveValue('3');
  await expect(page.locator('#corpus-paste')).toHaveValue('apple\nbanana & cherry\nkiwi');
  await expect(page.locator('tr[data-hash]')).toHaveCount(19);
  // An unknown corpus is named, and the generated one is used.
  await openApp(page, '?view=hashes&hq_corpus=md5');
  await expect(page.locator('[data-notice-param="hq_corpus"]')).toBeVisible();
  await expect(page.locator('#corpus')).toHaveValue('similar');
  // A typed value the view cannot use stays in the field and the link, named beside it.
  await openApp(page, '?view=hashes&hq_corpus=urls&hq_size=0');
  await expect(page.locator('#corpus')).toHaveValue('urls');
  await expect(page.locator('#corpus-size')).toHaveValue('0');
  await expect(page.locator('[data-field-error="corpus-size"]')).not.toHaveText('');
});

test('above m = 1024 the sets view says its four arrays are not drawn, and still compares them', async ({ page }) => {
  await openApp(page, '?m=4096&k=3&view=sets');
  await page.locator('#sets-example').click();
  await expect(page.locator('#sets-grids-hidden')).toContainText('1024');
  await expect(page.locator('[data-set] .bit-grid')).toHaveCount(0);
  await expect(page.locator('[data-set="union"]')).toHaveAttribute('data-union-exact', 'true');
  await expect(page.locator('tr[data-estimate="union"]')).toBeVisible();
  // Two one-item sets with no common item: the intersection estimate rounds to 0.0 (not -0.0).
  await openApp(page, '?m=4096&k=3&view=sets&seta=apple&setb=pear');
  await expect(page.locator('tr[data-estimate="intersection"] td').nth(1)).toHaveText('0.0');
  await openApp(page, '?m=1024&k=3&view=sets');
  await expect(page.locator('#sets-grids-hidden')).toHaveCount(0);
  await expect(page.locator('[data-set] .bit-grid')).toHaveCount(4);
});

test('the size estimates sit under the union, beside the intersection\'s longer notes', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await openApp(page, `?${SETS}`);
  const union = await page.locator('[data-set="union"]').boundingBox();
  const inter = await page.locator('[data-set="intersection"]').boundingBox();
  const table = await page.locator('table.estimates').boundingBox();
  expect(Math.abs(table.x - union.x)).toBeLessThan(2);
  expect(table.y).toBeGreaterThanOrEqual(union.y + union.height - 1);
  expect(table.y).toBeLessThan(inter.y + inter.height);
});
