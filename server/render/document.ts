import { APP_ROOT_ID, DOCUMENT_DATA_ID, type DocumentData } from '../../shared/document';
import type { Head } from '../../shared/head';
import type { PageAssets } from './manifest';
import { escapeHtml, scriptJson } from './serialize';

/**
 * The document around the React stream: everything up to the app's root element, written before the
 * first byte of React's output, and the page data after it. No inline script: the data block and the
 * structured data (JSON-LD) are JSON (never executed, escaped so no value can close the element) and
 * the entry is a same-origin module, so the CSP needs no nonce and cached bytes stay valid under it.
 */
export function documentStart(head: Head, assets: PageAssets): string {
  const a = escapeHtml;
  return [
    `<!DOCTYPE html><html lang="${a(head.lang)}"><head>`,
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${a(head.title)}</title>`,
    `<meta name="description" content="${a(head.description)}">`,
    head.robots ? `<meta name="robots" content="${a(head.robots)}">` : '',
    head.canonical ? `<link rel="canonical" href="${a(head.canonical)}">` : '',
    ...head.alternates.map((alt) => `<link rel="alternate" hreflang="${a(alt.hreflang)}" href="${a(alt.href)}">`),
    ...(head.social?.og ?? []).map((m) => `<meta property="${a(m.property)}" content="${a(m.content)}">`),
    ...(head.social?.twitter ?? []).map((m) => `<meta name="${a(m.name)}" content="${a(m.content)}">`),
    ...head.jsonLd.map((block) => `<script type="application/ld+json">${scriptJson(block)}</script>`),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${a(href)}">`),
    `<script type="module" src="${a(assets.entry)}"></script>`,
    ...assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${a(href)}">`),
    `</head><body><div id="${APP_ROOT_ID}">`,
  ].join('');
}

/** The UI strings never change while the process runs: each locale's bundle is written out once. */
const bundleJson = new WeakMap<object, string>();

/**
 * The page data after the app's root. Its largest part, the locale's UI strings, is the same object
 * on every page, so its JSON is kept and spliced in (a third of a render's serialising).
 */
export function documentEnd({ i18n, ...data }: DocumentData): string {
  let strings = bundleJson.get(i18n);
  if (strings === undefined) bundleJson.set(i18n, (strings = scriptJson(i18n)));
  const json = `${scriptJson(data).slice(0, -1)},"i18n":${strings}}`;
  return `</div><script type="application/json" id="${DOCUMENT_DATA_ID}">${json}</script></body></html>`;
}
