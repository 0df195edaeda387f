import { useTranslation } from 'react-i18next';
import { staffLoginForm } from '../../../shared/forms/staff';
import { AdminForm, TextField } from '../AdminForm';

export default function Login() {
  const { t } = useTranslation();
  return (
    <section className="admin-narrow" aria-labelledby="login-title">
      <h1 id="login-title">{t('titles.login')}</h1>
      <p>{t('login.intro')}</p>
      <AdminForm name="login" schema={staffLoginForm} submitLabel={t('login.submit')}>
        <TextField name="email" type="email" label={t('fields.email')} autoComplete="username" required />
        <TextField name="password" type="password" label={t('fields.password')} autoComplete="current-password" required />
      </AdminForm>
    </section>
  );
}
