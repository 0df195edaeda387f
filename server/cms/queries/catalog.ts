import type { Block, Category, CategoryDetail, Image, Product, ProductSummary, SlugTarget } from '../../../shared/api/contract';
import type { OfferType } from '../../../shared/forms/inquiry';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import { fromJson, groupBy, ID_IN_LIST, imageOf, inIdOrder, slugsColumn, slugsOf } from './rows';

/** Product families (categories) and their products. */

// `offer_type` is an OfferType: the import only writes values its seed schema accepted.
type CategoryRow = {
  id: number;
  slug: string;
  slugs: string;
  title: string;
  summary: string;
  image: string;
  image_alt: string;
  offer_type: OfferType;
  position: number;
  seo_title: string;
  seo_description: string;
  body: string;
};
type ProductSummaryRow = {
  id: number;
  category_id: number;
  slug: string;
  slugs: string;
  title: string;
  summary: string;
  image: string;
  image_alt: string;
};
type ProductRow = ProductSummaryRow & {
  key: string;
  offer_type: OfferType;
  inquiry_preset: string;
  images: string;
  images_alt: string;
  seo_title: string;
  seo_description: string;
  body: string;
  features: string;
  variants: string;
  options: string;
};

const CATEGORIES = `
  SELECT c.id, t.slug, ${slugsColumn('category_translations', 'category_id', 'c.id')}, t.title, t.summary, c.image,
    t.image_alt, c.offer_type, c.position, t.seo_title, t.seo_description, t.body
  FROM categories c JOIN category_translations t ON t.category_id = c.id AND t.locale = @locale`;

const PRODUCT_SUMMARIES = `
  SELECT p.id, p.category_id, t.slug, ${slugsColumn('product_translations', 'product_id', 'p.id')}, t.title,
    t.summary, p.image, t.image_alt
  FROM products p JOIN product_translations t ON t.product_id = p.id AND t.locale = @locale`;

const PRODUCTS = `
  SELECT p.id, p.category_id, t.slug, ${slugsColumn('product_translations', 'product_id', 'p.id')}, t.title,
    t.summary, p.image, t.image_alt, p.key, p.offer_type, p.inquiry_preset, p.images, t.images_alt, t.seo_title, t.seo_description, t.body,
    t.features, t.variants, t.options
  FROM products p JOIN product_translations t ON t.product_id = p.id AND t.locale = @locale`;

export function catalogQueries(db: Db) {
  const categories = db.prepare<{ locale: Locale }, CategoryRow>(`${CATEGORIES} ORDER BY c.position, c.id`);
  const categoryById = db.prepare<{ locale: Locale; id: number }, CategoryRow>(`${CATEGORIES} WHERE c.id = @id`);
  const categoryBySlug = db.prepare<{ locale: Locale; slug: string }, CategoryRow>(`${CATEGORIES} WHERE t.slug = @slug`);
  const summaries = db.prepare<{ locale: Locale }, ProductSummaryRow>(`${PRODUCT_SUMMARIES} ORDER BY p.category_id, p.position, p.id`);
  const summariesOf = db.prepare<{ locale: Locale; category: number }, ProductSummaryRow>(
    `${PRODUCT_SUMMARIES} WHERE p.category_id = @category ORDER BY p.position, p.id`,
  );
  const categoriesById = db.prepare<{ locale: Locale; ids: string }, CategoryRow>(`${CATEGORIES} WHERE c.id ${ID_IN_LIST}`);
  const summariesById = db.prepare<{ locale: Locale; ids: string }, ProductSummaryRow>(`${PRODUCT_SUMMARIES} WHERE p.id ${ID_IN_LIST}`);
  const productBySlug = db.prepare<{ locale: Locale; slug: string }, ProductRow>(`${PRODUCTS} WHERE t.slug = @slug`);

  const categoryDetail = (row: CategoryRow, locale: Locale): CategoryDetail => ({
    ...toCategory(row),
    seo: { title: row.seo_title, description: row.seo_description },
    body: fromJson<Block[]>(row.body),
    products: summariesOf.all({ locale, category: row.id }).map(toProductSummary),
  });

  const product = (row: ProductRow, locale: Locale): Product => {
    const alts = fromJson<string[]>(row.images_alt);
    return {
      ...toProductSummary(row),
      seo: { title: row.seo_title, description: row.seo_description },
      key: row.key,
      offerType: row.offer_type,
      inquiryPreset: fromJson<Record<string, string>>(row.inquiry_preset),
      category: toCategory(categoryById.get({ locale, id: row.category_id })!),
      body: fromJson<Block[]>(row.body),
      features: fromJson<string[]>(row.features),
      variants: fromJson<Product['variants']>(row.variants),
      options: fromJson<Product['options']>(row.options),
      images: fromJson<Omit<Image, 'alt'>[]>(row.images).map((image, i) => ({ ...image, alt: alts[i] ?? '' })),
    };
  };

  return {
    categories(locale: Locale): Category[] {
      return categories.all({ locale }).map(toCategory);
    },

    categoriesWithProducts(locale: Locale): (Category & { products: ProductSummary[] })[] {
      const products = groupBy(summaries.all({ locale }), (p) => p.category_id);
      return categories.all({ locale }).map((row) => ({
        ...toCategory(row),
        products: (products.get(row.id) ?? []).map(toProductSummary),
      }));
    },

    categoriesByIds(locale: Locale, ids: number[]): Category[] {
      return inIdOrder(categoriesById.all({ locale, ids: JSON.stringify(ids) }), ids).map(toCategory);
    },

    productsByIds(locale: Locale, ids: number[]): ProductSummary[] {
      return inIdOrder(summariesById.all({ locale, ids: JSON.stringify(ids) }), ids).map(toProductSummary);
    },

    category(locale: Locale, slug: string): CategoryDetail | undefined {
      const row = categoryBySlug.get({ locale, slug });
      return row && categoryDetail(row, locale);
    },

    product(locale: Locale, slug: string): Product | undefined {
      const row = productBySlug.get({ locale, slug });
      return row && product(row, locale);
    },

    /** Products and categories share `/{lang}/{slug}`; the import keeps their slugs apart. */
    slugTarget(locale: Locale, slug: string): SlugTarget | undefined {
      const productRow = productBySlug.get({ locale, slug });
      if (productRow) return { type: 'product', product: product(productRow, locale) };
      const categoryRow = categoryBySlug.get({ locale, slug });
      return categoryRow && { type: 'category', category: categoryDetail(categoryRow, locale) };
    },
  };
}

function toCategory(row: CategoryRow): Category {
  return { ...toProductSummary(row), offerType: row.offer_type, order: row.position };
}

/** The fields a product summary and a category share. */
function toProductSummary(row: Omit<ProductSummaryRow, 'category_id'>): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    slugs: slugsOf(row.slugs),
    title: row.title,
    summary: row.summary,
    image: imageOf(row.image, row.image_alt),
  };
}
