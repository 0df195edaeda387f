import { LOCALES, type Locale } from '../../shared/locales';
import type { ContentTexts } from './content';
import { CONTENT_FILES, SYNONYM_FILES, type Content } from './content-schema';
import type { Db } from './db';
import { fromJson } from './queries/rows';
import { synonymText } from './search/documents';

/**
 * The database's current content in the seed's format (content/README.md): what `npm run content:export`
 * writes, what a start after a schema change writes back through the import's writer, and what the
 * content version is a hash of. Entities with an `order` field come in the order of their ids, so an
 * import into an empty database gives them the same ids (ids reach browsers' recently-viewed lists);
 * menus and FAQ answers, ordered by their place in the file, in that order. An export of an unchanged
 * database is byte for byte the same.
 */
export function exportContent(db: Db): Content {
  const rows = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
  /** The translations of one entity, as `{ sl: …, en: …, de: … }`. */
  const localized = <T>(table: string, owner: string, id: number, shape: (row: Record<string, string>) => T) => {
    const byLocale = new Map(rows<Record<string, string>>(`SELECT * FROM ${table} WHERE ${owner} = ?`, id).map((r) => [r.locale, r]));
    return Object.fromEntries(LOCALES.map((locale) => [locale, shape(byLocale.get(locale)!)])) as Record<Locale, T>;
  };
  const seo = (t: Record<string, string>) => ({ title: t.seo_title!, description: t.seo_description! });

  const settings = Object.fromEntries(
    rows<{ key: string; value: string }>('SELECT key, value FROM settings ORDER BY position').map((r) => [r.key, fromJson(r.value)]),
  ) as Content['settings'];

  const seoEntries = Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        rows<{ entry: string; title: string }>('SELECT entry, title FROM seo_entries WHERE locale = ? ORDER BY entry', locale).map((r) => [r.entry, r.title]),
      ),
    ]),
  ) as Content['seo'];

  const menus = rows<{ id: number; key: string }>('SELECT id, key FROM menus ORDER BY position').map((menu) => ({
    key: menu.key,
    ...localized('menu_translations', 'menu_id', menu.id, (t) => ({ title: t.title!, items: fromJson(t.items!) })),
  })) as Content['menus'];

  const notice = db.prepare('SELECT notice_id, level, link FROM notification WHERE id = 1').get() as
    { notice_id: string; level: 'info' | 'warning'; link: string | null } | undefined;
  const notification: Content['notification'] = notice
    ? {
        id: notice.notice_id,
        level: notice.level,
        ...(notice.link ? { link: fromJson(notice.link) } : {}),
        ...localized('notification_translations', 'notification_id', 1, (t) => ({ message: t.message! })),
      }
    : null;

  const categories = rows<{ id: number; key: string; offer_type: string; position: number; image: string }>('SELECT * FROM categories ORDER BY id').map(
    (c) => ({
      key: c.key,
      offerType: c.offer_type,
      order: c.position,
      image: fromJson(c.image),
      ...localized('category_translations', 'category_id', c.id, (t) => ({
        slug: t.slug!,
        title: t.title!,
        summary: t.summary!,
        imageAlt: t.image_alt!,
        seo: seo(t),
        body: fromJson(t.body!),
      })),
    }),
  ) as Content['categories'];

  const products = rows<{
    id: number;
    key: string;
    category: string;
    offer_type: string;
    inquiry_preset: string;
    position: number;
    image: string;
    images: string;
  }>(`SELECT p.*, c.key AS category FROM products p JOIN categories c ON c.id = p.category_id ORDER BY p.id`).map((p) => ({
    key: p.key,
    category: p.category,
    offerType: p.offer_type,
    // As the seed writes it: only a product that fixes something in its inquiry names it.
    ...(p.inquiry_preset === '{}' ? {} : { inquiry: fromJson(p.inquiry_preset) }),
    order: p.position,
    image: fromJson(p.image),
    images: fromJson(p.images),
    ...localized('product_translations', 'product_id', p.id, (t) => ({
      slug: t.slug!,
      title: t.title!,
      summary: t.summary!,
      imageAlt: t.image_alt!,
      imagesAlt: fromJson(t.images_alt!),
      seo: seo(t),
      body: fromJson(t.body!),
      features: fromJson(t.features!),
      variants: fromJson(t.variants!),
      options: fromJson(t.options!),
    })),
  })) as Content['products'];

  const articleCategories = rows<{ id: number; key: string; position: number }>('SELECT * FROM article_categories ORDER BY id').map((c) => ({
    key: c.key,
    order: c.position,
    ...localized('article_category_translations', 'article_category_id', c.id, (t) => ({ slug: t.slug!, title: t.title!, description: t.description! })),
  })) as Content['articleCategories'];

  const articles = rows<{ id: number; key: string; category: string; published_at: string; image: string }>(
    `SELECT a.*, c.key AS category FROM articles a JOIN article_categories c ON c.id = a.category_id ORDER BY a.id`,
  ).map((a) => {
    const t = localized('article_translations', 'article_id', a.id, (t) => t);
    // The database holds each locale's byline; the seed names one and overrides it where a locale differs.
    const author = t.sl.author!;
    return {
      key: a.key,
      category: a.category,
      publishedAt: a.published_at,
      author,
      image: fromJson(a.image),
      related: rows<{ key: string }>(
        'SELECT b.key FROM article_related r JOIN articles b ON b.id = r.related_id WHERE r.article_id = ? ORDER BY r.position',
        a.id,
      ).map((r) => r.key),
      ...Object.fromEntries(
        LOCALES.map((locale) => {
          const row = t[locale];
          return [
            locale,
            {
              slug: row.slug!,
              title: row.title!,
              excerpt: row.excerpt!,
              ...(row.author === author ? {} : { author: row.author! }),
              imageAlt: row.image_alt!,
              seo: seo(row),
              body: fromJson(row.body!),
            },
          ];
        }),
      ),
    };
  }) as Content['articles'];

  const faq = rows<{ id: number; key: string; position: number }>('SELECT * FROM faq_categories ORDER BY id').map((c) => ({
    key: c.key,
    order: c.position,
    ...localized('faq_category_translations', 'faq_category_id', c.id, (t) => ({ slug: t.slug!, title: t.title! })),
    items: rows<{ id: number; key: string }>('SELECT id, key FROM faq_items WHERE category_id = ? ORDER BY position', c.id).map((item) => ({
      key: item.key,
      ...localized('faq_item_translations', 'faq_item_id', item.id, (t) => ({ slug: t.slug!, question: t.question!, answer: fromJson(t.answer!) })),
    })),
  })) as Content['faq'];

  // A page's date travels with it (the date part: the seed's format holds a date), so another
  // environment shows the date the text took effect, not the day it was loaded there.
  const pages = rows<{ id: number; key: string; updated_at: string }>('SELECT id, key, updated_at FROM pages ORDER BY id').map((p) => ({
    key: p.key,
    updatedAt: p.updated_at.slice(0, 10),
    ...localized('page_translations', 'page_id', p.id, (t) => ({ slug: t.slug!, title: t.title!, seo: seo(t), body: fromJson(t.body!) })),
  })) as Content['pages'];

  const heroImage = (db.prepare('SELECT hero_image FROM home WHERE id = 1').get() as { hero_image: string }).hero_image;
  const home = {
    heroImage: fromJson(heroImage),
    ...localized('home_translations', 'home_id', 1, (t) => ({
      seo: seo(t),
      hero: { title: t.hero_title!, text: t.hero_text!, imageAlt: t.hero_image_alt!, cta: fromJson(t.hero_cta!) },
      intro: fromJson(t.intro!),
      ctas: fromJson(t.ctas!),
    })),
  } as Content['home'];

  const synonyms = Object.fromEntries(LOCALES.map((locale) => [locale, synonymText(db, locale)])) as Content['synonyms'];
  return { settings, seo: seoEntries, menus, notification, categories, products, articleCategories, articles, faq, pages, home, synonyms };
}

/** The seed files' texts of `content`: JSON as the seed folder writes it (two spaces, a final newline). */
export function contentTexts(content: Content): ContentTexts {
  const json = Object.fromEntries(
    (Object.keys(CONTENT_FILES) as (keyof typeof CONTENT_FILES)[]).map((key) => [key, `${JSON.stringify(content[key], null, 2)}\n`]),
  );
  const synonyms = Object.fromEntries(LOCALES.map((locale) => [`synonyms.${locale}`, content.synonyms[locale]]));
  return { ...json, ...synonyms } as ContentTexts;
}

/** Where each text of ContentTexts is written in a seed folder. */
export function contentFileOf(key: keyof ContentTexts): string {
  return key.startsWith('synonyms.') ? SYNONYM_FILES[key.slice('synonyms.'.length) as Locale] : CONTENT_FILES[key as keyof typeof CONTENT_FILES].file;
}

/** Whether the database holds content yet (the home page is the one entity every content has). */
export function hasContent(db: Db): boolean {
  return db.prepare('SELECT 1 FROM home WHERE id = 1').get() !== undefined;
}
