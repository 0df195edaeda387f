import { Link } from './Link';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../layout/use-layout';

/**
 * The trail to the current page, as its loader computed it (`meta.breadcrumb`, home first, the page
 * last): the same crumbs the server writes as BreadcrumbList structured data.
 */
export function Breadcrumb() {
  const { t } = useTranslation();
  const items = usePageMeta()?.breadcrumb;
  if (!items?.length) return null;
  return (
    <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
      <ol>
        {items.map((item, i) => (
          <li key={i}>
            {item.path !== undefined && i < items.length - 1 ? (
              <Link to={item.path}>{item.title}</Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{item.title}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
