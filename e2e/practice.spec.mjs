// Students doing the work: practice sets checked by the page (each kind answered right and
// wrong, by mouse and by keyboard), the quiz as a set of predictions, results posted to a
// course page, the timeline over the item log, and the record of every query. Every right
// answer is computed here from the page's own items with an independent murmur3.
import { test, expect } from '@playwright/test';
import { openApp, murmurPositions, sortedUnique } from './helpers.mjs';

const M = 32;
const K = 3;
const positions = (item) => murmurPositions(item, M, K);
const distinct = (item) => sortedUnique(positions(item));

/** The items listed beside the bit array, in their order. */
const listed = (page) => page.locator('.members li[data-item]').evaluateAll((li) => li.map((l) => l.dataset.item));
const exerciseItem = (page) => page.locator('#practice').getAttribute('data-exercise-item');
const kind = (page) => page.locator('#practice').getAttribute('data-exercise-kind');
const question = (page) => page.locator('#practice-question').innerText();

/** The right answer to the exercise on screen, from the items the page lists. */
async function rightAnswer(page) {
  const members = await listed(page);
  const item = await exerciseItem(page);
  const bits = new Set(members.flatMap(positions));
  switch (await kind(page)) {
    case 'place':
      return { cells: distinct(item) };
    case 'predict': {
      if (!positions(item).every((p) => bits.has(p))) return { answer: 'definitely-not' };
      return { answer: members.includes(item) ? 'member' : 'false-positive' };
    }
    case 'culprits':
      return {
        ticks: distinct(item).flatMap((bit) => members
          .map((member, i) => [member, i])
          .filter(([member]) => positions(member).includes(bit))
          .map(([, i]) => `#culprit-${bit}-${i}`)),
      };
    case 'read': {
      const x = await page.locator('#bit-array [data-bit-set="1"]').count();
      const text = await question(page);
      if (text.startsWith('How many bits')) return { number: String(x) };
      if (text.includes('fill')) return { number: String(x / M) };
      const n = members.length;
      return { number: String((1 - (1 - 1 / M) ** (K * n)) ** K) };
    }
    case 'size': {
      const [, n, p] = (await question(page)).match(/n = ([\d,]+) items.*p = ([\d.]+)\s*%/);
      const items = Number(n.replaceAll(',', ''));
      // 3 % more bits than the formula's optimum, at the best whole k, meets p with room.
      const m = Math.ceil(-items * Math.log(Number(p) / 100) / Math.LN2 ** 2 * 1.03);
      return { m: String(m), k: String(Math.round(m / items * Math.LN2)) };
    }
    case 'delete': {
      if (await page.locator('[id^="practice-counter-"]').count()) {
        const counts = await page.locator('#bit-array [data-count]').evaluateAll((cells) => cells.map((c) => Number(c.dataset.count)));
        return { counters: distinct(item).map((p) => String(counts[p] - positions(item).filter((q) => q === p).length)) };
      }
      const cleared = distinct(item);
      return {
        ticks: members.map((member, i) => [member, i])
          .filter(([member]) => member !== item && positions(member).some((p) => cleared.includes(p)))
          .map(([, i]) => `#lost-${i}`),
      };
    }
    default:
      throw new Error('no exercise');
  }
}

/** A wrong answer to the same exercise. */
function wrongAnswer(right) {
  if (right.cells) {
    const other = Array.from({ length: M }, (_, c) => c).find((c) => !right.cells.includes(c));
    return { cells: [...right.cells.slice(1), other] };
  }
  if (right.answer) return { answer: right.answer === 'member' ? 'false-positive' : 'member' };
  if (right.number) return { number: String(Number(right.number) * 1.5 + 1) };
  if (right.m) return { m: String(Math.floor(Number(right.m) * 0.7)), k: right.k };
  if (right.counters) return { counters: right.counters.map((c) => String(Number(c) + 1)) };
  // ticks: one too many (every checkbox), or one too few
  return { ticks: right.ticks.length ? right.ticks.slice(1) : null };
}

/** After a right answer by keyboard: Next has the focus, and Enter gives it to the next
 * question. */
async function nextByKeyboard(page) {
  await expect(page.locator('#practice-next')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#practice-question')).toBeFocused();
}

/** Tabs through the panel's checkboxes to Check, pressing Space on those in `ticks`, then
 * Enter on Check. */
async function tickByKeyboard(page, ticks) {
  for (;;) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.id);
    if (id === 'practice-submit') break;
    if (ticks.includes(`#${id}`)) await page.keyboard.press('Space');
  }
  await page.keyboard.press('Enter');
}

/** Enters `answer` with the mouse and Check. */
async function answerByMouse(page, answer) {
  if (answer.answer) return page.click(`[data-quiz-answer="${answer.answer}"]`);
  await enterAnswer(page, answer);
  await page.click('#practice-submit');
}

/** Enters `answer` with the mouse (cells, fields, ticks), without Check. */
async function enterAnswer(page, answer) {
  if (answer.cells) {
    const marked = await page.locator('#bit-array [data-picked="true"]').evaluateAll((cells) => cells.map((c) => Number(c.dataset.bitIndex)));
    for (const cell of new Set([...marked, ...answer.cells])) {
      if (marked.includes(cell) !== answer.cells.includes(cell)) await page.click(`#bit-array [data-bit-index="${cell}"]`);
    }
  }
  if (answer.number) await page.fill('#practice-number', answer.number);
  if (answer.m) {
    await page.fill('#practice-m', answer.m);
    await page.fill('#practice-k', answer.k);
  }
  if (answer.counters) {
    for (const [i, value] of answer.counters.entries()) await page.fill(`#practice-counter-${i}`, value);
  }
  if (answer.ticks !== undefined) {
    const boxes = page.locator('#practice input[type="checkbox"]');
    for (const id of await boxes.evaluateAll((b) => b.map((x) => `#${x.id}`))) {
      const wanted = answer.ticks === null ? true : answer.ticks.includes(id);
      await page.locator(id).setChecked(wanted);
    }
  }
}

test('every kind answered right by mouse scores; the summary counts each kind', async ({ page }) => {
  const errors = await openApp(page, '?practice=3');
  const practice = page.locator('#practice');
  const total = Number(await practice.getAttribute('data-total'));
  const kinds = [];
  for (let i = 1; i <= total; i++) {
    await expect(practice).toHaveAttribute('data-exercise-index', String(i));
    await expect(practice).toHaveAttribute('data-exercise-state', 'open');
    kinds.push(await kind(page));
    await answerByMouse(page, await rightAnswer(page));
    await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
    await expect(practice).toHaveAttribute('data-score', String(i));
    await page.click('#practice-next');
  }
  expect(new Set(kinds)).toEqual(new Set(['place', 'predict', 'culprits', 'read', 'size', 'delete']));
  await expect(page.locator('#practice-summary')).toBeVisible();
  await expect(practice).toHaveAttribute('data-score', String(total));
  const byKind = await page.locator('.practice-by-kind li').evaluateAll((li) => li.map((l) => [l.dataset.kind, l.dataset.right, l.dataset.done]));
  expect(byKind).toContainEqual(['delete', '2', '2']);
  await page.screenshot({ path: 'artifacts/practice-summary.png' });
  expect(errors).toEqual([]);
});

test('a wrong first attempt gets a hint and a second try that does not score; Show me reveals', async ({ page }) => {
  await openApp(page, '?practice=3');
  const practice = page.locator('#practice');
  const total = Number(await practice.getAttribute('data-total'));
  for (let i = 1; i <= total; i++) {
    const right = await rightAnswer(page);
    await answerByMouse(page, wrongAnswer(right));
    await expect(practice).toHaveAttribute('data-exercise-state', 'wrong');
    await expect(page.locator('#practice-hint')).toBeVisible();
    if (i === 1) {
      // The place exercise marks the wrong picks once it is over.
      await page.screenshot({ path: 'artifacts/practice-place-wrong.png' });
    }
    if (i % 2 === 0) {
      await answerByMouse(page, right);
      await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
    } else {
      await page.click('#practice-show');
      await expect(practice).toHaveAttribute('data-exercise-state', 'revealed');
    }
    await expect(practice).toHaveAttribute('data-score', '0');
    await page.click('#practice-next');
  }
  await expect(page.locator('#practice-summary')).toBeVisible();
});

test('every kind works with the keyboard alone: grid cursor and Space, Tab, Enter', async ({ page }) => {
  await openApp(page, '?practice=3');
  const practice = page.locator('#practice');
  // place: the grid's cursor and Space mark each cell; Check is a Tab away
  const { cells } = await rightAnswer(page);
  await page.locator('#bit-array .bit-grid').focus();
  await page.keyboard.press('Home');
  let at = 0;
  for (const cell of cells) {
    for (; at < cell; at++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
  }
  const marked = await page.locator('#bit-array [data-picked="true"]').evaluateAll((c) => c.map((x) => Number(x.dataset.bitIndex)));
  expect(marked).toEqual(cells);
  await page.locator('#practice-submit').focus();
  await page.keyboard.press('Enter');
  await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
  // Next takes the focus to the next question.
  await nextByKeyboard(page);
  // predict: Tab to the answer, Enter
  const { answer } = await rightAnswer(page);
  while (!(await page.evaluate((a) => document.activeElement?.dataset?.quizAnswer === a, answer))) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
  await nextByKeyboard(page);
  // culprits: Tab through the checkboxes, Space on the right ones, Check with Enter
  await tickByKeyboard(page, (await rightAnswer(page)).ticks);
  await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
  await nextByKeyboard(page);
  // read: type the number, Enter checks it
  const { number } = await rightAnswer(page);
  await page.keyboard.press('Tab');
  await expect(page.locator('#practice-number')).toBeFocused();
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
  await nextByKeyboard(page);
  // size: m, Tab, k, Enter
  const size = await rightAnswer(page);
  await page.keyboard.press('Tab');
  await page.keyboard.type(size.m);
  await page.keyboard.press('Tab');
  await page.keyboard.type(size.k);
  await page.keyboard.press('Enter');
  await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
  await nextByKeyboard(page);
  // delete, counters: each field in turn, Enter checks
  const { counters } = await rightAnswer(page);
  for (const value of counters) {
    await page.keyboard.press('Tab');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
  await nextByKeyboard(page);
  // delete, items lost: Space on the right checkboxes, Enter on Check
  await tickByKeyboard(page, (await rightAnswer(page)).ticks);
  await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
  await expect(practice).toHaveAttribute('data-score', '7');
});

test('a rate is accepted within 2 % and refused beyond; a whole number only exactly', async ({ page }) => {
  // seeds whose read exercise asks for each figure
  const asked = new Set();
  for (const seed of [1, 2, 4, 5, 6, 7, 8, 9, 10]) {
    await openApp(page, `?practice=${seed}`);
    for (let i = 0; i < 3; i++) {
      await page.click('#practice-show');
      await page.click('#practice-next');
    }
    if (await kind(page) !== 'read') continue;
    const { number } = await rightAnswer(page);
    const value = Number(number);
    const text = await question(page);
    const whole = text.startsWith('How many bits');
    asked.add(whole ? 'whole' : 'rate');
    // not a number: said beside the field, no attempt counted
    await page.fill('#practice-number', 'abc');
    await page.click('#practice-submit');
    await expect(page.locator('#practice-number-unreadable')).toBeVisible();
    await expect(page.locator('#practice')).toHaveAttribute('data-exercise-state', 'open');
    await page.fill('#practice-number', String(whole ? value + 0.5 : value * 1.025));
    await page.click('#practice-submit');
    await expect(page.locator('#practice')).toHaveAttribute('data-exercise-state', 'wrong');
    await page.fill('#practice-number', whole ? String(value) : `${(value * 101.5).toFixed(6)} %`);
    await page.click('#practice-submit');
    await expect(page.locator('#practice')).toHaveAttribute('data-exercise-state', 'correct');
  }
  expect([...asked].sort()).toEqual(['rate', 'whole']);
});

/** Opens the set `seed` and shows and passes exercises until one of the `wanted` kind is
 * asked (for `delete`, the one with counter fields). */
async function openKind(page, seed, wanted) {
  await openApp(page, `?practice=${seed}`);
  for (;;) {
    const asked = await kind(page);
    if (!asked) throw new Error(`no ${wanted} exercise in set ${seed}`);
    if (asked === wanted && (wanted !== 'delete' || await page.locator('#practice-counter-0').count())) return;
    await page.click('#practice-show');
    await page.click('#practice-next');
  }
}

/** The ids of the number fields of the exercise on screen. */
const numberFields = (page) => page.locator('#practice-form input[type="text"]').evaluateAll((f) => f.map((x) => `#${x.id}`));

test('"twelve" in every number field gets a message beside it and costs no attempt', async ({ page }) => {
  for (const wanted of ['read', 'size', 'delete']) {
    await openKind(page, 3, wanted);
    const practice = page.locator('#practice');
    const score = Number(await practice.getAttribute('data-score'));
    const right = await rightAnswer(page);
    const fields = await numberFields(page);
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      // the other fields right, this one a word: only this one is named
      await enterAnswer(page, right);
      await page.fill(field, 'twelve');
      await page.click('#practice-submit');
      await expect(page.locator(`${field}-unreadable`)).toBeVisible();
      await expect(page.locator(`${field}-unreadable`)).toContainText('Not a number');
      await expect(page.locator(field)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('[id$="-unreadable"]')).toHaveCount(1);
      await expect(practice).toHaveAttribute('data-exercise-state', 'open');
      if (field === fields.at(-1)) await page.screenshot({ path: `artifacts/practice-unreadable-${wanted}.png` });
    }
    // then the right answer is still the first attempt, and scores
    await answerByMouse(page, right);
    await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
    await expect(practice).toHaveAttribute('data-score', String(score + 1));
    await expect(page.locator('[id$="-unreadable"]')).toHaveCount(0);
  }
});

test('the revealed answer typed back as the page writes it is right, for every number kind', async ({ page }) => {
  // about twenty sets opened, one answer each
  test.setTimeout(240_000);
  // Each read figure, the size and the counters: "Show me" once to read the page's answer.
  const cases = [];
  const figures = new Set();
  for (let seed = 1; seed <= 10 && figures.size < 3; seed++) {
    await openKind(page, seed, 'read');
    const text = await question(page);
    const figure = text.startsWith('How many bits') ? 'bits' : text.startsWith('What is the fill') ? 'fill' : 'rate';
    if (figures.has(figure)) continue;
    figures.add(figure);
    await page.click('#practice-show');
    const working = await page.locator('#practice-working').innerText();
    if (figure === 'bits') {
      cases.push([seed, 'read', [{ number: working.match(/X = ([\d,]+)/)[1] }]]);
      continue;
    }
    // the working's rounded value, the Figures panel's, and that as a percentage with the
    // sign, without its space, and without the sign
    const worked = working.match(/= (\d[\d.]*\d)\.?\s*$/)[1];
    const shown = (await page.locator(`#stats [data-stat="${figure === 'fill' ? 'fill' : 'fpr'}"]`).innerText()).trim();
    const pct = figure === 'fill' ? `${+(Number(shown) * 100).toFixed(2)}\u00a0%` : shown;
    expect(pct).toMatch(/^[\d.]+\s%$/);
    const bare = pct.replace(/\s*%$/, '');
    cases.push([seed, 'read', [worked, shown, pct, pct.replace(/\s/, ''), bare].map((number) => ({ number }))]);
  }
  expect([...figures].sort()).toEqual(['bits', 'fill', 'rate']);
  await openKind(page, 3, 'size');
  await page.click('#practice-show');
  const sizing = await page.locator('#practice-working').innerText();
  const [, m, k] = sizing.match(/is ([\d,]+), with k = (\d+)/);
  const [, textbookM, textbookK] = sizing.match(/give m = ([\d,]+), k = (\d+)/);
  expect(m).toContain(',');
  cases.push([3, 'size', [{ m, k }, { m: m.replaceAll(',', ''), k }, { m: textbookM, k: textbookK }]]);
  await openKind(page, 3, 'delete');
  await page.click('#practice-show');
  const counting = await page.locator('#practice-working').innerText();
  cases.push([3, 'delete', [{ counters: [...counting.matchAll(/Counter \d+ reads (\d+)/g)].map((c) => c[1]) }]]);
  for (const [seed, wanted, answers] of cases) {
    for (const answer of answers) {
      await openKind(page, seed, wanted);
      await answerByMouse(page, answer);
      await expect(page.locator('#practice'), `${wanted} ${JSON.stringify(answer)}`).toHaveAttribute('data-exercise-state', 'correct');
    }
  }
});

test('the quiz is ten predictions on its own filter: bits hidden until answered, the same on reload, the page\'s filter back after', async ({ page }) => {
  await openApp(page, '?m=64&k=4&add=mine&quiz=42');
  const practice = page.locator('#practice');
  await expect(practice).toHaveAttribute('data-total', '10');
  await expect(page.locator('#field-m')).toHaveValue('32');
  const asked = [];
  for (let i = 1; i <= 10; i++) {
    const item = await exerciseItem(page);
    asked.push(item);
    // The question's positions are outlined; nothing gives the answer away before it.
    const outlined = await page.locator('#bit-array .cell.probe').evaluateAll((cells) =>
      cells.map((c) => Number(c.dataset.bitIndex)).sort((x, y) => x - y));
    expect(outlined).toEqual(distinct(item));
    await expect(page.locator('[data-query-result]')).toHaveCount(0);
    await expect(page.locator('.hash-table th')).toHaveCount(3);
    const { answer } = await rightAnswer(page);
    await page.click(`[data-quiz-answer="${answer}"]`);
    await expect(page.locator('[data-query-result]')).toBeVisible();
    await expect(page.locator('.hash-table th')).toHaveCount(4);
    await page.click('#practice-next');
  }
  await expect(practice).toHaveAttribute('data-score', '10');
  await expect(page).toHaveURL(/quiz=42/);
  await expect(page).toHaveURL(/add=mine/);
  await page.reload();
  const again = [];
  for (let i = 0; i < 10; i++) {
    again.push(await exerciseItem(page));
    await page.click('#practice-show');
    await page.click('#practice-next');
  }
  expect(again).toEqual(asked);
  await page.click('#practice-stop');
  await expect(page.locator('#practice')).toHaveCount(0);
  await expect(page.locator('#field-m')).toHaveValue('64');
  expect(await listed(page)).toEqual(['mine']);
});

test('while practising the filter cannot change; ending the set brings the page\'s filter back', async ({ page }) => {
  await openApp(page, '?m=64&k=4&add=apple&add=pear');
  await page.click('#practice-open');
  await expect(page.locator('#practice')).toHaveAttribute('data-exercise-kind', 'place');
  await expect(page).toHaveURL(/practice=1/);
  await expect(page).toHaveURL(/add=pear/);
  await page.fill('#item-field', 'lime');
  await page.click('#add-button');
  await expect(page.locator('.message')).toContainText('end the practice');
  expect(await listed(page)).not.toContain('lime');
  await page.click('#practice-open');
  await expect(page.locator('#practice')).toHaveCount(0);
  expect(await listed(page)).toEqual(['apple', 'pear']);
  await expect(page).not.toHaveURL(/practice=/);
});

test('an embedded practice posts each result and the summary to its parent page', async ({ page, baseURL }) => {
  await page.setContent(`<!DOCTYPE html><html><body><script>
      window.received = [];
      addEventListener('message', (e) => { if (String(e.data?.type).startsWith('bloomlab:') && e.data.type !== 'bloomlab:height') received.push(e.data); });
    </script><iframe id="frame" src="${baseURL}/index.html?embed=1&practice=11" style="width:1000px;height:900px"></iframe></body></html>`);
  const frame = page.frameLocator('#frame');
  await expect(frame.locator('#practice')).toBeVisible();
  const total = Number(await frame.locator('#practice').getAttribute('data-total'));
  // the first exercise answered wrong then right, the others shown
  await frame.locator('#bit-array [data-bit-index="0"]').click();
  await frame.locator('#bit-array [data-bit-index="1"]').click();
  await frame.locator('#practice-submit').click();
  await frame.locator('#practice-show').click();
  for (let i = 1; i < total; i++) {
    await frame.locator('#practice-next').click();
    await frame.locator('#practice-show').click();
  }
  await expect.poll(() => page.evaluate(() => window.received.length)).toBe(total + 1).catch(async (e) => {
    console.log(JSON.stringify(await page.evaluate(() => window.received)));
    throw e;
  });
  const received = await page.evaluate(() => window.received);
  const first = received[0];
  expect(first).toEqual({ type: 'bloomlab:result', version: 1, seed: 11, index: 1, kind: 'place', correct: false, attempts: 1, revealed: true, score: 0, total });
  received.slice(0, total).forEach((r, i) => {
    expect(r.type).toBe('bloomlab:result');
    expect(r.index).toBe(i + 1);
    expect(r.correct).toBe(false);
    expect(r.revealed).toBe(true);
  });
  const summary = received[total];
  expect(summary.type).toBe('bloomlab:summary');
  expect(Object.keys(summary).sort()).toEqual(['byKind', 'score', 'seed', 'total', 'type', 'version']);
  expect(summary).toMatchObject({ version: 1, seed: 11, score: 0, total });
  expect(summary.byKind.delete).toEqual({ score: 0, total: 2 });
});

test('practice_kinds and practice_n choose the kinds and number of a set, and bad values are named', async ({ page }) => {
  await openApp(page, '?practice=5&practice_kinds=size,place&practice_n=4');
  await expect(page.locator('#practice')).toHaveAttribute('data-total', '4');
  const asked = [];
  for (let i = 0; i < 4; i++) {
    asked.push(await kind(page));
    await page.locator('#practice-show').click();
    await page.locator('#practice-next').click();
  }
  expect(asked).toEqual(['place', 'size', 'place', 'size']);
  await expect(page.locator('#practice-summary')).toBeVisible();
  // the link keeps the choice, and "New set" too
  await expect(page).toHaveURL(/practice_kinds=place%2Csize|practice_kinds=place,size/);
  await expect(page).toHaveURL(/practice_n=4/);
  await page.locator('#practice-new').click();
  await expect(page.locator('#practice')).toHaveAttribute('data-total', '4');
  await expect(page.locator('#practice')).toHaveAttribute('data-exercise-kind', 'place');

  await openApp(page, '?practice=5&practice_kinds=place,colour&practice_n=21');
  await expect(page.locator('[data-notice-param="practice_kinds"]')).toContainText('colour');
  await expect(page.locator('[data-notice-param="practice_n"]')).toContainText('20');
  await expect(page.locator('[data-notice-param]')).toHaveCount(2);
  // the known kind is kept; the count falls back to one round of it
  await expect(page.locator('#practice')).toHaveAttribute('data-total', '1');
  await expect(page.locator('#practice')).toHaveAttribute('data-exercise-kind', 'place');
});

test('the example course page keeps a running score from its practice frame', async ({ page }) => {
  await page.goto('/embed-example.html');
  const frame = page.frameLocator('#practice iframe');
  await expect(frame.locator('#practice')).toBeVisible();
  await frame.locator('#practice-show').click();
  await frame.locator('#practice-next').click();
  await frame.locator('[data-quiz-answer="member"]').click();
  await expect(page.locator('#results li')).toHaveCount(1);
  await expect(page.locator('#results li').first()).toHaveAttribute('data-kind', 'place');
  await page.locator('#practice iframe').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/embed-practice.png' });
});

test('the example course page lists a revealed exercise as revealed', async ({ page }) => {
  await page.goto('/embed-example.html');
  const frame = page.frameLocator('#practice iframe');
  await expect(frame.locator('#practice')).toBeVisible();
  const results = page.locator('#results li');
  // place: "Show me" before any attempt
  await frame.locator('#practice-show').click();
  await expect(results).toHaveCount(1);
  await expect(results.nth(0)).toHaveAttribute('data-revealed', 'true');
  await expect(results.nth(0)).toHaveText('place: revealed with “Show me” before any attempt');
  // predict: "Show me" too; culprits: two wrong attempts (nothing ticked) reveal it
  await frame.locator('#practice-next').click();
  await frame.locator('#practice-show').click();
  await frame.locator('#practice-next').click();
  await expect(frame.locator('#practice')).toHaveAttribute('data-exercise-kind', 'culprits');
  await frame.locator('#practice-submit').click();
  await expect(frame.locator('#practice')).toHaveAttribute('data-exercise-state', 'wrong');
  await frame.locator('#practice-submit').click();
  await expect(results).toHaveCount(3);
  await expect(results.nth(2)).toHaveAttribute('data-revealed', 'true');
  await expect(results.nth(2)).toHaveText('culprits: revealed after 2 attempts');
  await expect(results.filter({ hasText: '0 attempts' })).toHaveCount(0);
  await page.locator('#results').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'artifacts/embed-practice-revealed.png' });
});

test('the timeline shows the filter after t operations, with the keyboard, and Now loses nothing', async ({ page }) => {
  const items = ['apple', 'pear', 'plum', 'fig', 'kiwi'];
  await openApp(page, `?m=${M}&k=${K}&${items.map((i) => `add=${i}`).join('&')}`);
  const url = page.url();
  const timeline = page.locator('.timeline');
  await expect(timeline).toHaveAttribute('data-t', '5');
  await expect(timeline).toHaveAttribute('data-t-max', '5');
  const setBits = () => page.locator('#bit-array [data-bit-set="1"]').evaluateAll((c) => c.map((x) => Number(x.dataset.bitIndex)));
  await page.focus('#timeline');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(timeline).toHaveAttribute('data-t', '3');
  await expect.poll(setBits).toEqual(sortedUnique(items.slice(0, 3).flatMap(positions)));
  // the operation at t is the item shown
  await expect(page.locator('[data-strip-item]')).toHaveAttribute('data-strip-item', 'plum');
  await page.keyboard.press('Home');
  await expect(timeline).toHaveAttribute('data-t', '0');
  await expect.poll(setBits).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect.poll(setBits).toEqual(distinct('apple'));
  // moving along the timeline leaves the address bar as it was
  expect(page.url()).toBe(url);
  // a query asks the filter as it was then
  await page.fill('#item-field', 'pear');
  await page.click('#query-button');
  await expect(page.locator('[data-query-result]')).not.toHaveAttribute('data-query-result', 'probably');
  await expect(timeline).toHaveAttribute('data-t', '1');
  await page.screenshot({ path: 'artifacts/timeline.png' });
  // the cell inspector lists the operations that touched a cell
  const cell = positions('kiwi')[0];
  await page.click('#timeline-now');
  await expect(timeline).toHaveAttribute('data-t', '5');
  await page.click(`#bit-array [data-bit-index="${cell}"]`);
  await expect(page.locator('.cell-inspector')).toContainText('#5 add “kiwi” → 1');
  expect(await listed(page)).toEqual(items);
  await expect.poll(setBits).toEqual(sortedUnique(items.flatMap(positions)));
  // the items in the link are those it had (the query asked is in it too)
  await expect.poll(() => new URL(page.url()).searchParams.getAll('add')).toEqual(items);
});

test('every query goes into the record and its confusion matrix', async ({ page }) => {
  await openApp(page, `?m=${M}&k=${K}&add=apple&add=pear&add=plum&add=fig&add=kiwi&add=lime`);
  const members = await listed(page);
  const bits = new Set(members.flatMap(positions));
  const words = Array.from({ length: 400 }, (_, i) => `w${i}`);
  const fp = words.find((w) => positions(w).every((p) => bits.has(p)));
  const absent = words.find((w) => !positions(w).every((p) => bits.has(p)));
  for (const item of ['apple', fp, absent, absent]) {
    await page.fill('#item-field', item);
    await page.click('#query-button');
  }
  // a naive delete of "pear" makes every item sharing one of its bits a false negative
  await page.locator('details.more summary, #more-toggle').first().click().catch(() => {});
  const cleared = distinct('pear');
  const lost = members.filter((m) => m !== 'pear' && positions(m).some((p) => cleared.includes(p)));
  await page.locator('.members [data-item="pear"] button', { hasText: 'Naive delete' }).click();
  for (const item of lost) {
    await page.fill('#item-field', item);
    await page.click('#query-button');
  }
  const record = page.locator('#query-record');
  await expect(record).toHaveAttribute('data-tp', '1');
  await expect(record).toHaveAttribute('data-fp', '1');
  await expect(record).toHaveAttribute('data-tn', '2');
  await expect(record).toHaveAttribute('data-fn', String(lost.length));
  await expect(record).toContainText('False positives among the 3 queries for items never added: 1');
  await record.screenshot({ path: 'artifacts/query-record.png' });
});

test('lesson 1 ends with three exercises, and ending them gives the lesson its filter back', async ({ page }) => {
  await openApp(page, '?lesson=basics&step=9');
  const practice = page.locator('#practice');
  await expect(practice).toHaveAttribute('data-total', '3');
  await expect(practice).toHaveAttribute('data-exercise-kind', 'place');
  await expect(page.locator('#lesson')).not.toHaveAttribute('data-lesson-diverged', 'true');
  for (const expected of ['place', 'predict', 'culprits']) {
    await expect(practice).toHaveAttribute('data-exercise-kind', expected);
    await answerByMouse(page, await rightAnswer(page));
    await expect(practice).toHaveAttribute('data-exercise-state', 'correct');
    await page.click('#practice-next');
  }
  await expect(practice).toHaveAttribute('data-score', '3');
  await page.click('#practice-stop');
  await expect(page.locator('#field-m')).toHaveValue('16');
  await expect(page.locator('#lesson')).not.toHaveAttribute('data-lesson-diverged', 'true');
});
