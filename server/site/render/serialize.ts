import { isUnchanged } from '../upstream/kept-unchanged';

/**
 * JSON for a `<script type="application/json">` block: `<`, `>`, `&` and the JavaScript line separators
 * are escaped, so no value (a slug, a search query, content) can close the element or open markup.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const madeOnce = new WeakMap<object, string>();

/**
 * `scriptJson(value)`, made once per object kept unchanged (server/site/upstream/kept-unchanged.ts: what
 * many documents carry as it is) and every time for anything else.
 */
export function scriptJsonOnce(value: unknown): string {
  if (!isUnchanged(value)) return scriptJson(value);
  let json = madeOnce.get(value);
  if (json === undefined) madeOnce.set(value, (json = scriptJson(value)));
  return json;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
