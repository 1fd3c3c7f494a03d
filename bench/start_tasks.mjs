// Long tasks at start: every main-thread task over 50 ms (PerformanceObserver "longtask",
// the browser's own style and layout included) from navigation until the page is
// interactive and settled, for a plain start (`?m=64`) and for a link of 20,000 items. Five
// runs of five cold loads each (a fresh context per load, its page settled a second before
// it loads); prints one JSON object with, per
// page, the longest task of each load and how many loads had a task over 50 ms.
import { launch, recordLongTasks } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const RUNS = Number(process.env.RUNS ?? 5);
const LOADS = 5;
const ITEMS = 20_000;
/** How long a new page waits before it loads the app. */
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 1000);
const PAGES = {
  plain: '?m=64',
  items_20000: `?m=1000000&k=7&${Array.from({ length: ITEMS }, (_, i) => `add=w${i}`).join('&')}`,
};
const browser = await launch();

/** One cold load of `query`: the long tasks from navigation until every item is in and the
 * page has been still for half a second. */
async function load(query, items) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await recordLongTasks(page);
  // A new context starts new renderer processes; loading at once would measure their start
  // competing with the page for this machine's cores (a browser keeps a spare renderer
  // ready for a new tab).
  await page.waitForTimeout(SETTLE_MS);
  await page.goto(`${base}${query}`);
  await page.waitForSelector('.app[data-ready="true"]');
  if (items) {
    await page.waitForFunction((n) => document.querySelector('#items-title')?.textContent.includes(`(${n})`)
      && !document.querySelector('.bulk-progress'), items, { timeout: 60_000 });
  }
  await page.waitForTimeout(500);
  const tasks = await page.evaluate(() => window.__longTasks.map(([, length]) => Math.round(length)));
  await context.close();
  return tasks;
}

const figures = {};
for (const [name, query] of Object.entries(PAGES)) {
  const longest = [];
  for (let run = 0; run < RUNS; run++) {
    for (let i = 0; i < LOADS; i++) {
      const tasks = await load(query, name === 'plain' ? 0 : ITEMS);
      longest.push(Math.max(0, ...tasks));
    }
  }
  figures[name] = {
    loads: longest.length,
    loads_with_a_long_task: longest.filter((ms) => ms > 50).length,
    longest_ms: Math.max(...longest),
    median_longest_ms: [...longest].sort((a, b) => a - b)[Math.floor(longest.length / 2)],
    each_ms: longest,
  };
}
console.log(JSON.stringify(figures));
await browser.close();
