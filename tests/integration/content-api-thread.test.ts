import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApiThread } from '../../server/embedded';
import { loadConfig } from '../../server/site/settings';
import { startSite, type Site } from '../../server/site/server';
import { TEST_FORM_TOKEN_SECRET } from '../support/form-guard';
import { collectingLogger } from '../support/log-lines';

/**
 * The content API in its own thread, as the process runs it (server/main.ts; the other tests embed it
 * in their own thread to read its log through the logger they pass).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shading-it-thread-'));
const { logger, lines } = collectingLogger('info');
let site: Site;

beforeAll(async () => {
  const environment = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET };
  const config = loadConfig(environment);
  site = await startSite(config, logger, { startContentApi: contentApiThread(config, environment) });
}, 60_000);

describe('the content API in a thread of its own', () => {
  it('serves the pages and the searches that need it', async () => {
    const page = await fetch(`${site.url}/en/categories`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="en');
    const search = await fetch(`${site.url}/en/search?q=${encodeURIComponent('roller shutter')}`);
    expect(search.status).toBe(200);
  });

  it("writes its log lines through the site's log, marked as the content API's", () => {
    const seeded = lines.find((line) => line.msg === 'cms content seeded');
    expect(seeded).toMatchObject({ component: 'cms', level: 30 });
  });

  it('ends its thread when the site closes it, and no longer answers', async () => {
    const ownDir = mkdtempSync(path.join(os.tmpdir(), 'shading-it-thread-'));
    const config = loadConfig({ PORT: '0', DATA_DIR: ownDir, FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET });
    const start = contentApiThread(config, { DATA_DIR: ownDir, LOG_LEVEL: 'silent' })!;
    const cms = await start({ origin: 'http://127.0.0.1:9', purgeWebhook: { url: 'http://127.0.0.1:9/api/cache/purge', secret: 'x'.repeat(32) }, logger });
    expect((await fetch(new URL('healthz', cms.url))).status).toBe(200);
    // close() resolves on the thread's exit.
    await cms.close();
    await expect(fetch(new URL('healthz', cms.url))).rejects.toThrow();
    rmSync(ownDir, { recursive: true, force: true });
  });

  it('fails the start when it cannot start, with its error in the log', async () => {
    const notAFolder = path.join(dataDir, 'not-a-folder');
    writeFileSync(notAFolder, '');
    const own = collectingLogger('info');
    const config = loadConfig({ PORT: '0', DATA_DIR: notAFolder, FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET });
    const start = contentApiThread(config, { DATA_DIR: notAFolder, LOG_LEVEL: 'info' })!;
    await expect(
      start({ origin: 'http://127.0.0.1:9', purgeWebhook: { url: 'http://127.0.0.1:9/api/cache/purge', secret: 'x'.repeat(32) }, logger: own.logger }),
    ).rejects.toThrow(/did not start .*exit code 1/);
    expect(own.lines).toContainEqual(expect.objectContaining({ component: 'cms', level: 60, msg: 'uncaught exception: the process stops' }));
  });
});

afterAll(async () => {
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
