import { queryParamsOf } from '../../../shared/route-match';

/**
 * The one spelling of a page's address: the one the site's own links use (`pathTo`). Every path the
 * route table and content can make is lowercase ASCII (route words; slugs are `[a-z0-9-]` in the content
 * schema and in the loaders' route check; offer types), with any other character percent-encoded by
 * `encodeURIComponent`, upper-case hex. A request spelled otherwise is redirected here before anything
 * renders (server/site/http/locale-redirect.ts), so each page has one HTML cache key
 * (docs/decisions/0014-canonical-paths.md).
 */

/** RFC 3986 unreserved characters: their percent-encoded form means the same (section 6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * In a segment: a percent-encoded octet, an upper-case letter, or a character a segment may not hold
 * as it is (outside RFC 3986's pchar, `\` included). `u`: a character outside the BMP is one match.
 */
const TO_REWRITE = /%[0-9A-Fa-f]{2}|[A-Z]|[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu;

const utf8 = new TextEncoder();

function percentEncode(character: string): string {
  return [...utf8.encode(character)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

/**
 * One path segment in its canonical spelling: unreserved characters decoded, every other escape in
 * upper-case hex, letters lower-cased, and what may not stand as it is encoded. A reserved character
 * and its escape are not the same (`%2F` is not a segment break), so those escapes stay.
 */
export function canonicalSegment(raw: string): string {
  return raw.replace(TO_REWRITE, (match) => {
    if (match.length === 3 && match[0] === '%') {
      const character = String.fromCharCode(parseInt(match.slice(1), 16));
      return UNRESERVED.test(character) ? character.toLowerCase() : match.toUpperCase();
    }
    return /^[A-Z]$/.test(match) ? match.toLowerCase() : percentEncode(match);
  });
}

/**
 * A path's segments in their canonical spelling: empty ones (doubled, leading or trailing slashes) are
 * dropped and dot segments resolved (RFC 3986 section 5.2.4), never above the root.
 */
export function canonicalSegments(rawPath: string): string[] {
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    const segment = canonicalSegment(raw);
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return segments;
}

/**
 * The query of a page address without a list page parameter at 1 (the list's own address is its first
 * page); every other parameter stays as it was sent, in its order. `pathname` is canonical.
 */
export function canonicalQuery(pathname: string, rawQuery: string): string {
  const params = queryParamsOf(pathname);
  if (!params || rawQuery === '') return rawQuery;
  const query = new URLSearchParams(rawQuery);
  const firstPages = Object.keys(params).filter((name) => params[name] === 'listPage' && query.get(name) === '1');
  if (firstPages.length === 0) return rawQuery;
  return rawQuery
    .split('&')
    .filter((part) => !firstPages.includes(new URLSearchParams(part).keys().next().value ?? ''))
    .join('&');
}
