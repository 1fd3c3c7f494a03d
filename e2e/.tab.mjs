import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await page.goto(process.argv[2]);
await page.waitForSelector('.app[data-ready]');
const seq = [];
for (let i = 0; i < 14; i++) { seq.push(await page.evaluate(() => { const a = document.activeElement; return a ? (a.id || a.tagName + '.' + a.className) : null; })); await page.keyboard.press('Tab'); }
console.log(seq.join(' | '));
await browser.close();
