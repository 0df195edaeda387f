import type { TFunction } from 'i18next';
import type { Locale } from '../../../shared/locales';
import type { Crumb } from '../../../shared/page-data';
import { pathTo } from '../../../shared/routes';

/** A page's breadcrumb: home first, then `steps` (the page itself last, without a path). */
export function breadcrumb(t: TFunction, locale: Locale, ...steps: Crumb[]): Crumb[] {
  return [{ title: t('breadcrumb.home'), path: pathTo('index', locale) }, ...steps];
}
