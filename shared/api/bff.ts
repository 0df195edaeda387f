import * as z from 'zod/mini';

/**
 * The BFF's own JSON endpoints for the browser (the upstream content API's are in ./contract.ts).
 * The server builds answers of these types; the browser parses them with these schemas, so an answer
 * of another shape (an older build's, a proxy's error page) is a failure rather than a crash.
 *
 *   GET /api/search?lang=&q=  -> SearchSuggestions  (server/site/bff/search.ts)
 *   GET /api/faq-search?lang=&q= -> FaqFilter       (server/site/bff/faq-search.ts)
 *   GET /api/account/photos/:submissionId/:n -> image/jpeg, the owner's session only (server/site/bff/photo-thumbnails.ts)
 *   GET /api/submission-photos/:token -> image/jpeg, to whoever has the link from the company's mail (server/site/bff/submission-photos.ts)
 *   GET /api/forms/guard -> FormGuard, never cached (server/site/bff/form-guard.ts)
 *
 * zod/mini, not zod: the header's search box loads this (when the visitor first types), and mini is
 * about 4 KB (gzip) where the full API is about 22 KB.
 */

/** A path on this site, which the browser follows: `/x`, never `//host` or `/\host`. */
const sitePathSchema = z.string().check(z.regex(/^\/(?![/\\])/));

export const suggestionSchema = z.object({ id: z.string(), title: z.string(), path: sitePathSchema });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const searchSuggestionsSchema = z.object({
  query: z.string(),
  /** The search page for this query, for "all results". */
  searchPath: sitePathSchema,
  sections: z.object({
    products: z.array(suggestionSchema),
    categories: z.array(suggestionSchema),
    articles: z.array(suggestionSchema),
    pages: z.array(suggestionSchema),
    faq: z.array(suggestionSchema),
  }),
  /** When nothing was found: the closest spelling the site uses, and its search page ("did you mean"). */
  didYouMean: z.nullable(z.object({ query: z.string(), path: sitePathSchema })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/**
 * The FAQ items the FAQ list's filter keeps for a query (ids of the list the page has), and, when it
 * keeps none, the closest spelling that keeps some.
 */
export const faqFilterSchema = z.object({ query: z.string(), ids: z.array(z.number()), suggestion: z.nullable(z.string()) });
export type FaqFilter = z.infer<typeof faqFilterSchema>;

export type SuggestionSection = keyof SearchSuggestions['sections'];

/** Where the signed-in visitor's browser gets the thumbnail of photo `n` (0-based) of their own submission. */
export const PHOTO_THUMBNAIL_PATH = '/api/account/photos';
export const photoThumbnailPath = (submissionId: string, n: number) => `${PHOTO_THUMBNAIL_PATH}/${encodeURIComponent(submissionId)}/${n}`;

/**
 * Where the company's notification links a photo it does not attach (too large together): the token
 * is the photo's secret, known only to that mail (the content API keeps its hash).
 */
export const SUBMISSION_PHOTO_PATH = '/api/submission-photos';
export const submissionPhotoPath = (token: string) => `${SUBMISSION_PHOTO_PATH}/${token}`;
/** The shape of such a token: 32 random bytes, base64url. */
export const SUBMISSION_PHOTO_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * What a form with JavaScript fetches when the visitor starts filling it in: a fresh time token (the
 * form opens now) and altcha's proof-of-work challenge, solved in the browser before the post.
 */
export const FORM_GUARD_PATH = '/api/forms/guard';
export const formGuardSchema = z.object({
  token: z.string(),
  challenge: z.object({ algorithm: z.string(), challenge: z.string(), maxnumber: z.optional(z.number()), salt: z.string(), signature: z.string() }),
});
export type FormGuard = z.infer<typeof formGuardSchema>;
