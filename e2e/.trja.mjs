import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.goto(process.argv[2]);
await page.waitForSelector('.app[data-ready]');
await page.waitForFunction(() => !document.querySelector('.bit-grid[aria-busy="true"]'));
await page.click('#random-button');
await page.waitForTimeout(300);
const pre = (process.env.PRE ?? 'zh').split(',').filter(Boolean);
for (const l of pre) { await page.selectOption('#lang', l); await page.waitForTimeout(500); }
const cdp = await page.context().newCDPSession(page);
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink,v8.compile,disabled-by-default-v8.compile,disabled-by-default-devtools.timeline.stack', transferMode: 'ReportEvents' });
if (process.env.ACT === 'big') { await page.fill('#field-m', '16777216'); await page.keyboard.press('Tab'); }
else if (process.env.ACT === 'lab') { await page.evaluate(() => document.activeElement?.blur()); await page.keyboard.press('2'); }
else await page.selectOption('#lang', process.env.LANG2 ?? 'ja');
await page.waitForTimeout(600);
await cdp.send('Tracing.end');
await done;
await browser.close();
const tasks = events.filter(e => e.ph === 'X' && e.name === 'RunTask' && e.dur > 8000);
for (const t of tasks) {
  console.log('TASK', (t.dur/1000).toFixed(1));
  const inner = events.filter(e => e.ph === 'X' && e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur > 1500 && e.name !== 'RunTask');
  for (const e of inner) console.log('  ', e.name, (e.dur/1000).toFixed(1), ((e.ts - t.ts)/1000).toFixed(1), JSON.stringify(e.args?.data ?? {}).slice(0,120));
}
const names = {};
for (const e of events) if (e.ph === 'X' && e.dur > 8000) names[e.name] = Math.max(names[e.name] ?? 0, e.dur/1000);
console.log(JSON.stringify(names));
const xs = events.filter(e => e.ph === 'X' && e.dur > 4000).sort((a,b)=>a.ts-b.ts);
const t0 = xs[0]?.ts ?? 0;
for (const e of xs) console.log(((e.ts-t0)/1000).toFixed(1).padStart(7), (e.dur/1000).toFixed(1).padStart(6), e.name, JSON.stringify(e.args?.data ?? {}).slice(0,100));
for (const e of events) {
  const st = e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace;
  if (st && (e.name === 'Layout' || e.name === 'UpdateLayoutTree' || e.name.includes('Invalidate'))) console.log('STACK', e.name, (e.dur/1000||0).toFixed(1), JSON.stringify(st.slice(0,6).map(f => f.functionName + ':' + f.url?.split('/').pop() + ':' + f.lineNumber)));
}
const ar = xs.find(e => e.name === 'AsyncTask Run');
if (ar) for (const e of events.filter(e => e.ts >= ar.ts && e.ts <= ar.ts + ar.dur && e.tid === ar.tid && (e.dur ?? 0) > 200).sort((a,b)=>a.ts-b.ts)) console.log('AR', ((e.ts-ar.ts)/1000).toFixed(1), (e.dur/1000).toFixed(1), e.name, JSON.stringify(e.args?.data ?? e.args ?? {}).slice(0,200));
