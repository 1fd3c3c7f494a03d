import { test, expect } from '@playwright/test';
import { openApp, murmurPositions } from './helpers.mjs';

const ITEMS = ['a', 'b', 'c', 'd', 'e'];
const bits = new Set(ITEMS.flatMap((s) => murmurPositions(s, 16, 3)));
const filterSaysYes = (item) => murmurPositions(item, 16, 3).every((p) => bits.has(p));

test('the quiz asks, reveals and keeps score; a seed in the URL gives the same questions', async ({ page }) => {
  await openApp(page, `?m=16&k=3&${ITEMS.map((i) => `add=${i}`).join('&')}&quiz=42`);
  const panel = page.locator('[data-quiz-index]');
  const asked = [];
  let right = 0;
  for (let i = 0; i < 6; i++) {
    await expect(panel).toHaveAttribute('data-quiz-index', String(i));
    const question = await page.locator('.quiz-question').innerText();
    const item = question.match(/“(.*)”/)[1];
    asked.push(item);
    // The question's k positions are outlined on the bit array before the answer.
    const outlined = await page.locator('#bit-array .cell.probe').evaluateAll((cells) =>
      cells.map((c) => Number(c.getAttribute('data-bit-index'))).sort((x, y) => x - y));
    expect(outlined).toEqual([...new Set(murmurPositions(item, 16, 3))].sort((x, y) => x - y));
    await expect(page.locator('[data-query-result]')).toHaveCount(0);
    // Answer honestly on even questions, wrongly on odd ones.
    const honest = i % 2 === 0;
    const yes = filterSaysYes(item) === honest;
    await page.click(yes ? '#quiz-yes' : '#quiz-no');
    await expect(page.locator('[data-query-result]')).toBeVisible();
    await expect(page.locator('.quiz-verdict')).toHaveClass(honest ? /right/ : /wrong/);
    if (honest) right += 1;
    await expect(panel).toHaveAttribute('data-quiz-correct', String(right));
    await page.click('#quiz-next');
  }
  await expect(page).toHaveURL(/quiz=42/);
  await page.reload();
  const again = [];
  for (let i = 0; i < 6; i++) {
    const question = await page.locator('.quiz-question').innerText();
    again.push(question.match(/“(.*)”/)[1]);
    await page.click('#quiz-no');
    await page.click('#quiz-next');
  }
  expect(again).toEqual(asked);
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
