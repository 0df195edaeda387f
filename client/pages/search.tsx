import { useLoaderData } from 'react-router';
import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { ArticleCard, CategoryCard, ProductCard } from '../components/Cards';
import { NoResults } from '../components/NoResults';
import { PageShell } from '../components/PageShell';
import { useLayout } from '../layout/use-layout';

export default function SearchPage() {
  const { query, results, meta } = useLoaderData() as ScreenData<'search'>;
  const { locale } = useLayout();
  const { t } = useTranslation();
  const total = results ? results.articles.length + results.products.length + results.categories.length + results.pages.length + results.faq.length : 0;
  const searchPath = (q: string) => `${pathTo('search', locale)}?${new URLSearchParams({ q })}`;
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
      {results ? <p role="status">{total ? t('search.count', { count: total, query }) : t('search.none', { query })}</p> : null}
      {results && !total ? (
        <NoResults
          suggestion={results.suggestion ? { query: results.suggestion, path: searchPath(results.suggestion) } : null}
          faq={<Link to={pathTo('faq', locale)}>{t('noResults.faq')}</Link>}
        />
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
      {results ? (
        <ResultList
          id="search-faq"
          title={t('search.faq')}
          items={results.faq.map((item) => ({
            key: `faq-${item.id}`,
            path: pathTo('faqItem', locale, { slug: item.slug }),
            title: item.question,
            excerpt: item.excerpt,
          }))}
        />
      ) : null}
      {results ? (
        <ResultList
          id="search-pages"
          title={t('search.pages')}
          items={results.pages.map((p) => ({
            key: p.key,
            path: p.key === 'b2b' ? pathTo('b2b', locale) : pathTo('page', locale, { slug: p.slug }),
            title: p.title,
            excerpt: p.excerpt,
          }))}
        />
      ) : null}
    </PageShell>
  );
}

/** A section of results shown as links with the passage that matched (FAQ answers, pages); nothing when empty. */
function ResultList({ id, title, items }: { id: string; title: string; items: { key: string; path: string; title: string; excerpt: string }[] }) {
  if (!items.length) return null;
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="result-list">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.path}>{item.title}</Link>
            <p>{item.excerpt}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
