import { redirect, redirectDocument, UNSAFE_ErrorResponseImpl, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import { ADMIN_DATA_PARAM, type AdminPayload } from '../../shared/admin/document';
import { ADMIN_PREFIX } from '../../shared/admin/routes';
import { deserializeError } from '../runtime/payload';

/** A staff screen's data (or a post's answer) from its own address with `?_data`: the same loaders as the page. */
async function fetchPayload(request: Request): Promise<AdminPayload> {
  const url = new URL(request.url);
  url.searchParams.set(ADMIN_DATA_PARAM, '');
  const post = request.method === 'POST';
  const body = new URLSearchParams();
  if (post) for (const [key, value] of await request.formData()) if (typeof value === 'string') body.append(key, value);
  const res = await fetch(url, { method: request.method, headers: { accept: 'application/json' }, body: post ? body : undefined, signal: request.signal });
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) throw new UNSAFE_ErrorResponseImpl(res.status >= 400 ? res.status : 503, res.statusText, null);
  return (await res.json()) as AdminPayload;
}

/** One request per navigation or post; each matched route takes its part, as on the public site (client/runtime/payload.ts). */
export const adminDataStrategy: DataStrategyFunction = async ({ request, matches }) => {
  const toLoad = matches.filter((m) => m.shouldLoad);
  if (toLoad.length === 0) return {};
  const payload = await fetchPayload(request);
  const results = request.method === 'POST' ? payload.actionData : payload.loaderData;
  const answers: Record<string, DataStrategyResult> = {};
  await Promise.all(
    toLoad.map(async (match) => {
      answers[match.route.id] = await match.resolve(async () => {
        // Signing out or in changes who the screens are for: a whole new document.
        if (payload.redirect) return (payload.redirect.startsWith(ADMIN_PREFIX) && !payload.redirect.startsWith(`${ADMIN_PREFIX}/login`) ? redirect : redirectDocument)(payload.redirect);
        const error = payload.errors?.[match.route.id];
        if (error) throw deserializeError(error);
        return results?.[match.route.id] ?? null;
      });
    }),
  );
  return answers;
};
