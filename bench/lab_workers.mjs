// The lab on every core: T = 100 filters at m = 100,000, k = 7 (murmur3, the default 20
// points and 1000 probes per filter) with 1 worker and with one per core, as the page
// reports it (data-elapsed-ms, from Run to the last filter): the first run, which also
// starts the workers, and the best of the next 6 on the same page (the pool reused); the
// longest main-thread task during the runs; and the speedup of the reused pools. Each side
// is measured on two pages, alternated with the other side.
// Usage: node bench/lab_workers.mjs URL
import { launch, recordLongTasks } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const browser = await launch();
const page = await browser.newPage();
await recordLongTasks(page);

/** The first run (which starts the workers) and the best of the next 6 (the pool reused). */
async function run(workers) {
  const query = `?view=lab&m=100000&k=7&hash=murmur3&lab_filters=100${workers ? `&workers=${workers}` : ''}`;
  await page.goto(`${base}${query}`);
  await page.waitForSelector('.app[data-ready]');
  await page.evaluate(() => { window.__longTasks.length = 0; });
  const times = [];
  for (let i = 0; i < 7; i++) {
    await page.click('#lab-run');
    await page.waitForSelector('.lab[data-status="done"]', { timeout: 300_000 });
    await page.waitForFunction(() => document.querySelector('[data-elapsed-ms]')?.dataset.elapsedMs);
    times.push(Number(await page.locator('[data-elapsed-ms]').getAttribute('data-elapsed-ms')));
  }
  const used = Number(await page.locator('.lab').getAttribute('data-workers'));
  const longTasks = await page.evaluate(() => window.__longTasks.map(([, d]) => d));
  return { workers: used, first_ms: times[0], best_ms: Math.min(...times.slice(1)), all_ms: times, longest_task_ms: Math.max(0, ...longTasks) };
}

// Alternated twice, so that a slow spell of the machine does not fall on one side only;
// each side's figures are the better of its two pages.
const better = (a, b) => (a.best_ms <= b.best_ms ? a : b);
const first = [await run(1), await run(null)];
const second = [await run(1), await run(null)];
const one = better(first[0], second[0]);
const all = better(first[1], second[1]);
const cores = await page.evaluate(() => navigator.hardwareConcurrency);
console.log(JSON.stringify({ filters: 100, m: 100000, k: 7, cores, one, all, speedup: one.best_ms / all.best_ms }));
await browser.close();
