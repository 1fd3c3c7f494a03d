// Clear at every step (issue 36, items 1 to 3): a lesson's text, its place and its buttons
// stay on screen at every step of every lesson, on desks, projectors and a phone; the cells
// a step names show their index on phones and tablets; the first screen's answer stands
// beside the bit array's first row.
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { openApp, murmurPositions, nextStep } from './helpers.mjs';

const lessonFile = (name) => readFileSync(new URL(`../static/lessons/${name}`, import.meta.url), 'utf8');

/** The element a `show:` target names (src/state/lesson.rs, ShowTarget::ALL). */
const SHOWN = { figures: '#stats', crawl: '#crawl', 'grow-plots': '#grow-plots' };

/** Every lesson in the menu's order: its id and, per step, the element its `show:` names. */
const LESSONS = lessonFile('index.txt').split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((name) => {
    const lines = lessonFile(name).split('\n').map((line) => line.trim());
    const id = lines.find((line) => line.startsWith('id:')).slice(3).trim();
    const shows = [];
    for (const line of lines) {
      if (line === 'step') shows.push(null);
      else if (line.startsWith('show:')) shows[shows.length - 1] = SHOWN[line.slice(5).trim()];
    }
    return { id, shows };
  });

const SIZES = [
  { label: '1366×768', width: 1366, height: 768, present: false },
  { label: '1280×720', width: 1280, height: 720, present: false },
  { label: '1280×720 presenting', width: 1280, height: 720, present: true },
  { label: '1920×1080', width: 1920, height: 1080, present: false },
  { label: '1920×1080 presenting', width: 1920, height: 1080, present: true },
  { label: '390×844', width: 390, height: 844, present: false },
];

/** The box of the first element a selector finds, in the window's coordinates. */
async function box(page, selector) {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  });
}

/** Fails unless the element lies wholly inside the window (half a pixel of rounding). */
async function expectOnScreen(page, selector, where) {
  const b = await box(page, selector);
  const { width, height } = page.viewportSize();
  expect(b.height, `${selector} is drawn (${where})`).toBeGreaterThan(0);
  expect(b.top, `${selector} top (${where})`).toBeGreaterThanOrEqual(-0.5);
  expect(b.left, `${selector} left (${where})`).toBeGreaterThanOrEqual(-0.5);
  expect(b.bottom, `${selector} bottom (${where})`).toBeLessThanOrEqual(height + 0.5);
  expect(b.right, `${selector} right (${where})`).toBeLessThanOrEqual(width + 0.5);
}

/** After each press: the step's text, its place and both buttons on screen; the part the
 * step shows as well, under the docked lesson, wherever the two fit one screen. */
async function expectStepInView(page, shown, where) {
  // The page brings a step's part into view a few frames after the step changes (once the
  // bit array has been drawn), so the checks wait for it to settle.
  await expect(async () => {
    for (const selector of ['#lesson-text', '.lesson-count', '#lesson-prev', '#lesson-next']) {
      await expectOnScreen(page, selector, where);
    }
  }).toPass({ timeout: 10_000 });
  if (!shown) return;
  const { height } = page.viewportSize();
  await expect(async () => {
    // Most of what fits the room under the lesson is in it (a view's drawings may still
    // grow a little once shown, and the page may still be scrolling to it).
    const lesson = await box(page, '#lesson');
    const target = await box(page, shown);
    const seen = Math.min(target.bottom, height) - Math.max(target.top, lesson.bottom);
    expect(seen, `${shown} in the room under the lesson (${where})`)
      .toBeGreaterThanOrEqual(0.9 * Math.min(target.height, height - lesson.bottom));
  }).toPass({ timeout: 10_000 });
}

/** Steps the lesson on by one step with a key (a walk in progress takes a press per hash),
 * checking the screen after every press. */
async function pressOn(page, key, shows, where) {
  const lesson = page.locator('#lesson');
  const before = Number(await lesson.getAttribute('data-step'));
  for (let press = 0; press < 20; press++) {
    await page.keyboard.press(key);
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const now = Number(await lesson.getAttribute('data-step'));
    await expectStepInView(page, now === before ? null : shows[now - 1], `${where}, step ${now} after ${key} ${press + 1}`);
    if (now !== before) return;
  }
  throw new Error(`${key} did not move the lesson on (${where})`);
}

for (const size of SIZES) {
  for (const { id, shows } of LESSONS) {
    test(`at ${size.label} every step of lesson ${id} keeps its text and buttons on screen, by Next and by Page Down`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      const present = size.present ? '&present=1' : '';
      await openApp(page, `?lesson=${id}${present}`);
      const lesson = page.locator('#lesson');
      await expect(lesson).toHaveAttribute('data-step', '1');
      await expectStepInView(page, shows[0], `${id} step 1`);
      // By the Next button, then back to the start, then by the clicker's Page Down.
      while (Number(await lesson.getAttribute('data-step')) < shows.length) {
        await nextStep(page);
        const step = Number(await lesson.getAttribute('data-step'));
        await expectStepInView(page, shows[step - 1], `${id} step ${step} by Next`);
      }
      await expect(page.locator('#lesson-next')).toBeDisabled();
      await openApp(page, `?lesson=${id}${present}`);
      await expect(lesson).toHaveAttribute('data-step', '1');
      await page.locator('#lesson-next').focus();
      while (Number(await lesson.getAttribute('data-step')) < shows.length) {
        await pressOn(page, 'PageDown', shows, id);
      }
    });
  }
}

for (const [width, height] of [[390, 844], [768, 1024]]) {
  test(`at ${width}×${height} lesson 1's steps 3 to 7 show the index of every cell they name, and rulers give the rest`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    // Steps 3 to 7 name the positions of cow, emu, hawk, cow and ram (m = 16, k = 3).
    for (const [step, item] of [[3, 'cow'], [4, 'emu'], [5, 'hawk'], [6, 'cow'], [7, 'ram']]) {
      await openApp(page, `?lesson=basics&step=${step}`);
      const named = [...new Set(murmurPositions(item, 16, 3))];
      for (const position of named) {
        const cell = page.locator(`#bit-array [data-bit-index="${position}"]`);
        await expect(cell, `step ${step}: cell ${position}`).toHaveAttribute('data-index-shown', 'true');
        await expect(cell.locator('.cell-index')).toHaveText(String(position));
        await expect(cell.locator('.cell-index')).toBeVisible();
      }
      await expect(page.locator('#lesson-text')).toContainText(named.join(', ').split(', ')[0]);
      // Each row's first index stands at its left, each column's offset above the rows.
      const rows = await page.locator('#bit-array .grid-row').evaluateAll((all) => all.map((row) => [
        row.getAttribute('data-row-start'),
        row.querySelector('.cell').getAttribute('data-bit-index'),
      ]));
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const [ruler, first] of rows) expect(ruler).toBe(first);
      const columns = Number(await page.locator('#bit-array .bit-grid').getAttribute('data-columns'));
      const offsets = await page.locator('#bit-array .column-ruler span').allTextContents();
      expect(offsets).toEqual(Array.from({ length: columns }, (_, c) => `+${c}`));
      // A cell the step does not name carries no index of its own.
      const unnamed = [...Array(16).keys()].find((i) => !named.includes(i));
      await expect(page.locator(`#bit-array [data-bit-index="${unnamed}"]`)).not.toHaveAttribute('data-index-shown', 'true');
    }
  });
}

test('the bit array\'s caption says how to read an index at the width it is drawn', async ({ page }) => {
  // 768 px: cells too small to number each; the caption speaks of the rulers.
  await page.setViewportSize({ width: 768, height: 1024 });
  await openApp(page, '?m=16&k=3&add=cow');
  await expect(page.locator('#bit-array .bit-grid.ruled')).toHaveCount(1);
  await expect(page.locator('.bit-hint .if-ruled')).toBeVisible();
  await expect(page.locator('.bit-hint .if-numbered')).toBeHidden();
  // 1366 px: every cell numbered; the caption speaks of the number at a cell's top.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.locator('#bit-array .bit-grid.labels-full')).toHaveCount(1);
  await expect(page.locator('#bit-array [data-bit-index]:not([data-index-shown])')).toHaveCount(0);
  await expect(page.locator('.bit-hint .if-numbered')).toBeVisible();
  await expect(page.locator('.bit-hint .if-ruled')).toBeHidden();
  await expect(page.locator('#bit-array [data-row-start]')).toHaveCount(0);
  // m = 256 at 1366 px: rulers again, and a typed word's cells show their index.
  await openApp(page, '?m=256&k=3&add=cow');
  await expect(page.locator('.bit-hint .if-ruled')).toBeVisible();
  await page.fill('#item-field', 'cow');
  for (const position of new Set(murmurPositions('cow', 256, 3))) {
    await expect(page.locator(`#bit-array [data-bit-index="${position}"] .cell-index`)).toHaveText(String(position));
  }
});

for (const [width, height] of [[1366, 768], [1280, 720], [390, 844]]) {
  test(`at ${width}×${height} the first screen shows the answer beside the array's first row after Add, Query and Try a word`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openApp(page);
    const firstRowAndAnswer = async (after) => {
      await expect(page.locator('#answer')).toBeVisible();
      await expectOnScreen(page, '#answer', after);
      await expectOnScreen(page, '#bit-array .grid-row', after);
    };
    await page.fill('#item-field', 'cat');
    await page.click('#add-button');
    await page.fill('#item-field', 'owl');
    await page.click('#query-button');
    await firstRowAndAnswer('Query');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.click('#try-button');
      await firstRowAndAnswer(`Try a word ${attempt}`);
    }
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
}
