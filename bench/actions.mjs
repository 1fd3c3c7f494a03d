// The longest main-thread task during each of a tour of user actions (PerformanceObserver
// "longtask": tasks over 50 ms, the browser's own rendering work included), from the action
// until the page has settled: the grid caught up, the canvas drawn, the link printed and the
// state saved. One pass in headless Chromium; prints one JSON line.
import { launch, recordLongTasks } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await recordLongTasks(page);
await page.goto(`${base}?m=64`);
await page.waitForSelector('.app[data-ready]');

async function settled() {
  await page.waitForFunction(() => !document.querySelector('.bit-grid[aria-busy="true"], .bulk-progress, .grow[aria-busy="true"], .hash-reports[aria-busy="true"]')
    && (!document.querySelector('.canvas-stage') || document.querySelector('.canvas-stage[data-draw-kind]')));
  await page.waitForTimeout(400);
}

async function setField(id, value) {
  await page.fill(id, value);
  await page.keyboard.press('Tab');
}

async function key(k) {
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.press(k);
}

const actions = [
  ['m = 4096 (DOM grid of 4096 cells)', () => setField('#field-m', '4096')],
  ['add 5 random words', () => page.click('#random-button')],
  ['type a word', () => page.locator('#item-field').pressSequentially('keyboard')],
  ['add it (Enter)', () => page.locator('#item-field').press('Enter')],
  ['open "More" (hash, layout, mode, tools)', () => page.click('#more summary')],
  ['counting mode', () => page.check('input[name="mode"][value="counting"]')],
  ['undo (Ctrl+Z)', () => key('Control+z')],
  ['k = 7', () => setField('#field-k', '7')],
  ['view: lab', () => key('2')],
  ['view: calculator', () => key('3')],
  ['view: sets', () => key('4')],
  ['view: hashes', () => key('5')],
  ['view: growing filters (its run included)', () => key('6')],
  ['view: count-min sketch', () => key('7')],
  ['view: use cases', () => key('8')],
  ['view: visualizer', () => key('1')],
  ['language: 中文', () => page.selectOption('#lang', 'zh')],
  ['language: 日本語', () => page.selectOption('#lang', 'ja')],
  ['language: English', () => page.selectOption('#lang', 'en')],
  ['presentation mode on', () => key('p')],
  ['presentation mode off', () => key('p')],
  ['m = 16777216 (canvas)', () => setField('#field-m', '16777216')],
  ['add 5 random words (canvas)', () => page.click('#random-button')],
  ['zoom 1×', () => page.locator('.zoom button', { hasText: /^1×$/ }).click()],
  ['m = 4096 again', () => setField('#field-m', '4096')],
  ['reset', () => page.click('#reset-button')],
];

const results = [];
for (const [name, act] of actions) {
  const from = await page.evaluate(() => performance.now());
  await act();
  await settled();
  const tasks = await page.evaluate((t) => window.__longTasks.filter(([s]) => s >= t).map(([, d]) => d), from);
  results.push({ action: name, long_tasks: tasks.length, longest_ms: Math.round(Math.max(0, ...tasks)) });
}
const worst = results.reduce((a, b) => (b.longest_ms > a.longest_ms ? b : a));
console.log(JSON.stringify({
  actions: results.length,
  long_tasks: results.reduce((s, r) => s + r.long_tasks, 0),
  longest_ms: worst.longest_ms,
  longest_action: worst.action,
  results,
}));
await browser.close();
