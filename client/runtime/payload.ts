import { redirect, redirectDocument, UNSAFE_ErrorResponseImpl, type DataStrategyFunction, type DataStrategyResult } from 'react-router';
import { payloadPath, type PagePayload, type SerializedRouteError } from '../../shared/document';
import { pathLocale } from '../../shared/locales';

export function deserializeError(error: SerializedRouteError): unknown {
  return error.kind === 'response' ? new UNSAFE_ErrorResponseImpl(error.status, error.statusText, error.data) : new Error(error.message);
}

export function deserializeErrors(errors: Record<string, SerializedRouteError> | null): Record<string, unknown> | null {
  return errors ? Object.fromEntries(Object.entries(errors).map(([id, e]) => [id, deserializeError(e)])) : null;
}

/** A page's payload, or a post without files (urlencoded, as a plain form posts it). */
function fetchPlain(path: string, form: FormData | undefined, signal: AbortSignal): Promise<Response> {
  const body = new URLSearchParams();
  if (form) for (const [key, value] of form) if (typeof value === 'string') body.append(key, value);
  return fetch(path, { method: form ? 'POST' : 'GET', headers: { accept: 'application/json' }, body: form ? body : undefined, signal });
}

/** A post with files (photos): multipart, with upload progress; its module loads only when a post has files. */
async function postFiles(path: string, form: FormData, signal: AbortSignal): Promise<Response> {
  const { postWithProgress } = await import('./upload');
  return postWithProgress(path, form, signal);
}

/** The payload of a page, or (a form posted in the browser) the answer of its action. */
async function fetchPayload(request: Request): Promise<PagePayload> {
  const url = new URL(request.url);
  const path = payloadPath(url.pathname, url.search);
  const post = request.method === 'POST';
  const form = post ? await request.formData() : undefined;
  const res =
    form && [...form.values()].some((value) => typeof value !== 'string')
      ? await postFiles(path, form, request.signal)
      : await fetchPlain(path, form, request.signal);
  if (!(res.headers.get('content-type') ?? '').includes('application/json')) {
    throw new UNSAFE_ErrorResponseImpl(res.status >= 400 ? res.status : 503, res.statusText, null);
  }
  return (await res.json()) as PagePayload;
}

/**
 * A data strategy of one request per navigation: `fetch` brings what the server's loaders (or a post's
 * action) answered for every matched route, each route takes its part, and a redirect in it is
 * followed the way `follow` says. Route modules still load lazily through `resolve`.
 */
export function singleFetchStrategy(fetch: (request: Request) => Promise<PagePayload>, follow: (location: string) => Response): DataStrategyFunction {
  return async ({ request, matches }) => {
    const toLoad = matches.filter((m) => m.shouldLoad);
    if (toLoad.length === 0) return {};
    const payload = await fetch(request);
    const results = request.method === 'POST' ? payload.actionData : payload.loaderData;
    const answers: Record<string, DataStrategyResult> = {};
    await Promise.all(
      toLoad.map(async (match) => {
        answers[match.route.id] = await match.resolve(async () => {
          if (payload.redirect) return follow(payload.redirect);
          const error = payload.errors?.[match.route.id];
          if (error) throw deserializeError(error);
          return results?.[match.route.id] ?? null;
        });
      }),
    );
    return answers;
  };
}

/** The page payload (`{page path}/_payload.json`) of every navigation; the browser's router has the current locale's routes alone. */
export const payloadDataStrategy = singleFetchStrategy(fetchPayload, (location) =>
  (pathLocale(location) === pathLocale(window.location.pathname) ? redirect : redirectDocument)(location),
);
