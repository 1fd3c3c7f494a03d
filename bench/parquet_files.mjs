// Large Parquet files in the files view (issue 41): files of 1,000, 10,000 and 50,000 row
// groups × 2 columns and of 2,000 and 20,000 columns × 5 row groups, each chunk with a Bloom
// filter (e2e/parquet_many.mjs), chosen in the file field of the built page. Reports the
// time from the file being chosen to its filters listed (the table's page and the count on
// screen), the median time of a value typed to its verdicts on screen (every filter checked
// in the worker), the longest main-thread task from the choice on, and the time to the footer alone (the same
// file of 10,000 row groups without filters: read and decoded, then "no Bloom filter").
// Median of 3 runs each. Then a file of 100 filters of 1 MiB each (100 MiB of bits: the
// first 64 MiB read at opening, the others when shown; the worker reads a value's block in
// each again for each value): the same times, and how much the
// renderer's resident memory (the page and its workers) grew from before the file was
// chosen to its largest while it was listed and searched. Last, a file shaped like a data
// lake's: 500 row groups × 2 columns of 1 MiB filters (1 GB, written sparse), of which an
// opening reads the first 64 MiB and the headers of the rest.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { launch, rendererMb } from './chromium.mjs';
import { manyFilters, writeManyFilters } from '../e2e/parquet_many.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4173/index.html';
const FILES = [
  { label: '1,000 row groups', rowGroups: 1000, columns: 2 },
  { label: '10,000 row groups', rowGroups: 10000, columns: 2 },
  { label: '50,000 row groups', rowGroups: 50000, columns: 2 },
  { label: '2,000 columns', rowGroups: 5, columns: 2000 },
  { label: '20,000 columns', rowGroups: 5, columns: 20000 },
];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const browser = await launch();

/** Opens `file` (its bytes, or a path) in a fresh page, calling `beforeChoice` just before
 * it is chosen; resolves once `ready` (an expression of `document`) holds; the
 * milliseconds from the file's choice (the change event) to then, and the page. */
async function open(file, ready, beforeChoice = async () => {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}?view=files`);
  await page.waitForSelector('.app[data-ready]');
  // The worker is started and loaded first, as a second file would find it.
  await page.setInputFiles('#parquet-file', 'tests/data/parquet/data_index_bloom_encoding_stats.parquet');
  await page.waitForSelector('.parquet-filter');
  await page.evaluate(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
    const field = document.querySelector('#parquet-file');
    field.addEventListener('change', () => { window.__chosen = performance.now(); }, { capture: true, once: true });
  });
  await beforeChoice();
  const chosen = typeof file === 'string' ? file
    : { name: 'large.parquet', mimeType: 'application/octet-stream', buffer: file };
  await page.setInputFiles('#parquet-file', chosen);
  const ms = await page.evaluate(async (ready) => {
    const holds = new Function('document', `return ${ready}`);
    while (!holds(document)) await new Promise((done) => requestAnimationFrame(done));
    return performance.now() - window.__chosen;
  }, ready);
  return { ms, page, context };
}

/** The median time of five values typed in `page`'s field to their verdicts on screen. */
async function queryTimes(page) {
  const queries = [];
  for (const value of ['alpha', 'beta', 'gamma', 'delta', 'epsilon']) {
    queries.push(await page.evaluate(async (value) => {
      const hash = () => document.querySelector('[data-value-hash]')?.dataset.valueHash;
      const before = hash();
      const field = document.querySelector('#parquet-query');
      const start = performance.now();
      field.value = value;
      field.dispatchEvent(new InputEvent('input', { bubbles: true }));
      while (hash() === before) await new Promise((done) => requestAnimationFrame(done));
      return performance.now() - start;
    }, value));
  }
  return median(queries);
}

const results = [];
for (const file of FILES) {
  const buffer = manyFilters(file.rowGroups, file.columns);
  const count = file.rowGroups * file.columns;
  const listed = [], queries = [], longest = [];
  for (let run = 0; run < 3; run++) {
    const { ms, page, context } = await open(buffer,
      `document.querySelector('.parquet-pages')?.dataset.count === '${count}' && !!document.querySelector('.parquet-filter')`);
    listed.push(ms);
    queries.push(await queryTimes(page));
    // Tasks from the file's choice on: the harness hands the file's bytes to the page in a
    // task of its own before the change event (Playwright's work, not the page's).
    longest.push(await page.evaluate(() => Math.max(0, ...window.__tasks
      .filter(([start]) => start > window.__chosen).map(([, duration]) => duration))));
    await context.close();
  }
  results.push({ label: file.label, filters: count, bytes: buffer.length, listed_ms: median(listed),
    query_ms: median(queries), longest_task_ms: Math.max(...longest) });
}
const footerOnly = [];
for (let run = 0; run < 3; run++) {
  const { ms, context } = await open(manyFilters(10000, 2, false),
    `document.querySelector('#parquet-file-error')?.dataset.fileError === 'no-bloom-filter'`);
  footerOnly.push(ms);
  await context.close();
}
const widePath = join(mkdtempSync(join(tmpdir(), 'bloomlab-bench-')), 'wide.parquet');
writeFileSync(widePath, manyFilters(50, 2, true, 1 << 20));
const wide = { listed: [], queries: [], grew: [] };
for (let run = 0; run < 3; run++) {
  let before = 0;
  let peak = 0;
  let sampling = true;
  let sampler;
  const { ms, page, context } = await open(widePath,
    `document.querySelector('.parquet-pages')?.dataset.count === '100' && !!document.querySelector('.parquet-filter')`,
    async () => {
      before = await rendererMb(browser);
      sampler = (async () => {
        while (sampling) {
          peak = Math.max(peak, await rendererMb(browser));
          await new Promise((done) => setTimeout(done, 50));
        }
      })();
    });
  wide.listed.push(ms);
  wide.queries.push(await queryTimes(page));
  sampling = false;
  await sampler;
  wide.grew.push(peak - before);
  await context.close();
}
const lakePath = join(mkdtempSync(join(tmpdir(), 'bloomlab-bench-')), 'lake.parquet');
const lakeBytes = writeManyFilters(lakePath, 500, 2, 1 << 20);
const lake = { listed: [], queries: [] };
for (let run = 0; run < 3; run++) {
  const { ms, page, context } = await open(lakePath,
    `document.querySelector('.parquet-pages')?.dataset.count === '1000' && !!document.querySelector('.parquet-filter')`);
  lake.listed.push(ms);
  lake.queries.push(await queryTimes(page));
  await context.close();
}
await browser.close();
rmSync(dirname(widePath), { recursive: true, force: true });
rmSync(dirname(lakePath), { recursive: true, force: true });
console.log(JSON.stringify({
  files: results,
  footer_only_10000_ms: median(footerOnly),
  wide: { filters: 100, bitset_bytes: 1 << 20, listed_ms: median(wide.listed), query_ms: median(wide.queries),
    renderer_grew_mb: median(wide.grew) },
  lake: { filters: 1000, bytes: lakeBytes, listed_ms: median(lake.listed), query_ms: median(lake.queries) },
}));
