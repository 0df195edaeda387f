import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { LOCALES, type Locale } from '../../shared/locales';
import { pathTo, ROUTE_NAMES, type RouteName } from '../../shared/routes';
import { linkProblems } from './content-links';
import { CONTENT_FILES, RESERVED_SLUGS, SYNONYM_FILES, type Content } from './content-schema';
import { parseSynonyms } from './search/synonyms';

/** Reading and validating the seed folder (content/README.md). Nothing here touches the database. */

export type ContentKey = keyof typeof CONTENT_FILES;
/** The seed files' texts: the JSON files by key, the synonym files as `synonyms.{locale}`. */
export type ContentTexts = Record<ContentKey | `synonyms.${Locale}`, string>;

export class ContentError extends Error {
  override name = 'ContentError';
  constructor(
    dir: string,
    readonly problems: string[],
  ) {
    super(`Invalid content in ${dir}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const KEYS = Object.keys(CONTENT_FILES) as ContentKey[];

/** Every seed file by its key in ContentTexts. */
const FILES: [key: keyof ContentTexts, file: string][] = [
  ...KEYS.map((key): [ContentKey, string] => [key, CONTENT_FILES[key].file]),
  ...LOCALES.map((locale): [`synonyms.${Locale}`, string] => [`synonyms.${locale}`, SYNONYM_FILES[locale]]),
];

/** The raw text of every seed file; the import is keyed by these exact bytes. */
export function readContentTexts(dir: string): ContentTexts {
  const problems: string[] = [];
  const texts = Object.fromEntries(
    FILES.map(([key, file]) => {
      try {
        return [key, readFileSync(join(dir, file), 'utf8')];
      } catch (error) {
        problems.push(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
        return [key, ''];
      }
    }),
  ) as ContentTexts;
  if (problems.length) throw new ContentError(dir, problems);
  return texts;
}

/** Parses and validates every file, then the references between them; reports every problem at once. */
export function parseContent(dir: string, texts: ContentTexts): Content {
  const problems: string[] = [];
  const content: Partial<Record<ContentKey, unknown>> = {};
  for (const key of KEYS) {
    const { file, schema } = CONTENT_FILES[key];
    let json: unknown;
    try {
      json = JSON.parse(texts[key]);
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = (schema as z.ZodType).safeParse(json);
    if (parsed.success) content[key] = parsed.data;
    else for (const issue of parsed.error.issues) problems.push(`${file}: ${describePath(json, issue.path)}: ${issue.message}`);
  }
  const synonyms = Object.fromEntries(LOCALES.map((locale) => [locale, texts[`synonyms.${locale}`]])) as Record<Locale, string>;
  for (const locale of LOCALES) {
    for (const problem of parseSynonyms(synonyms[locale]).problems) problems.push(`${SYNONYM_FILES[locale]}: ${problem}`);
  }
  if (problems.length) throw new ContentError(dir, problems);
  const valid = { ...content, synonyms } as Content;
  problems.push(...crossReferenceProblems(valid));
  if (problems.length) throw new ContentError(dir, problems);
  return valid;
}

/** `[3].sl.slug (key "rolete")`: the index alone is hard to find in a long file, so name the entry. */
function describePath(json: unknown, path: PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  const text = path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '');
  const first = Array.isArray(json) && typeof path[0] === 'number' ? (json[path[0]] as { key?: unknown } | undefined) : undefined;
  return typeof first?.key === 'string' ? `${text} (key "${first.key}")` : text;
}

/** Paths of the route table that take no slug: a page must not shadow one (en `/page/frequently-asked-…`). */
const FIXED_PATHS = new Set(
  LOCALES.flatMap((locale) =>
    ROUTE_NAMES.flatMap((name: RouteName) => {
      try {
        return [pathTo(name, locale)];
      } catch {
        return []; // the route needs a parameter
      }
    }),
  ),
);

function crossReferenceProblems(c: Content): string[] {
  const problems: string[] = [];
  const unique = (file: string, what: string, values: string[]) => {
    const seen = new Set<string>();
    for (const value of values) {
      if (seen.has(value)) problems.push(`${file}: ${what} "${value}" is used more than once`);
      seen.add(value);
    }
  };
  const known = (file: string, where: string, value: string, keys: Set<string>, what: string) => {
    if (!keys.has(value)) problems.push(`${file}: ${where}: unknown ${what} "${value}"`);
  };

  const categoryKeys = new Set(c.categories.map((x) => x.key));
  const articleCategoryKeys = new Set(c.articleCategories.map((x) => x.key));
  const articleKeys = new Set(c.articles.map((x) => x.key));
  const faqItems = c.faq.flatMap((category) => category.items);

  unique(
    'menus.json',
    'key',
    c.menus.map((x) => x.key),
  );
  unique(
    'categories.json',
    'key',
    c.categories.map((x) => x.key),
  );
  unique(
    'products.json',
    'key',
    c.products.map((x) => x.key),
  );
  unique(
    'article-categories.json',
    'key',
    c.articleCategories.map((x) => x.key),
  );
  unique(
    'articles.json',
    'key',
    c.articles.map((x) => x.key),
  );
  unique(
    'faq.json',
    'category key',
    c.faq.map((x) => x.key),
  );
  unique(
    'faq.json',
    'item key',
    faqItems.map((x) => x.key),
  );
  unique(
    'pages.json',
    'key',
    c.pages.map((x) => x.key),
  );

  c.products.forEach((p) => known('products.json', `${p.key}.category`, p.category, categoryKeys, 'category'));
  for (const a of c.articles) {
    known('articles.json', `${a.key}.category`, a.category, articleCategoryKeys, 'article category');
    a.related.forEach((r) => known('articles.json', `${a.key}.related`, r, articleKeys, 'article'));
    if (a.related.includes(a.key)) problems.push(`articles.json: ${a.key}.related: an article cannot be related to itself`);
  }

  for (const locale of LOCALES) {
    // Products and categories share the `/{lang}/{slug}` route.
    const catalog = [...c.categories, ...c.products].map((x) => x[locale].slug);
    unique('categories.json + products.json', `${locale} slug`, catalog);
    for (const slug of catalog) {
      if (RESERVED_SLUGS.has(slug)) problems.push(`categories.json + products.json: ${locale} slug "${slug}" is a fixed path word`);
    }
    unique(
      'article-categories.json',
      `${locale} slug`,
      c.articleCategories.map((x) => x[locale].slug),
    );
    unique(
      'articles.json',
      `${locale} slug`,
      c.articles.map((x) => x[locale].slug),
    );
    unique(
      'faq.json',
      `${locale} category slug`,
      c.faq.map((x) => x[locale].slug),
    );
    unique(
      'faq.json',
      `${locale} item slug`,
      faqItems.map((x) => x[locale].slug),
    );
    unique(
      'pages.json',
      `${locale} slug`,
      c.pages.map((x) => x[locale].slug),
    );
    for (const page of c.pages) {
      const path = pathTo('page', locale, { slug: page[locale].slug });
      if (FIXED_PATHS.has(path)) problems.push(`pages.json: ${page.key}.${locale}.slug: ${path} is another screen's path`);
    }
  }
  problems.push(...linkProblems(c));
  return problems;
}
