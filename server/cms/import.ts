import type { Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { LOCALES } from '../../shared/locales';
import type { Content } from './content-schema';
import type { Db } from './db';

type Row = Record<string, string | number | null>;
type Writer = ReturnType<typeof writer>;

/** Tables rewritten whole on every import (translations cascade from `notification` and `home`). */
const REWRITTEN = [
  'menu_translations',
  'category_translations',
  'product_translations',
  'article_category_translations',
  'article_translations',
  'article_related',
  'faq_category_translations',
  'faq_item_translations',
  'page_translations',
  'settings',
  'seo_entries',
  'notification',
  'home',
  'search_synonyms',
];

/**
 * Replaces the seeded content with `content`; the caller runs it inside a transaction. Keyed rows are
 * upserted rather than recreated so an entity keeps its id across imports (ids end up in browsers'
 * recently-viewed lists and in stored form submissions); keys the seed no longer has are deleted last,
 * children before parents, once nothing points at them any more.
 */
export function writeContent(db: Db, content: Content, importedAt: string): void {
  const w = writer(db);
  for (const table of REWRITTEN) db.exec(`DELETE FROM ${table}`);
  writeSite(w, content);
  writeCatalog(w, content);
  writeArticles(w, content);
  writeFaq(w, content);
  writePages(db, w, content, importedAt);
  for (const locale of LOCALES) w.insert('search_synonyms', { locale, rules: content.synonyms[locale] });

  const keep: [table: string, keys: string[]][] = [
    ['products', content.products.map((x) => x.key)],
    ['categories', content.categories.map((x) => x.key)],
    ['articles', content.articles.map((x) => x.key)],
    ['article_categories', content.articleCategories.map((x) => x.key)],
    ['faq_items', content.faq.flatMap((x) => x.items.map((item) => item.key))],
    ['faq_categories', content.faq.map((x) => x.key)],
    ['pages', content.pages.map((x) => x.key)],
    ['menus', content.menus.map((x) => x.key)],
  ];
  for (const [table, keys] of keep) {
    db.prepare(`DELETE FROM ${table} WHERE key NOT IN (SELECT value FROM json_each(?))`).run(JSON.stringify(keys));
  }
}

function writeSite(w: Writer, { settings, seo, notification, home, menus }: Content): void {
  Object.entries(settings).forEach(([key, value], position) => w.insert('settings', { key, value: JSON.stringify(value), position }));
  for (const locale of LOCALES) {
    for (const [entry, title] of Object.entries(seo[locale])) w.insert('seo_entries', { locale, entry, title });
  }

  if (notification) {
    const link = notification.link ? JSON.stringify(notification.link) : null;
    w.insert('notification', { id: 1, notice_id: notification.id, level: notification.level, link });
    for (const locale of LOCALES) {
      w.insert('notification_translations', { notification_id: 1, locale, message: notification[locale].message });
    }
  }

  w.insert('home', { id: 1, hero_image: JSON.stringify(home.heroImage) });
  for (const locale of LOCALES) {
    const t = home[locale];
    w.insert('home_translations', {
      home_id: 1,
      locale,
      seo_title: t.seo.title,
      seo_description: t.seo.description,
      hero_title: t.hero.title,
      hero_text: t.hero.text,
      hero_image_alt: t.hero.imageAlt,
      hero_cta: JSON.stringify(t.hero.cta),
      intro: JSON.stringify(t.intro),
      ctas: JSON.stringify(t.ctas),
    });
  }

  menus.forEach((menu, position) => {
    const id = w.upsert('menus', { key: menu.key, position });
    for (const locale of LOCALES) {
      const t = menu[locale];
      w.insert('menu_translations', { menu_id: id, locale, title: t.title, items: JSON.stringify(t.items) });
    }
  });
}

function writeCatalog(w: Writer, { categories, products }: Content): void {
  const categoryIds = new Map<string, number>();
  for (const category of categories) {
    const id = w.upsert('categories', {
      key: category.key,
      offer_type: category.offerType,
      position: category.order,
      image: JSON.stringify(category.image),
    });
    categoryIds.set(category.key, id);
    for (const locale of LOCALES) {
      const t = category[locale];
      w.insert('category_translations', {
        category_id: id,
        locale,
        slug: t.slug,
        title: t.title,
        summary: t.summary,
        image_alt: t.imageAlt,
        seo_title: t.seo.title,
        seo_description: t.seo.description,
        body: JSON.stringify(t.body),
      });
    }
  }

  for (const product of products) {
    const id = w.upsert('products', {
      key: product.key,
      category_id: categoryIds.get(product.category)!,
      offer_type: product.offerType,
      inquiry_preset: JSON.stringify(product.inquiry),
      position: product.order,
      image: JSON.stringify(product.image),
      images: JSON.stringify(product.images),
    });
    for (const locale of LOCALES) {
      const t = product[locale];
      w.insert('product_translations', {
        product_id: id,
        locale,
        slug: t.slug,
        title: t.title,
        summary: t.summary,
        image_alt: t.imageAlt,
        images_alt: JSON.stringify(t.imagesAlt),
        seo_title: t.seo.title,
        seo_description: t.seo.description,
        body: JSON.stringify(t.body),
        features: JSON.stringify(t.features),
        variants: JSON.stringify(t.variants),
        options: JSON.stringify(t.options),
      });
    }
  }
}

function writeArticles(w: Writer, { articleCategories, articles }: Content): void {
  const categoryIds = new Map<string, number>();
  for (const category of articleCategories) {
    const id = w.upsert('article_categories', { key: category.key, position: category.order });
    categoryIds.set(category.key, id);
    for (const locale of LOCALES) {
      const t = category[locale];
      w.insert('article_category_translations', {
        article_category_id: id,
        locale,
        slug: t.slug,
        title: t.title,
        description: t.description,
      });
    }
  }

  const articleIds = new Map<string, number>();
  for (const article of articles) {
    const id = w.upsert('articles', {
      key: article.key,
      category_id: categoryIds.get(article.category)!,
      published_at: article.publishedAt,
      image: JSON.stringify(article.image),
    });
    articleIds.set(article.key, id);
    for (const locale of LOCALES) {
      const t = article[locale];
      w.insert('article_translations', {
        article_id: id,
        locale,
        slug: t.slug,
        title: t.title,
        excerpt: t.excerpt,
        author: t.author ?? article.author,
        image_alt: t.imageAlt,
        seo_title: t.seo.title,
        seo_description: t.seo.description,
        body: JSON.stringify(t.body),
      });
    }
  }
  // Related articles may point forward in the file, so they are linked once every article has its id.
  for (const article of articles) {
    article.related.forEach((key, position) =>
      w.insert('article_related', { article_id: articleIds.get(article.key)!, related_id: articleIds.get(key)!, position }),
    );
  }
}

function writeFaq(w: Writer, { faq }: Content): void {
  for (const category of faq) {
    const categoryId = w.upsert('faq_categories', { key: category.key, position: category.order });
    for (const locale of LOCALES) {
      const t = category[locale];
      w.insert('faq_category_translations', { faq_category_id: categoryId, locale, slug: t.slug, title: t.title });
    }
    category.items.forEach((item, position) => {
      const id = w.upsert('faq_items', { key: item.key, category_id: categoryId, position });
      for (const locale of LOCALES) {
        const t = item[locale];
        w.insert('faq_item_translations', {
          faq_item_id: id,
          locale,
          slug: t.slug,
          question: t.question,
          answer: JSON.stringify(t.answer),
        });
      }
    });
  }
}

/** A page's `updatedAt` is the seed's own date, else the time of the import that last changed the page. */
function writePages(db: Db, w: Writer, { pages }: Content, importedAt: string): void {
  const previousPage = db.prepare<[string], { content_hash: string; updated_at: string }>('SELECT content_hash, updated_at FROM pages WHERE key = ?');
  for (const page of pages) {
    const contentHash = createHash('sha256').update(JSON.stringify(page)).digest('hex');
    const previous = previousPage.get(page.key);
    const updatedAt = page.updatedAt ?? (previous?.content_hash === contentHash ? previous.updated_at : importedAt);
    const id = w.upsert('pages', { key: page.key, content_hash: contentHash, updated_at: updatedAt });
    for (const locale of LOCALES) {
      const t = page[locale];
      w.insert('page_translations', {
        page_id: id,
        locale,
        slug: t.slug,
        title: t.title,
        seo_title: t.seo.title,
        seo_description: t.seo.description,
        body: JSON.stringify(t.body),
      });
    }
  }
}

/** Inserts and key-upserts built from the row's own column names, each statement prepared once. */
function writer(db: Db) {
  const statements = new Map<string, Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  const columns = (row: Row) => Object.keys(row);
  const values = (row: Row) =>
    columns(row)
      .map((c) => `@${c}`)
      .join(', ');
  return {
    insert(table: string, row: Row): void {
      prepared(`INSERT INTO ${table} (${columns(row).join(', ')}) VALUES (${values(row)})`).run(row);
    },
    upsert(table: string, row: Row & { key: string }): number {
      const updates = columns(row)
        .filter((c) => c !== 'key')
        .map((c) => `${c} = excluded.${c}`);
      const sql = `INSERT INTO ${table} (${columns(row).join(', ')}) VALUES (${values(row)})
        ON CONFLICT (key) DO UPDATE SET ${updates.join(', ')} RETURNING id`;
      return (prepared(sql).get(row) as { id: number }).id;
    },
  };
}
