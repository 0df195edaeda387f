/**
 * JSON for a `<script type="application/json">` block: `<`, `>`, `&` and the JavaScript line separators
 * are escaped, so no value (a slug, a search query, content) can close the element or open markup.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const madeOnce = new WeakMap<object, string>();

/**
 * `scriptJson` of a value many documents carry unchanged, made once per value: for objects their
 * maker keeps the same for as long as their content is (never changed once made).
 */
export function scriptJsonOnce(value: object): string {
  let json = madeOnce.get(value);
  if (json === undefined) madeOnce.set(value, (json = scriptJson(value)));
  return json;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
