import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { staffInvitationEntry } from '../../../shared/forms/staff';
import { AdminForm, TextField } from '../AdminForm';
import { dateTime } from '../format';
import { useShell } from '../use-shell';

/** Joining by an invitation: who it is for, then a name and a password; setting the app up follows. */
export default function Invitation() {
  const { t } = useTranslation();
  const { locale } = useShell();
  const { invitation, token } = useLoaderData() as AdminScreenData['invitation'];
  if (!invitation) {
    return (
      <section className="admin-narrow" aria-labelledby="invitation-title">
        <h1 id="invitation-title">{t('titles.invitation')}</h1>
        <p role="alert">{t('invitation.invalid')}</p>
      </section>
    );
  }
  return (
    <section className="admin-narrow" aria-labelledby="invitation-title">
      <h1 id="invitation-title">{t('titles.invitation')}</h1>
      <p>{t('invitation.intro', { email: invitation.email, role: t(`roles.${invitation.role}`), until: dateTime(invitation.expiresAt, locale) })}</p>
      <AdminForm name="invitation" schema={staffInvitationEntry} submitLabel={t('invitation.submit')}>
        <input type="hidden" name="token" value={token} />
        <TextField name="name" label={t('fields.name')} autoComplete="name" required />
        <TextField name="password" type="password" label={t('fields.newPassword')} hint={t('invitation.passwordHint')} autoComplete="new-password" required />
      </AdminForm>
    </section>
  );
}
