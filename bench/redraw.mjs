// Canvas paint times at a large m: the full redraw when the page opens (every bit, in tasks of
// about 8 ms; its total and its longest task), and the
// partial repaint after adding five words (only the changed pixels), as recorded by the page
// on the canvas. Median of 5 loads. Prints one JSON line.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const m = Number(process.argv[3] ?? 16777216);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const full = [];
const partial = [];
const longest = [];
for (let i = 0; i < 5; i++) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${base}?m=${m}&k=7`);
  await page.waitForSelector('canvas[data-draw-kind="full"]');
  full.push(Number(await page.locator('canvas').getAttribute('data-draw-ms')));
  longest.push(Number(await page.locator('canvas').getAttribute('data-draw-longest-task-ms') ?? 'NaN'));
  await page.click('#random-button');
  await page.waitForSelector('canvas[data-draw-kind="partial"]', { timeout: 30_000 });
  partial.push(Number(await page.locator('canvas').getAttribute('data-draw-ms')));
  await page.close();
}
const median = (v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)];
console.log(JSON.stringify({
  m, draw_ms: median(full), longest_task_ms: Math.max(...longest), partial_ms: median(partial),
  full_ms: full, partial_all_ms: partial,
}));
await browser.close();
