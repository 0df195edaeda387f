import * as z from 'zod/mini';
import { LEAD_STATUSES, STAFF_LOCALES, STAFF_ROLES } from '../api/staff';
import { checkbox, email, preprocess, text } from './fields';

/**
 * The staff area's forms: validated by the content API (the staff endpoints) and by the staff screens
 * as one types, like the public forms. Messages are keys of `locales/{lang}/common.json`
 * (`form.errors.*`) or of the staff area's own (`locales/{lang}/staff.json`, `errors.*`).
 */

const required = (max: number) => text(max, z.minLength(1, 'form.errors.required'));
const anyPassword = z.string().check(z.minLength(1, 'form.errors.required'), z.maxLength(200, 'form.errors.tooLong'));
const newPassword = z.string().check(z.minLength(12, 'errors.passwordShort'), z.maxLength(200, 'form.errors.tooLong'));
const token = z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{20,200}$/, 'form.errors.token'));

/**
 * A code from the authenticator app (six digits; spaces as some apps show them are dropped) or a
 * recovery code (ten letters and digits, a dash in the middle or not).
 */
export const STAFF_CODE = /^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/;
const code = z.string().check(
  z.overwrite((value) => value.replace(/\s+/g, '').toLowerCase()),
  z.regex(STAFF_CODE, 'errors.code'),
);

export const staffLoginForm = z.object({ email, password: anyPassword });
/** What the member types at the second step; the challenge comes from the step in progress. */
export const staffCodeEntry = z.object({ code });
export const staffCodeForm = z.extend(staffCodeEntry, { challenge: token });
/** What the invited person types; the invitation's token comes with the page. */
export const staffInvitationEntry = z.object({ name: required(100), password: newPassword });
export const staffInvitationAcceptForm = z.extend(staffInvitationEntry, { token });
export const staffInviteForm = z.object({ email, role: z.enum(STAFF_ROLES, 'form.errors.choice') });
export const staffMemberForm = z.object({ role: z.enum(STAFF_ROLES, 'form.errors.choice'), disabled: checkbox });
export const staffProfileForm = z.object({ name: required(100), locale: z.enum(STAFF_LOCALES, 'form.errors.choice') });

/** A visit is booked with its date and time; a lost lead says why. */
export const leadStatusForm = z
  .object({
    status: z.enum(LEAD_STATUSES, 'form.errors.choice'),
    // As a browser posts it: empty when no visit is being booked.
    visitAt: preprocess(
      (value) => (value === '' ? undefined : value),
      z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'errors.visitAt'))),
    ),
    reason: z.optional(text(500)),
  })
  .check(
    z.refine((form) => form.status !== 'visit_booked' || Boolean(form.visitAt), { message: 'errors.visitAt', path: ['visitAt'] }),
    z.refine((form) => form.status !== 'lost' || Boolean(form.reason), { message: 'errors.lostReason', path: ['reason'] }),
  );
/** A member's id, or nobody: a select posts `''` for nobody and the id as text. */
export const leadAssigneeForm = z.object({
  memberId: preprocess(
    (value) => (value === '' ? null : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value),
    z.nullable(z.int('form.errors.choice')),
  ),
});
export const leadNoteForm = z.object({ text: required(5000) });
export const leadReplyForm = z.object({ text: required(10_000) });
