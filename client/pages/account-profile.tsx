import { Link, useActionData, useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormResult, ScreenData } from '../../shared/page-data';
import { accountDataPath, pathTo } from '../../shared/routes';
import { PageShell } from '../components/PageShell';
import { AccountForm, Field } from '../features/forms/AccountForm';
import { SubmissionList } from '../components/SubmissionList';
import { useLayout } from '../layout/use-layout';

export default function ProfilePage() {
  const { meta, user, submissions, newsletter } = useLoaderData() as ScreenData<'profile'>;
  const result = useActionData() as FormResult | undefined;
  const { locale } = useLayout();
  const { t } = useTranslation();
  return (
    <PageShell className="account" title={meta.title}>
      {/* Signing out sits with whom one is signed in as, at the top: under the newsletter it read as "unsubscribe". */}
      <div className="account__session">
        <p className="lead">{t('account.profile.signedInAs', { email: user.email })}</p>
        {/* A new document: the layout's data (the address in the footer's signup) must not outlive the session. */}
        <AccountForm name="logout" intent="logout" result={result} submitLabel={t('account.profile.signOut')} reloadDocument />
      </div>
      <section className="account__submissions" aria-labelledby="profile-submissions">
        <h2 id="profile-submissions">{t('account.profile.submissions.title')}</h2>
        <SubmissionList submissions={submissions} email={user.email} locale={locale} />
      </section>
      <div className="account__grid">
        <section aria-labelledby="profile-details">
          <h2 id="profile-details">{t('account.profile.details')}</h2>
          <AccountForm name="profile" intent="profile" result={result} submitLabel={t('account.profile.save')}>
            <Field name="name" autoComplete="name" label={t('form.name')} defaultValue={user.name} required />
            <Field name="phone" type="tel" autoComplete="tel" label={t('form.phone')} defaultValue={user.phone} />
            <Field name="streetAddress" autoComplete="address-line1" label={t('form.streetAddress')} defaultValue={user.streetAddress} />
            <Field name="postalCode" autoComplete="postal-code" label={t('form.postalCode')} defaultValue={user.postalCode} />
            <Field name="town" autoComplete="address-level2" label={t('form.town')} defaultValue={user.town} />
          </AccountForm>
        </section>
        <section aria-labelledby="profile-password">
          <h2 id="profile-password">{t('account.profile.password')}</h2>
          <AccountForm name="password" intent="password" result={result} submitLabel={t('account.profile.changePassword')}>
            <Field name="currentPassword" type="password" autoComplete="current-password" label={t('form.currentPassword')} required />
            <Field name="newPassword" type="password" autoComplete="new-password" label={t('form.newPassword')} hint={t('form.passwordHint')} required />
          </AccountForm>
          <h2 id="profile-newsletter">{t('account.profile.newsletter.title')}</h2>
          {newsletter ? (
            <>
              <p>{newsletter.subscribed ? t('account.profile.newsletter.on', { email: user.email }) : t('account.profile.newsletter.off')}</p>
              <AccountForm
                name="newsletter"
                intent="newsletter"
                result={result}
                submitLabel={newsletter.subscribed ? t('account.profile.newsletter.unsubscribe') : t('account.profile.newsletter.subscribe')}
              >
                <input type="hidden" name="subscribed" value={newsletter.subscribed ? 'false' : 'true'} />
              </AccountForm>
            </>
          ) : (
            <p className="form-message form-message--error">{t('account.profile.newsletter.unavailable')}</p>
          )}
        </section>
      </div>
      <section className="account__data" aria-labelledby="profile-data">
        <h2 id="profile-data">{t('account.profile.data.title')}</h2>
        <p>{t('account.profile.data.intro')}</p>
        <ul className="account__links">
          <li>
            {/* A file, not a screen: a plain link, and the answer says it is an attachment. */}
            <a href={accountDataPath(locale)}>{t('account.profile.data.download')}</a>
          </li>
          <li>
            <Link to={pathTo('accountDelete', locale)}>{t('account.profile.data.delete')}</Link>
          </li>
        </ul>
      </section>
    </PageShell>
  );
}
