import { useLoaderData } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminScreenData } from '../../../shared/admin/screens';
import { staffCodeEntry } from '../../../shared/forms/staff';
import { AdminForm, TextField } from '../AdminForm';

/**
 * Setting the authenticator app up: the QR code (drawn from the server's path, the secret never leaves
 * this page), the secret to type where scanning is not possible, then the first code proves it.
 */
export default function Enrol() {
  const { t } = useTranslation();
  const { secret, qr } = useLoaderData() as AdminScreenData['enrol'];
  // Groups of four, as apps show secrets and people read them out.
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return (
    <section className="admin-narrow" aria-labelledby="enrol-title">
      <h1 id="enrol-title">{t('titles.enrol')}</h1>
      <ol className="admin-steps">
        <li>{t('enrol.install')}</li>
        <li>
          {t('enrol.scan')}
          <svg className="admin-qr" viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={t('enrol.qr')} shapeRendering="crispEdges">
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
          <span className="admin-field__hint">{t('enrol.type')}</span> <code className="admin-secret">{grouped}</code>
        </li>
        <li>{t('enrol.prove')}</li>
      </ol>
      <AdminForm name="enrol" schema={staffCodeEntry} submitLabel={t('enrol.submit')}>
        <TextField name="code" label={t('fields.appCode')} autoComplete="one-time-code" inputMode="numeric" required />
      </AdminForm>
    </section>
  );
}
