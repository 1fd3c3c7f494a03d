import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
page.on('console', m => console.log('console', m.text()));
page.on('pageerror', e => console.log('err', e.message));
await page.goto('http://127.0.0.1:4175/');
await page.waitForTimeout(3000);
await browser.close();
