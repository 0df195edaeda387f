import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { qpDecode } from './eml';
import { untilFound } from './until';

/**
 * The newest mail the content API wrote to DATA_DIR/mail for an address (with `containing`), decoded, once
 * it is there. A mail comes after the site's outbox, the content API and its mail queue: on a two-core
 * machine also running two browsers that took more than 10 s now and then, so the bound is generous.
 */
export function waitForMail(dataDir: string, to: string, containing = '', timeoutMs = 30_000): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  return untilFound(
    `a mail to ${to} arrives`,
    () => {
      const files = existsSync(dir)
        ? readdirSync(dir)
            .filter((f) => f.endsWith('.eml'))
            .sort()
        : [];
      for (const file of files.reverse()) {
        const text = qpDecode(readFileSync(path.join(dir, file), 'utf8'));
        // The To header itself: a confirmation's Reply-To names the company too.
        const recipient = /^To: (.*)$/m.exec(text)?.[1] ?? '';
        if ((recipient === to || recipient.endsWith(`<${to}>`)) && text.includes(containing)) return text;
      }
      return undefined;
    },
    timeoutMs,
  );
}

/** The link of the newest mail to an address whose address holds `path?token=`, once the mail is there. */
export async function linkInMail(dataDir: string, to: string, path: string): Promise<URL> {
  const pattern = new RegExp(`https?://\\S+${path.replace(/[.?]/g, '\\$&')}\\?token=[\\w-]+`);
  return new URL(pattern.exec(await waitForMail(dataDir, to, `${path}?token=`))![0]);
}
