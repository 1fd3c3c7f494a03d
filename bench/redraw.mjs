// Full canvas redraw time at a large m: adds random words (each add redraws every bit) and
// reads the duration the page records on the canvas. Prints one JSON line.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const m = Number(process.argv[3] ?? 16777216);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.goto(`${base}?m=${m}&k=7`);
await page.waitForSelector('canvas[data-draw-ms]');
const times = [];
for (let i = 0; i < 5; i++) {
  const before = await page.locator('canvas').getAttribute('data-draw-ms');
  await page.click('#random-button');
  await page.waitForFunction((b) => {
    const c = document.querySelector('canvas');
    return c && c.dataset.drawMs !== b;
  }, before, { timeout: 30_000 }).catch(() => {});
  times.push(Number(await page.locator('canvas').getAttribute('data-draw-ms')));
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ m, draw_ms: times[Math.floor(times.length / 2)], all_ms: times }));
await browser.close();
