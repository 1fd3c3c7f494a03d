import { test, expect } from '@playwright/test';
import { openApp, murmurPositions } from './helpers.mjs';

const ITEMS = ['a', 'b', 'c', 'd', 'e'];
const bits = new Set(ITEMS.flatMap((s) => murmurPositions(s, 16, 3)));
/** The right answer, computed here: a 0 bit, a member, or a false positive. */
const truth = (item) => {
  if (!murmurPositions(item, 16, 3).every((p) => bits.has(p))) return 'definitely-not';
  return ITEMS.includes(item) ? 'member' : 'false-positive';
};
const ANSWERS = ['definitely-not', 'member', 'false-positive'];

test('the quiz offers three answers, hides the bits until answered, reveals why and keeps score', async ({ page }) => {
  await openApp(page, `?m=16&k=3&${ITEMS.map((i) => `add=${i}`).join('&')}&quiz=42`);
  const panel = page.locator('[data-quiz-index]');
  const asked = [];
  const seen = new Set();
  let right = 0;
  for (let i = 0; i < 10; i++) {
    await expect(panel).toHaveAttribute('data-quiz-index', String(i));
    const question = await page.locator('.quiz-question').innerText();
    const item = question.match(/“(.*)”/)[1];
    asked.push(item);
    // The question's k positions are outlined on the bit array before the answer.
    const outlined = await page.locator('#bit-array .cell.probe').evaluateAll((cells) =>
      cells.map((c) => Number(c.getAttribute('data-bit-index'))).sort((x, y) => x - y));
    expect(outlined).toEqual([...new Set(murmurPositions(item, 16, 3))].sort((x, y) => x - y));
    // Nothing gives the answer away: no verdict, no "bit now" column, no decider mark.
    await expect(page.locator('[data-query-result]')).toHaveCount(0);
    await expect(page.locator('.hash-table th')).toHaveCount(3);
    await expect(page.locator('.hash-table tr.row-zero, .hash-table tr.row-set')).toHaveCount(0);
    await expect(page.locator('#bit-array [data-decider]')).toHaveCount(0);
    await expect(page.locator('[data-quiz-answer]')).toHaveCount(3);
    // Answer honestly on even questions, the next answer round on odd ones.
    const honest = i % 2 === 0;
    const correct = truth(item);
    seen.add(correct);
    const given = honest ? correct : ANSWERS[(ANSWERS.indexOf(correct) + 1) % 3];
    await page.click(`[data-quiz-answer="${given}"]`);
    await expect(page.locator('[data-query-result]')).toBeVisible();
    await expect(page.locator('.quiz-verdict')).toHaveClass(honest ? /right/ : /wrong/);
    await expect(page.locator('.quiz-verdict')).toHaveAttribute('data-quiz-truth', correct);
    // The reveal lists each position in its hash's colour with its bit.
    const shown = await page.locator('.quiz-why .quiz-position').evaluateAll((ps) =>
      ps.map((p) => [Number(p.dataset.position), Number(p.dataset.bit), p.querySelector('.chip').className]));
    expect(shown.map(([p]) => p)).toEqual(murmurPositions(item, 16, 3));
    shown.forEach(([p, bit, chip], i) => {
      expect(bit).toBe(bits.has(p) ? 1 : 0);
      expect(chip).toContain(`hash-${i}`);
    });
    // After the answer the bits are shown again.
    await expect(page.locator('.hash-table th')).toHaveCount(4);
    if (honest) right += 1;
    await expect(panel).toHaveAttribute('data-quiz-correct', String(right));
    if (i < 9) await page.click('#quiz-next');
  }
  await expect(page.locator('#quiz-summary')).toHaveAttribute('data-quiz-score', String(right));
  expect(seen.size).toBe(3);
  await expect(page).toHaveURL(/quiz=42/);
  await page.reload();
  const again = [];
  for (let i = 0; i < 10; i++) {
    const question = await page.locator('.quiz-question').innerText();
    again.push(question.match(/“(.*)”/)[1]);
    await page.click('[data-quiz-answer="definitely-not"]');
    if (i < 9) await page.click('#quiz-next');
  }
  expect(again).toEqual(asked);
});

test('a quiz on an empty filter first builds a small one and says so; undo brings the empty one back', async ({ page }) => {
  await openApp(page, '?quiz=7');
  await expect(page.locator('[data-quiz-index="0"]')).toBeVisible();
  await expect(page.locator('.message')).toContainText('too few for a quiz');
  // m = 32, k = 3: filled to about half its bits, round(32 · ln 2 / 3) = 7 words.
  await expect(page.locator('[data-item]')).toHaveCount(7);
  const set = Number(await page.locator('#bit-array [data-bit-set="1"]').count());
  expect(set).toBeGreaterThan(8);
  expect(set).toBeLessThan(24);
  await page.locator('#quiz-stop').click();
  await page.click('#undo-button');
  await expect(page.locator('[data-item]')).toHaveCount(0);
});

test('a bad quiz seed is named beside the field', async ({ page }) => {
  await openApp(page);
  // The quiz's panel is shown on demand.
  await expect(page.locator('.quiz')).toHaveCount(0);
  await page.click('#quiz-open');
  await page.fill('#quiz-seed', '-3');
  await expect(page.locator('[data-field-error="quiz-seed"]')).toHaveText('must not be negative');
  await expect(page.locator('#quiz-start')).toBeDisabled();
  await page.fill('#quiz-seed', '9');
  await page.click('#quiz-start');
  await expect(page.locator('[data-quiz-index="0"]')).toBeVisible();
});

test('the question\'s positions are outlined, not those of a typed word or of query=', async ({ page }) => {
  const outlined = () => page.locator('#bit-array .cell.probe').evaluateAll((cells) =>
    cells.map((c) => Number(c.getAttribute('data-bit-index'))).sort((x, y) => x - y));
  const asked = async () => (await page.locator('.quiz-question').innerText()).match(/“(.*)”/)[1];
  const positions = (item) => [...new Set(murmurPositions(item, 20, 4))].sort((x, y) => x - y);
  await openApp(page, '?m=20&k=4&add=apple&add=pear&query=zzz&quiz=1');
  expect(await outlined()).toEqual(positions(await asked()));
  await page.click('#quiz-stop');
  await expect(page.locator('.quiz')).toHaveCount(0);
  await page.fill('#item-field', 'fig');
  expect(await outlined()).toEqual(positions('fig'));
  await page.click('#quiz-open');
  await page.click('#quiz-start');
  expect(await outlined()).toEqual(positions(await asked()));
  await expect(page.locator('#item-field')).toHaveValue('');
});
