import { Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPath } from '../../../shared/admin/routes';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { dateTime } from '../format';
import { useShell } from '../use-shell';

/** The owners' record of every staff action, newest first; a member's or a lead's alone by a link. */
export default function Audit() {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { items, total, page, perPage, filter } = useLoaderData() as AdminScreenData['audit'];
  const pages = Math.max(1, Math.ceil(total / perPage));
  const pageLink = (n: number) => adminPath('audit', {}, { ...filter, ...(n > 1 ? { page: String(n) } : {}) });
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('titles.audit')}</h1>
      {filter.member || filter.lead ? (
        <p>
          <Link to={adminPath('audit')}>{t('audit.all')}</Link>
        </p>
      ) : null}
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.who')}</th>
            <th scope="col">{t('audit.what')}</th>
            <th scope="col">{t('audit.lead')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry.id}>
              <td>{dateTime(entry.at, locale)}</td>
              <td>
                {entry.member.id === null ? (
                  entry.member.name
                ) : (
                  <Link to={adminPath('audit', {}, { member: String(entry.member.id) })}>{entry.member.name}</Link>
                )}
              </td>
              <td>{t(`audit.actions.${entry.action}`)}</td>
              <td>{entry.leadId ? <Link to={adminPath('lead', { id: entry.leadId })}>{entry.leadId.slice(0, 8)}</Link> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav className="admin-pages" aria-label={t('inbox.pages')}>
          {page > 1 ? <Link to={pageLink(page - 1)}>{t('inbox.previous')}</Link> : null}
          <span>{t('inbox.page', { page, pages })}</span>
          {page < pages ? <Link to={pageLink(page + 1)}>{t('inbox.next')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
