import type { OfferType } from '../../../shared/forms/inquiry';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';

/** A product an inquiry names by its content key, as the company's mail and the staff's lead page show it. */
export type ProductReference = { key: string; offerType: OfferType; slug: string; title: string };

/** Looks up the product an inquiry came from, in one locale; undefined for a key no product has (any more). */
export function productReferences(db: Db): (key: string, locale: Locale) => ProductReference | undefined {
  const byKey = db.prepare<{ key: string; locale: Locale }, { key: string; offer_type: OfferType; slug: string; title: string }>(
    `SELECT p.key, p.offer_type, t.slug, t.title FROM products p
     JOIN product_translations t ON t.product_id = p.id AND t.locale = @locale WHERE p.key = @key`,
  );
  return (key, locale) => {
    const row = byKey.get({ key, locale });
    return row && { key: row.key, offerType: row.offer_type, slug: row.slug, title: row.title };
  };
}
