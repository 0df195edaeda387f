import { Link, useLoaderData, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LEAD_STATUSES, type LeadDetail, type LeadHistoryEntry } from '../../../shared/api/staff';
import { adminPath, leadPhotoPath } from '../../../shared/admin/routes';
import { pathTo } from '../../../shared/routes';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { leadAssigneeForm, leadNoteForm, leadReplyForm, leadStatusForm } from '../../../shared/forms/staff';
import { AdminForm, Done, Select, TextArea, TextField } from '../AdminForm';
import { dateTime, localDateTime } from '../format';
import { LeadFields } from '../LeadFields';
import { useShell } from '../use-shell';

/** One history entry in words: what changed, or the note or reply itself. */
function HistoryEvent({ entry }: { entry: LeadHistoryEntry }) {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { event } = entry;
  switch (event.kind) {
    case 'status':
      return (
        <p>
          {t('lead.history.status', { from: t(`statuses.${event.from}`), to: t(`statuses.${event.to}`) })}
          {event.visitAt ? ` ${t('lead.visit', { when: localDateTime(event.visitAt, locale) })}` : ''}
          {event.reason ? ` (${event.reason})` : ''}
        </p>
      );
    case 'assign':
      return <p>{event.to ? t('lead.history.assigned', { name: event.to.name }) : t('lead.history.unassigned')}</p>;
    case 'note':
      return <p className="admin-text">{event.text}</p>;
    case 'reply':
      return (
        <>
          <p className="admin-text">{event.text}</p>
          <p className="admin-field__hint">{t(event.mailed ? 'lead.history.mailed' : 'lead.history.notMailed')}</p>
        </>
      );
  }
}

/** The lead's life, oldest first: its arrival, then every change, note and reply. */
function History({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation();
  const { locale } = useShell();
  return (
    <ol className="admin-history">
      <li>
        <p className="admin-field__hint">{dateTime(lead.createdAt, locale)}</p>
        <p>{t('lead.history.received')}</p>
      </li>
      {lead.history.map((entry) => (
        <li key={entry.id} className={`admin-history__${entry.event.kind}`}>
          <p className="admin-field__hint">
            {dateTime(entry.at, locale)} · {entry.by?.name ?? t('lead.history.system')} · {t(`lead.history.kinds.${entry.event.kind}`)}
          </p>
          <HistoryEvent entry={entry} />
        </li>
      ))}
    </ol>
  );
}

/**
 * A lead: everything the visitor sent (photos shown, the product, the preferred visit time), who works
 * it, its status with the booked visit, the notes and replies, and its history. Each change is a form of
 * its own, posted to this page.
 */
export default function Lead() {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { lead, assignees } = useLoaderData() as AdminScreenData['lead'];
  const [search] = useSearchParams();
  const done = search.get('done');
  const title = lead.name ?? lead.email ?? lead.phone ?? t('lead.anonymous');
  const address = [lead.data.streetAddress, [lead.data.postalCode, lead.town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <article className="admin-lead-page" aria-labelledby="lead-title">
      <p>
        <Link to={adminPath('inbox')}>{t('lead.back')}</Link>
      </p>
      <h1 id="lead-title">{title}</h1>
      <p className="admin-lead__facts">
        <span className={`admin-status admin-status--${lead.status}`}>{t(`statuses.${lead.status}`)}</span>
        <span>{lead.offerType ? t(`inquiry.offerTypes.${lead.offerType}`) : t(`kinds.${lead.kind}`)}</span>
        <span>{dateTime(lead.createdAt, locale)}</span>
        <span>{t('lead.language', { language: t(`languages.${lead.locale}`) })}</span>
        {lead.visitAt ? <span>{t('lead.visit', { when: localDateTime(lead.visitAt, locale) })}</span> : null}
      </p>
      <Done message={done ? t(`lead.done.${done}`, { defaultValue: '' }) : null} />

      <div className="admin-lead-page__main">
        <section aria-labelledby="lead-contact">
          <h2 id="lead-contact">{t('lead.contact')}</h2>
          <dl className="admin-fields">
            {lead.email ? (
              <div>
                <dt>{t('fields.email')}</dt>
                <dd>
                  <a href={`mailto:${lead.email}`}>{lead.email}</a>{' '}
                  {lead.emailConfirmed ? <span className="admin-field__hint">{t('lead.emailConfirmed')}</span> : null}
                </dd>
              </div>
            ) : null}
            {lead.phone ? (
              <div>
                <dt>{t('fields.phone')}</dt>
                <dd>
                  <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
                </dd>
              </div>
            ) : null}
            {address ? (
              <div>
                <dt>{t('fields.address')}</dt>
                <dd>{address}</dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="lead-request">
          <h2 id="lead-request">{t('lead.request')}</h2>
          {lead.product ? (
            <p className="admin-lead__product">
              {t('lead.product')} <a href={pathTo('product', lead.locale, { slug: lead.product.slug })}>{lead.product.title}</a>
            </p>
          ) : null}
          <LeadFields kind={lead.kind} data={lead.data} />
          {lead.photos.length > 0 ? (
            <ul className="admin-photos">
              {lead.photos.map((photo) => (
                <li key={photo.index}>
                  <a href={leadPhotoPath(lead.id, photo.index)} target="_blank" rel="noopener">
                    <img src={leadPhotoPath(lead.id, photo.index)} alt={t('lead.photo', { n: photo.index + 1 })} loading="lazy" width="240" height="180" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section aria-labelledby="lead-history">
          <h2 id="lead-history">{t('lead.historyTitle')}</h2>
          <History lead={lead} />
        </section>
      </div>

      <section aria-labelledby="lead-work" className="admin-lead-page__work">
        <h2 id="lead-work">{t('lead.work')}</h2>
        <AdminForm name="status" intent="status" schema={leadStatusForm} submitLabel={t('lead.saveStatus')}>
          <Select
            name="status"
            label={t('fields.status')}
            defaultValue={lead.status}
            options={LEAD_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          />
          <TextField name="visitAt" type="datetime-local" label={t('fields.visitAt')} hint={t('lead.visitHint')} defaultValue={lead.visitAt ?? ''} />
          <TextField name="reason" label={t('fields.lostReason')} hint={t('lead.reasonHint')} defaultValue={lead.lostReason ?? ''} />
        </AdminForm>
        <AdminForm name="assign" intent="assign" schema={leadAssigneeForm} submitLabel={t('lead.assign')}>
          <Select
            name="memberId"
            label={t('fields.assignee')}
            defaultValue={lead.assignee ? String(lead.assignee.id) : ''}
            options={[{ value: '', label: t('inbox.nobody') }, ...assignees.map((m) => ({ value: String(m.id), label: m.name }))]}
          />
        </AdminForm>
        <AdminForm name="reply" intent="reply" schema={leadReplyForm} submitLabel={t('lead.sendReply')}>
          <TextArea
            name="text"
            label={t('fields.reply')}
            hint={lead.email ? t('lead.replyHint', { email: lead.email }) : t('lead.noEmail')}
            rows={6}
            required
          />
        </AdminForm>
        <AdminForm name="note" intent="note" schema={leadNoteForm} submitLabel={t('lead.addNote')}>
          <TextArea name="text" label={t('fields.note')} hint={t('lead.noteHint')} required />
        </AdminForm>
      </section>
    </article>
  );
}
