import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';

const HOSTILE = ['<img src=x onerror=alert(1)>', '"><script>alert(2)</script>', "'; alert(3); '", '<b>bold</b>'];

test('items and URL values are shown as text, never run as HTML', async ({ page }) => {
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  const query = HOSTILE.map((h) => `add=${encodeURIComponent(h)}`).join('&')
    + `&query=${encodeURIComponent(HOSTILE[0])}&hash=${encodeURIComponent('<svg onload=alert(4)>')}`;
  const errors = await openApp(page, `?${query}`);
  for (const h of HOSTILE) {
    await expect(page.locator('.members [data-item]').filter({ hasText: h })).toHaveCount(1);
  }
  await expect(page.locator('[data-query-result]')).toContainText(HOSTILE[0]);
  await expect(page.locator('[data-notice-param="hash"]')).toContainText('<svg onload=alert(4)>');
  await page.locator('#item-field').fill(HOSTILE[1]);
  await page.locator('#item-field').press('Enter');
  await page.locator('#item-field').press('Shift+Enter');
  expect(await page.locator('.app img, .app b, .app script, .app svg[onload]').count()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});

test('hostile text in the other views\' parameters is shown as text, never run as HTML', async ({ page }) => {
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  const enc = encodeURIComponent;
  const each = (key) => HOSTILE.map((h) => `${key}=${enc(h)}`).join('&');
  const injected = () => page.locator('.app img, .app b, .app script, .app svg[onload], .app [onerror]').count();
  // The sketch: items added and the item queried, shown in its rows, verdict and table.
  let errors = await openApp(page, `?view=cms&${each('cms_add')}&cms_query=${enc(HOSTILE[0])}`);
  await expect(page.locator('.cms-verdict')).toHaveAttribute('data-cms-item', HOSTILE[0]);
  await expect(page.locator('.cms-verdict')).toContainText('estimate');
  await expect(page.locator('tr[data-heavy]').filter({ hasText: HOSTILE[1] })).toHaveCount(1);
  expect(await injected()).toBe(0);
  expect(errors).toEqual([]);
  // Hash quality: pasted lines and the item whose values are listed.
  errors = await openApp(page, `?view=hashes&hq_corpus=paste&${each('hq_item')}&hq_show=${enc(HOSTILE[1])}`);
  await expect(page.locator('#hq-show caption')).toContainText(HOSTILE[1]);
  await expect(page.locator('#corpus-paste')).toHaveValue(HOSTILE.join('\n'));
  expect(await injected()).toBe(0);
  expect(errors).toEqual([]);
  // The sets view: both sets' items.
  errors = await openApp(page, `?view=sets&${each('seta')}&${each('setb')}`);
  await expect(page.locator('#set-a')).toHaveValue(HOSTILE.join('\n'));
  await expect(page.locator('#set-b')).toHaveValue(HOSTILE.join('\n'));
  await expect(page.locator('[data-set="union"]')).toHaveAttribute('data-union-exact', 'true');
  expect(await injected()).toBe(0);
  expect(errors).toEqual([]);
  // Use cases: the sender checked.
  errors = await openApp(page, `?view=apps&spam_check=${enc(HOSTILE[0])}`);
  await expect(page.locator('.apps-verdict')).toContainText(HOSTILE[0]);
  expect(await injected()).toBe(0);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});

test('every kind of Unicode is hashed by its UTF-8 bytes and shown as typed', async ({ page }) => {
  const items = ['布隆过滤器', 'ブルームフィルター', '🙂👍🏽', 'e\u0301', 'שלום', 'a\u0000b', ' '];
  await openApp(page, `?m=256&${items.map((i) => `add=${encodeURIComponent(i)}`).join('&')}`);
  await expect(page.locator('.members [data-item]')).toHaveCount(items.length);
  await page.locator('#item-field').fill('ブルームフィルター');
  const bytes = [...new TextEncoder().encode('ブルームフィルター')].map((b) => b.toString(16).padStart(2, '0')).join(' ');
  await expect(page.locator('[data-item-bytes]')).toHaveText(bytes.split(' ').slice(0, 48).join(' ') + (bytes.split(' ').length > 48 ? ` … (+${bytes.split(' ').length - 48} bytes)` : ''));
  await page.locator('#item-field').press('Shift+Enter');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
});

test('bad URL values fall back with a notice naming the parameter, and the page stays usable', async ({ page }) => {
  const cases = [
    ['m', ''], ['m', 'abc'], ['m', '-5'], ['m', '0'], ['m', '2.5'], ['m', '1000000000000'],
    ['m', 'NaN'], ['m', 'Infinity'], ['k', '0'], ['k', '1000000'], ['k', '1e400'],
    ['hash', 'md5'], ['mode', 'fancy'], ['width', '9'], ['view', 'nowhere'], ['lang', 'xx'],
    ['fold', '99'], ['embed', 'maybe'], ['present', '2'], ['quiz', '-1'], ['lock', 'everything'],
  ];
  for (const [param, value] of cases) {
    const errors = await openApp(page, `?${param}=${encodeURIComponent(value)}&add=ok`);
    await expect(page.locator(`[data-notice-param="${param}"]`), `${param}=${value}`).toBeVisible();
    await expect(page.locator('.members [data-item="ok"]')).toHaveCount(1);
    expect(errors, `${param}=${value}`).toEqual([]);
  }
  // Still usable after the worst of them.
  await page.locator('#item-field').fill('after');
  await page.locator('#item-field').press('Enter');
  await expect(page.locator('.members [data-item="after"]')).toHaveCount(1);
});

test('the Content-Security-Policy allows the app and refuses injected inline script', async ({ page }) => {
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const errors = await openApp(page, '?m=100000&add=cat&lesson=basics');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // Every view works under the policy.
  await expect(page.locator('#lesson')).toBeVisible();
  for (const view of ['lab', 'calculator', 'sets', 'hashes', 'visualizer']) {
    await page.locator(`#tab-${view}`).click();
    await expect(page.locator(`#tab-${view}`)).toHaveAttribute('aria-selected', 'true');
  }
  await page.locator('#tab-lab').click();
  await page.locator('#lab-run').click();
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  expect(await page.evaluate(() => window.__violations)).toEqual([]);
  // An inline script injected into the page does not run.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.appendChild(script);
  });
  await page.waitForTimeout(100);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  expect((await page.evaluate(() => window.__violations)).join()).toContain('script-src');
  expect(errors.filter((e) => !e.includes('Content Security Policy'))).toEqual([]);
});

test('a long item wraps inside its panel rather than widening the page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page, `?add=${'x'.repeat(5000)}&query=${'y'.repeat(300)}`);
  await expect(page.locator('[data-query-result]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
