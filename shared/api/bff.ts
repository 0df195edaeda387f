import * as z from 'zod/mini';

/**
 * The BFF's own JSON endpoints for the browser (the upstream content API's are in ./contract.ts).
 * The server builds answers of these types; the browser parses them with these schemas, so an answer
 * of another shape (an older build's, a proxy's error page) is a failure rather than a crash.
 *
 *   GET /api/search?lang=&q=  -> SearchSuggestions  (server/bff/search.ts)
 *
 * zod/mini, not zod: the header's search box loads this on every page, and mini adds about 4 KB
 * (gzip) to the entry script where the full API adds about 22 KB.
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
  }),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export type SuggestionSection = keyof SearchSuggestions['sections'];
/** The order the header box lists the sections in. */
export const SUGGESTION_SECTIONS = ['products', 'categories', 'articles', 'pages'] as const satisfies readonly SuggestionSection[];
