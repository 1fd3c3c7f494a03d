import { test, expect } from '@playwright/test';
import { openApp, setBits, fnvPositions, sortedUnique } from './helpers.mjs';

test('keyboard only: add and query an item, open the shortcuts, present, switch views', async ({ page }) => {
  await openApp(page, '?m=32');
  await page.keyboard.press('/');
  await expect(page.locator('#item-field')).toBeFocused();
  await page.keyboard.type('kiwi');
  await page.keyboard.press('Enter');
  expect(await setBits(page)).toEqual(sortedUnique(fnvPositions('kiwi', 32, 3)));
  await page.keyboard.press('Shift+Enter');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
  // Leave the field with Tab, then use the page-wide shortcuts.
  await page.keyboard.press('Tab');
  await page.keyboard.press('?');
  await expect(page.locator('#help')).toBeVisible();
  await expect(page.locator('#help-close')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.locator('#help')).toHaveCount(0);
  await page.keyboard.press('p');
  await expect(page.locator('.app.present')).toBeVisible();
  await expect(page).toHaveURL(/present=1/);
  await page.screenshot({ path: 'artifacts/presentation.png' });
  await page.keyboard.press('2');
  await expect(page.locator('#tab-lab')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('1');
  await expect(page.locator('#tab-visualizer')).toHaveAttribute('aria-selected', 'true');
});

test('a live region announces each add, refusal and verdict', async ({ page }) => {
  await openApp(page, '?m=16&k=3&add=cat&add=bird&add=owl');
  const announcer = page.locator('#announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await page.fill('#item-field', 'cow');
  await page.keyboard.press('Shift+Enter');
  await expect(announcer).toContainText('“cow”');
  await expect(announcer).toContainText('False positive');
  await page.fill('#item-field', 'emu');
  await page.keyboard.press('Enter');
  await expect(announcer).toContainText('Added “emu”');
  await page.locator('#item-field').fill('');
  await page.keyboard.press('Enter');
  await expect(announcer).not.toBeEmpty();
});
