import type { Db } from './db';

/**
 * Forward-only schema migrations. A migration's number is its position in the list and the database
 * remembers the last one applied in PRAGMA user_version; never edit or reorder an applied migration,
 * append a new one (search came this way; form submissions, accounts and the mail queue will).
 *
 * Conventions: every localized entity has a `*_translations` table with one row per locale, its slug
 * unique per locale (the index the slug lookups use); `key` is the seed's stable identifier, so ids
 * survive re-imports. Fields that are only ever displayed (images, rich-text blocks, lists) are JSON
 * text; fields that are filtered, joined or sorted on are columns.
 */
const MIGRATIONS: readonly string[] = [
  /* 1: content */ `
  CREATE TABLE content_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    hash TEXT NOT NULL,
    imported_at TEXT NOT NULL
  );

  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL CHECK (json_valid(value)),
    position INTEGER NOT NULL
  );

  CREATE TABLE seo_entries (
    locale TEXT NOT NULL,
    entry TEXT NOT NULL,
    title TEXT NOT NULL,
    PRIMARY KEY (locale, entry)
  ) WITHOUT ROWID;

  CREATE TABLE menus (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL
  );
  CREATE TABLE menu_translations (
    menu_id INTEGER NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    title TEXT NOT NULL,
    items TEXT NOT NULL CHECK (json_valid(items)),
    PRIMARY KEY (menu_id, locale)
  );

  CREATE TABLE notification (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    notice_id TEXT NOT NULL,
    level TEXT NOT NULL CHECK (level IN ('info', 'warning')),
    link TEXT CHECK (link IS NULL OR json_valid(link))
  );
  CREATE TABLE notification_translations (
    notification_id INTEGER NOT NULL REFERENCES notification (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (notification_id, locale)
  );

  CREATE TABLE categories (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    offer_type TEXT NOT NULL,
    position INTEGER NOT NULL,
    image TEXT NOT NULL CHECK (json_valid(image))
  );
  CREATE TABLE category_translations (
    category_id INTEGER NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    image_alt TEXT NOT NULL,
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    PRIMARY KEY (category_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES categories (id),
    offer_type TEXT NOT NULL,
    position INTEGER NOT NULL,
    image TEXT NOT NULL CHECK (json_valid(image)),
    images TEXT NOT NULL CHECK (json_valid(images))
  );
  CREATE INDEX products_category ON products (category_id, position);
  CREATE TABLE product_translations (
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    image_alt TEXT NOT NULL,
    images_alt TEXT NOT NULL CHECK (json_valid(images_alt)),
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    features TEXT NOT NULL CHECK (json_valid(features)),
    variants TEXT NOT NULL CHECK (json_valid(variants)),
    options TEXT NOT NULL CHECK (json_valid(options)),
    PRIMARY KEY (product_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE article_categories (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL
  );
  CREATE TABLE article_category_translations (
    article_category_id INTEGER NOT NULL REFERENCES article_categories (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    PRIMARY KEY (article_category_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE articles (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES article_categories (id),
    published_at TEXT NOT NULL,
    image TEXT NOT NULL CHECK (json_valid(image))
  );
  CREATE INDEX articles_published ON articles (published_at, id);
  CREATE INDEX articles_category_published ON articles (category_id, published_at, id);
  CREATE TABLE article_translations (
    article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    excerpt TEXT NOT NULL,
    author TEXT NOT NULL,
    image_alt TEXT NOT NULL,
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    PRIMARY KEY (article_id, locale),
    UNIQUE (locale, slug)
  );
  CREATE TABLE article_related (
    article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    related_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (article_id, related_id)
  );

  CREATE TABLE faq_categories (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL
  );
  CREATE TABLE faq_category_translations (
    faq_category_id INTEGER NOT NULL REFERENCES faq_categories (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    PRIMARY KEY (faq_category_id, locale),
    UNIQUE (locale, slug)
  );
  CREATE TABLE faq_items (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES faq_categories (id),
    position INTEGER NOT NULL
  );
  CREATE INDEX faq_items_category ON faq_items (category_id, position);
  CREATE TABLE faq_item_translations (
    faq_item_id INTEGER NOT NULL REFERENCES faq_items (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL CHECK (json_valid(answer)),
    PRIMARY KEY (faq_item_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE pages (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    -- updated_at moves only when this page's seed entry changes, not on every import
    content_hash TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE page_translations (
    page_id INTEGER NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    slug TEXT NOT NULL,
    title TEXT NOT NULL,
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    PRIMARY KEY (page_id, locale),
    UNIQUE (locale, slug)
  );

  CREATE TABLE home (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    hero_image TEXT NOT NULL CHECK (json_valid(hero_image))
  );
  CREATE TABLE home_translations (
    home_id INTEGER NOT NULL REFERENCES home (id) ON DELETE CASCADE,
    locale TEXT NOT NULL,
    seo_title TEXT NOT NULL,
    seo_description TEXT NOT NULL,
    hero_title TEXT NOT NULL,
    hero_text TEXT NOT NULL,
    hero_image_alt TEXT NOT NULL,
    hero_cta TEXT NOT NULL CHECK (json_valid(hero_cta)),
    intro TEXT NOT NULL CHECK (json_valid(intro)),
    ctas TEXT NOT NULL CHECK (json_valid(ctas)),
    PRIMARY KEY (home_id, locale)
  );
  `,

  /* 2: site search, one row per entity and locale, rebuilt by every import */ `
  CREATE VIRTUAL TABLE search_index USING fts5 (
    kind UNINDEXED,
    entity_id UNINDEXED,
    locale UNINDEXED,
    title,
    body,
    -- folds diacritics, so that 'sencila' finds 'senčila' and 'rollladen' finds 'Rollläden'
    tokenize = 'unicode61 remove_diacritics 2'
  );
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Applies the migrations this database has not seen yet, each in its own transaction. */
export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION) {
    // A newer build migrated this file; running older code against it could corrupt data.
    throw new Error(`cms database is at schema version ${current}, this build knows only ${SCHEMA_VERSION}`);
  }
  for (let version = current + 1; version <= SCHEMA_VERSION; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]!);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}
