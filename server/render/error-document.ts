import type { Locale } from '../../shared/locales';
import { LOCALE_ISO } from '../../shared/locales';
import { pathTo } from '../../shared/routes';
import type { Translations } from '../i18n';
import type { AssetManifest } from './manifest';
import { escapeHtml } from './serialize';

/**
 * The error page for what never reaches the router (a malformed URL, a refused method, headers too
 * large): the same look and texts as the in-app error page, as static HTML with no script.
 */
export function errorDocument(status: number, locale: Locale, translations: Translations, manifest: AssetManifest | null): string {
  const t = translations.instances[locale].t;
  const exists = translations.instances[locale].exists;
  const key = exists(`error.${status}.title`) ? `error.${status}.title` : exists('error.title') ? 'error.title' : null;
  const title = key ? t(key) : String(status);
  const text = exists(`error.${status}.text`) ? t(`error.${status}.text`) : '';
  const css = manifest?.forPage([]).stylesheets ?? [];
  const e = escapeHtml;
  return [
    `<!DOCTYPE html><html lang="${LOCALE_ISO[locale]}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${e(title)}</title>`,
    ...css.map((href) => `<link rel="stylesheet" href="${e(href)}">`),
    '</head><body><div id="app"><main id="main"><section class="container error-page" aria-labelledby="error-title">',
    `<p class="error-page__code" aria-hidden="true">${status}</p><h1 id="error-title">${e(title)}</h1>`,
    text ? `<p>${e(text)}</p>` : '',
    `<a class="button" href="${pathTo('index', locale)}">${e(t('error.backHome'))}</a>`,
    '</section></main></div></body></html>',
  ].join('');
}
