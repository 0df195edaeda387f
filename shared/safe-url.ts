/**
 * URLs from content (menus, calls to action) are checked before they become links: only web, mail and
 * phone addresses pass; `javascript:`, `data:`, `vbscript:` and anything unparsable do not.
 */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export function safeExternalUrl(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
