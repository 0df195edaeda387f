import type { ReactNode } from 'react';
import { Breadcrumb } from './Breadcrumb';

/** A page's frame: the page's breadcrumb (from its meta), its heading and lead. */
export function PageShell({
  title,
  intro,
  className,
  article = false,
  children,
}: {
  title: string;
  intro?: string;
  className?: string;
  article?: boolean;
  children: ReactNode;
}) {
  const Tag = article ? 'article' : 'div';
  return (
    <Tag className={['container', 'section', className].filter(Boolean).join(' ')}>
      <Breadcrumb />
      <h1>{title}</h1>
      {intro ? <p className="lead">{intro}</p> : null}
      {children}
    </Tag>
  );
}
