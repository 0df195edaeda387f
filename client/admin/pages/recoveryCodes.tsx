import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { AdminForm } from '../AdminForm';

/** The ten recovery codes, once: each signs in once where the phone is not at hand. */
export default function RecoveryCodes() {
  const { t } = useTranslation();
  const { codes } = useLoaderData() as AdminScreenData['recoveryCodes'];
  return (
    <section className="admin-narrow" aria-labelledby="recovery-title">
      <h1 id="recovery-title">{t('titles.recoveryCodes')}</h1>
      <p>{t('recovery.intro')}</p>
      <ul className="admin-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <AdminForm name="recovery" submitLabel={t('recovery.kept')} />
    </section>
  );
}
