import { z } from 'zod';
import { gtmIdError, isValidGtmId } from '../../shared/gtm-id';
import { commonSettings, isAddressEntry, isProxyEntry, optionalUrl, parseSettings, port, proxyList, PROXY_LIST_MESSAGE } from '../lib/settings';

/**
 * The site's settings come from the environment and are validated here, once, at boot. A bad value
 * stops the process with a message naming the variable, before anything listens. The content API's
 * are server/cms/settings.ts; the ones both read are declared once in server/lib/settings.ts.
 */
/** Whether HOST lets only this machine connect. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

export const configSchema = z
  .object({
    ...commonSettings,
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: port.default(3000),
    /** Base URL of the upstream content API. Unset: the embedded content API is started on loopback. */
    UPSTREAM_URL: optionalUrl(/^https?$/),
    /** Per-call timeout towards the upstream, in milliseconds. */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /**
     * PostgreSQL (15+) shared by every replica: the form outbox, the form rate-limit budget and the
     * cache-purge fan-out live there. Unset: one process alone, with its outbox in SQLite in DATA_DIR.
     */
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /** Connections each replica may hold open to DATABASE_URL (one more listens for purges). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(2).max(100).default(10),
    /**
     * Seconds a finished anonymous page stays fresh in the in-process HTML cache, for every screen alike
     * (0 turns the cache off); unset, each screen's own (`freshness.inProcessS` in server/site/screens/).
     */
    HTML_CACHE_TTL_S: z.coerce.number().int().min(0).max(86_400).optional(),
    /** Megabytes the HTML cache may hold (each page in three encodings). */
    HTML_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
    /**
     * Pages rendered at a time in the background to fill the HTML cache again after a purge, and with the
     * sitemap's pages once the site is ready (0 turns both off: pages are then rendered on demand).
     */
    HTML_CACHE_REFILL_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(2),
    /**
     * Seconds a SIGTERM keeps serving with /readyz at 503 before it stops accepting, so the load balancer
     * takes the instance out of rotation first (set it to the balancer's health-check interval).
     */
    SHUTDOWN_DRAIN_S: z.coerce.number().int().min(0).max(120).default(0),
    /**
     * Seconds an idle keep-alive connection stays open. Longer than the load balancer's idle timeout
     * (60 s is common), so the balancer closes first and never sends a request on a connection the
     * server is closing.
     */
    KEEP_ALIVE_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(65),
    /** Seconds a request's headers may take to arrive, from its first byte; then a 408 and the connection is closed. */
    HEADERS_TIMEOUT_S: z.coerce.number().int().min(1).max(300).default(20),
    /** Seconds a whole request (headers and body) may take to arrive; then a 408 and the connection is closed. */
    REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(30),
    /**
     * Seconds a post (a form, its photos) may take from its arrival to its answer, whatever holds it: a
     * body still arriving or whose parse never ends (408), photos waiting for the decoder (503). Its
     * connection is then closed and its files removed (docs/decisions/0034-uploads-under-attack.md).
     */
    POST_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Photos posted with forms decoded at once (each holds one of libuv's threads, or a worker thread
     * for HEIC, for up to a second or two); the others wait their turn, so decoding never takes the
     * threads that read files and compress pages (docs/decisions/0026-photos-with-forms.md).
     */
    PHOTO_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
    /**
     * Where the staff area (/admin) may be reached from: addresses and CIDR ranges (as TRUST_PROXY makes
     * the client's address), comma-separated. Unset: from anywhere (every sign-in still needs a password
     * and an authenticator code). Anyone else gets the site's 404.
     */
    ADMIN_ALLOW: z
      .string()
      .trim()
      .default('')
      .refine((value) => value === '' || value.split(',').every((entry) => isAddressEntry(entry.trim())), {
        message: 'must list IP addresses or CIDR ranges, separated by commas',
      })
      .transform((value) => (value === '' ? [] : value.split(',').map((entry) => entry.trim()))),
    /**
     * Seconds of photo decoding one client (address) may use in an hour, on each replica; its photos are
     * refused beyond it without being decoded, so no client holds the decoder for long.
     */
    PHOTO_DECODE_LIMIT_S: z.coerce.number().int().min(1).max(86_400).default(120),
    /**
     * Megabytes of photos (as stored: re-encoded, at most 2.5 MB each) one client (address) may send in an
     * hour, across all replicas when DATABASE_URL is set; more are refused (the company's mailbox and storage).
     */
    PHOTO_LIMIT_MB: z.coerce.number().int().min(1).max(10_000).default(25),
    /**
     * Key that signs the forms' time tokens and proof-of-work challenges (at least 32 characters): the
     * same on every replica. Unset: a random key of this process, which only one process alone can use.
     */
    FORM_TOKEN_SECRET: z.string().min(32).optional(),
    /**
     * Seconds a form must have been open before its post is a person's, for every form alike. Unset: each
     * form's own (inquiry 5, service request 4, newsletter 2: server/site/spam/judge.ts). 0 only where machines
     * fill the forms on purpose (the browser tests of other features).
     */
    FORM_MIN_FILL_S: z.coerce.number().min(0).max(120).optional(),
    /** Form posts one client (address) may make in 10 minutes; more are answered 429. Load tests raise it. */
    FORM_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(30),
    /** Searches (search pages and the header's suggestions) one client (address) may make in a minute; more are answered 429. */
    SEARCH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /** Share of page views (0 to 1) that measure web vitals and report them to /api/rum; decided once per page view. */
    RUM_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
    /** Measurement reports one client (address) may send in a minute; more are answered 429. */
    RUM_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /**
     * Whose X-Forwarded-* the site believes (a visitor's address, for the per-client limits): the load
     * balancers' addresses or subnets, as Express's `trust proxy` takes them; `0`: nobody's. A hop count
     * (`1`) trusts whatever connects, so it is refused below unless the site listens on loopback only.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('0')
      .refine((value) => /^\d{1,2}$/.test(value) || proxyList(value).every(isProxyEntry), { message: PROXY_LIST_MESSAGE })
      .transform((value): false | number | string[] => (/^\d{1,2}$/.test(value) ? Number(value) || false : proxyList(value))),
    /** Google Tag Manager container id; unset: no tag script and no third-party origin in the CSP. */
    GTM_ID: z
      .string()
      .optional()
      .transform((v) => (v ? v : undefined))
      .superRefine((v, ctx) => {
        if (v !== undefined && !isValidGtmId(v)) ctx.addIssue({ code: 'custom', message: gtmIdError(v) });
      }),
  })
  .refine((config) => config.HEADERS_TIMEOUT_S <= config.REQUEST_TIMEOUT_S, {
    // The request timeout counts the headers too; Node refuses a longer headers timeout.
    path: ['HEADERS_TIMEOUT_S'],
    message: 'must not be longer than REQUEST_TIMEOUT_S',
  })
  // A hop count believes the last entries of X-Forwarded-For whoever sent them: anyone who reaches the
  // site without the balancer (another host on its network, a published port) picks their address and
  // escapes every per-client limit. Behind a proxy on the same machine only (HOST on loopback), nobody can.
  .refine((config) => typeof config.TRUST_PROXY !== 'number' || isLoopbackHost(config.HOST), {
    path: ['TRUST_PROXY'],
    message:
      "a hop count trusts X-Forwarded-For from anyone who can reach the site directly (HOST is not loopback): name the load balancer's addresses or subnets instead (e.g. 10.0.0.5 or 10.0.0.0/24)",
  })
  // A replica would judge every form opened on another as spam (a token it cannot check).
  .refine((config) => config.DATABASE_URL === undefined || config.FORM_TOKEN_SECRET !== undefined, {
    path: ['FORM_TOKEN_SECRET'],
    message: 'must be set (the same on every replica) when DATABASE_URL is set',
  })
  .refine((config) => config.REQUEST_TIMEOUT_S <= config.POST_TIMEOUT_S, {
    // A post's body has REQUEST_TIMEOUT_S to arrive; a shorter deadline would cut slow uploads the request timeout allows.
    path: ['POST_TIMEOUT_S'],
    message: 'must not be shorter than REQUEST_TIMEOUT_S',
  });

export type Config = z.infer<typeof configSchema>;

/** Settings whose value may hold a password or a key: a refused value is never printed. */
const SECRETS = new Set(['DATABASE_URL', 'CACHE_PURGE_SECRET', 'OPS_TOKEN', 'FORM_TOKEN_SECRET']);

export { ConfigError } from '../lib/settings';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return parseSettings(configSchema, env, SECRETS);
}
