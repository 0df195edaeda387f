import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { qpDecode } from './eml';

/** The newest mail the content API wrote to DATA_DIR/mail for an address (with `containing`), decoded, once it is there. */
export async function waitForMail(dataDir: string, to: string, containing = '', timeoutMs = 10_000): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
    for (const file of files.reverse()) {
      const text = qpDecode(readFileSync(path.join(dir, file), 'utf8'));
      // The To header itself: a confirmation's Reply-To names the company too.
      const recipient = /^To: (.*)$/m.exec(text)?.[1] ?? '';
      if ((recipient === to || recipient.endsWith(`<${to}>`)) && text.includes(containing)) return text;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
