import { test, expect } from '@playwright/test';
import { createServer } from 'node:http';
import { openApp, murmurPositions, sortedUnique } from './helpers.mjs';

test('the example course page embeds two configured instances', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('/embed-example.html');
  const plain = page.frameLocator('#plain iframe');
  const counting = page.frameLocator('#counting iframe');
  await expect(plain.locator('.app.compact[data-ready="true"]')).toBeVisible();
  await expect(counting.locator('.app.compact[data-ready="true"]')).toBeVisible();
  const bits = await plain.locator('#bit-array [data-bit-set="1"]').evaluateAll((cells) =>
    cells.map((c) => Number(c.dataset.bitIndex)));
  expect(bits).toEqual(sortedUnique(['a', 'b', 'c'].flatMap((s) => murmurPositions(s, 16, 3))));
  await expect(plain.locator('[data-query-result]')).toBeVisible();
  await expect(plain.locator('#field-m')).toBeDisabled();
  await expect(plain.locator('#field-hash')).toBeDisabled();
  await expect(plain.locator('.tabs')).toHaveCount(0);
  await expect(counting.locator('#bit-array [data-count]')).toHaveCount(32);
  await counting.locator('.members [data-item="cat"] button', { hasText: 'Remove' }).click();
  await expect(counting.locator('[data-message="info"]')).toContainText('Removed');
  await page.screenshot({ path: 'artifacts/embed-example.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('locked items allow queries only, and the full page link drops embed', async ({ page }) => {
  await openApp(page, '?m=32&add=x&embed=1&lock=items');
  await expect(page.locator('#add-button')).toBeDisabled();
  await expect(page.locator('#query-button')).toBeEnabled();
  await expect(page.locator('.members')).toHaveCount(0);
  const href = await page.locator('#open-full').getAttribute('href');
  expect(href).toContain('lock=items');
  expect(href).not.toContain('embed=1');
  // Enter in the field says why nothing was added.
  const setBefore = await page.locator('#bit-array [data-bit-set="1"]').count();
  await page.fill('#item-field', 'y');
  await page.locator('#item-field').press('Enter');
  await expect(page.locator('.message')).toContainText('keeps its items fixed');
  await expect(page.locator('#bit-array [data-bit-set="1"]')).toHaveCount(setBefore);
  // The compact view has no tabs and no presentation button: their keys do nothing.
  await page.evaluate(() => document.activeElement?.blur());
  for (const key of ['2', '5', 'p']) await page.keyboard.press(key);
  await expect(page.locator('#bit-array')).toBeVisible();
  await expect(page.locator('.app.present')).toHaveCount(0);
});

test('the Embed dialog gives the widget, the frame and the listener, each copyable; the header stays put', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page, '?m=64&add=hello&add=world&query=hello');
  const header = await page.locator('.app-header').boundingBox();
  const button = await page.locator('#embed-button').boundingBox();
  await page.click('#embed-button');
  const dialog = page.getByRole('dialog', { name: 'Embed this view' });
  await expect(dialog).toBeVisible();
  expect(await page.locator('.app-header').boundingBox()).toEqual(header);
  expect(await page.locator('#embed-button').boundingBox()).toEqual(button);
  // The widget: embed.js beside the page, and the view's parameters as attributes.
  await expect(page.locator('#embed-snippet')).toHaveValue([
    `<script src="${baseURL}/embed.js" defer></script>`,
    '<bloom-lab m="64" items="hello,world" query="hello" title="Bloom filter lab" height="auto"></bloom-lab>',
  ].join('\n'));
  const iframe = `<iframe src="${baseURL}/index.html?m=64&amp;add=hello&amp;add=world&amp;query=hello&amp;embed=1"`;
  expect((await page.locator('#embed-iframe').inputValue()).startsWith(iframe)).toBe(true);
  await expect(page.locator('#embed-listener')).toHaveValue(/addEventListener\('bloomlab:result'/);
  // Focus starts on the widget's Copy button; each Copy puts its own snippet on the clipboard.
  await expect(page.locator('#embed-copy-element')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-embed-part="embed-snippet"] [role="status"]')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.locator('#embed-snippet').inputValue());
  await page.getByRole('button', { name: 'Copy the frame' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<iframe src=/);
  await expect(page.locator('[data-embed-part="embed-snippet"] [role="status"]')).toHaveText('');
  // Tab stays in the dialog; Escape closes it and gives the focus back.
  await page.locator('#embed-close').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('#embed-snippet')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('#embed-close')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#embed-button')).toBeFocused();
  // The frame's title, which a screen reader announces, is in the page's language.
  await openApp(page, '?m=64&lang=zh');
  await page.click('#embed-button');
  await expect(page.locator('#embed-snippet')).toHaveValue(/ title="布隆过滤器实验室" /);
  // The dialog's own texts (a module loaded on use) are fetched in the page's language.
  await expect(page.getByRole('dialog', { name: '嵌入此视图' })).toBeVisible();
  await page.click('#embed-close');
  await expect(page.locator('#embed')).toHaveCount(0);
});

test('a dialog or view whose module cannot be loaded says so by name, and closes', async ({ page }) => {
  await page.route(/\/(embed_dialog|files_view)\.js$/, (route) => route.abort());
  await openApp(page, '?m=64&add=cat');
  await page.click('#embed-button');
  await expect(page.locator('#embed-failed')).toContainText('“Embed” could not be loaded');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.click('#embed-close');
  await expect(page.locator('#embed')).toHaveCount(0);
  await expect(page.locator('#bit-array')).toBeVisible();
  await page.click('#tab-files');
  await expect(page.locator('main.module-host p[role="alert"]')).toContainText('“Parquet file” could not be loaded');
  // The rest of the page still works.
  await page.click('#tab-visualizer');
  await expect(page.locator('#bit-array')).toBeVisible();
});

test('the Embed snippet pasted into a page of another origin sizes itself and re-dispatches a practice result', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openApp(page, '?practice=3&practice_kinds=predict&practice_n=2');
  await page.click('#embed-button');
  const snippet = await page.locator('#embed-snippet').inputValue();
  expect(snippet).toContain('practice="3" practice_kinds="predict" practice_n="2"');
  const listener = await page.locator('#embed-listener').inputValue();
  const course = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Week 3</title></head><body>
<h1>Week 3</h1>
${snippet}
${listener}
<script>
  window.got = [];
  document.addEventListener('bloomlab:result', (event) => window.got.push(event.detail));
  document.addEventListener('bloomlab:summary', (event) => window.got.push(event.detail));
</script>
</body></html>`);
  });
  await new Promise((listening) => course.listen(0, 'localhost', listening));
  try {
    const logged = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`http://localhost:${course.address().port}/`);
    const widget = page.frameLocator('bloom-lab iframe');
    await expect(widget.locator('#practice')).toHaveAttribute('data-exercise-kind', 'predict');
    // The frame takes the height the page inside reports, not its 480-pixel start.
    const frame = page.locator('bloom-lab iframe');
    await expect.poll(async () => (await frame.boundingBox()).height).not.toBe(480);
    const inner = await widget.locator('.app').evaluate((app) => app.ownerDocument.documentElement.scrollHeight);
    expect(Math.abs((await frame.boundingBox()).height - inner)).toBeLessThanOrEqual(2);
    await widget.locator('#practice-show').click();
    await expect.poll(() => page.evaluate(() => window.got.length)).toBe(1);
    const [result] = await page.evaluate(() => window.got);
    expect(result).toMatchObject({ type: 'bloomlab:result', version: 1, seed: 3, index: 1, kind: 'predict', correct: false, revealed: true, score: 0, total: 2 });
    // The listener the dialog gave logs it.
    await expect.poll(() => logged).toContain('exercise 1: 0 of 2');
  } finally {
    course.closeAllConnections();
    course.close();
  }
});

test('an embedded page reports its height to the parent only, and takes no commands', async ({ page }) => {
  await page.goto('/embed-example.html');
  const plain = page.frameLocator('#plain iframe');
  await expect(plain.locator('.app.compact[data-ready="true"]')).toBeVisible();
  // The example page sizes each frame from the height its page posts.
  const docHeight = () => page.frame({ url: /lock=m/ }).evaluate(() => document.documentElement.scrollHeight);
  const frameHeight = () => page.locator('#plain iframe').evaluate((f) => parseInt(f.style.height, 10));
  await expect.poll(async () => Math.abs((await frameHeight()) - (await docHeight()))).toBeLessThanOrEqual(4);
  // Messages from the parent (or anyone) change nothing.
  const before = await plain.locator('.members li[data-item]').count();
  await page.locator('#plain iframe').evaluate((f) => {
    for (const data of [{ type: 'bloomlab:add', item: 'x' }, 'add=x', { query: 'm=64' }]) {
      f.contentWindow.postMessage(data, '*');
    }
  });
  await page.waitForTimeout(200);
  await expect(plain.locator('.members li[data-item]')).toHaveCount(before);
  await expect(plain.locator('#field-m')).toHaveValue('16');
});

test('two <bloom-lab> elements on a page of another origin size themselves and re-dispatch messages', async ({ page, baseURL }) => {
  // The course page comes from a server of its own on another port (another origin), the
  // app and embed.js from the test server.
  const course = `<!DOCTYPE html><html lang="en"><head><title>Course</title>
    <script src="${baseURL}/embed.js"></script></head><body>
    <bloom-lab id="one" m="16" k="3" items="a,b,c" query="d" lock="m,k"></bloom-lab>
    <bloom-lab id="two" m="32" k="2" items="x" lang="zh" height="300px"></bloom-lab>
    </body></html>`;
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(course);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  expect(origin).not.toBe(new URL(baseURL).origin);
  await page.addInitScript(() => {
    window.__events = [];
    addEventListener('bloomlab:height', (e) => window.__events.push([e.target.id, e.detail.height]), true);
  });
  await page.goto(`${origin}/course/week3.html`);
  const one = page.frameLocator('#one iframe');
  const two = page.frameLocator('#two iframe');
  await expect(one.locator('.app.compact[data-ready="true"]')).toBeVisible();
  await expect(two.locator('.app.compact[data-ready="true"]')).toBeVisible();
  // The attributes became the frames' parameters.
  const bits = await one.locator('#bit-array [data-bit-set="1"]').evaluateAll((cells) => cells.map((c) => Number(c.dataset.bitIndex)));
  expect(bits).toEqual(sortedUnique(['a', 'b', 'c'].flatMap((s) => murmurPositions(s, 16, 3))));
  await expect(one.locator('#field-m')).toBeDisabled();
  await expect(two.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(two.locator('.members [data-item="x"]')).toHaveCount(1);
  // height="auto" (the default) follows the page's messages; a fixed height stays.
  const inner = await page.frame({ url: /m=16/ }).evaluate(() => document.documentElement.scrollHeight);
  await expect.poll(() => page.locator('#one iframe').evaluate((f) => parseInt(f.style.height, 10))).toBe(inner);
  await expect(page.locator('#two iframe')).toHaveAttribute('style', /height: 300px/);
  // Each element re-dispatched its own frame's height message as a CustomEvent.
  await expect.poll(() => page.evaluate(() => [...new Set(window.__events.map(([id]) => id))].sort())).toEqual(['one', 'two']);
  const heights = await page.evaluate(() => window.__events.filter(([id]) => id === 'one').map(([, h]) => h));
  expect(heights).toContain(inner);
  server.close();
});
