import { useTranslation } from 'react-i18next';
import type { Page } from '../../shared/api/contract';
import { formatDate } from '../../shared/format';
import { pathTo } from '../../shared/routes';
import { useLayout } from '../layout/use-layout';
import { Blocks } from './Blocks';
import { Breadcrumb } from './Breadcrumb';

export function ContentPage({ page }: { page: Page }) {
  const { locale } = useLayout();
  const { t } = useTranslation();
  return (
    <article className="container section content-page">
      <Breadcrumb items={[{ title: t('breadcrumb.home'), href: pathTo('index', locale) }, { title: page.title }]} />
      <h1>{page.title}</h1>
      <Blocks blocks={page.body} />
      <p className="muted">{t('page.updated', { date: formatDate(locale, page.updatedAt.slice(0, 10)) })}</p>
    </article>
  );
}
