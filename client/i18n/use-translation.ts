import type { i18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import { I18N_NAMESPACE } from './i18n';

const fixedT = new WeakMap<i18n, Map<string, TFunction>>();

/**
 * The page's `t` and i18next instance. react-i18next's own hook copies every property of the
 * instance into a new wrapper on each call of each server render (about an eighth of its CPU).
 * The site never changes an instance's language (one per locale; switching locale loads the page),
 * so a `t` fixed once per instance and namespace does the same job.
 */
export function useTranslation(ns: string = I18N_NAMESPACE): { t: TFunction; i18n: i18n } {
  const { i18n } = useContext(I18nContext);
  let byNamespace = fixedT.get(i18n);
  if (!byNamespace) fixedT.set(i18n, (byNamespace = new Map()));
  let t = byNamespace.get(ns);
  if (!t) byNamespace.set(ns, (t = i18n.getFixedT(null, ns)));
  return { t, i18n };
}
