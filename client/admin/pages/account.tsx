import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STAFF_LOCALES } from '../../../shared/api/staff';
import { staffProfileForm } from '../../../shared/forms/staff';
import { AdminForm, Done, Select, TextField } from '../AdminForm';
import { useShell } from '../use-shell';

/** The member's own: name and language of the screens, and signing out here or everywhere. */
export default function Account() {
  const { t } = useTranslation();
  const { member } = useShell();
  const [search] = useSearchParams();
  const done = search.get('done');
  if (!member) return null;
  return (
    <section className="admin-narrow" aria-labelledby="account-title">
      <h1 id="account-title">{t('titles.account')}</h1>
      <p>{t('account.who', { email: member.email, role: t(`roles.${member.role}`) })}</p>
      <Done message={done ? t(`account.done.${done}`, { defaultValue: '' }) : null} />
      <AdminForm name="profile" intent="profile" schema={staffProfileForm} submitLabel={t('account.save')} reloadDocument>
        <TextField name="name" label={t('fields.name')} autoComplete="name" defaultValue={member.name} required />
        <Select
          name="locale"
          label={t('fields.language')}
          defaultValue={member.locale}
          options={STAFF_LOCALES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
        />
      </AdminForm>
      <h2>{t('account.sessions')}</h2>
      <p>{t('account.sessionsText')}</p>
      <AdminForm name="logoutEverywhere" intent="logoutEverywhere" submitLabel={t('account.logoutEverywhere')} danger />
    </section>
  );
}
