import express, { type RequestHandler } from 'express';
import * as z from 'zod/mini';
import { localeSchema } from '../../../shared/api/contract';
import { tokenForm } from '../../../shared/forms/account';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import { signedInOf } from '../accounts/routes';
import type { NewsletterService, TokenOutcome } from './service';

/**
 * The newsletter endpoints of shared/api/contract.ts: confirm and unsubscribe by a mailed token, and
 * the signed-in account's switch. A token answers only `invalid_token` or done: it tells nothing of
 * the address it belongs to.
 */

const json = express.json({ limit: '4kb' });
const langQuery = z.object({ lang: localeSchema.default(DEFAULT_LOCALE) });
const stateBody = z.object({ subscribed: z.boolean() });
const BAD_REQUEST = { error: 'bad_request' } as const;

export function newsletterRoutes({ service, requireSession }: { service: NewsletterService; requireSession: RequestHandler }): express.Router {
  const router = express.Router();

  const byToken = (use: (token: string) => TokenOutcome, status: 'subscribed' | 'unsubscribed'): RequestHandler[] => [
    json,
    (req, res) => {
      const body = tokenForm.safeParse(req.body ?? {});
      if (!body.success) return void res.status(400).json(BAD_REQUEST);
      if (use(body.data.token) === 'done') res.json({ status });
      else res.status(400).json({ error: 'invalid_token' });
    },
  ];

  router.post('/newsletter/confirm', byToken(service.confirm, 'subscribed'));
  router.post('/newsletter/unsubscribe', byToken(service.unsubscribe, 'unsubscribed'));

  router.get('/account/newsletter', requireSession, (_req, res) => {
    const { user } = signedInOf(res);
    res.json(user.verified_at === null ? { subscribed: false } : service.stateOf(user.email));
  });

  router.put('/account/newsletter', requireSession, json, (req, res) => {
    const { user } = signedInOf(res);
    const query = langQuery.safeParse(req.query);
    const body = stateBody.safeParse(req.body ?? {});
    if (!query.success || !body.success) return void res.status(400).json(BAD_REQUEST);
    // Sessions exist only for verified accounts; checked again because the address is subscribed without a mail.
    if (user.verified_at === null) return void res.status(403).json({ error: 'not_verified' });
    res.json(service.setState(user.email, query.data.lang, body.data.subscribed));
  });

  return router;
}
