import { z } from 'zod';
import { blockSchema, offerTypeSchema, seoSchema, siteSettingsSchema } from '../../shared/api/contract';
import { walkFields } from '../../shared/forms/form-schema';
import { INQUIRY_FIELDS } from '../../shared/forms/inquiry';
import { LOCALES, type Locale } from '../../shared/locales';
import { ROUTE_NAMES, routePattern } from '../../shared/routes';
import { SEO_DERIVED_ENTRIES, SEO_TITLE_ENTRIES } from './queries/seo';

/**
 * The seed file formats of content/README.md, as zod schemas. Objects are strict so that a misspelt
 * field name is reported instead of silently dropped.
 */

/**
 * Path words of the route table (the first segment after the locale of every fixed screen): a product
 * or category slug equal to one would be unreachable at `/{lang}/{slug}`.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(
  ROUTE_NAMES.flatMap((name) => LOCALES.map((locale) => routePattern(name, locale).split('/')[2])).filter(
    (word): word is string => word !== undefined && !word.startsWith(':'),
  ),
);

const WORDS = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const key = z.string().regex(WORDS, 'must be lowercase ascii words joined by single hyphens');
const slug = z.string().regex(WORDS, 'must be lowercase ascii letters, digits and single hyphens');
const text = z.string().trim().min(1);
const order = z.number().int();
const date = z.iso.date();

const image = z.strictObject({
  src: z.string().regex(/^(\/|https:\/\/)/, 'must be a site path or an https URL'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const routeName = z.string().refine((name) => (ROUTE_NAMES as string[]).includes(name), {
  error: (issue) => `unknown route '${String(issue.input)}' (see shared/routes.ts)`,
});
// The site renders these as <a href>; anything else (javascript:, data:) is refused at the door.
const url = z.string().regex(/^(https?:\/\/|mailto:|tel:)/, 'must start with https://, http://, mailto: or tel:');
const link = z.union([z.strictObject({ route: routeName, params: z.record(z.string(), z.string()).optional() }), z.strictObject({ url })], {
  error: 'must be {"route", "params"?} or {"url"}',
});

type SeedMenuItem = { title: string; link: z.infer<typeof link>; children?: SeedMenuItem[] };
const menuItem: z.ZodType<SeedMenuItem> = z.strictObject({
  title: text,
  link,
  get children() {
    return z.array(menuItem).optional();
  },
});

const cta = z.strictObject({ key, title: z.string(), text: z.string(), label: text, link });

const [heading, paragraph, list, quote, linkBlock, controller, retention] = blockSchema.options;
const blocks = z.array(
  z.discriminatedUnion('type', [
    heading.strict(),
    paragraph.strict(),
    list.strict(),
    quote.strict(),
    linkBlock.extend({ text, link }).strict(),
    controller.strict(),
    retention.strict(),
  ]),
);

/** One object per locale under `sl`, `en`, `de`. */
function localized<T extends z.ZodType>(schema: T) {
  return z.strictObject(Object.fromEntries(LOCALES.map((l) => [l, schema])) as Record<Locale, T>);
}

// Extra keys are kept: settings are open-ended (a form's recipient address, say) and pass through as they are.
export const settingsFile = siteSettingsSchema.loose();

/**
 * Only the translated product titles. The address, contact, coordinate and opening-hours entries of the
 * `seo` group are derived from settings when `init` is answered (queries/seo.ts): a copy here could
 * disagree with settings, so one is refused with a message saying where the value comes from.
 */
type SeoTitleEntry = (typeof SEO_TITLE_ENTRIES)[number];
const seoTitles = z
  .object(Object.fromEntries(SEO_TITLE_ENTRIES.map((entry) => [entry, text])) as Record<SeoTitleEntry, typeof text>)
  .catchall(z.unknown())
  .superRefine((titles, ctx) => {
    const allowed: ReadonlySet<string> = new Set(SEO_TITLE_ENTRIES);
    for (const entry of Object.keys(titles)) {
      if (allowed.has(entry)) continue;
      const setting = Object.hasOwn(SEO_DERIVED_ENTRIES, entry) ? SEO_DERIVED_ENTRIES[entry] : undefined;
      ctx.addIssue({
        code: 'custom',
        path: [entry],
        message: setting
          ? `"${entry}" is derived from settings (settings.json "${setting}"); remove it from seo.json`
          : `unknown entry "${entry}": seo.json holds only the product titles (${SEO_TITLE_ENTRIES.join(', ')}); ` +
            'address, contact and opening-hours entries are derived from settings',
      });
    }
  })
  // Only the declared titles, in their declared order: nothing else reaches the database.
  .transform((titles) => Object.fromEntries(SEO_TITLE_ENTRIES.map((e) => [e, titles[e]])) as Record<SeoTitleEntry, string>);

export const seoFile = localized(seoTitles);

export const menusFile = z.array(z.strictObject({ key, ...localized(z.strictObject({ title: text, items: z.array(menuItem) })).shape }));

export const notificationFile = z
  .strictObject({
    id: text,
    level: z.enum(['info', 'warning']),
    link: link.optional(),
    ...localized(z.strictObject({ message: text })).shape,
  })
  .nullable();

export const categoriesFile = z.array(
  z.strictObject({
    key,
    offerType: offerTypeSchema,
    order,
    image,
    ...localized(z.strictObject({ slug, title: text, summary: z.string(), imageAlt: z.string(), seo: seoSchema, body: blocks })).shape,
  }),
);

export const productsFile = z.array(
  z
    .strictObject({
      key,
      category: key,
      offerType: offerTypeSchema,
      /** What the product fixes in its inquiry (its system, type or model), chosen when the inquiry opens from its page. */
      inquiry: z.record(z.string(), z.string()).default({}),
      order,
      image,
      images: z.array(image),
      ...localized(
        z.strictObject({
          slug,
          title: text,
          summary: z.string(),
          imageAlt: z.string(),
          imagesAlt: z.array(z.string()),
          seo: seoSchema,
          body: blocks,
          features: z.array(text),
          variants: z.array(z.strictObject({ title: text, description: z.string() })),
          options: z.array(z.strictObject({ title: text, values: z.array(text) })),
        }),
      ).shape,
    })
    .superRefine((product, ctx) => {
      // Each value must be one the inquiry offers this product's family, or the form would drop it.
      const { values } = walkFields(INQUIRY_FIELDS, { offerType: product.offerType, ...product.inquiry });
      for (const [name, value] of Object.entries(product.inquiry)) {
        if (values[name] !== value)
          ctx.addIssue({ code: 'custom', path: ['inquiry', name], message: `the ${product.offerType} inquiry offers no ${name} ${value}` });
      }
      for (const locale of LOCALES) {
        if (product[locale].imagesAlt.length !== product.images.length) {
          ctx.addIssue({
            code: 'custom',
            path: [locale, 'imagesAlt'],
            message: `has ${product[locale].imagesAlt.length} entries for ${product.images.length} images`,
          });
        }
      }
    }),
);

export const articleCategoriesFile = z.array(
  z.strictObject({ key, order, ...localized(z.strictObject({ slug, title: text, description: z.string() })).shape }),
);

export const articlesFile = z.array(
  z.strictObject({
    key,
    category: key,
    publishedAt: date,
    author: text,
    image,
    related: z.array(key).default([]),
    ...localized(
      z.strictObject({
        slug,
        title: text,
        excerpt: z.string(),
        /** The byline in this locale when it carries a translated role ("Marko, head of installation"). */
        author: text.optional(),
        imageAlt: z.string(),
        seo: seoSchema,
        body: blocks,
      }),
    ).shape,
  }),
);

export const faqFile = z.array(
  z.strictObject({
    key,
    order,
    ...localized(z.strictObject({ slug, title: text })).shape,
    items: z.array(z.strictObject({ key, ...localized(z.strictObject({ slug, question: text, answer: blocks })).shape })),
  }),
);

export const pagesFile = z.array(
  z.strictObject({
    key,
    /** Optional: the date the page's text took effect (a privacy policy's); else the import that changed it. */
    updatedAt: date.optional(),
    ...localized(z.strictObject({ slug, title: text, seo: seoSchema, body: blocks })).shape,
  }),
);

export const homeFile = z.strictObject({
  heroImage: image,
  ...localized(
    z.strictObject({
      seo: seoSchema,
      hero: z.strictObject({ title: text, text: z.string(), imageAlt: z.string(), cta }),
      intro: blocks,
      ctas: z.array(cta),
    }),
  ).shape,
});

/** Every seed file: where it is read from and the schema it must satisfy. */
export const CONTENT_FILES = {
  settings: { file: 'settings.json', schema: settingsFile },
  seo: { file: 'seo.json', schema: seoFile },
  menus: { file: 'menus.json', schema: menusFile },
  notification: { file: 'notification.json', schema: notificationFile },
  categories: { file: 'categories.json', schema: categoriesFile },
  products: { file: 'products.json', schema: productsFile },
  articleCategories: { file: 'article-categories.json', schema: articleCategoriesFile },
  articles: { file: 'articles.json', schema: articlesFile },
  faq: { file: 'faq.json', schema: faqFile },
  pages: { file: 'pages.json', schema: pagesFile },
  home: { file: 'home.json', schema: homeFile },
} as const;

/** The company's synonym files, one per locale, plain text (server/cms/search/synonyms.ts reads them). */
export const SYNONYM_FILES: Record<Locale, string> = { sl: 'synonyms/sl.txt', en: 'synonyms/en.txt', de: 'synonyms/de.txt' };

export type Content = { [K in keyof typeof CONTENT_FILES]: z.infer<(typeof CONTENT_FILES)[K]['schema']> } & {
  synonyms: Record<Locale, string>;
};
