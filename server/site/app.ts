import compression from 'compression';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Store } from 'express-rate-limit';
import path from 'node:path';
import type { Config } from './settings';
import { QueueFull } from '../lib/concurrency-limit';
import { afterPause } from './http/admission-queue';
import { badInputGuard } from './http/bad-input';
import { buildFiles } from './http/builds';
import { cachePurge, type PurgeBroadcast } from './purge/webhook';
import { formPosts } from './http/form-posts';
import { postDeadline } from './http/post-deadline';
import { accountDataDownload } from './bff/account-data';
import { rumApi } from './bff/rum';
import { photoThumbnails } from './bff/photo-thumbnails';
import { faqSearchApi } from './bff/faq-search';
import { formGuardApi } from './bff/form-guard';
import { submissionPhotos } from './bff/submission-photos';
import { mediaFiles } from './bff/media-files';
import { searchApi, searchGuard } from './bff/search';
import { healthRoutes, type Readiness } from './http/health';
import { localeRedirects } from './http/locale-redirect';
import { precompressedFiles } from './http/precompressed-files';
import { requestLog } from './http/request-log';
import { securityHeaders, type SecurityOptions } from './http/security-headers';
import { adminArea, type AdminAreaDeps } from './admin';
import { answerPage } from './render/answer-page';
import { errorDocument } from './render/error-document';
import { isPayloadPath, renderPayload } from './render/payload';
import { renderErrorPage, renderPage, type RenderDeps } from './render/render-page';
import { seoFiles } from './render/seo-files';
import { isHttpsOrigin } from '../../shared/cookies';
import { LOCALES, pathLocale } from '../../shared/locales';
import { accountDataPath } from '../../shared/routes';
import { parseCookies } from './request/cookies';
import { cookieLocale } from './request/request-locale';
import { errorPageSettings } from './upstream/fallback-init';
import type { FormsApi } from './upstream/forms-api';
import { createRumSummary } from './rum/summary';
import { metricsEndpoint, type SiteMetrics } from './metrics';
import { CACHE_CONTROL } from './cache-control';

export interface AppDeps extends RenderDeps {
  config: Pick<
    Config,
    'TRUST_PROXY' | 'CACHE_PURGE_SECRET' | 'FORM_RATE_LIMIT_MAX' | 'SEARCH_RATE_LIMIT_MAX' | 'RUM_RATE_LIMIT_MAX' | 'OPS_TOKEN' | 'POST_TIMEOUT_S'
  >;
  metrics: SiteMetrics;
  /** What the security headers allow; the HTML cache's answers carry the same. */
  security: SecurityOptions;
  /** Drops cached pages under the given path prefixes (all when none) and the cached upstream answers. */
  purge: (paths: string[]) => number;
  /** Makes each purge signature good once, and tells the other replicas of a purge (PostgreSQL, or none). */
  purgeBroadcast: PurgeBroadcast;
  /** Where the form posts are counted: shared by the replicas (PostgreSQL), or unset: this process. */
  formRateLimitStore?: Store;
  /** Where searches are counted, likewise. */
  searchRateLimitStore?: Store;
  /** The content API's form endpoints: the photos the company's mail links. */
  forms: Pick<FormsApi, 'linkedPhoto'>;
  /** The site's own folder for the photos of posts being answered (uploadFolder). */
  uploadDir: string;
  clientDir: string;
  readiness: Readiness;
  /** The embedded content API's metrics (the leads'), appended to the site's: nothing else can scrape it on loopback. */
  embeddedMetrics?: () => Promise<string>;
  /** The staff area under /admin. */
  admin: Omit<AdminAreaDeps, 'manifest' | 'origin' | 'logger' | 'photos' | 'uploadDir'>;
}

/** Pages are read; forms are posted to the page they are on (or its payload, from the browser). */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;
/** Seconds a visitor whose render was shed is told to wait: the renders waiting are done within a second or two. */
const RENDER_RETRY_AFTER_S = '2';

/** The middleware chain, in order. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.TRUST_PROXY);

  function sendError(res: Response, req: Request, status: number) {
    const locale = pathLocale(req.path) ?? cookieLocale(req.cookies);
    const settings = errorPageSettings(deps.api, locale);
    res
      .status(status)
      .setHeader('Cache-Control', CACHE_CONTROL.noStore)
      .type('html')
      .send(errorDocument(status, deps.i18n.forRequest(locale), deps.manifest, settings));
  }

  /** A page's address refused or failed: its error page in the layout; anything else, or a second failure, the static page. */
  async function sendErrorPage(req: Request, res: Response, status: number) {
    if (pathLocale(req.path) && !isPayloadPath(req.path)) {
      try {
        return await renderErrorPage(req, res, deps, status);
      } catch (error) {
        deps.logger.error({ err: error, path: req.path }, 'error page failed');
        if (res.headersSent) return void res.destroy();
      }
    }
    sendError(res, req, status);
  }

  app.use(parseCookies);
  app.use(requestLog(deps.logger));
  app.use(securityHeaders(deps.security));
  app.use(badInputGuard(PAGE_METHODS, sendError));
  // First of what a post meets: whatever comes after it holds, the post is answered in time, with the
  // static error page (the one in the layout reads the content API, which may be what holds it).
  app.use(postDeadline({ ms: deps.config.POST_TIMEOUT_S * 1000, refuse: (req, res, status) => sendError(res, req, status) }));
  app.use(healthRoutes(deps.readiness));
  app.use(
    metricsEndpoint({ opsToken: deps.config.OPS_TOKEN, registry: deps.metrics.registry, also: deps.embeddedMetrics, cacheControl: CACHE_CONTROL.noStore }),
  );
  app.use(buildFiles(deps.manifest));
  // Before the form gate: the webhook is signed, not same-origin.
  app.use(cachePurge({ secret: deps.config.CACHE_PURGE_SECRET, broadcast: deps.purgeBroadcast, purge: deps.purge, logger: deps.logger }));
  // Pages, payloads and the SEO files are compressed by their render, in one call, and kept so in the
  // HTML cache: the middleware is for the rest, none of which is under a locale prefix but the
  // account's data file. Wrapping every page's answer only to leave it alone cost 5% of a render.
  const compress = compression();
  app.use((req, res, next) => (pathLocale(req.path) ? next() : compress(req, res, next)));
  app.get(LOCALES.map(accountDataPath), compress);
  // Before anything else looks at a search (the suggestions, a search screen): its refusals cost least here.
  app.use(
    searchGuard({
      limit: deps.config.SEARCH_RATE_LIMIT_MAX,
      store: deps.searchRateLimitStore,
      sendError: (req, res, status) => sendError(res, req, status),
      onRateLimited: () => deps.metrics.rateLimited('search'),
      onShed: () => deps.metrics.shed('search'),
      logger: deps.logger,
    }),
  );
  app.use(searchApi({ api: deps.api, onShed: () => deps.metrics.shed('search') }));
  app.use(faqSearchApi({ api: deps.api }));
  app.use(formGuardApi({ spam: deps.spam }));
  app.use(seoFiles({ api: deps.api, origin: deps.origin, answer: (req, res, make) => answerPage(req, res, deps, make) }));
  // Hashed file names: a file at a name never changes. A missing asset is a 404, never a page.
  app.use('/assets', precompressedFiles(path.join(deps.clientDir, 'assets'), { cacheControl: CACHE_CONTROL.immutable, index: false, fallthrough: false }));
  // Editors' photos: named by their hash, as the assets are.
  app.use(mediaFiles({ media: deps.admin.media }));
  // Before the public files (nothing of public/ is under /admin: its screens skip the file-system look-up),
  // the form gate (its posts have their own checks) and the locale redirects (no locale prefix).
  app.use(adminArea({ ...deps.admin, manifest: deps.manifest, origin: deps.origin, logger: deps.logger, photos: deps.photos, uploadDir: deps.uploadDir }));
  // Files in public/ never live under a locale prefix: pages skip the file-system look-up.
  const publicFiles = precompressedFiles(deps.clientDir, { cacheControl: CACHE_CONTROL.publicFile, index: false, redirect: false });
  app.use((req, res, next) => (pathLocale(req.path) ? next() : publicFiles(req, res, next)));
  // A GET that only reads: before the form gate, and before the pages (it is no screen).
  app.use(accountDataDownload({ account: deps.account, i18n: deps.i18n, secure: deps.origin.startsWith('https:') }));
  app.use(photoThumbnails({ account: deps.account }));
  app.use(submissionPhotos({ forms: deps.forms }));
  // Before the form gate, which would take the report for a form post (and its limit for the forms').
  app.use(
    rumApi({
      origin: deps.origin,
      limit: deps.config.RUM_RATE_LIMIT_MAX,
      opsToken: deps.config.OPS_TOKEN,
      logger: deps.logger,
      summary: createRumSummary(),
      webVitals: deps.metrics.webVitals,
      onRateLimited: () => deps.metrics.rateLimited('rum'),
    }),
  );
  app.use(
    formPosts({
      origin: deps.origin,
      rateLimit: { windowMs: 10 * 60_000, max: deps.config.FORM_RATE_LIMIT_MAX, store: deps.formRateLimitStore },
      refuse: (req, res, status) => void sendErrorPage(req, res, status),
      uploadDir: deps.uploadDir,
      onRateLimited: () => deps.metrics.rateLimited('forms'),
      logger: deps.logger,
    }),
  );
  // Before payloads and pages: an address spelled otherwise than the site's links is redirected before
  // anything renders, so every page (and its payload) has one HTML cache key.
  app.use(localeRedirects({ https: isHttpsOrigin(deps.origin) }));
  app.use(async (req, res, next) => (isPayloadPath(req.path) ? renderPayload(req, res, deps) : next()));
  app.use((req, res) => renderPage(req, res, deps));

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    // A render shed (too many waiting): the static error page, nothing more rendered for it.
    if (error instanceof QueueFull && !res.headersSent) {
      deps.metrics.shed('render');
      return afterPause(res, () => {
        res.setHeader('Retry-After', RENDER_RETRY_AFTER_S);
        sendError(res, req, 503);
      });
    }
    const status = typeof error?.status === 'number' && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) deps.logger.error({ err: error, path: req.path }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    void sendErrorPage(req, res, status);
  };
  app.use(onError);
  return app;
}
