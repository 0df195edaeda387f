import { useContext } from 'react';
import { I18nContext } from './i18n';
import { DEFAULT_NAMESPACE, type TFunction, type Translator } from './translator';

/** The page's `t` for a namespace (fixed once per translator and namespace) and the translator itself. */
export function useTranslation(ns: string = DEFAULT_NAMESPACE): { t: TFunction; i18n: Translator } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  return { t: i18n.getFixedT(ns), i18n };
}
