// Nothing lost, nothing frozen, nothing crashes: each failure once found, reproduced here.
import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';
import { rendererMb } from '../bench/chromium.mjs';

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

test('the same parameters in any order give the same filter and name the same parameter', async ({ page }) => {
  for (const query of ['?hash=seed000&k=7', '?k=7&hash=seed000']) {
    await openApp(page, query);
    await expect(page.locator('[data-notice-param]')).toHaveCount(1);
    await expect(page.locator('[data-notice-param="hash"]')).toBeVisible();
    await expect(page.locator('#field-k')).toHaveValue('7');
  }
  for (const query of ['?layout=partitioned&k=64&m=1', '?m=1&k=64&layout=partitioned']) {
    await openApp(page, query);
    await expect(page.locator('[data-notice-param]')).toHaveCount(1);
    const notice = page.locator('[data-notice-param="layout"]');
    await expect(notice).toContainText('m = 1');
    await expect(notice).toContainText('k = 64');
    await expect(page.locator('#field-m')).toHaveValue('1');
    await expect(page.locator('#field-k')).toHaveValue('64');
  }
});

test('a lesson link names each refused removal once', async ({ page }) => {
  await openApp(page, '?lesson=basics&remove=y');
  await expect(page.locator('.lesson-head')).toBeVisible();
  await expect(page.locator('[data-notice-param="remove"]')).toHaveCount(1);
  await openApp(page, '?lesson=basics&mode=counting&force_remove=y');
  await expect(page.locator('.lesson-head')).toBeVisible();
  await expect(page.locator('[data-notice-param="force_remove"]')).toHaveCount(1);
});

test('growing-filter values that cannot run together are named by a notice', async ({ page }) => {
  for (const [query, params] of [
    ['?view=grow&grow_p=1e-300', 'grow_p'],
    ['?view=grow&grow_s=18446744073709551615', 'grow_s'],
    ['?view=grow&grow_n=200000&grow_s=1000000&grow_m0=16777216', 'grow_m0 grow_s grow_n'],
  ]) {
    await openApp(page, query);
    const notice = page.locator(`[data-notice-param="${params}"]`);
    await expect(notice).toHaveCount(1);
    for (const key of params.split(' ')) await expect(notice).toContainText(`${key}=`);
  }
});

test('a link of 20,000 items opens with all of them', async ({ page }) => {
  const items = Array.from({ length: 20_000 }, (_, i) => `add=w${i}`).join('&');
  await openApp(page, `?m=100000&k=7&${items}`);
  await expect(page.locator('#items-title')).toContainText('(20000)', { timeout: 30_000 });
  await page.fill('#item-field', 'w19999');
  await page.keyboard.press('Shift+Enter');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
});

test('at m = 2^25 in counting mode (8-bit counters) the renderer stays under 400 MB', async ({ page, browser }) => {
  test.skip(process.platform !== 'linux', 'reads the renderer resident set from /proc');
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, '?m=33554432&k=7&mode=counting&width=8&add=x&query=y');
  await expect(page.locator('.canvas-stage[data-draw-kind]')).toBeAttached({ timeout: 60_000 });
  let peak = await rendererMb(browser);
  expect(peak).toBeGreaterThan(50); // the figure is the page's renderer, not an empty process
  for (let i = 1; i <= 4; i++) {
    await page.locator('.canvas-scroll').evaluate((box, i) => { box.scrollTop = box.scrollHeight * i / 5; }, i);
    await page.waitForTimeout(400);
    peak = Math.max(peak, await rendererMb(browser));
  }
  expect(peak).toBeLessThan(400);
});

test('a counting link of 2,000 adds and 2,000 removals opens with the set it leaves', async ({ page }) => {
  const adds = Array.from({ length: 2000 }, (_, i) => `add=w${i}`).join('&');
  const removals = Array.from({ length: 2000 }, (_, i) => `remove=w${i}`).join('&');
  await openApp(page, `?m=100000&k=5&mode=counting&${adds}&add=kept&${removals}`);
  await expect(page.locator('#items-title')).toContainText('(1)');
  await expect(page.locator('.members li[data-item="kept"]')).toHaveCount(1);
  await expect(page.locator('[data-notice-param]')).toHaveCount(0);
});
