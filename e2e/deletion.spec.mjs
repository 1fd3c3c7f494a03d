import { test, expect } from '@playwright/test';
import { openApp, murmurPositions } from './helpers.mjs';

const LETTERS = 'm=16&k=3&add=a&add=b&add=c&add=d&add=e';

async function counts(page) {
  return page.locator('#bit-array [data-count]').evaluateAll((cells) =>
    cells.map((c) => Number(c.getAttribute('data-count'))));
}

/** Counters after adding `items` at m = 16, k = 3, computed in JavaScript. */
function expectedCounts(items, max = 15) {
  const counts = new Array(16).fill(0);
  for (const item of items) for (const p of murmurPositions(item, 16, 3)) counts[p] = Math.min(max, counts[p] + 1);
  return counts;
}

test('counting mode shows counters and removing a member decrements exactly its counters', async ({ page }) => {
  await openApp(page, `?${LETTERS}&mode=counting`);
  expect(await counts(page)).toEqual(expectedCounts(['a', 'b', 'c', 'd', 'e']));
  await page.locator('[data-item="a"] button', { hasText: 'Remove' }).click();
  expect(await counts(page)).toEqual(expectedCounts(['b', 'c', 'd', 'e']));
  await expect(page.locator('[data-message]')).toContainText('Removed “a”');
  await page.locator('#item-field').fill('e');
  await page.locator('#item-field').press('Shift+Enter');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
});

test('the URL removes items after the adds, in counting mode', async ({ page }) => {
  await openApp(page, `?${LETTERS}&mode=counting&width=3&remove=b&remove=c`);
  expect(await counts(page)).toEqual(expectedCounts(['a', 'd', 'e'], 7));
  await expect(page.locator('#field-width')).toHaveValue('3');
  await expect(page.locator('.memory-cost')).toContainText('48 bits');
});

test('removing an absent item or a false positive is refused, and remove anyway shows the damage', async ({ page }) => {
  await openApp(page, `?${LETTERS}&mode=counting`);
  const bits = new Set(['a', 'b', 'c', 'd', 'e'].flatMap((s) => murmurPositions(s, 16, 3)));
  const absent = Array.from({ length: 500 }, (_, i) => `x${i}`).find((s) => murmurPositions(s, 16, 3).some((p) => !bits.has(p)));
  const fp = Array.from({ length: 5000 }, (_, i) => `x${i}`).find((s) => murmurPositions(s, 16, 3).every((p) => bits.has(p)));
  const before = await counts(page);
  const field = page.locator('#item-field');
  await field.fill(absent);
  await page.locator('#remove-button').click();
  await expect(page.locator('[data-message="warning"]')).toContainText('definitely not in the filter');
  expect(await counts(page)).toEqual(before);
  await field.fill(fp);
  await page.locator('#remove-button').click();
  await expect(page.locator('[data-message="warning"]')).toContainText('never added');
  expect(await counts(page)).toEqual(before);
  await page.locator('#remove-anyway-button').click();
  await expect(page.locator('[data-message="danger"]')).toContainText('false negatives');
});

test('demo: a naive delete in a plain filter makes a false negative, the counting filter does not', async ({ page }) => {
  await openApp(page);
  await page.locator('#deleting summary').click();
  await page.locator('[data-demo="naive-delete"]').click();
  await expect(page.locator('#bit-array [data-bit-index]').first()).toBeVisible();
  await expect(page.locator('#item-field')).toHaveValue('a');
  await expect(page.locator('[data-compare="plain"]')).toHaveAttribute('data-false-negatives', '1');
  await expect(page.locator('[data-compare="counting"]')).toHaveAttribute('data-false-negatives', '0');
  await page.locator('#naive-delete-button').click();
  await expect(page.locator('[data-message="danger"]')).toContainText('“d”');
  await page.locator('#item-field').fill('d');
  await page.locator('#item-field').press('Shift+Enter');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'false-negative');
});

test('demo: a counting filter deletes correctly', async ({ page }) => {
  await openApp(page);
  await page.locator('#deleting summary').click();
  await page.locator('[data-demo="counting-delete"]').click();
  await page.locator('#remove-button').click();
  await expect(page.locator('[data-message="info"]')).toContainText('Removed “a”');
  expect(await counts(page)).toEqual(expectedCounts(['b', 'c', 'd', 'e']));
});

test('demo: a saturated counter sticks at its maximum and the page says why', async ({ page }) => {
  await openApp(page);
  await page.locator('#deleting summary').click();
  await page.locator('[data-demo="saturation"]').click();
  const words = await page.locator('.members [data-item]').evaluateAll((lis) => lis.map((li) => li.dataset.item));
  expect(words).toHaveLength(4);
  const expected = expectedCounts(words, 3);
  expect(await counts(page)).toEqual(expected);
  const first = await page.locator('#item-field').inputValue();
  expect(first).toBe(words[0]);
  // The counter the four words share is saturated (3 = 2^2 - 1) and marked as such.
  const shared = murmurPositions(first, 16, 3).find((p) => words.every((w) => murmurPositions(w, 16, 3).includes(p)));
  const cell = page.locator(`#bit-array [data-bit-index="${shared}"]`);
  await expect(cell).toHaveAttribute('data-count', '3');
  await expect(cell).toHaveClass(/saturated/);
  await page.locator('#remove-button').click();
  await expect(cell).toHaveAttribute('data-count', '3');
  await expect(page.locator('[data-message]')).toContainText('never decremented');
  await page.screenshot({ path: 'artifacts/deletion-saturation.png', fullPage: true });
});

// Lesson 4's answers tell each item's history: "a" was removed (naively at step 2, from the
// counting filter at step 5), "d" lost a bit to a's delete at step 3; never "never added",
// and the counting filter's answer speaks of counters only.
const HISTORY_WORDS = {
  en: { never: 'never added', bit: /\bbits?\b/i, counter: 'Counter', quoted: '“a”' },
  zh: { never: '从未被添加', bit: /位(?!置)/, counter: '计数器', quoted: '“a”' },
  ja: { never: '追加されていません', bit: /ビット/, counter: 'カウンター', quoted: '「a」' },
};
for (const [lang, words] of Object.entries(HISTORY_WORDS)) {
  test(`lesson 4 explains the naive delete and the counting removal truthfully (${lang})`, async ({ page }) => {
    const errors = await openApp(page, `?lesson=deleting&step=2&lang=${lang}`);
    const answer = page.locator('#answer');
    await expect(answer).toHaveAttribute('data-verdict', 'removed');
    await expect(answer).not.toContainText(words.never);
    await expect(answer).toContainText(words.bit);
    await page.locator('#lesson-next').click();
    await expect(page.locator('#lesson')).toHaveAttribute('data-step', '3');
    await expect(answer).toHaveAttribute('data-verdict', 'false-negative');
    await expect(answer.locator('p').nth(1)).toContainText(words.quoted);
    await page.locator('#lesson-next').click();
    await page.locator('#lesson-next').click();
    await expect(page.locator('#lesson')).toHaveAttribute('data-step', '5');
    await expect(answer).toHaveAttribute('data-verdict', 'removed');
    await expect(answer).toContainText(words.counter);
    await expect(answer).not.toContainText(words.never);
    expect(await answer.innerText()).not.toMatch(words.bit);
    await page.locator('#lesson-next').click();
    await expect(answer).toHaveAttribute('data-verdict', 'member');
    expect(await answer.innerText()).not.toMatch(words.bit);
    expect(errors).toEqual([]);
  });
}
