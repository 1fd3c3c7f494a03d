// Keystroke-to-preview time: from an input event in the item field until the hash table and
// grid (or canvas rings) show the new item's positions (dom_update), plus style and layout
// (update_style_layout), and until the next animation frame (next_frame, which also waits
// for the display's frame boundary). Measured in headless Chromium against the release
// build served on 127.0.0.1. Prints one JSON line per m.
import { launch } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const sizes = (process.argv[3] ?? '4096,1048576').split(',').map(Number);
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
for (const m of sizes) {
  await page.goto(`${base}?m=${m}&k=7&hash=murmur3`);
  await page.waitForSelector('.app[data-ready]');
  await page.click('#random-button');
  // A 4096-cell grid is built and brought up to date a part per frame; time keystrokes after.
  await page.waitForFunction(() => !document.querySelector('.bit-grid[aria-busy="true"]'));
  const result = await page.evaluate(async () => {
    const input = document.querySelector('#item-field');
    const times = [];
    for (let i = 0; i < 60; i++) {
      const text = `word-${i}-${Math.random()}`;
      const before = document.querySelector('[data-h1]')?.dataset.h1;
      const t0 = performance.now();
      input.value = text;
      input.dispatchEvent(new InputEvent('input', { bubbles: true }));
      // Wait until the DOM shows the new hash, then for the frame that paints it.
      // Poll with microtasks first (Yew renders in a microtask), then with zero-delay
      // macrotasks, so the page can never spin forever.
      for (let spins = 0; ; spins++) {
        const now = document.querySelector('[data-h1]')?.dataset.h1;
        if (now !== undefined && now !== before) break;
        if (spins > 10_000) throw new Error('the preview never updated');
        await (spins < 1000 ? Promise.resolve() : new Promise((r) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = r;
          channel.port2.postMessage(0);
        }));
      }
      const updated = performance.now() - t0;
      // Force style and layout now, so their cost is counted, not hidden in the next frame.
      void document.body.offsetHeight;
      const laidOut = performance.now() - t0;
      await new Promise((r) => requestAnimationFrame(() => r()));
      times.push({ updated, laidOut, painted: performance.now() - t0 });
    }
    const warm = times.slice(10);
    const stat = (key) => {
      const v = warm.map((t) => t[key]).sort((a, b) => a - b);
      return { median: v[Math.floor(v.length / 2)], p95: v[Math.floor(v.length * 0.95)], max: v[v.length - 1] };
    };
    return {
      dom_update_ms: stat('updated'),
      update_style_layout_ms: stat('laidOut'),
      next_frame_ms: stat('painted'),
    };
  });
  console.log(JSON.stringify({ m, ...result }));
}
await browser.close();
