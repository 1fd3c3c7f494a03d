import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
await page.goto(process.argv[2]);
await page.waitForSelector('.app[data-ready]');
await page.click('#random-button');
await page.waitForTimeout(500);
const out = [];
for (const l of ['zh', 'ja', 'en', 'ja', 'zh', 'en']) {
  await page.waitForTimeout(600);
  const t = await page.evaluate(async (l) => {
    const sel = document.querySelector('#lang');
    const t0 = performance.now();
    sel.value = l; sel.dispatchEvent(new Event('change', { bubbles: true }));
    await new Promise((r) => { const check = () => document.documentElement.lang === l ? r() : setTimeout(check, 1); check(); });
    document.body.offsetHeight;
    return +(performance.now() - t0).toFixed(1);
  }, l);
  out.push([l, t]);
}
console.log(JSON.stringify(out));
await browser.close();
