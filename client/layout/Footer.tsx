import { useTranslation } from 'react-i18next';
import { yearsInBusiness } from '../../shared/company-years';
import { pathTo } from '../../shared/routes';
import { marketPhone, showroomsFor } from '../../shared/showrooms';
import { Link } from '../components/Link';
import { AppLink } from '../components/AppLink';
import { FooterNewsletter } from '../features/forms/FooterNewsletter';
import { PhoneLink } from '../components/PhoneLink';
import { countryName, openingHoursText } from '../components/opening-hours';
import { CookieSettingsLink } from '../features/consent/CookieSettingsLink';
import { useLayout } from './use-layout';

export function Footer() {
  const { locale, init, settings } = useLayout();
  const { t } = useTranslation();
  const footer = init.menus.find((m) => m.key === 'footer');
  const legal = init.menus.find((m) => m.key === 'legal');
  const years = yearsInBusiness(settings);
  return (
    <footer className="site-footer">
      <div className="container">
        <FooterNewsletter />
      </div>
      <div className="container site-footer__grid">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company">{settings.company_name}</h2>
          <p>{t('footer.tradition', { years })}</p>
          <address>
            {settings.company_legal_name}
            <br />
            {settings.street_address}
            <br />
            {settings.postal_code} {settings.town}
            <br />
            <PhoneLink phone={marketPhone(settings, locale)} />
            <br />
            <a href={`mailto:${settings.company_email}`}>{settings.company_email}</a>
          </address>
        </section>
        <section aria-labelledby="footer-showrooms">
          <h2 id="footer-showrooms">{t('footer.showrooms')}</h2>
          {showroomsFor(settings, locale).map((s) => (
            <address key={s.key}>
              <strong>{s.name}</strong>
              <br />
              {s.street_address}, {s.postal_code} {s.town}, {countryName(t, locale, s.country)}
              <br />
              <PhoneLink phone={s.phone} />
            </address>
          ))}
        </section>
        <section aria-labelledby="footer-hours">
          <h2 id="footer-hours">{t('footer.openingHours')}</h2>
          <dl className="opening-hours">
            {settings.opening_hours.map((h) => (
              <div key={h.country}>
                <dt>{countryName(t, locale, h.country)}</dt>
                <dd>{openingHoursText(t, h)}</dd>
              </div>
            ))}
          </dl>
        </section>
        {footer ? (
          <nav aria-labelledby="footer-menu">
            <h2 id="footer-menu">{footer.title}</h2>
            <ul>
              {footer.items.map((item, i) => (
                <li key={i}>
                  <AppLink link={item.link}>{item.title}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      <div className="container site-footer__legal">
        <p>{t('footer.copyright', { year: new Date().getUTCFullYear(), name: settings.company_legal_name })}</p>
        <nav aria-label={legal?.title ?? t('imprint.link')}>
          <ul>
            {legal?.items.map((item, i) => (
              <li key={i}>
                <AppLink link={item.link}>{item.title}</AppLink>
              </li>
            ))}
            <li>
              <Link to={pathTo('imprint', locale)}>{t('imprint.link')}</Link>
            </li>
          </ul>
        </nav>
        <CookieSettingsLink />
      </div>
    </footer>
  );
}
