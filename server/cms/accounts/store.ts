import type { AccountUser } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { Db } from '../db';

/** The account tables (users, user_tokens, unlock_tokens, sessions; login_limits: limited-password-check.ts): every statement, nothing else. */

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
  const setPassword = db.prepare<{ id: number; passwordHash: string }>('UPDATE users SET password_hash = @passwordHash WHERE id = @id');
  const replaceHash = db.prepare<{ id: number; old: string; passwordHash: string }>(
    'UPDATE users SET password_hash = @passwordHash WHERE id = @id AND password_hash = @old',
  );
  const markVerified = db.prepare<{ id: number; now: string }>('UPDATE users SET verified_at = coalesce(verified_at, @now) WHERE id = @id');
  const updateProfile = db.prepare<Profile & { id: number }>(
    `UPDATE users SET name = @name, phone = @phone, street_address = @streetAddress, postal_code = @postalCode, town = @town
     WHERE id = @id`,
  );

  const insertUnlock = db.prepare<{ hash: string; userId: number; now: string; expiresAt: string }>(
    'INSERT INTO unlock_tokens (token_hash, user_id, created_at, expires_at) VALUES (@hash, @userId, @now, @expiresAt)',
  );
  const useUnlock = db.prepare<{ hash: string; userId: number; now: string }>(
    'UPDATE unlock_tokens SET used_at = @now WHERE token_hash = @hash AND user_id = @userId AND used_at IS NULL AND expires_at > @now',
  );

  const insertToken = db.prepare<{ hash: string; userId: number; kind: TokenKind; now: string; expiresAt: string }>(
    `INSERT INTO user_tokens (token_hash, user_id, kind, created_at, expires_at) VALUES (@hash, @userId, @kind, @now, @expiresAt)`,
  );
  const validToken = db.prepare<{ hash: string; kind: TokenKind; now: string }, { user_id: number }>(
    'SELECT user_id FROM user_tokens WHERE token_hash = @hash AND kind = @kind AND used_at IS NULL AND expires_at > @now',
  );
  const anyToken = db.prepare<{ hash: string; kind: TokenKind }, { user_id: number; used_at: string | null }>(
    'SELECT user_id, used_at FROM user_tokens WHERE token_hash = @hash AND kind = @kind',
  );
  const useToken = db.prepare<{ hash: string; kind: TokenKind; now: string }>(
    'UPDATE user_tokens SET used_at = @now WHERE token_hash = @hash AND kind = @kind AND used_at IS NULL AND expires_at > @now',
  );
  const useTokensOf = db.prepare<{ userId: number; kind: TokenKind; now: string }>(
    'UPDATE user_tokens SET used_at = @now WHERE user_id = @userId AND kind = @kind AND used_at IS NULL',
  );

  const insertGrant = db.prepare<{ hash: string; userId: number; now: string; expiresAt: string }>(
    'INSERT INTO submission_grants (token_hash, user_id, created_at, expires_at) VALUES (@hash, @userId, @now, @expiresAt)',
  );
  const spendGrant = db.prepare<{ hash: string; now: string }, { user_id: number }>(
    `UPDATE submission_grants SET used_at = @now WHERE token_hash = @hash AND used_at IS NULL AND expires_at > @now RETURNING user_id`,
  );

  const insertSession = db.prepare<{ hash: string; userId: number; now: string; expiresAt: string }>(
    'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (@hash, @userId, @now, @expiresAt)',
  );
  const sessionUser = db.prepare<{ hash: string; now: string }, UserRow>(
    'SELECT u.* FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = @hash AND s.expires_at > @now',
  );
  const deleteSession = db.prepare<[string]>('DELETE FROM sessions WHERE token_hash = ?');
  const deleteSessionsOf = db.prepare<{ userId: number; keep: string | null }>('DELETE FROM sessions WHERE user_id = @userId AND token_hash IS NOT @keep');

  return {
    userByEmail: (email: string) => userByEmail.get(email),
    userById: (id: number) => userById.get(id),
    /** The new user's id, or undefined when the address already has an account (a registration race). */
    createUser: (user: { email: string; passwordHash: string; name: string; locale: Locale }, now: string) => insertUser.get({ ...user, now })?.id,
    setPassword: (id: number, passwordHash: string) => void setPassword.run({ id, passwordHash }),
    /** Swaps a hash for a stronger one of the same password, unless the password changed meanwhile. */
    replaceHash: (id: number, old: string, passwordHash: string) => void replaceHash.run({ id, old, passwordHash }),
    markVerified: (id: number, now: string) => void markVerified.run({ id, now }),
    updateProfile: (id: number, profile: Profile) => void updateProfile.run({ id, ...profile }),

    addUnlockToken: (token: { hash: string; userId: number; expiresAt: string }, now: string) => void insertUnlock.run({ ...token, now }),
    /** Spends an unlock token of this user; false when it is unknown, someone else's, spent or expired. */
    useUnlockToken: (hash: string, userId: number, now: string) => useUnlock.run({ hash, userId, now }).changes === 1,

    addToken: (token: { hash: string; userId: number; kind: TokenKind; expiresAt: string }, now: string) => void insertToken.run({ ...token, now }),
    /** The user a token belongs to, if it is of this kind, unused and unexpired. */
    tokenUser: (hash: string, kind: TokenKind, now: string) => validToken.get({ hash, kind, now })?.user_id,
    /**
     * A token of this kind as stored, spent or expired too (they are kept a day past their expiry):
     * what a link used twice did, to say so.
     */
    storedToken: (hash: string, kind: TokenKind) => anyToken.get({ hash, kind }),
    /** Spends a token; false when it was spent (or ran out) in the meantime. */
    useToken: (hash: string, kind: TokenKind, now: string) => useToken.run({ hash, kind, now }).changes === 1,
    useTokensOf: (userId: number, kind: TokenKind, now: string) => void useTokensOf.run({ userId, kind, now }),

    addSubmissionGrant: (grant: { hash: string; userId: number; expiresAt: string }, now: string) => void insertGrant.run({ ...grant, now }),
    /** Spends a submission grant: its user, or undefined when it is unknown, spent or expired. */
    spendSubmissionGrant: (hash: string, now: string) => spendGrant.get({ hash, now })?.user_id,

    addSession: (session: { hash: string; userId: number; expiresAt: string }, now: string) => void insertSession.run({ ...session, now }),
    sessionUser: (hash: string, now: string) => sessionUser.get({ hash, now }),
    deleteSession: (hash: string) => void deleteSession.run(hash),
    /** Ends every session of a user, except `keep` (a session token hash) when given. */
    deleteSessionsOf: (userId: number, keep: string | null = null) => void deleteSessionsOf.run({ userId, keep }),
  };
}
