import { redirect, redirectDocument, UNSAFE_ErrorResponseImpl } from 'react-router';
import { ADMIN_DATA_PARAM, type AdminPayload } from '../../shared/admin/document';
import { ADMIN_PREFIX } from '../../shared/admin/routes';
import { singleFetchStrategy } from '../runtime/payload';

/** A staff screen's data (or a post's answer) from its own address with `?_data`: the same loaders as the page. */
async function fetchPayload(request: Request): Promise<AdminPayload> {
  const url = new URL(request.url);
  url.searchParams.set(ADMIN_DATA_PARAM, '');
  const post = request.method === 'POST';
  const form = post ? await request.formData() : undefined;
  // URL-encoded, as the area's forms post without JavaScript; multipart only for a form with a file (the media screen's).
  const withFile = form !== undefined && [...form.values()].some((value) => typeof value !== 'string');
  const body = form && !withFile ? new URLSearchParams([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : form;
  const res = await fetch(url, { method: request.method, headers: { accept: 'application/json' }, body, signal: request.signal });
  if (!(res.headers.get('content-type') ?? '').includes('application/json'))
    throw new UNSAFE_ErrorResponseImpl(res.status >= 400 ? res.status : 503, res.statusText, null);
  return (await res.json()) as AdminPayload;
}

/** One request per navigation or post, as on the public site; signing in or out (the sign-in screens) loads a whole new document. */
export const adminDataStrategy = singleFetchStrategy(fetchPayload, (location) =>
  (location.startsWith(ADMIN_PREFIX) && !location.startsWith(`${ADMIN_PREFIX}/login`) ? redirect : redirectDocument)(location),
);
