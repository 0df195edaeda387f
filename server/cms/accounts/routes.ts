import express, { type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import * as z from 'zod/mini';
import { localeSchema } from '../../../shared/api/contract';
import {
  accountDeleteForm,
  emailForm,
  fieldErrors,
  loginForm,
  passwordChangeForm,
  passwordResetForm,
  profileForm,
  registerForm,
  tokenForm,
} from '../../../shared/forms/account';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales';
import type { BackgroundTasks } from '../background';
import type { AccountService, LoginClient, SignedIn } from './service';

/**
 * The account endpoints of shared/api/contract.ts. Bodies are JSON of at most 16 kB, validated with
 * the same form schemas the site's forms use (unknown fields are dropped); `lang` picks the language
 * of the mails sent and is the default locale when absent.
 */

const BODY_LIMIT = '16kb';
const langQuery = z.object({ lang: localeSchema.default(DEFAULT_LOCALE) });
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

const ACCEPTED = { status: 'accepted' } as const;
const UNAUTHORIZED = { error: 'unauthorized' } as const;

type Handler<T> = (input: T, lang: Locale, req: Request, res: Response) => unknown;

export function accountRoutes({ service, background }: { service: AccountService; background: BackgroundTasks }): express.Router {
  const router = express.Router();
  const json = express.json({ limit: BODY_LIMIT });

  /** Parses `lang` and the body; a problem is answered with 400 and the fields' message keys. */
  const withBody = <S extends z.ZodMiniType>(schema: S, handle: Handler<z.infer<S>>): RequestHandler[] => [
    json,
    async (req, res) => {
      const query = langQuery.safeParse(req.query);
      if (!query.success) return void res.status(400).json({ error: 'bad_request' });
      const body = schema.safeParse(req.body ?? {});
      if (!body.success) return void res.status(400).json({ error: 'bad_request', fields: fieldErrors(body.error) });
      await handle(body.data, query.data.lang, req, res);
    },
  ];

  const requireSession = sessionGuard(service);

  // The three endpoints that must not tell whether an address has an account answer first and do
  // the work afterwards, so even their timing is the same for known and unknown addresses.
  router.post(
    '/auth/register',
    withBody(registerForm, (input, lang, _req, res) => {
      background.run('register', () => service.register(lang, input));
      res.status(202).json(ACCEPTED);
    }),
  );
  router.post(
    '/auth/resend-verification',
    withBody(emailForm, ({ email }, lang, _req, res) => {
      background.run('resend-verification', () => service.resendVerification(lang, email));
      res.status(202).json(ACCEPTED);
    }),
  );
  router.post(
    '/auth/password-reset',
    withBody(emailForm, ({ email }, lang, _req, res) => {
      background.run('password-reset', () => service.requestPasswordReset(lang, email));
      res.status(202).json(ACCEPTED);
    }),
  );

  router.post(
    '/auth/verify-email',
    withBody(tokenForm, ({ token }, _lang, _req, res) => {
      const outcome = service.verifyEmail(token);
      if (outcome === 'invalid') res.status(400).json({ error: 'invalid_token' });
      else res.json({ status: outcome });
    }),
  );

  router.post(
    '/auth/password-reset/status',
    withBody(tokenForm, ({ token }, _lang, _req, res) => void res.json({ status: service.resetLinkStatus(token) })),
  );

  router.post(
    '/auth/password-reset/confirm',
    withBody(passwordResetForm, async (input, lang, req, res) => {
      const outcome = await service.confirmPasswordReset(lang, input, clientOf(req));
      if (outcome === 'changed') res.json({ status: 'password_changed' });
      else if (outcome === 'used') res.status(409).json({ error: 'token_used' });
      else res.status(400).json({ error: 'invalid_token' });
    }),
  );

  router.post(
    '/auth/login',
    withBody(loginForm, async ({ unlock, ...input }, _lang, req, res) => {
      const result = await service.login(input, { ...clientOf(req), unlock });
      if (result.ok) return void res.json(result.session);
      if (result.error === 'too_many_attempts') return void tooManyAttempts(res, result.retryAfter);
      res.status(result.error === 'not_verified' ? 403 : 401).json({ error: result.error });
    }),
  );

  // Ending a session that is already gone is not an error: the visitor is signed out either way.
  router.post('/auth/logout', (req, res) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    if (token !== undefined) service.logout(token);
    res.status(204).end();
  });

  router.get('/account', requireSession, (_req, res) => {
    res.json(service.account(signedInOf(res).user));
  });

  router.put(
    '/account',
    requireSession,
    withBody(profileForm, (profile, _lang, _req, res) => {
      res.json(service.updateProfile(signedInOf(res).user, profile));
    }),
  );

  // A signed-in visitor's form post carries one, so the account lists that submission (forms/service.ts).
  router.post('/account/submission-grants', requireSession, (_req, res) => {
    res.status(201).json({ grant: service.submissionGrant(signedInOf(res)) });
  });

  router.put(
    '/account/password',
    requireSession,
    withBody(passwordChangeForm, async (input, lang, req, res) => {
      const result = await service.changePassword(lang, signedInOf(res), input, clientOf(req));
      if (result.ok) return void res.status(204).end();
      if (result.error === 'too_many_attempts') return void tooManyAttempts(res, result.retryAfter);
      res.status(400).json({ error: 'wrong_password' });
    }),
  );

  router.get('/account/export', requireSession, (_req, res) => {
    res.json(service.exportData(signedInOf(res).user));
  });

  router.post(
    '/account/delete',
    requireSession,
    withBody(accountDeleteForm, async ({ password }, _lang, req, res) => {
      const result = await service.deleteAccount(signedInOf(res), password, clientOf(req));
      if (result.ok) return void res.status(204).end();
      if (result.error === 'too_many_attempts') return void tooManyAttempts(res, result.retryAfter);
      res.status(400).json({ error: 'wrong_password' });
    }),
  );

  return router;
}

/** Requires `Authorization: Bearer <session token>` of a live session; `signedInOf` then names its user. */
export function sessionGuard(service: Pick<AccountService, 'signedIn'>): RequestHandler {
  return (req, res, next) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    const signedIn = token === undefined ? undefined : service.signedIn(token);
    if (!signedIn) return void res.status(401).json(UNAUTHORIZED);
    res.locals.signedIn = signedIn;
    next();
  };
}

export const signedInOf = (res: Response) => res.locals.signedIn as SignedIn;

/**
 * The visitor's address for the login limits: `req.ip`, which the app's `trust proxy` takes from
 * the X-Forwarded-For of a trusted BFF only (CMS_TRUST_PROXY), else the connecting address. An IPv6
 * client counts by its /56, as in the BFF's own limits: one subscriber may hold the whole range.
 */
function clientOf(req: Request): LoginClient {
  return { address: ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown', 56) };
}

function tooManyAttempts(res: Response, retryAfter: number): void {
  res.set('Retry-After', String(retryAfter));
  res.status(429).json({ error: 'too_many_attempts', retryAfter });
}
