// The README's picture, docs/screenshot.png: the visualizer at 1280×720 after "Add 5 random
// words" twice and "Try a word", on the release build in dist/ (`trunk build --release
// --offline` first). Serves dist/ on a free port of 127.0.0.1 and uses the system Chromium.
//
//   node scripts/screenshot.mjs [OUT]   (default docs/screenshot.png)
import { launch } from '../bench/chromium.mjs';
import { serve } from '../e2e/serve.mjs';

const out = process.argv[2] ?? 'docs/screenshot.png';
const server = await serve('dist');
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await page.waitForSelector('.app[data-ready]');
  await page.click('#random-button');
  await page.click('#random-button');
  await page.click('#try-button');
  await page.waitForSelector('#bit-array [data-link-end]');
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  server.close();
}
