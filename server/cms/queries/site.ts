import { settingsFromList, type Block, type Cta, type Home, type Init, type Link, type Menu, type Page } from '../../../shared/api/contract';
import { LOCALE_ISO, LOCALES, type Locale } from '../../../shared/locales';
import type { Db } from '../db';
import type { CmsStrings } from '../strings';
import { fromJson, groupBy, ID_IN_LIST, imageOf, inIdOrder, slugsColumn, slugsOf } from './rows';
import { derivedSeoEntries } from './seo';
import { withCompanyYears, yearsInBusiness } from '../../../shared/company-years';

/** Site-wide content: locales, settings, menus, the notification bar, the home page and content pages. */

type HomeRow = {
  hero_image: string;
  seo_title: string;
  seo_description: string;
  hero_title: string;
  hero_text: string;
  hero_image_alt: string;
  hero_cta: string;
  intro: string;
  ctas: string;
};
type PageRow = {
  id: number;
  key: string;
  updated_at: string;
  slug: string;
  slugs: string;
  title: string;
  seo_title: string;
  seo_description: string;
  body: string;
};

/** `strings`: each language's name, as the site's words have it (`languages` in locales/{lang}/common.json). */
export function siteQueries(db: Db, strings: Pick<CmsStrings, 'endonym' | 'languageName'>) {
  const seoEntries = db.prepare<[], { locale: Locale; entry: string; title: string }>('SELECT locale, entry, title FROM seo_entries ORDER BY locale, entry');
  const settings = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings ORDER BY position');
  const menus = db.prepare<{ locale: Locale }, { key: string; title: string; items: string }>(`
    SELECT m.key, t.title, t.items FROM menus m JOIN menu_translations t ON t.menu_id = m.id AND t.locale = @locale
    ORDER BY m.position, m.id`);
  const notification = db.prepare<{ locale: Locale }, { notice_id: string; level: 'info' | 'warning'; link: string | null; message: string }>(`
    SELECT n.notice_id, n.level, n.link, t.message
    FROM notification n JOIN notification_translations t ON t.notification_id = n.id AND t.locale = @locale`);
  const home = db.prepare<{ locale: Locale }, HomeRow>(`
    SELECT h.hero_image, t.seo_title, t.seo_description, t.hero_title, t.hero_text, t.hero_image_alt, t.hero_cta,
      t.intro, t.ctas
    FROM home h JOIN home_translations t ON t.home_id = h.id AND t.locale = @locale`);
  const pageBySlug = db.prepare<{ locale: Locale; slug: string }, PageRow>(`
    SELECT p.id, p.key, p.updated_at, t.slug, ${slugsColumn('page_translations', 'page_id', 'p.id')}, t.title,
      t.seo_title, t.seo_description, t.body
    FROM pages p JOIN page_translations t ON t.page_id = p.id AND t.locale = @locale WHERE t.slug = @slug`);
  const pagesById = db.prepare<{ locale: Locale; ids: string }, { id: number; key: string; slug: string; title: string }>(`
    SELECT p.id, p.key, t.slug, t.title
    FROM pages p JOIN page_translations t ON t.page_id = p.id AND t.locale = @locale WHERE p.id ${ID_IN_LIST}`);

  const readSettings = (): Init['settings'] => settings.all().map((row) => ({ key: row.key, value: fromJson<unknown>(row.value) }));

  return {
    /**
     * Each locale's `seo` group: the stored product titles (seo.json, by entry name), then the entries
     * derived from the stored settings at answer time (queries/seo.ts), so they always match settings.
     */
    locales(): Init['locales'] {
      const seo = groupBy(seoEntries.all(), (row) => row.locale);
      const derived = Object.entries(derivedSeoEntries(settingsFromList(readSettings())));
      return LOCALES.map((code) => ({
        code,
        // Each language named in itself, as the locale switcher shows it.
        name: strings.endonym(code),
        iso: LOCALE_ISO[code],
        file: `${code}.json`,
        seo: Object.fromEntries([
          ...(seo.get(code) ?? []).map((row) => [row.entry, { title: row.title }] as const),
          ...derived.map(([entry, title]) => [entry, { title }] as const),
        ]),
      }));
    },

    /** Each language named in one locale, for lists read in that language. */
    languages(locale: Locale): Init['languages'] {
      return LOCALES.map((code) => ({ code, name: strings.languageName(code, locale) }));
    },

    settings(): Init['settings'] {
      return readSettings();
    },

    menus(locale: Locale): Menu[] {
      return menus.all({ locale }).map((row) => ({ key: row.key, title: row.title, items: fromJson<Menu['items']>(row.items) }));
    },

    notification(locale: Locale): Init['notification'] {
      const row = notification.get({ locale });
      if (!row) return null;
      return {
        id: row.notice_id,
        message: row.message,
        level: row.level,
        ...(row.link === null ? {} : { link: fromJson<Link>(row.link) }),
      };
    },

    /**
     * The home page without its latest articles, which the articles own. Its copy says how long the
     * company has been in business as `{{years}}`, filled in from the settings' founding year.
     */
    home(locale: Locale, now = new Date()): Omit<Home, 'latestArticles'> | undefined {
      const row = home.get({ locale });
      if (!row) return undefined;
      const years = yearsInBusiness(settingsFromList(readSettings()), now);
      const fill = (key: string, value: unknown) => (typeof value === 'string' ? withCompanyYears(value, years) : value);
      const page: Omit<Home, 'latestArticles'> = {
        seo: { title: row.seo_title, description: row.seo_description },
        hero: {
          title: row.hero_title,
          text: row.hero_text,
          image: imageOf(row.hero_image, row.hero_image_alt),
          cta: fromJson<Cta>(row.hero_cta),
        },
        intro: fromJson<Block[]>(row.intro),
        ctas: fromJson<Cta[]>(row.ctas),
      };
      // Every string of it, wherever the copy says it (the hero, a heading, the description).
      return JSON.parse(JSON.stringify(page), fill) as Omit<Home, 'latestArticles'>;
    },

    /** Pages by id, in the order asked for: what a search result names of each. */
    pagesByIds(locale: Locale, ids: number[]): { id: number; key: string; slug: string; title: string }[] {
      return inIdOrder(pagesById.all({ locale, ids: JSON.stringify(ids) }), ids);
    },

    page(locale: Locale, slug: string): Page | undefined {
      const row = pageBySlug.get({ locale, slug });
      return (
        row && {
          id: row.id,
          key: row.key,
          slug: row.slug,
          slugs: slugsOf(row.slugs),
          title: row.title,
          seo: { title: row.seo_title, description: row.seo_description },
          body: fromJson<Block[]>(row.body),
          updatedAt: row.updated_at,
        }
      );
    },
  };
}
