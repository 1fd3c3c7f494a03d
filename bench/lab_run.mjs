// The false-positive experiment in the browser: two filters (the fewest the lab measures a
// spread from), each with n inserts plus p probes at one point, for m sized for 1 % at n,
// k = 7. Reports the page's own figure, the wall time from Run to done (the filters are
// measured by the lab's workers), and the longest main-thread task during the run.
// Usage: node bench/lab_run.mjs URL [n] [probes] [fnv|murmur3]
import { launch } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const n = Number(process.argv[3] ?? 1_000_000);
const probes = Number(process.argv[4] ?? 1_000_000);
const family = process.argv[5] ?? 'fnv';
const m = Math.ceil(-n * Math.log(0.01) / Math.LN2 ** 2);
const browser = await launch();
const page = await browser.newPage();
await page.goto(`${base}?m=${m}&k=7&hash=${family}&view=lab`);
await page.waitForSelector('.app[data-ready]');
await page.fill('#lab-n', String(n));
await page.press('#lab-n', 'Tab');
await page.fill('#lab-probes', String(probes));
await page.press('#lab-probes', 'Tab');
await page.fill('#lab-points', '1');
await page.press('#lab-points', 'Tab');
await page.fill('#lab-filters', '2');
await page.press('#lab-filters', 'Tab');
// Long tasks of the page's thread during the run.
await page.evaluate(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration)))
    .observe({ type: 'longtask' });
});
await page.click('#lab-run');
await page.waitForSelector('.lab[data-status="done"]', { timeout: 120_000 });
await page.waitForFunction(() => document.querySelector('[data-elapsed-ms]')?.dataset.elapsedMs);
const figures = await page.locator('[data-elapsed-ms]').evaluate((e) => ({
  elapsed_ms: Number(e.dataset.elapsedMs),
}));
const longTasks = await page.evaluate(() => window.__longTasks);
const observed = await page.locator('[data-observed]').first().getAttribute('data-observed');
console.log(JSON.stringify({ family, n, probes, m, k: 7, ...figures, long_tasks_over_50ms: longTasks.length, max_long_task_ms: Math.max(0, ...longTasks), observed_rate: Number(observed) }));
await browser.close();
