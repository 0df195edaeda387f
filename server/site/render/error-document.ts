import type { SiteSettings } from '../../../shared/api/contract';
import { phoneText, telHref } from '../../../shared/format';
import type { i18n } from 'i18next';
import { LOCALE_ISO, type Locale } from '../../../shared/locales';
import { pathTo } from '../../../shared/routes';
import { marketPhone } from '../../../shared/showrooms';
import type { AssetManifest } from './manifest';
import { escapeHtml } from './serialize';

/**
 * The error page for what never reaches the router (a malformed URL, headers too large, a render
 * that crashed): the same look and texts as the in-app error page, as static HTML with no script,
 * framed by the header's brand and call button, with the company's phone and email.
 */
export function errorDocument(status: number, i18n: i18n, manifest: AssetManifest | null, settings: SiteSettings): string {
  const { t, exists } = i18n;
  const locale = i18n.language as Locale;
  const key = exists(`error.${status}.title`) ? `error.${status}.title` : exists('error.title') ? 'error.title' : null;
  const title = key ? t(key) : String(status);
  const text = exists(`error.${status}.text`) ? t(`error.${status}.text`) : '';
  const css = manifest?.forPage([]).stylesheets ?? [];
  const phone = marketPhone(settings, locale);
  const e = escapeHtml;
  const home = pathTo('index', locale);
  return [
    `<!DOCTYPE html><html lang="${LOCALE_ISO[locale]}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${e(title)}</title>`,
    ...css.map((href) => `<link rel="stylesheet" href="${e(href)}">`),
    '</head><body><div id="app">',
    `<header class="site-header"><div class="container site-header__bar"><a class="brand" href="${home}">${e(settings.company_name)}</a>`,
    `<a class="call-link" href="${e(telHref(phone))}" aria-label="${e(t('header.call', { phone }))}">${e(phoneText(phone))}</a></div></header>`,
    '<main id="main"><section class="container error-page" aria-labelledby="error-title">',
    `<p class="error-page__code" aria-hidden="true">${status}</p><h1 id="error-title">${e(title)}</h1>`,
    text ? `<p>${e(text)}</p>` : '',
    `<p>${e(t('error.contact'))}</p><p class="cta__contacts">`,
    `<a class="button button--ghost" href="mailto:${e(settings.company_email)}">${e(settings.company_email)}</a>`,
    `<a class="button button--ghost" href="${e(telHref(phone))}">${e(phoneText(phone))}</a></p>`,
    `<a class="button" href="${home}">${e(t('error.backHome'))}</a>`,
    '</section></main></div></body></html>',
  ].join('');
}
