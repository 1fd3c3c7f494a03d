// A long paste: 10^5 lines pasted into "Add many" at m = 4096, from the paste event to the
// last slice on screen; the longest main-thread task (PerformanceObserver "longtask", which
// also counts the browser's own work on the 0.7 MB clipboard text). Median of 3.
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const lines = Number(process.argv[3] ?? 100000);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const runs = [];
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}?m=4096`);
  await page.waitForSelector('.app[data-ready]');
  await page.locator('details.bulk summary').click();
  const text = Array.from({ length: lines }, (_, n) => `line-${n}`).join('\n');
  const result = await page.locator('#bulk-field').evaluate(async (field, value) => {
    const tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push(e.duration);
    }).observe({ type: 'longtask' });
    const data = new DataTransfer();
    data.setData('text/plain', value);
    const start = performance.now();
    field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await new Promise((done) => {
      const check = () => (document.querySelector('.bulk-progress') ? requestAnimationFrame(check) : done());
      requestAnimationFrame(check);
    });
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 300)));
    return { wall_ms: performance.now() - start, longest_task_ms: Math.max(0, ...tasks), long_tasks: tasks.length };
  }, text);
  runs.push(result);
  await context.close();
}
runs.sort((a, b) => a.wall_ms - b.wall_ms);
console.log(JSON.stringify({ lines, ...runs[1] }));
await browser.close();
