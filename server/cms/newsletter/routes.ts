import express, { type RequestHandler } from 'express';
import * as z from 'zod/mini';
import { localeSchema } from '../../../shared/api/contract';
import { tokenForm } from '../../../shared/forms/account';
import { DEFAULT_LOCALE } from '../../../shared/locales';
import { signedInOf } from '../accounts/routes';
import type { ConfirmOutcome, NewsletterService } from './service';

/**
 * The newsletter endpoints of shared/api/contract.ts: confirm and unsubscribe by a mailed token, and
 * the signed-in account's switch. A token answers `invalid_token`, done, or (a confirmation link used
 * again) that it is done already: it tells nothing of the address beyond what its own inbox knows.
 */

const json = express.json({ limit: '4kb' });
const langQuery = z.object({ lang: localeSchema.default(DEFAULT_LOCALE) });
const stateBody = z.object({ subscribed: z.boolean() });
const BAD_REQUEST = { error: 'bad_request' } as const;

export function newsletterRoutes({ service, requireSession }: { service: NewsletterService; requireSession: RequestHandler }): express.Router {
  const router = express.Router();

  const byToken = (use: (token: string) => ConfirmOutcome, status: 'subscribed' | 'unsubscribed'): RequestHandler[] => [
    json,
    (req, res) => {
      const body = tokenForm.safeParse(req.body ?? {});
      if (!body.success) return void res.status(400).json(BAD_REQUEST);
      const outcome = use(body.data.token);
      if (outcome === 'done') res.json({ status });
      else if (outcome === 'already') res.json({ status: 'already_subscribed' });
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
