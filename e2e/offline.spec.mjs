// After one visit the page works with the network gone: the service worker caches the app,
// its lessons and its languages; the manifest makes it installable.
import { readFileSync, writeFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { openApp, setBits, murmurPositions, sortedUnique } from './helpers.mjs';

test.use({ serviceWorkers: 'allow' });

test('a page opened once reloads offline, with its lessons and languages', async ({ page, context }) => {
  await openApp(page, '?m=16&add=cat');
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
  await context.setOffline(true);
  // The network is really gone: a file the worker has not cached cannot be fetched.
  expect(await page.evaluate(() => fetch('not-cached.txt').then(() => 'online', () => 'offline'))).toBe('offline');
  await page.goto('/index.html?m=16&add=cat&add=dog&lang=ja');
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('.notices:not(.save-note)')).toHaveCount(0);
  expect(await setBits(page)).toEqual(sortedUnique([...murmurPositions('cat', 16, 3), ...murmurPositions('dog', 16, 3)]));
  // The lessons came from the cache too.
  await page.locator('#lesson-select').selectOption('basics');
  await page.locator('#lesson-start').click();
  await expect(page.locator('#lesson')).toHaveAttribute('data-lesson', 'basics');
  await context.setOffline(false);
});

test('the page links a web app manifest with its name and icon', async ({ page }) => {
  await openApp(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await page.evaluate((url) => fetch(url).then((r) => r.json()), href);
  expect(manifest.name).toBe('Bloom filter lab');
  expect(manifest.start_url).toBe('./index.html');
  expect(manifest.icons.length).toBeGreaterThan(0);
  const icon = await page.evaluate((url) => fetch(url).then((r) => r.status), manifest.icons[0].src);
  expect(icon).toBe(200);
});

/** Waits until the service worker is active and controls the page. */
async function controlled(page) {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  });
}

test('a new build waits for the next visit instead of taking over an open lesson', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openApp(page, '?lesson=basics');
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '1');
  await controlled(page);
  const [current] = await page.evaluate(() => caches.keys());
  // A new build on the server: the same files under a new version.
  const file = new URL('../dist/sw.js', import.meta.url);
  const built = readFileSync(file, 'utf8');
  // (The built worker is minified: `const VERSION="…"`.)
  const nextBuild = built.replace(/(\bVERSION\s*=\s*)(["'])([^"']*)\2/, '$1$2$3-next$2');
  expect(nextBuild).not.toBe(built);
  writeFileSync(file, nextBuild);
  try {
    const update = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update();
      const worker = registration.installing ?? registration.waiting;
      await new Promise((done) => {
        if (!worker || worker.state === 'installed') return done();
        worker.addEventListener('statechange', () => worker.state === 'installed' && done());
      });
      return { waiting: registration.waiting !== null, caches: await caches.keys() };
    });
    expect(update.waiting).toBe(true);
    expect(update.caches.sort()).toEqual([current, `${current}-next`].sort());
    // The open lesson goes on with the build it started with.
    await page.locator('#lesson-next').click();
    await expect(page.locator('#lesson')).toHaveAttribute('data-step', '2');
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.waiting !== null))).toBe(true);
    // The next visit, once no tab uses the old build, gets the new one.
    await page.close();
    const next = await context.newPage();
    await openApp(next);
    await next.waitForFunction(async (name) => {
      const names = await caches.keys();
      return names.length === 1 && names[0] === name;
    }, `${current}-next`);
  } finally {
    writeFileSync(file, built);
    await context.close();
  }
});
