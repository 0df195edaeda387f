import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../shared/api/contract';
import { Blocks } from './Blocks';
import { longDate } from './dates';
import { PageShell } from './PageShell';

/** A content page; `children` (a call to action) follow the text. */
export function ContentPage({ page, children }: { page: Page; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageShell title={page.title} className="content-page" article>
      <Blocks blocks={page.body} />
      <p className="muted">{t('page.updated', { date: longDate(t, page.updatedAt.slice(0, 10)) })}</p>
      {children}
    </PageShell>
  );
}
