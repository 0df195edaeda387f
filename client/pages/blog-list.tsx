import { useLoaderData } from 'react-router';
import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import type { ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { ArticleCard } from '../components/Cards';
import { PageShell } from '../components/PageShell';
import { Pagination } from '../components/Pagination';
import { useLayout } from '../layout/use-layout';

export default function BlogListPage() {
  const { list, category, meta } = useLoaderData() as ScreenData<'blog'>;
  const { locale, init } = useLayout();
  const { t } = useTranslation();
  const base = pathTo('blog', locale, { category: category?.slug });
  return (
    <PageShell title={meta.title} intro={meta.description}>
      <nav className="tabs" aria-label={t('blog.categories')}>
        <ul>
          <li>
            <Link to={pathTo('blog', locale)} aria-current={category ? undefined : 'page'}>
              {t('blog.all')}
            </Link>
          </li>
          {init.articleCategories.map((c) => (
            <li key={c.id}>
              <Link to={pathTo('blog', locale, { category: c.slug })} aria-current={c.id === category?.id ? 'page' : undefined}>
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.items.length ? (
        <div className="grid grid--3">
          {list.items.map((article) => (
            <ArticleCard key={article.id} article={article} headingLevel={2} />
          ))}
        </div>
      ) : (
        <p>{t('blog.empty')}</p>
      )}
      <Pagination totalItems={list.total} currentPage={list.page} itemsPerPage={list.perPage} template={`${base}?page=[page]`} firstPageHref={base} />
    </PageShell>
  );
}
