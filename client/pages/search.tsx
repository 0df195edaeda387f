import { useLoaderData } from 'react-router';
import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { ArticleCard, CategoryCard, ProductCard } from '../components/Cards';
import { PageShell } from '../components/PageShell';
import { useLayout } from '../layout/use-layout';

export default function SearchPage() {
  const { query, results, meta } = useLoaderData() as ScreenData<'search'>;
  const { locale } = useLayout();
  const { t } = useTranslation();
  const total = results ? results.articles.length + results.products.length + results.categories.length + results.pages.length : 0;
  return (
    <PageShell title={meta.title}>
      <form className="search-form" role="search" action={pathTo('search', locale)} method="get">
        <label htmlFor="search-page-q">{t('search.label')}</label>
        <div className="search-form__row">
          <input id="search-page-q" type="search" name="q" defaultValue={query} maxLength={200} key={query} />
          <button type="submit" className="button">
            {t('search.submit')}
          </button>
        </div>
      </form>
      {results ? (
        <p role="status">{total ? t('search.count', { count: total, query }) : t('search.none', { query })}</p>
      ) : null}
      {results?.products.length ? (
        <section className="section" aria-labelledby="search-products">
          <h2 id="search-products">{t('search.products')}</h2>
          <div className="grid grid--3">
            {results.products.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        </section>
      ) : null}
      {results?.categories.length ? (
        <section className="section" aria-labelledby="search-categories">
          <h2 id="search-categories">{t('search.categories')}</h2>
          <div className="grid grid--3">
            {results.categories.map((c) => (
              <CategoryCard key={c.id} category={c} />
            ))}
          </div>
        </section>
      ) : null}
      {results?.articles.length ? (
        <section className="section" aria-labelledby="search-articles">
          <h2 id="search-articles">{t('search.articles')}</h2>
          <div className="grid grid--3">
            {results.articles.map((a) => (
              <ArticleCard key={a.id} article={a} />
            ))}
          </div>
        </section>
      ) : null}
      {results?.pages.length ? (
        <section className="section" aria-labelledby="search-pages">
          <h2 id="search-pages">{t('search.pages')}</h2>
          <ul className="result-list">
            {results.pages.map((p) => (
              <li key={p.key}>
                <Link to={p.key === 'b2b' ? pathTo('b2b', locale) : pathTo('page', locale, { slug: p.slug })}>{p.title}</Link>
                <p>{p.excerpt}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageShell>
  );
}
