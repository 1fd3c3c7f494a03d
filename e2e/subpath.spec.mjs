// The built folder works unchanged at any path of a static host, and inside a frame of a
// page on another origin: dist/ is served under /a/b/ (the host's root has nothing), and a
// course page on a second origin embeds it. Ports: E2E_PORT + 1 for the site, E2E_PORT + 2
// for the course page.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { serve } from './serve.mjs';
import { murmurPositions, setBits, sortedUnique } from './helpers.mjs';

const port = Number(process.env.E2E_PORT ?? 4173);
const HOST = `http://127.0.0.1:${port + 1}`;
const SITE = `${HOST}/a/b/`;
const COURSE = `http://localhost:${port + 2}/`;

/** name → text of static/i18n/zh.txt. */
const ZH = Object.fromEntries(
  [...readFileSync(new URL('../static/i18n/zh.txt', import.meta.url), 'utf8')
    .matchAll(/^([a-z_0-9]+) = (.*)$/gm)].map(([, name, text]) => [name, text]),
);

/** A course page that embeds the lab at `src` and sizes the frame to the height it posts. */
const coursePage = (src) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Week 3</title></head>
<body>
  <h1>Week 3: Bloom filters</h1>
  <iframe id="bloom" title="Bloom filter" src="${src}" width="100%" height="600" style="border:0"></iframe>
  <script>
    addEventListener('message', (event) => {
      const frame = document.getElementById('bloom');
      if (event.source === frame.contentWindow && event.data?.type === 'bloomlab:height') {
        frame.style.height = Math.ceil(event.data.height) + 'px';
      }
    });
  </script>
</body></html>`;
const EMBED = `${SITE}index.html?m=16&amp;k=3&amp;add=a&amp;add=b&amp;add=c&amp;query=d&amp;embed=1&amp;lock=m,k`;

let site;
let course;
test.beforeAll(async () => {
  site = await serve(fileURLToPath(new URL('../dist', import.meta.url)), { port: port + 1, prefix: '/a/b/' });
  course = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(coursePage(EMBED));
  });
  await new Promise((listening) => course.listen(port + 2, '127.0.0.1', listening));
});
test.afterAll(() => {
  for (const server of [site, course]) {
    server?.closeAllConnections();
    server?.close();
  }
});

/**
 * Opens the site at `path` (relative to /a/b/) and waits until the app is ready. Returns
 * what the page did wrong: console errors, page errors and Content-Security-Policy
 * violations, and every address it asked for outside /a/b/.
 */
async function openSite(page, path) {
  const problems = { errors: [], outside: [] };
  page.on('console', (msg) => { if (msg.type() === 'error') problems.errors.push(msg.text()); });
  page.on('pageerror', (err) => problems.errors.push(String(err)));
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && !url.startsWith(SITE)) problems.outside.push(url);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await page.goto(`${SITE}${path}`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  return problems;
}

test('the site under /a/b/ loads every file from its own folder', async ({ page, request }) => {
  // Nothing is served at the host's root, as on a course site with other pages.
  expect((await request.get(`${HOST}/boot.js`)).status()).toBe(404);
  const problems = await openSite(page, 'index.html?m=16&add=cat');
  await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(16);
  expect(await setBits(page)).toEqual(sortedUnique(murmurPositions('cat', 16, 3)));
  // The lesson menu is filled from lessons/ beside the page.
  await expect(page.locator('#lesson-select option[value="basics"]')).toHaveCount(1);
  // The manifest and its icon resolve against the folder too.
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]').href;
    const json = await (await fetch(link)).json();
    const icon = await fetch(new URL(json.icons[0].src, link));
    return { link, name: json.name, start: new URL(json.start_url, link).href, icon: icon.status };
  });
  expect(manifest).toEqual({
    link: `${SITE}manifest.webmanifest`,
    name: 'Bloom filter lab',
    start: `${SITE}index.html`,
    icon: 200,
  });
  // The policy still holds: scripts are files of the page's origin, none of them inline.
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval';");
  await page.screenshot({ path: 'artifacts/subpath.png', fullPage: true });
  expect(problems).toEqual({ errors: [], outside: [] });
  // The folder's own address (no index.html) opens the same page.
  const folder = await page.context().newPage();
  const atFolder = await openSite(folder, '?m=16&add=cat');
  await expect(folder.locator('#bit-array [data-bit-index]')).toHaveCount(16);
  expect(atFolder).toEqual({ errors: [], outside: [] });
});

test('a lesson opens under /a/b/', async ({ page }) => {
  const problems = await openSite(page, 'index.html?lesson=basics');
  await expect(page.locator('#lesson[data-lesson="basics"]')).toBeVisible();
  await expect(page.locator('.lesson-text')).not.toBeEmpty();
  expect(problems).toEqual({ errors: [], outside: [] });
});

test('Chinese works under /a/b/', async ({ page }) => {
  const problems = await openSite(page, 'index.html?m=16&add=cat&lang=zh');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  await expect(page.locator('h1')).toHaveText(ZH.title);
  await expect(page.locator('#tab-visualizer')).toHaveText(ZH.tab_visualizer);
  await expect(page.locator('#tab-calculator')).toHaveText(ZH.tab_calculator);
  expect(problems).toEqual({ errors: [], outside: [] });
});

test('a course page on another origin shows the lab in its frame', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  await page.goto(`${COURSE}week3.html`);
  const lab = page.frameLocator('#bloom');
  await expect(lab.locator('.app.compact[data-ready="true"]')).toBeVisible();
  await expect(lab.locator('#bit-array [data-bit-index]')).toHaveCount(16);
  const bits = await lab.locator('#bit-array [data-bit-set="1"]').evaluateAll((cells) =>
    cells.map((c) => Number(c.dataset.bitIndex)));
  expect(bits).toEqual(sortedUnique(['a', 'b', 'c'].flatMap((s) => murmurPositions(s, 16, 3))));
  await expect(lab.locator('[data-query-result]')).toBeVisible();
  await expect(lab.locator('#field-m')).toBeDisabled();
  // Two origins: the course page's and the lab's.
  const frame = page.frames().find((f) => f.url().startsWith(SITE));
  expect(new URL(page.url()).origin).not.toBe(new URL(frame.url()).origin);
  // The height the lab posts reaches the course page across the origins.
  await expect.poll(() => page.locator('#bloom').evaluate((f) => f.style.height)).toMatch(/^\d+px$/);
  await page.screenshot({ path: 'artifacts/subpath-embedded.png', fullPage: true });
  expect(errors).toEqual([]);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a page opened once under /a/b/ reloads offline, with a lesson in Chinese', async ({ page, context }) => {
    await openSite(page, 'index.html?m=16&add=cat');
    const scope = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await new Promise((done) => {
        if (navigator.serviceWorker.controller) return done();
        navigator.serviceWorker.addEventListener('controllerchange', done, { once: true });
      });
      return registration.scope;
    });
    // The worker's scope is the site's folder.
    expect(scope).toBe(SITE);
    await context.setOffline(true);
    try {
      // The network is really gone: a file the worker has not cached cannot be fetched.
      expect(await page.evaluate(() => fetch('not-cached.txt').then(() => 'online', () => 'offline'))).toBe('offline');
      await page.goto(`${SITE}index.html?m=16&add=cat&add=dog`);
      await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
      await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(16);
      expect(await setBits(page)).toEqual(sortedUnique([...murmurPositions('cat', 16, 3), ...murmurPositions('dog', 16, 3)]));
      // The lessons and the language files come from the cache too.
      await page.goto(`${SITE}index.html?lesson=basics&lang=zh`);
      await expect(page.locator('#lesson[data-lesson="basics"]')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
      await expect(page.locator('#tab-visualizer')).toHaveText(ZH.tab_visualizer);
    } finally {
      await context.setOffline(false);
    }
  });
});
