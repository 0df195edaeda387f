import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { signPurge } from '../../lib/purge-signature';

export interface PurgeWebhookOptions {
  /** The site's `POST /api/cache/purge` (any replica: it tells the others). */
  url: string;
  /** CACHE_PURGE_SECRET, the site's. */
  secret: string;
  logger: Logger;
  fetch?: typeof fetch;
  /** Waits between attempts; the last failure is logged. */
  retryDelaysMs?: readonly number[];
}

/**
 * Tells the site which pages a publish changed, signed as server/site/purge/webhook.ts checks. Each
 * attempt is signed anew (a signature is accepted once); a 409 means an earlier attempt got through.
 */
export function purgeWebhook({ url, secret, logger, fetch: doFetch = fetch, retryDelaysMs = [500, 2000, 8000] }: PurgeWebhookOptions) {
  return async (paths: string[]): Promise<boolean> => {
    // Its own id: a signature is accepted once, and two publishes of the same pages within one second
    // would otherwise sign the same body at the same time, the second refused as a replay and its purge lost.
    const body = JSON.stringify({ id: randomUUID(), ...(paths.length > 0 ? { paths } : {}) });
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': signPurge(secret, body) },
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (res.ok || res.status === 409) return true;
        if (res.status < 500) {
          logger.error({ status: res.status }, 'cache purge webhook refused');
          return false;
        }
      } catch (err) {
        if (attempt >= retryDelaysMs.length) logger.error({ err }, 'cache purge webhook failed');
      }
      if (attempt >= retryDelaysMs.length) return false;
      await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt]));
    }
  };
}
