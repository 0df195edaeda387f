import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { Locale } from '../../shared/locales';
import { drain } from '../lib/drain';
import { passwordHashing } from './accounts/password-hashing';
import { createCmsApp, DEFAULT_SITE_URL, editingOf } from './app';
import { backgroundTasks } from './background';
import { openDb } from './db';
import { runHousekeeping } from './housekeeping';
import { companySettings } from './company';
import { mailQueue } from './mail/queue';
import { mailSender } from './mail/sender';
import { createMailTransport } from './mail/transport';
import { startMailWorker, type MailWorker } from './mail/worker';
import { migrate } from './migrations';
import { seedContent } from './seed';
import { MEDIA_DIR } from './backup';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { leadStore } from './leads/store';

export type CmsOptions = {
  dataDir: string;
  /** 0 picks a free port. */
  port: number;
  /** The interface it listens on: loopback by default (embedded, only its own BFF calls it). */
  host?: string;
  /** The seed folder; the repository's content/ by default. */
  contentDir?: string;
  logger: Logger;
  /** The site's public origin, used in the links of mails; http://localhost:3000 by default. */
  siteUrl?: string;
  /** Outgoing mail: SMTP when `smtpUrl` is set, otherwise .eml files in `${dataDir}/mail/`. */
  mail?: CmsMailOptions;
  /** The language of the company's notifications (COMPANY_LOCALE); Slovenian by default. */
  companyLocale?: Locale;
  /** How many password hashes may run at once (PASSWORD_HASH_CONCURRENCY); the others wait their turn. */
  passwordHashConcurrency?: number;
  /** Who may tell it a visitor's address in X-Forwarded-For (CMS_TRUST_PROXY); loopback by default. */
  trustProxy?: string;
  /** A submission's photos up to this many bytes go with the company's mail, above it links (MAIL_ATTACHMENTS_MAX_MB). */
  mailAttachmentsMaxBytes?: number;
  /** Minutes a staff session lasts without a request (STAFF_IDLE_MINUTES); 30 by default. */
  staffIdleMinutes?: number;
  /** Bearer token of the content API's `GET /metrics` (OPS_TOKEN); unset: no such endpoint. */
  opsToken?: string;
  /** With the process's own metrics (CPU, memory, event loop): when the content API runs alone in its process. */
  processMetrics?: boolean;
  /** The site's signed purge webhook, told of every publish (the embedded content API: its own site's). */
  purgeWebhook?: { url: string; secret: string };
  /** How often drafts scheduled for publishing are looked for; 5 s by default. */
  scheduleTickMs?: number;
  /** The clock of the endpoints (tests move it; sessions, codes and links expire by it). */
  now?: () => Date;
  /** How long `close()` waits for the requests in flight before it cuts them (SHUTDOWN_TIMEOUT_S); 10 s by default. */
  shutdownTimeoutMs?: number;
};

/** `from`: MAIL_FROM; unset, `mailSender` makes the sender from the company's name and the site's domain. */
export type CmsMailOptions = { smtpUrl?: string; from?: string };

/**
 * Expired sessions, tokens and old mail are deleted, and the retention periods applied, at start and
 * then this often.
 */
const HOUSEKEEPING_MS = 60 * 60_000;

export type RunningCms = { url: string; port: number; close(): Promise<void> };

/** Opens, migrates and seeds the content database, then serves the content API (on loopback unless `host` says otherwise). */
export async function startCms({
  dataDir,
  port,
  host = '127.0.0.1',
  contentDir = resolve(process.cwd(), 'content'),
  logger,
  siteUrl = DEFAULT_SITE_URL,
  mail = {},
  companyLocale,
  passwordHashConcurrency,
  mailAttachmentsMaxBytes,
  shutdownTimeoutMs = 10_000,
  trustProxy,
  staffIdleMinutes,
  opsToken,
  processMetrics = false,
  purgeWebhook,
  scheduleTickMs = 5000,
  now,
}: CmsOptions): Promise<RunningCms> {
  const db = openDb(dataDir);
  try {
    migrate(db);
    const seeded = seedContent(db, contentDir);
    if (seeded.problems) logger.error({ version: seeded.version, problems: seeded.problems }, "cms content fails this build's checks: left as stored");
    else
      logger.info(
        { version: seeded.version, contentDir },
        seeded.imported ? 'cms content seeded' : seeded.rebuilt ? 'cms content rewritten for this schema' : 'cms content kept',
      );
    runHousekeeping(db, logger);
    const filled = leadStore(db).backfillSearchText();
    if (filled > 0) logger.info({ leads: filled }, 'cms leads made searchable');
  } catch (error) {
    db.close();
    throw error;
  }

  const company = companySettings(db, new URL(siteUrl).hostname);
  const sender = mailSender(mail.from, siteUrl, () => company().name);
  if (mail.smtpUrl && sender.withoutDomain)
    logger.warn({ siteUrl }, 'MAIL_FROM and PUBLIC_URL are unset: mail goes from a no-reply address at localhost, which mail servers refuse');
  const transport = createMailTransport({ smtpUrl: mail.smtpUrl, from: sender.from, fileDir: join(dataDir, 'mail') });
  // Debug level: the transport's kind only, never the SMTP URL (it holds the password).
  logger.debug({ transport: transport.kind }, 'cms mail transport');
  const worker: MailWorker = startMailWorker({ queue: mailQueue(db), transport, logger, now });
  const housekeeping = setInterval(() => {
    try {
      runHousekeeping(db, logger);
    } catch (error) {
      logger.error({ err: error }, 'cms housekeeping failed');
    }
  }, HOUSEKEEPING_MS).unref();
  const background = backgroundTasks(logger);
  const metricsRegistry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: metricsRegistry });

  const app = createCmsApp(db, {
    logger,
    siteUrl,
    companyLocale,
    onMailQueued: () => worker.kick(),
    background,
    passwords: passwordHashing(passwordHashConcurrency),
    trustProxy,
    mailAttachmentsMaxBytes,
    staffIdleMinutes,
    opsToken,
    metricsRegistry,
    purgeWebhook,
    mediaDir: join(dataDir, MEDIA_DIR),
    now,
  });
  const server = createServer(app);
  const editing = editingOf(app);
  const schedule = setInterval(() => {
    try {
      editing.publishDue();
    } catch (error) {
      logger.error({ err: error }, 'cms scheduled publishing failed');
    }
  }, scheduleTickMs).unref();
  // Standing alone, several BFFs keep connections open to it: each closes after its answer once closing begins.
  const draining = drain(server);
  const stopAll = async () => {
    clearInterval(housekeeping);
    clearInterval(schedule);
    await background.idle();
    await worker.stop();
    db.close();
  };
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, host, () => {
        server.off('error', fail);
        done();
      });
    });
  } catch (error) {
    await stopAll();
    throw error;
  }

  const actualPort = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${actualPort}/`,
    port: actualPort,
    // The database closes only after the last in-flight request has been answered (or cut at the
    // timeout), the work those requests left running has finished and the mail worker has put down
    // the message it was sending.
    close: () =>
      (closing ??= draining.close(shutdownTimeoutMs).then((cut) => {
        if (cut > 0) logger.warn({ requests: cut, timeoutMs: shutdownTimeoutMs }, 'cms shutdown timeout: requests still running were cut');
        return stopAll();
      })),
  };
}
