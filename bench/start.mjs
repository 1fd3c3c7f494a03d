// Start time: from navigation to the first interactive grid, as recorded by the page
// (performance.now() when the app's first render is on screen). Median of 7 cold loads.
import { launch } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const browser = await launch();
const times = [];
for (let i = 0; i < 7; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}?m=64&add=apple`);
  await page.waitForSelector('body[data-ready-ms]');
  times.push(Number(await page.locator('body').getAttribute('data-ready-ms')));
  await context.close();
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ ready_ms: times[3], runs: times.length, all_ms: times }));
await browser.close();
