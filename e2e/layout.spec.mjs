// The bit array at the centre: measured geometry at the five screens a class uses, labels
// that never cover a digit at any width, one colour per hash with readable contrast, and
// motion that reduced-motion users never see.
import { test, expect } from '@playwright/test';
import { openApp, murmurPositions } from './helpers.mjs';

const QUERY = '?m=32&k=3&add=cat&add=dog&add=fox&query=cow';

/** Pairs of a cell's labels whose boxes intersect, and labels outside their cell, in every
 * grid under `scope` (the main array, the comparison and the sets grids alike). */
async function labelOverlaps(page, scope = 'body') {
  return page.locator(scope).evaluate((root) => {
    const problems = [];
    const cut = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
    for (const cell of root.querySelectorAll('.bit-grid .cell')) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue;
      const parts = ['.cell-index', '.cell-bit, .cell-count', '.cell-hashes']
        .map((s) => cell.querySelector(s))
        .filter(Boolean)
        .map((el) => [el.className, el.getBoundingClientRect()]);
      for (let i = 0; i < parts.length; i++) {
        const [name, r] = parts[i];
        if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) problems.push(`${cell.dataset.bitIndex} ${name} leaves its cell`);
        for (let j = i + 1; j < parts.length; j++) {
          if (cut(r, parts[j][1])) problems.push(`${cell.dataset.bitIndex}: ${name} covers ${parts[j][0]}`);
        }
      }
    }
    return problems;
  });
}

/** The bounding box of the first element matching `selector`. */
const box = (page, selector) => page.locator(selector).first().boundingBox();

test('1366×768: the item field and the bit array come first, the verdict is on screen, cells fill the width', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openApp(page, QUERY);
  const field = await box(page, '#item-field');
  const firstCell = await box(page, '#bit-array [data-bit-index="0"]');
  const lastCell = await box(page, '#bit-array [data-bit-index="31"]');
  const verdict = await box(page, '[data-query-result]');
  expect(field.y).toBeLessThan(firstCell.y);
  expect(lastCell.y + lastCell.height, 'both rows of cells are on screen').toBeLessThanOrEqual(768);
  expect(verdict.y, 'the verdict starts on screen').toBeLessThan(768 - 40);
  expect(firstCell.width).toBeGreaterThanOrEqual(60);
  expect(firstCell.width).toBeLessThanOrEqual(96.5);
  // 16 cells and their gaps span the array's width.
  const grid = await box(page, '#bit-array .bit-grid');
  const row = (await box(page, '#bit-array [data-bit-index="15"]')).x + firstCell.width - firstCell.x;
  expect(row / grid.width).toBeGreaterThan(0.95);
  // The header is one line: the title, the lesson menu, the language and the tools.
  const title = await box(page, 'h1');
  for (const selector of ['#lesson-select', '#lang', '#help-button']) {
    const b = await box(page, selector);
    expect(Math.abs(b.y + b.height / 2 - (title.y + title.height / 2)), selector).toBeLessThan(16);
  }
  expect(await labelOverlaps(page)).toEqual([]);
});

test('1024×768: one-line header, the array and the verdict on screen, no label over a digit', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openApp(page, '?m=64&k=4&add=apple&add=pear&query=plum');
  const title = await box(page, 'h1');
  const help = await box(page, '#help-button');
  expect(Math.abs(help.y - title.y)).toBeLessThan(16);
  const firstCell = await box(page, '#bit-array [data-bit-index="0"]');
  expect(firstCell.y + firstCell.height).toBeLessThanOrEqual(768);
  expect(firstCell.width).toBeGreaterThanOrEqual(40);
  expect(await labelOverlaps(page)).toEqual([]);
  // The deletion comparison's two grids, once opened, obey the same rule.
  await page.locator('#deleting summary').click();
  await expect(page.locator('[data-compare="plain"] .bit-grid')).toBeVisible();
  expect(await labelOverlaps(page, '.deletion')).toEqual([]);
});

test('1920×1080 presentation: a 16-bit array spans three quarters of the width in cells of 80 px and more', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openApp(page, '?m=16&k=3&add=a&add=b&add=c&query=d&present=1');
  // The cells take their size from the grid's measured width, one frame after the first
  // render: wait for it rather than read the first render's cells.
  await expect.poll(async () => (await box(page, '#bit-array [data-bit-index="0"]')).width)
    .toBeGreaterThanOrEqual(80);
  const first = await box(page, '#bit-array [data-bit-index="0"]');
  const last = await box(page, '#bit-array [data-bit-index="15"]');
  expect(first.width).toBeGreaterThanOrEqual(80);
  expect(Math.abs(first.y - last.y), 'one row').toBeLessThan(1);
  expect((last.x + last.width - first.x) / 1920).toBeGreaterThanOrEqual(0.75);
  // Hash numbers and the index grow with the cell, and cover nothing.
  const chip = await box(page, '#bit-array .cell-hashes .chip');
  expect(chip.height).toBeGreaterThanOrEqual(14);
  expect(await labelOverlaps(page)).toEqual([]);
  const verdict = await box(page, '[data-query-result]');
  expect(verdict.y + 40).toBeLessThan(1080);
  await page.screenshot({ path: 'artifacts/layout-present-1920.png' });
});

test('390×844 phone: item field, bit array, verdict; after a query the first row and the verdict are on screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page, '?m=32&k=3&add=cat&add=dog&add=fox');
  await page.locator('#item-field').fill('cow');
  await page.locator('#query-button').click();
  await expect(page.locator('[data-query-result]')).toBeVisible();
  const field = await box(page, '#item-field');
  const cell = await box(page, '#bit-array [data-bit-index="0"]');
  const verdict = await box(page, '[data-query-result] .verdict');
  const settings = await box(page, '#field-m');
  expect(field.y).toBeLessThan(cell.y);
  expect(cell.y).toBeLessThan(verdict.y);
  expect(verdict.y).toBeLessThan(settings.y);
  expect(cell.y + cell.height, 'the first row of cells').toBeLessThanOrEqual(844);
  expect(verdict.y + verdict.height, 'the verdict').toBeLessThanOrEqual(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await labelOverlaps(page)).toEqual([]);
  await page.screenshot({ path: 'artifacts/layout-phone-390.png' });
});

for (const lang of ['en', 'zh', 'ja']) {
  test(`390×844 phone in ${lang}: no view makes the page wider than the window (wide tables scroll in their own box)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const views = ['visualizer&m=64&add=cat', 'lab', 'calculator', 'sets', 'hashes', 'grow', 'cms', 'apps',
      'files&files_example=1&files_query=dog', 'filters'];
    for (const view of views) {
      await openApp(page, `?lang=${lang}&view=${view}`);
      // The views loaded on use are drawn once their module has come.
      if (view.startsWith('files')) await expect(page.locator('.parquet-filter')).toHaveCount(1);
      if (view === 'filters') await expect(page.locator('#filter-space')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${view} in ${lang}`).toBeLessThanOrEqual(390);
    }
  });
}

test('a 600-px embed: the array, labels and verdict fit the frame', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await openApp(page, '?m=16&k=3&add=a&add=b&add=c&query=d&embed=1&lock=m,k,hash');
  const cell = await box(page, '#bit-array [data-bit-index="0"]');
  expect(cell.width).toBeGreaterThanOrEqual(40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(600);
  expect(await labelOverlaps(page)).toEqual([]);
  await page.screenshot({ path: 'artifacts/layout-embed-600.png' });
});

test('no label covers a digit at any width from 320 px, in the main, comparison and sets grids', async ({ page }) => {
  await openApp(page, '?m=1024&k=7&add=a&add=b&add=c&query=d');
  await page.locator('#deleting summary').click();
  for (const width of [320, 375, 480, 600, 768, 900, 1024, 1280, 1600, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    expect(await labelOverlaps(page), `m = 1024 at ${width} px`).toEqual([]);
  }
  await openApp(page, '?m=32&k=5&view=sets&seta=a&seta=b&setb=b&setb=c');
  for (const width of [320, 600, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    expect(await labelOverlaps(page), `sets at ${width} px`).toEqual([]);
  }
  for (const m of [1, 5, 16, 32, 64, 100]) {
    await openApp(page, `?m=${m}&k=4&add=x&query=y`);
    for (const width of [320, 700, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(100);
      expect(await labelOverlaps(page), `m = ${m} at ${width} px`).toEqual([]);
    }
  }
});

test('hash i has one colour everywhere it appears, with its number', async ({ page }) => {
  await openApp(page, '?m=64&k=8&add=apple&query=pear');
  const colourOf = (selector) => page.locator(selector).first().evaluate((el) => getComputedStyle(el).getPropertyValue('--hash').trim());
  for (let i = 0; i < 8; i++) {
    const strip = await colourOf(`.hash-strip [data-strip-hash="${i}"] .chip`);
    expect(strip, `hash ${i}`).not.toBe('');
    expect(await colourOf(`.hash-table tr[data-hash-index="${i}"]`)).toBe(strip);
    expect(await page.locator(`.hash-strip [data-strip-hash="${i}"] .chip`).innerText()).toBe(String(i));
    const position = await page.locator(`.hash-table tr[data-hash-index="${i}"]`).getAttribute('data-position');
    // The cell's ring takes the colour of the first hash that landed on it.
    const first = await page.locator(`.hash-table tr[data-position="${position}"]`).first().getAttribute('data-hash-index');
    expect(await colourOf(`#bit-array [data-bit-index="${position}"]`)).toBe(await colourOf(`.hash-table tr[data-hash-index="${first}"]`));
  }
  const colours = new Set();
  for (let i = 0; i < 8; i++) colours.add(await colourOf(`.hash-strip [data-strip-hash="${i}"] .chip`));
  expect(colours.size, 'eight hashes, eight colours').toBe(8);
  // A line in hash i's colour runs from the strip to each cell.
  await expect(page.locator('svg.links path.link')).toHaveCount(8);
  const link = page.locator('svg.links path.link[data-link-hash="3"]');
  expect(await link.getAttribute('data-link-position')).toBe(await page.locator('.hash-table tr[data-hash-index="3"]').getAttribute('data-position'));
  // The words: "hash i" for the functions; h1 and h2 are only the two halves.
  await expect(page.locator('.hash-table th').first()).toHaveText('hash i');
  await expect(page.locator('.bit-hint')).toContainText('bit index');
});

test('a query\'s deciding 0 bit is marked, in the grid and the strip', async ({ page }) => {
  await openApp(page, '?m=16&k=3&add=a&add=b&add=c&query=d');
  const zeros = murmurPositions('d', 16, 3);
  const decider = page.locator('#bit-array [data-decider="true"]');
  await expect(decider).toHaveCount(1);
  const first = Number(await decider.getAttribute('data-bit-index'));
  expect(first).toBe(zeros[0]);
  await expect(page.locator('.hash-strip .strip-hash.decider')).toHaveAttribute('data-strip-hash', '0');
});

/** WCAG contrast of two CSS colours ("rgb(…)"/"rgba(…)"). */
function contrast(fg, bg) {
  const parse = (c) => c.match(/[\d.]+/g).map(Number);
  const lum = ([r, g, b]) => {
    const ch = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  const [l1, l2] = [lum(parse(fg)), lum(parse(bg))].sort((a, b) => b - a);
  return (l1 + 0.05) / (l2 + 0.05);
}

test('text on cells and hash colours meets WCAG AA contrast', async ({ page }) => {
  for (const query of ['?m=16&k=8&add=apple&add=b&query=pear', '?m=16&k=3&mode=counting&width=2&add=a&add=b&add=c&add=d&add=e&add=f&add=g&add=h']) {
    await openApp(page, query);
    const pairs = await page.evaluate(() => {
      const background = (el) => {
        for (let e = el; e; e = e.parentElement) {
          const bg = getComputedStyle(e).backgroundColor;
          if (!/rgba\(.*, 0\)$/.test(bg) && bg !== 'transparent') return bg;
        }
        return 'rgb(255, 255, 255)';
      };
      const out = [];
      for (const el of document.querySelectorAll('#bit-array .cell-bit, #bit-array .cell-count, #bit-array .cell-index, #bit-array .chip, .hash-strip .chip, .hash-table .chip')) {
        const style = getComputedStyle(el);
        if (el.getBoundingClientRect().width === 0) continue;
        out.push({ what: el.className + ' in ' + el.closest('[class]').className, fg: style.color, bg: background(el), size: parseFloat(style.fontSize), bold: Number(style.fontWeight) >= 700, opacity: Number(style.opacity) });
      }
      return out;
    });
    expect(pairs.length).toBeGreaterThan(10);
    for (const p of pairs) {
      const large = p.size >= 24 || (p.bold && p.size >= 18.66);
      expect(contrast(p.fg, p.bg) * Math.min(1, p.opacity + 0.1), `${p.what}: ${p.fg} on ${p.bg}`).toBeGreaterThanOrEqual(large ? 3 : 4.5);
    }
  }
});

test('with reduced motion the links and bits appear in their final state at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openApp(page, '?m=32&k=3&add=cat');
  await page.locator('#item-field').fill('cow');
  await expect(page.locator('svg.links path.link')).toHaveCount(3);
  const styles = await page.locator('svg.links path.link').evaluateAll((paths) => paths.map((p) => {
    const s = getComputedStyle(p);
    return [s.animationName, s.strokeDashoffset];
  }));
  for (const [animation, offset] of styles) {
    expect(animation).toBe('none');
    expect(parseFloat(offset)).toBe(0);
  }
  const cell = await page.locator('#bit-array .cell').first().evaluate((c) => getComputedStyle(c).transitionDuration);
  expect(cell.split(',').every((d) => parseFloat(d) === 0)).toBe(true);
  // Without the preference the links are drawn over time.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.locator('#item-field').fill('cows');
  await expect(page.locator('svg.links path.link').first()).toHaveCSS('animation-name', 'draw-link');
});

test('the bit array and both plots download as SVG pictures', async ({ page }) => {
  await openApp(page, '?m=16&k=3&add=a&add=b&add=c&query=d');
  await page.locator('#more summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-bits').click()]);
  expect(download.suggestedFilename()).toBe('bit-array.svg');
  const svg = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg.match(/rx="3" fill="#(1d4e89|ecece4)"/g)).toHaveLength(16);
  expect(svg).toContain('“d”');
  expect(svg.match(/<path/g)).toHaveLength(3);
  await page.locator('#tab-lab').click();
  for (const [id, name, drawn] of [['fpr-plot', 'false-positive-rate.svg', 'class="curve exact"'], ['k-plot', 'rate-against-k.svg', 'class="kbar']]) {
    const [plot] = await Promise.all([page.waitForEvent('download'), page.locator(`#download-${id}`).click()]);
    expect(plot.suggestedFilename()).toBe(name);
    const text = await (await plot.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString());
    expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('<style>');
    expect(text).toContain(drawn);
  }
});

test('the one-line introduction can be hidden for good; lessons and embeds go without it', async ({ page }) => {
  await openApp(page, '?m=16');
  await expect(page.locator('#intro')).toBeVisible();
  await page.locator('#intro-dismiss').click();
  await expect(page.locator('#intro')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible();
  await expect(page.locator('#intro')).toHaveCount(0);
  await page.evaluate(() => localStorage.clear());
  await openApp(page, '?m=16&embed=1');
  await expect(page.locator('#intro')).toHaveCount(0);
  await openApp(page, '?lesson=basics');
  await expect(page.locator('#lesson')).toBeVisible();
  await expect(page.locator('#intro')).toHaveCount(0);
});
