import type { TFunction } from 'i18next';
import buildSettings from '../../../content/settings.json';
import { settingsFromList, type Init, type SiteSettings } from '../../../shared/api/contract';
import { LOCALES, type Locale } from '../../../shared/locales';
import type { ContentApi } from './content-api';

const BUILD_SETTINGS: Init['settings'] = Object.entries(buildSettings).map(([key, value]) => ({ key, value }));

/** What the build knows: the company's settings and the languages (named by the page's `t`), no menus or categories. */
function buildInit(t: TFunction): Init {
  return {
    locales: [],
    settings: BUILD_SETTINGS,
    menus: [],
    languages: LOCALES.map((code) => ({ code, name: t(`languages.${code}`) })),
    categories: [],
    articleCategories: [],
    notification: null,
  };
}

/**
 * `init` for a page that must render while the upstream is down: the last copy the process read, else
 * the build's. Enough for the layout to frame an error page with the company's phone and email.
 */
export function fallbackInit(api: Pick<ContentApi, 'lastInit'>, locale: Locale, t: TFunction): Init {
  return api.lastInit(locale) ?? buildInit(t);
}

/** The settings an error page shows the phone and email from (`api` is missing before the site has booted). */
export function errorPageSettings(api: Pick<ContentApi, 'lastInit'> | undefined, locale: Locale): SiteSettings {
  return settingsFromList(api?.lastInit(locale)?.settings ?? BUILD_SETTINGS);
}
