import { z } from 'zod';
import * as c from '../../shared/api/contract';
import type { Locale } from '../../shared/locales';
import type { UpstreamClient } from './client';

/** An account call's outcome: the answer, or the contract's error code with its status. */
export type AccountResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; retryAfter?: number };

const errorSchema = z.object({ error: z.string(), retryAfter: z.number().optional() });
const submissionsSchema = z.array(c.accountSubmissionSchema);
const grantSchema = z.object({ grant: z.string().min(20) });

/** The account endpoints of the contract, typed: what account loaders and actions call. */
export function accountApi(client: UpstreamClient) {
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: S,
    opts: { lang: Locale; body?: unknown; session?: string; client?: string | null },
  ): Promise<AccountResult<z.infer<S>>> {
    const headers: Record<string, string> = {};
    if (opts.session) headers.authorization = `Bearer ${opts.session}`;
    // The content API counts sign-in attempts per visitor, not per BFF: it trusts this header from
    // the BFF's addresses only (CMS_TRUST_PROXY), and the value is the BFF's own `req.ip`, never
    // an X-Forwarded-For the visitor sent.
    if (opts.client) headers['x-forwarded-for'] = opts.client;
    const { status, json } = await client.send(method, path, opts.body, { params: { lang: opts.lang }, headers });
    if (status < 300) return { ok: true, data: client.parse(path, schema, json) };
    const error = client.parse(path, errorSchema, json);
    return { ok: false, status, error: error.error, retryAfter: error.retryAfter };
  }
  const none = z.null();
  return {
    register: (lang: Locale, body: { email: string; password: string; name: string }) => call('POST', 'auth/register', c.authAcceptedSchema, { lang, body }),
    resendVerification: (lang: Locale, email: string) => call('POST', 'auth/resend-verification', c.authAcceptedSchema, { lang, body: { email } }),
    verifyEmail: (lang: Locale, token: string) => call('POST', 'auth/verify-email', c.statusSchema, { lang, body: { token } }),
    login: (lang: Locale, body: { email: string; password: string; unlock?: string }, client: string | null) =>
      call('POST', 'auth/login', c.sessionSchema, { lang, body, client }),
    logout: (lang: Locale, session: string) => call('POST', 'auth/logout', none, { lang, session, body: {} }),
    requestPasswordReset: (lang: Locale, email: string) => call('POST', 'auth/password-reset', c.authAcceptedSchema, { lang, body: { email } }),
    confirmPasswordReset: (lang: Locale, body: { token: string; password: string }, client: string | null) =>
      call('POST', 'auth/password-reset/confirm', c.statusSchema, { lang, body, client }),
    account: (lang: Locale, session: string) => call('GET', 'account', c.accountUserSchema, { lang, session }),
    /**
     * A single-use grant that a form posted now comes from this signed-in visitor: it travels with the
     * submission, so their account lists it (the content API checks it against the form's address).
     */
    submissionGrant: (lang: Locale, session: string) => call('POST', 'account/submission-grants', grantSchema, { lang, session, body: {} }),
    /** The signed-in visitor's inquiries and service requests, newest first. */
    submissions: (lang: Locale, session: string) => call('GET', 'account/submissions', submissionsSchema, { lang, session }),
    updateAccount: (lang: Locale, session: string, body: Omit<c.AccountUser, 'id' | 'email' | 'createdAt'>) =>
      call('PUT', 'account', c.accountUserSchema, { lang, session, body }),
    changePassword: (lang: Locale, session: string, body: { currentPassword: string; newPassword: string }, client: string | null) =>
      call('PUT', 'account/password', none, { lang, session, body, client }),
  };
}

export type AccountApi = ReturnType<typeof accountApi>;
