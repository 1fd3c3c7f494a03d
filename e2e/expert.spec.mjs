import { test, expect } from '@playwright/test';
import { openApp } from './helpers.mjs';

// The expert views at 1366×768: each opens with what it shows and what to try first, defines
// its symbols where it shows them, writes numbers for people, and draws cells of 12 px or more.

const LAPTOP = { width: 1366, height: 768 };
test.use({ viewport: LAPTOP });

const VIEWS = ['hashes', 'grow', 'cms', 'apps', 'files'];

/** The sentences of a text: each ends with a full stop followed by a space or the end. */
const sentences = (text) => text.trim().split(/(?<=\.)\s+/).filter((s) => s !== '');

for (const lang of ['en', 'zh', 'ja']) {
  test(`every expert view opens with two sentences, in view (${lang})`, async ({ page }) => {
    for (const view of VIEWS) {
      const errors = await openApp(page, `?view=${view}&lang=${lang}`);
      const lead = page.locator(`#${view}-lead`);
      await expect(lead).toBeInViewport({ ratio: 1 });
      // The first paragraph after the view's heading.
      expect(await lead.evaluate((p) => p.previousElementSibling?.tagName)).toBe('H2');
      if (lang === 'en') expect(sentences(await lead.innerText()), view).toHaveLength(2);
      expect(errors).toEqual([]);
    }
  });
}

test('the hash-quality table explains χ², dof and p above it, and writes p for people', async ({ page }) => {
  await openApp(page, '?view=hashes');
  await expect(page.locator('.hash-reports:not([aria-busy])')).toBeVisible({ timeout: 30_000 });
  const legend = page.locator('#hashes-legend');
  // Defined before the table that first shows them.
  expect(await legend.evaluate((p) => p.nextElementSibling?.classList.contains('hash-reports'))).toBe(true);
  for (const words of ['χ² = Σ (O − E)²/E', 'dof = 101 − 1 = 100', 'degrees of freedom', 'p: the chance', 'two-sided', 'p > 0.999 (too even']) {
    await expect(legend).toContainText(words);
  }
  // h·31 + c is too even: p a hair below 1, written as such, with the two-sided test's ✗.
  const times31 = page.locator('tr[data-hash="times31"] td').nth(3);
  await expect(times31).toHaveText('> 0.99999 ✗');
  // The sum of codes clusters: p far below 10^-300, written for people.
  const sum = page.locator('tr[data-hash="sum"]');
  expect(Number(await sum.getAttribute('data-p-value'))).toBeLessThan(1e-5);
  await expect(sum.locator('td').nth(3)).toHaveText('< 0.00001 ✗');
  // No exponent anywhere in the table's text.
  expect(await page.locator('.hash-reports').innerText()).not.toMatch(/\de-?\d/);
  // The nineteen sentences are folded away, one click from view.
  const words = page.locator('details.hash-words');
  await expect(words.locator('.hash-verdicts li').first()).toBeHidden();
  await words.locator('summary').click();
  await expect(words.locator('.hash-verdicts li')).toHaveCount(19);
  await expect(words.locator('.hash-verdicts li').first()).toBeVisible();
});

test('count-min counters are at least 12 px, their numbers too', async ({ page }) => {
  await openApp(page, '?view=cms&cms_add=a&cms_add=b&cms_add=a&cms_query=a');
  const cells = page.locator('.cms-cell');
  await expect(cells).toHaveCount(4 * 32);
  const sizes = await cells.evaluateAll((all) => all.map((c) => {
    const box = c.getBoundingClientRect();
    return { width: box.width, height: box.height, font: parseFloat(getComputedStyle(c).fontSize) };
  }));
  for (const { width, height, font } of sizes) {
    expect(width).toBeGreaterThanOrEqual(12);
    expect(height).toBeGreaterThanOrEqual(12);
    expect(font).toBeGreaterThanOrEqual(12);
  }
});

test('the Parquet view offers values to try and enlarges a block to 12 px a bit', async ({ page }) => {
  const errors = await openApp(page, '?view=files');
  await expect(page.locator('#files-lead')).toContainText('“dog”');
  await page.click('#parquet-example');
  await page.click('button[data-try="dog"]');
  await expect(page.locator('#parquet-query')).toHaveValue('dog');
  await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'may-contain');
  const block = await page.locator('.parquet-verdict').getAttribute('data-block');
  const zoom = page.locator('img.parquet-zoom');
  await expect(zoom).toHaveAttribute('data-block', block);
  const box = await zoom.boundingBox();
  expect(box.width / 32).toBeGreaterThanOrEqual(12);
  expect(box.height / 8).toBeGreaterThanOrEqual(12);
  expect(await zoom.evaluate((img) => img.complete && img.naturalWidth)).toBe(128);
  await page.click('button[data-try="cat"]');
  await expect(page.locator('#parquet-query')).toHaveValue('cat');
  await expect(page.locator('.parquet-verdict')).toHaveAttribute('data-verdict', 'absent');
  // No exponent beside a percent sign (the table's rate of 3.979e-13 reads "< 0.001 %").
  const shown = await page.locator('#files').innerText();
  expect(shown).not.toMatch(/\de-?\d+\s*%/);
  await expect(page.locator('.parquet-filter td').nth(7)).toHaveText('< 0.001 %');
  expect(errors).toEqual([]);
});

test('"Check a sender" offers example senders', async ({ page }) => {
  await openApp(page, '?view=apps');
  await page.click('button[data-try="spam0007@bad.example"]');
  await expect(page.locator('#spam-check')).toHaveValue('spam0007@bad.example');
  await expect(page.locator('.apps-verdict')).toHaveAttribute('data-spam-verdict', 'blacklisted');
  await page.click('button[data-try="user0000@mail.example"]');
  await expect(page.locator('#spam-check')).toHaveValue('user0000@mail.example');
  await expect(page.locator('.apps-verdict')).not.toHaveAttribute('data-spam-verdict', 'blacklisted');
});

test('the growing default run says why it misses p, under the legend that shows the miss', async ({ page }) => {
  await openApp(page, '?view=grow');
  await expect(page.locator('.grow')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const rate = Number(await page.locator('.grow-legend li[data-design="scalable"]').getAttribute('data-rate'));
  const note = page.locator('#grow-over-p');
  await expect(note).toHaveCount(rate > 0.01 ? 1 : 0);
  expect(rate).toBeGreaterThan(0.01);
  await expect(note).toContainText('(c) misses its target');
  expect(await note.evaluate((p) => p.previousElementSibling?.classList.contains('grow-legend'))).toBe(true);
  // r = 0.9 meets p, and nothing is said.
  await page.fill('#grow-r', '0.9');
  await expect(page.locator('.grow')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const after = Number(await page.locator('.grow-legend li[data-design="scalable"]').getAttribute('data-rate'));
  await expect(note).toHaveCount(after > 0.01 ? 1 : 0);
});
