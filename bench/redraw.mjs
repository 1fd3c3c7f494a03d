// Canvas paint times at a large m: the full redraw when the page opens (every bit, in tasks of
// about 8 ms; its total and its longest task, as recorded by the page on the canvas stage),
// the browser's own long tasks (over 50 ms, from a PerformanceObserver) from the first render
// to the end of that redraw, and the partial repaint after adding five words (only the changed
// pixels). Median of 5 loads. Prints one JSON line.
import { launch, recordLongTasks } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const m = Number(process.argv[3] ?? 16777216);
const browser = await launch();
const full = [];
const partial = [];
const longest = [];
const longTasks = [];
for (let i = 0; i < 5; i++) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await recordLongTasks(page);
  await page.goto(`${base}?m=${m}&k=7`);
  const stage = page.locator('.canvas-stage');
  await page.waitForSelector('.canvas-stage[data-draw-kind="full"]');
  full.push(Number(await stage.getAttribute('data-draw-ms')));
  longest.push(Number(await stage.getAttribute('data-draw-longest-task-ms') ?? 'NaN'));
  // Let the frame after the last band be painted, then read the browser's long tasks
  // (over 50 ms) from navigation to here: the page's start and the whole redraw.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))));
  // Only tasks from the first render on (the redraw starts there), not the page's start.
  longTasks.push(...(await page.evaluate(() => {
    const ready = Number(document.body.dataset.readyMs);
    return window.__longTasks.filter(([start]) => start >= ready - 1).map(([, d]) => d);
  })));
  await page.click('#random-button');
  await page.waitForSelector('.canvas-stage[data-draw-kind="partial"]', { timeout: 30_000 });
  partial.push(Number(await stage.getAttribute('data-draw-ms')));
  await page.close();
}
const median = (v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
console.log(JSON.stringify({
  m, draw_ms: median(full), longest_task_ms: Math.max(...longest), partial_ms: median(partial),
  browser_long_tasks: longTasks.length, browser_longest_ms: Math.max(0, ...longTasks),
  full_ms: full, partial_all_ms: partial,
}));
await browser.close();
