import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { Page } from '../../shared/api/contract';
import { formatDate } from '../../shared/format';
import { useLayout } from '../layout/use-layout';
import { Blocks } from './Blocks';
import { PageShell } from './PageShell';

/** A content page; `children` (a call to action) follow the text. */
export function ContentPage({ page, children }: { page: Page; children?: ReactNode }) {
  const { locale } = useLayout();
  const { t } = useTranslation();
  return (
    <PageShell title={page.title} className="content-page" article>
      <Blocks blocks={page.body} />
      <p className="muted">{t('page.updated', { date: formatDate(locale, page.updatedAt.slice(0, 10)) })}</p>
      {children}
    </PageShell>
  );
}
