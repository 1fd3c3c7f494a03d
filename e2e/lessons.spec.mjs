import { test, expect } from '@playwright/test';
import { openApp, setBits, murmurPositions, sortedUnique, nextStep } from './helpers.mjs';

const LESSONS = ['basics', 'false-positives', 'sizing', 'deleting', 'crawler', 'beyond'];

/** Clicks "Next step" until the lesson ends, calling `atStep(step)` on each; returns the
 * query verdict seen at each step. */
async function runToEnd(page, atStep = async () => {}) {
  const lesson = page.locator('#lesson');
  const steps = Number(await lesson.getAttribute('data-steps'));
  const verdicts = [];
  for (let step = 1; step <= steps; step++) {
    await expect(lesson).toHaveAttribute('data-step', String(step));
    // The step's query (the answer shown live for the step's word aside).
    const result = page.locator('[data-query-result]:not([data-live] > *)');
    verdicts.push((await result.count()) ? await result.getAttribute('data-query-result') : null);
    await atStep(step);
    if (step < steps) await nextStep(page);
  }
  await expect(page.locator('#lesson-next')).toBeDisabled();
  await expect(page.locator('.lesson-end')).toBeVisible();
  return verdicts;
}

/** What the last lesson's text claims, checked on the page at each step. */
async function beyondStep(page, step) {
  if (step === 5) {
    // A wide sketch of the Zipf stream: no estimate below its truth.
    await expect(page.locator('#cms-guarantee')).toHaveAttribute('data-cms-epsilon', (Math.E / 256).toFixed(6));
    const heavy = await page.locator('tr[data-heavy]').evaluateAll((rows) =>
      rows.map((r) => [Number(r.dataset.cmsEstimate), Number(r.dataset.cmsTrue)]));
    expect(heavy.length).toBeGreaterThan(3);
    for (const [estimate, truth] of heavy) expect(estimate).toBeGreaterThanOrEqual(truth);
  }
  if (step >= 6) {
    // The growing filters: with r = 0.5 the scalable filter measures over p = 1 %, its 7
    // slices' bound within 0.0078 % of p; with r = 0.9 it stays under p, the bound 0.52 %.
    await expect(page.locator('.grow')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(page.locator('.grow-slices li')).toHaveCount(7);
    const scalable = page.locator('.grow-legend li[data-design="scalable"]');
    const rate = Number(await scalable.getAttribute('data-rate'));
    const bound = Number(await scalable.getAttribute('data-bound'));
    await expect(page.locator('#grow-r')).toHaveValue(step === 6 ? '0.5' : '0.9');
    if (step === 6) {
      expect(rate).toBeGreaterThan(0.01);
      expect(0.01 - bound).toBeCloseTo(0.01 * 0.5 ** 7, 12);
    } else {
      expect(rate).toBeLessThan(0.01);
      expect(bound * 100).toBeCloseTo(0.52, 2);
    }
    await expect(page.locator('.lesson-diverged')).toHaveCount(0);
  }
}

for (const id of LESSONS) {
  test(`lesson ${id} runs to its end`, async ({ page }) => {
    const errors = await openApp(page, `?lesson=${id}`);
    await expect(page.locator('#lesson')).toHaveAttribute('data-lesson', id);
    await expect(page.locator('#lesson-select')).toHaveValue(id);
    const verdicts = await runToEnd(page, id === 'beyond' ? (step) => beyondStep(page, step) : undefined);
    if (id === 'basics') {
      // A definite no, a true yes and a false positive, as the lesson text says.
      const changes = verdicts.filter((v, i) => v && v !== verdicts[i - 1]);
      expect(changes).toEqual(['definitely-not', 'probably', 'false-positive']);
      // It ends with three practice exercises on their own filter; ending them gives the
      // lesson its filter back.
      await expect(page.locator('#practice')).toHaveAttribute('data-total', '3');
      await page.click('#practice-stop');
      expect(await setBits(page)).toEqual(
        sortedUnique(['cat', 'cow', 'emu'].flatMap((w) => murmurPositions(w, 16, 3))));
      // The false positive's culprits are named.
      await page.fill('#item-field', 'ram');
      await page.click('#query-button');
      await expect(page.locator('.culprits')).toContainText('cat');
      await expect(page.locator('.culprits')).toContainText('cow');
    }
    if (id === 'deleting') expect(verdicts).toContain('false-negative');
    if (id === 'beyond') {
      // Another r than the step's: the lesson says its text describes the view as it was.
      await page.fill('#grow-r', '0.5');
      await expect(page.locator('.lesson-diverged')).toContainText('You changed this view');
      await page.locator('.lesson-diverged button').click();
      await expect(page.locator('#grow-r')).toHaveValue('0.9');
      await expect(page.locator('.lesson-diverged')).toHaveCount(0);
    }
    if (id === 'crawler') {
      const missed = Number(await page.locator('[data-crawl="missed"]').textContent());
      expect(missed).toBeGreaterThan(0);
      await expect(page.locator('.crawl-missed li')).toHaveCount(missed);
      await expect(page.locator('[data-crawl="taken"]')).toHaveText('300');
    }
    // Placeholders are all filled.
    await expect(page.locator('.lesson-text')).not.toContainText('{');
    expect(errors).toEqual([]);
  });
}

test('a teacher runs lesson 1 with the keyboard only, and a reload keeps the step', async ({ page }) => {
  await openApp(page, '?m=32');
  // (the menu is skipped by Tab until the lesson files have arrived)
  await expect(page.locator('#lesson-select option[value="basics"]')).toHaveCount(1);
  // Tab to the lesson menu and choose the first lesson.
  for (let i = 0; i < 12; i++) {
    if (await page.locator('#lesson-select').evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(page.locator('#lesson-select')).toBeFocused();
  // Arrowing through the closed menu only chooses; Enter starts the lesson chosen.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('#lesson-select')).toHaveValue('basics');
  await expect(page.locator('#lesson')).toHaveCount(0);
  await expect(page.locator('#undo-button')).toBeDisabled();
  await page.keyboard.press('Enter');
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '1');
  // Enter also leaves the menu: the clicker's keys now reach the lesson, not the menu.
  await expect(page.locator('#lesson-select')).not.toBeFocused();
  // Page Down (a presentation clicker) walks "cat" in hash by hash, then goes on.
  await page.keyboard.press('PageDown');
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '2');
  await expect(page.locator('.walk')).toBeVisible();
  for (let i = 0; i < 5; i++) await page.keyboard.press('PageDown');
  await expect(page.locator('.walk')).toHaveCount(0);
  expect(await setBits(page)).toEqual(sortedUnique(murmurPositions('cat', 16, 3)));
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '3');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '2');
  // Back at step 2 the walk starts again: five presses finish it, five more reach step 7.
  for (let i = 0; i < 10; i++) await page.keyboard.press('PageDown');
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '7');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'false-positive');
  await expect(page).toHaveURL(/lesson=basics&step=7/);
  await page.reload();
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '7');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'false-positive');
  // The short link a teacher shares opens the same view.
  await page.goto('/index.html?lesson=basics&step=7');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'false-positive');
  expect(await setBits(page)).toEqual(
    sortedUnique(['cat', 'cow', 'emu'].flatMap((w) => murmurPositions(w, 16, 3))));
});

for (const lang of ['en', 'zh', 'ja']) {
  test(`lesson 1 in ${lang}, with a screenshot`, async ({ page }) => {
    await openApp(page, `?lesson=basics&step=7&lang=${lang}`);
    const title = { en: 'What a Bloom filter is', zh: '什么是布隆过滤器', ja: 'ブルームフィルターとは' }[lang];
    await expect(page.locator('#lesson-title')).toContainText(title);
    await expect(page.locator('.lesson-text')).toContainText('9, 14, 3');
    await page.waitForTimeout(400); // the cells' colour transition
    await page.screenshot({ path: `artifacts/lesson-basics-${lang}.png` });
  });
}

test('a lesson file that cannot be read is named in a notice; the others still load', async ({ page }) => {
  await page.route('**/lessons/index.txt', (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'basics.txt\nmissing.txt\n' }));
  await openApp(page, '?lesson=nope');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('The lesson file lessons/missing.txt could not be used');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('404');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('lesson="nope"');
  await expect(page.locator('#lesson-select option')).toHaveCount(2);
  await expect(page.locator('#lesson')).toHaveCount(0);
});

test('choosing a lesson with the mouse and pressing Start opens it; the menu follows the lesson open', async ({ page }) => {
  await openApp(page, '?m=32');
  await expect(page.locator('#lesson-start')).toBeDisabled();
  await page.selectOption('#lesson-select', 'sizing');
  await expect(page.locator('#lesson')).toHaveCount(0);
  await page.locator('#lesson-start').click();
  await expect(page.locator('#lesson')).toHaveAttribute('data-lesson', 'sizing');
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '1');
  // A link to another lesson's step shows that lesson in the menu.
  await openApp(page, '?lesson=deleting&step=2');
  await expect(page.locator('#lesson-select')).toHaveValue('deleting');
  await expect(page.locator('#lesson-start')).toBeEnabled();
});

test('on a 1280×720 projector, lesson 1 step 7 shows its text, the bit array and every culprit without scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, '?lesson=basics&step=7&present=1');
  await expect(page.locator('.culprits li')).toHaveCount(3);
  for (const selector of ['.lesson-text', '#lesson-next', '#bit-array .bit-grid', '.culprits li:last-child']) {
    const box = await page.locator(selector).first().boundingBox();
    expect(box, selector).not.toBeNull();
    expect(box.y + box.height, `${selector} ends inside the screen`).toBeLessThanOrEqual(720);
  }
  // Title, lesson menu and language share the first line.
  const title = await page.locator('h1').boundingBox();
  const lang = await page.locator('#lang').boundingBox();
  expect(Math.abs(lang.y + lang.height / 2 - (title.y + title.height / 2))).toBeLessThan(20);
});

test('a lesson started from the keyboard takes the focus to Next and says it replaced the user\'s items', async ({ page }) => {
  await openApp(page, '?m=32&add=a&add=b');
  await expect(page.locator('#lesson-select option[value="basics"]')).toHaveCount(1);
  await page.locator('#lesson-select').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#lesson-start')).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page.locator('#lesson')).toHaveAttribute('data-lesson', 'basics');
  await expect(page.locator('#lesson-next')).toBeFocused();
  await expect(page.locator('.message')).toContainText('replaced your filter');
  // Undo brings the user's items back.
  await page.keyboard.press('Control+z');
  await expect(page.locator('[data-item]')).toHaveCount(2);
});

test('on a 1280×720 screen a lesson\'s walk and a refused removal show under the bit array, above the fold', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, '?lesson=basics&step=2');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#walk-next')).toBeInViewport({ ratio: 1 });
  await expect(page.locator('#bit-array .bit-grid')).toBeInViewport({ ratio: 1 });
  // A first visit: without the note about the session the first link saved (kept, above
  // the lesson), which a link opened over it shows.
  await page.evaluate(() => localStorage.clear());
  await openApp(page, '?lesson=deleting&step=7');
  await expect(page.locator('.message')).toContainText('cow');
  await expect(page.locator('.message')).toBeInViewport({ ratio: 1 });
});

test('the crawler lesson keeps the bit array under its text; the last step hands the focus to Previous', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openApp(page, '?lesson=crawler&step=2');
  await expect(page.locator('.crawl')).toBeVisible();
  const grid = await page.locator('#bit-array').boundingBox();
  expect(grid.y).toBeLessThan(720);
  await openApp(page, '?lesson=deleting&step=6');
  await page.locator('#lesson-next').focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#lesson')).toHaveAttribute('data-step', '7');
  await expect(page.locator('#lesson-next')).toBeDisabled();
  await expect(page.locator('#lesson-prev')).toBeFocused();
});

test('a lesson whose filter the user changes says so, names its filter, and goes back in one click', async ({ page }) => {
  const errors = await openApp(page, '?lesson=basics&step=7');
  const lesson = page.locator('#lesson');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'false-positive');
  await expect(lesson).not.toHaveAttribute('data-lesson-diverged', 'true');
  // Switch the hash: the step's false positive is gone, and so is the text claiming it.
  await page.selectOption('#field-hash', 'fnv');
  await expect(lesson).toHaveAttribute('data-lesson-diverged', 'true');
  await expect(lesson).toContainText('m = 16, k = 3, murmur3');
  await expect(page.locator('.lesson-text')).not.toContainText('false positive');
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'artifacts/lesson-diverged.png' });
  await page.locator('#lesson-restore').click();
  await expect(lesson).not.toHaveAttribute('data-lesson-diverged', 'true');
  await expect(page.locator('#field-hash')).toHaveValue('murmur3');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'false-positive');
  // Settings unchanged but the answer changed: adding the queried item makes it a member.
  await page.fill('#item-field', 'ram');
  await page.keyboard.press('Enter');
  await page.fill('#item-field', 'ram');
  await page.keyboard.press('Shift+Enter');
  await expect(page.locator('[data-query-result]')).toHaveAttribute('data-query-result', 'probably');
  await expect(lesson).toHaveAttribute('data-lesson-diverged', 'true');
  await expect(lesson).toContainText('“ram” no longer gets the answer');
  // One undo brings the lesson's filter back.
  await page.locator('#lesson-restore').click();
  await expect(lesson).not.toHaveAttribute('data-lesson-diverged', 'true');
  await page.keyboard.press('Control+z');
  await expect(lesson).toHaveAttribute('data-lesson-diverged', 'true');
  expect(errors).toEqual([]);
});

test('a lesson link with a filter parameter of its own keeps the lesson\'s other settings', async ({ page }) => {
  await openApp(page, '?lesson=crawler&step=2&hash=fnv');
  await expect(page.locator('#lesson')).toHaveAttribute('data-lesson-diverged', 'true');
  await expect(page.locator('#field-hash')).toHaveValue('fnv');
  // The crawler lesson's m = 1024 stays (not the page's default of 32).
  await expect(page.locator('#field-m')).toHaveValue('1024');
  await expect(page.locator('#field-k')).toHaveValue('3');
});

test('the lessons are fetched only once the bit array is interactive, unless the link opens one', async ({ page }) => {
  const requests = [];
  page.on('request', (request) => {
    if (/\/lessons\//.test(request.url())) requests.push(request.url());
  });
  await page.goto('/index.html?m=64&add=a');
  // No lesson file is asked for before the app's first render is done (body[data-ready-ms]);
  // they follow when the browser is idle.
  await page.waitForSelector('.app[data-ready="true"]');
  await expect.poll(() => requests.length).toBeGreaterThan(1);
  const readyMs = Number(await page.locator('body').getAttribute('data-ready-ms'));
  const firstLessonMs = await page.evaluate(() => Math.min(...performance.getEntriesByType('resource')
    .filter((e) => /\/lessons\//.test(e.name)).map((e) => e.startTime)));
  expect(firstLessonMs).toBeGreaterThan(readyMs);
  await expect(page.locator('#lesson-select')).toBeEnabled();
  // A lesson link needs them at once, and opens the lesson.
  await page.goto('/index.html?lesson=basics');
  await expect(page.locator('#lesson')).toBeVisible();
});
