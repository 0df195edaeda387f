import { Link } from './Link';
import { COMPANY_TIME_ZONE } from '../../shared/company-time-zone';
import { useTranslation } from 'react-i18next';
import { photoThumbnailPath } from '../../shared/api/bff';
import type { AccountSubmission } from '../../shared/api/contract';
import { LOCALE_ISO, type Locale } from '../../shared/locales';
import { pathTo } from '../../shared/routes';

/**
 * The signed-in visitor's inquiries and service requests (profile page): when, what, and how far the
 * company has got with it. `null`: the list could not be loaded, which the page says rather than
 * pretending there is nothing.
 */

// A late-evening inquiry shows the day the company received it.
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

function formatDay(locale: Locale, timestamp: string): string {
  let format = dateFormats.get(locale);
  if (!format) dateFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: 'medium', timeZone: COMPANY_TIME_ZONE })));
  return format.format(new Date(timestamp));
}

const visitFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A booked visit's local date and time (`2026-12-03T09:30`, as agreed): formatted as UTC, so no zone moves it. */
function formatVisit(locale: Locale, local: string): string {
  let format = visitFormats.get(locale);
  if (!format) visitFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_ISO[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })));
  return format.format(new Date(`${local}:00.000Z`));
}

/** `email`: the account's address, by which submissions are matched (others it sent from are not listed). */
export function SubmissionList({ submissions, email, locale }: { submissions: AccountSubmission[] | null; email: string; locale: Locale }) {
  const { t, i18n } = useTranslation();
  if (submissions === null) return <p className="muted">{t('account.profile.submissions.unavailable')}</p>;
  if (submissions.length === 0) {
    return (
      <p>
        {t('account.profile.submissions.empty')} <Link to={pathTo('inquiry', locale)}>{t('account.profile.submissions.send')}</Link>
      </p>
    );
  }

  /** "Inquiry – Awnings": the offer type by the inquiry form's own label, when the site has one. */
  const what = (submission: AccountSubmission) => {
    const kind = t(`account.profile.submissions.kinds.${submission.kind}`);
    const offerKey = `inquiry.offerTypes.${submission.offerType ?? ''}`;
    return submission.offerType && i18n.exists(offerKey) ? `${kind} – ${t(offerKey)}` : kind;
  };

  const unsigned = submissions.some((submission) => !submission.sentSignedIn);
  return (
    <>
      <p className="muted">{t('account.profile.submissions.intro', { email })}</p>
      {/* Sent under the address without signing in: listed (the right of access), marked, and how to disown one. */}
      {unsigned ? <p className="muted">{t('account.profile.submissions.unsignedIntro')}</p> : null}
      <table className="submissions">
        <caption className="visually-hidden">{t('account.profile.submissions.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('account.profile.submissions.date')}</th>
            <th scope="col">{t('account.profile.submissions.request')}</th>
            <th scope="col">{t('account.profile.submissions.status')}</th>
          </tr>
        </thead>
        <tbody>
          {submissions.map((submission) => (
            <tr key={submission.id}>
              <td>
                <time dateTime={submission.createdAt}>{formatDay(locale, submission.createdAt)}</time>
              </td>
              <td>
                {what(submission)}
                {submission.sentSignedIn ? null : <span className="submissions__unsigned">{t('account.profile.submissions.unsigned')}</span>}
                {submission.photos.length > 0 && (
                  <ul className="submissions__photos" aria-label={t('account.profile.submissions.photos')}>
                    {submission.photos.map((photo, n) => (
                      <li key={n}>
                        {/* Served only to this session (server/site/bff/photo-thumbnails.ts); the file name is what the visitor knows it by. */}
                        <img src={photoThumbnailPath(submission.id, n)} alt={photo.name} width={64} height={64} loading="lazy" decoding="async" />
                      </li>
                    ))}
                  </ul>
                )}
                {submission.replies.map((reply) => (
                  <blockquote key={reply.at} className="submissions__reply">
                    <p className="muted">{t('account.profile.submissions.reply', { date: formatDay(locale, reply.at) })}</p>
                    <p>{reply.text}</p>
                  </blockquote>
                ))}
              </td>
              <td>
                <span className={`submissions__status submissions__status--${submission.status}`}>
                  {t(`account.profile.submissions.statuses.${submission.status}`)}
                </span>
                {submission.visitAt && submission.status === 'visit_booked' ? (
                  <p className="submissions__visit">{t('account.profile.submissions.visit', { when: formatVisit(locale, submission.visitAt) })}</p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
