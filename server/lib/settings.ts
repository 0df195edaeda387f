import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What the two apps' settings modules (server/site/settings.ts for the site, server/cms/settings.ts for the
 * content API) have in common: the value types, the settings both read from the same environment, and
 * how a refused environment is reported. Every setting is declared once; an app's module picks those it reads.
 */

export const port = z.coerce.number().int().min(0).max(65535);

/** An address that may be unset or empty (an empty variable is unset). */
export function optionalUrl(protocol: RegExp) {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol }).optional());
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, or an address/prefix. */
export function isAddressEntry(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** One entry of a proxy list: a name Express knows, an address, or an address/prefix. */
export function isProxyEntry(entry: string): boolean {
  return PROXY_NAMES.has(entry) || isAddressEntry(entry);
}

export const proxyList = (value: string) => value.split(',').map((entry) => entry.trim());
export const PROXY_LIST_MESSAGE = 'must list loopback, linklocal, uniquelocal, IP addresses or CIDR ranges, separated by commas';

/** The settings both apps read. */
export const commonSettings = {
  /** The interface the process listens on (the embedded content API always listens on loopback). */
  HOST: z.string().default('0.0.0.0'),
  /** The site's outbox and drafts; the content API's SQLite database, media and outgoing mail. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** The site's public origin: canonical links, hreflang, the sitemap, and the links in the content API's mail. */
  PUBLIC_URL: optionalUrl(/^https?$/),
  /** Shared secret of the cache-purge webhook (at least 32 characters): the content API signs, the site checks. */
  CACHE_PURGE_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Kilobytes of log lines that may wait in memory for a destination slower than they come; lines
   * beyond are dropped, counted and warned of (docs/decisions/0039-asynchronous-log.md).
   */
  LOG_BUFFER_KB: z.coerce.number().int().min(64).max(65_536).default(4096),
  /** Seconds a SIGTERM waits for in-flight requests before the process exits anyway. */
  SHUTDOWN_TIMEOUT_S: z.coerce.number().int().min(1).max(300).default(10),
  /** Bearer token of the ops endpoints (at least 32 characters); unset: no ops endpoint. */
  OPS_TOKEN: z.string().min(32).optional(),
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * The settings a schema reads from the environment. A bad value throws a ConfigError naming every
 * variable at fault and what it held, except for `secrets`, whose refused value is never printed.
 */
export function parseSettings<T>(schema: z.ZodType<T>, env: NodeJS.ProcessEnv, secrets: ReadonlySet<string>): T {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => {
    const name = String(i.path[0]);
    return `  ${i.path.join('.')}: ${i.message}${secrets.has(name) ? '' : ` (got ${JSON.stringify(env[name])})`}`;
  });
  throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
}
