// What the benchmark scripts share: headless Chromium as this machine runs it, and a record
// of the browser's long tasks (over 50 ms) from the start of every page.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Launches the system Chromium, headless, without GPU or background networking. */
export function launch() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** Makes every page `page` opens record its long tasks as [startTime, duration] pairs in
 * `window.__longTasks` (a PerformanceObserver, buffered from the page's start). */
export async function recordLongTasks(page) {
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** The largest resident set, in MB, of `browser`'s renderer processes (Chromium's process
 * list, each process's VmRSS from /proc: Linux only). */
export async function rendererMb(browser) {
  const session = await browser.newBrowserCDPSession();
  const { processInfo } = await session.send('SystemInfo.getProcessInfo');
  await session.detach();
  let largest = 0;
  for (const process of processInfo.filter((p) => p.type === 'renderer')) {
    try {
      const status = readFileSync(`/proc/${process.id}/status`, 'utf8');
      largest = Math.max(largest, Number(status.match(/VmRSS:\s+(\d+)/)[1]));
    } catch { /* a process that has gone */ }
  }
  return largest / 1024;
}
