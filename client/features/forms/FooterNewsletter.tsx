import { useEffect, useState } from 'react';
import { Form, useMatches } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { parseRouteId, pathTo } from '../../../shared/routes';
import { Honeypot } from '../../components/forms/AccountForm';
import { useLayout } from '../../layout/use-layout';
import { LegalText } from './LegalLinks';
import { newSubmissionId } from './submission-id';

/**
 * The footer's newsletter signup, on every page: a plain form posted to the newsletter page's action,
 * which answers with that page (its errors, or its thank-you after the 303). It is part of the
 * layout's bundle, so it stays small: no form library, no schema; the newsletter page checks it.
 * On the newsletter page itself it steps aside (the page is the signup).
 */
export function FooterNewsletter() {
  const { t } = useTranslation();
  const { locale } = useLayout();
  const onNewsletterPage = useMatches().some((match) => parseRouteId(match.id)?.name === 'newsletter');
  const [submissionId, setSubmissionId] = useState('');
  useEffect(() => setSubmissionId(newSubmissionId()), []);
  if (onNewsletterPage) return null;
  return (
    <section className="footer-newsletter" aria-labelledby="footer-newsletter-title">
      <div className="footer-newsletter__text">
        <h2 id="footer-newsletter-title">{t('newsletter.footer.title')}</h2>
        <p>{t('newsletter.footer.text')}</p>
      </div>
      <Form method="post" action={pathTo('newsletter', locale)} noValidate className="footer-newsletter__form">
        <label htmlFor="footer-newsletter-email">{t('newsletter.fields.email')}</label>
        <input id="footer-newsletter-email" type="email" name="email" autoComplete="email" maxLength={254} required aria-required />
        <div className="check-field">
          <input id="footer-newsletter-consent" type="checkbox" name="consent" required aria-required />
          <label htmlFor="footer-newsletter-consent">
            <LegalText i18nKey="newsletter.fields.consent" locale={locale} />
          </label>
        </div>
        <button type="submit" className="button">
          {t('newsletter.submit')}
        </button>
        <Honeypot />
        <input type="hidden" name="submissionId" value={submissionId} />
      </Form>
    </section>
  );
}
