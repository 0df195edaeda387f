import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { loadConfig } from '../../server/site/settings';
import { embeddedContentApi } from '../../server/embedded';
import { startSite, type Site } from '../../server/site/server';
import { TEST_FORM_TOKEN_SECRET } from '../support/form-guard';

/**
 * The real site on a free port: the BFF and, unless an upstream is given, the embedded content API on
 * its own free port with a fresh database seeded from content/. Needs the client build (`npm run build`).
 * Silent, unless a test gives the logger whose lines it reads. The cache is not refilled in the
 * background (no warm-up at start), so what a test asks is what is rendered, unless it turns it on.
 */
export async function startTestSite(
  env: Record<string, string> = {},
  logger: Logger = pino({ level: 'silent' }),
): Promise<Site & { dataDir: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shading-it-'));
  const environment = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    HTML_CACHE_REFILL_CONCURRENCY: '0',
    FORM_TOKEN_SECRET: TEST_FORM_TOKEN_SECRET,
    ...env,
  };
  const config = loadConfig(environment);
  const site = await startSite(config, logger, { startContentApi: embeddedContentApi(config, environment) });
  return {
    ...site,
    dataDir,
    async stop() {
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The text of the first element matching a simple tag pattern, tags stripped. */
export function firstText(html: string, tag: string): string | null {
  const match = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(html);
  return match ? match[1]!.replace(/<[^>]+>/g, '').trim() : null;
}

export function attr(html: string, pattern: RegExp): string | null {
  return pattern.exec(html)?.[1] ?? null;
}

export { waitForMail } from '../support/mail';
