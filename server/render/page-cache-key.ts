import { queryParamsOf } from '../../shared/route-match';

/**
 * The HTML cache's key of a request URL, which is also the URL its shared render renders
 * (`sharedRequestKey` in cache-policy.ts): its path, and of its query only the parameters its screen
 * reads (its `query` trait in shared/routes.ts), by name in a stable order and in one encoding. Null
 * when the page may not be kept: it carries free input (a search), which would let a client make
 * endless entries.
 *
 * So `?utm_source=x`, `?gclid=...` and the like share the page's one entry and render, and a client
 * can only make as many entries as there are pages: the path is canonical by the time anything renders
 * (every other spelling is redirected first), and the one parameter kept, a list's page, is a 404
 * outside the list.
 * Cheap when there is no query (every link of the site but a list's pages): the URL is the key.
 */
export function pageCacheKey(url: string): string | null {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const path = url.slice(0, q);
  const read = queryParamsOf(path);
  if (!read) return path;
  const query = new URLSearchParams(url.slice(q + 1));
  const kept = new URLSearchParams();
  for (const name of Object.keys(read).sort()) {
    const value = query.get(name);
    if (value === null) continue;
    if (read[name] === 'input') return null;
    kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}
