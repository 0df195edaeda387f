import { useTranslation } from 'react-i18next';
import { useLayout } from '../layout/use-layout';
import { countryName } from './opening-hours';

/**
 * The content blocks written from settings (shared/api/contract.ts): the privacy policy names the
 * controller and states the retention periods the content API applies, from the same settings, so
 * the policy and what happens can never disagree.
 */

export function ControllerBlock() {
  const { locale, settings } = useLayout();
  const { t } = useTranslation();
  return (
    <>
      <p>{t('page.privacy.controllerIntro')}</p>
      <address className="prose__controller">
        {settings.company_legal_name}
        <br />
        {settings.street_address}
        <br />
        {settings.postal_code} {settings.town}
        <br />
        {countryName(t, locale, settings.country)}
        {settings.company_vat_id ? (
          <>
            <br />
            {t('page.privacy.vatId', { vatId: settings.company_vat_id })}
          </>
        ) : null}
        <br />
        {t('page.privacy.email')} <a href={`mailto:${settings.company_email}`}>{settings.company_email}</a>
      </address>
      <p>{t('page.privacy.controllerContact')}</p>
    </>
  );
}

export function RetentionBlock() {
  const { settings } = useLayout();
  const { t } = useTranslation();
  const months = t('page.privacy.months', { count: settings.retention_submission_months });
  const days = t('page.privacy.days', { count: settings.retention_unconfirmed_days });
  return (
    <ul className="prose__retention">
      <li>{t('page.privacy.retentionSubmissions', { period: months })}</li>
      <li>{t('page.privacy.retentionUnconfirmed', { period: days })}</li>
      <li>{t('page.privacy.retentionAccount')}</li>
    </ul>
  );
}
