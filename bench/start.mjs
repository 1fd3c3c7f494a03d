// Start time: from navigation to the first interactive grid, as recorded by the page
// (performance.now() when the app's first render is on screen). Median of 7 cold loads on
// the unthrottled loopback; median of 3 cold loads with the network throttled (Chrome's
// network emulation: 1.6 Mbit/s down with 150 ms latency, and 10 Mbit/s with 40 ms); and
// the repeat visit, served by the service worker, median of 5.
import { launch } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const url = `${base}?m=64&add=apple`;
const browser = await launch();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Loads the page in a fresh context (no cache), throttled if asked; returns the ready time. */
async function cold(throttle) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.latency_ms,
      downloadThroughput: (throttle.mbit * 1e6) / 8,
      uploadThroughput: (throttle.mbit * 1e6) / 8,
    });
  }
  await page.goto(url);
  await page.waitForSelector('body[data-ready-ms]', { timeout: 120_000 });
  const ready = Number(await page.locator('body').getAttribute('data-ready-ms'));
  await context.close();
  return ready;
}

const loopback = [];
for (let i = 0; i < 7; i++) loopback.push(await cold(null));
const throttled = {};
for (const throttle of [{ mbit: 1.6, latency_ms: 150 }, { mbit: 10, latency_ms: 40 }]) {
  const times = [];
  for (let i = 0; i < 3; i++) times.push(await cold(throttle));
  throttled[`${throttle.mbit}Mbit_${throttle.latency_ms}ms`] = median(times);
}

// The repeat visit: the first load installs the service worker; later loads in the same
// context are served from its cache.
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(url);
await page.waitForSelector('body[data-ready-ms]');
await page.evaluate(() => navigator.serviceWorker.ready);
const repeat = [];
for (let i = 0; i < 5; i++) {
  await page.goto(url);
  await page.waitForSelector('body[data-ready-ms]');
  repeat.push(Number(await page.locator('body').getAttribute('data-ready-ms')));
}
const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
await context.close();

console.log(JSON.stringify({
  ready_ms: median(loopback), runs: loopback.length, all_ms: loopback,
  throttled_ms: throttled, repeat_ms: median(repeat), repeat_from_service_worker: controlled,
}));
await browser.close();
