import { createHash, randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import type { StaffEnrolled, StaffInvitation, StaffLocale, StaffLoginStep, StaffMember, StaffRole, StaffSession, StaffTeam } from '../../../shared/api/staff';
import { limitedPasswordCheck } from '../accounts/limited-password-check';
import type { PasswordHashing } from '../accounts/password-hashing';
import { needsRehash } from '../accounts/passwords';
import { limitKeys, newToken, tokenHash } from '../accounts/tokens';
import type { Db } from '../db';
import { staffStore, toStaffMember, type AuditRecord, type MemberRow } from './store';
import { acceptedStep, newTotpSecret, totpUri } from './totp';

/**
 * The staff's sign-in and team (docs/decisions/0040-staff-and-leads.md). A password, then a code from an
 * authenticator app, for every member: enrolment happens on the first sign-in, before any session
 * exists. Passwords count towards the same limits as visitors' logins (under keys of their own); so do
 * wrong codes. Every change writes its audit entry in the same transaction. Logs carry member ids only.
 */

export const INVITATION_MS = 72 * 60 * 60_000;
/** Between the password and the code: long enough to open the app (or set it up), short enough to be of no use stolen. */
export const CHALLENGE_MS = 10 * 60_000;
/** A challenge takes this many wrong codes, then the password is asked again. */
export const MAX_WRONG_CODES = 5;
/** A working day, at most; a session also ends after `idleMinutes` without a request. */
export const SESSION_MS = 12 * 60 * 60_000;
export const DEFAULT_IDLE_MINUTES = 30;
/** A session's last activity is written at most this often: reads stay reads. */
const TOUCH_MS = 60_000;
export const RECOVERY_CODE_COUNT = 10;
/** How the audit log names what was done from the command line (npm run staff). */
export const COMMAND_LINE = 'command line';

/** The limit counters of staff sign-ins, never shared with a visitor's of the same address typed. */
const staffLimitKeys = (email: string, client: string) => limitKeys(`staff:${email}`, client);

export type StaffClient = { address: string };

/** Who is acting, as the audit log names them. */
export type Actor = { id: number; name: string };
/** Whom a change is written under: an actor, or the author of a draft whose account was deleted since. */
export type Author = { id: number | null; name: string };

export type SignedInStaff = { member: MemberRow; sessionHash: string };

export type StaffLoginResult =
  { ok: true; step: StaffLoginStep } | { ok: false; error: 'invalid_credentials' } | { ok: false; error: 'too_many_attempts'; retryAfter: number };

export type StaffCodeResult<T> = { ok: true; value: T } | { ok: false; error: 'invalid_code' } | { ok: false; error: 'too_many_attempts'; retryAfter: number };

export type StaffMails = {
  /** The link that lets the invited address join; in `lang`, the inviter's language. */
  invitation(to: string, lang: StaffLocale, link: { token: string; role: StaffRole; expiresAt: string }, now: Date): void;
};

export type StaffService = ReturnType<typeof staffService>;

/** Ten letters and digits of base32 in two groups (`k7m2q-xw4pa`): easy to read off paper and type. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${part()}-${part()}`;
}
const recoveryHash = (code: string) =>
  createHash('sha256')
    .update(`staff-recovery:${code.replace('-', '')}`)
    .digest('hex');

export function staffService({
  db,
  passwords,
  mails,
  logger,
  issuer,
  idleMinutes = DEFAULT_IDLE_MINUTES,
  now = () => new Date(),
}: {
  db: Db;
  passwords: PasswordHashing;
  mails: StaffMails;
  logger: Logger;
  /** The name the authenticator app shows beside the code (the company's, read when a member enrols). */
  issuer: () => string;
  idleMinutes?: number;
  now?: () => Date;
}) {
  const store = staffStore(db);
  const gate = limitedPasswordCheck({ db, passwords, now });
  const inTransaction = <T>(work: () => T): T => db.transaction(work).immediate();
  const later = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();
  const audit = (record: AuditRecord, at: Date) => store.audit(record, at.toISOString());
  /** The audit log's "who": a member, or the command line (null). */
  const actorOf = (member: Actor | null): Pick<AuditRecord, 'memberId' | 'memberName'> =>
    member ? { memberId: member.id, memberName: member.name } : { memberId: null, memberName: COMMAND_LINE };

  /** The secret a live challenge sets up (null: a sign-in's; undefined: no such challenge). */
  const pendingSecret = (challenge: string) => store.challenge(tokenHash(challenge), now().toISOString())?.pending_secret;

  function newChallenge(member: MemberRow, at: Date): StaffLoginStep {
    const challenge = newToken();
    const expiresAt = later(at, CHALLENGE_MS);
    const pendingSecret = member.totp_secret === null ? newTotpSecret() : null;
    store.addChallenge({ hash: tokenHash(challenge), memberId: member.id, pendingSecret, expiresAt }, at.toISOString());
    if (pendingSecret === null) return { step: 'code', challenge, expiresAt };
    return { step: 'enrol', challenge, expiresAt, secret: pendingSecret, uri: totpUri(pendingSecret, issuer(), member.email) };
  }

  function newSession(member: MemberRow, at: Date): StaffSession {
    const token = newToken();
    const expiresAt = later(at, SESSION_MS);
    store.addSession({ hash: tokenHash(token), memberId: member.id, expiresAt }, at.toISOString());
    return { token, expiresAt, idleMinutes, member: toStaffMember(member) };
  }

  /**
   * Checks a code against a live challenge: the app's code (a step not accepted before), or, once
   * enrolled, an unused recovery code. Wrong codes count towards the account's limits; enough of them
   * spend the challenge.
   */
  function withCode<T>(
    input: { challenge: string; code: string },
    client: StaffClient,
    finish: (member: MemberRow, at: Date, how: { secret: string; step: number } | { recovery: true }) => T,
  ): StaffCodeResult<T> {
    const hash = tokenHash(input.challenge);
    const outcome = inTransaction(() => {
      const at = now();
      const challenge = store.challenge(hash, at.toISOString());
      const member = challenge && store.memberById(challenge.member_id);
      if (!challenge || !member || member.disabled_at !== null || challenge.wrong_codes >= MAX_WRONG_CODES) return { ok: false } as const;
      const secret = challenge.pending_secret ?? member.totp_secret;
      if (secret === null) return { ok: false } as const;
      const step = /^\d{6}$/.test(input.code) ? acceptedStep(secret, input.code, member.totp_last_step, at) : null;
      if (step !== null && (challenge.pending_secret !== null || store.acceptStep(member.id, step))) {
        store.deleteChallenge(hash);
        return { ok: true, value: finish(member, at, { secret, step }) } as const;
      }
      // Recovery codes stand in for the app once it is set up, never for setting it up.
      if (step === null && challenge.pending_secret === null && store.useRecoveryCode(member.id, recoveryHash(input.code), at.toISOString())) {
        store.deleteChallenge(hash);
        return { ok: true, value: finish(member, at, { recovery: true }) } as const;
      }
      store.wrongCode(hash);
      return { ok: false, member } as const;
    });
    if (outcome.ok) return outcome;
    if (outcome.member) {
      gate.failed(staffLimitKeys(outcome.member.email, client.address), () =>
        logger.warn({ memberId: outcome.member.id }, 'many wrong sign-in codes on a staff account'),
      );
    }
    return { ok: false, error: 'invalid_code' };
  }

  return {
    /**
     * An invitation link for an address (from the command line, `by` null, or an owner), mailed unless
     * `mail` is false; a newer one replaces the address's older ones. The token is returned once.
     */
    invite(by: Actor | null, input: { email: string; role: StaffRole }, options: { lang: StaffLocale; mail: boolean }): { token: string; expiresAt: string } {
      return inTransaction(() => {
        const at = now();
        const token = newToken();
        const expiresAt = later(at, INVITATION_MS);
        store.addInvitation({ hash: tokenHash(token), email: input.email, role: input.role, invitedBy: by?.id ?? null, expiresAt }, at.toISOString());
        audit({ ...actorOf(by), action: 'invite', detail: { email: input.email, role: input.role } }, at);
        if (options.mail) mails.invitation(input.email, options.lang, { token, role: input.role, expiresAt }, at);
        logger.info({ by: by?.id ?? 'cli', role: input.role }, 'staff invitation made');
        return { token, expiresAt };
      });
    },

    invitation(token: string): StaffInvitation | undefined {
      return store.invitation(tokenHash(token), now().toISOString());
    },

    /**
     * Spends an invitation: the member is made with the invitation's address and role, and goes
     * straight on to setting up the app. An address that has a member already spends nothing.
     */
    async acceptInvitation(input: { token: string; name: string; password: string }, lang: StaffLocale): Promise<StaffLoginStep | undefined> {
      const passwordHash = await passwords.hash(input.password);
      return inTransaction(() => {
        const at = now();
        const hash = tokenHash(input.token);
        const invitation = store.invitation(hash, at.toISOString());
        if (!invitation) return undefined;
        const id = store.addMember({ email: invitation.email, name: input.name, role: invitation.role, passwordHash, locale: lang }, at.toISOString());
        if (id === undefined || !store.useInvitation(hash, at.toISOString())) return undefined;
        const member = store.memberById(id)!;
        audit({ ...actorOf(member), action: 'invitation_accepted', detail: { role: member.role } }, at);
        logger.info({ memberId: id }, 'staff member joined');
        return newChallenge(member, at);
      });
    },

    async login(input: { email: string; password: string }, client: StaffClient): Promise<StaffLoginResult> {
      const member = store.memberByEmail(input.email);
      const check = await gate.check({
        keys: staffLimitKeys(input.email, client.address),
        password: input.password,
        // A disabled member's password is checked all the same and then refused: the answer must not tell.
        storedHash: () => (member ? store.memberById(member.id)?.password_hash : undefined),
        onHammered: () => member && logger.warn({ memberId: member.id }, 'many failed sign-ins on a staff account'),
      });
      if (!check.ok)
        return check.locked ? { ok: false, error: 'too_many_attempts', retryAfter: check.retryAfter } : { ok: false, error: 'invalid_credentials' };
      const current = store.memberById(member!.id)!;
      if (current.disabled_at !== null) return { ok: false, error: 'invalid_credentials' };
      if (needsRehash(current.password_hash)) store.replaceHash(current.id, current.password_hash, await passwords.hash(input.password));
      return { ok: true, step: inTransaction(() => newChallenge(current, now())) };
    },

    /** The second step of a sign-in: a code from the app or a recovery code. */
    code(input: { challenge: string; code: string }, client: StaffClient): StaffCodeResult<StaffSession> {
      // A challenge that sets the app up is finished by `enrol`, which keeps the secret.
      if (pendingSecret(input.challenge) !== null) return { ok: false, error: 'invalid_code' };
      return withCode(input, client, (member, at, how) => {
        const recovery = 'recovery' in how;
        audit(
          {
            ...actorOf(member),
            action: recovery ? 'sign_in_recovery_code' : 'sign_in',
            detail: recovery ? { left: store.recoveryCodesLeft(member.id) } : null,
          },
          at,
        );
        return newSession(member, at);
      });
    },

    /** The first sign-in's second step: the app proves the new secret, which is kept; recovery codes are made once. */
    enrol(input: { challenge: string; code: string }, client: StaffClient): StaffCodeResult<StaffEnrolled> {
      // A challenge made for a member who is enrolled already is a sign-in, not an enrolment.
      if (!pendingSecret(input.challenge)) return { ok: false, error: 'invalid_code' };
      return withCode(input, client, (member, at, how) => {
        if (!('step' in how)) throw new Error('a recovery code cannot enrol');
        store.setTotp(member.id, how.secret, how.step);
        const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        store.replaceRecoveryCodes(member.id, codes.map(recoveryHash));
        audit({ ...actorOf(member), action: 'enrol' }, at);
        return { ...newSession(store.memberById(member.id)!, at), recoveryCodes: codes };
      });
    },

    /**
     * The member of a live session, or undefined: expired, idle too long, or the member disabled. Its
     * activity moves the idle period on (written at most once a minute).
     */
    signedIn(token: string): SignedInStaff | undefined {
      const hash = tokenHash(token);
      const session = store.session(hash);
      if (!session) return undefined;
      const at = now();
      const idleUntil = Date.parse(session.last_seen_at) + idleMinutes * 60_000;
      if (Date.parse(session.expires_at) <= at.getTime() || idleUntil <= at.getTime()) {
        store.deleteSession(hash);
        return undefined;
      }
      const member = store.memberById(session.member_id);
      if (!member || member.disabled_at !== null || member.totp_secret === null) return undefined;
      if (at.getTime() - Date.parse(session.last_seen_at) >= TOUCH_MS) store.touchSession(hash, at.toISOString());
      return { member, sessionHash: hash };
    },

    logout(signedIn: SignedInStaff): void {
      inTransaction(() => {
        store.deleteSession(signedIn.sessionHash);
        audit({ ...actorOf(signedIn.member), action: 'sign_out' }, now());
      });
    },

    logoutEverywhere(signedIn: SignedInStaff): void {
      inTransaction(() => {
        store.deleteSessionsOf(signedIn.member.id);
        audit({ ...actorOf(signedIn.member), action: 'sign_out_everywhere' }, now());
      });
    },

    updateProfile(signedIn: SignedInStaff, input: { name: string; locale: StaffLocale }): StaffMember {
      return inTransaction(() => {
        store.updateProfile(signedIn.member.id, input.name, input.locale);
        audit({ memberId: signedIn.member.id, memberName: input.name, action: 'profile' }, now());
        return toStaffMember(store.memberById(signedIn.member.id)!);
      });
    },

    team(): StaffTeam {
      return { members: store.members().map(toStaffMember), invitations: store.openInvitations(now().toISOString()) };
    },

    /**
     * An owner changes a member's role or disables them (their sessions end). The last active owner
     * cannot be demoted or disabled: someone must always be able to manage the staff.
     */
    updateMember(by: Actor, id: number, input: { role: StaffRole; disabled: boolean }): StaffMember | 'not_found' | 'last_owner' {
      return inTransaction(() => {
        const at = now();
        const member = store.memberById(id);
        if (!member) return 'not_found';
        const wasActiveOwner = member.role === 'owner' && member.disabled_at === null;
        if (wasActiveOwner && (input.role !== 'owner' || input.disabled) && store.activeOwners() <= 1) return 'last_owner';
        const disabledAt = input.disabled ? (member.disabled_at ?? at.toISOString()) : null;
        store.updateMember(id, input.role, disabledAt);
        if (input.disabled) store.deleteSessionsOf(id);
        const about = { member: id, name: member.name };
        if (input.role !== member.role) audit({ ...actorOf(by), action: 'member_role', detail: { ...about, from: member.role, to: input.role } }, at);
        if (input.disabled !== (member.disabled_at !== null))
          audit({ ...actorOf(by), action: input.disabled ? 'member_disabled' : 'member_enabled', detail: about }, at);
        return toStaffMember(store.memberById(id)!);
      });
    },

    /** A lost phone: the member sets the app up again at the next sign-in; their sessions and recovery codes end. */
    resetTwoFactor(by: Actor | null, id: number): boolean {
      return inTransaction(() => {
        const member = store.memberById(id);
        if (!member) return false;
        store.setTotp(id, null);
        store.replaceRecoveryCodes(id, []);
        store.deleteSessionsOf(id);
        audit({ ...actorOf(by), action: 'two_factor_reset', detail: { member: id, name: member.name } }, now());
        return true;
      });
    },

    assignees: () => store.assignees(),
    auditPage: store.auditPage,
    /** Writes an audit entry (inside the caller's transaction, when it has one). */
    /** `by` may be a member whose account is gone (id null): a scheduled publish of their draft. */
    audit: (by: Author, record: Omit<AuditRecord, 'memberId' | 'memberName'>, at = now()) => audit({ memberId: by.id, memberName: by.name, ...record }, at),
  };
}
