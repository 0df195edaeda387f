import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductSummary } from '../../shared/api/contract';
import { useLayout } from '../layout/use-layout';
import { whenIdle } from '../runtime/idle';
import { ProductCard } from './Cards';

const MAX = 6;
const storageKey = (locale: string) => `recently-viewed:${locale}`;

/** The visitor's list from browser storage; anything unreadable counts as an empty list. */
function read(locale: string): ProductSummary[] {
  try {
    const list: unknown = JSON.parse(window.localStorage.getItem(storageKey(locale)) ?? '[]');
    return Array.isArray(list) ? list.filter((p): p is ProductSummary => typeof p?.id === 'number' && typeof p?.slug === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The products this visitor looked at last (browser storage, per locale), the current one excluded.
 * Storage exists only in the browser: the server renders nothing here and the list appears after
 * hydration, so the two renders always agree.
 */
export function RecentlyViewed({ current }: { current: ProductSummary }) {
  const { locale } = useLayout();
  const { t } = useTranslation();
  const [products, setProducts] = useState<ProductSummary[]>([]);
  // When the browser is idle: the first read of storage opens it (milliseconds on a phone), and the
  // block sits below the fold, after the page's own content. A visitor who leaves before then (a
  // busy phone, a quick look) is remembered as the page goes.
  useEffect(() => {
    let remembered = false;
    const remember = () => {
      remembered = true;
      const { id, slug, slugs, title, summary } = current;
      // The list outlives this build, and the variants' hashed files with it: the original stays.
      const { variants: _, ...image } = current.image;
      const previous = read(locale).filter((p) => p.id !== id);
      try {
        window.localStorage.setItem(storageKey(locale), JSON.stringify([{ id, slug, slugs, title, summary, image }, ...previous].slice(0, MAX)));
      } catch {
        // Storage full or refused (private mode): the block simply has nothing to remember.
      }
      return previous;
    };
    const cancel = whenIdle(() => setProducts(remember().slice(0, MAX - 1)), 2000);
    return () => {
      cancel();
      if (!remembered) remember();
    };
  }, [current, locale]);
  if (products.length === 0) return null;
  return (
    <section className="section" aria-labelledby="recently-viewed">
      <h2 id="recently-viewed">{t('product.recentlyViewed')}</h2>
      <div className="grid grid--3">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
    </section>
  );
}
