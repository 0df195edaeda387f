import { z } from 'zod';
import { LOCALES } from '../locales';

/*
 * The content endpoints of the content API for the staff (owners and editors: STAFF_PERMISSIONS.content),
 * beside shared/api/staff.ts and with its rules (Bearer staff session, 401/403). A company with its own
 * CMS implements these to get the editors' screens at /admin.
 *
 * An entity is edited in the seed's format (content/README.md): a product is one element of
 * content/products.json, the home page the whole of home.json. An edit is a draft until published;
 * publishing puts it in the published content, checks the whole as the seed import does (schemas,
 * slugs, links) and keeps a revision.
 *
 *   GET  staff/content/:kind                       -> ContentList
 *   GET  staff/content/:kind/:key                  -> ContentEntity | 404 (neither published nor drafted)
 *   PUT  staff/content/:kind/:key/draft  {json, publishAt?}  -> ContentEntity | 400 ContentProblems
 *   POST staff/content/:kind/:key/discard                  -> ContentEntity | 404 (the draft dropped)
 *   POST staff/content/:kind/:key/preview                  -> ContentPreview (a token for the site's ?preview=)
 *   POST staff/content/:kind/:key/publish                  -> ContentEntity | 400 ContentProblems | 404 (no draft)
 *   POST staff/content/:kind/:key/unpublish                -> ContentEntity | 400 ContentProblems (still linked) | 404
 *   POST staff/content/:kind/:key/restore  {revision}      -> ContentEntity (the revision becomes the draft) | 404
 *   GET  staff/redirects                                   -> ContentRedirect[]
 *   POST staff/redirects                 {from, to}        -> ContentRedirect[] | 400 ContentProblems
 *   POST staff/redirects/:id/delete                        -> ContentRedirect[] | 404
 *
 * Public (the site, before its 404):
 *   GET  redirects?path=                                   -> {to} | 404
 * Public reads with `X-Preview: <token>` answer as if the token's draft were published (never cached).
 */

/** Every kind of content an editor changes: the seed's files, by their key in the seed (server/cms/content-schema.ts). */
export const CONTENT_KINDS = [
  'products',
  'categories',
  'articles',
  'articleCategories',
  'faq',
  'pages',
  'menus',
  'home',
  'notification',
  'settings',
  'seo',
] as const;
export const contentKindSchema = z.enum(CONTENT_KINDS);
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** Kinds that are one document (home.json): their one entity's key is the kind's own name. */
export const SINGLE_CONTENT_KINDS: readonly ContentKind[] = ['home', 'notification', 'settings', 'seo'];

/** An entity's key, as the seed writes keys. */
export const contentKeySchema = z
  .string()
  .regex(/^[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*$/)
  .max(100);

export const PREVIEW_HEADER = 'x-preview';
/** The site's query parameter of a preview link. */
export const PREVIEW_PARAM = 'preview';
export const PREVIEW_TTL_MINUTES = 60;

const localized = <T extends z.ZodType>(schema: T) => z.object(Object.fromEntries(LOCALES.map((l) => [l, schema])) as Record<(typeof LOCALES)[number], T>);

export const contentListItemSchema = z.object({
  key: z.string(),
  /** Its title in each language (the published one, else the draft's). */
  titles: localized(z.string()),
  published: z.boolean(),
  draft: z.boolean(),
  /** When its draft is to be published by itself. */
  publishAt: z.string().nullable(),
});
export const contentListSchema = z.object({ kind: contentKindSchema, items: z.array(contentListItemSchema) });
export type ContentList = z.infer<typeof contentListSchema>;

export const contentRevisionSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  by: z.string(),
  action: z.enum(['publish', 'unpublish', 'scheduled']),
});
export type ContentRevision = z.infer<typeof contentRevisionSchema>;

/** Where a link may point: a screen of the route table with its slugs, or a page of the content. */
export const linkTargetSchema = z.object({ label: z.string(), link: z.object({ route: z.string(), params: z.record(z.string(), z.string()).optional() }) });
export type LinkTarget = z.infer<typeof linkTargetSchema>;

export const contentEntitySchema = z.object({
  kind: contentKindSchema,
  key: z.string(),
  /** As the site shows it now; null when it is not on the site. */
  published: z.unknown().nullable(),
  draft: z.object({ json: z.unknown(), updatedAt: z.string(), by: z.string(), publishAt: z.string().nullable() }).nullable(),
  revisions: z.array(contentRevisionSchema),
  /** The link picker's choices in each language. */
  linkTargets: localized(z.array(linkTargetSchema)),
});
export type ContentEntity = z.infer<typeof contentEntitySchema>;

/** A refused draft, publish or redirect: what the seed import would have said, one line each. */
export const contentProblemsSchema = z.object({ error: z.literal('invalid_content'), problems: z.array(z.string()) });
export type ContentProblems = z.infer<typeof contentProblemsSchema>;

/** `paths`: where the draft shows on the site in each language (add `?preview=<token>`). */
export const contentPreviewSchema = z.object({ token: z.string(), expiresAt: z.string(), paths: localized(z.string()) });
export type ContentPreview = z.infer<typeof contentPreviewSchema>;

export const contentDraftBodySchema = z.object({ json: z.unknown(), publishAt: z.iso.datetime().nullable().optional() });
export const contentRestoreBodySchema = z.object({ revision: z.number().int().positive() });

/** A site path under a locale prefix, as redirects hold them. */
export const sitePathSchema = z
  .string()
  .regex(/^\/(sl|en|de)(\/[a-z0-9._~-]+)*$/, 'redirects.errors.path')
  .max(500);

export const contentRedirectSchema = z.object({ id: z.number().int(), from: z.string(), to: z.string(), createdAt: z.string() });
export type ContentRedirect = z.infer<typeof contentRedirectSchema>;
export const contentRedirectBodySchema = z.object({ from: sitePathSchema, to: sitePathSchema });
export const redirectAnswerSchema = z.object({ to: z.string() });
