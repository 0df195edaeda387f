import buildSettings from '../../content/settings.json';
import { settingsFromList, type Init, type SiteSettings } from '../../shared/api/contract';
import { LOCALES, type Locale } from '../../shared/locales';
import type { ContentApi } from './content-api';

/** What the build knows: the company's settings, each language by its own name, no menus or categories. */
const BUILD_INIT: Init = {
  locales: [],
  settings: Object.entries(buildSettings).map(([key, value]) => ({ key, value })),
  menus: [],
  languages: LOCALES.map((code) => ({ code, name: new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code })),
  categories: [],
  articleCategories: [],
  notification: null,
};

/**
 * `init` for a page that must render while the upstream is down: the last copy the process read, else
 * the build's. Enough for the layout to frame an error page with the company's phone and email.
 */
export function fallbackInit(api: Pick<ContentApi, 'lastInit'> | undefined, locale: Locale): Init {
  return api?.lastInit(locale) ?? BUILD_INIT;
}

/** The settings an error page shows the phone and email from (`api` is missing before the site has booted). */
export function errorPageSettings(api: Pick<ContentApi, 'lastInit'> | undefined, locale: Locale): SiteSettings {
  return settingsFromList(fallbackInit(api, locale).settings);
}
