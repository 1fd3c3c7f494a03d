// The SCORM 1.2 packages (scripts/scorm.mjs, docs/scorm.md): each package of the built site
// is unzipped into a folder served on its own path, and launched in a frame of a test page
// whose `window.API` is scorm-again's SCORM 1.2 run-time, as an LMS provides it. The test
// works through the set and checks what the launch page tells the LMS: the score, the
// status against the mastery score, the session time, the suspend data that resumes the set,
// each commit and LMSFinish; two students get two sets, each the same every time; the
// manifest names every file; without an LMS the set runs and says so.
import { test, expect } from '@playwright/test';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { serve } from './serve.mjs';
import { murmurPositions } from './helpers.mjs';
import { DEFAULT_ASSIGNMENTS, writePackage } from '../scripts/scorm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PREDICT = { name: 'predict', title: 'Three predictions', assign: 'practice=7&practice_kinds=predict&practice_n=3&mastery=60' };

// The LMS: scorm-again's API with the student's id (and a saved session's suspend data),
// every call recorded in `calls`, and the package's launch page in a frame.
const LMS_PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>LMS</title></head><body>
<script src="scorm12.js"></script>
<script>
  const q = new URLSearchParams(location.search);
  window.calls = [];
  const api = new Scorm12API({ autocommit: false, logLevel: 5 });
  const core = { student_id: q.get('student'), student_name: 'Student, Test' };
  api.loadFromJSON(q.has('suspend') ? { core, suspend_data: q.get('suspend') } : { core });
  for (const name of ['LMSInitialize', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish']) {
    const call = api[name].bind(api);
    api[name] = (...args) => { const result = call(...args); window.calls.push([name, ...args]); return result; };
  }
  window.API = api;
  const frame = document.createElement('iframe');
  frame.id = 'sco';
  frame.style.cssText = 'width: 1300px; height: 950px';
  frame.src = '/pkg/' + q.get('pkg') + '/launch.html';
  document.body.append(frame);
</script></body></html>`;

let dir;
let server;
let base;
const packages = {};

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bloomlab-scorm-'));
  for (const job of [...DEFAULT_ASSIGNMENTS, PREDICT]) {
    const zip = writePackage({ site: join(root, 'dist'), out: join(dir, 'zips'), ...job });
    packages[job.name] = unzipSync(readFileSync(zip));
    for (const [name, bytes] of Object.entries(packages[job.name])) {
      const path = join(dir, 'srv', 'pkg', job.name, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    }
  }
  mkdirSync(join(dir, 'srv', 'lms'), { recursive: true });
  copyFileSync(join(root, 'node_modules/scorm-again/dist/scorm12.min.js'), join(dir, 'srv/lms/scorm12.js'));
  writeFileSync(join(dir, 'srv/lms/index.html'), LMS_PAGE);
  server = await serve(join(dir, 'srv'));
  base = `http://127.0.0.1:${server.address().port}`;
});

test.afterAll(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Opens the LMS page with a package for a student; returns the practice page's frame. */
async function launch(page, pkg, student, suspend) {
  const query = new URLSearchParams({ pkg, student });
  if (suspend) query.set('suspend', suspend);
  await page.goto(`${base}/lms/index.html?${query}`);
  const practice = page.frameLocator('#sco').frameLocator('#scorm-frame');
  await expect(practice.locator('#practice')).toBeVisible();
  return practice;
}

/** The right answer to the prediction on screen, from the items the page lists. */
async function rightPrediction(practice) {
  const members = await practice.locator('.members li[data-item]').evaluateAll((li) => li.map((l) => l.dataset.item));
  const item = await practice.locator('#practice').getAttribute('data-exercise-item');
  const bits = new Set(members.flatMap((m) => murmurPositions(m, 32, 3)));
  if (!murmurPositions(item, 32, 3).every((p) => bits.has(p))) return 'definitely-not';
  return members.includes(item) ? 'member' : 'false-positive';
}

const wrongPrediction = (right) => (right === 'member' ? 'definitely-not' : 'member');

async function predict(practice, answer) {
  await practice.locator(`[data-quiz-answer="${answer}"]`).click();
}

/** The values set for `element`, in order. */
const setValues = (calls, element) => calls.filter((c) => c[0] === 'LMSSetValue' && c[1] === element).map((c) => c[2]);

/** Ends the session as a student leaving does: the launch page's frame goes. */
async function leave(page) {
  await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
  await expect.poll(() => page.evaluate(() => window.calls.some((c) => c[0] === 'LMSFinish'))).toBe(true);
  return page.evaluate(() => window.calls);
}

test('a student working through the set is scored, passes at the mastery score, and LMSFinish ends it', async ({ page }) => {
  const practice = await launch(page, 'predict', 'alice');
  await expect(page.frameLocator('#sco').locator('#scorm-status')).toHaveAttribute('data-lms', 'found');
  // right; wrong then right; right: 2 of 3 first attempts, 67 ≥ 60
  await predict(practice, await rightPrediction(practice));
  await practice.locator('#practice-next').click();
  const right = await rightPrediction(practice);
  await predict(practice, wrongPrediction(right));
  await predict(practice, right);
  await practice.locator('#practice-next').click();
  await predict(practice, await rightPrediction(practice));
  await expect.poll(() => page.evaluate(() => window.API.cmi.core.lesson_status)).toBe('passed');
  const calls = await leave(page);
  expect(calls[0][0]).toBe('LMSInitialize');
  expect(setValues(calls, 'cmi.core.score.min')).toEqual(['0']);
  expect(setValues(calls, 'cmi.core.score.max')).toEqual(['100']);
  expect(setValues(calls, 'cmi.core.score.raw')).toEqual(['33', '33', '67', '67']);
  expect(setValues(calls, 'cmi.core.lesson_status')).toEqual(['incomplete', 'incomplete', 'incomplete', 'passed']);
  for (const time of setValues(calls, 'cmi.core.session_time')) expect(time).toMatch(/^\d{4}:\d\d:\d\d\.\d\d$/);
  const suspend = JSON.parse(setValues(calls, 'cmi.suspend_data').at(-1));
  expect(suspend.done).toEqual(['1', '2', '1']);
  // a commit after each exercise (and the summary), and one at the end before LMSFinish
  const names = calls.map((c) => c[0]).filter((n) => n === 'LMSCommit' || n === 'LMSFinish');
  expect(names).toEqual(['LMSCommit', 'LMSCommit', 'LMSCommit', 'LMSCommit', 'LMSCommit', 'LMSFinish']);
  expect(calls.at(-1)[0]).toBe('LMSFinish');
});

test('a score below the mastery score fails', async ({ page }) => {
  const practice = await launch(page, 'predict', 'bob');
  for (let i = 0; i < 3; i++) {
    if (i) await practice.locator('#practice-next').click();
    await practice.locator('#practice-show').click();
  }
  await expect.poll(() => page.evaluate(() => window.API.cmi.core.lesson_status)).toBe('failed');
  expect(await page.evaluate(() => window.API.cmi.core.score.raw)).toBe('0');
  await leave(page);
});

test('the suspend data resumes the set at the same exercise with the same answers', async ({ page }) => {
  let practice = await launch(page, 'predict', 'carol');
  await predict(practice, await rightPrediction(practice));
  await practice.locator('#practice-next').click();
  const second = await practice.locator('#practice').getAttribute('data-exercise-item');
  const calls = await leave(page);
  const suspend = setValues(calls, 'cmi.suspend_data').at(-1);
  expect(JSON.parse(suspend).done).toEqual(['1']);
  expect(calls.filter((c) => c[0] === 'LMSSetValue' && c[1] === 'cmi.core.exit').map((c) => c[2])).toEqual(['suspend']);

  practice = await launch(page, 'predict', 'carol', suspend);
  await expect(practice.locator('#practice')).toHaveAttribute('data-exercise-index', '2');
  await expect(practice.locator('#practice')).toHaveAttribute('data-score', '1');
  await expect(practice.locator('#practice')).toHaveAttribute('data-exercise-item', second);
  await predict(practice, await rightPrediction(practice));
  await practice.locator('#practice-next').click();
  await predict(practice, await rightPrediction(practice));
  await expect.poll(() => page.evaluate(() => window.API.cmi.core.lesson_status)).toBe('passed');
  expect(await page.evaluate(() => window.API.cmi.core.score.raw)).toBe('100');
  expect(JSON.parse(await page.evaluate(() => window.API.cmi.suspend_data)).done).toEqual(['1', '1', '1']);
  await leave(page);
});

test("lesson 1's package: the student's own set at its practice step, completed without a mastery score, resumed at that step", async ({ page }) => {
  const open = async (suspend) => {
    const query = new URLSearchParams({ pkg: 'lesson-1', student: 'erin' });
    if (suspend) query.set('suspend', suspend);
    await page.goto(`${base}/lms/index.html?${query}`);
    return page.frameLocator('#sco').frameLocator('#scorm-frame');
  };
  let lesson = await open();
  await expect(lesson.locator('#lesson')).toBeVisible();
  while (!(await lesson.locator('#practice').isVisible())) await lesson.locator('#lesson-next').click();
  const seed = await lesson.locator('#practice').getAttribute('data-practice-seed');
  expect(seed).not.toBe('1');
  await lesson.locator('#practice-show').click();
  await lesson.locator('#practice-next').click();
  const second = await lesson.locator('#practice').getAttribute('data-exercise-item');
  let calls = await leave(page);
  const suspend = setValues(calls, 'cmi.suspend_data').at(-1);
  expect(JSON.parse(suspend)).toEqual({ seed: Number(seed), done: ['0s'] });
  expect(setValues(calls, 'cmi.core.lesson_status')).toEqual(['incomplete', 'incomplete']);

  lesson = await open(suspend);
  await expect(lesson.locator('#practice')).toHaveAttribute('data-exercise-index', '2');
  await expect(lesson.locator('#practice')).toHaveAttribute('data-practice-seed', seed);
  await expect(lesson.locator('#practice')).toHaveAttribute('data-exercise-item', second);
  for (let i = 0; i < 2; i++) {
    if (i) await lesson.locator('#practice-next').click();
    await lesson.locator('#practice-show').click();
  }
  await expect.poll(() => page.evaluate(() => window.API.cmi.core.lesson_status)).toBe('completed');
  calls = await leave(page);
  expect(setValues(calls, 'cmi.core.score.raw').at(-1)).toBe('0');
});

test('two students get two sets, each the same on a second launch, and the teacher can open either', async ({ page }) => {
  const firstItems = async (student) => {
    const practice = await launch(page, 'practice', student);
    const set = {
      item: await practice.locator('#practice').getAttribute('data-exercise-item'),
      members: await practice.locator('.members li[data-item]').evaluateAll((li) => li.map((l) => l.dataset.item)),
      status: await page.frameLocator('#sco').locator('#scorm-status').innerText(),
    };
    await leave(page);
    return set;
  };
  const alice = await firstItems('alice');
  const dave = await firstItems('dave');
  expect(dave.members).not.toEqual(alice.members);
  expect(await firstItems('alice')).toEqual(alice);
  expect(await firstItems('dave')).toEqual(dave);
  // without an LMS, ?student_id= shows that student's set
  await page.goto(`${base}/pkg/practice/launch.html?student_id=alice`);
  const teacher = page.frameLocator('#scorm-frame');
  await expect(teacher.locator('#practice')).toHaveAttribute('data-exercise-item', alice.item);
  const seed = await teacher.locator('#practice').getAttribute('data-practice-seed');
  await expect(page.locator('#scorm-status')).toHaveText(
    `No learning management system was found: this is the set of student alice (seed ${seed}), and no score is recorded.`);
});

test('the manifest is SCORM 1.2 XML that names every file of its package', async ({ page }) => {
  await page.goto(`${base}/lms/index.html?pkg=none&student=x`);
  const expected = { practice: '80', 'lesson-1': null, predict: '60' };
  for (const [name, files] of Object.entries(packages)) {
    const xml = new TextDecoder().decode(files['imsmanifest.xml']);
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const cp = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
      const adlcp = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
      const resources = doc.getElementsByTagNameNS(cp, 'resource');
      return {
        error: doc.getElementsByTagName('parsererror').length,
        root: [doc.documentElement.namespaceURI, doc.documentElement.localName],
        version: doc.getElementsByTagNameNS(cp, 'schemaversion')[0]?.textContent,
        organizations: doc.getElementsByTagNameNS(cp, 'organization').length,
        resources: resources.length,
        scormType: resources[0].getAttributeNS(adlcp, 'scormtype'),
        href: resources[0].getAttribute('href'),
        mastery: doc.getElementsByTagNameNS(adlcp, 'masteryscore')[0]?.textContent ?? null,
        files: [...doc.getElementsByTagNameNS(cp, 'file')].map((f) => f.getAttribute('href')),
      };
    }, xml);
    expect(read).toMatchObject({ error: 0, root: ['http://www.imsproject.org/xsd/imscp_rootv1p1p2', 'manifest'], version: '1.2', organizations: 1, resources: 1, scormType: 'sco', href: 'launch.html' });
    expect(read.mastery, name).toBe(expected[name]);
    const held = Object.keys(files).filter((f) => f !== 'imsmanifest.xml' && !f.endsWith('/')).sort();
    expect([...read.files].sort(), name).toEqual(held);
    expect(held).toContain('index.html');
    expect(held).toContain('launch.js');
  }
});

test('the launch page without an LMS says so and runs the plain practice set', async ({ page }) => {
  await page.goto(`${base}/pkg/practice/launch.html`);
  const status = page.locator('#scorm-status');
  await expect(status).toHaveAttribute('data-lms', 'none');
  await expect(status).toContainText('No learning management system');
  const practice = page.frameLocator('#scorm-frame');
  await expect(practice.locator('#practice')).toBeVisible();
  await practice.locator('#practice-show').click();
  await expect(practice.locator('#practice')).toHaveAttribute('data-exercise-state', 'revealed');
  // the lesson's package opens lesson 1 the same way
  await page.goto(`${base}/pkg/lesson-1/launch.html`);
  await expect(page.frameLocator('#scorm-frame').locator('#lesson')).toBeVisible();
});
