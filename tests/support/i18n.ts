import { readFileSync } from 'node:fs';
import type { i18n } from 'i18next';
import { PAGE_NAMESPACES } from '../../shared/i18n';
import { loadStrings } from '../../server/lib/load-strings';
import type { Locale } from '../../shared/locales';

let pages: i18n | undefined;

/** An i18next instance in a locale with every page namespace, read from locales/ as the site reads it. */
export function pageI18n(locale: Locale): i18n {
  pages ??= loadStrings('locales', PAGE_NAMESPACES);
  return pages.cloneInstance({ lng: locale, fallbackNS: PAGE_NAMESPACES.slice(1) });
}

/** Every string of a locale's mail.json with `{{name}}` filled in from `values`: what a mail may say. */
export function mailWords(locale: Locale, values: Record<string, unknown>): string[] {
  const strings = (node: unknown): string[] => (typeof node === 'string' ? [node] : Object.values(node as object).flatMap(strings));
  return strings(JSON.parse(readFileSync(`locales/${locale}/mail.json`, 'utf8'))).map((text) =>
    text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match)),
  );
}
