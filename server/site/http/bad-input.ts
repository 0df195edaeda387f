import type { RequestHandler } from 'express';

export const MAX_URL_LENGTH = 2048;

/** Why a request is refused before routing, with its status; null when it may go on. */
export function refuseRequest(method: string, url: string, allowedMethods: readonly string[]): { status: number; allow?: string } | null {
  if (!allowedMethods.includes(method)) return { status: 405, allow: allowedMethods.join(', ') };
  if (url.length > MAX_URL_LENGTH) return { status: 414 };
  if (/%00|\0/.test(url)) return { status: 400 };
  const q = url.indexOf('?');
  try {
    decodeURIComponent(q === -1 ? url : url.slice(0, q));
    if (q !== -1) decodeURIComponent(url.slice(q + 1).replace(/\+/g, ' '));
  } catch {
    return { status: 400 };
  }
  return null;
}

/**
 * Malformed percent-encoding, null bytes, overlong URLs and methods the site does not serve get a 4xx
 * with the site's error page here, before anything downstream can trip over them.
 */
export function badInputGuard(
  allowedMethods: readonly string[],
  sendError: (res: Parameters<RequestHandler>[1], req: Parameters<RequestHandler>[0], status: number) => void,
): RequestHandler {
  return (req, res, next) => {
    const refusal = refuseRequest(req.method, req.originalUrl, allowedMethods);
    if (!refusal) return next();
    if (refusal.allow) res.setHeader('Allow', refusal.allow);
    sendError(res, req, refusal.status);
  };
}
