// The page check of scripts/fresh_clone.sh: the build in DIST has integrity attributes that
// match its files, and, served on 127.0.0.1, it mounts in headless Chromium with its cells
// and no error. Playwright is imported from the path given (the checkout's node_modules),
// because the fresh clone has no node_modules.
//
//   node scripts/fresh_clone_page.mjs DIST PLAYWRIGHT_CORE_INDEX_MJS [PORT]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '../e2e/serve.mjs';

const [dist, playwrightCore, port = '0'] = process.argv.slice(2);
if (!dist || !playwrightCore) {
  console.error('usage: node scripts/fresh_clone_page.mjs DIST PLAYWRIGHT_CORE_INDEX_MJS [PORT]');
  process.exit(2);
}
function fail(message) {
  console.error(`!! fresh clone: ${message}`);
  process.exit(1);
}

// Every integrity attribute names a file of the build and its SHA-384.
const page = readFileSync(join(dist, 'index.html'), 'utf8');
const tags = page.match(/<[^>]*\bintegrity=[^>]*>/g) ?? [];
if (tags.length === 0) fail('index.html has no integrity attributes');
for (const tag of tags) {
  const file = tag.match(/\bhref="\.\/([^"]+)"/)?.[1];
  const claimed = tag.match(/\bintegrity="(sha384-[^"]+)"/)?.[1];
  if (!file || !claimed) fail(`cannot read ${tag}`);
  const actual = `sha384-${createHash('sha384').update(readFileSync(join(dist, file))).digest('base64')}`;
  if (actual !== claimed) fail(`the integrity of ${file} does not match the file`);
}

const { chromium } = await import(pathToFileURL(playwrightCore).href);
const server = await serve(dist, { port: Number(port) });
const url = `http://127.0.0.1:${server.address().port}/index.html?m=16&add=cat`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const tab = await browser.newPage();
  const errors = [];
  tab.on('pageerror', (error) => errors.push(String(error)));
  tab.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  await tab.goto(url);
  await tab.waitForSelector('.app[data-ready="true"]', { timeout: 30_000 });
  const cells = await tab.locator('#bit-array [data-bit-index]').count();
  if (cells !== 16) throw new Error(`the page shows ${cells} cells, not 16`);
  if (errors.length > 0) throw new Error(`the page reported errors:\n${errors.join('\n')}`);
  console.log(`fresh clone: ${url} mounts with ${cells} cells; ${tags.length} integrity attributes match`);
} catch (error) {
  console.error(`!! fresh clone: ${error.message}`);
  process.exitCode = 1;
} finally {
  await browser.close();
  server.closeAllConnections();
  server.close();
}
