import { test, expect } from '@playwright/test';
import { openApp, setBits, murmurPositions, sortedUnique } from './helpers.mjs';

test('keyboard only: add and query an item, open the shortcuts, present, switch views', async ({ page }) => {
  await openApp(page, '?m=32');
  await page.keyboard.press('/');
  await expect(page.locator('#item-field')).toBeFocused();
  await page.keyboard.type('kiwi');
  await page.keyboard.press('Enter');
  expect(await setBits(page)).toEqual(sortedUnique(murmurPositions('kiwi', 32, 3)));
  // Add empties the field for the next word.
  await expect(page.locator('#item-field')).toHaveValue('');
  await page.keyboard.type('kiwi');
  await page.keyboard.press('Shift+Enter');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
  // Leave the field with Tab, then use the page-wide shortcuts.
  await page.keyboard.press('Tab');
  const focused = () => page.evaluate(() => document.activeElement.outerHTML.slice(0, 80));
  const before = await focused();
  await page.keyboard.press('?');
  await expect(page.locator('#help')).toBeVisible();
  await expect(page.locator('#help-close')).toBeFocused();
  // The dialog is modal: Tab and Shift+Tab do not reach the page behind it.
  await page.keyboard.press('Tab');
  await expect(page.locator('#help-close')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('#help-close')).toBeFocused();
  // Nor do the page's shortcuts: p and 2 leave the page as it was.
  await page.keyboard.press('p');
  await page.keyboard.press('2');
  await expect(page.locator('.app.present')).toHaveCount(0);
  await expect(page.locator('#tab-visualizer')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(page.locator('#help')).toHaveCount(0);
  // Focus goes back where it was before the list opened.
  expect(await focused()).toBe(before);
  expect(before).not.toContain('<body');
  await page.keyboard.press('p');
  await expect(page.locator('.app.present')).toBeVisible();
  await expect(page).toHaveURL(/present=1/);
  await page.screenshot({ path: 'artifacts/presentation.png' });
  await page.keyboard.press('2');
  await expect(page.locator('#tab-lab')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('1');
  await expect(page.locator('#tab-visualizer')).toHaveAttribute('aria-selected', 'true');
  // "/" selects the last item, so the next one typed replaces it rather than running on.
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press('/');
  await page.keyboard.type('fig');
  await expect(page.locator('#item-field')).toHaveValue('fig');
});

test('a live region announces each add, refusal and verdict', async ({ page }) => {
  await openApp(page, '?m=16&k=3&add=cat&add=cow&add=emu');
  const announcer = page.locator('#announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await page.fill('#item-field', 'ram');
  await page.keyboard.press('Shift+Enter');
  await expect(announcer).toContainText('“ram”');
  await expect(announcer).toContainText('False positive');
  await page.fill('#item-field', 'owl');
  await page.keyboard.press('Enter');
  await expect(announcer).toContainText('Added “owl”');
  await page.locator('#item-field').fill('');
  await page.keyboard.press('Enter');
  await expect(announcer).not.toBeEmpty();
});

test('presentation mode frames large cells in black and leaves the 4096-cell grid as it was', async ({ page }) => {
  const cellStyle = (selector) => page.locator(selector).first().evaluate((el) => {
    const s = getComputedStyle(el);
    return { border: s.borderTopWidth, background: s.backgroundColor, width: el.getBoundingClientRect().width };
  });
  await openApp(page, '?m=16&add=cat');
  await expect.poll(() => cellStyle('.bit-grid .cell:not(.set)'))
    .toMatchObject({ border: '1px', background: 'rgb(236, 236, 228)' });
  await page.keyboard.press('p');
  await expect(page.locator('.app.present')).toBeVisible();
  // (the cells' colour changes over a 0.25 s transition)
  await expect.poll(() => cellStyle('.bit-grid .cell:not(.set)'))
    .toMatchObject({ border: '2px', background: 'rgb(255, 255, 255)' });
  // At m = 4096 the cells are 9 px high: a black frame would hide them. They keep their
  // colours and size, so switching the mode restyles none of them.
  await openApp(page, '?m=4096&add=cat');
  await setBits(page);
  const normalSmall = await cellStyle('.bit-grid .cell:not(.set)');
  expect(normalSmall).toMatchObject({ border: '0px', background: 'rgb(236, 236, 228)' });
  await page.keyboard.press('p');
  await expect(page.locator('.app.present')).toBeVisible();
  expect(await cellStyle('.bit-grid .cell:not(.set)')).toEqual(normalSmall);
});
