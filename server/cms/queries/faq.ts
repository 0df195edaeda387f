import type { Block, Faq, FaqItem } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import { fromJson, groupBy, ID_IN_LIST, inIdOrder, slugsColumn, slugsOf } from './rows';

/** Frequently asked questions, in their categories. */

type CategoryRow = { id: number; slug: string; title: string };
type ItemRow = { id: number; category_id: number; slug: string; slugs: string; question: string };

const CATEGORIES = `
  SELECT c.id, t.slug, t.title
  FROM faq_categories c JOIN faq_category_translations t ON t.faq_category_id = c.id AND t.locale = @locale`;

const ITEM_COLUMNS = `i.id, i.category_id, t.slug, ${slugsColumn('faq_item_translations', 'faq_item_id', 'i.id')},
  t.question`;
const ITEMS_FROM = 'FROM faq_items i JOIN faq_item_translations t ON t.faq_item_id = i.id AND t.locale = @locale';

export function faqQueries(db: Db) {
  const categories = db.prepare<{ locale: Locale }, CategoryRow>(`${CATEGORIES} ORDER BY c.position, c.id`);
  const categoryById = db.prepare<{ locale: Locale; id: number }, CategoryRow>(`${CATEGORIES} WHERE c.id = @id`);
  const items = db.prepare<{ locale: Locale }, ItemRow>(`SELECT ${ITEM_COLUMNS} ${ITEMS_FROM} ORDER BY i.position, i.id`);
  const itemBySlug = db.prepare<{ locale: Locale; slug: string }, ItemRow & { answer: string }>(
    `SELECT ${ITEM_COLUMNS}, t.answer ${ITEMS_FROM} WHERE t.slug = @slug`,
  );
  const itemsById = db.prepare<{ locale: Locale; ids: string }, { id: number; slug: string; question: string }>(
    `SELECT i.id, t.slug, t.question ${ITEMS_FROM} WHERE i.id ${ID_IN_LIST}`,
  );

  return {
    faq(locale: Locale): Faq {
      const byCategory = groupBy(items.all({ locale }), (item) => item.category_id);
      return {
        categories: categories.all({ locale }).map((category) => ({
          ...category,
          items: (byCategory.get(category.id) ?? []).map(toSummary),
        })),
      };
    },

    /** Items by id, in the order asked for: what a search result names of each. */
    itemsByIds(locale: Locale, ids: number[]): { id: number; slug: string; question: string }[] {
      return inIdOrder(itemsById.all({ locale, ids: JSON.stringify(ids) }), ids);
    },

    item(locale: Locale, slug: string): FaqItem | undefined {
      const row = itemBySlug.get({ locale, slug });
      if (!row) return undefined;
      return {
        ...toSummary(row),
        answer: fromJson<Block[]>(row.answer),
        category: categoryById.get({ locale, id: row.category_id })!,
      };
    },
  };
}

function toSummary(row: ItemRow): Faq['categories'][number]['items'][number] {
  return { id: row.id, slug: row.slug, slugs: slugsOf(row.slugs), question: row.question };
}
