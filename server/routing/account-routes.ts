import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type * as z from 'zod/mini';
import type { AccountSubmission, NewsletterState } from '../../shared/api/contract';
import * as forms from '../../shared/forms/account';
import type { Locale } from '../../shared/locales';
import type { FormResult, PageMeta, ScreenData } from '../../shared/page-data';
import { pathTo } from '../../shared/routes';
import { clearSessionCookie, sessionCookie } from '../request/session-cookie';
import { UpstreamError } from '../upstream/client';
import type { AccountApi, AccountResult } from '../upstream/account-api';
import { sameScreen } from './alternates';
import { breadcrumb } from './breadcrumb';
import type { LoaderContext } from './loader-context';

type Args = Omit<LoaderFunctionArgs | ActionFunctionArgs, 'context'> & { context: LoaderContext };
type AccountRoute = 'login' | 'register' | 'verify' | 'passwordReset' | 'profile' | 'verifyEmail' | 'accountDelete';

function meta(args: Args, locale: Locale, name: AccountRoute): PageMeta {
  const { t } = args.context;
  const title = t(`account.${name}.title`);
  return {
    title,
    description: t(`account.${name}.description`),
    alternates: sameScreen(name),
    breadcrumb: breadcrumb(t, locale, { title }),
  };
}

/** A token from a mail link, when it has the right shape (anything else is as good as none). */
function queryToken(request: Request, param = 'token'): string | null {
  const parsed = forms.tokenForm.safeParse({ token: new URL(request.url).searchParams.get(param) ?? '' });
  return parsed.success ? parsed.data.token : null;
}

async function signedIn(args: Args, locale: Locale): Promise<boolean> {
  const { session, account } = args.context;
  return session !== null && (await account.account(locale, session)).ok;
}

/** After a successful post: a 303, so reloading the next page never posts again. */
function seeOther(path: string, cookie?: string): Response {
  return redirect(path, { status: 303, headers: cookie ? { 'Set-Cookie': cookie } : undefined });
}

function formResult(result: FormResult, status = 200) {
  return data(result, { status });
}

/** What the visitor typed, to show again; passwords never travel back. */
function echo(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !/password/i.test(key)));
}

async function readForm(request: Request): Promise<Record<string, string>> {
  const body = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of body) if (typeof value === 'string') values[key] = value;
  return values;
}

/** Validates a posted form with its schema: the data, or the 400 answer that shows the errors. */
function validate<S extends z.ZodMiniType>(form: string, schema: S, values: Record<string, string>) {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? ({ ok: true, data: parsed.data as z.infer<S> } as const)
    : ({ ok: false, answer: formResult({ form, errors: forms.fieldErrors(parsed.error), values: echo(values) }, 400) } as const);
}

/** An account call whose upstream failed: the form stays, with a message to try again later. */
async function attempt<T>(
  form: string,
  values: Record<string, string>,
  call: () => Promise<AccountResult<T>>,
): Promise<{ ok: true; result: AccountResult<T> } | { ok: false; answer: ReturnType<typeof formResult> }> {
  try {
    return { ok: true, result: await call() };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return { ok: false, answer: formResult({ form, errors: { form: 'form.errors.unavailable' }, values: echo(values) }, 503) };
  }
}

/**
 * The visitor's inquiries and service requests, or null when they cannot be listed now (the upstream
 * fails, or does not offer the listing): the rest of the profile works without them.
 */
async function submissionsOf(account: AccountApi, locale: Locale, session: string): Promise<AccountSubmission[] | null> {
  try {
    const result = await account.submissions(locale, session);
    return result.ok ? result.data : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/** The visitor's newsletter subscription, or null when it cannot be read now (the rest of the profile works without it). */
async function newsletterOf(account: AccountApi, locale: Locale, session: string): Promise<NewsletterState | null> {
  try {
    const result = await account.newsletter(locale, session);
    return result.ok ? result.data : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/** Bots fill every field; people never see this one. Its post is answered as if it succeeded. */
const HONEYPOT = 'website';

export const accountLoaders: { [N in AccountRoute]: (args: Args, locale: Locale) => Promise<ScreenData<N>> } = {
  async login(args, locale) {
    if (await signedIn(args, locale)) throw redirect(pathTo('profile', locale));
    // Shown for any token of the right shape: whether it is valid is for the sign-in to find out.
    return { unlock: queryToken(args.request, 'unlock'), meta: meta(args, locale, 'login') };
  },
  async register(args, locale) {
    if (await signedIn(args, locale)) throw redirect(pathTo('profile', locale));
    return { meta: meta(args, locale, 'register') };
  },
  async verify(args, locale) {
    return { meta: meta(args, locale, 'verify') };
  },
  async verifyEmail(args, locale) {
    return { token: queryToken(args.request), meta: meta(args, locale, 'verifyEmail') };
  },
  async passwordReset(args, locale) {
    return { token: queryToken(args.request), meta: meta(args, locale, 'passwordReset') };
  },
  async profile(args, locale) {
    const { session, account, secure } = args.context;
    const login = pathTo('login', locale);
    if (!session) throw redirect(login);
    const [result, submissions, newsletter] = await Promise.all([
      account.account(locale, session),
      submissionsOf(account, locale, session),
      newsletterOf(account, locale, session),
    ]);
    if (!result.ok) throw redirect(login, { headers: { 'Set-Cookie': clearSessionCookie(secure) } });
    return { user: result.data, submissions, newsletter, meta: meta(args, locale, 'profile') };
  },
  async accountDelete(args, locale) {
    if (await signedIn(args, locale)) return { deleted: false, meta: meta(args, locale, 'accountDelete') };
    // Only signed out is the confirmation shown; anyone else who comes here must sign in first.
    if (new URL(args.request.url).searchParams.has('deleted')) return { deleted: true, meta: meta(args, locale, 'accountDelete') };
    throw redirect(pathTo('login', locale));
  },
};

export const accountActions: { [N in AccountRoute]: (args: Args, locale: Locale) => Promise<unknown> } = {
  async login(args, locale) {
    const values = await readForm(args.request);
    const form = validate('login', forms.loginForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('login', values, () => args.context.account.login(locale, form.data, args.context.clientAddress));
    if (!call.ok) return call.answer;
    const { result } = call;
    if (result.ok) return seeOther(pathTo('profile', locale), sessionCookie(result.data.token, result.data.expiresAt, args.context.secure));
    const error =
      result.error === 'not_verified'
        ? 'form.errors.notVerified'
        : result.error === 'too_many_attempts'
          ? 'form.errors.tooManyAttempts'
          : 'form.errors.invalidCredentials';
    return formResult({ form: 'login', errors: { form: error }, values: echo(values) }, result.status === 429 ? 429 : 400);
  },

  async register(args, locale) {
    const values = await readForm(args.request);
    if (values[HONEYPOT]) return formResult({ form: 'register', done: 'account.register.done' });
    const form = validate('register', forms.registerForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('register', values, () => args.context.account.register(locale, form.data));
    if (!call.ok) return call.answer;
    return formResult({ form: 'register', done: 'account.register.done' });
  },

  async verify(args, locale) {
    const values = await readForm(args.request);
    const form = validate('verify', forms.emailForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('verify', values, () => args.context.account.resendVerification(locale, form.data.email));
    if (!call.ok) return call.answer;
    return formResult({ form: 'verify', done: 'account.verify.done' });
  },

  async verifyEmail(args, locale) {
    const values = await readForm(args.request);
    const form = validate('verifyEmail', forms.tokenForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('verifyEmail', values, () => args.context.account.verifyEmail(locale, form.data.token));
    if (!call.ok) return call.answer;
    if (!call.result.ok) return formResult({ form: 'verifyEmail', errors: { form: 'form.errors.token' } }, 400);
    // A link used again (or after a newer one, or a password reset): the address is verified, sign in.
    return formResult({
      form: 'verifyEmail',
      done: call.result.data.status === 'already_verified' ? 'account.verifyEmail.already' : 'account.verifyEmail.done',
    });
  },

  async passwordReset(args, locale) {
    const values = await readForm(args.request);
    if (values.token !== undefined) {
      const form = validate('passwordReset', forms.passwordResetForm, values);
      if (!form.ok) return form.answer;
      const call = await attempt('passwordReset', values, () => args.context.account.confirmPasswordReset(locale, form.data, args.context.clientAddress));
      if (!call.ok) return call.answer;
      if (call.result.ok) return formResult({ form: 'passwordReset', done: 'account.passwordReset.changed' });
      // A link used before: said so (the page offers a new link and the sign-in), never "invalid".
      const used = call.result.status === 409;
      return formResult(
        { form: 'passwordReset', errors: { form: used ? 'form.errors.tokenUsed' : 'form.errors.token' }, values: echo(values) },
        used ? 409 : 400,
      );
    }
    const form = validate('passwordResetRequest', forms.emailForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('passwordResetRequest', values, () => args.context.account.requestPasswordReset(locale, form.data.email));
    if (!call.ok) return call.answer;
    return formResult({ form: 'passwordResetRequest', done: 'account.passwordReset.sent' });
  },

  async profile(args, locale) {
    const { session, account, secure } = args.context;
    if (!session) return seeOther(pathTo('login', locale));
    const values = await readForm(args.request);
    switch (values.intent) {
      case 'logout': {
        await account.logout(locale, session).catch(() => undefined);
        return seeOther(pathTo('login', locale), clearSessionCookie(secure));
      }
      case 'password': {
        const form = validate('password', forms.passwordChangeForm, values);
        if (!form.ok) return form.answer;
        const call = await attempt('password', values, () => account.changePassword(locale, session, form.data, args.context.clientAddress));
        if (!call.ok) return call.answer;
        if (call.result.ok) return formResult({ form: 'password', done: 'account.profile.passwordChanged' });
        if (call.result.status === 401) return seeOther(pathTo('login', locale), clearSessionCookie(secure));
        // Wrong current passwords count towards the login limits: a stolen session cannot guess it.
        if (call.result.status === 429) return formResult({ form: 'password', errors: { currentPassword: 'form.errors.tooManyAttempts' } }, 429);
        return formResult({ form: 'password', errors: { currentPassword: 'form.errors.wrongPassword' } }, 400);
      }
      case 'newsletter': {
        // The account's own, verified address: switched at once, no confirmation mail.
        const call = await attempt('newsletter', values, () => account.setNewsletter(locale, session, values.subscribed === 'true'));
        if (!call.ok) return call.answer;
        if (call.result.ok)
          return formResult({
            form: 'newsletter',
            done: call.result.data.subscribed ? 'account.profile.newsletter.subscribed' : 'account.profile.newsletter.unsubscribed',
          });
        return seeOther(pathTo('login', locale), clearSessionCookie(secure));
      }
      default: {
        const form = validate('profile', forms.profileForm, values);
        if (!form.ok) return form.answer;
        const call = await attempt('profile', values, () => account.updateAccount(locale, session, form.data));
        if (!call.ok) return call.answer;
        if (call.result.ok) return formResult({ form: 'profile', done: 'account.profile.saved' });
        return seeOther(pathTo('login', locale), clearSessionCookie(secure));
      }
    }
  },

  async accountDelete(args, locale) {
    const { session, account, secure } = args.context;
    if (!session) return seeOther(pathTo('login', locale));
    const values = await readForm(args.request);
    const form = validate('accountDelete', forms.accountDeleteForm, values);
    if (!form.ok) return form.answer;
    const call = await attempt('accountDelete', values, () => account.deleteAccount(locale, session, form.data, args.context.clientAddress));
    if (!call.ok) return call.answer;
    // The session ended with the account: the cookie goes too, and the confirmation is shown signed out.
    if (call.result.ok) return seeOther(`${pathTo('accountDelete', locale)}?deleted=1`, clearSessionCookie(secure));
    if (call.result.status === 401) return seeOther(pathTo('login', locale), clearSessionCookie(secure));
    // Wrong passwords count towards the login lockout, as for a password change.
    if (call.result.status === 429) return formResult({ form: 'accountDelete', errors: { password: 'form.errors.tooManyAttempts' } }, 429);
    return formResult({ form: 'accountDelete', errors: { password: 'account.accountDelete.wrongPassword' } }, 400);
  },
};
