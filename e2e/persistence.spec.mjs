import { test, expect } from '@playwright/test';
import { openApp, setBits, murmurPositions, sortedUnique } from './helpers.mjs';

/** Waits until the page has saved a state containing `part` in local storage. */
async function saved(page, part) {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bloomlab.state') ?? '')).toContain(part);
}

/** Types `word` into the item field and adds it with Enter. */
async function addItem(page, word) {
  await page.fill('#item-field', word);
  await page.keyboard.press('Enter');
}

/** Pastes `text` into the field as the clipboard would (a ClipboardEvent with its data). */
async function paste(page, selector, text) {
  await page.locator(selector).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('the item log survives a reload and a parameter change; start fresh is undoable', async ({ page }) => {
  const errors = await openApp(page, '?m=32');
  for (const word of ['pear', 'plum']) {
    await addItem(page, word);
  }
  await page.fill('#field-m', '64');
  await page.keyboard.press('Tab');
  await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(64);
  const bits = await setBits(page);
  expect(bits).toEqual(sortedUnique(['pear', 'plum'].flatMap((w) => murmurPositions(w, 64, 3))));
  await saved(page, 'm=64&add=pear&add=plum');
  // A bare visit (no parameters) reopens the last session from local storage.
  await page.goto('/index.html');
  await expect(page.locator('[data-save="restored"]')).toBeVisible();
  expect(await setBits(page)).toEqual(bits);
  await expect(page.locator('.members li[data-item]')).toHaveCount(2);
  await page.locator('#start-fresh').click();
  await expect(page.locator('.members li[data-item]')).toHaveCount(0);
  await expect(page.locator('[data-save="restored"]')).toHaveCount(0);
  await page.locator('#undo-button').click();
  await expect(page.locator('.members li[data-item]')).toHaveCount(2);
  // A link with parameters opens what it says, not the saved session, and the session it
  // replaces is kept: restoring it swaps the two.
  await page.goto('/index.html?m=16&add=fig');
  await expect(page.locator('.members li[data-item]')).toHaveCount(1);
  await expect(page.locator('[data-save="restored"]')).toHaveCount(0);
  await expect(page.locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '2');
  await expect(page.locator('[data-save="kept"]')).toContainText('(n = 2)');
  await page.locator('#restore-kept').click();
  await expect(page.locator('[data-save="restored"]')).toBeVisible();
  await expect(page.locator('.members li[data-item]')).toHaveCount(2);
  await expect(page.locator('#field-m')).toHaveValue('64');
  // The session it replaced is kept and offered beside the restored one.
  expect(await page.evaluate(() => localStorage.getItem('bloomlab.kept.state'))).toContain('add=fig');
  await expect(page.locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '1');
  expect(errors).toEqual([]);
});

test('20,000 pasted lines, too long for a link, come back after a reload', async ({ page }) => {
  await openApp(page, '?m=4096');
  const lines = Array.from({ length: 20_000 }, (_, i) => `item-${i}`).join('\n');
  await page.locator('details.bulk summary').click();
  await paste(page, '#bulk-field', lines);
  await expect(page.locator('#items-title')).toContainText('20000', { timeout: 30_000 });
  await expect(page.locator('[data-save="too-long"]')).toBeVisible();
  // The address bar is left bare, so that a reload opens the saved session.
  await expect.poll(() => page.evaluate(() => location.search)).toBe('');
  await saved(page, 'add=item-19999');
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('#items-title')).toContainText('20000', { timeout: 30_000 });
  await expect(page.locator('[data-save="restored"]')).toBeVisible();
  await expect(page.locator('[data-save="kept"]')).toHaveCount(0);
  await expect(page.locator('#field-m')).toHaveValue('4096');
});

test('two tabs never replace each other\'s saved work without saying so', async ({ context }) => {
  const first = await context.newPage();
  await openApp(first, '?m=64&add=apple');
  await saved(first, 'add=apple');
  // A second tab opens the saved session and adds to it.
  const second = await context.newPage();
  await openApp(second, '');
  await expect(second.locator('[data-save="restored"]')).toBeVisible();
  await addItem(second, 'pear');
  await saved(second, 'add=apple&add=pear');
  // It never adopts the first tab's id: the session it replaced is kept.
  await expect(second.locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '1');
  // The first tab's next change would replace the second's session: it is kept, and said.
  await addItem(first, 'plum');
  await expect(first.locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '2');
  expect(await first.evaluate(() => localStorage.getItem('bloomlab.kept.state'))).toContain('add=apple&add=pear');
  // Its own later changes replace its own session silently.
  await first.locator('#save-note-dismiss').click();
  await addItem(first, 'fig');
  await saved(first, 'add=fig');
  await expect(first.locator('[data-save="kept"]')).toHaveCount(0);
});

test('a duplicated tab draws its own writer id: its work and the first tab\'s are both kept, each said', async ({ context }) => {
  const first = await context.newPage();
  await openApp(first, '?m=64');
  await addItem(first, 'apple');
  await saved(first, 'add=apple');
  // Duplicating a tab copies its address and its session storage as they are at that moment.
  const copied = await first.evaluate(() => JSON.stringify(Object.entries(sessionStorage)));
  const second = await context.newPage();
  await second.addInitScript((entries) => {
    if (sessionStorage.getItem('copied-from-first') === null) {
      sessionStorage.setItem('copied-from-first', '1');
      for (const [key, value] of JSON.parse(entries)) sessionStorage.setItem(key, value);
    }
  }, copied);
  await openApp(second, new URL(first.url()).search);
  await expect(second.locator('.members li[data-item="apple"]')).toHaveCount(1);
  await addItem(second, 'pear');
  await saved(second, 'add=apple&add=pear');
  await expect(second.locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '1');
  // The first tab's next change keeps the duplicate's session, and says so.
  await addItem(first, 'plum');
  await saved(first, 'add=apple&add=plum');
  await expect(first.locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '2');
  expect(await first.evaluate(() => localStorage.getItem('bloomlab.kept.state'))).toContain('add=apple&add=pear');
  // A reload of the first tab still reopens its own session.
  await first.goto('/index.html');
  await expect(first.locator('[data-save="restored"]')).toBeVisible();
  await expect(first.locator('.members li[data-item="plum"]')).toHaveCount(1);
});

/** Makes local storage refuse values of more than `limit` characters, as a quota would. */
async function smallQuota(page, limit) {
  await page.addInitScript((max) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (String(value).length > max) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return setItem.call(this, key, value);
    };
  }, limit);
}

test('a session too long for local storage and IndexedDB is said to be lost, and the last good save stays', async ({ page }) => {
  // A storage whose quota holds 50,000 characters per value, and an IndexedDB that refuses.
  await page.addInitScript(() => {
    IDBObjectStore.prototype.put = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (String(value).length > 50_000) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return setItem.call(this, key, value);
    };
  });
  await openApp(page, '?m=4096&add=kept');
  await saved(page, 'add=kept');
  const lines = Array.from({ length: 20_000 }, (_, i) => `item-${i}`).join('\n');
  await page.locator('details.bulk summary').click();
  await paste(page, '#bulk-field', lines);
  await expect(page.locator('#items-title')).toContainText('20001', { timeout: 30_000 });
  await expect(page.locator('[data-save="failed"]')).toContainText('QuotaExceededError');
  await expect(page.locator('[data-save="failed"]')).toContainText('lost when this page closes');
  expect(await page.evaluate(() => localStorage.getItem('bloomlab.state'))).toBe('m=4096&add=kept');
  // A reload opens the last good save.
  await page.reload();
  await expect(page.locator('[data-save="restored"]')).toBeVisible();
  await expect(page.locator('.members li[data-item="kept"]')).toHaveCount(1);
});

test('a failing write to local storage is reported and the page keeps working', async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await openApp(page, '?m=32');
  await addItem(page, 'apple');
  await expect(page.locator('[data-save="failed"]')).toContainText('QuotaExceededError');
  await addItem(page, 'grape');
  await expect(page.locator('.members li[data-item]')).toHaveCount(2);
  await expect(page).toHaveURL(/add=apple&add=grape/);
  await page.locator('#save-note-dismiss').click();
  await expect(page.locator('[data-save="failed"]')).toHaveCount(0);
});

test('an embedded copy does not overwrite the reader\'s saved session', async ({ page }) => {
  await openApp(page, '?m=32&add=mine');
  await saved(page, 'add=mine');
  await page.goto('/index.html?embed=1&m=16&add=theirs');
  await expect(page.locator('.app.compact')).toBeVisible();
  await expect(page.locator('.members li[data-item="theirs"]')).toHaveCount(1);
  await page.waitForTimeout(300); // time enough for a save, were it made
  expect(await page.evaluate(() => localStorage.getItem('bloomlab.state'))).toContain('add=mine');
  await page.goto('/index.html');
  await expect(page.locator('[data-save="restored"]')).toBeVisible();
  await expect(page.locator('#field-m')).toHaveValue('32');
});

test('10^5 pasted lines are added in slices with progress, one undo step; a 1,000-byte item is added and shown shortened', async ({ page }) => {
  const errors = await openApp(page, '?m=4096');
  // Record each progress figure the page shows.
  await page.evaluate(() => {
    window.__progress = new Set();
    new MutationObserver(() => {
      const bar = document.querySelector('.bulk-progress');
      if (bar) window.__progress.add(bar.getAttribute('data-bulk-done'));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const lines = Array.from({ length: 100_000 }, (_, i) => `line-${i}`).join('\n');
  await page.locator('details.bulk summary').click();
  await paste(page, '#bulk-field', lines);
  await expect(page.locator('.bulk-progress')).toBeVisible();
  await expect(page.locator('.bulk-progress')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('#items-title')).toContainText('100000');
  await expect(page.locator('[data-message]')).toContainText('100000');
  // The page painted progress between slices: 0, then partial counts.
  const shown = await page.evaluate(() => [...window.__progress].map(Number));
  expect(shown.filter((n) => n > 0 && n < 100_000).length).toBeGreaterThan(3);
  // The pasted text never sits in the field.
  await expect(page.locator('#bulk-field')).toHaveValue('');
  // The whole paste is one undo step.
  await page.locator('#undo-button').click();
  await expect(page.locator('#items-title')).toContainText('(0)');
  // An item of 1,000 bytes (the most an item may have) is added and shown shortened.
  const big = 'x'.repeat(1000);
  await page.locator('#item-field').fill(big);
  await page.keyboard.press('Enter');
  await expect(page.locator('.members li[data-item]')).toHaveCount(1);
  await expect(page.locator('.member-name')).toContainText('(1000 B)');
  await page.locator('#item-field').fill(big);
  await page.keyboard.press('Shift+Enter');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
  expect(errors).toEqual([]);
});

test('a long paste can be stopped part of the way', async ({ page }) => {
  await openApp(page, '?m=4096');
  const lines = Array.from({ length: 100_000 }, (_, i) => `w${i}`).join('\n');
  await page.locator('details.bulk summary').click();
  await paste(page, '#bulk-field', lines);
  // Stop while the slices run (a pointer click waits for the layout to settle, and the
  // note that the link has grown too long moves the page while the paste runs).
  await expect(page.locator('.bulk-progress')).toBeVisible();
  await page.locator('#bulk-stop').dispatchEvent('click');
  await expect(page.locator('.bulk-progress')).toHaveCount(0);
  await expect(page.locator('[data-message]')).toContainText('100000');
  const count = Number((await page.locator('#items-title').textContent()).match(/\((\d+)\)/)[1]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(100_000);
});

test('three tabs that each add an item keep all three sessions: two kept, with the note', async ({ context }) => {
  const tabs = [];
  for (let i = 0; i < 3; i++) {
    const tab = await context.newPage();
    await openApp(tab, '?m=64');
    tabs.push(tab);
  }
  const words = ['apple', 'pear', 'plum'];
  for (const [i, tab] of tabs.entries()) {
    await addItem(tab, words[i]);
    await saved(tab, `add=${words[i]}`);
  }
  // The first tab replaced only its own session; the others each kept the one before.
  await expect(tabs[0].locator('[data-save="kept"]')).toHaveCount(0);
  await expect(tabs[1].locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '1');
  await expect(tabs[2].locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '1');
  const stored = await tabs[2].evaluate(() => ['bloomlab.state', 'bloomlab.kept.state', 'bloomlab.kept2.state']
    .map((key) => localStorage.getItem(key)));
  expect(stored).toEqual(['m=64&add=plum', 'm=64&add=pear', 'm=64&add=apple']);
  // A reload of the first tab reopens its own session, not the newest.
  await tabs[0].goto('/index.html');
  await expect(tabs[0].locator('[data-save="restored"]')).toBeVisible();
  await expect(tabs[0].locator('.members li[data-item]')).toHaveCount(1);
  await expect(tabs[0].locator('.members li[data-item="apple"]')).toHaveCount(1);
  // The third tab's Restore it reopens the session it kept, the second tab's.
  await tabs[2].locator('#restore-kept').click();
  await expect(tabs[2].locator('[data-save="restored"]')).toBeVisible();
  await expect(tabs[2].locator('.members li[data-item]')).toHaveCount(1);
  await expect(tabs[2].locator('.members li[data-item="pear"]')).toHaveCount(1);
});

test('a link opened over saved sets A/B keeps them', async ({ page }) => {
  await openApp(page, '?view=sets&m=32&seta=cat&seta=dog&setb=owl');
  await saved(page, 'setb=owl');
  await page.goto('/index.html?m=16&add=fig');
  await expect(page.locator('[data-save="kept"]')).toHaveAttribute('data-kept-items', '0');
  const kept = await page.evaluate(() => localStorage.getItem('bloomlab.kept.state'));
  for (const part of ['view=sets', 'seta=cat', 'seta=dog', 'setb=owl']) expect(kept).toContain(part);
  await page.locator('#restore-kept').click();
  await expect(page.locator('[data-save="restored"]')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bloomlab.state'))).toContain('setb=owl');
});

test('10^5 pasted items over local storage\'s quota are kept in IndexedDB and survive a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await smallQuota(page, 200_000);
  await openApp(page, '?m=4096');
  const lines = Array.from({ length: 100_000 }, (_, i) => `item-${i}`).join('\n');
  await page.locator('details.bulk summary').click();
  await paste(page, '#bulk-field', lines);
  await expect(page.locator('#items-title')).toContainText('100000', { timeout: 60_000 });
  await expect(page.locator('[data-save="too-long"]')).toBeVisible();
  // Local storage holds a pointer; the warning is not shown.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('bloomlab.state') ?? '')).toMatch(/^idb:/);
  await expect(page.locator('[data-save="failed"]')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('#items-title')).toContainText('100000', { timeout: 60_000 });
  await expect(page.locator('[data-save="restored"]')).toBeVisible();
  await expect(page.locator('[data-save="kept"]')).toHaveCount(0);
  await expect(page.locator('#field-m')).toHaveValue('4096');
  await expect(page.locator('[data-save="failed"]')).toHaveCount(0);
});
