import { useTranslation } from 'react-i18next';
import { staffCodeEntry } from '../../../shared/forms/staff';
import { AdminForm, TextField } from '../AdminForm';

/** The sign-in's second step: the six digits the app shows now, or one of the recovery codes. */
export default function Code() {
  const { t } = useTranslation();
  return (
    <section className="admin-narrow" aria-labelledby="code-title">
      <h1 id="code-title">{t('titles.code')}</h1>
      <p>{t('code.intro')}</p>
      <AdminForm name="code" schema={staffCodeEntry} submitLabel={t('code.submit')}>
        <TextField name="code" label={t('fields.code')} hint={t('code.hint')} autoComplete="one-time-code" inputMode="text" required />
      </AdminForm>
      <p>
        <a href="/admin/login">{t('code.again')}</a>
      </p>
    </section>
  );
}
