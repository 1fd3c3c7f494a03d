import { defineConfig } from '@playwright/test';

// The port dist/ is served on (E2E_PORT, default 4173), so that two runs on one machine
// need not share one. e2e/subpath.spec.mjs serves on the next two ports as well.
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    viewport: { width: 1400, height: 1000 },
    // Tests that route requests need them to reach the page, not a service worker; the
    // offline tests allow the worker.
    serviceWorkers: 'block',
  },
  webServer: {
    command: `node e2e/serve.mjs dist ${port}`,
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
