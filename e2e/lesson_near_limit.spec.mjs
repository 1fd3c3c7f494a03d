// Lesson 9, "Filters near the limit", walked in three languages: what each step's text says
// is on the screen its link and actions build (the Bloom filter at 2^-8, the xor filter's
// failed first seed and its peeling, binary fuse's sizing for 33 words, the ribbon's failed
// seed and a row, the space table at 10,000 items), with axe on the ribbon's screen.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openApp, setBits } from './helpers.mjs';

const ID = 'filters-near-the-limit';

/** The bits per item a space table row shows, to two places. */
async function bitsPerItem(page, filter) {
  const bits = await page.locator(`#filter-space tr[data-filter="${filter}"]`).getAttribute('data-bits-per-item');
  return Number(bits).toFixed(2);
}

/** The slot values of `#xor`, by slot. */
async function xorValues(page) {
  return page.locator('#xor .xslot').evaluateAll((slots) =>
    Object.fromEntries(slots.map((s) => [s.dataset.slot, s.dataset.value])));
}

const STEPS = {
  1: async (page, text) => {
    // Eight words in a Bloom filter of 93 bits, k = 8: the limit 8 bits per item, 64 in all.
    await expect(page.locator('#bit-array [data-bit-index]')).toHaveCount(93);
    for (const figure of ['2^−8', '1/256', '0.39', '64', '93']) expect(text).toContain(figure);
  },
  2: async (page, text) => {
    // The bits set, as the text counts them, about half of 93; 11.54 bits per item.
    const ones = (await setBits(page)).length;
    expect(Math.abs(ones / 93 - 0.5)).toBeLessThan(0.1);
    expect(text).toContain(`${ones}`);
    expect(text).toContain('11.54');
    expect(text).toContain('1.44');
  },
  3: async (page, text) => {
    // 39 slots in blocks of 13; the first seed left “bat” and “pig”, the second built it.
    await expect(page.locator('.filters-view')).toHaveAttribute('data-filter', 'xor');
    await expect(page.locator('#xor .xslot')).toHaveCount(39);
    await expect(page.locator('#xor')).toHaveAttribute('data-part', '13');
    await expect(page.locator('#xor')).toHaveAttribute('data-attempts', '2');
    const failed = page.locator('.x-failed');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('“bat”');
    await expect(failed).toContainText('“pig”');
    expect(text).toContain('bat');
    expect(text).toContain('39');
  },
  4: async (page, text) => {
    // “bee”: slots 1, 14, 27 and fingerprint 43; B[14] = 43, B[1] = B[27] = 0; “ant” peeled
    // first at slot 3, “bee” last at 14.
    const bee = page.locator('#xor-item');
    await expect(bee).toHaveAttribute('data-h0', '1');
    await expect(bee).toHaveAttribute('data-h1', '14');
    await expect(bee).toHaveAttribute('data-h2', '27');
    await expect(bee).toHaveAttribute('data-fp', '43');
    const values = await xorValues(page);
    expect([values['1'], values['14'], values['27']]).toEqual(['0', '43', '0']);
    const peel = page.locator('#peel li');
    await expect(peel).toHaveCount(8);
    await expect(peel.first()).toHaveAttribute('data-slot', '3');
    await expect(peel.first()).toContainText('“ant”');
    await expect(peel.last()).toHaveAttribute('data-slot', '14');
    await expect(peel.last()).toContainText('“bee”');
    expect(text).toContain('B[14] = fp ⊕ B[27] ⊕ B[1] = 43 ⊕ 0 ⊕ 0 = 43');
  },
  5: async (page, text) => {
    // Binary fuse for 33 words: three segments of 32, 96 slots, more than xor's 72.
    await expect(page.locator('.filters-view')).toHaveAttribute('data-filter', 'fuse');
    await expect(page.locator('#xor .xslot')).toHaveCount(96);
    await expect(page.locator('#xor')).toHaveAttribute('data-part', '32');
    for (const figure of ['1.863', '96', '72', '1,130,496', '1,230,030']) expect(text).toContain(figure);
    await expect(page.locator('.filters-view')).toContainText('1.863');
  },
  6: async (page, text) => {
    // The ribbon: 37 slots; seed 0 failed at “cow”, seed 1 solved; “cow” starts at 5.
    await expect(page.locator('.filters-view')).toHaveAttribute('data-filter', 'ribbon');
    await expect(page.locator('#ribbon .rrow')).toHaveCount(37);
    await expect(page.locator('#ribbon')).toHaveAttribute('data-seed', '1');
    const failed = page.locator('.r-failed');
    await expect(failed).toHaveCount(1);
    await expect(failed).toHaveAttribute('data-seed', '0');
    await expect(failed).toContainText('“cow”');
    const cow = page.locator('#ribbon-item');
    await expect(cow).toHaveAttribute('data-start', '5');
    await expect(cow).toHaveAttribute('data-coeff', 'b0865a7f');
    await expect(cow).toHaveAttribute('data-fp', '87');
    for (const figure of ['37', '0xb0865a7f', '87']) expect(text).toContain(figure);
  },
  7: async (page, text) => {
    // The table measured at 10,000 items: the bits per item the text names.
    const table = page.locator('#filter-space');
    await expect(table).toHaveAttribute('data-n', '10000');
    await expect(table).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    const named = { bloom: '11.54', xor: '9.86', fuse: '10.24', ribbon: '8.53', cuckoo: '18.02', quotient: '18.02' };
    for (const [filter, bits] of Object.entries(named)) {
      expect(await bitsPerItem(page, filter)).toBe(bits);
      expect(text).toContain(bits);
    }
  },
  8: async (page) => {
    // Static filters cannot delete; counting, cuckoo and quotient can.
    const row = (filter) => page.locator(`#filter-space tr[data-filter="${filter}"]`);
    for (const filter of ['xor', 'fuse', 'ribbon']) {
      await expect(row(filter)).toHaveAttribute('data-static', 'true');
      await expect(row(filter)).toHaveAttribute('data-deletes', 'no');
    }
    await expect(row('bloom')).toHaveAttribute('data-static', 'false');
    await expect(row('bloom')).toHaveAttribute('data-deletes', 'no');
    await expect(row('counting')).toHaveAttribute('data-deletes', 'counting');
    await expect(row('cuckoo')).toHaveAttribute('data-deletes', 'yes');
    await expect(row('quotient')).toHaveAttribute('data-deletes', 'yes');
  },
};

for (const lang of ['en', 'zh', 'ja']) {
  test(`lesson 9 in ${lang}: each step's item and figures are on its screen`, async ({ page }) => {
    test.setTimeout(180_000);
    const errors = await openApp(page, `?lesson=${ID}&lang=${lang}`);
    const lesson = page.locator('#lesson');
    await expect(lesson).toHaveAttribute('data-lesson', ID);
    await expect(lesson).toHaveAttribute('data-steps', '8');
    const words = { en: 'limit', zh: '下限', ja: '下限' };
    await expect(page.locator('#lesson-text')).toContainText(words[lang]);
    for (let step = 1; step <= 8; step++) {
      if (step > 1) {
        // No step walks the page's filter: Next goes to the next step.
        await page.click('#lesson-next');
        await expect(lesson).toHaveAttribute('data-step', String(step));
      }
      if (step >= 3) await expect(page.locator('.filters-view')).toBeVisible();
      const text = await page.locator('#lesson-text').innerText();
      expect(text).not.toContain('{');
      await STEPS[step](page, text);
      if (step === 6) {
        // The ribbon's band, lesson panel included, under axe.
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    }
    await expect(page.locator('#lesson-next')).toBeDisabled();
    // A step's link rebuilds the same screen, the table measured at once.
    await openApp(page, `?lesson=${ID}&step=7&lang=${lang}`);
    await STEPS[7](page, await page.locator('#lesson-text').innerText());
    expect(errors).toEqual([]);
  });
}
