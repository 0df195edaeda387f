import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../shared/routes';
import { useLayout } from '../layout/use-layout';
import { Breadcrumb } from './Breadcrumb';

export function AccountShell({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { locale } = useLayout();
  const { t } = useTranslation();
  return (
    <div className="container section account">
      <Breadcrumb items={[{ title: t('breadcrumb.home'), href: pathTo('index', locale) }, { title }]} />
      <h1>{title}</h1>
      {intro ? <p className="lead">{intro}</p> : null}
      {children}
    </div>
  );
}
