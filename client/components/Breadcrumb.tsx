import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  title: string;
  href?: string;
}

/** The trail to the current page; the last crumb is the page itself. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
      <ol>
        {items.map((item, i) => (
          <li key={i}>
            {item.href && i < items.length - 1 ? (
              <Link to={item.href}>{item.title}</Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.title}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
