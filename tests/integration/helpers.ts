import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../server/config';
import { startSite, type Site } from '../../server/site';

/**
 * The real site on a free port: the BFF and, unless an upstream is given, the embedded content API on
 * its own free port with a fresh database seeded from content/. Needs the client build (`npm run build`).
 */
export async function startTestSite(env: Record<string, string> = {}): Promise<Site & { dataDir: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shading-it-'));
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const site = await startSite(config, pino({ level: 'silent' }));
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

/** The newest mail the content API wrote to DATA_DIR/mail for an address (with `containing`), decoded, once it is there. */
export async function waitForMail(dataDir: string, to: string, containing = '', timeoutMs = 10_000): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
    for (const file of files.reverse()) {
      const text = decodeQuotedPrintable(readFileSync(path.join(dir, file), 'utf8'));
      if ((text.includes(`To: ${to}`) || text.includes(`<${to}>`)) && text.includes(containing)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
