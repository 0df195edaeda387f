import type { AccountUser } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';
import type { Attempts } from './login-attempts';

/** The account tables (users, user_tokens, sessions, login_throttle): every statement, nothing else. */

export type TokenKind = 'verify' | 'reset';

export type UserRow = {
  id: number;
  email: string;
  password_hash: string;
  name: string;
  phone: string;
  street_address: string;
  postal_code: string;
  town: string;
  locale: Locale;
  verified_at: string | null;
  created_at: string;
  failed_logins: number;
  locked_until: string | null;
};

export type Profile = Pick<AccountUser, 'name' | 'phone' | 'streetAddress' | 'postalCode' | 'town'>;

export function toAccountUser(row: UserRow): AccountUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    streetAddress: row.street_address,
    postalCode: row.postal_code,
    town: row.town,
    createdAt: row.created_at,
  };
}

export type AccountStore = ReturnType<typeof accountStore>;

export function accountStore(db: Db) {
  const userByEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const userById = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const insertUser = db.prepare<
    { email: string; passwordHash: string; name: string; locale: Locale; now: string },
    { id: number }
  >(`INSERT INTO users (email, password_hash, name, locale, created_at) VALUES (@email, @passwordHash, @name, @locale, @now)
     ON CONFLICT (email) DO NOTHING RETURNING id`);
  const setAttempts = db.prepare<{ id: number; failedLogins: number; lockedUntil: string | null }>(
    'UPDATE users SET failed_logins = @failedLogins, locked_until = @lockedUntil WHERE id = @id',
  );
  const setPassword = db.prepare<{ id: number; passwordHash: string }>('UPDATE users SET password_hash = @passwordHash WHERE id = @id');
  const replaceHash = db.prepare<{ id: number; old: string; passwordHash: string }>(
    'UPDATE users SET password_hash = @passwordHash WHERE id = @id AND password_hash = @old',
  );
  const markVerified = db.prepare<{ id: number; now: string }>(
    'UPDATE users SET verified_at = coalesce(verified_at, @now) WHERE id = @id',
  );
  const updateProfile = db.prepare<Profile & { id: number }>(
    `UPDATE users SET name = @name, phone = @phone, street_address = @streetAddress, postal_code = @postalCode, town = @town
     WHERE id = @id`,
  );

  const throttleByHash = db.prepare<[string], { failed_logins: number; locked_until: string | null }>(
    'SELECT failed_logins, locked_until FROM login_throttle WHERE email_hash = ?',
  );
  const setThrottle = db.prepare<{ hash: string; failedLogins: number; lockedUntil: string | null; now: string }>(
    `INSERT INTO login_throttle (email_hash, failed_logins, locked_until, updated_at) VALUES (@hash, @failedLogins, @lockedUntil, @now)
     ON CONFLICT (email_hash) DO UPDATE SET failed_logins = excluded.failed_logins, locked_until = excluded.locked_until,
       updated_at = excluded.updated_at`,
  );

  const insertToken = db.prepare<{ hash: string; userId: number; kind: TokenKind; now: string; expiresAt: string }>(
    `INSERT INTO user_tokens (token_hash, user_id, kind, created_at, expires_at) VALUES (@hash, @userId, @kind, @now, @expiresAt)`,
  );
  const validToken = db.prepare<{ hash: string; kind: TokenKind; now: string }, { user_id: number }>(
    'SELECT user_id FROM user_tokens WHERE token_hash = @hash AND kind = @kind AND used_at IS NULL AND expires_at > @now',
  );
  const useToken = db.prepare<{ hash: string; kind: TokenKind; now: string }>(
    'UPDATE user_tokens SET used_at = @now WHERE token_hash = @hash AND kind = @kind AND used_at IS NULL AND expires_at > @now',
  );
  const useTokensOf = db.prepare<{ userId: number; kind: TokenKind; now: string }>(
    'UPDATE user_tokens SET used_at = @now WHERE user_id = @userId AND kind = @kind AND used_at IS NULL',
  );

  const insertSession = db.prepare<{ hash: string; userId: number; now: string; expiresAt: string }>(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (@hash, @userId, @now, @expiresAt)',
  );
  const sessionUser = db.prepare<{ hash: string; now: string }, UserRow>(
    'SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = @hash AND s.expires_at > @now',
  );
  const deleteSession = db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?');
  const deleteSessionsOf = db.prepare<{ userId: number; keep: string | null }>(
    'DELETE FROM sessions WHERE user_id = @userId AND token_hash IS NOT @keep',
  );

  return {
    userByEmail: (email: string) => userByEmail.get(email),
    userById: (id: number) => userById.get(id),
    /** The new user's id, or undefined when the address already has an account (a registration race). */
    createUser: (user: { email: string; passwordHash: string; name: string; locale: Locale }, now: string) =>
      insertUser.get({ ...user, now })?.id,
    userAttempts: (id: number): Attempts | undefined => {
      const row = userById.get(id);
      return row && { failedLogins: row.failed_logins, lockedUntil: row.locked_until };
    },
    setUserAttempts: (id: number, attempts: Attempts) => void setAttempts.run({ id, ...attempts }),
    setPassword: (id: number, passwordHash: string) => void setPassword.run({ id, passwordHash }),
    /** Swaps a hash for a stronger one of the same password, unless the password changed meanwhile. */
    replaceHash: (id: number, old: string, passwordHash: string) => void replaceHash.run({ id, old, passwordHash }),
    markVerified: (id: number, now: string) => void markVerified.run({ id, now }),
    updateProfile: (id: number, profile: Profile) => void updateProfile.run({ id, ...profile }),

    throttleAttempts: (hash: string): Attempts => {
      const row = throttleByHash.get(hash);
      return row ? { failedLogins: row.failed_logins, lockedUntil: row.locked_until } : { failedLogins: 0, lockedUntil: null };
    },
    setThrottleAttempts: (hash: string, attempts: Attempts, now: string) => void setThrottle.run({ hash, ...attempts, now }),

    addToken: (token: { hash: string; userId: number; kind: TokenKind; expiresAt: string }, now: string) =>
      void insertToken.run({ ...token, now }),
    /** The user a token belongs to, if it is of this kind, unused and unexpired. */
    tokenUser: (hash: string, kind: TokenKind, now: string) => validToken.get({ hash, kind, now })?.user_id,
    /** Spends a token; false when it was spent (or ran out) in the meantime. */
    useToken: (hash: string, kind: TokenKind, now: string) => useToken.run({ hash, kind, now }).changes === 1,
    useTokensOf: (userId: number, kind: TokenKind, now: string) => void useTokensOf.run({ userId, kind, now }),

    addSession: (session: { hash: string; userId: number; expiresAt: string }, now: string) => void insertSession.run({ ...session, now }),
    sessionUser: (hash: string, now: string) => sessionUser.get({ hash, now }),
    deleteSession: (hash: string) => void deleteSession.run(hash),
    /** Ends every session of a user, except `keep` (a session token hash) when given. */
    deleteSessionsOf: (userId: number, keep: string | null = null) => void deleteSessionsOf.run({ userId, keep }),
  };
}
