import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { Router } from 'express';
import { z } from 'zod';
import { SITEMAP_PATH } from '../render/seo-files';

/** Signatures older (or newer) than this are refused, so a captured call cannot be replayed later. */
const MAX_SKEW_S = 300;

const bodySchema = z.object({ paths: z.array(z.string().startsWith('/').max(2048)).max(1000).optional() }).strict();

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, as the CMS's webhook sends it. */
export function signPurge(secret: string, body: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export function verifyPurge(secret: string, header: string | undefined, body: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(nowS - t) > MAX_SKEW_S) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

/**
 * `POST /api/cache/purge`: the content system says what changed (`{"paths": [...]}`, page path
 * prefixes; no paths: everything) and the site drops those pages and its copies of upstream answers.
 * Signed with the shared secret; without a secret configured the endpoint does not exist.
 */
export function cachePurge({ secret, purge }: { secret: string | undefined; purge: (paths: string[]) => number }): Router {
  const router = Router();
  if (!secret) return router;
  router.post('/api/cache/purge', express.text({ type: 'application/json', limit: '64kb' }), (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const raw = typeof req.body === 'string' ? req.body : '';
    if (!verifyPurge(secret, req.get('x-signature'), raw)) return void res.status(401).json({ error: 'bad_signature' });
    let parsed;
    try {
      parsed = bodySchema.safeParse(JSON.parse(raw || '{}'));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return void res.status(400).json({ error: 'bad_request' });
    const paths = parsed.data.paths ?? [];
    // The sitemap lists every page: whatever changed, it changed too. No paths: everything goes anyway.
    res.json({ purged: purge(paths.length > 0 ? [...paths, SITEMAP_PATH] : []) });
  });
  return router;
}
