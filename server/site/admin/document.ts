import { ADMIN_DATA_ID, ADMIN_ROOT_ID, type AdminDocumentData } from '../../../shared/admin/document';
import type { AdminAssets } from '../render/manifest';
import { documentDataJson } from '../render/document';
import { escapeHtml } from '../render/serialize';

/**
 * A staff screen's document: no description, no alternates, no structured data, never indexed; its
 * stylesheet, its entry as a same-origin module (the CSP's 'self'), and the data as a JSON block (its
 * strings' JSON made once per locale, as a public page's).
 */
export function adminDocument(head: { lang: string; title: string }, assets: AdminAssets, body: string, data: AdminDocumentData): string {
  const a = escapeHtml;
  return [
    `<!DOCTYPE html><html lang="${a(head.lang)}"><head>`,
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${a(head.title)}</title>`,
    '<meta name="robots" content="noindex, nofollow">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${a(href)}">`),
    ...assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${a(href)}">`),
    `<script type="module" src="${a(assets.entry)}"></script>`,
    `</head><body><div id="${ADMIN_ROOT_ID}">${body}</div>`,
    `<script type="application/json" id="${ADMIN_DATA_ID}">${documentDataJson(data)}</script></body></html>`,
  ].join('');
}
