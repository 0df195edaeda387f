import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../../shared/locales';
import { CONTENT_DIR } from '../lib/paths';
import { commonSettings, optionalUrl, parseSettings, port, isProxyEntry, proxyList, PROXY_LIST_MESSAGE } from '../lib/settings';
import type { CmsOptions } from './server';

/**
 * The content API's settings, from the environment, validated once at its start (alone: main.ts and
 * the command lines; embedded: server/embedded.ts, from the site's own environment). The site's are
 * server/site/settings.ts; the ones both read are declared once in server/lib/settings.ts.
 */

/**
 * A submission's photos up to this many MB go with the company's notification as attachments (about
 * 11 MB of mail once base64-encoded, under the 10 to 25 MB most mail servers take); above, links.
 */
export const DEFAULT_MAIL_ATTACHMENTS_MAX_MB = 8;

export const cmsSettingsSchema = z.object({
  ...commonSettings,
  /** Port of the content API: 0 picks a free one when the site embeds it; alone, 0 means 3001. */
  CMS_PORT: port.default(0),
  /** SMTP server for the mail (`smtp://user:pass@host:587`); unset: .eml files in DATA_DIR/mail. */
  SMTP_URL: optionalUrl(/^smtps?$/),
  /** Sender of the mail; unset: the company's name at no-reply@ the site's domain (mail/sender.ts). */
  MAIL_FROM: z.string().trim().min(3).optional(),
  /** The language the company reads its form notifications in; each names the visitor's language. */
  COMPANY_LOCALE: z.enum(LOCALES).default(DEFAULT_LOCALE),
  /**
   * Standing alone: the site's purge webhook it calls after every publish, signed with
   * CACHE_PURGE_SECRET (any replica: it tells the others). The embedded content API calls its own site's.
   */
  CMS_PURGE_URL: optionalUrl(/^https?$/),
  /**
   * Password hashes run at once (each about 0.3 s of one core); the others wait their turn, so hashing
   * never holds all of libuv's threads (4 unless UV_THREADPOOL_SIZE says otherwise), which also read
   * files, resolve host names and compress.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * Megabytes of a submission's photos that go with the company's notification as attachments; above
   * it the mail carries a link to each photo instead.
   */
  MAIL_ATTACHMENTS_MAX_MB: z.coerce.number().min(0).max(100).default(DEFAULT_MAIL_ATTACHMENTS_MAX_MB),
  /** Minutes a staff member's session lasts without a request; every session also ends 12 hours after sign-in. */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(5).max(480).default(30),
  /**
   * Where it takes a visitor's address from X-Forwarded-For (its login limits count per address): the
   * site's own addresses, as a list of `loopback`, `linklocal`, `uniquelocal`, addresses and CIDR
   * ranges. Anyone else's X-Forwarded-For is ignored.
   */
  CMS_TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .refine((value) => proxyList(value).every(isProxyEntry), { message: PROXY_LIST_MESSAGE }),
});

export type CmsSettings = z.infer<typeof cmsSettingsSchema>;

const SECRETS = new Set(['SMTP_URL', 'CACHE_PURGE_SECRET', 'OPS_TOKEN']);

export function loadCmsSettings(env: NodeJS.ProcessEnv = process.env): CmsSettings {
  return parseSettings(cmsSettingsSchema, env, SECRETS);
}

/** What the settings decide of the content API, alone or embedded; where it listens and whom it tells of a publish differ. */
export function cmsOptions(settings: CmsSettings) {
  return {
    dataDir: settings.DATA_DIR,
    contentDir: CONTENT_DIR,
    mail: { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM },
    companyLocale: settings.COMPANY_LOCALE,
    passwordHashConcurrency: settings.PASSWORD_HASH_CONCURRENCY,
    mailAttachmentsMaxBytes: settings.MAIL_ATTACHMENTS_MAX_MB * 1024 * 1024,
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_S * 1000,
    trustProxy: settings.CMS_TRUST_PROXY,
    staffIdleMinutes: settings.STAFF_IDLE_MINUTES,
    opsToken: settings.OPS_TOKEN,
  } satisfies Partial<CmsOptions>;
}
