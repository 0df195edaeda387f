import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { Locale } from '../../../shared/locales';
import { LEGAL_PAGE_SLUGS, pathTo } from '../../../shared/routes';

/**
 * A link from inside a form. It opens in a new tab (and says so), because following it in the same
 * tab would leave a half-filled form behind.
 */
export function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={to} target="_blank" rel="noopener">
      {children}
      <span className="visually-hidden"> {t('form.opensInNewTab')}</span>
    </a>
  );
}

/** A legal page linked from a checkbox label. */
function LegalLink({ locale, page, children }: { locale: Locale; page: keyof typeof LEGAL_PAGE_SLUGS; children?: ReactNode }) {
  return <NewTabLink to={pathTo('page', locale, { slug: LEGAL_PAGE_SLUGS[page][locale] })}>{children}</NewTabLink>;
}

/**
 * A translated sentence with the privacy policy (`<privacy>`) and general terms (`<terms>`) as
 * links; the translation decides where the links sit in the sentence.
 */
export function LegalText({ i18nKey, locale }: { i18nKey: string; locale: Locale }) {
  return (
    <Trans
      i18nKey={i18nKey}
      components={{
        privacy: <LegalLink locale={locale} page="privacy" />,
        terms: <LegalLink locale={locale} page="terms" />,
      }}
    />
  );
}
