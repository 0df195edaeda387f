import { z } from 'zod';
import { LOCALES, type Locale } from '../locales';
import { FORM_KINDS, localeSchema, offerTypeSchema, type VisitorStatus } from './contract';

/*
 * The staff endpoints of the content API: the company's people, their sign-in, the audit log, and the
 * leads (inquiries and service requests) they work. A company with its own upstream implements the same.
 * Staff sessions are not visitors' sessions: every call below (but the sign-in steps) carries
 * `Authorization: Bearer <staff session token>`, and a visitor's token is refused here as a staff token
 * is on the account endpoints. The BFF sends the staff member's address in `X-Forwarded-For`, as for
 * visitors' logins (CMS_TRUST_PROXY).
 *
 * Sign-in takes a password and then a code from an authenticator app (TOTP, RFC 6238), or a recovery
 * code; a member who has not set up the app yet does that on the way in.
 *
 *   POST staff/auth/login          {email, password}        -> 200 StaffLoginStep | 401 {error:'invalid_credentials'}
 *                                                              | 429 {error:'too_many_attempts', retryAfter}
 *   POST staff/auth/code           {challenge, code}        -> 200 StaffSession | 401 {error:'invalid_code'} | 429
 *   POST staff/auth/enrol          {challenge, code}        -> 200 StaffEnrolled (a session and recovery codes) | 401 {error:'invalid_code'}
 *   GET  staff/auth/invitation?token=                       -> 200 StaffInvitation | 404 (unknown, used or expired)
 *   POST staff/auth/invitation     {token, name, password}  -> 200 StaffLoginStep (always 'enrol') | 400 {error:'invalid_token'}
 *   POST staff/auth/logout                                  -> 204 (this session)
 *   POST staff/auth/logout-everywhere                       -> 204 (every session of the member)
 *   GET  staff/me                                           -> StaffMember
 *   PUT  staff/me                  {name, locale}           -> StaffMember
 *
 * Owners (STAFF_PERMISSIONS):
 *   GET  staff/members                                      -> StaffTeam (members and open invitations)
 *   POST staff/invitations         {email, role}            -> 201 {expiresAt} (the link is mailed to the address)
 *   PUT  staff/members/:id         {role, disabled}         -> StaffMember | 409 {error:'last_owner'}
 *   POST staff/members/:id/reset-two-factor                 -> 204 (the member sets the app up again at the next sign-in)
 *   GET  staff/audit?page=&member=&lead=                    -> StaffAuditPage
 *
 * Leads (owner and sales):
 *   GET  staff/leads?kind=&status=&assignee=&offerType=&from=&to=&q=&page=&perPage= -> LeadPage
 *   GET  staff/leads.csv?(the same filters)                  -> text/csv (every lead the filters find)
 *   GET  staff/leads/:id                                     -> LeadDetail
 *   GET  staff/leads/:id/photos/:n                           -> the photo (image/jpeg)
 *   POST staff/leads/:id/status    {status, visitAt?, reason?} -> LeadDetail | 400
 *   POST staff/leads/:id/assignee  {memberId | null}        -> LeadDetail
 *   POST staff/leads/:id/notes     {text}                   -> LeadDetail
 *   POST staff/leads/:id/replies   {text}                   -> LeadDetail (mailed to the visitor, Reply-To the member)
 *   GET  staff/assignees                                    -> StaffRef[] (who may be given leads)
 *
 * A call without a live staff session is 401 {error:'unauthorized'}; with one whose role lacks the
 * permission, 403 {error:'forbidden'}.
 */

export const STAFF_ROLES = ['owner', 'sales', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role may do: owners everything, sales the leads, editors the content. */
export const STAFF_PERMISSIONS = {
  leads: ['owner', 'sales'],
  content: ['owner', 'editor'],
  staff: ['owner'],
  audit: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

/** The languages of the staff screens: the site's own three. */
export const STAFF_LOCALES = LOCALES;
export const staffLocaleSchema = localeSchema;
export type StaffLocale = Locale;

export const staffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  locale: staffLocaleSchema,
  /** Whether the member has set up their authenticator app. */
  enrolled: z.boolean(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type StaffRef = z.infer<typeof staffRefSchema>;

export const staffLoginStepSchema = z.discriminatedUnion('step', [
  /** The password was right: a code from the app (or a recovery code) finishes the sign-in. */
  z.object({ step: z.literal('code'), challenge: z.string(), expiresAt: z.string() }),
  /** The app is not set up yet: add the secret (as a QR code of `uri`, or typed), then prove it with a code. */
  z.object({ step: z.literal('enrol'), challenge: z.string(), expiresAt: z.string(), secret: z.string(), uri: z.string() }),
]);
export type StaffLoginStep = z.infer<typeof staffLoginStepSchema>;

export const staffSessionSchema = z.object({
  token: z.string().min(32),
  expiresAt: z.string(),
  idleMinutes: z.number().int().positive(),
  member: staffMemberSchema,
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffEnrolledSchema = staffSessionSchema.extend({ recoveryCodes: z.array(z.string()) });
export type StaffEnrolled = z.infer<typeof staffEnrolledSchema>;

export const staffInvitationSchema = z.object({ email: z.string(), role: z.enum(STAFF_ROLES), expiresAt: z.string() });
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffTeamSchema = z.object({
  members: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema.extend({ createdAt: z.string() })),
});
export type StaffTeam = z.infer<typeof staffTeamSchema>;

export const STAFF_AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_recovery_code',
  'enrol',
  'sign_out',
  'sign_out_everywhere',
  'profile',
  'invite',
  'invitation_accepted',
  'member_role',
  'member_disabled',
  'member_enabled',
  'two_factor_reset',
  'lead_viewed',
  'lead_status',
  'lead_assigned',
  'lead_note',
  'lead_reply',
  'leads_exported',
  'content_draft',
  'content_discard',
  'content_preview',
  'content_publish',
  'content_schedule',
  'content_unpublish',
  'content_restore',
  'redirect_added',
  'redirect_deleted',
  'media_upload',
  'media_alt',
] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  member: z.object({ id: z.number().int().nullable(), name: z.string() }),
  action: z.enum(STAFF_AUDIT_ACTIONS),
  leadId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

export const staffAuditPageSchema = z.object({
  items: z.array(staffAuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type StaffAuditPage = z.infer<typeof staffAuditPageSchema>;

/*
 * Leads. A lead is an inquiry or a service request as the visitor sent it, with the company's work on
 * it: its status, who answers it, the booked measuring visit, notes and replies.
 */

/** In the order a lead moves through them; `lost` and `spam` end it from anywhere. */
export const LEAD_STATUSES = ['new', 'contacted', 'visit_booked', 'quote_sent', 'ordered', 'installed', 'closed', 'lost', 'spam'] as const;
export const leadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Statuses that end a lead: nothing more is expected of the company. */
export const CLOSED_LEAD_STATUSES: readonly LeadStatus[] = ['closed', 'lost', 'spam'];

export const LEAD_KINDS = FORM_KINDS.filter((kind): kind is 'inquiry' | 'service' => kind !== 'newsletter');
export const leadKindSchema = z.enum(['inquiry', 'service']);
export type LeadKind = z.infer<typeof leadKindSchema>;

/** A local date and time in the company's time zone, as a visit is agreed on the phone: `2026-12-03T09:30`. */
export const localDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

export const leadSummarySchema = z.object({
  id: z.string(),
  kind: leadKindSchema,
  status: leadStatusSchema,
  /** The visitor's language: the one to answer in. */
  locale: localeSchema,
  offerType: offerTypeSchema.nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  town: z.string().nullable(),
  createdAt: z.string(),
  assignee: staffRefSchema.nullable(),
  visitAt: localDateTimeSchema.nullable(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leadPageSchema = z.object({ items: z.array(leadSummarySchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() });
export type LeadPage = z.infer<typeof leadPageSchema>;

export const leadEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status'), from: leadStatusSchema, to: leadStatusSchema, visitAt: localDateTimeSchema.nullable(), reason: z.string().nullable() }),
  z.object({ kind: z.literal('assign'), to: staffRefSchema.nullable() }),
  z.object({ kind: z.literal('note'), text: z.string() }),
  /** `mailed`: whether the reply went out (the visitor gave an address, and the per-address cap allowed it). */
  z.object({ kind: z.literal('reply'), text: z.string(), mailed: z.boolean() }),
]);
export type LeadEvent = z.infer<typeof leadEventSchema>;

export const leadHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who did it; null for the system (or a member since removed, with the name kept). */
  by: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  event: leadEventSchema,
});
export type LeadHistoryEntry = z.infer<typeof leadHistoryEntrySchema>;

export const leadDetailSchema = leadSummarySchema.extend({
  /** Everything the visitor sent: the output of the form's schema. */
  data: z.record(z.string(), z.unknown()),
  photos: z.array(z.object({ index: z.number().int().nonnegative(), type: z.string() })),
  lostReason: z.string().nullable(),
  /** Whether the visitor's address was confirmed as theirs (sent while signed in to its verified account). */
  emailConfirmed: z.boolean(),
  /** The product whose page an inquiry came from, in the visitor's language (its page: the `product` route); absent when none or no longer in the catalogue. */
  product: z.object({ slug: z.string(), title: z.string() }).optional(),
  history: z.array(leadHistoryEntrySchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const LEADS_PER_PAGE = 25;
export const LEADS_MAX_PER_PAGE = 100;

/** The inbox's filters, as query parameters (the CSV export takes the same). */
export const leadFilterSchema = z.object({
  kind: leadKindSchema.optional(),
  /** One status or several, comma-separated; `open` for every status that does not end a lead. */
  status: z
    .string()
    .regex(/^(open|[a-z_]+(,[a-z_]+)*)$/)
    .transform((value) => (value === 'open' ? LEAD_STATUSES.filter((s) => !CLOSED_LEAD_STATUSES.includes(s)) : value.split(',')))
    .pipe(z.array(leadStatusSchema))
    .optional(),
  /** A member's id, `me`, or `none` (nobody yet). */
  assignee: z
    .union([
      z.literal('me'),
      z.literal('none'),
      z
        .string()
        .regex(/^\d{1,9}$/)
        .transform(Number),
    ])
    .optional(),
  offerType: offerTypeSchema.optional(),
  /** Arrived on or after this day, on or before that one (the company's calendar days). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Words in the name, address, phone, town or message (any case, with or without diacritics). */
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().positive().max(100_000).default(1),
  perPage: z.coerce.number().int().positive().max(LEADS_MAX_PER_PAGE).default(LEADS_PER_PAGE),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;

/** A lead's status as its sender sees it in their account (contract.ts, VISITOR_STATUSES). */
export function visitorStatus(status: LeadStatus): VisitorStatus {
  if (status === 'new' || status === 'spam') return 'received';
  if (status === 'lost') return 'closed';
  return status;
}
