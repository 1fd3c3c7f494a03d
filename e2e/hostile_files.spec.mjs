// Hostile Parquet files: footers written byte by byte in Thrift's compact protocol that
// declare what no writer would (2^31 − 1 schema children at the root or on a leaf, a schema
// 10,000 levels deep; on 32-bit WebAssembly the parquet crate traps on the first two and
// overflows its stack on the third), and a Parquet worker made to trap. Each gives a named
// error within 2 s in the page's own words, the previous file's view and the value typed
// stay, and a good file opens after.
import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';
import { Compact } from './parquet_many.mjs';

const shared = new URL('../tests/data/parquet/data_index_bloom_encoding_stats.parquet', import.meta.url).pathname;

/** A FileMetaData with these schema elements ([name, numChildren or null for a leaf]). */
function footer(elements) {
  const out = new Compact();
  out.begin().i32(1, 1).listHeader(2, 12, elements.length);
  elements.forEach(([name, children], at) => {
    out.begin();
    if (children === null) out.i32(1, 6);
    if (at > 0) out.i32(3, 1);
    out.string(4, name);
    if (children !== null) out.i32(5, children);
    out.end();
  });
  out.i64(3, 0).listHeader(4, 12, 0);
  out.end();
  return out.bytes;
}

/** `PAR1`, the footer, its length, `PAR1`. */
function parquetFile(name, footerBytes) {
  const length = Buffer.alloc(4);
  length.writeUInt32LE(footerBytes.length);
  const buffer = Buffer.concat([Buffer.from('PAR1'), Buffer.from(footerBytes), length, Buffer.from('PAR1')]);
  return { name, mimeType: 'application/octet-stream', buffer };
}

const deep = Array.from({ length: 10_000 }, (_, level) => [`g${level}`, level === 9_999 ? null : 1]);
const CRAFTED = [
  ['root', footer([['schema', 2 ** 31 - 1], ['leaf', null]]), 'schema-children'],
  ['leaf', footer([['schema', 1], ['leaf', 2 ** 31 - 1]]), 'schema-children'],
  ['deep', footer(deep), 'schema-too-deep'],
];

/** Opens the shared file and types a value; returns the locators the tests read. */
async function openShared(page) {
  await page.setInputFiles('#parquet-file', shared);
  await expect(page.locator('.parquet-filter')).toHaveCount(1);
  await page.fill('#parquet-query', 'dog');
  await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'may-contain');
}

/** The previous file's view, the value typed and its verdict are still there. */
async function sharedStays(page) {
  await expect(page.locator('.parquet-filter')).toHaveAttribute('data-column', 'String');
  await expect(page.locator('#parquet-query')).toHaveValue('dog');
  await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'may-contain');
}

test('crafted footers are refused by name within 2 s, the last file stays, and a good file opens after', async ({ page }) => {
  const errors = await openApp(page, '?view=files');
  await openShared(page);
  const error = page.locator('#parquet-file-error');
  for (const [name, bytes, reason] of CRAFTED) {
    await page.setInputFiles('#parquet-file', parquetFile(`${name}.parquet`, bytes));
    await expect(error).toHaveAttribute('data-file-reason', reason, { timeout: 2000 });
    await expect(error).toHaveAttribute('data-file-error', 'unreadable');
    await expect(page.locator('#files')).not.toHaveAttribute('aria-busy', 'true');
    await sharedStays(page);
  }
  await expect(error).toContainText('schema');
  // In Chinese and Japanese the reason is the page's own sentence.
  await page.selectOption('#lang', 'zh');
  await expect(error).toContainText('模式');
  await page.selectOption('#lang', 'en');
  await page.setInputFiles('#parquet-file', shared);
  await expect(error).toHaveAttribute('data-file-error', '');
  await expect(error).toHaveText('');
  expect(errors).toEqual([]);
});

test('a Parquet worker that traps is restarted: the page says so, keeps the last file and opens the next', async ({ page }) => {
  // Each Parquet worker the page starts is the real one behind a listener that traps, as a
  // worker whose memory runs out does, when it is sent a file named trap.parquet.
  await page.route((url) => url.pathname.endsWith('/parquet_worker_loader.js') && !url.search, (route) => route.fulfill({
    contentType: 'text/javascript',
    body: [
      "addEventListener('message', (event) => {",
      "  const file = event.data[1];",
      "  if (file && file.name === 'trap.parquet') {",
      "    event.stopImmediatePropagation();",
      "    throw new Error('RuntimeError: unreachable');",
      "  }",
      "});",
      "await import('./parquet_worker_loader.js?real');",
    ].join('\n'),
  }));
  const errors = await openApp(page, '?view=files');
  await openShared(page);
  const error = page.locator('#parquet-file-error');
  await page.setInputFiles('#parquet-file', parquetFile('trap.parquet', footer([['schema', 1], ['leaf', null]])));
  await expect(error).toHaveAttribute('data-file-reason', 'reader-stopped', { timeout: 2000 });
  await expect(error).toHaveAttribute('data-file-error', 'unreadable');
  await expect(error).not.toContainText('RuntimeError');
  await expect(error).toContainText('ran out of memory or stack');
  await sharedStays(page);
  // Another value goes to a new worker, which opens the last file again.
  await page.fill('#parquet-query', 'cat');
  await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'absent');
  await expect(page.locator('.parquet-filter')).toHaveAttribute('data-column', 'String');
  // A trap right after a trap, then a good file.
  await page.setInputFiles('#parquet-file', parquetFile('trap.parquet', [0]));
  await expect(error).toHaveAttribute('data-file-reason', 'reader-stopped', { timeout: 2000 });
  await page.setInputFiles('#parquet-file', shared);
  await expect(error).toHaveAttribute('data-file-error', '');
  await expect(page.locator('.parquet-filter')).toHaveCount(1);
  expect(errors).toEqual([]);
});
