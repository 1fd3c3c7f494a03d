import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openApp, nextStep } from './helpers.mjs';

/** name → string of one language: English from src/i18n/en.txt, which is compiled into the
 * page, the others from their files in static/i18n/, which the page fetches. */
function table(lang) {
  const entries = {};
  const path = lang === 'en' ? '../src/i18n/en.txt' : `../static/i18n/${lang}.txt`;
  const file = readFileSync(new URL(path, import.meta.url), 'utf8');
  for (const [, name, value] of file.matchAll(/^([a-z_0-9]+) = (.*)$/gm)) entries[name] = value;
  return entries;
}

const EN = table('en');
const VIEWS = ['visualizer', 'lab', 'calculator', 'sets', 'hashes'];
const STATE = 'm=16&k=3&add=a&add=b&add=c&add=d&add=e&query=apple';

for (const lang of ['zh', 'ja']) {
  test(`every view renders in ${lang} with no English string left`, async ({ page }) => {
    const words = table(lang);
    expect(Object.keys(words)).toEqual(Object.keys(EN));
    // English sentences that the translation changes; none may appear on the page.
    const english = Object.entries(EN)
      .filter(([name, value]) => words[name] !== value && value.length > 8)
      .map(([, value]) => value.split('{')[0].trim())
      .filter((prefix) => prefix.length > 8);
    for (const view of VIEWS) {
      const errors = await openApp(page, `?${STATE}&lang=${lang}&view=${view}&seta=a&setb=b`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('h1')).toHaveText(words.title);
      const body = await page.locator('body').innerText();
      const leaks = english.filter((prefix) => body.includes(prefix));
      expect(leaks, `${lang} ${view}`).toEqual([]);
      expect(errors).toEqual([]);
    }
    await openApp(page, `?${STATE}&lang=${lang}`);
    await page.locator('#item-field').fill('banana');
    await page.screenshot({ path: `artifacts/visualizer-${lang}.png`, fullPage: true });
  });
}

test('the language switch changes the page and the URL', async ({ page }) => {
  await openApp(page, `?${STATE}`);
  await expect(page.locator('h1')).toHaveText(EN.title);
  await page.selectOption('#lang', 'ja');
  await expect(page.locator('h1')).toHaveText(table('ja').title);
  await expect(page).toHaveURL(/lang=ja/);
  await expect(page.locator('[data-query-result]')).toContainText('「apple」');
  await page.screenshot({ path: 'artifacts/visualizer-en-to-ja.png' });
});

test.describe('a first visit follows the browser language', () => {
  test.use({ locale: 'zh-CN' });
  test('zh-CN browser', async ({ page }) => {
    await openApp(page);
    await expect(page.locator('h1')).toHaveText(table('zh').title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh');
  });
});

test('an unknown lang is named in a notice and English is used', async ({ page }) => {
  await openApp(page, '?lang=fr');
  await expect(page.locator('[data-notice-param="lang"]')).toBeVisible();
});

/** The English paragraphs and titles of every shipped lesson. */
function lessonEnglish() {
  const dir = new URL('../static/lessons/', import.meta.url);
  const files = readFileSync(new URL('index.txt', dir), 'utf8').split('\n')
    .map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  return files.flatMap((file) => readFileSync(new URL(file, dir), 'utf8').split('\n')
    .filter((line) => line.startsWith('en: ') || line.startsWith('title.en: '))
    .map((line) => line.slice(line.indexOf(':') + 2).split('{')[0].trim())
    .filter((prefix) => prefix.length > 12));
}

for (const lang of ['zh', 'ja']) {
  test(`every lesson step renders in ${lang} with no English sentence left`, async ({ page }) => {
    const words = table(lang);
    const english = [
      ...lessonEnglish(),
      ...Object.entries(EN)
        .filter(([name, value]) => words[name] !== value && value.length > 8)
        .map(([, value]) => value.split('{')[0].trim())
        .filter((prefix) => prefix.length > 8),
    ];
    for (const id of ['basics', 'false-positives', 'sizing', 'deleting', 'crawler']) {
      const errors = await openApp(page, `?lesson=${id}&lang=${lang}`);
      const lesson = page.locator('#lesson');
      const steps = Number(await lesson.getAttribute('data-steps'));
      for (let step = 1; step <= steps; step++) {
        await expect(lesson).toHaveAttribute('data-step', String(step));
        const body = await page.locator('body').innerText();
        expect(english.filter((prefix) => body.includes(prefix)), `${lang} ${id} step ${step}`).toEqual([]);
        if (step < steps) await nextStep(page);
      }
      expect(errors).toEqual([]);
    }
  });
}

test('a language file that cannot be fetched is named in a notice and the page keeps its language', async ({ page }) => {
  await page.route('**/i18n/ja.txt', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await openApp(page, `?${STATE}`);
  await page.selectOption('#lang', 'ja');
  const notices = page.locator('.notices:not(.save-note)');
  await expect(notices).toContainText('The 日本語 texts could not be loaded (i18n/ja.txt: HTTP 404)');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#lang')).toHaveValue('en');
  await expect(page.locator('h1')).toHaveText(EN.title);
  // Chinese still loads, and a page opened in Japanese falls back to English with the notice.
  await page.selectOption('#lang', 'zh');
  await expect(page.locator('h1')).toHaveText(table('zh').title);
  await openApp(page, `?${STATE}&lang=ja`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('i18n/ja.txt: HTTP 404');
  // The link still asks for Japanese: once the file can be fetched, a reload shows it.
  await expect(page).toHaveURL(/lang=ja/);
  await page.unroute('**/i18n/ja.txt');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('h1')).toHaveText(table('ja').title);
});

test('a language file written for other names is refused: swapped lines never reach the page', async ({ page }) => {
  // The Japanese file with its first two texts swapped: every line reads, and the header is
  // this page's; only the names, in the file's order, are not.
  const file = readFileSync(new URL('../static/i18n/ja.txt', import.meta.url), 'utf8');
  const lines = file.split('\n');
  const first = lines.findIndex((line) => line.startsWith('title = '));
  [lines[first], lines[first + 1]] = [lines[first + 1], lines[first]];
  await page.route('**/i18n/ja.txt', (route) => route.fulfill({ status: 200, body: lines.join('\n') }));
  await openApp(page, `?${STATE}`);
  await page.selectOption('#lang', 'ja');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('The 日本語 texts could not be loaded (i18n/ja.txt: written for other texts)');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#lang')).toHaveValue('en');
  await expect(page.locator('h1')).toHaveText(EN.title);
  await openApp(page, `?${STATE}&lang=ja`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('h1')).toHaveText(EN.title);
  await expect(page.locator('.notices:not(.save-note)')).toContainText('i18n/ja.txt: written for other texts');
});

test('a page opening in a language whose texts never arrive opens in English after 3 s', async ({ page }) => {
  await page.route('**/i18n/zh.txt', () => new Promise(() => {}));
  await page.goto(`/index.html?${STATE}&lang=zh`);
  await expect(page.locator('.app[data-ready="true"]')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.notices:not(.save-note)')).toContainText('i18n/zh.txt: no answer within 3000 ms');
  await expect(page.locator('[data-bit-set="1"]').first()).toBeVisible();
});
