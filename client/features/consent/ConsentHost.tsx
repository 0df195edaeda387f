import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/use-layout';
import { consentView, HIDDEN_VIEW, startConsent, subscribeConsent } from './store';

const loadUi = () => import('./ConsentUI');
const ConsentBanner = lazy(() => loadUi().then((m) => ({ default: m.ConsentBanner })));
const ConsentPreferences = lazy(() => loadUi().then((m) => ({ default: m.ConsentPreferences })));

/**
 * Where the consent banner and preferences appear. Only this and the consent state are in the layout's
 * bundle; the components, their styles and texts load when one of them is about to show.
 */
export function ConsentHost() {
  const { locale } = useLayout();
  const { i18n } = useTranslation();
  const view = useSyncExternalStore(subscribeConsent, consentView, () => HIDDEN_VIEW);
  useEffect(() => startConsent({ locale, i18n, loadUi }), [locale, i18n]);
  return (
    <Suspense fallback={null}>
      {view.banner && !view.preferences ? <ConsentBanner locale={locale} /> : null}
      {view.preferences ? <ConsentPreferences locale={locale} /> : null}
    </Suspense>
  );
}
