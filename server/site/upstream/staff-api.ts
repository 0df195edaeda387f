import { z } from 'zod';
import * as s from '../../../shared/api/staff';
import type { UpstreamClient } from './client';

/**
 * The staff endpoints of the contract (shared/api/staff.ts), typed: what the staff screens under
 * /admin ask the content API. Never cached: every answer is one member's, and most change something.
 */

/** A call's outcome: the answer, or the contract's error with its status (and the fields' message keys of a 400). */
export type StaffResult<T> =
  { ok: true; data: T } | { ok: false; status: number; error: string; fields?: Record<string, string>; retryAfter?: number; problems?: string[] };

const errorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfter: z.number().optional(),
  problems: z.array(z.string()).optional(),
});
const none = z.null();
const expiresSchema = z.object({ expiresAt: z.string() });

/** Query parameters as the inbox's address carries them: only the filters the contract knows, as strings. */
export type LeadQuery = Partial<Record<keyof s.LeadFilter, string>>;

/** A staff call: the member's session as a Bearer token, the answer read by its status. */
export function staffCaller(client: UpstreamClient) {
  return async function call<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: S,
    opts: { session?: string; body?: unknown; client?: string | null; params?: Record<string, string | undefined>; timeoutMs?: number } = {},
  ): Promise<StaffResult<z.infer<S>>> {
    const headers: Record<string, string> = {};
    if (opts.session) headers.authorization = `Bearer ${opts.session}`;
    // Sign-in limits count per member's address, as for visitors (CMS_TRUST_PROXY trusts the BFF's).
    if (opts.client) headers['x-forwarded-for'] = opts.client;
    const { status, json } = await client.send(method, path, opts.body, { params: opts.params, headers, timeoutMs: opts.timeoutMs });
    if (status < 300) return { ok: true, data: client.parse(path, schema, json) };
    const error = client.parse(path, errorSchema, json);
    return { ok: false, status, ...error };
  };
}

export function staffApi(client: UpstreamClient) {
  const call = staffCaller(client);
  return {
    login: (body: { email: string; password: string }, client: string | null) => call('POST', 'staff/auth/login', s.staffLoginStepSchema, { body, client }),
    code: (body: { challenge: string; code: string }, client: string | null) => call('POST', 'staff/auth/code', s.staffSessionSchema, { body, client }),
    enrol: (body: { challenge: string; code: string }, client: string | null) => call('POST', 'staff/auth/enrol', s.staffEnrolledSchema, { body, client }),
    invitation: (token: string) => call('GET', 'staff/auth/invitation', s.staffInvitationSchema, { params: { token } }),
    acceptInvitation: (body: { token: string; name: string; password: string }, lang: s.StaffLocale) =>
      call('POST', 'staff/auth/invitation', s.staffLoginStepSchema, { body, params: { lang } }),
    logout: (session: string) => call('POST', 'staff/auth/logout', none, { session, body: {} }),
    logoutEverywhere: (session: string) => call('POST', 'staff/auth/logout-everywhere', none, { session, body: {} }),
    me: (session: string) => call('GET', 'staff/me', s.staffMemberSchema, { session }),
    updateMe: (session: string, body: { name: string; locale: s.StaffLocale }) => call('PUT', 'staff/me', s.staffMemberSchema, { session, body }),

    team: (session: string) => call('GET', 'staff/members', s.staffTeamSchema, { session }),
    invite: (session: string, body: { email: string; role: s.StaffRole }) => call('POST', 'staff/invitations', expiresSchema, { session, body }),
    updateMember: (session: string, id: number, body: { role: s.StaffRole; disabled: boolean }) =>
      call('PUT', `staff/members/${id}`, s.staffMemberSchema, { session, body }),
    resetTwoFactor: (session: string, id: number) => call('POST', `staff/members/${id}/reset-two-factor`, none, { session, body: {} }),
    audit: (session: string, params: { page?: string; member?: string; lead?: string }) =>
      call('GET', 'staff/audit', s.staffAuditPageSchema, { session, params }),
    assignees: (session: string) => call('GET', 'staff/assignees', z.array(s.staffRefSchema), { session }),

    leads: (session: string, params: LeadQuery) => call('GET', 'staff/leads', s.leadPageSchema, { session, params }),
    lead: (session: string, id: string) => call('GET', `staff/leads/${encodeURIComponent(id)}`, s.leadDetailSchema, { session }),
    setStatus: (session: string, id: string, body: { status: s.LeadStatus; visitAt?: string; reason?: string }) =>
      call('POST', `staff/leads/${encodeURIComponent(id)}/status`, s.leadDetailSchema, { session, body }),
    assign: (session: string, id: string, memberId: number | null) =>
      call('POST', `staff/leads/${encodeURIComponent(id)}/assignee`, s.leadDetailSchema, { session, body: { memberId } }),
    addNote: (session: string, id: string, text: string) =>
      call('POST', `staff/leads/${encodeURIComponent(id)}/notes`, s.leadDetailSchema, { session, body: { text } }),
    reply: (session: string, id: string, text: string) =>
      call('POST', `staff/leads/${encodeURIComponent(id)}/replies`, s.leadDetailSchema, { session, body: { text } }),

    /** A photo of a lead, or the CSV of a filtered list: bytes as the content API sent them; null when refused. */
    async bytes(session: string, path: string, params: Record<string, string | undefined> = {}): Promise<{ type: string; bytes: Buffer } | null> {
      const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
      const answer = await client.getBytes(query ? `${path}?${query}` : path, { headers: { authorization: `Bearer ${session}` } });
      return answer.status === 200 ? { type: answer.type, bytes: answer.bytes } : null;
    },
  };
}

export type StaffApi = ReturnType<typeof staffApi>;
