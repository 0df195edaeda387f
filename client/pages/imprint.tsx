import { useTranslation } from 'react-i18next';
import { marketPhone } from '../../shared/showrooms';
import { PageShell } from '../components/PageShell';
import { PhoneLink } from '../components/PhoneLink';
import { countryName } from '../components/opening-hours';
import { useLayout } from '../layout/use-layout';

/**
 * The imprint (Impressum on German pages: the Austrian market's legal notice), from the company's
 * register data in the settings: change them there, and every locale's page follows.
 */
export default function ImprintPage() {
  const { locale, settings } = useLayout();
  const { t } = useTranslation();
  const facts: [string, React.ReactNode][] = [
    [t('imprint.legalForm'), t(`imprint.legalForms.${settings.company_legal_form}`)],
    [t('imprint.register'), [settings.company_register_court, settings.company_register_number].filter(Boolean).join(', ')],
    [t('imprint.managingDirector'), settings.company_managing_director],
    [t('imprint.shareCapital'), settings.company_share_capital],
    [t('imprint.vatId'), settings.company_vat_id],
  ];
  return (
    <PageShell title={t('imprint.title')} intro={t('imprint.lead')} className="imprint-page">
      <section className="section" aria-labelledby="imprint-company">
        <h2 id="imprint-company">{settings.company_legal_name}</h2>
        <address>
          {settings.street_address}
          <br />
          {`${settings.postal_code} ${settings.town}`}
          <br />
          {countryName(t, locale, settings.country)}
        </address>
        <dl className="showroom__facts">
          {facts
            .filter(([, value]) => value !== '')
            .map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          <div>
            <dt>{t('contact.phone')}</dt>
            <dd>
              <PhoneLink phone={marketPhone(settings, locale)} />
            </dd>
          </div>
          <div>
            <dt>{t('contact.email')}</dt>
            <dd>
              <a href={`mailto:${settings.company_email}`}>{settings.company_email}</a>
            </dd>
          </div>
        </dl>
      </section>
    </PageShell>
  );
}
