import type { StaffAuditAction, StaffAuditEntry, StaffInvitation, StaffLocale, StaffMember, StaffRole } from '../../../shared/api/staff';
import { withoutFlush, type Db } from '../db';

/** The staff tables (staff_members, staff_invitations, staff_challenges, staff_recovery_codes, staff_sessions, staff_audit): every statement, nothing else. */

export type MemberRow = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: number;
  locale: StaffLocale;
  created_at: string;
  disabled_at: string | null;
};

export function toStaffMember(row: MemberRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    locale: row.locale,
    enrolled: row.totp_secret !== null,
    createdAt: row.created_at,
    disabledAt: row.disabled_at,
  };
}

export type ChallengeRow = { member_id: number; pending_secret: string | null; wrong_codes: number; expires_at: string };
export type SessionRow = { member_id: number; last_seen_at: string; expires_at: string };

export type AuditRecord = {
  memberId: number | null;
  memberName: string;
  action: StaffAuditAction;
  leadId?: string | null;
  detail?: Record<string, unknown> | null;
};

export type StaffStore = ReturnType<typeof staffStore>;

export function staffStore(db: Db) {
  const memberById = db.prepare<[number], MemberRow>('SELECT * FROM staff_members WHERE id = ?');
  const memberByEmail = db.prepare<[string], MemberRow>('SELECT * FROM staff_members WHERE email = ?');
  const members = db.prepare<[], MemberRow>('SELECT * FROM staff_members ORDER BY disabled_at IS NOT NULL, name COLLATE NOCASE, id');
  const insertMember = db.prepare<{ email: string; name: string; role: StaffRole; passwordHash: string; locale: StaffLocale; now: string }, { id: number }>(
    `INSERT INTO staff_members (email, name, role, password_hash, locale, created_at) VALUES (@email, @name, @role, @passwordHash, @locale, @now)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
  );
  const updateMember = db.prepare<{ id: number; role: StaffRole; disabledAt: string | null }>(
    'UPDATE staff_members SET role = @role, disabled_at = @disabledAt WHERE id = @id',
  );
  const updateProfile = db.prepare<{ id: number; name: string; locale: StaffLocale }>('UPDATE staff_members SET name = @name, locale = @locale WHERE id = @id');
  const replaceHash = db.prepare<{ id: number; old: string; passwordHash: string }>(
    'UPDATE staff_members SET password_hash = @passwordHash WHERE id = @id AND password_hash = @old',
  );
  const setTotp = db.prepare<{ id: number; secret: string | null; step: number }>(
    'UPDATE staff_members SET totp_secret = @secret, totp_last_step = @step WHERE id = @id',
  );
  // Only moves forward: two requests with the same code race here, and one of them changes nothing.
  const acceptStep = db.prepare<{ id: number; step: number }>('UPDATE staff_members SET totp_last_step = @step WHERE id = @id AND totp_last_step < @step');
  const activeOwners = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM staff_members WHERE role = 'owner' AND disabled_at IS NULL");
  const assignees = db.prepare<[], { id: number; name: string }>(
    "SELECT id, name FROM staff_members WHERE role IN ('owner', 'sales') AND disabled_at IS NULL ORDER BY name COLLATE NOCASE, id",
  );

  const insertInvitation = db.prepare<{ hash: string; email: string; role: StaffRole; invitedBy: number | null; now: string; expiresAt: string }>(
    `INSERT INTO staff_invitations (token_hash, email, role, invited_by, created_at, expires_at) VALUES (@hash, @email, @role, @invitedBy, @now, @expiresAt)`,
  );
  const validInvitation = db.prepare<{ hash: string; now: string }, { email: string; role: StaffRole; expires_at: string }>(
    'SELECT email, role, expires_at FROM staff_invitations WHERE token_hash = @hash AND used_at IS NULL AND expires_at > @now',
  );
  const useInvitation = db.prepare<{ hash: string; now: string }>(
    'UPDATE staff_invitations SET used_at = @now WHERE token_hash = @hash AND used_at IS NULL AND expires_at > @now',
  );
  // A newer invitation of the same address replaces the older ones.
  const dropInvitations = db.prepare<{ email: string; now: string }>('UPDATE staff_invitations SET used_at = @now WHERE email = @email AND used_at IS NULL');
  const openInvitations = db.prepare<[string], { email: string; role: StaffRole; created_at: string; expires_at: string }>(
    'SELECT email, role, created_at, expires_at FROM staff_invitations WHERE used_at IS NULL AND expires_at > ? ORDER BY created_at DESC',
  );

  const insertChallenge = db.prepare<{ hash: string; memberId: number; pendingSecret: string | null; now: string; expiresAt: string }>(
    `INSERT INTO staff_challenges (token_hash, member_id, pending_secret, created_at, expires_at) VALUES (@hash, @memberId, @pendingSecret, @now, @expiresAt)`,
  );
  const challenge = db.prepare<{ hash: string; now: string }, ChallengeRow>(
    'SELECT member_id, pending_secret, wrong_codes, expires_at FROM staff_challenges WHERE token_hash = @hash AND expires_at > @now',
  );
  const wrongCode = db.prepare<[string]>('UPDATE staff_challenges SET wrong_codes = wrong_codes + 1 WHERE token_hash = ?');
  const deleteChallenge = db.prepare<[string]>('DELETE FROM staff_challenges WHERE token_hash = ?');

  const deleteRecoveryCodes = db.prepare<[number]>('DELETE FROM staff_recovery_codes WHERE member_id = ?');
  const insertRecoveryCode = db.prepare<{ hash: string; memberId: number }>(
    'INSERT INTO staff_recovery_codes (code_hash, member_id) VALUES (@hash, @memberId)',
  );
  const useRecoveryCode = db.prepare<{ hash: string; memberId: number; now: string }>(
    'UPDATE staff_recovery_codes SET used_at = @now WHERE code_hash = @hash AND member_id = @memberId AND used_at IS NULL',
  );
  const recoveryCodesLeft = db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM staff_recovery_codes WHERE member_id = ? AND used_at IS NULL');

  const insertSession = db.prepare<{ hash: string; memberId: number; now: string; expiresAt: string }>(
    'INSERT INTO staff_sessions (token_hash, member_id, created_at, last_seen_at, expires_at) VALUES (@hash, @memberId, @now, @now, @expiresAt)',
  );
  const session = db.prepare<[string], SessionRow>('SELECT member_id, last_seen_at, expires_at FROM staff_sessions WHERE token_hash = ?');
  const touchSession = db.prepare<{ hash: string; now: string }>('UPDATE staff_sessions SET last_seen_at = @now WHERE token_hash = @hash');
  const deleteSession = db.prepare<[string]>('DELETE FROM staff_sessions WHERE token_hash = ?');
  const deleteSessionsOf = db.prepare<[number]>('DELETE FROM staff_sessions WHERE member_id = ?');

  const insertAudit = db.prepare<{
    at: string;
    memberId: number | null;
    memberName: string;
    action: StaffAuditAction;
    leadId: string | null;
    detail: string | null;
  }>('INSERT INTO staff_audit (at, member_id, member_name, action, lead_id, detail) VALUES (@at, @memberId, @memberName, @action, @leadId, @detail)');
  const auditFilter = `(@member IS NULL OR member_id = @member) AND (@lead IS NULL OR lead_id = @lead)`;
  const auditPage = db.prepare<
    { member: number | null; lead: string | null; limit: number; offset: number },
    { id: number; at: string; member_id: number | null; member_name: string; action: StaffAuditAction; lead_id: string | null; detail: string | null }
  >(`SELECT * FROM staff_audit WHERE ${auditFilter} ORDER BY id DESC LIMIT @limit OFFSET @offset`);
  const auditCount = db.prepare<{ member: number | null; lead: string | null }, { n: number }>(`SELECT count(*) AS n FROM staff_audit WHERE ${auditFilter}`);

  return {
    memberById: (id: number) => memberById.get(id),
    memberByEmail: (email: string) => memberByEmail.get(email),
    members: () => members.all(),
    /** The new member's id, or undefined when the address already has one. */
    addMember: (member: { email: string; name: string; role: StaffRole; passwordHash: string; locale: StaffLocale }, now: string) =>
      insertMember.get({ ...member, now })?.id,
    updateMember: (id: number, role: StaffRole, disabledAt: string | null) => void updateMember.run({ id, role, disabledAt }),
    updateProfile: (id: number, name: string, locale: StaffLocale) => void updateProfile.run({ id, name, locale }),
    /** A fresh hash of the same password (stronger parameters), unless it changed meanwhile. */
    replaceHash: (id: number, old: string, passwordHash: string) => void replaceHash.run({ id, old, passwordHash }),
    setTotp: (id: number, secret: string | null, step = 0) => void setTotp.run({ id, secret, step }),
    /** False when this step (or a later one) was accepted already. */
    acceptStep: (id: number, step: number) => acceptStep.run({ id, step }).changes === 1,
    activeOwners: () => activeOwners.get()!.n,
    assignees: () => assignees.all(),

    addInvitation: (invitation: { hash: string; email: string; role: StaffRole; invitedBy: number | null; expiresAt: string }, now: string) => {
      dropInvitations.run({ email: invitation.email, now });
      insertInvitation.run({ ...invitation, now });
    },
    invitation: (hash: string, now: string): StaffInvitation | undefined => {
      const row = validInvitation.get({ hash, now });
      return row && { email: row.email, role: row.role, expiresAt: row.expires_at };
    },
    useInvitation: (hash: string, now: string) => useInvitation.run({ hash, now }).changes === 1,
    openInvitations: (now: string) =>
      openInvitations.all(now).map((row) => ({ email: row.email, role: row.role, createdAt: row.created_at, expiresAt: row.expires_at })),

    addChallenge: (challenge: { hash: string; memberId: number; pendingSecret: string | null; expiresAt: string }, now: string) =>
      void insertChallenge.run({ ...challenge, now }),
    challenge: (hash: string, now: string) => challenge.get({ hash, now }),
    wrongCode: (hash: string) => void wrongCode.run(hash),
    deleteChallenge: (hash: string) => void deleteChallenge.run(hash),

    replaceRecoveryCodes: (memberId: number, hashes: readonly string[]) => {
      deleteRecoveryCodes.run(memberId);
      for (const hash of hashes) insertRecoveryCode.run({ hash, memberId });
    },
    useRecoveryCode: (memberId: number, hash: string, now: string) => useRecoveryCode.run({ hash, memberId, now }).changes === 1,
    recoveryCodesLeft: (memberId: number) => recoveryCodesLeft.get(memberId)!.n,

    addSession: (s: { hash: string; memberId: number; expiresAt: string }, now: string) => void insertSession.run({ ...s, now }),
    session: (hash: string) => session.get(hash),
    touchSession: (hash: string, now: string) => withoutFlush(db, () => void touchSession.run({ hash, now })),
    deleteSession: (hash: string) => void deleteSession.run(hash),
    deleteSessionsOf: (memberId: number) => void deleteSessionsOf.run(memberId),

    audit: (record: AuditRecord, at: string) => {
      const write = () =>
        void insertAudit.run({
          at,
          memberId: record.memberId,
          memberName: record.memberName,
          action: record.action,
          leadId: record.leadId ?? null,
          detail: record.detail ? JSON.stringify(record.detail) : null,
        });
      // A record of reading is written on every page a member opens; a change's record commits with the change.
      return record.action === 'lead_viewed' ? withoutFlush(db, write) : write();
    },
    auditPage: (filter: { member: number | null; lead: string | null }, page: number, perPage: number): { items: StaffAuditEntry[]; total: number } => ({
      items: auditPage.all({ ...filter, limit: perPage, offset: (page - 1) * perPage }).map((row) => ({
        id: row.id,
        at: row.at,
        member: { id: row.member_id, name: row.member_name },
        action: row.action,
        leadId: row.lead_id,
        detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
      })),
      total: auditCount.get(filter)!.n,
    }),
  };
}
