// Large links and sessions, and the memory at the cap:
// - a link of 20,000 `add=` items: from the wasm file's arrival to the page interactive with
//   every item in (the items' count shown, no slice left), and the longest main-thread task
//   from there (PerformanceObserver "longtask");
// - the same 20,000 items saved in local storage, restored by a bare visit, measured alike;
// - the renderer's resident memory at m = 2^25 in counting mode with 8-bit counters (the
//   canvas view), the largest of Chromium's renderer processes as /proc reports it, at its
//   peak while the canvas is scrolled through and once settled.
// Median of 3 for the timings. Prints one JSON object.
import { launch, recordLongTasks, rendererMb } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const ITEMS = 20_000;
const browser = await launch();
const link = `?m=1000000&k=7&${Array.from({ length: ITEMS }, (_, i) => `add=w${i}`).join('&')}`;

/** Opens `query` in `page` and measures from the wasm's arrival to every item in. */
async function opened(page, query) {
  await page.goto(`${base}${query}`);
  await page.waitForSelector('.app[data-ready="true"]');
  await page.waitForFunction((n) => document.querySelector('#items-title')?.textContent.includes(`(${n})`)
    && !document.querySelector('.bulk-progress'), ITEMS, { timeout: 60_000 });
  const done = await page.evaluate(() => performance.now());
  await page.waitForTimeout(300);
  return page.evaluate((done) => {
    const wasm = performance.getEntriesByType('resource').find((r) => r.name.endsWith('.wasm'));
    const from = wasm.responseEnd;
    const after = window.__longTasks.filter(([start, length]) => start + length > from);
    return {
      interactive_ms: done - from,
      longest_task_ms: Math.max(0, ...after.map(([, length]) => length)),
      long_tasks: after.length,
    };
  }, done);
}

const median = (runs, key) => runs.map((r) => r[key]).sort((a, b) => a - b)[1];

async function timed(prepare) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await recordLongTasks(page);
    runs.push(await prepare(page));
    await context.close();
  }
  runs.sort((a, b) => a.interactive_ms - b.interactive_ms);
  return { ...runs[1], longest_task_ms: median(runs, 'longest_task_ms') };
}

const linkFigures = await timed((page) => opened(page, link));
const sessionFigures = await timed(async (page) => {
  await opened(page, link);
  // The link is too long for the address bar: the saved session is all that keeps it.
  await page.waitForFunction((n) => localStorage.getItem('bloomlab.state.items') === String(n), ITEMS);
  return opened(page, '');
});

const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await page.goto(`${base}?m=33554432&k=7&mode=counting&width=8&add=x&query=y`);
await page.waitForSelector('.canvas-stage[data-draw-kind]', { timeout: 60_000 });
let peak = await rendererMb(browser);
for (let i = 1; i <= 4; i++) {
  await page.locator('.canvas-scroll').evaluate((box, i) => { box.scrollTop = box.scrollHeight * i / 5; }, i);
  await page.waitForTimeout(500);
  peak = Math.max(peak, await rendererMb(browser));
}
await page.waitForTimeout(1000);
const settled = Math.round(await rendererMb(browser));

console.log(JSON.stringify({
  items: ITEMS,
  link: linkFigures,
  session: sessionFigures,
  memory: { m: 2 ** 25, mode: 'counting', width: 8, peak_mb: Math.round(Math.max(peak, settled)), settled_mb: settled },
}));
await browser.close();
