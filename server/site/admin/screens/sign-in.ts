import { staffCodeForm, staffInvitationAcceptForm, staffLoginForm } from '../../../../shared/forms/staff';
import { fieldErrors } from '../../../../shared/forms/fields';
import { adminPath, safeNext } from '../../../../shared/admin/routes';
import type { StaffLoginStep } from '../../../../shared/api/staff';
import { errorsOf, postedFields, refused, seeOther } from '../answers';
import type { AdminArgs, AdminScreenModule } from '../context';
import { clearRecovery, clearStep, readRecoveryCodes, readStep, recoveryCookie, staffSessionCookie, stepCookie } from '../cookies';
import { qrCode } from '../qr';

/**
 * The way in: the password, then a code from the app (or setting the app up, the first time), the
 * recovery codes shown once, and the invitation that makes a member. Each step's state is a cookie of
 * the staff area (server/site/admin/cookies.ts); the content API decides everything.
 */

const nextOf = (request: Request) => safeNext(new URL(request.url).searchParams.get('next'));
/** The step's screen, carrying where to go afterwards. */
const stepPath = (step: StaffLoginStep, next: string) => adminPath(step.step === 'code' ? 'code' : 'enrol', {}, { next });

export const login: AdminScreenModule<'login'> = {
  async loader({ request, context }) {
    if (context.member) return seeOther(nextOf(request));
    return { next: nextOf(request) };
  },
  async action({ request, context }) {
    const values = await postedFields(request);
    const input = staffLoginForm.safeParse(values);
    const shown = { email: values.email ?? '' };
    if (!input.success) return refused({ values: shown, errors: fieldErrors(input.error) });
    const result = await context.staff.login(input.data, context.client);
    if (result.ok) return seeOther(stepPath(result.data, nextOf(request)), [stepCookie(result.data, context.https)]);
    if (result.status === 429) return refused({ values: shown, errors: { form: 'errors.tooManyAttempts' }, retryAfter: result.retryAfter }, 429);
    return refused({ values: shown, errors: errorsOf(result, 'errors.invalidCredentials') }, result.status === 401 ? 401 : 400);
  },
};

/** The second step's post: the code checked by `check`; a session on success. */
async function codeAction({ request, context }: AdminArgs, enrolling: boolean) {
  const step = readStep(context.cookies);
  if (!step || (step.step === 'enrol') !== enrolling) return seeOther(adminPath('login', {}, { next: nextOf(request) }));
  const input = staffCodeForm.safeParse({ challenge: step.challenge, code: (await postedFields(request)).code ?? '' });
  if (!input.success) return refused({ errors: fieldErrors(input.error) });
  if (enrolling) {
    const result = await context.staff.enrol(input.data, context.client);
    if (!result.ok) return refused({ errors: { code: 'errors.wrongCode' } }, 401);
    return seeOther(adminPath('recoveryCodes', {}, { next: nextOf(request) }), [
      staffSessionCookie(result.data.token, context.https),
      clearStep(context.https),
      recoveryCookie(result.data.recoveryCodes, context.https),
    ]);
  }
  const result = await context.staff.code(input.data, context.client);
  if (!result.ok) return refused({ errors: { code: 'errors.wrongCode' } }, 401);
  return seeOther(nextOf(request), [staffSessionCookie(result.data.token, context.https), clearStep(context.https)]);
}

export const code: AdminScreenModule<'code'> = {
  async loader({ request, context }) {
    const step = readStep(context.cookies);
    if (step?.step !== 'code') return seeOther(adminPath('login', {}, { next: nextOf(request) }));
    return { expiresAt: step.expiresAt };
  },
  action: (args) => codeAction(args, false),
};

export const enrol: AdminScreenModule<'enrol'> = {
  async loader({ request, context }) {
    const step = readStep(context.cookies);
    if (step?.step !== 'enrol') return seeOther(adminPath('login', {}, { next: nextOf(request) }));
    return { secret: step.secret, uri: step.uri, qr: qrCode(step.uri) };
  },
  action: (args) => codeAction(args, true),
};

export const recoveryCodes: AdminScreenModule<'recoveryCodes'> = {
  async loader({ request, context }) {
    const codes = readRecoveryCodes(context.cookies);
    return codes ? { codes } : seeOther(nextOf(request));
  },
  /** "I have kept them": the codes are not shown again. */
  async action({ request, context }) {
    return seeOther(nextOf(request), [clearRecovery(context.https)]);
  },
};

export const invitation: AdminScreenModule<'invitation'> = {
  async loader({ request, context }) {
    const token = new URL(request.url).searchParams.get('token') ?? '';
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) return { invitation: null, token: '' };
    const result = await context.staff.invitation(token);
    return { invitation: result.ok ? result.data : null, token };
  },
  async action({ context, request }) {
    const values = await postedFields(request);
    const input = staffInvitationAcceptForm.safeParse(values);
    const shown = { name: values.name ?? '' };
    if (!input.success) return refused({ values: shown, errors: fieldErrors(input.error) });
    const result = await context.staff.acceptInvitation(input.data, context.locale);
    if (!result.ok) return refused({ values: shown, errors: errorsOf(result, 'errors.invitationInvalid') });
    return seeOther(stepPath(result.data, adminPath('inbox')), [stepCookie(result.data, context.https)]);
  },
};
