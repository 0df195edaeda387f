import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEGAL_PAGE_SLUGS, pathTo } from '../../../shared/routes';
import type { Locale } from '../../../shared/locales';
import { Modal } from '../../components/Modal';
import { CATEGORIES, READ_ONLY_CATEGORIES, type Category } from './config';
import { CONSENT_NAMESPACE } from '../../../shared/i18n';
import { acceptAll, closeConsentPreferences, consentView, openConsentPreferences, rejectAll, saveConsent } from './store';
import './consent.css';

/** The reference library starts the opening animation 100 ms after the element is shown. */
const ANIMATION_DELAY_MS = 100;

function useAnimatedOpen(): boolean {
  const [animated, setAnimated] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAnimated(true), ANIMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return animated;
}

function PolicyLink({ locale, label }: { locale: Locale; label: string }) {
  // A full page load is fine here: the visitor is reading about cookies, not browsing.
  return <a href={pathTo('page', locale, { slug: LEGAL_PAGE_SLUGS.cookies[locale] })}>{label}</a>;
}

/** The first question: a box at the bottom right, not modal, its choices equally weighted. */
export function ConsentBanner({ locale }: { locale: Locale }) {
  const { t } = useTranslation(CONSENT_NAMESPACE);
  const id = useId();
  const animated = useAnimatedOpen();
  return (
    <section className={`cc-banner${animated ? ' cc-banner--shown' : ''}`} role="dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <h2 id={`${id}-title`} className="cc-banner__title">
        {t('banner.title')}
      </h2>
      <p id={`${id}-text`}>
        {t('banner.description')} <PolicyLink locale={locale} label={t('banner.policyLink')} />
      </p>
      <div className="cc-buttons">
        <button type="button" className="cc-button" onClick={acceptAll}>
          {t('banner.acceptAll')}
        </button>
        <button type="button" className="cc-button" onClick={rejectAll}>
          {t('banner.rejectAll')}
        </button>
        <button type="button" className="cc-button cc-button--wide" onClick={openConsentPreferences}>
          {t('banner.manage')}
        </button>
      </div>
    </section>
  );
}

/** The settings: a bar on the right with a switch per category. */
export function ConsentPreferences({ locale }: { locale: Locale }) {
  const { t } = useTranslation(CONSENT_NAMESPACE);
  const id = useId();
  const animated = useAnimatedOpen();
  const [chosen, setChosen] = useState<readonly Category[]>(() => consentView().accepted ?? READ_ONLY_CATEGORIES);
  const toggle = (category: Category, on: boolean) => setChosen((current) => (on ? [...current, category] : current.filter((c) => c !== category)));
  return (
    <Modal
      onClose={closeConsentPreferences}
      labelledBy={`${id}-title`}
      describedBy={`${id}-intro`}
      placement="right"
      className={`cc-preferences${animated ? ' cc-preferences--shown' : ''}`}
    >
      <div className="cc-preferences__head">
        <h2 id={`${id}-title`}>{t('preferences.title')}</h2>
        <button type="button" className="cc-close" onClick={closeConsentPreferences} aria-label={t('preferences.close')}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="cc-preferences__body">
        <p id={`${id}-intro`}>
          {t('preferences.intro')} <PolicyLink locale={locale} label={t('preferences.policyLink')} />
        </p>
        {CATEGORIES.map((category) => {
          const readOnly = READ_ONLY_CATEGORIES.includes(category);
          return (
            <div className="cc-category" key={category}>
              <div className="cc-category__head">
                <h3 id={`${id}-${category}`}>{t(`categories.${category}.title`)}</h3>
                {readOnly ? <span className="cc-category__always">{t('preferences.alwaysOn')}</span> : null}
                <input
                  type="checkbox"
                  role="switch"
                  className="cc-switch"
                  name={category}
                  aria-labelledby={`${id}-${category}`}
                  aria-describedby={`${id}-${category}-text`}
                  checked={readOnly || chosen.includes(category)}
                  disabled={readOnly}
                  onChange={(event) => toggle(category, event.currentTarget.checked)}
                />
              </div>
              <p id={`${id}-${category}-text`}>{t(`categories.${category}.description`)}</p>
            </div>
          );
        })}
      </div>
      <div className="cc-buttons cc-preferences__foot">
        <button type="button" className="cc-button" onClick={acceptAll}>
          {t('preferences.acceptAll')}
        </button>
        <button type="button" className="cc-button" onClick={rejectAll}>
          {t('preferences.rejectAll')}
        </button>
        <button type="button" className="cc-button" onClick={() => saveConsent(chosen)}>
          {t('preferences.save')}
        </button>
      </div>
    </Modal>
  );
}
