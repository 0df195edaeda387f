import { z } from 'zod';
import { OFFER_TYPES } from '../forms/inquiry';
import { LOCALES, type Locale } from '../locales';

/**
 * The upstream content API contract: one source of truth for the embedded content API (which serves
 * it) and the BFF (which validates every answer against it). Every GET takes `?lang=sl|en|de`.
 *
 *   GET init                      -> Init
 *   GET home                      -> Home
 *   GET pages/:slug               -> Page          (slug in the requested locale)
 *   GET products/:slug            -> Product
 *   GET categories                -> Category[]    (with products)
 *   GET categories/:slug          -> CategoryDetail
 *   GET slugs/:slug               -> SlugTarget    (a product or a category by its slug)
 *   GET articles?category=&page=&perPage= -> ArticleList
 *   GET articles/:slug            -> Article
 *   GET faq                       -> Faq
 *   GET faq/:slug                 -> FaqItem
 *   GET search?q=&perSection=     -> SearchResults (sections: articles, products, categories, pages, faq,
 *                                    at most perSection each, 1 to 10, default 10; a spelling suggestion
 *                                    when nothing is found)
 *   GET search/faq?q=             -> FaqSearchResults (the FAQ items a filter of the FAQ list keeps)
 *   GET sitemap                   -> Sitemap       (every content entity's screen in every locale; no lang)
 *
 * A missing entity is a 404 with `{ error: 'not_found' }`.
 */

export const localeSchema = z.enum(LOCALES);

/** An object with one `schema` per locale, keyed by its code. */
function perLocale<T extends z.ZodType>(schema: T) {
  return z.object(Object.fromEntries(LOCALES.map((locale) => [locale, schema])) as Record<Locale, T>);
}

/** A product family's inquiry form: the inquiry screen's `:offerType` and its product fields. */
export const offerTypeSchema = z.enum(OFFER_TYPES);

/** The slug of an entity in every locale (for the locale switcher, hreflang and the sitemap). */
export const slugsSchema = perLocale(z.string());
export type Slugs = z.infer<typeof slugsSchema>;

/**
 * A copy of a raster image, smaller or in a newer format, with the original's aspect ratio. The page
 * names them in a `<picture>` and the browser takes the first type it can decode, at the width it needs.
 */
export const imageVariantSchema = z.object({
  src: z.string(),
  width: z.number().int().positive(),
  type: z.string().regex(/^image\/[a-z0-9.+-]+$/),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/**
 * `src` is the original (what structured data names, and what a browser gets that takes none of the
 * variants). `variants`, best type first, may come from the upstream (a CMS with an image service);
 * the BFF adds them for the site's own raster files under /images/, which the build makes
 * (docs/decisions/0010-images.md). An SVG has none: it scales.
 */
export const imageSchema = z.object({
  src: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string(),
  variants: z.array(imageVariantSchema).optional(),
});
export type Image = z.infer<typeof imageSchema>;

/** A link to one of the site's own screens, named by the route table, or an external URL. */
export const linkSchema = z.union([z.object({ route: z.string(), params: z.record(z.string(), z.string()).optional() }), z.object({ url: z.string() })]);
export type Link = z.infer<typeof linkSchema>;

/**
 * Rich text as structured blocks rather than HTML: content is rendered as React elements, so nothing
 * an editor writes can ever run as script.
 */
export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), ordered: z.boolean().default(false), items: z.array(z.string()) }),
  z.object({ type: z.literal('quote'), text: z.string() }),
  /** A link on a line of its own, where the text points the reader on (an FAQ answer to the service form). */
  z.object({ type: z.literal('link'), text: z.string(), link: linkSchema }),
  /**
   * Facts held in settings, written out by the site in the page's language where the text needs them
   * (the privacy policy's controller and retention periods), so the text can never disagree with them.
   */
  z.object({ type: z.literal('controller') }),
  z.object({ type: z.literal('retention') }),
]);
export type Block = z.infer<typeof blockSchema>;

export const menuItemSchema = z.object({
  title: z.string(),
  link: linkSchema,
  get children() {
    return z.array(menuItemSchema).optional();
  },
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.object({ key: z.string(), title: z.string(), items: z.array(menuItemSchema) });
export type Menu = z.infer<typeof menuSchema>;

export const openingHoursSchema = z.object({
  country: z.string().length(2),
  /** schema.org day codes: Mo, Tu, We, Th, Fr, Sa, Su */
  days: z.array(z.enum(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'])),
  opens: z.string().regex(/^\d\d:\d\d$/),
  closes: z.string().regex(/^\d\d:\d\d$/),
});
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** Settings travel as a list of key/value pairs; `settingsFromList` gives the typed view. */
export const settingSchema = z.object({ key: z.string(), value: z.unknown() });

export const siteSettingsSchema = z.object({
  company_name: z.string(),
  company_legal_name: z.string(),
  company_email: z.string(),
  company_phone: z.string(),
  company_vat_id: z.string(),
  /** The imprint's facts (the `imprint` screen): the legal form's key (its words in each locale), the register and its number, who manages the company, its capital. */
  company_legal_form: z.enum(['doo', 'dd', 'sp']).default('doo'),
  company_register_court: z.string().default(''),
  company_register_number: z.string().default(''),
  company_managing_director: z.string().default(''),
  company_share_capital: z.string().default(''),
  founded_year: z.number().int(),
  street_address: z.string(),
  postal_code: z.string(),
  town: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  website_url: z.string(),
  showrooms: z.array(
    z.object({
      /** Named by `locale_showroom`. */
      key: z.string(),
      name: z.string(),
      street_address: z.string(),
      postal_code: z.string(),
      town: z.string(),
      country: z.string().length(2),
      phone: z.string(),
      email: z.string(),
      latitude: z.number(),
      longitude: z.number(),
    }),
  ),
  /** The showroom of each locale's market: its phone is the one number a page shows (German pages: Austria). */
  locale_showroom: z.record(localeSchema, z.string()),
  opening_hours: z.array(openingHoursSchema),
  social: z.array(z.object({ name: z.string(), url: z.string() })).default([]),
  /**
   * Months an inquiry or service request is kept after the last activity of its sender
   * (docs/decisions/0024-data-rights.md); then it is erased, or anonymised when it came from an account.
   */
  retention_submission_months: z.number().int().min(1).max(240).default(24),
  /**
   * Days an address that was never confirmed is kept: an account never verified, a newsletter signup
   * never confirmed (decisions.md, Privacy). Then it is erased.
   */
  retention_unconfirmed_days: z.number().int().min(1).max(365).default(30),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type Showroom = SiteSettings['showrooms'][number];

/** Parsed once per list: the upstream cache hands every request the same `init` while it is fresh. */
const parsedSettings = new WeakMap<object, SiteSettings>();

export function settingsFromList(list: { key: string; value: unknown }[]): SiteSettings {
  let settings = parsedSettings.get(list);
  if (!settings) parsedSettings.set(list, (settings = siteSettingsSchema.parse(Object.fromEntries(list.map((s) => [s.key, s.value])))));
  return settings;
}

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  slugs: slugsSchema,
  title: z.string(),
  summary: z.string(),
  image: imageSchema,
  /** The inquiry form's offer type this family maps to. */
  offerType: offerTypeSchema,
  order: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const articleCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  slugs: slugsSchema,
  title: z.string(),
  description: z.string(),
});
export type ArticleCategory = z.infer<typeof articleCategorySchema>;

export const notificationSchema = z.object({ id: z.string(), message: z.string(), level: z.enum(['info', 'warning']), link: linkSchema.optional() }).nullable();

export const initSchema = z.object({
  locales: z.array(
    z.object({
      code: localeSchema,
      name: z.string(),
      iso: z.string(),
      file: z.string(),
      /** The `seo` group: titled entries (product titles, address and opening-hours lines). */
      seo: z.record(z.string(), z.object({ title: z.string() })),
    }),
  ),
  settings: z.array(settingSchema),
  menus: z.array(menuSchema),
  languages: z.array(z.object({ code: localeSchema, name: z.string() })),
  categories: z.array(categorySchema),
  articleCategories: z.array(articleCategorySchema),
  notification: notificationSchema,
});
export type Init = z.infer<typeof initSchema>;

export const seoSchema = z.object({ title: z.string(), description: z.string() });

export const productSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  slugs: slugsSchema,
  title: z.string(),
  summary: z.string(),
  image: imageSchema,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productSchema = productSummarySchema.extend({
  seo: seoSchema,
  /** The product's stable name in every locale: an inquiry from its page carries it (shared/forms/inquiry.ts). */
  key: z.string(),
  offerType: offerTypeSchema,
  /** What the product fixes in its inquiry (system, type or model): chosen when the inquiry opens from its page. */
  inquiryPreset: z.record(z.string(), z.string()),
  category: categorySchema,
  body: z.array(blockSchema),
  features: z.array(z.string()),
  variants: z.array(z.object({ title: z.string(), description: z.string() })),
  options: z.array(z.object({ title: z.string(), values: z.array(z.string()) })),
  images: z.array(imageSchema),
});
export type Product = z.infer<typeof productSchema>;

export const categoryDetailSchema = categorySchema.extend({
  seo: seoSchema,
  body: z.array(blockSchema),
  products: z.array(productSummarySchema),
});
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

export const categoriesSchema = z.array(categorySchema.extend({ products: z.array(productSummarySchema) }));

export const slugTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('product'), product: productSchema }),
  z.object({ type: z.literal('category'), category: categoryDetailSchema }),
]);
export type SlugTarget = z.infer<typeof slugTargetSchema>;

export const articleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  slugs: slugsSchema,
  title: z.string(),
  excerpt: z.string(),
  publishedAt: z.string(),
  image: imageSchema,
  category: articleCategorySchema,
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleListSchema = z.object({
  items: z.array(articleSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
});
export type ArticleList = z.infer<typeof articleListSchema>;

export const articleSchema = articleSummarySchema.extend({
  seo: seoSchema,
  author: z.string(),
  body: z.array(blockSchema),
  related: z.array(articleSummarySchema),
});
export type Article = z.infer<typeof articleSchema>;

export const pageSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  slug: z.string(),
  slugs: slugsSchema,
  title: z.string(),
  seo: seoSchema,
  body: z.array(blockSchema),
  updatedAt: z.string(),
});
export type Page = z.infer<typeof pageSchema>;

export const faqItemSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  slugs: slugsSchema,
  question: z.string(),
});

export const faqSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string(), items: z.array(faqItemSummarySchema) })),
});
export type Faq = z.infer<typeof faqSchema>;

export const faqItemSchema = faqItemSummarySchema.extend({
  answer: z.array(blockSchema),
  category: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const ctaSchema = z.object({
  key: z.string(),
  title: z.string(),
  text: z.string(),
  label: z.string(),
  link: linkSchema,
});
export type Cta = z.infer<typeof ctaSchema>;

export const homeSchema = z.object({
  seo: seoSchema,
  hero: z.object({ title: z.string(), text: z.string(), image: imageSchema, cta: ctaSchema }),
  intro: z.array(blockSchema),
  ctas: z.array(ctaSchema),
  latestArticles: z.array(articleSummarySchema),
});
export type Home = z.infer<typeof homeSchema>;

/**
 * "Did you mean": when a search found nothing, the query with its words spelt as the site spells them,
 * which does find something; null otherwise (and from an upstream that does not suggest).
 */
const suggestionSchema = z.string().nullable().default(null);

export const searchResultsSchema = z.object({
  query: z.string(),
  articles: z.array(articleSummarySchema),
  products: z.array(productSummarySchema),
  categories: z.array(categorySchema),
  pages: z.array(z.object({ key: z.string(), slug: z.string(), title: z.string(), excerpt: z.string() })),
  /** FAQ answers: the question, and the passage of the answer that matched. */
  faq: z.array(z.object({ id: z.number().int(), slug: z.string(), question: z.string(), excerpt: z.string() })).default([]),
  suggestion: suggestionSchema,
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** The FAQ items (ids) that match a filter of the FAQ list, by the site search's engine. */
export const faqSearchResultsSchema = z.object({ query: z.string(), ids: z.array(z.number().int()), suggestion: suggestionSchema });
export type FaqSearchResults = z.infer<typeof faqSearchResultsSchema>;

export const apiErrorSchema = z.object({ error: z.string() });

/**
 * Where a submission stands, as its sender sees it: the company's own statuses (shared/api/staff.ts)
 * without what is the company's alone (a lead marked spam reads as received, a lost one as closed).
 */
export const VISITOR_STATUSES = ['received', 'contacted', 'visit_booked', 'quote_sent', 'ordered', 'installed', 'closed'] as const;
export const visitorStatusSchema = z.enum(VISITOR_STATUSES);
export type VisitorStatus = (typeof VISITOR_STATUSES)[number];

/** The company's answers by mail to one submission, as its sender sees them. */
export const submissionReplySchema = z.object({ at: z.string(), text: z.string() });

/*
 * Accounts. POST/PUT bodies are JSON; `lang` (query) picks the language of the mails sent. Calls for a
 * signed-in visitor carry `Authorization: Bearer <session token>`. No answer tells whether an email
 * address has an account: registering a known address, asking to resend a verification or to reset a
 * password answer exactly as for an unknown one (the owner of the address gets a mail that says what
 * happened).
 *
 *   POST auth/register                 {email, password, name}        -> 202 AuthAccepted
 *   POST auth/resend-verification      {email}                        -> 202 AuthAccepted
 *   POST auth/verify-email             {token}                        -> 200 {status:'verified'} | 200 {status:'already_verified'}
 *                                                                        (a spent link of a verified account) | 400 {error:'invalid_token'}
 *   POST auth/login                    {email, password, unlock?}     -> 200 Session | 401 {error:'invalid_credentials'}
 *                                                                        | 403 {error:'not_verified'} | 429 {error:'too_many_attempts', retryAfter}
 *                                        (slowed per account and client address and per client address, the same for
 *                                        known and unknown addresses; `unlock`: the token of a mailed unlock link, single-use,
 *                                        which lets this attempt past the limits)
 *   POST auth/logout                   (bearer)                       -> 204
 *   POST auth/password-reset           {email}                        -> 202 AuthAccepted
 *   POST auth/password-reset/status    {token}                        -> 200 {status:'usable'|'used'|'invalid'} (spends nothing: the
 *                                                                        page of the mail's link says at once that it is spent or expired)
 *   POST auth/password-reset/confirm   {token, password}              -> 200 {status:'password_changed'} | 400 {error:'invalid_token'}
 *                                                                        | 409 {error:'token_used'} (spent: used, or a newer link was)
 *   GET  account                       (bearer)                       -> 200 AccountUser | 401 {error:'unauthorized'}
 *   PUT  account                       (bearer) {name, phone, streetAddress, postalCode, town} -> 200 AccountUser
 *   PUT  account/password              (bearer) {currentPassword, newPassword} -> 204 | 400 {error:'wrong_password'}
 *                                                                        | 429 {error:'too_many_attempts', retryAfter} (wrong current
 *                                                                          passwords count towards the login limits)
 *   GET  account/export                (bearer)                       -> 200 AccountExport (what the content API holds about
 *                                                                          the account: docs/decisions/0024-data-rights.md)
 *   POST account/delete                (bearer) {password}            -> 204 | 400 {error:'wrong_password'}
 *                                                                        | 429 {error:'too_many_attempts', retryAfter} (as above);
 *                                                                          every session of the account ends
 *   POST account/submission-grants     (bearer)                       -> 201 {grant}  single-use, 30 days: sent as `accountGrant`
 *                                                                        with a form the visitor posts (see Form submissions)
 *
 * The BFF calls login, password change and reset confirmation with `X-Forwarded-For: <the visitor's
 * address>`; the content API believes it from the BFF's addresses only (CMS_TRUST_PROXY).
 *
 * Invalid input is 400 {error:'bad_request', fields?: {field: message key}} (a malformed token too);
 * a body over 16 kB is 413.
 * Tokens in mails are single-use and expire (verification 48 h, password reset 1 h, unlock 1 h); the
 * links point to the site's `verifyEmail` and `passwordReset` routes with `?token=`, and to `login`
 * with `?unlock=`.
 */
export const accountUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  streetAddress: z.string(),
  postalCode: z.string(),
  town: z.string(),
  createdAt: z.string(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/**
 * A visitor's copy of their data (GDPR Art. 15 and 20): the account, its live sessions, the submissions
 * sent from its address with everything they said, the newsletter subscription of the address, the
 * consent-relevant moments (registration, verification, signup, consent, unsubscription; a
 * submission's consent is its `terms` field at `receivedAt`) and the retention periods that apply.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: accountUserSchema.omit({ createdAt: true }).extend({ locale: localeSchema, registeredAt: z.string(), verifiedAt: z.string().nullable() }),
  sessions: z.array(z.object({ startedAt: z.string(), expiresAt: z.string() })),
  submissions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['inquiry', 'service']),
      locale: z.string(),
      status: visitorStatusSchema,
      receivedAt: z.string(),
      lastActivityAt: z.string(),
      data: z.record(z.string(), z.unknown()),
      visitAt: z.string().nullable(),
      /**
       * Sent while signed in to this account; false: sent under its address without signing in (before
       * the account existed, or by whoever typed the address): docs/decisions/0044.
       */
      sentSignedIn: z.boolean(),
      /** What the company wrote about it: its replies (mailed to the sender) and its internal notes. */
      replies: z.array(submissionReplySchema),
      notes: z.array(submissionReplySchema),
    }),
  ),
  newsletter: z
    .object({
      email: z.string(),
      locale: z.string(),
      signedUpAt: z.string(),
      consentAt: z.string(),
      confirmedAt: z.string().nullable(),
      unsubscribedAt: z.string().nullable(),
    })
    .nullable(),
  retention: z.object({ submissionMonths: z.number().int(), unconfirmedDays: z.number().int() }),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const authAcceptedSchema = z.object({ status: z.literal('accepted') });
export const sessionSchema = z.object({ token: z.string().min(32), expiresAt: z.string(), user: accountUserSchema });
export type Session = z.infer<typeof sessionSchema>;
export const statusSchema = z.object({ status: z.string() });

/** What a password-reset link can still do: set a password, or nothing, as spent ('used') or as unknown or expired ('invalid'). */
export const RESET_LINK_STATES = ['usable', 'used', 'invalid'] as const;
export type ResetLinkState = (typeof RESET_LINK_STATES)[number];
export const resetLinkStatusSchema = z.object({ status: z.enum(RESET_LINK_STATES) });

/*
 * Sitemap. `GET sitemap` answers for every locale at once (a `lang` is ignored): one entry per content
 * entity, naming the route-table screen it lives on and the parameters of that screen in each locale,
 * so the BFF builds every path with `pathTo` and never from content text. `slugs` fill the route's
 * `:slug`; `params` fill its other parameters. Static screens (home, blog, FAQ, categories) are the
 * BFF's to add from the route table; the CMS lists `index` or `b2b` only for a content page shown there.
 * `updatedAt` (lastmod) is the entity's own date when the CMS has one (a page's updatedAt, an article's
 * publishedAt, an article category's newest article), else null.
 */
const sitemapDateSchema = z.iso.date().nullable();
const categoryParamsSchema = perLocale(z.object({ category: z.string().min(1) }));

export const sitemapEntrySchema = z.discriminatedUnion('route', [
  /** A product, a product category (at its bare slug), an FAQ item, a content page. */
  z.object({ route: z.enum(['product', 'slug', 'faqItem', 'page']), slugs: slugsSchema, updatedAt: sitemapDateSchema }),
  /**
   * An article: its slug and its category's slug in each locale. `key`: its key in the CMS, for the
   * site's links to a named article (the measuring guide); optional, as a CMS may not send it.
   */
  z.object({
    route: z.literal('blogArticle'),
    key: z.string().optional(),
    slugs: slugsSchema,
    params: categoryParamsSchema,
    updatedAt: sitemapDateSchema,
  }),
  /** An article category: the blog list of that category. */
  z.object({ route: z.literal('blog'), slugs: z.null(), params: categoryParamsSchema, updatedAt: sitemapDateSchema }),
  /** A content page with a screen of its own (the business-customer page on `b2b`). */
  z.object({ route: z.enum(['index', 'b2b']), slugs: z.null(), updatedAt: sitemapDateSchema }),
]);
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;

export const sitemapSchema = z.object({ entries: z.array(sitemapEntrySchema) });
export type Sitemap = z.infer<typeof sitemapSchema>;

/*
 * Form submissions. The BFF's outbox delivers each stored submission with
 *   POST forms/{kind}?lang=   Idempotency-Key: <key>   body: the output of the form's schema (JSON)
 * where kind is inquiry | service | newsletter and the body is `InquiryForm`, `ServiceForm` or
 * `NewsletterForm` (shared/forms), validated again by the content API with the same schema. `lang` is
 * the visitor's locale (their confirmation mail is written in it). The key makes a retry the same
 * submission: a key seen before answers 200 with the first answer's id and does nothing else.
 *
 * Photos (inquiry and service only): the same POST as `multipart/form-data` instead of JSON, with the
 * part `body` first (the JSON above, as text) and then up to PHOTO_LIMITS.count file parts `photos`,
 * each a JPEG the BFF has decoded and re-encoded (at most PHOTO_LIMITS.longSidePx on its long side, no
 * metadata), its file name the visitor's. Binary parts, not base64 in JSON: no string of the photos'
 * size is ever made on either side, and a retry sends the same parts under the same key. A part over
 * PHOTO_LIMITS.bytesEach, more photos than the count, or a photo that is not a JPEG is a 400 with
 * `fields: {photos}`; a post over the total is a 413 (both permanent).
 *   201 {id}                         stored (and mailed)
 *   200 {id}                         already stored under this key
 *                                    (a newsletter signup subscribes no one: see Newsletter consent below)
 *   400 {error:'bad_request', fields} permanent: the outbox moves it to the dead letters
 *   5xx, timeouts                    temporary: the outbox tries again later
 *
 * An inquiry or service request posted by a signed-in visitor also carries `accountGrant` (a grant of
 * `POST account/submission-grants`) beside the form's fields; a missing, spent or malformed one is
 * ignored, never refused.
 *
 * A post the site judged spam (server/site/spam/judge.ts) carries `spam` beside the form's fields: the
 * reason, one of SPAM_REASONS. It is stored all the same (an inquiry or service request with status
 * `spam`, found in the staff inbox; a newsletter signup left unconfirmed) and never mailed or
 * confirmed. An unknown reason still counts as spam: the mark never fails a delivery.
 *
 *   GET account/submissions (bearer) -> AccountSubmission[]  the inquiries and service requests held under
 *                                       the signed-in visitor's verified address, newest first, each with
 *                                       `sentSignedIn`: whether it came with a grant of their account (the
 *                                       address was confirmed for that submission) or was sent without
 *                                       signing in (before the account, or by whoever typed the address)
 *   GET account/submissions/:id/photos/:n/thumbnail (bearer) -> image/jpeg  a small copy of photo n (0-based)
 *                                       of one of them; 404 for anyone else's, or none
 *
 * The company's notification attaches a submission's photos, unless together they are larger than
 * the content API's limit (MAIL_ATTACHMENTS_MAX_MB): it then links each one to the site
 * (shared/api/bff.ts `submissionPhotoPath`), with a token of its own that only that mail holds.
 *   GET submission-photos/:token -> image/jpeg (Content-Disposition: attachment, the photo's name)
 *                                   404 for any other token (unknown, malformed, its submission erased)
 */
export const FORM_KINDS = ['inquiry', 'service', 'newsletter'] as const;

/** Why the site judged a post spam: the honeypot filled, no valid time token, sent too fast, no proof of work from its script. */
export const SPAM_REASONS = ['honeypot', 'token', 'too_fast', 'proof'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];
export type FormKind = (typeof FORM_KINDS)[number];

/**
 * Sent with every answer while an article waits to come out at its `publishedAt`: the milliseconds until
 * the first does. The site drops its cached pages and answers then, so the article appears at its time
 * without a purge (relative, so the site's and the content API's clocks need not agree).
 */
export const NEXT_CHANGE_HEADER = 'X-Content-Next-Change-Ms';

/** What an idempotency key may look like (the outbox makes them; the content API checks them). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9:_-]{8,200}$/;

/** The multipart part that carries a submission's JSON when photos come with it. */
export const SUBMISSION_BODY_FIELD = 'body';

export const submissionAckSchema = z.object({ id: z.string().min(1) });
export type SubmissionAck = z.infer<typeof submissionAckSchema>;

export const accountSubmissionSchema = z.object({
  id: z.string(),
  kind: z.enum(['inquiry', 'service']),
  /** The inquiry's offer type; null for a service request. */
  offerType: z.string().nullable(),
  status: visitorStatusSchema,
  createdAt: z.string(),
  /** The photos sent with it (their file names), in the order sent; their thumbnails are numbered so. */
  photos: z.array(z.object({ name: z.string() })).default([]),
  /** The measuring visit the company booked: a local date and time (`2026-12-03T09:30`), or null. */
  visitAt: z.string().nullable().default(null),
  replies: z.array(submissionReplySchema).default([]),
  /**
   * Sent while signed in to the account; false: sent under its verified address without signing in
   * (docs/decisions/0044). An upstream that lists only the first kind may leave it out.
   */
  sentSignedIn: z.boolean().default(true),
});
export type AccountSubmission = z.infer<typeof accountSubmissionSchema>;

/*
 * Newsletter consent (docs/decisions/0023-newsletter-consent.md). A signup (`POST forms/newsletter`)
 * subscribes no one: it mails a confirmation link (the site's `newsletterConfirm` route with `?token=`,
 * single-use, valid NEWSLETTER_CONFIRM_DAYS days) to the address, at most one per address and hour,
 * and answers the same whatever the address's state. Every mail to a subscriber carries an unsubscribe
 * link (the site's `newsletterUnsubscribe` route with `?token=`) that can do nothing but unsubscribe
 * its address: no answer names the address or its state.
 *
 *   POST newsletter/confirm      {token}                -> 200 {status:'subscribed'} | 200 {status:'already_subscribed'} (a spent
 *                                                          link of an address subscribed now) | 400 {error:'invalid_token'}
 *   POST newsletter/unsubscribe  {token}                -> 200 {status:'unsubscribed'} | 400 {error:'invalid_token'}
 *                                                          (again with the same token: 200, nothing changes)
 *   GET  account/newsletter      (bearer)               -> 200 NewsletterState
 *   PUT  account/newsletter      (bearer) {subscribed}  -> 200 NewsletterState (the verified account's own
 *                                                          address is subscribed at once, no confirmation mail)
 */
export const NEWSLETTER_CONFIRM_DAYS = 7;

export const newsletterStateSchema = z.object({ subscribed: z.boolean() });
export type NewsletterState = z.infer<typeof newsletterStateSchema>;
