import { randomUUID } from 'node:crypto';
import { APP_ENTRY_ATTRIBUTE, APP_LOADER_ID, APP_MODULES_ATTRIBUTE } from '../../../shared/app-loader';
import { APP_ROOT_ID, DOCUMENT_DATA_ID, type DocumentData } from '../../../shared/document';
import type { Head } from '../../../shared/head';
import { isUnchanged } from '../upstream/kept-unchanged';
import type { PageAssets } from './manifest';
import { escapeHtml, scriptJson, scriptJsonOnce } from './serialize';

/**
 * The document around the React stream: everything up to the app's root element, written before the
 * first byte of React's output, and the page data after it. No inline script: the data block and the
 * structured data (JSON-LD) are JSON (never executed, escaped so no value can close the element) and
 * the loader is a same-origin module, so the CSP needs no nonce and cached bytes stay valid under it.
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
    ...head.jsonLd.map((block) => `<script type="application/ld+json">${scriptJsonOnce(block)}</script>`),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${a(href)}">`),
    // The page is painted from its HTML and CSS alone: the loader asks for the app once it is painted
    // (client/boot.ts), so no script competes with the stylesheet and the main image on a slow connection.
    `<script type="module" src="${a(assets.loader)}" id="${APP_LOADER_ID}" ${APP_ENTRY_ATTRIBUTE}="${a(assets.entry)}" ${APP_MODULES_ATTRIBUTE}="${a(assets.modulePreloads.join(' '))}" fetchpriority="low"></script>`,
    `</head><body><div id="${APP_ROOT_ID}">`,
  ].join('');
}

export function documentEnd(data: DocumentData): string {
  return `</div><script type="application/json" id="${DOCUMENT_DATA_ID}">${documentDataJson(data)}</script></body></html>`;
}

/** Stands in for an object written once, in the JSON around it: no content holds this process's random id. */
const MARK = `once-${randomUUID()}`;
const MARKS = new RegExp(`"${MARK}-(\\d+)"`, 'g');

/**
 * `scriptJson(data)`, with the objects kept unchanged (the upstream's answers a screen carries as they
 * came, the layout's init and settings, the UI strings: most of the block; a staff screen's strings)
 * written once per object rather than on every render: each stands in as a mark for the JSON around
 * it, then its JSON made once replaces it.
 */
export function documentDataJson<D extends Pick<DocumentData, 'strings' | 'hydration'>>(data: D): string {
  const once: object[] = [];
  const loaderData = Object.fromEntries(Object.entries(data.hydration.loaderData).map(([id, routeData]) => [id, withMarks(routeData, once)]));
  const strings = markOf(data.strings, once) ?? data.strings;
  if (once.length === 0) return scriptJson(data);
  return scriptJson({ ...data, strings, hydration: { ...data.hydration, loaderData } }).replace(MARKS, (_, index: string) =>
    scriptJsonOnce(once[Number(index)]!),
  );
}

/** The mark of a value kept unchanged (noted in `once`), or undefined for any other value. */
function markOf(value: unknown, once: object[]): string | undefined {
  return isUnchanged(value) ? `${MARK}-${once.push(value) - 1}` : undefined;
}

/** A route's data with marks for its fields kept unchanged (the same object when it has none). */
function withMarks(routeData: unknown, once: object[]): unknown {
  if (typeof routeData !== 'object' || routeData === null || Array.isArray(routeData)) return routeData;
  let marked: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(routeData)) {
    const mark = markOf(value, once);
    if (mark === undefined) continue;
    marked ??= { ...routeData };
    marked[key] = mark;
  }
  return marked ?? routeData;
}
