import { randomBytes } from 'node:crypto';
import http, { STATUS_CODES } from 'node:http';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { settingsFromList } from '../../shared/api/contract';
import { DEFAULT_LOCALE } from '../../shared/locales';
import { createApp } from './app';
import type { ProcessLog } from '../lib/log/process-log';
import { drain } from '../lib/drain';
import type { Config } from './settings';
import { monthsBefore } from '../lib/calendar';
import { loadPageI18n } from './i18n/page-i18n';
import { CLIENT_BUILD_DIR, LOCALES_DIR } from '../lib/paths';
import { isReady } from './http/health';
import { cachedAnswerLog } from './http/request-log';
import { errorDocument } from './render/error-document';
import { securityHeaderList } from './http/security-headers';
import { renderAnonymously } from './render/anonymous-render';
import { renderSlots } from './render/render-slots';
import { inProcessFreshMs } from './render/cache-policy';
import { createHtmlCache, type HtmlCache } from './render/html-cache';
import { loadAssetManifest } from './render/manifest';
import type { RenderDeps } from './render/render-page';
import { createSharedPages, type SharedPages } from './render/shared-pages';
import { sitemapUrls, warmUpWhenReady } from './render/warm-up';
import { createPageHandler } from './routing/page-handler';
import { SCREEN_MODULES } from './screens/all';
import { createUpstreamClient, NO_UPSTREAM_CACHE } from './upstream/client';
import { PREVIEW_HEADER } from '../../shared/api/staff-content';
import { accountApi } from './upstream/account-api';
import { staffApi } from './upstream/staff-api';
import { staffContentApi } from './upstream/staff-content-api';
import { staffMediaApi } from './upstream/staff-media-api';
import { loadStrings } from '../lib/load-strings';
import { ADMIN_NAMESPACES } from '../../shared/admin/i18n';
import { contentApi } from './upstream/content-api';
import { searchClient } from './upstream/search-client';
import { errorPageSettings } from './upstream/fallback-init';
import { loadImageVariants } from './upstream/image-variants';
import { attachVariants } from '../../shared/images';
import { formsApi } from './upstream/forms-api';
import { createSiteMetrics } from './metrics';
import { DRAFT_MIGRATIONS, openDrafts, type RunningDrafts } from './drafts';
import { outboxMigrations, startOutbox, type RunningOutbox } from './outbox';
import { memoryBudgetStore, uncountedOnFailure } from './photos/client-budget';
import { photoPreparer } from './photos/prepare';
import { spamGuard } from './spam/judge';
import { uploadFolder } from './photos/upload';
import { inProcessPurgeBroadcast } from './purge/webhook';
import { scheduledPurge } from './purge/scheduled';
import { migrate } from './postgres/migrate';
import { createPool } from './postgres/pool';
import { PURGE_MIGRATIONS, startPurgeFanout } from './purge/fanout';
import { PostgresBudgetStore, PostgresRateLimitStore, RATE_LIMIT_MIGRATIONS } from './http/rate-limit-store';
import { CACHE_CONTROL } from './cache-control';

export interface Site {
  server: http.Server;
  /** The middleware chain (app.ts) the server answers with. */
  app: Express;
  url: string;
  /** The form submissions on their way upstream. */
  outbox: RunningOutbox;
  /** The inquiry's drafts (tests purge them with a clock of their own). */
  drafts: RunningDrafts;
  /** The finished pages kept in the process; none when HTML_CACHE_TTL_S is 0. */
  htmlCache?: HtmlCache;
  /**
   * Turns readiness to 503 and closes each connection after its answer, stops accepting after the
   * drain delay, lets in-flight requests finish (up to the timeout), stops the outbox (the deliveries
   * in flight finish), closes the purge listener, the content API, and the database pool last.
   */
  close(): Promise<void>;
}

/** The window of each client's photo budgets (PHOTO_DECODE_LIMIT_S, PHOTO_LIMIT_MB). */
const PHOTO_BUDGET_WINDOW_MS = 60 * 60_000;

/** Node's parser errors that say more than a 400. */
const CLIENT_ERROR_STATUS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, HPE_URI_TOO_LONG: 414, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/** A raw answer for requests Node refuses before Express sees them (headers too large, a broken request line). */
function answerClientError(socket: Socket, status: number, body: string) {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/html; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\n` +
      `Content-Security-Policy: default-src 'self'; script-src 'none'\r\nCache-Control: ${CACHE_CONTROL.noStore}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Starts the content API this process embeds when UPSTREAM_URL is unset (server/embedded.ts), once the
 * site knows its address: the content API's mails link to the site, and it tells the site of every
 * publish through the same signed webhook a standalone one calls. The site reaches it over HTTP alone.
 */
export type EmbeddedContentApi = (site: {
  origin: string;
  purgeWebhook: { url: string; secret: string };
  logger: Logger;
}) => Promise<{ url: string; close(): Promise<void> }>;

export interface SiteOptions {
  clientDir?: string;
  log?: Pick<ProcessLog, 'droppedLines'>;
  /** Required when UPSTREAM_URL is unset. */
  startContentApi?: EmbeddedContentApi;
}

/** Boots the whole site: the HTTP server, the content API (embedded unless UPSTREAM_URL is set), the BFF. */
export async function startSite(config: Config, logger: Logger, options: SiteOptions = {}): Promise<Site> {
  const { startContentApi } = options;
  if (!config.UPSTREAM_URL && !startContentApi) throw new Error('UPSTREAM_URL is unset and no content API is embedded');
  const i18n = loadPageI18n(LOCALES_DIR);
  const clientDir = options.clientDir ?? CLIENT_BUILD_DIR;
  const manifest = loadAssetManifest(clientDir);
  const imageVariants = loadImageVariants(clientDir);
  const metrics = createSiteMetrics();
  // Emptied first: what a killed process left there is no one's any more.
  const uploadDir = await uploadFolder(path.join(config.DATA_DIR, 'uploads'));
  // Replicas share PostgreSQL when it is given (the outbox, purges, the form rate limit); a database
  // that cannot be reached or migrated stops the boot before anything listens.
  const pool = config.DATABASE_URL ? createPool({ url: config.DATABASE_URL, max: config.DATABASE_POOL_MAX, logger, applicationName: 'site' }) : undefined;
  if (pool) await migrate(pool, [...outboxMigrations, ...PURGE_MIGRATIONS, ...RATE_LIMIT_MIGRATIONS, ...DRAFT_MIGRATIONS]);

  // Listening comes first (the public origin may need the port); until the app is ready, a 503.
  let app: Express | null = null;
  let pages: SharedPages | undefined;
  const server = http.createServer(
    {
      headersTimeout: config.HEADERS_TIMEOUT_S * 1000,
      requestTimeout: config.REQUEST_TIMEOUT_S * 1000,
      // How often those two are checked: Node's default, every 30 s, would stretch them by as much.
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      const start = performance.now();
      if (!app) {
        res.writeHead(503, { 'Retry-After': '1', 'Cache-Control': CACHE_CONTROL.noStore }).end();
        return metrics.requests.answered(req, res, start);
      }
      // A cached page is answered here, like a static file, before any middleware runs.
      if (pages?.serve(req, res)) return metrics.requests.answered(req, res, start);
      metrics.requests.observe(req, res, start);
      app(req, res);
    },
  );
  // Longer than a load balancer's idle timeout, so it never reuses a connection the server just closed.
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_S * 1000;
  const draining = drain(server);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // An answer already begun on the connection (a request body that timed out while the page streams) cannot take another.
    const answering = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage?.headersSent;
    if (!socket.writable || answering || error.code === 'ECONNRESET') return socket.destroy();
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    // Before the app is ready, the content API is not there yet: the build's settings then.
    answerClientError(
      socket,
      status,
      errorDocument(status, i18n.forRequest(DEFAULT_LOCALE), manifest, errorPageSettings(app ? api : undefined, DEFAULT_LOCALE)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const origin = config.PUBLIC_URL?.replace(/\/+$/, '') ?? url;

  // The embedded content API tells this site of every publish through the signed webhook, as a
  // standalone one does; with no secret configured, one made now that nothing else knows.
  const purgeSecret = config.CACHE_PURGE_SECRET ?? (config.UPSTREAM_URL ? undefined : randomBytes(32).toString('hex'));
  const cms = config.UPSTREAM_URL
    ? null
    : await startContentApi!({ origin, purgeWebhook: { url: `${url}/api/cache/purge`, secret: purgeSecret! }, logger: logger.child({ component: 'cms' }) });
  // An article dated in the future comes out: this replica's caches go then (`purge` is below).
  const scheduled = scheduledPurge(() => purge([]), logger);
  const upstreamOptions = {
    baseUrl: config.UPSTREAM_URL ?? cms!.url,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    // The build's variants of the site's own raster files (docs/decisions/0010-images.md); an upstream's own are kept.
    complete: (answer: unknown) => attachVariants(answer, imageVariants),
    metrics: metrics.upstream,
    onScheduledChange: scheduled.changesIn,
  };
  const upstream = createUpstreamClient({
    ...upstreamOptions,
    onBackgroundError: (key, err) => logger.warn({ err, key }, 'upstream refresh failed; serving the cached copy'),
  });
  // Searches apart: their own short cache and queue (the pages' answers never make room for them).
  const searches = searchClient(upstreamOptions);
  const api = contentApi(upstream, searches);
  const forms = formsApi(upstream);
  // Opened after the content API, so what waits from before a restart goes out as soon as it can.
  const outbox = startOutbox({
    database: pool ? { pool } : { dataDir: config.DATA_DIR },
    deliver: (submission) => forms.submit(submission),
    logger: logger.child({ component: 'outbox' }),
    // A claimed submission is this process's until its delivery has surely timed out.
    leaseMs: config.UPSTREAM_TIMEOUT_MS + 5000,
    // The period the privacy policy states for submissions, from the same settings.
    deadLetterCutoff: async (now) => {
      const init = await api.init(DEFAULT_LOCALE).catch(() => null);
      return init ? monthsBefore(new Date(now), settingsFromList(init.settings).retention_submission_months).getTime() : null;
    },
  });
  const drafts = openDrafts({ database: pool ? { pool } : { dataDir: config.DATA_DIR }, logger: logger.child({ component: 'drafts' }) });
  const readiness = {
    accepting: true,
    // Pages need the upstream (or its cached answers); forms need the outbox.
    check: async () => (await outbox.isOpen()) && Boolean(await api.init(DEFAULT_LOCALE)),
  };
  const security = { https: origin.startsWith('https:'), tagManager: Boolean(config.GTM_ID) };
  const render: RenderDeps = {
    handler: createPageHandler(SCREEN_MODULES),
    manifest,
    i18n,
    api,
    account: accountApi(upstream),
    outbox,
    drafts,
    photos: photoPreparer({
      concurrency: config.PHOTO_DECODE_CONCURRENCY,
      // The decoder is this process's: its time is counted here. The photos reach one company's mailbox: their bytes are counted by all replicas.
      decodeMs: { store: memoryBudgetStore(PHOTO_BUDGET_WINDOW_MS), max: config.PHOTO_DECODE_LIMIT_S * 1000 },
      bytes: {
        store: pool
          ? uncountedOnFailure(new PostgresBudgetStore(pool, 'photo-bytes:', PHOTO_BUDGET_WINDOW_MS), logger)
          : memoryBudgetStore(PHOTO_BUDGET_WINDOW_MS),
        max: config.PHOTO_LIMIT_MB * 1024 * 1024,
      },
    }),
    renderSlots: renderSlots(),
    previewApi: (token) => contentApi(createUpstreamClient({ ...upstreamOptions, cache: NO_UPSTREAM_CACHE, headers: { [PREVIEW_HEADER]: token } })),
    spam: spamGuard(config.FORM_TOKEN_SECRET ?? randomBytes(32).toString('base64url'), {
      minFillMs: config.FORM_MIN_FILL_S === undefined ? undefined : config.FORM_MIN_FILL_S * 1000,
    }),
    origin,
    logger,
    gtmId: config.GTM_ID,
    rumSampleRate: config.RUM_SAMPLE_RATE,
  };
  pages =
    config.HTML_CACHE_TTL_S !== 0
      ? createSharedPages({
          cache: createHtmlCache({
            ttlMs: inProcessFreshMs(config.HTML_CACHE_TTL_S),
            maxBytes: config.HTML_CACHE_MAX_MB * 1024 * 1024,
            siteHeaders: securityHeaderList(security),
          }),
          render: (url) => renderAnonymously(render, url),
          renderSlots: render.renderSlots,
          refillConcurrency: config.HTML_CACHE_REFILL_CONCURRENCY,
          logger,
          metrics: metrics.htmlCache,
          log: cachedAnswerLog(logger),
        })
      : undefined;
  metrics.watch({ outbox, cache: pages?.cache, log: options.log });
  /** This replica's purge: its pages under the path prefixes (all when none), to be rendered again, and its upstream answers. */
  const purge = (paths: string[]) => {
    upstream.purge();
    searches.purge();
    return pages?.purge(paths) ?? 0;
  };
  const fanout = pool ? await startPurgeFanout({ pool, url: config.DATABASE_URL!, applicationName: 'site', logger, purge }) : undefined;
  app = createApp({
    ...render,
    pages,
    config: { ...config, CACHE_PURGE_SECRET: purgeSecret },
    metrics,
    security,
    clientDir,
    readiness,
    purge,
    purgeBroadcast: fanout ?? inProcessPurgeBroadcast(),
    formRateLimitStore: pool && new PostgresRateLimitStore(pool, 'form:'),
    admin: {
      staff: staffApi(upstream),
      content: staffContentApi(upstream),
      media: staffMediaApi(upstream),
      strings: loadStrings(LOCALES_DIR, ADMIN_NAMESPACES),
      allow: config.ADMIN_ALLOW,
    },
    embeddedMetrics:
      cms && config.OPS_TOKEN
        ? async () => {
            const res = await fetch(new URL('metrics', cms.url), {
              headers: { authorization: `Bearer ${config.OPS_TOKEN}` },
              signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS),
            });
            return res.ok ? res.text() : '';
          }
        : undefined,
    searchRateLimitStore: pool && new PostgresRateLimitStore(pool, 'search:'),
    forms,
    uploadDir,
  });
  const stopWarmUp =
    pages && config.HTML_CACHE_REFILL_CONCURRENCY > 0
      ? warmUpWhenReady({ isReady: () => isReady(readiness), urls: () => sitemapUrls(api), pages, logger })
      : () => {};

  return {
    server,
    app: app as Express,
    url,
    outbox,
    drafts,
    htmlCache: pages?.cache,
    async close() {
      readiness.accepting = false;
      stopWarmUp();
      scheduled.stop();
      draining.start();
      if (config.SHUTDOWN_DRAIN_S > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_S * 1000));
      const cut = await draining.close(config.SHUTDOWN_TIMEOUT_S * 1000);
      if (cut > 0) logger.warn({ requests: cut, timeoutS: config.SHUTDOWN_TIMEOUT_S }, 'shutdown timeout: requests still running were cut');
      // Background renders read the content API, which closes last.
      await pages?.stop();
      // No post can reach the outbox now; its deliveries in flight go to the content API, still open.
      await outbox.close();
      drafts.close();
      // Purges stop coming in before the database goes.
      await fanout?.close();
      await cms?.close();
      await pool?.end();
    },
  };
}
