// The filters view (view=filters): a module of its own, loaded when the view is first
// shown; the cuckoo filter's insert with its eviction chain walked step by step, the full
// filter, the non-member delete hazard, the quotient filter's walk across a cluster, the
// same-memory panel, the keyboard alone, axe in three languages, and lesson 8 walked in three
// languages with what each step's text says checked on the screen.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openApp } from './helpers.mjs';

const adds = (words) => words.map((w) => `&add=${encodeURIComponent(w)}`).join('');

/** Opens the view at `query` and waits for the module to draw. */
async function openFilters(page, query) {
  const errors = await openApp(page, `?view=filters${query}`);
  await expect(page.locator('.filters-view')).toBeVisible();
  return errors;
}

/** The typed item's cuckoo positions, as the page shows them. */
async function typedCuckoo(page, word) {
  await page.fill('#filters-item', word);
  const item = page.locator('#cuckoo-item');
  await expect(item).toBeVisible();
  return { i1: await item.getAttribute('data-i1'), i2: await item.getAttribute('data-i2'),
    fp: await item.getAttribute('data-fp') };
}

test('the module is loaded only when the view is shown', async ({ page }) => {
  const asked = [];
  page.on('request', (r) => { if (/filters_view/.test(r.url())) asked.push(r.url()); });
  await openApp(page, '?add=cat');
  expect(asked).toEqual([]);
  await page.click('#tab-filters');
  await expect(page.locator('#cuckoo .bucket')).toHaveCount(8);
  expect(asked.some((u) => u.endsWith('filters_view_bg.wasm'))).toBe(true);
  await expect(page).toHaveURL(/view=filters/);
});

test('an insert with an eviction chain is walked move by move', async ({ page }) => {
  const words = Array.from({ length: 13 }, (_, i) => `w${i}`);
  await openFilters(page, `&cuckoo_nb=4${adds(words)}`);
  let kicks = 0;
  for (let i = 0; i < 40 && kicks === 0; i++) {
    await page.fill('#filters-item', `x${i}`);
    await page.click('#filters-insert');
    await expect(page.locator('.filters-walk')).toBeVisible();
    kicks = await page.locator('#cuckoo-kicks li').count();
    if (await page.locator('#cuckoo[data-full]').count()) break;
  }
  expect(kicks).toBeGreaterThan(0);
  // Each move carries its victim to the bucket the next move leaves.
  const moves = await page.locator('#cuckoo-kicks li').evaluateAll((lis) => lis.map((li) => ({
    from: li.dataset.from, to: li.dataset.to, fp: li.dataset.fingerprint })));
  for (let j = 0; j + 1 < moves.length; j++) expect(moves[j].to).toBe(moves[j + 1].from);
  // Walked with → : hash, bucket i1 full, bucket i2 full, then one step per move.
  const walk = page.locator('.filters-walk');
  const steps = Number(await walk.getAttribute('data-walk-steps'));
  expect(steps).toBe(kicks + 4);
  await page.locator('#filters-walk-title').click();
  for (let step = 1; step < steps; step++) {
    await page.keyboard.press('ArrowRight');
    await expect(walk).toHaveAttribute('data-walk-step', String(step));
    if (step >= 3 && step < 3 + kicks) {
      const move = moves[step - 3];
      await expect(page.locator('#filters-walk-sentence')).toContainText(`Move ${step - 2}: fingerprint ${move.fp}`);
      await expect(page.locator(`#cuckoo .bucket[data-bucket="${move.from}"]`)).toHaveClass(/\bat\b/);
    }
  }
  await page.keyboard.press('ArrowLeft');
  await expect(walk).toHaveAttribute('data-walk-step', String(steps - 2));
  // The arithmetic table agrees with the typed item's attributes.
  const typed = await typedCuckoo(page, 'x0');
  await expect(page.locator(`#cuckoo .bucket[data-bucket="${typed.i1}"]`)).toHaveCount(1);
  await expect(page.locator('.filters-arithmetic')).toContainText('0x5bd1e995');
});

test('a full filter says so and refuses further inserts by name', async ({ page }) => {
  await openFilters(page, `&cuckoo_nb=1${adds(['a', 'b', 'c', 'd', 'e'])}`);
  await expect(page.locator('#cuckoo')).toHaveAttribute('data-full', 'true');
  await expect(page.locator('#cuckoo-stash')).not.toHaveAttribute('data-fingerprint', '');
  await page.fill('#filters-item', 'late');
  await page.click('#filters-insert');
  await expect(page.locator('#filters-message')).toContainText('“late” was not inserted: the filter is full');
  await expect(page).not.toHaveURL(/add=late/);
});

test('deleting an item never added removes a member’s fingerprint, and the page names both', async ({ page }) => {
  const members = ['cat', 'dog', 'emu', 'fox'];
  await openFilters(page, `&cuckoo_nb=1&cuckoo_f=4${adds(members)}`);
  const fps = {};
  for (const m of members) fps[m] = (await typedCuckoo(page, m)).fp;
  let stranger = null;
  let strangerFp = null;
  for (let i = 0; i < 300 && !stranger; i++) {
    const { fp } = await typedCuckoo(page, `n${i}`);
    if (Object.values(fps).includes(fp)) [stranger, strangerFp] = [`n${i}`, fp];
  }
  expect(stranger).not.toBeNull();
  const victims = members.filter((m) => fps[m] === strangerFp);
  await page.click('#filters-delete');
  const message = page.locator('#filters-message');
  await expect(message).toContainText(`“${stranger}” was never added`);
  for (const v of victims) await expect(message).toContainText(`“${v}”`);
  // The member whose copy went is now a false negative (one copy of that fingerprint gone).
  if (victims.length === 1) {
    await expect(page.locator('#filters-false-negatives')).toContainText(`“${victims[0]}”`);
  }
});

test('a quotient filter query walks across a cluster slot by slot', async ({ page }) => {
  const words = ['ant', 'bee', 'cow', 'doe', 'elk', 'gnu'];
  await openFilters(page, `&filter=quotient&quotient_q=3&quotient_r=5${adds(words)}`);
  await expect(page.locator('#quotient .qslot')).toHaveCount(8);
  const stored = await page.locator('#quotient .qslot').evaluateAll((s) => s.filter((e) => e.dataset.remainder !== '').length);
  expect(stored).toBe(words.length);
  // Bits agree with the definitions: a shifted or continuing slot is never empty.
  const slots = await page.locator('#quotient .qslot').evaluateAll((s) => s.map((e) => ({ ...e.dataset })));
  for (const s of slots) {
    if (s.continuation === '1' || s.shifted === '1') expect(s.remainder).not.toBe('');
  }
  // A member whose walk reads more than its own slot: across the cluster.
  let longest = 0;
  for (const w of words) {
    await page.fill('#filters-item', w);
    await page.click('#filters-query');
    longest = Number(await page.locator('.filters-walk').getAttribute('data-walk-steps'));
    if (longest > 3) break;
  }
  expect(longest).toBeGreaterThan(3);
  await page.locator('#filters-walk-title').click();
  for (let step = 1; step < longest; step++) {
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.filters-walk')).toHaveAttribute('data-walk-step', String(step));
    await expect(page.locator('#filters-walk-sentence')).toContainText(/is_occupied|Slot/);
  }
  await expect(page.locator('#filters-walk-sentence')).toContainText('found, probably in the set');
  await expect(page.locator('#quotient-item')).toHaveAttribute('data-quotient', /^[0-7]$/);
});

test('the cluster run measures the mean cluster length against theory as the load grows', async ({ page }) => {
  await openFilters(page, '&filter=quotient&add=apple');
  const rows = page.locator('#cluster-run tbody tr');
  await expect(rows).toHaveCount(10);
  const points = await rows.evaluateAll((rs) => rs.map((r) => ({
    load: Number(r.dataset.load), mean: Number(r.dataset.mean), low: Number(r.dataset.low),
    high: Number(r.dataset.high), theory: Number(r.dataset.theory),
  })));
  // The lab's seed 1 fills one filter of 4,096 slots: at every load the theory lies in the
  // measured interval, and the length grows with the load, steeply near a full table.
  for (const p of points) {
    expect(p.theory).toBeGreaterThanOrEqual(p.low);
    expect(p.theory).toBeLessThanOrEqual(p.high);
  }
  expect(points[0].load).toBeCloseTo(0.1, 2);
  expect(points[9].load).toBeCloseTo(0.95, 2);
  expect(points[9].mean).toBeGreaterThan(4 * points[4].mean);
});

test('the same-memory panel compares four filters of one budget', async ({ page }) => {
  await openFilters(page, adds(['a', 'b', 'c', 'd', 'e', 'f']));
  const rows = page.locator('#same-memory tr[data-filter]');
  await expect(rows).toHaveCount(4);
  const data = await rows.evaluateAll((trs) => trs.map((tr) => ({ ...tr.dataset })));
  expect(data.map((r) => r.filter)).toEqual(['bloom', 'counting', 'cuckoo', 'quotient']);
  expect(data.map((r) => r.deletes)).toEqual(['no', 'counting', 'yes', 'yes']);
  for (const r of data) {
    expect(Number(r.bits)).toBeLessThanOrEqual(8 * 4 * 8);
    expect(Number(r.fprFormula)).toBeGreaterThanOrEqual(0);
    expect(Number(r.fprMeasured)).toBeLessThanOrEqual(1);
  }
});

test('bad values are named in a notice', async ({ page }) => {
  await openApp(page, '?view=filters&cuckoo_f=20&cuckoo_nb=12&filter=bloom');
  const notices = page.locator('.notices');
  await expect(notices).toContainText('cuckoo_f');
  await expect(notices).toContainText('cuckoo_nb');
  await expect(notices).toContainText('filter');
});

test('the keyboard alone inserts and walks', async ({ page }) => {
  await openFilters(page, adds(['cat']));
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate(() => document.activeElement?.id) === 'filters-item') break;
    await page.keyboard.press('Tab');
  }
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('filters-item');
  await page.keyboard.type('owl');
  await page.keyboard.press('Enter');
  await expect(page.locator('.filters-walk')).toBeVisible();
  await expect(page).toHaveURL(/add=owl/);
  for (let i = 0; i < 20; i++) {
    if (await page.evaluate(() => document.activeElement?.id) === 'filters-walk-next') break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page.locator('.filters-walk')).toHaveAttribute('data-walk-step', '1');
});

for (const lang of ['en', 'zh', 'ja']) {
  for (const filter of ['cuckoo', 'quotient']) {
    test(`axe: the ${filter} view (${lang}) has no WCAG 2.1 A/AA violation`, async ({ page }) => {
      await openFilters(page, `&filter=${filter}&lang=${lang}${adds(['cat', 'dog', 'emu'])}`);
      const titles = { en: 'Filters that can delete', zh: '可以删除的过滤器', ja: '削除できるフィルタ' };
      await expect(page.locator('#filters-title')).toHaveText(titles[lang]);
      await page.fill('#filters-item', 'cat');
      await page.click('#filters-query');
      await expect(page.locator('.filters-walk')).toBeVisible();
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

/** What lesson 8's text says at each step, as the filters view shows it. */
const LESSON_8 = {
  2: async (page) => {
    // “cat”: i1 = 6, fp = 105, i2 = 3, in a slot of bucket 6; 8 buckets of 4 slots.
    await expect(page.locator('#cuckoo .bucket')).toHaveCount(8);
    await expect(page.locator('#cuckoo-item')).toHaveAttribute('data-i1', '6');
    await expect(page.locator('#cuckoo-item')).toHaveAttribute('data-i2', '3');
    await expect(page.locator('#cuckoo-item')).toHaveAttribute('data-fp', '105');
    await expect(page.locator('#cuckoo .bucket[data-bucket="6"] .slot[data-fingerprint="105"]')).toHaveCount(1);
  },
  3: async (page) => {
    // “bat” (2, 3, 117): 178 moves from bucket 3 to 1, then 117 from 1 to 0.
    await expect(page.locator('#cuckoo .bucket')).toHaveCount(4);
    await expect(page.locator('#cuckoo-item')).toHaveAttribute('data-fp', '117');
    const moves = await page.locator('#cuckoo-kicks li').evaluateAll((lis) =>
      lis.map((li) => [li.dataset.from, li.dataset.to, li.dataset.fingerprint]));
    expect(moves).toEqual([['3', '1', '178'], ['1', '0', '117']]);
    await expect(page.locator('#cuckoo .slot.moved')).toHaveCount(2);
  },
  4: async (page) => {
    // One bucket, full after 500 moves; fingerprint 105 waits in the stash.
    await expect(page.locator('#cuckoo')).toHaveAttribute('data-full', 'true');
    await expect(page.locator('#cuckoo-stash')).toHaveAttribute('data-fingerprint', '105');
    await expect(page.locator('#cuckoo-kicks li')).toHaveCount(500);
  },
  5: async (page) => {
    // “cod” was never added; its fingerprint 15 in bucket 1 is “fox”'s; deleting it makes
    // “fox” a false negative.
    const hazard = page.locator('#cuckoo-hazard');
    await expect(hazard).toHaveAttribute('data-bucket', '1');
    await expect(hazard).toHaveAttribute('data-fingerprint', '15');
    await expect(hazard).toContainText('“fox”');
    await page.click('#filters-delete');
    await expect(page.locator('#filters-false-negatives')).toContainText('“fox”');
  },
  6: async (page) => {
    // “bee”: quotient 3, remainder 13, in slot 5 with is_shifted = 1; slots 2 to 6 a cluster.
    await expect(page.locator('#quotient .qslot')).toHaveCount(8);
    await expect(page.locator('#quotient-item')).toHaveAttribute('data-quotient', '3');
    await expect(page.locator('#quotient-item')).toHaveAttribute('data-remainder', '13');
    const slot5 = page.locator('#quotient .qslot[data-slot="5"]');
    await expect(slot5).toHaveAttribute('data-remainder', '13');
    await expect(slot5).toHaveAttribute('data-shifted', '1');
  },
};

for (const lang of ['en', 'zh', 'ja']) {
  test(`lesson 8 in ${lang}: each step's item and figures are on the filters view`, async ({ page }) => {
    const errors = await openApp(page, `?lesson=filters-that-delete&lang=${lang}`);
    const lesson = page.locator('#lesson');
    await expect(lesson).toHaveAttribute('data-lesson', 'filters-that-delete');
    await expect(lesson).toHaveAttribute('data-steps', '6');
    const words = { en: 'counting filter', zh: '计数过滤器', ja: 'カウンティングフィルター' };
    await expect(page.locator('#lesson-text')).toContainText(words[lang]);
    await expect(page.locator('#lesson-text')).toContainText('256');
    for (let step = 2; step <= 6; step++) {
      // No step of this lesson walks the page's filter: Next goes to the next step (the
      // helper nextStep would take the view's walk for the lesson's).
      await page.click('#lesson-next');
      await expect(lesson).toHaveAttribute('data-step', String(step));
      await expect(page.locator('.filters-view')).toBeVisible();
      await LESSON_8[step](page);
      if (step === 3) {
        // The eviction chain's screen, lesson panel included, under axe.
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    }
    await expect(page.locator('#lesson-next')).toBeDisabled();
    await expect(page.locator('.lesson-text')).not.toContainText('{');
    // A step's link rebuilds the same screen.
    await openApp(page, `?lesson=filters-that-delete&step=3&lang=${lang}`);
    await LESSON_8[3](page);
    expect(errors).toEqual([]);
  });
}
