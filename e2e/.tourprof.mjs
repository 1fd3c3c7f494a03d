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

for (const [name, act] of actions) {
  const profiling = name === process.env.TRACE;
  let cdp;
  if (profiling) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  await act();
  await settled();
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const nm = (n) => n.callFrame.functionName || '(anon ' + n.callFrame.url.split('/').pop() + ')';
    let stretch = null; const stretches = [];
    let t = profile.startTime;
    profile.samples.forEach((id, i) => {
      const d = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      t += profile.timeDeltas[i];
      const n = byId.get(id);
      if (nm(n) === '(idle)' || nm(n) === '(program)' && !stretch) { if (stretch) { stretches.push(stretch); stretch = null; } return; }
      if (!stretch) stretch = { start: t, ms: 0, incl: new Map(), self: new Map() };
      stretch.ms += d;
      stretch.self.set(nm(n), (stretch.self.get(nm(n)) ?? 0) + d);
      const seen = new Set();
      for (let cur = id; cur; cur = parent.get(cur)) { const x = nm(byId.get(cur)); if (!seen.has(x)) { seen.add(x); stretch.incl.set(x, (stretch.incl.get(x) ?? 0) + d); } }
    });
    if (stretch) stretches.push(stretch);
    for (const s of stretches.filter((s) => s.ms > 15)) {
      console.log('STRETCH busy', s.ms.toFixed(1));
      console.log('  inclusive:\n' + [...s.incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.N ?? 45)).map(([n, v]) => `   ${v.toFixed(1).padStart(6)} ${n.slice(0, 150)}`).join('\n'));
      console.log('  self:\n' + [...s.self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([n, v]) => `   ${v.toFixed(1).padStart(6)} ${n.slice(0, 150)}`).join('\n'));
    }
    break;
  }
}
await browser.close();
