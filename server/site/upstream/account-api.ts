import { z } from 'zod';
import * as c from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { UpstreamClient } from './client';

/** An account call's outcome: the answer, or the contract's error code with its status. */
export type AccountResult<T> = { ok: true; data: T } | { ok: false; status: number; error: string; retryAfter?: number };

const errorSchema = z.object({ error: z.string(), retryAfter: z.number().optional() });
const submissionsSchema = z.array(c.accountSubmissionSchema);
const grantSchema = z.object({ grant: z.string().min(20) });

/** The account endpoints of the contract (and the newsletter's, whose consent an account switches too), typed. */
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
    resetLinkStatus: (lang: Locale, token: string) => call('POST', 'auth/password-reset/status', c.resetLinkStatusSchema, { lang, body: { token } }),
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
    /** A thumbnail of photo `n` of one of the visitor's own submissions; null when it is not theirs, or not there. */
    async photoThumbnail(session: string, submissionId: string, n: number): Promise<Buffer | null> {
      const path = `account/submissions/${encodeURIComponent(submissionId)}/photos/${n}/thumbnail`;
      const { status, type, bytes } = await client.getBytes(path, { headers: { authorization: `Bearer ${session}` } });
      return status === 200 && type.startsWith('image/jpeg') ? bytes : null;
    },
    updateAccount: (lang: Locale, session: string, body: Omit<c.AccountUser, 'id' | 'email' | 'createdAt'>) =>
      call('PUT', 'account', c.accountUserSchema, { lang, session, body }),
    changePassword: (lang: Locale, session: string, body: { currentPassword: string; newPassword: string }, client: string | null) =>
      call('PUT', 'account/password', none, { lang, session, body, client }),
    /** The signed-in visitor's newsletter subscription, and its switch. */
    newsletter: (lang: Locale, session: string) => call('GET', 'account/newsletter', c.newsletterStateSchema, { lang, session }),
    setNewsletter: (lang: Locale, session: string, subscribed: boolean) =>
      call('PUT', 'account/newsletter', c.newsletterStateSchema, { lang, session, body: { subscribed } }),
    /** The links of the newsletter's mails (no session: the token is the authority). */
    confirmNewsletter: (lang: Locale, token: string) => call('POST', 'newsletter/confirm', c.statusSchema, { lang, body: { token } }),
    unsubscribeNewsletter: (lang: Locale, token: string) => call('POST', 'newsletter/unsubscribe', c.statusSchema, { lang, body: { token } }),
    /** Everything the content API holds about the signed-in visitor (their download). */
    exportData: (lang: Locale, session: string) => call('GET', 'account/export', c.accountExportSchema, { lang, session }),
    deleteAccount: (lang: Locale, session: string, body: { password: string }, client: string | null) =>
      call('POST', 'account/delete', none, { lang, session, body, client }),
  };
}

export type AccountApi = ReturnType<typeof accountApi>;
