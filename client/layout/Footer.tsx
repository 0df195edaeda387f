import { useTranslation } from '../i18n/use-translation';
import type { OpeningHours } from '../../shared/api/contract';
import { LOCALE_ISO, type Locale } from '../../shared/locales';
import { AppLink } from '../components/AppLink';
import { FooterNewsletter } from '../features/forms/FooterNewsletter';
import { PhoneLink } from '../components/PhoneLink';
import { CookieSettingsLink } from '../features/consent/CookieSettingsLink';
import { useLayout } from './use-layout';

const DAY_INDEX = { Mo: 0, Tu: 1, We: 2, Th: 3, Fr: 4, Sa: 5, Su: 6 } as const;

/** Intl formatters are costly to build: one per locale, made on first use. */
const weekdayFormats = new Map<Locale, Intl.DateTimeFormat>();

function weekdayName(locale: Locale, day: keyof typeof DAY_INDEX): string {
  let format = weekdayFormats.get(locale);
  if (!format) weekdayFormats.set(locale, (format = new Intl.DateTimeFormat(LOCALE_ISO[locale], { weekday: 'short', timeZone: 'UTC' })));
  // 2024-01-01 was a Monday; UTC keeps server and browser on the same day.
  return format.format(Date.UTC(2024, 0, 1 + DAY_INDEX[day]));
}

/** "Mon–Fri" or "Mon, Tue, Fri" in the locale, from the opening hours held once in settings. */
function dayRange(locale: Locale, days: OpeningHours['days']): string {
  const idx = days.map((d) => DAY_INDEX[d]);
  const consecutive = idx.length > 2 && idx.every((d, i) => i === 0 || d === idx[i - 1]! + 1);
  return consecutive ? `${weekdayName(locale, days[0]!)}–${weekdayName(locale, days[days.length - 1]!)}` : days.map((d) => weekdayName(locale, d)).join(', ');
}

/** Country names, looked up once per locale and code: ICU's lookup is a noticeable part of a render. */
const countryNames = new Map<string, string>();

function countryName(locale: Locale, code: string): string {
  const key = `${locale} ${code}`;
  let name = countryNames.get(key);
  if (name === undefined) countryNames.set(key, (name = new Intl.DisplayNames([LOCALE_ISO[locale]], { type: 'region' }).of(code) ?? code));
  return name;
}

export function Footer() {
  const { locale, init, settings } = useLayout();
  const { t } = useTranslation();
  const footer = init.menus.find((m) => m.key === 'footer');
  const legal = init.menus.find((m) => m.key === 'legal');
  const years = new Date().getUTCFullYear() - settings.founded_year;
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
            <PhoneLink phone={settings.company_phone} />
            <br />
            <a href={`mailto:${settings.company_email}`}>{settings.company_email}</a>
          </address>
        </section>
        <section aria-labelledby="footer-showrooms">
          <h2 id="footer-showrooms">{t('footer.showrooms')}</h2>
          {settings.showrooms.map((s) => (
            <address key={s.name}>
              <strong>{s.name}</strong>
              <br />
              {s.street_address}, {s.postal_code} {s.town}, {countryName(locale, s.country)}
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
                <dt>{countryName(locale, h.country)}</dt>
                <dd>
                  {dayRange(locale, h.days)} {h.opens}–{h.closes}
                </dd>
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
        {legal ? (
          <nav aria-label={legal.title}>
            <ul>
              {legal.items.map((item, i) => (
                <li key={i}>
                  <AppLink link={item.link}>{item.title}</AppLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <CookieSettingsLink />
      </div>
    </footer>
  );
}
