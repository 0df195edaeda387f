import express, { type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import * as z from 'zod/mini';
import { STAFF_LOCALES, staffCan, type StaffLocale, type StaffPermission } from '../../../shared/api/staff';
import { fieldErrors } from '../../../shared/forms/fields';
import { staffCodeForm, staffInvitationAcceptForm, staffInviteForm, staffLoginForm, staffMemberForm, staffProfileForm } from '../../../shared/forms/staff';
import type { Actor, SignedInStaff, StaffClient, StaffService } from './service';
import { toStaffMember } from './store';

/**
 * The staff endpoints of shared/api/staff.ts: sign-in, the member's own session and profile, and the
 * owners' management of the team and reading of the audit log. Bodies are JSON of at most 16 kB,
 * validated with shared/forms/staff.ts. The leads' endpoints are ../leads/routes.ts, behind the same guard.
 */

const BODY_LIMIT = '16kb';
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;
const UNAUTHORIZED = { error: 'unauthorized' } as const;
const FORBIDDEN = { error: 'forbidden' } as const;
const AUDIT_PER_PAGE = 50;

const langQuery = z.object({ lang: z._default(z.enum(STAFF_LOCALES), 'sl') });
const idParam = z.object({ id: z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number)) });
const auditQuery = z.object({
  page: z._default(z.pipe(z.string().check(z.regex(/^\d{1,6}$/)), z.transform(Number)), 1),
  member: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number))),
  lead: z.optional(z.string().check(z.maxLength(100))),
});

export const json = express.json({ limit: BODY_LIMIT });

/** Parses the body with a form schema; a problem is a 400 with the fields' message keys. */
/** `limit`: a body larger than the staff area's usual posts may be (an edited page of rich text). */
export function withBody<S extends z.ZodMiniType>(
  schema: S,
  handle: (input: z.infer<S>, req: Request, res: Response) => unknown,
  limit?: string,
): RequestHandler[] {
  return [
    limit ? express.json({ limit }) : json,
    async (req, res) => {
      // JSON only: a body of another type is left unread, and an empty object is a valid form for some (no assignee).
      if (req.is('application/json') === false) return void res.status(415).json({ error: 'unsupported_type' });
      const body = schema.safeParse(req.body ?? {});
      if (!body.success) return void res.status(400).json({ error: 'bad_request', fields: fieldErrors(body.error) });
      await handle(body.data, req, res);
    },
  ];
}

/** Requires a live staff session (never a visitor's); `staffOf` then names its member. */
export function staffGuard(service: Pick<StaffService, 'signedIn'>, permission?: StaffPermission): RequestHandler {
  return (req, res, next) => {
    const token = BEARER.exec(req.get('authorization') ?? '')?.[1];
    const signedIn = token === undefined ? undefined : service.signedIn(token);
    if (!signedIn) return void res.status(401).json(UNAUTHORIZED);
    if (permission && !staffCan(signedIn.member.role, permission)) return void res.status(403).json(FORBIDDEN);
    res.locals.staff = signedIn;
    next();
  };
}

export const staffOf = (res: Response) => res.locals.staff as SignedInStaff;
export const actorOf = (res: Response): Actor => ({ id: staffOf(res).member.id, name: staffOf(res).member.name });

/** The member's address for the sign-in limits, as for visitors' logins (accounts/routes.ts). */
function clientOf(req: Request): StaffClient {
  return { address: ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown', 56) };
}

function tooManyAttempts(res: Response, retryAfter: number): void {
  res.set('Retry-After', String(retryAfter));
  res.status(429).json({ error: 'too_many_attempts', retryAfter });
}

export function staffRoutes({ service }: { service: StaffService }): express.Router {
  const router = express.Router();
  const signedIn = staffGuard(service);
  const owner = staffGuard(service, 'staff');

  router.post(
    '/staff/auth/login',
    withBody(staffLoginForm, async (input, req, res) => {
      const result = await service.login(input, clientOf(req));
      if (result.ok) return void res.json(result.step);
      if (result.error === 'too_many_attempts') return void tooManyAttempts(res, result.retryAfter);
      res.status(401).json({ error: result.error });
    }),
  );
  router.post(
    '/staff/auth/code',
    withBody(staffCodeForm, (input, req, res) => {
      const result = service.code(input, clientOf(req));
      if (result.ok) res.json(result.value);
      else res.status(401).json({ error: result.error });
    }),
  );
  router.post(
    '/staff/auth/enrol',
    withBody(staffCodeForm, (input, req, res) => {
      const result = service.enrol(input, clientOf(req));
      if (result.ok) res.json(result.value);
      else res.status(401).json({ error: result.error });
    }),
  );
  router.get('/staff/auth/invitation', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const invitation = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? service.invitation(token) : undefined;
    if (invitation) res.json(invitation);
    else res.status(404).json({ error: 'not_found' });
  });
  router.post(
    '/staff/auth/invitation',
    withBody(staffInvitationAcceptForm, async (input, req, res) => {
      const step = await service.acceptInvitation(input, langOf(req));
      if (step) res.json(step);
      else res.status(400).json({ error: 'invalid_token' });
    }),
  );
  router.post('/staff/auth/logout', signedIn, (_req, res) => {
    service.logout(staffOf(res));
    res.status(204).end();
  });
  router.post('/staff/auth/logout-everywhere', signedIn, (_req, res) => {
    service.logoutEverywhere(staffOf(res));
    res.status(204).end();
  });

  router.get('/staff/me', signedIn, (_req, res) => {
    res.json(toStaffMember(staffOf(res).member));
  });
  router.put(
    '/staff/me',
    signedIn,
    withBody(staffProfileForm, (input, _req, res) => {
      res.json(service.updateProfile(staffOf(res), input));
    }),
  );

  router.get('/staff/members', owner, (_req, res) => {
    res.json(service.team());
  });
  router.post(
    '/staff/invitations',
    owner,
    withBody(staffInviteForm, (input, _req, res) => {
      const { expiresAt } = service.invite(actorOf(res), input, { lang: staffOf(res).member.locale, mail: true });
      res.status(201).json({ expiresAt });
    }),
  );
  router.put(
    '/staff/members/:id',
    owner,
    withBody(staffMemberForm, (input, req, res) => {
      const id = idParam.safeParse(req.params);
      if (!id.success) return void res.status(404).json({ error: 'not_found' });
      const result = service.updateMember(actorOf(res), id.data.id, input);
      if (result === 'not_found') res.status(404).json({ error: 'not_found' });
      else if (result === 'last_owner') res.status(409).json({ error: 'last_owner' });
      else res.json(result);
    }),
  );
  router.post('/staff/members/:id/reset-two-factor', owner, (req, res) => {
    const id = idParam.safeParse(req.params);
    if (id.success && service.resetTwoFactor(actorOf(res), id.data.id)) res.status(204).end();
    else res.status(404).json({ error: 'not_found' });
  });
  router.get('/staff/audit', staffGuard(service, 'audit'), (req, res) => {
    const query = auditQuery.safeParse(req.query);
    if (!query.success) return void res.status(400).json({ error: 'bad_request' });
    const { page, member, lead } = query.data;
    res.json({ ...service.auditPage({ member: member ?? null, lead: lead ?? null }, page, AUDIT_PER_PAGE), page, perPage: AUDIT_PER_PAGE });
  });
  router.get('/staff/assignees', staffGuard(service, 'leads'), (_req, res) => {
    res.json(service.assignees());
  });

  return router;
}

/** The language of the staff screens the request came from (`?lang=`), Slovenian by default. */
export function langOf(req: Request): StaffLocale {
  const query = langQuery.safeParse(req.query);
  return query.success ? query.data.lang : 'sl';
}
