import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A request's cookies, as cookie-parser reads them into `req.cookies`. A value may be an object:
 * cookie-parser parses a `j:`-prefixed value as JSON, so readers check the type of what they take.
 */
export type Cookies = Readonly<Record<string, unknown>>;

/**
 * cookie-parser, reading the `Cookie` header into `req.cookies` once per request, before the HTML
 * cache's look-up (which needs to know whether the visitor has a session) and again as the app's
 * first middleware (a no-op for a request already read). No secret: the site signs no cookie (the
 * session's value is the content API's own token).
 */
export const parseCookies = cookieParser();

/** `req.cookies` of a request Express has not seen yet (the HTML cache answers before it), read by cookie-parser. */
export function requestCookies(req: IncomingMessage, res: ServerResponse): Cookies {
  parseCookies(req as Request, res as Response, () => {});
  return (req as Request).cookies;
}

const NONE: Cookies = Object.freeze({});
const carried = new WeakMap<globalThis.Request, Cookies>();

/** Hands a visitor's cookies to the Fetch request their page's loaders and actions read (see `cookiesOf`). */
export function carryCookies(from: { cookies?: Cookies }, to: globalThis.Request): void {
  if (from.cookies) carried.set(to, from.cookies);
}

/** The cookies of the visitor a Fetch request renders for: none for a render shared by every visitor. */
export function cookiesOf(request: globalThis.Request): Cookies {
  return carried.get(request) ?? NONE;
}
