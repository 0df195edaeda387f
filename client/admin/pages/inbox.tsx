import { Form, Link, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEAD_KINDS, LEAD_STATUSES } from '../../../shared/api/staff';
import { OFFER_TYPES } from '../../../shared/forms/inquiry';
import { adminPath, LEADS_CSV_PATH } from '../../../shared/admin/routes';
import type { AdminScreenData, LeadFilterValues } from '../../../shared/admin/screens';
import { dateTime, localDateTime } from '../format';
import { useShell } from '../use-shell';

/** The filters as a query string, with a page (or without, for a new filter). */
function queryOf(filter: LeadFilterValues, page?: number): string {
  const query = new URLSearchParams(Object.entries(filter).filter(([key, value]) => key !== 'page' && value) as [string, string][]);
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The leads of every locale, newest first, with the filters a salesperson needs in the morning (what
 * is new, what is mine, one product family, a name or a phone heard on the phone). A plain GET form:
 * every filtered list has an address to bookmark or send to a colleague.
 */
export default function Inbox() {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { leads, filter, assignees } = useLoaderData() as AdminScreenData['inbox'];
  const pages = Math.max(1, Math.ceil(leads.total / leads.perPage));
  const select = (name: keyof LeadFilterValues, options: { value: string; label: string }[]) => (
    <div className="admin-field">
      <label htmlFor={`filter-${name}`}>{t(`inbox.filters.${name}`)}</label>
      <select id={`filter-${name}`} name={name} defaultValue={filter[name] ?? ''} key={filter[name] ?? ''}>
        <option value="">{t('inbox.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section aria-labelledby="inbox-title">
      <h1 id="inbox-title">{t('titles.inbox')}</h1>
      <details className="admin-filters-box" open={Object.keys(filter).some((key) => key !== 'page') || undefined}>
        <summary>{t('inbox.filterLabel')}</summary>
        <Form method="get" className="admin-filters" role="search" aria-label={t('inbox.filterLabel')}>
          <div className="admin-field admin-filters__q">
            <label htmlFor="filter-q">{t('inbox.filters.q')}</label>
            <input id="filter-q" name="q" type="search" defaultValue={filter.q ?? ''} key={filter.q ?? ''} />
          </div>
          {select('status', [{ value: 'open', label: t('inbox.open') }, ...LEAD_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))])}
          {select('assignee', [
            { value: 'me', label: t('inbox.mine') },
            { value: 'none', label: t('inbox.nobody') },
            ...assignees.map((m) => ({ value: String(m.id), label: m.name })),
          ])}
          {select(
            'kind',
            LEAD_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          )}
          {select(
            'offerType',
            OFFER_TYPES.map((o) => ({ value: o, label: t(`inquiry.offerTypes.${o}`) })),
          )}
          <div className="admin-field">
            <label htmlFor="filter-from">{t('inbox.filters.from')}</label>
            <input id="filter-from" name="from" type="date" defaultValue={filter.from ?? ''} key={`from${filter.from ?? ''}`} />
          </div>
          <div className="admin-field">
            <label htmlFor="filter-to">{t('inbox.filters.to')}</label>
            <input id="filter-to" name="to" type="date" defaultValue={filter.to ?? ''} key={`to${filter.to ?? ''}`} />
          </div>
          <div className="admin-filters__actions">
            <button type="submit" className="admin-button">
              {t('inbox.filter')}
            </button>
            <a href={adminPath('inbox')}>{t('inbox.clear')}</a>
          </div>
        </Form>
      </details>
      <p className="admin-count" role="status">
        {t('inbox.count', { count: leads.total })}{' '}
        <a href={`${LEADS_CSV_PATH}${queryOf(filter)}`} download>
          {t('inbox.csv')}
        </a>
      </p>
      {leads.items.length === 0 ? (
        <p>{t('inbox.empty')}</p>
      ) : (
        <ol className="admin-leads">
          {leads.items.map((lead) => (
            <li key={lead.id} className="admin-lead">
              <p className="admin-lead__head">
                <span className={`admin-status admin-status--${lead.status}`}>{t(`statuses.${lead.status}`)}</span>{' '}
                <span>{lead.offerType ? t(`inquiry.offerTypes.${lead.offerType}`) : t(`kinds.${lead.kind}`)}</span>
              </p>
              <h2 className="admin-lead__name">
                <Link to={adminPath('lead', { id: lead.id })}>{lead.name ?? lead.email ?? lead.phone ?? t('lead.anonymous')}</Link>
              </h2>
              <p className="admin-lead__facts">
                <span>{dateTime(lead.createdAt, locale)}</span>
                {lead.town ? <span>{lead.town}</span> : null}
                <span>{t(`languages.${lead.locale}`)}</span>
                <span>{lead.assignee ? lead.assignee.name : t('inbox.nobody')}</span>
                {lead.visitAt ? <span>{t('lead.visit', { when: localDateTime(lead.visitAt, locale) })}</span> : null}
              </p>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav className="admin-pages" aria-label={t('inbox.pages')}>
          {leads.page > 1 ? <Link to={`${adminPath('inbox')}${queryOf(filter, leads.page - 1)}`}>{t('inbox.previous')}</Link> : null}
          <span>{t('inbox.page', { page: leads.page, pages })}</span>
          {leads.page < pages ? <Link to={`${adminPath('inbox')}${queryOf(filter, leads.page + 1)}`}>{t('inbox.next')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
