import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../shared/routes';
import { useLayout } from '../layout/use-layout';
import { Breadcrumb, type Crumb } from './Breadcrumb';

/** A page's frame: the breadcrumb from home through `trail` to the page, its heading and lead. */
export function PageShell({
  title,
  intro,
  trail = [],
  className,
  article = false,
  children,
}: {
  title: string;
  intro?: string;
  trail?: Crumb[];
  className?: string;
  article?: boolean;
  children: ReactNode;
}) {
  const { locale } = useLayout();
  const { t } = useTranslation();
  const Tag = article ? 'article' : 'div';
  return (
    <Tag className={['container', 'section', className].filter(Boolean).join(' ')}>
      <Breadcrumb items={[{ title: t('breadcrumb.home'), href: pathTo('index', locale) }, ...trail, { title }]} />
      <h1>{title}</h1>
      {intro ? <p className="lead">{intro}</p> : null}
      {children}
    </Tag>
  );
}
