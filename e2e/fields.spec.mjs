import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';

const NOT_NUMBERS = ['', '   ', 'abc', 'NaN', 'Infinity', '-Infinity', '12abc'];

/** Types each bad value into a field; each must be named beside the field while `kept`
 *  still holds, then a good value clears the message. */
async function tryBadValues(page, id, bad, good, kept, commit = false) {
  const field = page.locator(`#${id}`);
  const message = page.locator(`[data-field-error="${id}"]`);
  for (const value of bad) {
    await field.fill(value);
    if (commit) await field.press('Enter');
    await expect(message, `${id}=${JSON.stringify(value)}`).not.toBeEmpty();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await kept();
  }
  await field.fill(good);
  if (commit) await field.press('Enter');
  await expect(message).toBeEmpty();
  await expect(field).toHaveAttribute('aria-invalid', 'false');
}

test('bad m, k and counter width keep the filter and say why beside the field', async ({ page }) => {
  const errors = await openApp(page, '?m=32&k=3&mode=counting&add=cat');
  await page.fill('#item-field', 'cat');
  const filterKept = async () => {
    await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(32);
    await expect(page.locator('.hash-table [data-hash-index]')).toHaveCount(3);
    await expect(page.locator('.members li[data-item="cat"]')).toHaveCount(1);
  };
  await tryBadValues(page, 'field-m',
    [...NOT_NUMBERS, '-5', '0', '2.5', '1e12', '1000000000000', '33554433', '9'.repeat(40)], '32', filterKept, true);
  await tryBadValues(page, 'field-k',
    [...NOT_NUMBERS, '-1', '0', '1.5', '65', '1000000'], '3', filterKept, true);
  await tryBadValues(page, 'field-width', [...NOT_NUMBERS, '-1', '0', '9', '2.5'], '4', filterKept, true);
  // The page is still usable: add and query.
  await page.fill('#item-field', 'dog');
  await page.keyboard.press('Enter');
  await expect(page.locator('.members li[data-item="dog"]')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('bad calculator and lab values are named and nothing runs on them', async ({ page }) => {
  const errors = await openApp(page, '?view=calculator');
  const results = page.locator('.calc-results');
  // The last valid result stays, greyed, while a field is invalid.
  const resultKept = (m) => async () => {
    await expect(results).toHaveAttribute('data-calc-m', m);
    await expect(results).toHaveClass(/stale/);
    await expect(page.locator('#calc-fix')).toBeVisible();
  };
  await expect(results).toHaveAttribute('data-calc-m', '9585059');
  await tryBadValues(page, 'calc-n', [...NOT_NUMBERS, '-3', '0', '1e400'], '1000', resultKept('9585059'));
  await tryBadValues(page, 'calc-p', [...NOT_NUMBERS, '0', '1', '1.5', '-0.1'], '0.01', resultKept('9586'));
  await expect(results).toHaveAttribute('data-calc-m', '9586');
  await expect(results).not.toHaveClass(/stale/);
  await expect(page.locator('#calc-fix')).toHaveCount(0);
  // The claim checker names each bad field beside it, and judges no claim meanwhile.
  const noVerdict = async () => expect(page.locator('.claim-verdict')).toHaveCount(0);
  await tryBadValues(page, 'claim-n', [...NOT_NUMBERS, '0', '2.5', '-4'], '1000000000', noVerdict);
  await tryBadValues(page, 'claim-p', [...NOT_NUMBERS, '0', '1', '150%'], '0.0001', noVerdict);
  await tryBadValues(page, 'claim-bytes', [...NOT_NUMBERS, '0', '0.5', '-5'], '18000000', noVerdict);
  await expect(page.locator('.claim-verdict')).toHaveAttribute('data-claim-holds', 'false');

  await page.locator('#tab-lab').click();
  const runDisabled = async () => expect(page.locator('#lab-run')).toBeDisabled();
  // An empty n takes the suggested value shown in the field, so it is not an error.
  const typed = NOT_NUMBERS.filter((v) => v.trim() !== '');
  await tryBadValues(page, 'lab-n', [...typed, '-5', '0', '2.5', '1e20'], '10000', runDisabled);
  await tryBadValues(page, 'lab-probes', [...NOT_NUMBERS, '-5', '0', '2.5'], '10000', runDisabled);
  await expect(page.locator('#lab-run')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('a value above a field\'s maximum names the maximum, however large it is typed', async ({ page }) => {
  const errors = await openApp(page, '?m=32');
  const say = async (id, value, text, commit = true) => {
    await page.fill(`#${id}`, value);
    if (commit) await page.locator(`#${id}`).press('Enter');
    await expect(page.locator(`[data-field-error="${id}"]`), `${id}=${value}`).toHaveText(text);
  };
  await say('field-m', '40000000', 'm = 40000000 is above the memory cap of 33554432 bits');
  await say('field-m', '1e20', 'too large: at most 33554432');
  await say('field-k', '5000000000', 'too large: at most 64');
  await page.locator('#tab-lab').click();
  await say('lab-probes', '1e30', 'too large: at most 10000000', false);
  await say('lab-points', '500', 'too large: at most 200', false);
  // The hash view's m and k speak as the visualizer's fields do.
  await page.locator('#tab-hashes').click();
  await say('hashes-m', '0', 'm must be at least 1 bit', false);
  await say('hashes-k', '65', 'k = 65 is above the maximum of 64', false);
  await say('corpus-size', '1e9', 'too large: at most 20000', false);
  expect(errors).toEqual([]);
});

test('the calculator\'s largest n keeps the rate within p, and too small an m says so', async ({ page }) => {
  const errors = await openApp(page, '?view=calculator&solve=items&cm=10&cp=0.01');
  await expect(page.locator('[data-field-error="calc-m"]')).toHaveText('too small: one item alone has a higher rate than p');
  // No earlier result exists, so none is promised below.
  await expect(page.locator('#calc-fix')).toHaveText('Fix the fields marked in red to see a result.');
  await expect(page.locator('.calc-results')).toHaveCount(0);
  await page.fill('#calc-m', '65536');
  const results = page.locator('.calc-results');
  await expect(results).toHaveAttribute('data-calc-n', '6831');
  expect(Number(await results.getAttribute('data-calc-p'))).toBeLessThanOrEqual(0.01);
  expect(errors).toEqual([]);
});
