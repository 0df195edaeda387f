import type { Logger } from 'pino';
import type { AccountExport, AccountUser, ResetLinkState, Session } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import { dataRights } from './data-rights';
import { limitedPasswordCheck, type PasswordCheck } from './limited-password-check';
import type { AccountMails } from './mails';
import type { PasswordHashing } from './password-hashing';
import { needsRehash } from './passwords';
import { accountStore, toAccountUser, type Profile, type TokenKind, type UserRow } from './store';
import { limitKeys, newToken, tokenHash } from './tokens';

/**
 * The account use cases behind the endpoints. Addresses arrive normalised (trimmed, lowercased) by
 * the form schemas. Every step that changes more than one row runs in one IMMEDIATE transaction, and
 * a mail is queued in the transaction that makes it true. Logs carry user ids only.
 */

/** A reset link's outcome: the password set, the link spent before (used, or a newer one was), or unknown and expired ones. */
export type ResetOutcome = 'changed' | 'used' | 'invalid';

export const VERIFY_TOKEN_MS = 48 * 60 * 60_000;
export const RESET_TOKEN_MS = 60 * 60_000;
export const SESSION_MS = 30 * 24 * 60 * 60_000;
export const UNLOCK_TOKEN_MS = 60 * 60_000;
/** As long as the BFF's outbox keeps a submission's key: a delivery may come long after the post. */
export const SUBMISSION_GRANT_MS = 30 * 24 * 60 * 60_000;
export const UNLOCK_MAILS_PER_HOUR = 1;

/**
 * Who is signing in, as far as the limits care: the client's address (the BFF's X-Forwarded-For,
 * trusted from the BFF only; an IPv6 client by its /56), and the unlock token its login form carried.
 */
export type LoginClient = { address: string; unlock?: string };

export type LoginResult =
  { ok: true; session: Session } | { ok: false; error: 'invalid_credentials' | 'not_verified' } | { ok: false; error: 'too_many_attempts'; retryAfter: number };

export type PasswordChangeResult = { ok: true } | { ok: false; error: 'wrong_password' } | { ok: false; error: 'too_many_attempts'; retryAfter: number };

export type AccountDeleteResult = PasswordChangeResult;

export type SignedIn = { user: UserRow; sessionHash: string };

export type AccountService = ReturnType<typeof accountService>;

export function accountService({
  db,
  mails,
  passwords,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  mails: AccountMails;
  passwords: PasswordHashing;
  logger: Logger;
  now?: () => Date;
}) {
  const store = accountStore(db);
  /** A reset link that cannot set a password: spent (used, or a newer one was), or unknown or expired. */
  const unusableReset = (hash: string) => (store.storedToken(hash, 'reset')?.used_at ? 'used' : 'invalid') satisfies ResetOutcome;
  const rights = dataRights(db);
  const gate = limitedPasswordCheck({ db, passwords, now });
  const inTransaction = <T>(work: () => T): T => db.transaction(work).immediate();
  const later = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();
  // Made now rather than at the first unknown-address login, which would otherwise take twice as long.
  void passwords.dummy();

  function issueToken(userId: number, kind: TokenKind, at: Date): string {
    const token = newToken();
    store.addToken({ hash: tokenHash(token), userId, kind, expiresAt: later(at, kind === 'verify' ? VERIFY_TOKEN_MS : RESET_TOKEN_MS) }, at.toISOString());
    return token;
  }

  /**
   * Mails the owner of an account that is being guessed at (or that meets a limit) a link that lets
   * them sign in at once: at most one an hour. Nothing of it reaches the answer, so a guesser cannot
   * tell an account from an unknown address by it.
   */
  function offerUnlock(user: UserRow, at: Date): void {
    if (!mails.allowed(user.email, 'login_unlock', at, UNLOCK_MAILS_PER_HOUR)) return;
    const token = newToken();
    store.addUnlockToken({ hash: tokenHash(token), userId: user.id, expiresAt: later(at, UNLOCK_TOKEN_MS) }, at.toISOString());
    mails.loginUnlock(user.email, user.locale, token, at);
    logger.warn({ userId: user.id }, 'failed logins on an account: unlock link mailed to its owner');
  }

  /**
   * A password under the login limits. A valid unlock token of the account (from the mail of
   * `offerUnlock`) is spent by the attempt, which then passes the limits and starts its pair afresh.
   */
  function checkPassword(user: UserRow | undefined, email: string, password: string, client: LoginClient): Promise<PasswordCheck> {
    return gate.check({
      keys: limitKeys(email, client.address),
      password,
      storedHash: () => (user ? store.userById(user.id)?.password_hash : undefined),
      bypass: (at) => {
        const unlocked = user !== undefined && client.unlock !== undefined && store.useUnlockToken(tokenHash(client.unlock), user.id, at.toISOString());
        if (unlocked) logger.info({ userId: user.id }, 'unlock link used');
        return unlocked;
      },
      onRefused: (at) => user && offerUnlock(user, at),
      onHammered: (at) => user && offerUnlock(user, at),
    });
  }

  return {
    /**
     * A new address gets an unverified account and a verification link; a known one gets a mail
     * saying someone tried. Both hash the password first, so they take the same time.
     */
    async register(lang: Locale, input: { email: string; password: string; name: string }): Promise<void> {
      const passwordHash = await passwords.hash(input.password);
      inTransaction(() => {
        const at = now();
        const id = store.createUser({ email: input.email, passwordHash, name: input.name, locale: lang }, at.toISOString());
        if (id === undefined) {
          if (mails.allowed(input.email, 'registration_attempt', at)) mails.registrationAttempt(input.email, lang, at);
          return;
        }
        mails.verifyEmail(input.email, lang, issueToken(id, 'verify', at), at);
        logger.info({ userId: id }, 'account registered');
      });
    },

    /** A fresh verification link, only for an account that is not verified yet. */
    resendVerification(lang: Locale, email: string): void {
      inTransaction(() => {
        const at = now();
        const user = store.userByEmail(email);
        if (!user || user.verified_at !== null || !mails.allowed(user.email, 'verify_email', at)) return;
        mails.verifyEmail(user.email, lang, issueToken(user.id, 'verify', at), at);
      });
    },

    /**
     * Spends a verification token (and any other the account still has). A link of an account that is
     * verified already (this link used before, a newer one, a password reset) says so: only the
     * address's inbox ever held the token, so the answer tells a stranger nothing.
     */
    verifyEmail(token: string): 'verified' | 'already_verified' | 'invalid' {
      const hash = tokenHash(token);
      return inTransaction(() => {
        const at = now().toISOString();
        const userId = store.tokenUser(hash, 'verify', at);
        if (userId === undefined || !store.useToken(hash, 'verify', at)) {
          const stored = store.storedToken(hash, 'verify');
          return stored && store.userById(stored.user_id)?.verified_at ? 'already_verified' : 'invalid';
        }
        store.useTokensOf(userId, 'verify', at);
        store.markVerified(userId, at);
        logger.info({ userId }, 'email verified');
        return 'verified';
      });
    },

    async login(input: { email: string; password: string }, client: LoginClient): Promise<LoginResult> {
      const user = store.userByEmail(input.email);
      const check = await checkPassword(user, input.email, input.password, client);
      if (!check.ok)
        return check.locked ? { ok: false, error: 'too_many_attempts', retryAfter: check.retryAfter } : { ok: false, error: 'invalid_credentials' };

      const current = store.userById(user!.id)!;
      if (needsRehash(current.password_hash)) store.replaceHash(current.id, current.password_hash, await passwords.hash(input.password));
      // Only someone who knows the password learns that the address is not verified yet.
      if (current.verified_at === null) return { ok: false, error: 'not_verified' };

      const at = now();
      const token = newToken();
      const expiresAt = later(at, SESSION_MS);
      store.addSession({ hash: tokenHash(token), userId: current.id, expiresAt }, at.toISOString());
      logger.info({ userId: current.id }, 'signed in');
      return { ok: true, session: { token, expiresAt, user: toAccountUser(current) } };
    },

    logout(token: string): void {
      store.deleteSession(tokenHash(token));
    },

    /** A reset link for any account (verified or not); nothing for an unknown address. */
    requestPasswordReset(lang: Locale, email: string): void {
      inTransaction(() => {
        const at = now();
        const user = store.userByEmail(email);
        if (!user || !mails.allowed(user.email, 'password_reset', at)) return;
        mails.passwordReset(user.email, lang, issueToken(user.id, 'reset', at), at);
      });
    },

    /** What a reset link can still do, spending nothing: its page says so before a password is typed. */
    resetLinkStatus(token: string): ResetLinkState {
      const hash = tokenHash(token);
      return store.tokenUser(hash, 'reset', now().toISOString()) === undefined ? unusableReset(hash) : 'usable';
    },

    /**
     * Sets a new password with a reset token. It also verifies the address (the link reached its
     * inbox), lets the client that reset it sign in without waiting, spends every other token and
     * ends every session: whoever held the old password is out.
     */
    async confirmPasswordReset(lang: Locale, input: { token: string; password: string }, client: LoginClient): Promise<ResetOutcome> {
      const hash = tokenHash(input.token);
      // Checked before the slow hash, so invalid tokens cost nothing; checked again when spent.
      if (store.tokenUser(hash, 'reset', now().toISOString()) === undefined) return unusableReset(hash);
      const passwordHash = await passwords.hash(input.password);
      return inTransaction(() => {
        const at = now();
        const iso = at.toISOString();
        const userId = store.tokenUser(hash, 'reset', iso);
        if (userId === undefined || !store.useToken(hash, 'reset', iso)) return unusableReset(hash);
        const user = store.userById(userId)!;
        store.useTokensOf(userId, 'reset', iso);
        store.useTokensOf(userId, 'verify', iso);
        store.setPassword(userId, passwordHash);
        store.markVerified(userId, iso);
        gate.clearPair(limitKeys(user.email, client.address));
        store.deleteSessionsOf(userId);
        mails.passwordChanged(user.email, lang, at);
        logger.info({ userId }, 'password reset');
        return 'changed';
      });
    },

    /**
     * A single-use grant that a form posted now comes from this signed-in account: the BFF sends it
     * with the submission (see `confirmedEmail`).
     */
    submissionGrant({ user }: SignedIn): string {
      const token = newToken();
      const at = now();
      store.addSubmissionGrant({ hash: tokenHash(token), userId: user.id, expiresAt: later(at, SUBMISSION_GRANT_MS) }, at.toISOString());
      return token;
    },

    /**
     * Spends a submission grant and names the address it confirms: the account's, when the account
     * is verified; undefined for a grant that is unknown, spent or expired. Runs in the caller's
     * transaction (the one that stores the submission).
     */
    confirmedEmail(grant: string, at: Date): string | undefined {
      const userId = store.spendSubmissionGrant(tokenHash(grant), at.toISOString());
      const user = userId === undefined ? undefined : store.userById(userId);
      return user?.verified_at ? user.email : undefined;
    },

    /** The signed-in user of a session token, unless the session is unknown or expired. */
    signedIn(token: string): SignedIn | undefined {
      const sessionHash = tokenHash(token);
      const user = store.sessionUser(sessionHash, now().toISOString());
      return user && { user, sessionHash };
    },

    account(user: UserRow): AccountUser {
      return toAccountUser(user);
    },

    updateProfile(user: UserRow, profile: Profile): AccountUser {
      store.updateProfile(user.id, profile);
      return toAccountUser(store.userById(user.id)!);
    },

    /**
     * Checks the current password (under the same limits as the login: a stolen session must not
     * become a way to guess the password), then ends every other session of the user.
     */
    async changePassword(
      lang: Locale,
      { user, sessionHash }: SignedIn,
      input: { currentPassword: string; newPassword: string },
      client: LoginClient,
    ): Promise<PasswordChangeResult> {
      const check = await checkPassword(user, user.email, input.currentPassword, { address: client.address });
      if (!check.ok) return check.locked ? { ok: false, error: 'too_many_attempts', retryAfter: check.retryAfter } : { ok: false, error: 'wrong_password' };
      const passwordHash = await passwords.hash(input.newPassword);
      inTransaction(() => {
        const at = now();
        store.setPassword(user.id, passwordHash);
        store.deleteSessionsOf(user.id, sessionHash);
        mails.passwordChanged(user.email, lang, at);
      });
      logger.info({ userId: user.id }, 'password changed');
      return { ok: true };
    },

    exportData(user: UserRow): AccountExport {
      return rights.exportOf(user, now());
    },

    /**
     * Checks the password (under the login limits, as a password change does), then erases the
     * account in one transaction (data-rights.ts): its sessions end with it.
     */
    async deleteAccount({ user }: SignedIn, password: string, client: LoginClient): Promise<AccountDeleteResult> {
      const check = await checkPassword(user, user.email, password, { address: client.address });
      if (!check.ok) return check.locked ? { ok: false, error: 'too_many_attempts', retryAfter: check.retryAfter } : { ok: false, error: 'wrong_password' };
      inTransaction(() => {
        // Read again: the profile may have changed while the password was checked.
        const current = store.userById(user.id);
        if (current) rights.eraseAccount(current);
      });
      logger.info({ userId: user.id }, 'account deleted');
      return { ok: true };
    },
  };
}
