import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.goto('http://127.0.0.1:4174/');
console.log(await page.evaluate(() => {
  const out = [];
  const mem = new WebAssembly.Memory({ initial: 300, maximum: 65536 });
  let t = performance.now(); mem.grow(256); out.push(['grow 16MB', performance.now() - t]);
  const a = new Uint8Array(mem.buffer);
  t = performance.now(); a.fill(0, 300 * 65536, 556 * 65536); out.push(['fill fresh 16MB', performance.now() - t]);
  t = performance.now(); a.fill(0, 300 * 65536, 556 * 65536); out.push(['fill again 16MB', performance.now() - t]);
  t = performance.now(); let s = 0; for (let i = 0; i < 16 << 20; i += 4096) s += a[556 * 65536 - 1 - i]; out.push(['read touched', performance.now() - t]);
  mem.grow(256);
  const b = new Uint8Array(mem.buffer);
  t = performance.now(); s = 0; for (let i = 556 * 65536; i < 812 * 65536; i += 4096) s += b[i]; out.push(['read fresh pages 16MB', performance.now() - t]);
  return JSON.stringify(out.map(([n, v]) => [n, +v.toFixed(2)]));
}));
await browser.close();
