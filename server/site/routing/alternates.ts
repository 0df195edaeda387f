import type { Slugs } from '../../../shared/api/contract';
import { LOCALES } from '../../../shared/locales';
import type { PageMeta } from '../../../shared/page-data';
import { pathTo, type RouteName } from '../../../shared/routes';

/** The same screen in every locale: for screens whose path has no content slug. */
export function sameScreen(name: RouteName): PageMeta['alternates'] {
  return Object.fromEntries(LOCALES.map((l) => [l, pathTo(name, l)]));
}

/** The screen in every locale, with the entity's slug in that locale. */
export function bySlugs(name: RouteName, slugs: Slugs, param = 'slug'): PageMeta['alternates'] {
  return Object.fromEntries(LOCALES.map((l) => [l, pathTo(name, l, { [param]: slugs[l] })]));
}
