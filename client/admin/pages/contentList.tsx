import { Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { adminPath } from '../../../shared/admin/routes';
import { dateTime } from '../format';
import { useShell } from '../use-shell';

/** A kind's entities in the member's language, each with whether it is on the site and has a draft. */
export default function ContentList() {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { kind, items } = useLoaderData() as AdminScreenData['contentList'];
  return (
    <section aria-labelledby="content-list-title">
      <p>
        <Link to={adminPath('content')}>{t('titles.content')}</Link>
      </p>
      <h1 id="content-list-title">{t(`content.kinds.${kind}`)}</h1>
      <ul className="admin-content-list">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={adminPath('contentEdit', { kind, key: item.key })}>{item.titles[locale]}</Link>
            <span className="admin-field__hint">
              {' '}
              {t(item.published ? 'content.published' : 'content.notPublished')}
              {item.draft ? ` · ${t('content.hasDraft')}` : ''}
              {item.publishAt ? ` · ${t('content.scheduledFor', { at: dateTime(item.publishAt, locale) })}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
