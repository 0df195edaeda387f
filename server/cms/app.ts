import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { StaffLocale } from '../../shared/api/staff';
import { localeSchema, NEXT_CHANGE_HEADER } from '../../shared/api/contract';
import { DEFAULT_MAIL_ATTACHMENTS_MAX_MB } from './settings';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locales';
import { MAX_LIST_PAGE } from '../../shared/pagination';
import { accountMails } from './accounts/mails';
import { accountRoutes, sessionGuard } from './accounts/routes';
import { passwordHashing, type PasswordHashing } from './accounts/password-hashing';
import { accountService } from './accounts/service';
import { backgroundTasks, type BackgroundTasks } from './background';
import type { Db } from './db';
import { formMails } from './forms/mails';
import { formRoutes } from './forms/routes';
import { formService } from './forms/service';
import { mailQueue } from './mail/queue';
import { newsletterMails } from './newsletter/mails';
import { newsletterRoutes } from './newsletter/routes';
import { newsletterService } from './newsletter/service';
import { contentQueries } from './queries';
import { leadRoutes, type CsvWords } from './leads/routes';
import { leadService } from './leads/service';
import { leadMetrics } from './leads/metrics';
import { metricsEndpoint } from '../lib/metrics-endpoint';
import { Registry } from 'prom-client';
import { companySettings } from './company';
import { staffMails } from './staff/mails';
import { staffRoutes } from './staff/routes';
import { staffService } from './staff/service';
import { PER_SECTION } from './search/engine';
import { contentVersionReader } from './seed';
import { contentEditingRoutes, previewTokenOf } from './editing/routes';
import { contentEditing, type ContentEditing } from './editing/service';
import { purgeWebhook } from './editing/purge-webhook';
import { nextPublicationReader } from './publication';
import { loadCmsStrings, type CmsStrings } from './strings';
import { mediaLibrary } from './media/library';
import { mediaRoutes } from './media/routes';
import { attachVariants } from '../../shared/images';
import type { ImageVariant } from '../../shared/api/contract';

export type CmsAppOptions = {
  logger: Logger;
  /** The site's public origin, for the links in mails. */
  siteUrl?: string;
  /** Called once a queued mail has been committed: the mail worker's kick. */
  onMailQueued?: () => void;
  /** Where the 202 endpoints do their work; the server waits for it before closing the database. */
  background?: BackgroundTasks;
  /** Where passwords are hashed; its own bounded pool by default. */
  passwords?: PasswordHashing;
  /**
   * Who may tell it a visitor's address in X-Forwarded-For (Express's `trust proxy`): the BFF. The
   * embedded content API is only reached over loopback, hence the default; CMS_TRUST_PROXY otherwise.
   */
  trustProxy?: string;
  /** Minutes a staff session lasts without a request (STAFF_IDLE_MINUTES). */
  staffIdleMinutes?: number;
  /** Bearer token of `GET /metrics` (OPS_TOKEN); unset: no such endpoint. */
  opsToken?: string;
  /** Where the leads' metrics are registered (with the process's own when the content API runs alone). */
  metricsRegistry?: Registry;
  /** A submission's photos up to this many bytes go with the company's mail, above it links (MAIL_ATTACHMENTS_MAX_MB). */
  mailAttachmentsMaxBytes?: number;
  /** The language of the company's notifications (COMPANY_LOCALE). */
  companyLocale?: Locale;
  /** Its words (mails, language names): read from the project's `locales/` by default. */
  strings?: CmsStrings;
  /** Where a publish tells the site which pages changed (its signed purge webhook); none: nobody is told. */
  purgeWebhook?: { url: string; secret: string };
  /** The editors' photos' folder (DATA_DIR/media); none: no media endpoints. */
  mediaDir?: string;
  now?: () => Date;
};

export const DEFAULT_SITE_URL = 'http://localhost:3000';

const ARTICLES_PER_PAGE = 10;
const ARTICLES_MAX_PER_PAGE = 50;

/** As long as the site's search inputs allow. */
const MAX_QUERY_LENGTH = 200;

const langQuery = z.object({ lang: localeSchema });
const positiveInt = z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive());
const articlesQuery = langQuery.extend({
  category: z.string().min(1).optional(),
  page: positiveInt.pipe(z.number().max(MAX_LIST_PAGE)).default(1),
  // Larger pages are served at the maximum rather than refused; the answer says which size it used.
  perPage: positiveInt.transform((n) => Math.min(n, ARTICLES_MAX_PER_PAGE)).default(ARTICLES_PER_PAGE),
});

const searchQuery = langQuery.extend({ q: z.string().trim().max(MAX_QUERY_LENGTH) });
const siteSearchQuery = searchQuery.extend({ perSection: positiveInt.pipe(z.number().max(PER_SECTION)).default(PER_SECTION) });

const NOT_FOUND = { error: 'not_found' };
const BAD_REQUEST = { error: 'bad_request' };

/**
 * The embedded content API: every endpoint of shared/api/contract.ts, mounted at the root.
 * Answers are never cacheable (the BFF keeps its own cache) and carry the content version, so a
 * cache in front can tell when the content changed.
 */
export function createCmsApp(
  db: Db,
  {
    logger,
    siteUrl = DEFAULT_SITE_URL,
    onMailQueued,
    background = backgroundTasks(logger),
    passwords = passwordHashing(),
    trustProxy = 'loopback',
    staffIdleMinutes,
    opsToken,
    metricsRegistry = new Registry(),
    mailAttachmentsMaxBytes = DEFAULT_MAIL_ATTACHMENTS_MAX_MB * 1024 * 1024,
    companyLocale = DEFAULT_LOCALE,
    strings = loadCmsStrings(),
    purgeWebhook: purgeTarget,
    mediaDir,
    now,
  }: CmsAppOptions,
): express.Express {
  const clock = now ?? (() => new Date());
  // What a preview's read sees as now (an article dated later, at its date); else the clock.
  let previewAt: Date | undefined;
  const content = contentQueries(db, strings, clock, () => previewAt ?? clock());
  const queue = mailQueue(db, { onEnqueued: onMailQueued });
  const accounts = accountService({ db, mails: accountMails(db, queue, siteUrl, strings), passwords, logger, now });
  const newsletter = newsletterService({ db, mails: newsletterMails(db, queue, siteUrl, strings), logger, now });
  const forms = formService({
    db,
    mails: formMails(db, queue, { siteUrl, logger, strings, companyLocale }),
    newsletter,
    grants: accounts,
    logger,
    attachmentsMaxBytes: mailAttachmentsMaxBytes,
    now,
  });
  const company = companySettings(db, new URL(siteUrl).hostname);
  const teamMails = staffMails(db, queue, siteUrl, strings);
  const staff = staffService({ db, passwords, mails: teamMails, logger, issuer: () => company().name, idleMinutes: staffIdleMinutes, now });
  const leads = leadService({ db, staff, mails: teamMails, metrics: leadMetrics(db, metricsRegistry, now), logger, now });
  const purge = purgeTarget && purgeWebhook({ ...purgeTarget, logger });
  const editing = contentEditing({ db, staff, logger, now, onPublished: purge && ((paths) => background.run('cache purge', () => purge(paths))) });
  const media = mediaDir === undefined ? undefined : mediaLibrary({ db, dir: mediaDir, staff, now });
  const app = express();
  app.locals.editing = editing;
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', trustProxy);

  const contentVersion = contentVersionReader(db);
  const nextPublication = nextPublicationReader(db, contentVersion);
  app.use((req, res, next) => {
    res.set('Cache-Control', 'no-store');
    res.set('X-Content-Version', contentVersion() ?? 'none');
    // A read with a preview token answers as if that draft were published (and is never cached, as above).
    const token = previewTokenOf(req);
    if (token) {
      res.locals.read = (work: () => unknown) =>
        editing.previewed(token, (at) => {
          previewAt = at;
          try {
            return work();
          } finally {
            previewAt = undefined;
          }
        });
    }
    if (media) res.locals.mediaVariants = media.variants();
    const at = clock();
    const coming = nextPublication(at);
    if (coming) res.set(NEXT_CHANGE_HEADER, String(coming.getTime() - at.getTime()));
    next();
  });

  // Alive, and its database answers (the content version above was just read from it): the container's health check.
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(metricsEndpoint({ opsToken, registry: metricsRegistry, cacheControl: 'no-store' }));
  app.get(
    '/init',
    endpoint(langQuery, ({ lang }) => content.init(lang)),
  );
  app.get(
    '/home',
    endpoint(langQuery, ({ lang }) => content.home(lang)),
  );
  app.get('/pages/:slug', bySlug(content.page));
  app.get('/products/:slug', bySlug(content.product));
  app.get(
    '/categories',
    endpoint(langQuery, ({ lang }) => content.categories(lang)),
  );
  app.get('/categories/:slug', bySlug(content.category));
  app.get('/slugs/:slug', bySlug(content.slugTarget));
  app.get(
    '/articles',
    endpoint(articlesQuery, ({ lang, category, page, perPage }) => content.articles(lang, { categorySlug: category, page, perPage })),
  );
  app.get('/articles/:slug', bySlug(content.article));
  app.get(
    '/faq',
    endpoint(langQuery, ({ lang }) => content.faq(lang)),
  );
  app.get('/faq/:slug', bySlug(content.faqItem));
  app.get(
    '/search',
    endpoint(siteSearchQuery, ({ lang, q, perSection }) => content.search(lang, q, perSection)),
  );
  app.get(
    '/search/faq',
    endpoint(searchQuery, ({ lang, q }) => content.faqSearch(lang, q)),
  );
  // One answer for every locale: a `lang` given is ignored.
  app.get(
    '/sitemap',
    endpoint(z.object({}), () => content.sitemap()),
  );
  app.use(accountRoutes({ service: accounts, background }));
  app.use(formRoutes({ service: forms, requireSession: sessionGuard(accounts) }));
  app.use(newsletterRoutes({ service: newsletter, requireSession: sessionGuard(accounts) }));
  app.use(staffRoutes({ service: staff }));
  app.use(leadRoutes({ service: leads, staff, csvWords: csvWords(strings) }));
  app.use(contentEditingRoutes({ editing, staff }));
  if (media) app.use(mediaRoutes({ media, staff }));

  app.use((_req, res) => {
    res.status(404).json(NOT_FOUND);
  });
  app.use(errorHandler(logger));
  return app;
}

/** The CSV's headings and values in the staff's language, from locales/ (staff.json; the offer types' names from forms.json). */
function csvWords(strings: CmsStrings): (lang: StaffLocale) => CsvWords {
  return (lang) => ({
    heading: (column) => strings.staff(lang)(`csv.${column}`),
    value: (column, value) =>
      column === 'offerType' ? strings.site(lang)(`inquiry.offerTypes.${value}`) : strings.staff(lang)(`${column === 'kind' ? 'kinds' : 'statuses'}.${value}`),
  });
}

/** An endpoint answering from its query string and path; `undefined` from `answer` is a 404. */
function endpoint<Q>(schema: z.ZodType<Q>, answer: (query: Q, params: Request['params']) => unknown): RequestHandler {
  return (req, res) => {
    const query = schema.safeParse(req.query);
    if (!query.success) return void res.status(400).json(BAD_REQUEST);
    const read = res.locals.read as ((work: () => unknown) => { value: unknown } | undefined) | undefined;
    if (!read) return send(res, answer(query.data, req.params));
    // An unknown or expired preview token: nothing to show.
    const previewed = read(() => answer(query.data, req.params));
    send(res, previewed?.value);
  };
}

/** The content editing of an app createCmsApp made: its server publishes the scheduled drafts on time. */
export const editingOf = (app: express.Express): ContentEditing => app.locals.editing as ContentEditing;

/** An endpoint finding one entity by its slug in the requested locale. */
function bySlug(find: (locale: Locale, slug: string) => unknown): RequestHandler {
  return endpoint(langQuery, ({ lang }, params) => find(lang, String(params.slug)));
}

function send(res: Response, body: unknown): void {
  if (body === undefined) return void res.status(404).json(NOT_FOUND);
  // An image that is an editor's photo carries its variants, as the contract lets an upstream give them.
  const mediaVariants = res.locals.mediaVariants as ReadonlyMap<string, ImageVariant[]> | undefined;
  if (mediaVariants) attachVariants(body, mediaVariants);
  res.json(body);
}

/** Client mistakes keep their status; anything else is logged and answered without internals. */
function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json(status === 404 ? NOT_FOUND : BAD_REQUEST);
      return;
    }
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'cms request failed');
    res.status(500).json({ error: 'internal_error' });
  };
}
