import { Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { adminPath } from '../../../shared/admin/routes';

/** The editors' front door: every kind of content, the photos, and the redirects. */
export default function Content() {
  const { t } = useTranslation();
  const { kinds } = useLoaderData() as AdminScreenData['content'];
  return (
    <section aria-labelledby="content-title">
      <h1 id="content-title">{t('titles.content')}</h1>
      <p>{t('content.intro')}</p>
      <ul className="admin-content-kinds">
        {kinds.map((kind) => (
          <li key={kind}>
            <Link to={adminPath('contentList', { kind })}>{t(`content.kinds.${kind}`)}</Link>
          </li>
        ))}
        <li>
          <Link to={adminPath('media')}>{t('titles.media')}</Link>
        </li>
        <li>
          <Link to={adminPath('redirects')}>{t('titles.redirects')}</Link>
        </li>
      </ul>
    </section>
  );
}
