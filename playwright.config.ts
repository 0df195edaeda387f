import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// One data folder for the run: workers load this file again but inherit the variable. Tests read the
// mail the site writes there (confirmation and reset links).
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'shading-e2e-')));
// A second site with a tag manager configured (tests/e2e/consent.spec.ts): its own port and data, so the
// other tests never load the tag manager. The browser never reaches Google: the tests answer its script.
export const GTM_E2E_PORT = PORT + 1;
export const GTM_E2E_ID = 'GTM-E2ETEST';
const gtmDataDir = (process.env.E2E_GTM_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'shading-e2e-gtm-')));
// A third site where every page view measures web vitals (tests/e2e/rum.spec.ts); the others measure
// none, so no test meets a beacon it did not ask for.
export const RUM_E2E_PORT = PORT + 2;
/** The test reads what the site received from its p75 summary. */
export const RUM_E2E_OPS_TOKEN = 'e2e-ops-token-0123456789abcdefghijklmnop';
const rumDataDir = (process.env.E2E_RUM_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'shading-e2e-rum-')));

/**
 * End-to-end tests drive the production build (`dist/`, run exactly as the Docker image runs it) in
 * the system's Chromium; Playwright never downloads a browser.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // A test that waits for a mail may wait up to waitForMail's 30 s (tests/support/mail.ts).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
  },
  webServer: [
    {
      command: 'node dist/server/main.js',
      url: `http://localhost:${PORT}/readyz`,
      // Every test posts from 127.0.0.1: the per-client form limit is raised so the suite never meets it.
      // Its forms are filled at a machine's pace: no minimum time (the spam judgement's own tests: tests/integration/spam.test.ts).
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'error',
        HOST: '127.0.0.1',
        FORM_RATE_LIMIT_MAX: '10000',
        SEARCH_RATE_LIMIT_MAX: '10000',
        RUM_SAMPLE_RATE: '0',
        FORM_MIN_FILL_S: '0',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node dist/server/main.js',
      url: `http://localhost:${GTM_E2E_PORT}/readyz`,
      env: {
        NODE_ENV: 'production',
        PORT: String(GTM_E2E_PORT),
        DATA_DIR: gtmDataDir,
        LOG_LEVEL: 'error',
        HOST: '127.0.0.1',
        GTM_ID: GTM_E2E_ID,
        RUM_SAMPLE_RATE: '0',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node dist/server/main.js',
      url: `http://localhost:${RUM_E2E_PORT}/readyz`,
      env: {
        NODE_ENV: 'production',
        PORT: String(RUM_E2E_PORT),
        DATA_DIR: rumDataDir,
        LOG_LEVEL: 'error',
        HOST: '127.0.0.1',
        RUM_SAMPLE_RATE: '1',
        OPS_TOKEN: RUM_E2E_OPS_TOKEN,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
