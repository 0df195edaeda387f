import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { carryPhotos } from '../photos/upload';
import { onDeadlinePassed } from './deadline';
import { carryCookies } from './cookies';

/**
 * The visitor's address (Express's `req.ip`: what TRUST_PROXY makes of X-Forwarded-For) on the Fetch
 * request, for loaders that pass it on (the login limits of the content API count per address). Only
 * ever set here, from the connection, never copied from what the visitor sent.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** A public form's post over the rate limit: the seconds until the visitor may send again (server/site/http/form-posts.ts). Only ever set here. */
export const POST_LIMITED_HEADER = 'x-post-limited-for';

/**
 * Set on a post the browser's router made to a page's payload (the site's script ran): such a post
 * must carry a solved proof of work (server/site/spam/judge.ts). Only ever set here, never copied from the
 * visitor's headers, so a plain form cannot be made to look scripted, nor the reverse.
 */
export const SCRIPT_POST_HEADER = 'x-site-script-post';

/**
 * The page's Fetch request for one visitor, on the configured origin (never the Host header), with
 * their cookies (as cookie-parser read them), their address and a posted form's fields (and photos), aborted when the visitor goes
 * away or a post's deadline passes (its answer was given without this request).
 */
export function toFetchRequest(
  req: ExpressRequest,
  res: ExpressResponse,
  origin: string,
  url = req.originalUrl,
  method = req.method,
  { byScript = false } = {},
): Request {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  onDeadlinePassed(res, () => controller.abort());
  const post = method === 'POST';
  const form = new URLSearchParams();
  if (post) {
    for (const [key, value] of Object.entries((req.body ?? {}) as Record<string, string | string[]>)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(key, String(v));
    }
  }
  const request = new Request(new URL(url, origin), {
    method: post ? 'POST' : 'GET',
    headers: {
      ...(req.ip ? { [CLIENT_ADDRESS_HEADER]: req.ip } : {}),
      ...(post && typeof res.locals.postLimitedFor === 'number' ? { [POST_LIMITED_HEADER]: String(res.locals.postLimitedFor) } : {}),
      ...(post ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(post && byScript ? { [SCRIPT_POST_HEADER]: '1' } : {}),
    },
    body: post ? form : undefined,
    signal: controller.signal,
  });
  // Read once by cookie-parser (req.cookies): the loaders take them from there, not from a header.
  carryCookies(req, request);
  // A multipart post's photos wait in files; its fields travel in the body above, as any form's.
  if (post) carryPhotos(req, request);
  return request;
}

/**
 * A page's request as an anonymous visitor makes it: no cookie, nothing of whoever asked. Shared
 * renders use it; no visitor leaving stops it (the others waiting, and the cache, want the page).
 */
export function anonymousRequest(url: string, origin: string): Request {
  return new Request(new URL(url, origin));
}
