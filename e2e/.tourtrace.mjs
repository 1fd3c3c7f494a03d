// The longest main-thread task during each of a tour of user actions (PerformanceObserver
// "longtask": tasks over 50 ms, the browser's own rendering work included), from the action
// until the page has settled: the grid caught up, the canvas drawn, the link printed and the
// state saved. One pass in headless Chromium; prints one JSON line.
import { launch, recordLongTasks } from '../bench/chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await recordLongTasks(page);
await page.goto(`${base}?m=64`);
await page.waitForSelector('.app[data-ready]');

async function settled() {
  await page.waitForFunction(() => !document.querySelector('.bit-grid[aria-busy="true"], .bulk-progress')
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
  ['counting mode', () => page.check('input[name="mode"][value="counting"]')],
  ['undo (Ctrl+Z)', () => key('Control+z')],
  ['k = 7', () => setField('#field-k', '7')],
  ['view: lab', () => key('2')],
  ['view: calculator', () => key('3')],
  ['view: sets', () => key('4')],
  ['view: hashes', () => key('5')],
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
  const tracing = name === process.env.TRACE;
  let cdp, events = [], done;
  if (tracing) {
    cdp = await page.context().newCDPSession(page);
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink,v8,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  }
  await act();
  await settled();
  if (tracing) {
    await cdp.send('Tracing.end'); await done;
    const tasks = events.filter(e => e.ph === 'X' && e.name === 'RunTask' && e.dur > 25000);
    for (const t of tasks) {
      console.log('TASK', (t.dur/1000).toFixed(1));
      const inner = events.filter(e => e.ph === 'X' && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur > 2000 && e.name !== 'RunTask').sort((a,b)=>a.ts-b.ts);
      for (const e of inner) console.log('  ', ((e.ts - t.ts)/1000).toFixed(1), (e.dur/1000).toFixed(1), e.name, JSON.stringify(e.args?.data ?? {}).slice(0,100));
    }
    break;
  }
}
await browser.close();
