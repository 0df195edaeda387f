import { data, redirect } from 'react-router';
import type * as z from 'zod/mini';
import type { AccountSubmission, NewsletterState, ResetLinkState } from '../../../shared/api/contract';
import * as forms from '../../../shared/forms/account';
import type { Locale } from '../../../shared/locales';
import type { FormResult, PageMeta } from '../../../shared/page-data';
import { UpstreamError } from '../upstream/client';
import type { AccountApi, AccountResult } from '../upstream/account-api';
import { sameScreen } from './alternates';
import { breadcrumb } from './breadcrumb';
import type { Args } from './loaders';

/** What the account screens (server/site/screens/login.ts, register.ts ...) share: their head, reading and checking a post, calling the account API. */
type AccountRoute = 'login' | 'register' | 'verify' | 'passwordReset' | 'profile' | 'verifyEmail' | 'accountDelete';

export function meta(args: Args, locale: Locale, name: AccountRoute): PageMeta {
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
export function queryToken(request: Request, param = 'token'): string | null {
  const parsed = forms.tokenForm.safeParse({ token: new URL(request.url).searchParams.get(param) ?? '' });
  return parsed.success ? parsed.data.token : null;
}

export async function signedIn(args: Args, locale: Locale): Promise<boolean> {
  const { session, account } = args.context;
  return session !== null && (await account.account(locale, session)).ok;
}

/** After a successful post: a 303, so reloading the next page never posts again. */
export function seeOther(path: string, cookie?: string): Response {
  return redirect(path, { status: 303, headers: cookie ? { 'Set-Cookie': cookie } : undefined });
}

export function formResult(result: FormResult, status = 200) {
  return data(result, { status });
}

/** What the visitor typed, to show again; passwords never travel back. */
export function echo(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !/password/i.test(key)));
}

export async function readForm(request: Request): Promise<Record<string, string>> {
  const body = await request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of body) if (typeof value === 'string') values[key] = value;
  return values;
}

/** Validates a posted form with its schema: the data, or the 400 answer that shows the errors. */
export function validate<S extends z.ZodMiniType>(form: string, schema: S, values: Record<string, string>) {
  const parsed = schema.safeParse(values);
  return parsed.success
    ? ({ ok: true, data: parsed.data as z.infer<S> } as const)
    : ({ ok: false, answer: formResult({ form, errors: forms.fieldErrors(parsed.error), values: echo(values) }, 400) } as const);
}

/** An account call whose upstream failed: the form stays, with a message to try again later. */
export async function attempt<T>(
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
 * What a read of the account API answers, or null when it cannot answer now (the upstream fails, or
 * refuses): the page shows what it can without it.
 */
async function answerOrNull<T>(call: () => Promise<AccountResult<T>>): Promise<T | null> {
  try {
    const result = await call();
    return result.ok ? result.data : null;
  } catch (error) {
    if (error instanceof UpstreamError) return null;
    throw error;
  }
}

/** What a password-reset link can still do, or null when the content API cannot tell now (its form's post will). */
export async function resetLinkState(account: AccountApi, locale: Locale, token: string): Promise<ResetLinkState | null> {
  return (await answerOrNull(() => account.resetLinkStatus(locale, token)))?.status ?? null;
}

/**
 * The visitor's inquiries and service requests, or null when they cannot be listed now (the upstream
 * fails, or does not offer the listing): the rest of the profile works without them.
 */
export const submissionsOf = (account: AccountApi, locale: Locale, session: string): Promise<AccountSubmission[] | null> =>
  answerOrNull(() => account.submissions(locale, session));

/** The visitor's newsletter subscription, or null when it cannot be read now (the rest of the profile works without it). */
export const newsletterOf = (account: AccountApi, locale: Locale, session: string): Promise<NewsletterState | null> =>
  answerOrNull(() => account.newsletter(locale, session));

/** Bots fill every field; people never see this one. Its post is answered as if it succeeded. */
export const HONEYPOT = 'website';
