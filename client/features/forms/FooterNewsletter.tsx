import { useEffect, useState, type ComponentType } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId, pathTo } from '../../../shared/routes';
import type { Locale } from '../../../shared/locales';
import { useLayout } from '../../layout/use-layout';
import { CheckboxField, TextField, type ControlProps } from './fields';
import { HiddenFields } from './FormParts';
import { LegalText } from './LegalLinks';
import { newSubmissionId } from './submission-id';

export const FOOTER_FORM = 'footer-newsletter';

export interface FooterFieldsProps {
  locale: Locale;
  control: (name: 'email' | 'consent') => ControlProps;
  errorOf: (name: 'email' | 'consent') => string | undefined;
  values: { email: string; consent: boolean };
  submissionId: string;
}

/** The signup's fields, the same markup before and after its checks have loaded. */
export function FooterFields({ locale, control, errorOf, values, submissionId }: FooterFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        form={FOOTER_FORM}
        name="email"
        type="email"
        label={t('newsletter.fields.email')}
        required
        autoComplete="email"
        maxLength={254}
        control={control('email')}
        defaultValue={values.email}
        error={errorOf('email')}
      />
      <CheckboxField
        form={FOOTER_FORM}
        name="consent"
        label={<LegalText i18nKey="newsletter.fields.consent" locale={locale} />}
        required
        control={control('consent')}
        defaultChecked={values.consent}
        error={errorOf('consent')}
      />
      <HiddenFields submissionId={submissionId} />
    </>
  );
}

export interface FooterLiveProps {
  locale: Locale;
  action: string;
}

type Live = ComponentType<FooterLiveProps>;
let live: Promise<Live> | undefined;
const loadLive = () => (live ??= import('./FooterNewsletterLive').then((m) => m.FooterNewsletterLive));

/**
 * The footer's newsletter signup, on every page. It is a plain form posted to the newsletter page's
 * action, which answers with that page (its errors, or its thank-you after the 303), so it works
 * without JavaScript. The form library and the schema (FooterNewsletterLive) load only when a
 * visitor turns to the form (pointer over it, or focus in it), so other pages never pay for them;
 * from then on it is checked as the visitor types, like every form. On the newsletter page itself
 * it steps aside (the page is the signup). A signed-in visitor finds their address filled in.
 */
export function FooterNewsletter() {
  const { t } = useTranslation();
  const { locale, visitorEmail } = useLayout();
  const onNewsletterPage = useMatches().some((match) => parseRouteId(match.id)?.name === 'newsletter');
  const [submissionId, setSubmissionId] = useState('');
  const [Checked, setChecked] = useState<Live | null>(null);
  useEffect(() => setSubmissionId(newSubmissionId()), []);
  if (onNewsletterPage) return null;
  const action = pathTo('newsletter', locale);
  // A failed load leaves the plain form, which the server checks.
  const engage = () =>
    void loadLive().then(
      (component) => setChecked(() => component),
      () => undefined,
    );
  return (
    <section className="footer-newsletter" aria-labelledby="footer-newsletter-title">
      <div className="footer-newsletter__text">
        <h2 id="footer-newsletter-title">{t('newsletter.footer.title')}</h2>
        <p>{t('newsletter.footer.text')}</p>
      </div>
      {Checked ? (
        <Checked locale={locale} action={action} />
      ) : (
        // A plain form, not the router's: sent before its checks have loaded, it is posted as a page
        // without JavaScript posts it, which the server takes without a proof of work. Through the
        // router it would be a script's post without one, and judged spam (server/site/spam/judge.ts).
        <form method="post" action={action} noValidate className="footer-newsletter__form" onPointerEnter={engage} onFocus={engage}>
          <FooterFields
            locale={locale}
            control={(name) => ({ name })}
            errorOf={() => undefined}
            values={{ email: visitorEmail ?? '', consent: false }}
            submissionId={submissionId}
          />
          <button type="submit" className="button">
            {t('newsletter.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
