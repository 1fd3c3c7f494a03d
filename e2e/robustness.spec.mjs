// Nothing lost, nothing frozen, nothing crashes: each failure once found, reproduced here.
import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';

/** Keeps the app's WebAssembly instance on `window.__bloomlabWasm`, so that a test can make
 * it trap as an out-of-memory or `unreachable` would. */
async function keepInstance(page) {
  await page.addInitScript(() => {
    for (const name of ['instantiateStreaming', 'instantiate']) {
      const original = WebAssembly[name];
      WebAssembly[name] = async (...args) => {
        const result = await original(...args);
        if (result.instance) window.__bloomlabWasm = result.instance;
        return result;
      };
    }
  });
}

test('a WebAssembly trap shows the panic screen in the page language, with a reload link and the last saved session', async ({ page }) => {
  await keepInstance(page);
  await openApp(page, '?m=64&add=apple&add=pear&lang=ja');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bloomlab.state') ?? '')).toContain('add=pear');
  await expect(page.locator('.panic-screen')).toBeHidden();
  // An allocation no wasm32 memory can hold: the allocator aborts, which traps
  // (`unreachable`), in a task of its own as the page's futures' would.
  await page.evaluate(() => {
    Promise.resolve().then(() => window.__bloomlabWasm.exports.__wbindgen_malloc(0xfffffff0, 8));
  });
  const screen = page.locator('.panic-screen');
  await expect(screen).toBeVisible();
  await expect(screen).toHaveAttribute('role', 'alert');
  await expect(screen.locator('#panic-title')).toHaveText('問題が発生しました');
  await expect(screen.locator('#panic-detail')).toContainText('RuntimeError');
  await expect(screen.locator('#panic-reload')).toHaveAttribute('href', /add=apple&add=pear/);
  await screen.locator('#panic-saved').click();
  // The saved session opens: the page's address without a query restores it.
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('[data-save="restored"]')).toBeVisible();
  await expect(page.locator('.members li[data-item]')).toHaveCount(2);
  await expect(page.locator('.panic-screen')).toBeHidden();
});

test('a 150,000-character line in the hash-quality corpus is refused by name and the view goes on measuring', async ({ page }) => {
  const line = 'a'.repeat(150_000);
  const errors = await openApp(page, `?view=hashes&hq_corpus=paste&hq_item=apple&hq_item=pear&hq_item=${line}`);
  const notice = page.locator('[data-notice-param="hq_item"]');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('1000');
  // The lines that fit are measured, every hash reported.
  await expect(page.locator('table.hash-reports:not([aria-busy])')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.hashes .hint').first()).toContainText(' 2 ');
  await expect(page.locator('.panic-screen')).toBeHidden();
  expect(errors).toEqual([]);
});

test('a corpus typed over the limit is named beside the field and the last valid one stays measured', async ({ page }) => {
  await openApp(page, '?view=hashes&hq_corpus=paste&hq_item=apple&hq_item=pear');
  const field = page.locator('#corpus-paste');
  await field.fill(`apple\npear\n${'b'.repeat(1001)}`);
  const error = page.locator('[data-field-error="corpus-paste"]');
  await expect(error).toContainText('line 3');
  await expect(error).toContainText('1000');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('apple\npear\nplum');
  await expect(error).toBeEmpty();
});

test('an item typed or pasted over 1,000 bytes is named and never added', async ({ page }) => {
  await openApp(page, '?m=64&add=apple');
  await page.locator('#item-field').fill('x'.repeat(1001));
  const message = page.locator('[data-message="warning"]');
  await expect(message).toContainText('1000');
  await page.locator('#add-button').click();
  await expect(page.locator('.members li[data-item]')).toHaveCount(1);
  await page.locator('#item-field').fill('x'.repeat(1000));
  await page.locator('#add-button').click();
  await expect(page.locator('.members li[data-item]')).toHaveCount(2);
  await expect(message).toHaveCount(0);
});
