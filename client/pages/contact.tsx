import { Link } from '../components/Link';
import { useTranslation } from 'react-i18next';
import { pathTo } from '../../shared/routes';
import { directionsUrl, showroomHours, showroomsFor } from '../../shared/showrooms';
import { PageShell } from '../components/PageShell';
import { PhoneLink } from '../components/PhoneLink';
import { countryName, openingHoursText } from '../components/opening-hours';
import { useLayout } from '../layout/use-layout';

/**
 * How to reach the company: the two forms first (what most visitors come for), then each showroom
 * (the visitor's market first) with its hours, phone, email and a plain directions link.
 */
export default function ContactPage() {
  const { locale, settings } = useLayout();
  const { t } = useTranslation();
  return (
    <PageShell title={t('contact.title')} intro={t('contact.lead')} className="contact-page">
      <section className="section" aria-labelledby="contact-forms">
        <h2 id="contact-forms" className="visually-hidden">
          {t('contact.forms')}
        </h2>
        <div className="grid grid--2">
          {(['inquiry', 'service'] as const).map((form) => (
            <div key={form} className={`cta cta--${form}`}>
              <h3>{t(`contact.${form}Title`)}</h3>
              <p>{t(`contact.${form}Text`)}</p>
              <Link className="button" to={pathTo(form, locale)}>
                {t(`leads.${form}`)}
              </Link>
            </div>
          ))}
        </div>
      </section>
      <section className="section" aria-labelledby="contact-showrooms">
        <h2 id="contact-showrooms">{t('contact.showrooms')}</h2>
        <div className="grid grid--2">
          {showroomsFor(settings, locale).map((showroom) => (
            <section key={showroom.key} className="showroom" aria-labelledby={`showroom-${showroom.key}`}>
              <h3 id={`showroom-${showroom.key}`}>{showroom.name}</h3>
              <address>
                {showroom.street_address}
                <br />
                {`${showroom.postal_code} ${showroom.town}`}
                <br />
                {countryName(t, locale, showroom.country)}
              </address>
              <dl className="showroom__facts">
                <div>
                  <dt>{t('contact.phone')}</dt>
                  <dd>
                    <PhoneLink phone={showroom.phone} />
                  </dd>
                </div>
                <div>
                  <dt>{t('contact.email')}</dt>
                  <dd>
                    <a href={`mailto:${showroom.email}`}>{showroom.email}</a>
                  </dd>
                </div>
                <div>
                  <dt>{t('contact.hours')}</dt>
                  {showroomHours(settings, showroom).map((hours) => (
                    <dd key={hours.days.join()}>{openingHoursText(t, hours)}</dd>
                  ))}
                </div>
              </dl>
              <a className="button button--ghost" href={directionsUrl(showroom)} rel="external noreferrer">
                {t('contact.directions')}
                <span className="visually-hidden"> {t('contact.directionsTo', { name: showroom.name })}</span>
              </a>
            </section>
          ))}
        </div>
      </section>
      <section className="section" aria-labelledby="contact-company">
        <h2 id="contact-company">{t('contact.company')}</h2>
        <address>
          {settings.company_legal_name}
          <br />
          {`${settings.street_address}, ${settings.postal_code} ${settings.town}, ${countryName(t, locale, settings.country)}`}
          <br />
          <a href={`mailto:${settings.company_email}`}>{settings.company_email}</a>
        </address>
        <p className="muted">{t('contact.vatId', { id: settings.company_vat_id })}</p>
      </section>
    </PageShell>
  );
}
