// Accessibility as a gate: every view, lesson 1's false positive, practice, presentation
// mode and the embed, in each language, scanned by axe-core with the WCAG 2.0 and 2.1 A and
// AA rules. A violation fails the test, which names each rule, its impact, the elements at
// fault and axe's summary of what to fix. No rule is disabled.
import { test, expect } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { openApp } from './helpers.mjs';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LANGS = ['en', 'zh', 'ja'];
const PHONE = { width: 390, height: 844 };

const labRun = async (page) => {
  // The pointer stays on Run, as after a real click: the hovered button is scanned too.
  await page.click('#lab-run');
  await expect(page.locator('.lab')).toHaveAttribute('data-status', 'done');
  // The verdict's sentences are in the notes once a worker has judged the run.
  await expect(page.locator('#lab-notes')).toHaveAttribute('data-verdict', /./);
};
const growDone = async (page) => {
  await expect(page.locator('.grow[data-status="done"]')).toBeVisible({ timeout: 30_000 });
};
const QUIZ = '?quiz=42';
/** Answers the current exercise with "Show me" and goes on, `times` times. */
const showAndNext = async (page, times) => {
  for (let i = 0; i < times; i++) {
    await page.click('#practice-show');
    await page.click('#practice-next');
  }
};

/** Each screen: its name, its link, what to do before the scan, and its window size. */
const SCREENS = [
  { name: 'visualizer', query: '?view=visualizer&m=32&k=3&add=a&add=b&add=c&query=d' },
  { name: 'lab', query: '?view=lab&m=1000&k=4&add=a&add=b' },
  { name: 'lab after a run', prepare: labRun,
    query: '?view=lab&m=1000&k=4&add=a&add=b&lab_n=200&lab_filters=3&lab_points=4&lab_probes=200' },
  // The lab as it opens (its starting filter, where the formula holds), a departure with
  // double hashing's curve, a number of points the range cannot hold, and on a projector.
  { name: 'lab, its starting filter after a run', prepare: labRun, query: '?view=lab' },
  { name: 'lab, a departure, its cause and its curve', prepare: labRun, query: '?view=lab&m=64&k=3&hash=fnv' },
  { name: 'lab, fewer points than asked', query: '?view=lab&m=64&k=3&lab_n=10' },
  { name: 'presentation, lab after a run', prepare: labRun, query: '?view=lab&present=1',
    viewport: { width: 1920, height: 1080 } },
  { name: 'calculator', query: '?view=calculator' },
  { name: 'sets', query: '?view=sets&m=32&k=3&add=a&add=b&seta=a&seta=b&seta=c&setb=c&setb=d' },
  { name: 'hashes', query: '?view=hashes' },
  { name: 'grow', query: '?view=grow&grow_n=2000', prepare: growDone },
  { name: 'cms', query: '?view=cms&cms_add=a&cms_add=b&cms_add=a&cms_query=a' },
  { name: 'apps', query: '?view=apps&spam_check=spam0042@bad.example' },
  { name: 'split-block layout', query: '?layout=split-block&add=apple&add=pear&query=apple' },
  { name: 'lesson 4, the answer after a naive delete', query: '?lesson=deleting&step=3' },
  { name: 'lesson 4, the answer after a counting removal', query: '?lesson=deleting&step=5' },
  { name: 'blocked layout', query: '?layout=blocked&m=1024&k=6&add=apple&query=apple' },
  { name: 'files, the example with a verdict', query: '?view=files&files_example=1&files_query=dog',
    prepare: async (page) => { await expect(page.locator('.parquet-verdict')).toHaveCount(1); } },
  { name: 'files, a bad file', query: '?view=files',
    prepare: async (page) => {
      await page.setInputFiles('#parquet-file', { name: 'x.parquet', mimeType: 'application/octet-stream', buffer: Buffer.from('not parquet at all') });
      await expect(page.locator('[data-file-error="not-parquet"]')).toHaveCount(1);
    } },
  { name: 'lesson 7, the blocked layout', query: '?lesson=real-systems&step=2' },
  { name: 'lesson 1, step 7', query: '?lesson=basics&step=7' },
  // Lesson 6's sketch has more columns than its panel is wide.
  { name: 'lesson 6, the sketch', query: '?lesson=beyond&step=5' },
  { name: 'quiz, a question', query: QUIZ,
    prepare: async (page) => { await expect(page.locator('[data-quiz-answer]')).toHaveCount(3); } },
  { name: 'quiz, after an answer', query: QUIZ,
    prepare: async (page) => {
      await page.click('[data-quiz-answer="member"]');
      await expect(page.locator('.practice-verdict')).toBeVisible();
    } },
  // Practice: cells marked on the grid and a wrong first attempt with its hint; ticks for
  // a false positive's bits; number fields; the summary; the timeline away from now and
  // the record of queries.
  { name: 'practice, a place exercise with a wrong attempt', query: '?practice=3',
    prepare: async (page) => {
      await page.click('#bit-array [data-bit-index="2"]');
      await page.click('#practice-submit');
      await expect(page.locator('#practice-hint')).toBeVisible();
    } },
  { name: 'practice, culprits', query: '?practice=3', prepare: (page) => showAndNext(page, 2) },
  { name: 'practice, delete after the answer', query: '?practice=3',
    prepare: async (page) => {
      await showAndNext(page, 5);
      await page.click('#practice-show');
    } },
  { name: 'practice, the summary', query: '?practice=3', prepare: (page) => showAndNext(page, 7) },
  // Number fields Check could not read: each has its message beside it.
  ...[['read', 3, ['#practice-number']], ['size', 4, ['#practice-m', '#practice-k']],
    ['counters', 5, ['#practice-counter-0']]].map(([kind, before, fields]) => ({
    name: `practice, ${kind} with a field that is not a number`, query: '?practice=3',
    prepare: async (page) => {
      await showAndNext(page, before);
      for (const field of fields) await page.fill(field, 'twelve');
      await page.click('#practice-submit');
      await expect(page.locator(`${fields[0]}-unreadable`)).toBeVisible();
    },
  })),
  { name: 'the timeline and the query record', query: '?m=32&k=3&add=a&add=b&add=c&add=d',
    prepare: async (page) => {
      for (const item of ['a', 'zz', 'b']) {
        await page.fill('#item-field', item);
        await page.click('#query-button');
      }
      await page.focus('#timeline');
      await page.keyboard.press('ArrowLeft');
      await page.click('#bit-array [data-bit-index="3"]');
      await expect(page.locator('#query-record')).toBeVisible();
    } },
  { name: 'presentation, visualizer', query: '?m=16&k=3&add=a&add=b&add=c&query=d&present=1' },
  { name: 'presentation, lesson', query: '?lesson=basics&step=7&present=1' },
  { name: 'embed', query: '?m=16&k=3&add=a&add=b&add=c&query=d&embed=1' },
  { name: 'the Embed dialog, a snippet copied', query: '?m=16&k=3&add=a&add=b&practice=2',
    prepare: async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.click('#embed-button');
      await page.click('#embed-copy-element');
      await expect(page.locator('[data-embed-part="embed-snippet"] [role="status"]')).not.toBeEmpty();
    } },
  // Growing-filter values that cannot run together: one notice naming them.
  { name: 'a notice naming values refused together',
    query: '?view=grow&grow_m0=16777216&grow_s=1000000&grow_n=200000' },
  // A link opened over a saved session: the note that keeps it, with its button.
  { name: 'the note keeping a replaced session', query: '?m=16&add=a&add=b',
    prepare: async (page) => {
      await expect.poll(() => page.evaluate(() => localStorage.getItem('bloomlab.state') ?? '')).toContain('add=b');
      const lang = new URL(page.url()).searchParams.get('lang');
      await page.goto(`/index.html?m=32&add=c&lang=${lang}`);
      await expect(page.locator('[data-save="kept"]')).toBeVisible();
    } },
  // A phone: the header's menus lose their visible labels, and wide tables scroll.
  { name: 'visualizer on a phone', query: '?m=32&k=3&add=a&add=b&add=c&query=d', viewport: PHONE },
  { name: 'calculator on a phone', query: '?view=calculator', viewport: PHONE },
  // A lesson docked at the window's top over a page scrolled to the figures, on a phone
  // and a projector; the grid's rulers and named cells where cells are too small to
  // number each; the first screen's answer on a phone.
  { name: 'lesson 2 step 3 on a phone, docked', query: '?lesson=false-positives&step=3', viewport: PHONE },
  { name: 'lesson 2 step 3 presenting at 1280×720, docked', query: '?lesson=false-positives&step=3&present=1',
    viewport: { width: 1280, height: 720 } },
  { name: 'lesson 1 step 7 on a tablet, rulers and named cells', query: '?lesson=basics&step=7',
    viewport: { width: 768, height: 1024 } },
  { name: 'a 256-bit grid with rulers and a typed word', query: '?m=256&k=3&add=a&add=b',
    prepare: (page) => page.fill('#item-field', 'cow') },
  { name: 'first screen on a phone after Try a word', query: '?view=visualizer', viewport: PHONE,
    prepare: async (page) => {
      await page.click('#try-button');
      await expect(page.locator('#answer')).toBeVisible();
    } },
  { name: 'cms on a phone', query: '?view=cms&cms_add=a&cms_query=a', viewport: PHONE },
];

/** Waits until the page's animations and transitions (the lines drawn from the strip, the
 * cells changing colour) have ended, so that colours are measured as they end. */
async function settle(page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 2; round++) {
      const running = document.getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(running.map((a) => a.finished.catch(() => {})));
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    }
  });
}

/** One paragraph per violation: the rule, its impact and help, then each element at fault
 * with what axe says would fix it. */
function describe(violations) {
  return violations.map((v) => [
    `${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}`,
    `  ${v.helpUrl}`,
    ...v.nodes.map((n) => `  - ${n.target.join(' ')}\n    ${n.failureSummary.replace(/\n/g, '\n    ')}`),
  ].join('\n')).join('\n');
}

for (const lang of LANGS) {
  for (const { name, query, prepare, viewport } of SCREENS) {
    test(`axe: ${name} (${lang}) has no WCAG 2.1 A/AA violation`, async ({ page }) => {
      if (viewport) await page.setViewportSize(viewport);
      await openApp(page, `${query}&lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (prepare) await prepare(page);
      await settle(page);
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      // The rules' ids as the compared value keep the diff short; the message says the rest.
      expect(violations.map((v) => v.id),
        `${violations.length} axe violation(s) on ${name} (${lang}):\n${describe(violations)}`).toEqual([]);
    });
  }
}

test('the hash reports are aria-busy="true" while they are measured, then not busy', async ({ page }) => {
  // The attribute is written by the markup writer: its value must be the word, not the word
  // in escaped quotes (axe: aria-valid-attr-value), which a scan after the run cannot see.
  // The page records every value the table's attribute takes from the start, so a run that
  // ends before the first look is still seen busy.
  await page.addInitScript(() => {
    window.busyValues = [];
    new MutationObserver(() => {
      const table = document.querySelector('.hash-reports');
      const value = table ? table.getAttribute('aria-busy') : undefined;
      if (table && window.busyValues.at(-1) !== value) window.busyValues.push(value);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await openApp(page, '?view=hashes&hq_size=20000');
  await expect(page.locator('.hash-reports tbody tr')).toHaveCount(19, { timeout: 30_000 });
  await expect(page.locator('.hash-reports')).not.toHaveAttribute('aria-busy');
  const values = await page.evaluate(() => window.busyValues);
  expect(values[0]).toBe('true');
  expect(values.at(-1)).toBeNull();
});
